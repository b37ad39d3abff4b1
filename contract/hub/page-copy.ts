/**
 * A page copied as a new offline page (`POST …/hub/pages/{id}/copy/`, ADR 088): which of the page's languages go
 * with it, and optionally each copied language's title and another parent. The server answers 201 with the new
 * page's record (records.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Locale } from '../locales';
import { LocaleSchema } from '../schemas/content';
import { DbId } from '../schemas/requests';

/** A page title's bound (schemas/content-input.ts). */
const maxTitle = 200;
/** A copy's title: a page title's bounds. */
const TitleSchema = Type.String({ minLength: 1, maxLength: maxTitle });

export const PageCopyBodySchema = Type.Object(
  {
    /** The languages to copy: one or both, each one the page has. */
    locales: Type.Array(LocaleSchema, { minItems: 1, maxItems: 2, uniqueItems: true }),
    /** The copy's title per copied language; left out: "<title> (Kopie)" / "<title> (copy)". */
    titles: Type.Optional(Type.Object({ de: Type.Optional(TitleSchema), en: Type.Optional(TitleSchema) }, { additionalProperties: false })),
    /** The copy's parent (null: the top level); left out: the page's own parent. */
    parent_id: Type.Optional(Type.Union([DbId(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type PageCopyBody = Static<typeof PageCopyBodySchema>;

const copyWord: Record<Locale, string> = { de: 'Kopie', en: 'copy' };

/** A copy's title unless another is given: "<title> (Kopie)", the title shortened so the whole fits a title's bound. */
export function copyTitle(title: string, locale: Locale): string {
  const suffix = ` (${copyWord[locale]})`;
  return `${title.slice(0, maxTitle - suffix.length).trimEnd()}${suffix}`;
}
