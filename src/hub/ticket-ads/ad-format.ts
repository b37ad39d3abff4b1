/** How the ticket exchange's figures read in the hub. */
const euros = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** `4000` → `40,00 €`; nothing for no amount. */
export const formatCents = (cents: number | null | undefined) => (typeof cents === 'number' ? euros.format(cents / 100) : '');
