// Receipts (payments received and refunds paid) and their links to the sale documents they
// settle. A link stores the signed amount as allocated (positive on invoices and commitments,
// negative on credits) and the sale document it resolves to, so balances can be recomputed.
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

export const receipts: Migration = {
  name: '006_receipts',
  async up(db, dialect) {
    const money = dialect === 'sqlite' ? 'real' : 'numeric(16, 2)';
    await withAccount(withId(db.schema.createTable('receipts'), dialect))
      .addColumn('internal_id', 'text')
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('amount', money, (c) => c.notNull())
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reference', 'text')
      .addColumn('notes', 'text')
      .addColumn('metadata', 'text')
      .addColumn('customer_id', 'integer')
      .addColumn('customer_name', 'text')
      .addColumn('customer_number', 'text')
      .addColumn('customer_internal_id', 'text')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('receipts_list').on('receipts').columns(['account_id', 'date', 'id']).execute();
    await db.schema.createIndex('receipts_internal').on('receipts').columns(['account_id', 'internal_id']).execute();

    await withAccount(withId(db.schema.createTable('receipt_links'), dialect))
      .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('link_id', 'integer', (c) => c.notNull())
      .addColumn('document_id', 'integer', (c) => c.notNull())
      .addColumn('amount', money, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('receipt_links_receipt').on('receipt_links').columns(['account_id', 'receipt_id', 'position']).execute();
    await db.schema
      .createIndex('receipt_links_document')
      .on('receipt_links')
      .columns(['account_id', 'document_id', 'receipt_id'])
      .execute();
  },
};
