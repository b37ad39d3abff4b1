import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema, SettingsSchema } from '../../../contract/schemas/content';
import { LocaleParamsSchema } from '../../../contract/schemas/requests';
import { readSettings } from '../db/repositories/settings';
import { ContentNotFoundError } from '../db/errors';
import type { RouteOptions } from './route-options';

/** `GET /{locale}/api/settings/`: address, phone, phone hours and info e-mail for the footer. */
const settingsRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const schema = { params: LocaleParamsSchema, response: { 200: SettingsSchema, 400: ErrorSchema, 404: ErrorSchema } };
  app.get('/:locale/api/settings/', { schema }, async (request) => {
    const settings = await readSettings(db, request.params.locale);
    if (!settings) throw new ContentNotFoundError('Settings not found');
    return settings;
  });
};

export default settingsRoutes;
