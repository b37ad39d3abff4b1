/**
 * A saved moment as the editor shows it (a version, a kept draft), in the site's time zone: the contract's one
 * format for it. Its own file so the header and the dialogs it opens do not import each other.
 */
import { formatMoment } from '../../contract/event-format';
import type { Locale } from '../../contract/locales';

export const formatWhen = (iso: string, locale: Locale) => formatMoment(iso, locale);
