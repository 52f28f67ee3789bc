// Getting paid (issue #30, docs/getting-paid.md):
// - invoice_reminders: each reminder (relance) of an invoice, one row per schedule step at most:
//   the unique (invoice_id, step) is what keeps a step from being sent twice, whichever process,
//   and whatever crash, came first; the e-mail it queued is in email_messages (email_id);
// - recurring_invoices: the models of recurring invoices (customer, lines, frequency, bounds);
// - recurring_invoice_runs: one row per occurrence a model issued (unique: never twice), with the
//   invoice made.
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

/** The tables this migration creates (tests that rebuild an earlier version's database drop them). */
export const GETTING_PAID_TABLES = ['invoice_reminders', 'recurring_invoice_runs', 'recurring_invoices'] as const;

export const gettingPaid: Migration = {
  name: '026_getting_paid',
  async up(db, dialect) {
    const money = dialect === 'sqlite' ? 'integer' : 'numeric(16, 2)';
    await withAccount(withId(db.schema.createTable('invoice_reminders'), dialect))
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('sale_documents.id').onDelete('cascade'))
      .addColumn('step', 'integer', (c) => c.notNull())
      .addColumn('days_after_due', 'integer', (c) => c.notNull())
      .addColumn('formal_notice', 'integer', (c) => c.notNull())
      .addColumn('amount_due', money, (c) => c.notNull())
      .addColumn('days_late', 'integer', (c) => c.notNull())
      .addColumn('trigger', 'text', (c) => c.notNull())
      .addColumn('email_id', 'integer')
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('invoice_reminders_step', ['invoice_id', 'step'])
      .execute();
    await db.schema.createIndex('invoice_reminders_account').on('invoice_reminders').columns(['account_id', 'invoice_id']).execute();

    await withAccount(withId(db.schema.createTable('recurring_invoices'), dialect))
      .addColumn('customer_id', 'integer', (c) => c.notNull())
      .addColumn('template', 'text', (c) => c.notNull())
      .addColumn('frequency', 'text', (c) => c.notNull())
      .addColumn('interval_days', 'integer')
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text')
      .addColumn('max_count', 'integer')
      .addColumn('day_of_issue', 'integer')
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('stopped_reason', 'text')
      .addColumn('issued_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_date', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recurring_invoices_due').on('recurring_invoices').columns(['state', 'next_date']).execute();

    await withAccount(withId(db.schema.createTable('recurring_invoice_runs'), dialect))
      .addColumn('model_id', 'integer', (c) => c.notNull().references('recurring_invoices.id').onDelete('cascade'))
      .addColumn('occurrence', 'integer', (c) => c.notNull())
      .addColumn('issue_date', 'text', (c) => c.notNull())
      .addColumn('invoice_id', 'integer')
      .addColumn('problem', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('recurring_invoice_runs_occurrence', ['model_id', 'occurrence'])
      .execute();
  },
};
