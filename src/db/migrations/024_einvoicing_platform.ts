// The e-invoicing platform connection's state (modules/platform, docs/einvoicing-platform.md):
// - platform_transmissions: one row per sale document to submit to the PA (unique: never twice),
//   with its outbox-like schedule (attempts, backoff, lease) and what the PA answered;
// - platform_statuses: the timeline of lifecycle statuses (CDAR) of documents, sale and purchase;
//   a status that names no document of the account is kept with document_id null, for review;
// - platform_inbox: every flow read from the PA, once (flow id), with what became of it;
// - platform_outgoing: statuses Facturier sends (212 Encaissée, the buyer's answers), as flows to submit;
// - platform_cursors: per account, where the reading of the PA's flows stands, with a lease;
// - platform_event_cursor: the last outbox event looked at for finalizations and payments.
import { sql } from 'kysely';
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

/** The tables this migration creates (tests that rebuild an earlier version's database drop them). */
export const PLATFORM_TABLES = [
  'platform_transmissions',
  'platform_statuses',
  'platform_inbox',
  'platform_outgoing',
  'platform_cursors',
  'platform_event_cursor',
] as const;

export const einvoicingPlatform: Migration = {
  name: '024_einvoicing_platform',
  async up(db, dialect) {
    const ms = dialect === 'sqlite' ? 'integer' : 'bigint';
    await withAccount(withId(db.schema.createTable('platform_transmissions'), dialect))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('document_id', 'integer', (c) => c.notNull())
      .addColumn('tracking_id', 'text', (c) => c.notNull().unique())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', ms, (c) => c.notNull())
      .addColumn('locked_until', ms)
      .addColumn('first_attempt_at', ms)
      .addColumn('flow_id', 'text')
      .addColumn('submitted_at', 'text')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('platform_transmissions_document', ['account_id', 'kind', 'document_id'])
      .execute();
    await db.schema.createIndex('platform_transmissions_due').on('platform_transmissions').columns(['state', 'next_attempt_at']).execute();

    await withAccount(withId(db.schema.createTable('platform_statuses'), dialect))
      .addColumn('document_kind', 'text')
      .addColumn('document_id', 'integer')
      .addColumn('invoice_number', 'text', (c) => c.notNull())
      .addColumn('invoice_date', 'text')
      .addColumn('seller_id', 'text')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('label', 'text')
      .addColumn('status_at', 'text', (c) => c.notNull())
      .addColumn('emitter', 'text', (c) => c.notNull())
      .addColumn('reason_code', 'text')
      .addColumn('reason', 'text')
      .addColumn('received_at', 'text')
      .addColumn('amounts', 'text')
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('flow_id', 'text')
      .addColumn('unmatched_reason', 'text')
      .addColumn('dedupe_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('platform_statuses_dedupe', ['account_id', 'dedupe_key'])
      .execute();
    await db.schema
      .createIndex('platform_statuses_document')
      .on('platform_statuses')
      .columns(['account_id', 'document_kind', 'document_id'])
      .execute();

    await db.schema
      .createTable('platform_inbox')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('flow_id', 'text', (c) => c.notNull())
      .addColumn('flow_type', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('problem', 'text')
      .addColumn('purchase_id', 'integer')
      .addColumn('facts', 'text')
      .addColumn('content', dialect === 'sqlite' ? 'blob' : 'bytea')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('platform_inbox_pk', ['account_id', 'flow_id'])
      .execute();
    await db.schema.createIndex('platform_inbox_purchase').on('platform_inbox').columns(['account_id', 'purchase_id']).execute();

    await withAccount(withId(db.schema.createTable('platform_outgoing'), dialect))
      .addColumn('dedupe_key', 'text', (c) => c.notNull())
      .addColumn('tracking_id', 'text', (c) => c.notNull().unique())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', ms, (c) => c.notNull())
      .addColumn('locked_until', ms)
      .addColumn('first_attempt_at', ms)
      .addColumn('flow_id', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('platform_outgoing_dedupe', ['account_id', 'dedupe_key'])
      .execute();

    await db.schema
      .createTable('platform_cursors')
      .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('updated_after', 'text')
      .addColumn('locked_until', ms)
      .addColumn('polled_at', 'text')
      .addColumn('last_error', 'text')
      .execute();

    await db.schema
      .createTable('platform_event_cursor')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('last_event_id', 'integer', (c) => c.notNull())
      .execute();
    // Documents finalized before this version are not sent: only what comes after.
    const last = await sql<{ id: number | null }>`select max(id) as id from outbox`.execute(db);
    await db
      .insertInto('platform_event_cursor')
      .values({ name: 'platform', last_event_id: Number(last.rows[0]?.id ?? 0) })
      .execute();
  },
};
