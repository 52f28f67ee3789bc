// Files around documents. `document_files`: the PDF of each finalized sale document, rendered once at
// finalization and kept byte for byte with its SHA-256 (downloads are a read, and an upgrade of the
// PDF stack can never change an issued document). `purchase_invoices`: purchase invoices created from
// an uploaded file, with the original bytes kept unchanged for download.
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

export const documentFiles: Migration = {
  name: '007_documents',
  async up(db, dialect) {
    const blob = dialect === 'sqlite' ? 'blob' : 'bytea';
    const money = dialect === 'sqlite' ? 'real' : 'numeric(16, 2)';

    await db.schema
      .createTable('document_files')
      .addColumn('document_id', 'integer', (c) => c.primaryKey().references('sale_documents.id').onDelete('cascade'))
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('content', blob, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await withAccount(withId(db.schema.createTable('purchase_invoices'), dialect))
      .addColumn('supplier_id', 'integer')
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('reference', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('tax_included_amount', money, (c) => c.notNull())
      .addColumn('vat_reverse_charge', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text')
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('content', blob, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('purchase_invoices_list').on('purchase_invoices').columns(['account_id', 'date', 'id']).execute();
    await db.schema
      .createIndex('purchase_invoices_supplier')
      .on('purchase_invoices')
      .columns(['account_id', 'supplier_id', 'reference'])
      .execute();
  },
};
