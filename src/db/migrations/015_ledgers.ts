// The ledgers the accounting exports read (docs/purchases.md, docs/expenses.md, docs/bank.md):
// - purchase invoices become a ledger: extracted data a person can correct (due date, amounts per
//   VAT rate, classification), what has been paid on them, a search text and a version (ETag);
// - supplier payments and the purchase invoices they settle (the mirror of receipts);
// - colleague expense reports, their lines and the receipt file attached to a line;
// - bank accounts, their transactions (imported from statements, de-duplicated by a key per
//   bank account) and the imports themselves.
// Amounts: integer cents on SQLite, numeric(16, 2) on PostgreSQL (see db/money.ts).
import { searchTokens } from '../../domain/text.js';
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

export const ledgers: Migration = {
  name: '015_ledgers',
  async up(db, dialect) {
    const money = dialect === 'sqlite' ? 'integer' : 'numeric(16, 2)';
    const blob = dialect === 'sqlite' ? 'blob' : 'bytea';

    // Purchase invoices: the ledger's columns.
    for (const [name, type] of [
      ['due_date', 'text'],
      ['tax_excluded_amount', money],
      ['vat_amount', money],
      ['vats', 'text'],
      ['classification_id', 'integer'],
      ['supplier_name', 'text'],
    ] as const) {
      await db.schema.alterTable('purchase_invoices').addColumn(name, type).execute();
    }
    await db.schema
      .alterTable('purchase_invoices')
      .addColumn('paid_amount', money, (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('purchase_invoices')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('purchase_invoices')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    // Rows uploaded before this version: searchable by their reference and subject.
    const rows = (await db.selectFrom('purchase_invoices').select(['id', 'reference', 'data']).execute()) as {
      id: number;
      reference: string | null;
      data: string;
    }[];
    for (const row of rows) {
      let subject: string | null = null;
      try {
        subject = (JSON.parse(row.data) as { subject?: string | null }).subject ?? null;
      } catch {
        subject = null;
      }
      const tokens = [...new Set([row.reference, subject].flatMap((v) => (v ? searchTokens(v) : [])))];
      await db
        .updateTable('purchase_invoices')
        .set({ search_text: tokens.length ? ` ${tokens.join(' ')}` : '' })
        .where('id', '=', row.id)
        .execute();
    }
    await db.schema.createIndex('purchase_invoices_reference').on('purchase_invoices').columns(['account_id', 'reference']).execute();

    // Supplier payments (money paid to a supplier, or refunded by one when negative).
    await withAccount(withId(db.schema.createTable('supplier_payments'), dialect))
      .addColumn('internal_id', 'text')
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('amount', money, (c) => c.notNull())
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reference', 'text')
      .addColumn('notes', 'text')
      .addColumn('metadata', 'text')
      .addColumn('supplier_id', 'integer')
      .addColumn('supplier_name', 'text')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('supplier_payments_list').on('supplier_payments').columns(['account_id', 'date', 'id']).execute();
    await withAccount(withId(db.schema.createTable('supplier_payment_links'), dialect))
      .addColumn('payment_id', 'integer', (c) => c.notNull().references('supplier_payments.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('purchase_invoice_id', 'integer', (c) => c.notNull())
      .addColumn('amount', money, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('supplier_payment_links_payment')
      .on('supplier_payment_links')
      .columns(['account_id', 'payment_id', 'position'])
      .execute();
    await db.schema
      .createIndex('supplier_payment_links_invoice')
      .on('supplier_payment_links')
      .columns(['account_id', 'purchase_invoice_id'])
      .execute();

    // Expense reports of colleagues, their lines, and the receipt file of a line.
    await withAccount(withId(db.schema.createTable('expense_reports'), dialect))
      .addColumn('colleague_id', 'integer', (c) => c.notNull())
      .addColumn('colleague_name', 'text')
      .addColumn('title', 'text')
      .addColumn('period_start', 'text', (c) => c.notNull())
      .addColumn('period_end', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('tax_excluded_amount', money, (c) => c.notNull().defaultTo(0))
      .addColumn('vat_amount', money, (c) => c.notNull().defaultTo(0))
      .addColumn('tax_included_amount', money, (c) => c.notNull().defaultTo(0))
      .addColumn('notes', 'text')
      .addColumn('submitted_at', 'text')
      .addColumn('approved_at', 'text')
      .addColumn('reimbursed_date', 'text')
      .addColumn('reimbursement_method', 'text')
      .addColumn('reimbursement_reference', 'text')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('expense_reports_list').on('expense_reports').columns(['account_id', 'period_start', 'id']).execute();
    await withAccount(withId(db.schema.createTable('expense_report_lines'), dialect))
      .addColumn('report_id', 'integer', (c) => c.notNull().references('expense_reports.id').onDelete('cascade'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('merchant', 'text')
      .addColumn('category', 'text')
      .addColumn('classification_id', 'integer')
      .addColumn('description', 'text')
      .addColumn('vats', 'text', (c) => c.notNull())
      .addColumn('tax_excluded_amount', money, (c) => c.notNull())
      .addColumn('vat_amount', money, (c) => c.notNull())
      .addColumn('tax_included_amount', money, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('expense_report_lines_report')
      .on('expense_report_lines')
      .columns(['account_id', 'report_id', 'id'])
      .execute();
    await db.schema
      .createTable('expense_files')
      .addColumn('line_id', 'integer', (c) => c.primaryKey().references('expense_report_lines.id').onDelete('cascade'))
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('file_name', 'text')
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('content', blob, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    // Bank accounts, imports of statements, transactions.
    await withAccount(withId(db.schema.createTable('bank_accounts'), dialect))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('iban', 'text', (c) => c.notNull())
      .addColumn('bic', 'text')
      .addColumn('provider_id', 'text')
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('opening_balance', money, (c) => c.notNull().defaultTo(0))
      .addColumn('opening_date', 'text')
      .addColumn('notes', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('bank_accounts_iban').on('bank_accounts').columns(['account_id', 'iban']).unique().execute();
    await withAccount(withId(db.schema.createTable('bank_imports'), dialect))
      .addColumn('bank_account_id', 'integer', (c) => c.notNull().references('bank_accounts.id').onDelete('cascade'))
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text')
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('read_count', 'integer', (c) => c.notNull())
      .addColumn('inserted_count', 'integer', (c) => c.notNull())
      .addColumn('duplicate_count', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await withAccount(withId(db.schema.createTable('bank_transactions'), dialect))
      .addColumn('bank_account_id', 'integer', (c) => c.notNull().references('bank_accounts.id').onDelete('cascade'))
      .addColumn('import_id', 'integer')
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('value_date', 'text')
      .addColumn('amount', money, (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('reference', 'text')
      .addColumn('counterparty_name', 'text')
      .addColumn('counterparty_iban', 'text')
      .addColumn('bank_reference', 'text')
      .addColumn('dedup_key', 'text', (c) => c.notNull())
      .addColumn('match_type', 'text')
      .addColumn('match_id', 'integer')
      .addColumn('matched_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('bank_transactions_dedup')
      .on('bank_transactions')
      .columns(['bank_account_id', 'dedup_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('bank_transactions_list')
      .on('bank_transactions')
      .columns(['account_id', 'bank_account_id', 'date', 'id'])
      .execute();
    // One bank transaction per settlement: a receipt or payment is matched at most once.
    await db.schema
      .createIndex('bank_transactions_match')
      .on('bank_transactions')
      .columns(['account_id', 'match_type', 'match_id'])
      .unique()
      .execute();
  },
};
