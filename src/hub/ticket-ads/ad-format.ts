/** How the ticket exchange's figures read in the hub: as on the site, in the staff member's language (../hub-language.ts). */
import { formatPrice } from '../../../contract/event-format';
import { hubLanguage } from '../hub-language';

/** `4000` → `40,00 €` in German; nothing for no amount. */
export const formatCents = (cents: number | null | undefined) => (typeof cents === 'number' ? formatPrice(cents, hubLanguage()) : '');
