/**
 * The site settings in the hub (ADR 020), admin only: per locale the footer's contact details and the paths of the
 * legal pages. They are one row per locale, not records with ids, so they are two calls beside the resource
 * factory instead of a definition of it, under the same guards (staff, CSRF on the write, 403 to editors):
 *
 *   GET  /{locale}/pageeditor-api/hub/settings/                    both locales' settings: `{ de, en }`
 *   POST /{locale}/pageeditor-api/hub/settings/{settingsLocale}/   replaces one locale's → 200 with both
 *
 * The write goes through upsertSettings, which validates and logs it (with the admin as author), so the publish
 * queue rebuilds the pages showing them.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { asAuthor } from '../../db/repositories/change-log';
import { readSettings, upsertSettings } from '../../db/repositories/settings';
import { ErrorSchema, LocaleSchema, SettingsSchema, type Settings } from '../../../../contract/schemas/content';
import { locales } from '../../../../contract/locales';
import { SettingsInputSchema } from '../../../../contract/schemas/content-input';
import { LocaleParamsSchema } from '../../../../contract/schemas/requests';
import type { RouteOptions } from '../../routes/route-options';
import { guard } from '../resource';

/** What guard needs to refuse editors: the hub section `settings` is for administrators. */
export const settingsSection = { key: 'settings', role: 'admin' } as const;

const empty: Settings = { address: '', phone: '', phone_hours: '', info_email: '', imprint_url: '', privacy_url: '' };

const BothSettingsSchema = Type.Object({ de: SettingsSchema, en: SettingsSchema });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/** Both locales' settings; a locale never set answers empty texts, which its form then fills. */
async function readBoth(db: Db) {
  const [de, en] = await Promise.all(locales.map(async (locale) => (await readSettings(db, locale)) ?? empty));
  return { de, en };
}

const settingsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const base = `/:locale/pageeditor-api/hub/${settingsSection.key}/`;

  app.get(
    base,
    { config: { staff: true }, schema: { params: LocaleParamsSchema, response: { 200: BothSettingsSchema, ...errors } } },
    async (request) => {
      guard(settingsSection, request);
      return readBoth(db);
    },
  );

  app.post(
    `${base}:settingsLocale/`,
    {
      config: { staff: true, csrf: true },
      schema: {
        params: Type.Object({ locale: LocaleSchema, settingsLocale: LocaleSchema }),
        // Unknown fields are refused by name, as on the factory's writes.
        body: { ...SettingsInputSchema, additionalProperties: false },
        response: { 200: BothSettingsSchema, ...errors },
      },
    },
    async (request) => {
      guard(settingsSection, request);
      await asAuthor(request.staff?.id ?? null, () => upsertSettings(db, request.params.settingsLocale, request.body));
      return readBoth(db);
    },
  );
};

export default settingsRoutes;
