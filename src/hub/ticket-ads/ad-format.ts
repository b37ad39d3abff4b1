/** How the ticket exchange's figures read in the hub: as on the site, in German. */
import { formatPrice } from '../../../contract/event-format';

/** `4000` → `40,00 €`; nothing for no amount. */
export const formatCents = (cents: number | null | undefined) => (typeof cents === 'number' ? formatPrice(cents, 'de') : '');
