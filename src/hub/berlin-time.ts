/**
 * Instants as the hub shows them: in Berlin time (docs/product.md, Constants), whatever the staff member's own time
 * zone, and in the hub's language (the staff member's own, German unless they chose English: ADR 061). The rules
 * themselves are the contract's (contract/berlin-time.ts and
 * contract/event-format.ts), shared with the editor and the server's messages.
 */
import { formatMoment } from '../../contract/event-format';
import { hubLanguage } from './hub-language';

/** `2026-11-28T18:30:00.000Z` → `28.11.2026, 19:30` in German (Berlin); unreadable text as it is. */
export const formatBerlin = (iso: string | null | undefined): string => formatMoment(iso, hubLanguage());
