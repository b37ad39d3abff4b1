import type { Config } from '../config';
import type { Db } from '../db/database';

/** What every route plugin is given: the configuration and the database. */
export interface RouteOptions {
  config: Config;
  db: Db;
}
