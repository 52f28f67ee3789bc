// Failed authentications, counted per (client address, key prefix) in fixed windows, in a table so
// that every server process on PostgreSQL sees the same counts (src/http/auth.ts). SQLite, served by
// one process, counts in memory and leaves the table empty.
import type { Migration } from './helpers.js';

export const authFailures: Migration = {
  name: '010_auth_failures',
  async up(db) {
    await db.schema
      .createTable('auth_failures')
      .addColumn('bucket', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_failures_window').on('auth_failures').column('window_start').execute();
  },
};
