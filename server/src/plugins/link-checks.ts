/**
 * The outside-link checker (ADR 086; services/link-checks/link-checker.ts) starts its loop when the app is ready and
 * stops when it closes. Its settings come from the configuration (config.ts `linkCheck`); tests pass their own.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { CheckOptions, CheckOutcome } from '../services/link-checks/check-url';
import { LinkChecker, type LinkCheckSettings } from '../services/link-checks/link-checker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks outside links in rounds; `runRound()` at once (the hub's "Jetzt prüfen", tests). */
    linkChecker: LinkChecker;
  }
}

/** The checker's settings from the configuration, with the caller's on top. */
export function linkCheckSettings(config: Config, overrides: Partial<LinkCheckSettings> = {}): Partial<LinkCheckSettings> {
  const { allowPrivate, intervalHours, roundMinutes } = config.linkCheck ?? {};
  return {
    ...(allowPrivate !== undefined ? { allowPrivate } : {}),
    ...(intervalHours !== undefined ? { recheckMs: intervalHours * 3_600_000 } : {}),
    ...(roundMinutes !== undefined ? { roundEveryMs: roundMinutes * 60_000 } : {}),
    ...overrides,
  };
}

/** The checker's settings as the app is built with them; `check`: tests only, so that no test reaches an outside host. */
export type LinkCheckOptions = Partial<LinkCheckSettings> & { check?: (url: string, options: CheckOptions) => Promise<CheckOutcome> };

export function registerLinkChecker(app: FastifyInstance, { config, db, settings = {} }: { config: Config; db: Db; settings?: LinkCheckOptions }) {
  const { check, ...overrides } = settings;
  const ownHost = () => {
    try {
      return new URL(app.publicUrl()).host;
    } catch {
      return undefined;
    }
  };
  const checker = new LinkChecker(db, linkCheckSettings(config, overrides), ownHost, app.log, check);
  app.decorate('linkChecker', checker);
  app.addHook('onReady', async () => checker.start());
  app.addHook('onClose', async () => checker.close());
}
