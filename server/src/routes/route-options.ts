import type { Config } from '../config';
import type { Db } from '../db/database';
import type { ResponseCache } from '../services/response-cache';

/** What every route plugin is given: the configuration, the database, the clock and the visitors' answer cache. */
export interface RouteOptions {
  config: Config;
  db: Db;
  /** The current time; what "today" means for the programme (tests fix it). */
  now: () => Date;
  /** Answers of read calls for visitors, kept until the next content write (services/response-cache.ts). */
  cache: ResponseCache;
}
