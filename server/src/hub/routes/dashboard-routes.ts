import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { readFeedState } from '../../db/repositories/change-log';
import { errorGroupsSince, resolveErrorGroup } from '../../db/repositories/error-reports';
import { ERROR_DASHBOARD_DAYS, ErrorGroupSchema } from '../../../../contract/error-reports';
import { ContentNotFoundError } from '../../db/errors';
import { guard } from '../resource';
import { backupCard, formEntryCounts, newsletterCounts, RECENT_ENTRY_DAYS, recentChanges, recentRuns, ticketAdCounts } from '../../db/repositories/hub-dashboard';
import { backupSettingsOf } from '../../backup/settings';
import { CmsHubSchema, type CmsHubBody } from '../../../../contract/hub/dashboard';
import { ErrorSchema } from '../../../../contract/schemas/content';
import { type Locale } from '../../../../contract/locales';
import { LocaleParamsSchema } from '../../../../contract/schemas/requests';
import type { PublishQueue } from '../../services/publish/publish-queue';
import type { RouteOptions } from '../../routes/route-options';

async function publishSummary(queue: PublishQueue | null, db: Db, locale: Locale): Promise<CmsHubBody['publish']> {
  const runs = await recentRuns(db, locale);
  if (queue) {
    const { mode, state, saved_seq, live_seq } = await queue.status();
    return { mode, state, saved_seq, live_seq, runs };
  }
  // No queue: nothing publishes here (as GET publish/ says), yet earlier runs still show how it went.
  return { mode: 'off' as const, state: 'idle' as const, saved_seq: (await readFeedState(db)).maxSeq, live_seq: null, runs };
}

/**
 * `GET /{locale}/pageeditor-api/cms-hub/`: the staff hub's dashboard in one call (ADR 016): the latest content
 * changes and who made them, the publish queue's recent runs, what waits in the ticket exchange, form entries per
 * form and the newsletter's subscribers, and for administrators the backup card (ADR 081: backups are the
 * server's keepers' business, which an editor can do nothing about). Staff only; every figure is read now, so nothing may cache it. The reads
 * are db/repositories/hub-dashboard.ts's; the queue's state is the publish service's.
 */
/** Marking an error group resolved is for administrators (ADR 057); every staff member sees the groups. */
export const errorsSection = { key: 'errors', role: 'admin' } as const;

const DAY = 24 * 60 * 60 * 1000;

const cmsHubRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { config, db, now }) => {
  const backupSettings = backupSettingsOf(config);
  const schema = { params: LocaleParamsSchema, response: { 200: CmsHubSchema, '4xx': ErrorSchema } };
  app.get('/:locale/pageeditor-api/cms-hub/', { schema, config: { staff: true } }, async (request, reply): Promise<CmsHubBody> => {
    reply.header('cache-control', 'no-store');
    const { locale } = request.params;
    const since = new Date(now().getTime() - RECENT_ENTRY_DAYS * 24 * 60 * 60 * 1000).toISOString();
    const errorsSince = new Date(now().getTime() - ERROR_DASHBOARD_DAYS * DAY).toISOString();
    const admin = request.staff?.role === 'admin';
    const [recent_changes, publish, pending_ticket_ads, form_entries, newsletter, groups, backup] = await Promise.all([
      recentChanges(db, locale),
      publishSummary(app.publishQueue, db, locale),
      ticketAdCounts(db),
      formEntryCounts(db, locale, since),
      newsletterCounts(db),
      errorGroupsSince(db, errorsSince),
      admin ? backupCard(db, backupSettings, now()) : undefined,
    ]);
    return {
      recent_changes,
      publish,
      pending_ticket_ads,
      form_entries,
      newsletter,
      errors: { days: ERROR_DASHBOARD_DAYS, groups },
      ...(backup ? { backup } : {}),
    };
  });

  // `POST …/cms-hub/errors/{id}/resolve/`: an admin marks a group resolved; its next report opens it again.
  app.post(
    '/:locale/pageeditor-api/cms-hub/errors/:id/resolve/',
    {
      config: { staff: true, csrf: true },
      schema: {
        params: Type.Object({ ...LocaleParamsSchema.properties, id: Type.String({ pattern: '^[0-9a-f]{32}$', description: "an error group's id (32 hex digits)" }) }, { additionalProperties: false }),
        response: { 200: ErrorGroupSchema, '4xx': ErrorSchema },
      },
    },
    async (request, reply) => {
      guard(errorsSection, request);
      reply.header('cache-control', 'no-store');
      const { id } = request.params;
      if (!(await resolveErrorGroup(db, id, now().toISOString(), request.staff?.id ?? null))) {
        throw new ContentNotFoundError(`No error group ${id}`, 'params.id');
      }
      const [group] = await errorGroupsSince(db, new Date(now().getTime() - ERROR_DASHBOARD_DAYS * DAY).toISOString(), { fingerprint: id });
      if (!group) throw new ContentNotFoundError(`No error group ${id} in the last ${ERROR_DASHBOARD_DAYS} days`, 'params.id');
      return group;
    },
  );
};

export default cmsHubRoutes;
