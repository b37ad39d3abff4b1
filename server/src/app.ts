import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Db } from './db/database';
import { startBackupSchedule, type BackupSchedule, type TakeBackup } from './backup/schedule';
import { registerCdnCache } from './plugins/cdn-cache';
import { registerCompression } from './plugins/compression';
import { registerCsrf } from './plugins/csrf';
import { registerErrorHandling } from './plugins/error-handler';
import { registerErrorReports } from './plugins/error-reports';
import { FastReads } from './plugins/fast-reads';
import { registerInputGuard } from './plugins/input-guard';
import { registerMail } from './plugins/mail';
import { registerPublicUrl } from './plugins/public-url';
import { registerPublicWrites } from './plugins/public-writes';
import { registerProxySignature } from './plugins/proxy-signature';
import { registerPublishing, type PublishOptions } from './plugins/publish';
import { registerScheduler } from './plugins/schedule';
import { registerLinkChecker, type LinkCheckOptions } from './plugins/link-checks';
import { registerSharedSchemas } from './plugins/shared-schemas';
import { registerSite } from './plugins/site';
import { registerStrictBodies, strictValidators } from './plugins/strict-parsing';
import { answerFrameworkError, registerSecurityHeaders } from './plugins/security-headers';
import { registerSession, sessionSubject } from './plugins/session';
import { registerStaffDecorator } from './plugins/staff';
import { ResponseCache } from './services/response-cache';
import { cdnPolicy } from './services/cdn/cdn-headers';
import { resolveBuildToken } from './services/build-token';
import { resolveSecretKey } from './services/secret-key';
import consentRoutes from './routes/consent';
import errorReportRoutes from './routes/error-reports';
import containerRoutes from './routes/containers';
import editorRoutes from './routes/editor';
import draftRoutes from './routes/drafts';
import translationRoutes from './routes/translations';
import eventRoutes from './routes/events';
import formRoutes from './routes/forms';
import exchangeRoutes from './routes/exchange';
import heroRoutes from './routes/hero';
import magazineRoutes from './routes/magazine';
import mediaRoutes from './routes/media';
import navigationRoutes from './routes/navigation';
import newsletterRoutes from './routes/newsletter';
import pageRoutes from './routes/pages';
import previewRoutes from './routes/preview-links';
import pageCheckRoutes from './routes/page-checks';
import publishRoutes from './routes/publish';
import netlifyDeployRoutes from './routes/netlify-deploys';
import redirectRoutes from './routes/redirects';
import searchRoutes from './routes/search';
import settingsRoutes from './routes/settings';
import subscriptionRoutes from './routes/subscriptions';
import syncRoutes from './routes/sync';
import tempFileRoutes from './routes/temp-files';
import authRoutes from './routes/auth';
import healthRoutes from './routes/health';
import hubRoutes from './hub/hub-routes';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Fastify's logger option; default: pino at the configured level. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The clock that decides what "today" is; default the system clock. Tests pass a fixed one. */
  now?: () => Date;
  /** Period of the mail delivery loop in ms; 0 turns it off (app.mail.flush() still delivers). */
  mailIntervalMs?: number;
  /** The publish queue's builder and timing (plugins/publish.ts); without a builder or build hook, no queue. */
  publish?: PublishOptions;
  /** How often failed publish runs are reported and reports forwarded, in ms; default 0: never (tests call flush). The server's start passes 10 s. */
  errorReportIntervalMs?: number;
  /** Tests only: header `x-test-staff: 1` makes a request staff for reads (plugins/session.ts). Never in production. */
  testStaffHeader?: boolean;
  /** The outside-link checker's settings over the configuration's (ADR 086); tests keep it off outside hosts. */
  linkCheck?: LinkCheckOptions;
}

/**
 * The content server as a Fastify instance, not yet listening: the content API, media and (registered last, as a
 * catch-all) the built site. The caller owns `db` and closes it.
 */
