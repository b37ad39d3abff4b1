/**
 * The site's navigation in the hub (ADR 020), for every staff member: per locale the main menu (order,
 * highlight, burger flag, one level of children, as the site's header draws them) and the footer links. Like the
 * settings it is one document per locale, not records with ids, so two calls beside the resource factory:
 *
 *   GET  /{locale}/pageeditor-api/hub/navigation/{navLocale}/   `{ menu, footer }` in the shape the write takes
 *   POST /{locale}/pageeditor-api/hub/navigation/{navLocale}/   replaces both lists → 200 with them as stored
 *
 * Staff only, CSRF on the write. The body is checked strictly (unknown fields, empty titles, bad links and a
 * second level of children are refused with 400 naming the field, e.g. `body.menu.2.title`) before anything is
 * written; the write goes through replaceNavigation, which logs the change with the staff member as author, so the
 * publish queue rebuilds every page (they all show the menu and footer).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { asAuthor } from '../../db/repositories/change-log';
import { readStoredNavigation, replaceNavigation } from '../../db/repositories/navigation';
import { ErrorSchema, LocaleSchema, type NavItem } from '../../../../contract/schemas/content';
import { type Locale } from '../../../../contract/locales';
import { HubNavigationSchema, type HubNavigation } from '../../../../contract/hub/navigation';
import type { RouteOptions } from '../../routes/route-options';

/** What guard-like checks and admin_menus call this section. */
export const navigationSection = { key: 'navigation', role: 'editor' } as const;

export type { HubNavigation };

const ParamsSchema = Type.Object({ locale: LocaleSchema, navLocale: LocaleSchema });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/**
 * A locale's navigation in the write's shape, a picked page or event as its reference (`page:12`, ADR 038), so the
 * form shows what was picked and a save keeps it. Children below the first level (the site draws none) are left out;
 * whether a footer link opens in a new tab follows from its url (absolute http(s) links do), as on a write.
 */
export async function readHubNavigation(db: Db, locale: Locale): Promise<HubNavigation> {
  const { menu, footer } = await readStoredNavigation(db, locale);
  const item = ({ title, url, is_highlight, in_burger_menu }: NavItem) => ({ title, url, is_highlight, in_burger_menu });
  return {
    menu: menu.map((entry) => ({ ...item(entry), children: entry.children.map(item) })),
    footer: footer.map(({ title, url }) => ({ title, url })),
  };
}

const navigationRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { db }) => {
  const path = `/:locale/pageeditor-api/hub/${navigationSection.key}/:navLocale/`;

  app.get(path, { config: { staff: true }, schema: { params: ParamsSchema, response: { 200: HubNavigationSchema, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return readHubNavigation(db, request.params.navLocale);
  });

  app.post(
    path,
    { config: { staff: true, csrf: true }, schema: { params: ParamsSchema, body: HubNavigationSchema, response: { 200: HubNavigationSchema, ...errors } } },
    async (request) => {
      const { navLocale } = request.params;
      const { menu, footer } = request.body;
      await asAuthor(request.staff?.id ?? null, () => replaceNavigation(db, navLocale, { menu, footer }, 'body'));
      return readHubNavigation(db, navLocale);
    },
  );
};

export default navigationRoutes;
