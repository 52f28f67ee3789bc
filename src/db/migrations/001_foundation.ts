import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

export const foundation: Migration = {
  name: '001_foundation',
  async up(db, dialect) {
    await withId(db.schema.createTable('accounts'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await withAccount(withId(db.schema.createTable('api_keys'), dialect))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();

    await withAccount(withId(db.schema.createTable('outbox'), dialect))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('delivered_at', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('outbox_pending').on('outbox').columns(['delivered_at', 'id']).execute();
  },
};
