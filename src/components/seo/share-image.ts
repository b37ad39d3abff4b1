/**
 * The site's own share image (docs/decisions/076): what a link preview shows for a page without an image of its
 * own (the lists, the forms, search). Drawn by scripts/make-icons.ts into static/ in the size link previews ask
 * for, 1200 × 630 (1.91 : 1).
 */
export const siteShareImage = { path: '/share-image.png', width: 1200, height: 630, type: 'image/png', alt: 'Konzertfreunde Freiburg e. V.' } as const;
