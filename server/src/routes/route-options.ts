import type { Config } from '../config';
import type { Db } from '../db/database';

/** What every route plugin is given: the configuration, the database and the clock. */
export interface RouteOptions {
  config: Config;
  db: Db;
  /** The current time; what "today" means for the programme (tests fix it). */
  now: () => Date;
}
