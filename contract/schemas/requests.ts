/** Request shapes shared by several routes. */
import { Type } from '@sinclair/typebox';
import { LocaleSchema } from './content';
import { EMAIL_MAX_LENGTH, emailDescription, emailPattern } from '../email-rule';

export const LocaleParamsSchema = Type.Object({ locale: LocaleSchema });

/** A locale plus the rest of the URL path (Fastify's `*` parameter). */
export const LocaleWildcardParamsSchema = Type.Object({
  locale: LocaleSchema,
  '*': Type.String({ maxLength: 1000 }),
});

/** `/a//b/` → `a/b`: the path segments after the route prefix, without empty ones. */
export const cleanWildcard = (rest: string) => rest.split('/').filter(Boolean).join('/');

/**
 * The largest id, position or version the tables hold (PostgreSQL's `integer`). A request naming a larger number is
 * refused by its schema (400 naming the field) before PostgreSQL would fail on it with a 500; SQLite would merely
 * find nothing.
 */
export const MAX_DB_INTEGER = 2_147_483_647;
/** An id in an address, a query or a body. */
export const DbId = (options: { description?: string } = {}) => Type.Integer({ minimum: 1, maximum: MAX_DB_INTEGER, ...options });
/** A position, column or version number from 0. */
export const DbCount = (options: { description?: string } = {}) => Type.Integer({ minimum: 0, maximum: MAX_DB_INTEGER, ...options });

/** `?page=N` of a paged call (DRF-like, ADR 006). */
export const PageQuerySchema = Type.Integer({ minimum: 1, maximum: MAX_DB_INTEGER, description: 'a page number from 1' });

/**
 * An e-mail address in a body: the one rule (email-rule.ts, ADR 027) for the newsletter and the ticket exchange.
 * `description` ends the refusal's message; each call keeps the wording its clients know.
 */
export const emailSchema = (description = emailDescription) => Type.String({ maxLength: EMAIL_MAX_LENGTH, pattern: emailPattern, description });
