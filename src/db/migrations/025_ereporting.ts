// E-reporting (modules/ereporting, docs/ereporting.md): every Flux 10 report the account sent or is
// sending, one row per transmission of a period (sequence 0 the original IN, 1.. the rectifying RE
// ones), with the file as sent, what it declares (totals, for "what the tax office sees") and its
// outbox-like schedule (attempts, backoff, lease) and the PA's answer (flow id, acknowledgement).
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

/** The tables this migration creates (tests that rebuild an earlier version's database drop them). */
export const EREPORTING_TABLES = ['ereporting_reports'] as const;

export const ereporting: Migration = {
  name: '025_ereporting',
  async up(db, dialect) {
    const ms = dialect === 'sqlite' ? 'integer' : 'bigint';
    await withAccount(withId(db.schema.createTable('ereporting_reports'), dialect))
      .addColumn('period_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('period_start', 'text', (c) => c.notNull())
      .addColumn('period_end', 'text', (c) => c.notNull())
      .addColumn('sequence', 'integer', (c) => c.notNull())
      .addColumn('type_code', 'text', (c) => c.notNull())
      .addColumn('report_id', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('content_key', 'text', (c) => c.notNull())
      .addColumn('totals', 'text', (c) => c.notNull())
      .addColumn('tracking_id', 'text', (c) => c.notNull().unique())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('ack_status', 'text')
      .addColumn('ack_message', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', ms, (c) => c.notNull())
      .addColumn('locked_until', ms)
      .addColumn('first_attempt_at', ms)
      .addColumn('flow_id', 'text')
      .addColumn('submitted_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('ereporting_reports_sequence', ['account_id', 'period_id', 'sequence'])
      .execute();
    await db.schema.createIndex('ereporting_reports_due').on('ereporting_reports').columns(['state', 'next_attempt_at']).execute();
  },
};
