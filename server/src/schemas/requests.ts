/** Request shapes shared by several routes. */
import { Type } from '@sinclair/typebox';
import { LocaleSchema } from './content';

export const LocaleParamsSchema = Type.Object({ locale: LocaleSchema });

/** A locale plus the rest of the URL path (Fastify's `*` parameter). */
export const LocaleWildcardParamsSchema = Type.Object({
  locale: LocaleSchema,
  '*': Type.String({ maxLength: 1000 }),
});

/** `/a//b/` → `a/b`: the path segments after the route prefix, without empty ones. */
export const cleanWildcard = (rest: string) => rest.split('/').filter(Boolean).join('/');

/** `?page=N` of a paged call (DRF-like, ADR 006). */
export const PageQuerySchema = Type.Integer({ minimum: 1, description: 'a page number from 1' });
