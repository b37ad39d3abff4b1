/**
 * Every call of the staff hub (ADR 016, 047), registered in one place: the resource factory's five calls (and actions)
 * for each resource of ./definitions.ts, and the calls that are not one record of a list, one plugin each under
 * ./routes/: the dashboard, the CSV exports, the form entries' files, the series an event is in, the settings, the page tree and versions, the media uploads, the
 * navigation and the scheduled changes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RouteOptions } from '../routes/route-options';
import { hubResources } from './definitions';
import { resourceRoutes } from './resource';
import csvExportRoutes from './routes/csv-export-routes';
import dashboardRoutes from './routes/dashboard-routes';
import eventRoutes from './routes/event-routes';
import formEntryFileRoutes from './routes/form-entry-file-routes';
import mediaUploadRoutes from './routes/media-upload-routes';
import navigationRoutes from './routes/navigation-routes';
import pageRoutes from './routes/page-routes';
import previewLinkRoutes from './routes/preview-link-routes';
import scheduledRoutes from './routes/scheduled-routes';
import searchRoutes from './routes/search-routes';
import settingsRoutes from './routes/settings-routes';

const hubRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, options) => {
  await app.register(resourceRoutes(hubResources(options.config.dataDir)), options);
  for (const routes of [dashboardRoutes, csvExportRoutes, formEntryFileRoutes, eventRoutes, settingsRoutes, pageRoutes, mediaUploadRoutes, navigationRoutes, scheduledRoutes, previewLinkRoutes, searchRoutes]) {
    await app.register(routes, options);
  }
};

export default hubRoutes;
