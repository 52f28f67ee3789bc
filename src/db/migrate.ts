// Runs the migrations of src/db/migrations on either dialect, once each, in order.
import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import type { Db } from './connection.js';
import type { Migration } from './migrations/helpers.js';
import { migrations } from './migrations/index.js';

/**
 * Applies the pending migrations of `list` (all of them by default; a test passes a prefix to
 * build a database as an earlier version left it) and answers the names of those applied.
 */
export async function migrateToLatest(db: Db, list: readonly Migration[] = migrations): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(list.map((m) => [m.name, { up: (k: Kysely<unknown>) => m.up(k, db.dialect) }]));
    },
  };
  // Migrations use snake_case names themselves: run them without the CamelCasePlugin.
  const raw = db.kysely.withoutPlugins();
  // The migration bookkeeping lives in the connection's own schema: otherwise Kysely looks for its
  // tables across all schemas and may find another schema's (several test runs side by side).
  const migrator = new Migrator({ db: raw, provider, ...(db.schema ? { migrationTableSchema: db.schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
