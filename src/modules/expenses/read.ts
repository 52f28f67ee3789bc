// The read API other modules use (exports `expensereports`, `settlements`, `commitments`; bank
// matching; the ledgers views): reports with their lines, in batches by id (keyset), amounts exact.
// Columns: docs/expenses.md#read-api.
import type Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './repo.js';

export interface ExpenseLineRow {
  id: number;
  date: string;
  merchant: string | null;
  category: string | null;
  classificationId: number | null;
  description: string | null;
  /** Amounts per VAT rate, decimal strings. */
  vats: { rate: string; taxExcludedAmount: string; vatAmount: string }[];
  taxExcludedAmount: Big;
  vatAmount: Big;
  taxIncludedAmount: Big;
  hasFile: boolean;
}

export interface ExpenseReportRow {
  id: number;
  colleagueId: number;
  colleagueName: string | null;
  title: string | null;
  periodStart: string;
  periodEnd: string;
  status: 'Draft' | 'Submitted' | 'Approved' | 'Reimbursed';
  taxExcludedAmount: Big;
  vatAmount: Big;
  /** What the company owes the colleague. */
  taxIncludedAmount: Big;
  submittedAt: string | null;
  approvedAt: string | null;
  /** The repayment (settlement of the colleague kind), once Reimbursed. */
  reimbursedDate: string | null;
  reimbursementMethod: string | null;
  reimbursementReference: string | null;
  lines: ExpenseLineRow[];
}

export interface ExpenseReadFilter {
  /** Reports whose period meets [from, to]. */
  from?: string;
  to?: string;
  colleagueId?: number;
  status?: 'Draft' | 'Submitted' | 'Approved' | 'Reimbursed';
}

async function withLines(db: Kysely<Database>, accountId: number, rows: repo.ReportRow[]): Promise<ExpenseReportRow[]> {
  const lines = await repo.linesOf(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  const files = await repo.filesOf(
    db,
    accountId,
    [...lines.values()].flat().map((l) => l.id),
  );
  return rows.map((r) => ({
    id: r.id,
    colleagueId: r.colleagueId,
    colleagueName: r.colleagueName,
    title: r.title,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    status: r.status as ExpenseReportRow['status'],
    taxExcludedAmount: r.taxExcludedAmount,
    vatAmount: r.vatAmount,
    taxIncludedAmount: r.taxIncludedAmount,
    submittedAt: r.submittedAt,
    approvedAt: r.approvedAt,
    reimbursedDate: r.reimbursedDate,
    reimbursementMethod: r.reimbursementMethod,
    reimbursementReference: r.reimbursementReference,
    lines: (lines.get(r.id) ?? []).map((l) => ({
      id: l.id,
      date: l.date,
      merchant: l.merchant,
      category: l.category,
      classificationId: l.classificationId,
      description: l.description,
      vats: JSON.parse(l.vats) as ExpenseLineRow['vats'],
      taxExcludedAmount: l.taxExcludedAmount,
      vatAmount: l.vatAmount,
      taxIncludedAmount: l.taxIncludedAmount,
      hasFile: files.has(l.id),
    })),
  }));
}

/** Expense reports with their lines, in batches of `batchSize`, by id. */
export async function* expenseReportBatches(
  db: Kysely<Database>,
  accountId: number,
  filter: ExpenseReadFilter = {},
  batchSize = 200,
): AsyncGenerator<ExpenseReportRow[]> {
  let after = 0;
  for (;;) {
    const rows = await repo.reportBatch(db, accountId, filter, after, batchSize);
    if (!rows.length) return;
    yield withLines(db, accountId, rows);
    after = rows[rows.length - 1].id;
    if (rows.length < batchSize) return;
  }
}

export async function getExpenseReportRow(db: Kysely<Database>, accountId: number, id: number): Promise<ExpenseReportRow | null> {
  const row = await repo.getReport(db, accountId, id);
  return row ? (await withLines(db, accountId, [row]))[0] : null;
}

/** Reimbursed reports of exactly `amount` repaid within [from, to] (bank matching). */
export async function reimbursedReportsOfAmount(db: Kysely<Database>, accountId: number, amount: Big, from: string, to: string) {
  return withLines(db, accountId, await repo.reimbursedOfAmount(db, accountId, amount, from, to));
}
