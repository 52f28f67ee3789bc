// Sale invoices and credit notes. The columns of `sale_documents` are what lists filter and sort
// on, the mutable state after finalization (balance, paid, cancelled, sent, processed), and the
// inalterability chain (chain_index, hash, previous_hash). The document itself, a JSON snapshot of
// several KB, lives in `sale_document_data`: kept apart, the main table stays narrow and a list
// over a million documents reads a few MB instead of GBs.
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

export const saleDocuments: Migration = {
  name: '005_sale_documents',
  async up(db, dialect) {
    const money = dialect === 'sqlite' ? 'real' : 'numeric(16, 2)';
    await withAccount(withId(db.schema.createTable('sale_documents'), dialect))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('is_draft', 'boolean', (c) => c.notNull())
      .addColumn('number', 'text')
      .addColumn('internal_id', 'text')
      .addColumn('customer_id', 'integer')
      .addColumn('customer_name', 'text')
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('due_date', 'text')
      .addColumn('tax_excluded_amount', money, (c) => c.notNull())
      .addColumn('tax_included_amount', money, (c) => c.notNull())
      .addColumn('balance', money, (c) => c.notNull())
      .addColumn('is_paid', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('is_processed', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('sent_at', 'text')
      .addColumn('finalized_at', 'text')
      .addColumn('cancellation_credit_id', 'integer')
      .addColumn('cancelled_invoice_id', 'integer')
      .addColumn('chain_index', 'integer')
      .addColumn('hash', 'text')
      .addColumn('previous_hash', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sale_document_data')
      .addColumn('document_id', 'integer', (c) => c.primaryKey().references('sale_documents.id').onDelete('cascade'))
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    // Lists always filter on cancelled/processed (both default to Excluded): they lead every index.
    const index = (name: string, columns: string[]) => db.schema.createIndex(name).on('sale_documents').columns(columns).execute();
    await index('sale_documents_list', ['account_id', 'kind', 'is_cancelled', 'is_processed', 'date', 'id']);
    await index('sale_documents_customer', ['account_id', 'kind', 'customer_id', 'is_cancelled', 'is_processed', 'date', 'id']);
    // Status filters fix is_draft and is_paid: the page then walks this index in date order and
    // checks due_date from it, instead of sorting every matching row.
    await index('sale_documents_state', [
      'account_id',
      'kind',
      'is_cancelled',
      'is_processed',
      'is_draft',
      'is_paid',
      'date',
      'id',
      'due_date',
    ]);
    await index('sale_documents_sent', ['account_id', 'kind', 'is_cancelled', 'is_processed', 'is_draft', 'sent_at', 'date']);
    await index('sale_documents_internal', ['account_id', 'kind', 'internal_id']);
    await db.schema.createIndex('sale_documents_number').on('sale_documents').columns(['account_id', 'kind', 'number']).unique().execute();
    await db.schema
      .createIndex('sale_documents_chain')
      .on('sale_documents')
      .columns(['account_id', 'kind', 'chain_index'])
      .unique()
      .execute();

    // One row per account and kind: the lock finalizations take, the date of the last
    // finalized document (chronology) and the head of the hash chain.
    await db.schema
      .createTable('document_heads')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('last_date', 'text')
      .addColumn('chain_index', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_hash', 'text')
      .addPrimaryKeyConstraint('document_heads_pk', ['account_id', 'kind'])
      .execute();
    // Gapless counters per numbering scope (e.g. invoices of 2026).
    await db.schema
      .createTable('document_sequences')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('document_sequences_pk', ['account_id', 'kind', 'scope'])
      .execute();
  },
};
