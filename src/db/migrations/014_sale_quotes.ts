// Sale quotes (devis, /v1/salequotes). A quote is not an invoice: it has its own states (Pending,
// Sent, Accepted, Refused, Closed, Invoiced), its own gapless numbering (document_sequences, kind
// 'Quote') and no audit chain (a quote is a commercial offer, not an accounting record). The
// columns are what lists filter and sort on and the state; the quote itself is a JSON snapshot in
// `data` (the sales module's document shape plus the quote's own fields). Money columns follow
// 009: INTEGER cents on SQLite, numeric on PostgreSQL.
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

export const saleQuotes: Migration = {
  name: '014_sale_quotes',
  async up(db, dialect) {
    const money = dialect === 'sqlite' ? 'integer' : 'numeric(16, 2)';
    await withAccount(withId(db.schema.createTable('sale_quotes'), dialect))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('number', 'text')
      .addColumn('internal_id', 'text')
      .addColumn('customer_id', 'integer')
      .addColumn('customer_name', 'text')
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('validity_date', 'text')
      .addColumn('tax_excluded_amount', money, (c) => c.notNull())
      .addColumn('tax_included_amount', money, (c) => c.notNull())
      .addColumn('issued_at', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('accepted_at', 'text')
      .addColumn('refused_at', 'text')
      .addColumn('closed_at', 'text')
      .addColumn('invoice_id', 'integer')
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    const index = (name: string, columns: string[]) => db.schema.createIndex(name).on('sale_quotes').columns(columns).execute();
    await index('sale_quotes_list', ['account_id', 'date', 'id']);
    await index('sale_quotes_customer', ['account_id', 'customer_id', 'date', 'id']);
    await index('sale_quotes_status', ['account_id', 'status', 'date', 'id']);
    await index('sale_quotes_internal', ['account_id', 'internal_id']);
    await db.schema.createIndex('sale_quotes_number').on('sale_quotes').columns(['account_id', 'number']).unique().execute();
  },
};
