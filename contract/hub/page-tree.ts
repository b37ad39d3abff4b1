/** The hub's page tree (`GET …/hub/pages/tree/`, ADR 017): every page in one answer, in the order it is drawn. */
import { Type, type Static } from '@sinclair/typebox';
import { LocaleSchema } from '../schemas/content';
import { PageRowSchema } from './rows';

/**
 * A page of the tree: the list's row without its change time, with how deep it sits (0 at the top) and its language
 * whose sections are older than the other's (ADR 083), if either is.
 */
export const PageTreeRowSchema = Type.Object({
  ...Type.Omit(PageRowSchema, ['updated_at']).properties,
  depth: Type.Integer(),
  translation_older: Type.Optional(Type.Union([LocaleSchema, Type.Null()])),
});

/** Depth first, siblings by position: a page follows its parent. */
export const PageTreeSchema = Type.Object({ count: Type.Integer(), results: Type.Array(PageTreeRowSchema) });

export type PageTree = Static<typeof PageTreeSchema>;
export type PageTreeRow = Static<typeof PageTreeRowSchema>;
