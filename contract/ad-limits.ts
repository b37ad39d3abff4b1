/**
 * The bounds of a ticket ad and of a message to its placer. Plain values (the one import is the e-mail rule, equally
 * plain): the server's schemas and the site's forms both read them, so the browser's checks and the server's cannot drift apart.
 */
import { EMAIL_MAX_LENGTH } from './email-rule';

export const ticketAdKinds = ['offer', 'search'] as const;
export type TicketAdKind = (typeof ticketAdKinds)[number];
export const isTicketAdKind = (value: unknown): value is TicketAdKind => (ticketAdKinds as readonly unknown[]).includes(value);

export const adLimits = {
  minQuantity: 1,
  maxQuantity: 10,
  messageLength: 500,
  nameLength: 100,
  emailLength: EMAIL_MAX_LENGTH,
  contactMessageLength: 2000,
  /** Highest price a form accepts at all, euro cents (the category's price is the real ceiling). */
  maxPriceCents: 10_000_000,
  /** How long a confirmation link works. */
  confirmHours: 48,
} as const;
