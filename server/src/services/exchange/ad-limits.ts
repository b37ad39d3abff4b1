/**
 * The bounds of a ticket ad and of a message to its placer. Plain values without imports: the server's schemas
 * and the site's forms both read them, so the browser's checks and the server's cannot drift apart.
 */
export const ticketAdKinds = ['offer', 'search'] as const;
export type TicketAdKind = (typeof ticketAdKinds)[number];
export const isTicketAdKind = (value: unknown): value is TicketAdKind => (ticketAdKinds as readonly unknown[]).includes(value);

export const adLimits = {
  minQuantity: 1,
  maxQuantity: 10,
  messageLength: 500,
  nameLength: 100,
  emailLength: 254,
  contactMessageLength: 2000,
  /** Highest price a form accepts at all, euro cents (the category's price is the real ceiling). */
  maxPriceCents: 10_000_000,
  /** How long a confirmation link works. */
  confirmHours: 48,
} as const;

/** Deliberately loose (one @, a dot in the domain, no spaces): the confirmation mail itself proves the address. */
export const emailPattern = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const emailShape = new RegExp(emailPattern);
export const isEmailAddress = (value: string) => value.length <= adLimits.emailLength && emailShape.test(value);