export function buildApp({ config, db, logger, now = () => new Date(), mailIntervalMs, errorReportIntervalMs, publish, testStaffHeader, linkCheck }: BuildAppOptions) {
  // Kept answers sent again by the HTTP server itself (ADR 092); everything else goes to the app.
  const fastReads = new FastReads();
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    serverFactory: fastReads.serverFactory,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    // The client address behind a proxy or CDN (config.ts): only X-Forwarded-For entries the proxies added count.
    ...(config.trustProxy !== undefined ? { trustProxy: trustedProxies(config.trustProxy) } : {}),
    // Unknown body fields are refused with a 400 naming them (schemas with additionalProperties: false), not
    // silently dropped as Fastify's default does. strictNumbers: no Infinity or NaN passes a number schema (ADR 027).
    ajv: { customOptions: { removeAdditional: false, strictNumbers: true } },
    // Bodies are validated as sent, not converted; address and query values are read from their text (ADR 066).
    schemaController: { compilersFactory: { buildValidator: strictValidators() } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  built.set(app, { config, db });

  // Before anything reads the client address, protocol or host.
  registerProxySignature(app, config.proxySignatureSecret);
  registerSharedSchemas(app);
  registerStaffDecorator(app);
  registerErrorHandling(app);
  // Reports every 5xx answer, whichever hook or route sent it.
  registerErrorReports(app, { config, db, now, intervalMs: errorReportIntervalMs });
  registerStrictBodies(app);
  registerInputGuard(app);
  registerPublicUrl(app, config);
  const secret = resolveSecretKey(config);
  // Rate limit first (its onRequest hook counts even refused requests), then the CSRF check.
  registerPublicWrites(app, { secret, minFillMs: config.minFillMs, db });
  // Parses Cookie before the session and CSRF hooks read `request.cookies` (hooks run in registration order). No
  // secret: the CSRF token carries our own signature (services/signed-values.ts, one purpose per use), which the
  // plugin's signer does not know, so cookies stay as they were.
  app.register(fastifyCookie);
  registerSession(app, { db, now, testStaffHeader });
  // Between the session's hook and the CSRF cookie's: takes the CDN marks off staff answers, and the CSRF hook
  // sets no cookie on an answer the CDN keeps for everybody (ADR 050).
  const cdnPurger = registerCdnCache(app, { config, db });
  registerCsrf(app, { secret, subject: sessionSubject });
  registerMail(app, { config, db, now, intervalMs: mailIntervalMs });
  registerPublishing(app, { config, db, publish, onPublished: cdnPurger?.onPublished });
  registerScheduler(app, { db });
  registerLinkChecker(app, { config, db, settings: linkCheck });

  const options = { config, db, now, cache: new ResponseCache(db, undefined, cdnPolicy(config.netlifyPurge !== undefined)) };
  for (const routes of [
    pageRoutes,
    containerRoutes,
    editorRoutes,
    draftRoutes,
    translationRoutes,
    navigationRoutes,
    redirectRoutes,
    heroRoutes,
    settingsRoutes,
    eventRoutes,
    exchangeRoutes,
    subscriptionRoutes,
    magazineRoutes,
    searchRoutes,
    mediaRoutes,
    newsletterRoutes,
    formRoutes,
    consentRoutes,
    errorReportRoutes,
    tempFileRoutes,
    publishRoutes,
    netlifyDeployRoutes,
    authRoutes,
    healthRoutes,
    previewRoutes,
    pageCheckRoutes,
  ]) {
    app.register(routes, options);
  }
  // Only the changes feed gets the build token, so no other route can leak or misuse it.
  app.register(syncRoutes, { ...options, buildToken: resolveBuildToken(config) });
  // The staff hub (ADR 016): every resource from one factory and the calls beside it, from one plugin.
  app.register(hubRoutes, options);
  registerSite(app, options);
  registerSecurityHeaders(app);
  registerCompression(app);
  // Last: records an answer as the hooks above left it.
  fastReads.register(app);
  app.decorate('fastReads', fastReads);
  return app;
}

export type App = ReturnType<typeof buildApp>;

/** The configuration and database each app was built with, for what is registered on it later. */
const built = new WeakMap<object, { config: Config; db: Db }>();

/**
 * The server's own backup schedule (backup/schedule.ts, ADR 081) on an app made by `buildApp`, before it is ready:
 * `take` writes one archive into the path it is given (backup/backup.ts `takeBackup` with the app's configuration).
 * Starts nothing (undefined) when BACKUP_INTERVAL_HOURS is unset or 0; else returns the schedule. `checkMs`: tests only.
 */
export function registerBackupSchedule(app: App, take: TakeBackup, options: { checkMs?: number } = {}): BackupSchedule | undefined {
  const parts = built.get(app);
  if (!parts) throw new Error('registerBackupSchedule: the app was not made by buildApp');
  return startBackupSchedule(app, { ...parts, take, ...options });
}

/** Fastify's trustProxy for a hop count (hop 0 is the connection's peer) or a list of proxy addresses. */
function trustedProxies(trust: number | string[]): string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
