// Delivery (docs/delivery.md): webhooks and their deliveries (one row per event and webhook, with
// every attempt), e-mails queued by the send endpoints (their own outbox: the message row is
// written in the transaction of the send), and the stored answers of idempotent requests.
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

export const delivery: Migration = {
  name: '013_delivery',
  async up(db, dialect) {
    await withAccount(withId(db.schema.createTable('webhooks'), dialect))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('types', 'text', (c) => c.notNull())
      .addColumn('secret_key', 'text', (c) => c.notNull())
      // The last outbox event at registration: a webhook receives only the events after it.
      .addColumn('from_event_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhooks_account').on('webhooks').column('account_id').execute();

    await withAccount(withId(db.schema.createTable('webhook_deliveries'), dialect))
      .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
      .addColumn('event_id', 'integer', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      // "Invoice:42": deliveries of one webhook for one resource go out in event order.
      .addColumn('resource_key', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('first_attempt_at', 'bigint')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('delivered_at', 'text')
      .execute();
    await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
    await db.schema
      .createIndex('webhook_deliveries_order')
      .on('webhook_deliveries')
      .columns(['webhook_id', 'resource_key', 'status', 'event_id'])
      .execute();

    await withId(db.schema.createTable('webhook_attempts'), dialect)
      .addColumn('delivery_id', 'integer', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
      .addColumn('attempted_at', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').column('delivery_id').execute();

    await withAccount(withId(db.schema.createTable('email_messages'), dialect))
      .addColumn('document_kind', 'text', (c) => c.notNull())
      .addColumn('document_id', 'integer', (c) => c.notNull())
      .addColumn('document_number', 'text')
      // JSON: {to, cc, bcc, replyTo, subject, text, attachment: {fileName, documentId} | null}
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('message_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    await db.schema.createIndex('email_messages_due').on('email_messages').columns(['status', 'next_attempt_at']).execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('response_status', 'integer')
      .addColumn('response_headers', 'text')
      .addColumn('response_body', 'text')
      .addColumn('locked_until', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute();
  },
};
