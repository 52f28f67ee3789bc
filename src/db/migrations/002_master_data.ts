// Master data (customers, suppliers, contacts, colleagues, products, families) lives in one
// table of JSON documents with the few columns that lists filter, sort and search on.
// Full-text search: an FTS5 table on SQLite, a GIN tsvector index on PostgreSQL, both over
// `search_text`, which the application fills with lower-cased, accent-free words.
import { sql } from 'kysely';
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

export const masterData: Migration = {
  name: '002_master_data',
  async up(db, dialect) {
    await withAccount(withId(db.schema.createTable('records'), dialect))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('number', 'text')
      .addColumn('internal_id', 'text')
      .addColumn('email', 'text')
      .addColumn('name', 'text')
      .addColumn('amount', dialect === 'sqlite' ? 'real' : 'numeric')
      .addColumn('parent_id', 'integer')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('records_kind_id').on('records').columns(['account_id', 'kind', 'id']).execute();
    await db.schema.createIndex('records_kind_name').on('records').columns(['account_id', 'kind', 'name']).execute();
    await db.schema.createIndex('records_kind_number').on('records').columns(['account_id', 'kind', 'number']).unique().execute();
    await db.schema.createIndex('records_kind_internal').on('records').columns(['account_id', 'kind', 'internal_id']).execute();
    await db.schema.createIndex('records_kind_email').on('records').columns(['account_id', 'kind', 'email']).execute();
    await db.schema.createIndex('records_kind_parent').on('records').columns(['account_id', 'kind', 'parent_id']).execute();
    await db.schema.createIndex('records_kind_updated').on('records').columns(['account_id', 'kind', 'updated_at']).execute();
    if (dialect === 'sqlite') {
      await sql`CREATE VIRTUAL TABLE records_fts USING fts5(search_text, tokenize = "unicode61 remove_diacritics 2")`.execute(db);
    } else {
      await sql`CREATE INDEX records_search ON records USING gin (to_tsvector('simple', search_text))`.execute(db);
    }

    await db.schema
      .createTable('counters')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('counters_pk', ['account_id', 'name'])
      .execute();
  },
};
