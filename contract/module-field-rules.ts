/**
 * Rules of a module's fields that the editor checks before saving and the server checks on the write (docs/product.md,
 * Validation; server/src/services/module-rules.ts and src/editor/module-rules.ts). Kept here once, so the editor never
 * accepts what the server then refuses, nor the other way round. Plain code: the browser bundles it.
 */

/** The headline levels an editor may choose: `h1` is the page's own title. */
export const headlineLevels = [2, 3, 4, 5, 6] as const;

/** The longest text of a full teaser (docs/product.md, Module rules), in characters. */
export const teaserTextMax = 256;

/** A module's anchor (`#anchor` on the page): a letter, then letters, digits, `-` and `_`. */
export const anchorPattern = /^[a-z][a-z0-9_-]*$/i;

/**
 * Rich text counts as empty when it holds no visible character (`<p></p>`, `<p>&nbsp;</p>`, `<p><br></p>`): a
 * required rich-text field then counts as unfilled. Tags are dropped and a no-break space counts as a space.
 */
export const isBlankHtml = (html: string): boolean =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim() === '';
