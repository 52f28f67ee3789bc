// What every module's plugin receives: the validated configuration and the database. Kept apart from
// app.ts so that modules depend on it without importing the app that registers them.
import type { Config } from './config.js';
import type { Db } from './db/connection.js';

export interface AppContext {
  config: Config;
  db: Db;
}
