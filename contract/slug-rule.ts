/**
 * The one shape of a slug, the address part of a page, a section, an article, a category or a form: lowercase
 * letters and digits in runs joined by single hyphens (`konzertorte-4`). The server's schemas check it; the editor
 * builds section slugs that meet it. Plain values, so the editor's bundle takes them without the schemas.
 */
export const slugPattern = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
/** Ends a refusal's message (`… must be lowercase letters, digits and single hyphens`) and selects its code. */
export const slugDescription = 'lowercase letters, digits and single hyphens';
