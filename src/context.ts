// What every module's plugin receives: the validated configuration, the database, the worker
// threads for CPU-heavy work and the audit trail's keys. Kept apart from app.ts so that modules
// depend on it without importing the app that registers them.
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { DeliveryHooks } from './jobs/runner.js';
import type { Keyring } from './app/keyring.js';
import type { WorkerPool } from './workers/pool.js';

export interface AppContext {
  config: Config;
  db: Db;
  workers: WorkerPool;
  keyring: Keyring;
  /** The outbox worker's clock and the webhooks' resolver, when tests replace them. */
  delivery?: DeliveryHooks;
}
