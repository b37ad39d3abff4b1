/**
 * A saved moment as the editor shows it (a version, a kept draft), in the site's time zone. Its own file so the
 * header and the dialogs it opens do not import each other.
 */
import { siteTimeZone } from '../../contract/berlin-time';

export const formatWhen = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: siteTimeZone }).format(new Date(iso));
