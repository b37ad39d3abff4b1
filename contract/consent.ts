/**
 * The cookie banner's categories and the actions of its log, shared by the site's cookie manager
 * (src/lib/consent/) and the server's consent log (routes/consent.ts), so the two cannot drift apart.
 * `required` (the cookies the site needs) cannot be refused.
 */
export const consentCategories = ['required', 'tracking', 'media', 'marketing'] as const;
export type ConsentCategory = (typeof consentCategories)[number];

/** first: the banner's first answer; change: new settings later; withdraw: consent taken back (only `required` left). */
export const consentActions = ['first', 'change', 'withdraw'] as const;
export type ConsentAction = (typeof consentActions)[number];
