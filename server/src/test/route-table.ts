/**
 * The route table as the route matrices see it (ADR 029; ADR 033's refusal walk too): every registered route with
 * its config and body schema, placed by kind (plugins/staff.ts `staff`, plugins/csrf.ts `csrf`,
 * plugins/public-writes.ts `publicWrite`, plugins/probes.ts `probe`; the admin sections of contract/admin-menus.ts),
 * its URL filled in and a body that passes its schema.
 */
import type { TSchema } from '@sinclair/typebox';
import type { FastifyContextConfig, FastifyInstance, HTTPMethods } from 'fastify';
import { adminMenusFor } from '../../../contract/admin-menus';

export type Kind =
  | 'public read'
  | 'staff read'
  | 'admin read'
  | 'staff write'
  | 'admin write'
  | 'public write'
  | 'consent write'
  | 'session write'
  | 'signed webhook'
  | 'form post'
  | 'link write'
  | 'probe';

export interface Route {
  method: string;
  url: string;
  config: FastifyContextConfig;
  body: TSchema | undefined;
}

export const unsafe = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/** Hub sections (`/{locale}/pageeditor-api/hub/<key>/…`) an editor does not get: administrators only. */
const editorKeys = new Set(adminMenusFor('editor', 'de').map((menu) => menu.key));
const adminKeys = adminMenusFor('admin', 'de')
  .map((menu) => menu.key)
  .filter((key) => !editorKeys.has(key));
const isAdminPath = (url: string) => adminKeys.some((key) => url === `/:locale/pageeditor-api/hub/${key}` || url.startsWith(`/:locale/pageeditor-api/hub/${key}/`));

/** Writes that guard themselves another way than the route config says, and how; each is checked below. */
const selfGuarded: Record<string, Kind> = {
  'POST /:locale/pageeditor-api/login': 'session write',
  'POST /:locale/pageeditor-api/logout': 'session write',
  'POST /api/publish/netlify-deploy': 'signed webhook',
  // A form sent without script: no header can carry a CSRF token, so the site's Origin stands in (ADR 071, 072).
  'POST /:locale/api/forms/:slug': 'form post',
  'POST /:locale/api/newsletter': 'form post',
  // The links from a mail: the link's secret token proves a person, so no form token is asked for (ADR 074).
  'POST /:locale/api/exchange/ads/confirm': 'link write',
  'POST /:locale/api/exchange/ads/withdraw': 'link write',
};

/** Where a route belongs, or why it cannot be placed. */
export function classify(route: Route): Kind | string {
  const { method, url, config } = route;
  const key = `${method} ${url}`;
  if (config.probe) return unsafe(method) || config.staff ? `${key}: a probe must be a read for anybody` : 'probe';
  if (!unsafe(method)) {
    if (!config.staff) return isAdminPath(url) ? `${key}: an admin path without the staff guard` : 'public read';
    return isAdminPath(url) ? 'admin read' : 'staff read';
  }
  if (config.staff) {
    if (!config.csrf) return `${key}: a staff write without the CSRF check`;
    return isAdminPath(url) ? 'admin write' : 'staff write';
  }
  if (config.publicWrite) {
    if (config.publicWrite.botCheck === false) {
      if (!config.csrf) return 'consent write';
      return selfGuarded[key] === 'link write' ? 'link write' : `${key}: botCheck false with CSRF is not a known kind`;
    }
    if (!config.csrf && selfGuarded[key] === 'form post') return 'form post';
    return config.csrf ? 'public write' : `${key}: a public write without the CSRF check`;
  }
  const known = selfGuarded[key];
  if (known === 'session write' && !config.csrf) return `${key}: login/logout without the CSRF check`;
  return known ?? `${key}: an unsafe route that is neither staff, public write nor a known self-guarded one`;
}

/** The route's URL with its parameters filled in (the records need not exist: every guard comes first). */
export const concrete = (url: string) =>
  url
    .replace(':locale', 'de')
    .replace(/:(settingsLocale|navLocale)/g, 'de')
    .replace(/:[A-Za-z]+/g, '1')
    .replace(/\*$/, 'x') + '/';

/** Strings tried against a schema's pattern, first fit wins: e-mail, path, slug, link token (43), date-time. */
const patternSamples = ['a@example.org', '/a-path', 'a-slug', 'A'.repeat(43), '2026-12-01T10:00:00Z', 'x'];

/** A value a JSON schema takes (enough of one for the schemas of this server's bodies). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON schema's keywords hold any value
export function sample(schema: Record<string, any>): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const first = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(first)) return sample(first[0]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((part: Record<string, any>) => sample(part)));
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of (schema.required as string[] | undefined) ?? []) out[name] = sample(schema.properties?.[name] ?? {});
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
    case 'string':
      if (schema.pattern !== undefined) {
        const fits = patternSamples.find((candidate) => new RegExp(schema.pattern, 'u').test(candidate) && candidate.length >= (schema.minLength ?? 0));
        if (fits !== undefined) return fits;
      }
      if (schema.format === 'email') return 'a@example.org';
      if (schema.format === 'date') return '2026-12-01';
      if (schema.format === 'date-time') return '2026-12-01T10:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.org/';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** A body that passes the route's schema, so the guard under test (not validation) answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as sample() takes it
export const validBody = (route: Route) => (route.body ? sample(route.body as Record<string, any>) : undefined);

export const normal = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url);

/** Collects every route registered after it into `routes` (Fastify's `onRoute` hook). */
export function collectRoutes(app: FastifyInstance, routes: Route[]) {
  app.addHook('onRoute', (options) => {
    const methods = [options.method].flat() as HTTPMethods[];
    for (const method of methods) {
      routes.push({ method, url: normal(options.url), config: (options.config ?? {}) as FastifyContextConfig, body: options.schema?.body as TSchema | undefined });
    }
  });
}
