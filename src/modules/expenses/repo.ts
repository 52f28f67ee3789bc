// SQL of expense reports, their lines and the receipt files of lines. Every function takes the account id.
import type Big from 'big.js';
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import { fromStoredAmount, toStoredAmount } from '../../db/money.js';
import type { Database, ExpenseReportLinesTable, ExpenseReportsTable } from '../../db/schema.js';
import { searchTextConditions } from '../../db/search.js';
import type { Page } from '../../app/paging.js';

type Db = Kysely<Database>;
type Amounts = 'taxExcludedAmount' | 'vatAmount' | 'taxIncludedAmount';
export type ReportRow = Omit<ExpenseReportsTable, 'id' | 'version' | Amounts> & { id: number; version: number } & Record<Amounts, Big>;
export type LineRow = Omit<ExpenseReportLinesTable, 'id' | Amounts> & { id: number } & Record<Amounts, Big>;
export type ReportValues = Omit<ReportRow, 'id' | 'accountId' | 'createdAt' | 'version'>;
export type LineValues = Omit<LineRow, 'id' | 'accountId' | 'reportId' | 'createdAt'>;

function dec<R extends Record<Amounts, ExpenseReportsTable['vatAmount']>>(db: Db, r: R): Omit<R, Amounts> & Record<Amounts, Big> {
  return {
    ...r,
    taxExcludedAmount: fromStoredAmount(db, r.taxExcludedAmount),
    vatAmount: fromStoredAmount(db, r.vatAmount),
    taxIncludedAmount: fromStoredAmount(db, r.taxIncludedAmount),
  };
}
function enc<R extends Record<Amounts, Big>>(db: Db, r: R) {
  return {
    ...r,
    taxExcludedAmount: toStoredAmount(db, r.taxExcludedAmount),
    vatAmount: toStoredAmount(db, r.vatAmount),
    taxIncludedAmount: toStoredAmount(db, r.taxIncludedAmount),
  };
}

export { searchTextOf } from '../../db/search.js';

export async function insertReport(db: Db, accountId: number, values: ReportValues): Promise<number> {
  const { id } = await db
    .insertInto('expenseReports')
    .values({ accountId, ...enc(db, values), createdAt: values.updatedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateReport(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<ReportValues>,
  atVersion?: number,
): Promise<boolean> {
  const set: Record<string, unknown> = { ...values, version: sql<number>`version + 1` };
  for (const k of ['taxExcludedAmount', 'vatAmount', 'taxIncludedAmount'] as const) {
    if (values[k] !== undefined) set[k] = toStoredAmount(db, values[k]);
  }
  let q = db.updateTable('expenseReports').set(set).where('accountId', '=', accountId).where('id', '=', id);
  if (atVersion !== undefined) q = q.where('version', '=', atVersion);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function deleteReport(db: Db, accountId: number, id: number): Promise<void> {
  const lines = db.selectFrom('expenseReportLines').select('id').where('accountId', '=', accountId).where('reportId', '=', id);
  await db.deleteFrom('expenseFiles').where('accountId', '=', accountId).where('lineId', 'in', lines).execute();
  await db.deleteFrom('expenseReportLines').where('accountId', '=', accountId).where('reportId', '=', id).execute();
  await db.deleteFrom('expenseReports').where('accountId', '=', accountId).where('id', '=', id).execute();
}

export async function getReport(db: Db, accountId: number, id: number, forUpdate = false): Promise<ReportRow | undefined> {
  let q = db.selectFrom('expenseReports').selectAll().where('accountId', '=', accountId).where('id', '=', id);
  if (forUpdate && !isSqlite(db)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && dec(db, row);
}

export async function insertLine(db: Db, accountId: number, reportId: number, values: LineValues): Promise<number> {
  const { id } = await db
    .insertInto('expenseReportLines')
    .values({ accountId, reportId, ...enc(db, values), createdAt: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateLine(db: Db, accountId: number, lineId: number, values: LineValues): Promise<void> {
  await db.updateTable('expenseReportLines').set(enc(db, values)).where('accountId', '=', accountId).where('id', '=', lineId).execute();
}

export async function deleteLine(db: Db, accountId: number, lineId: number): Promise<void> {
  await db.deleteFrom('expenseFiles').where('accountId', '=', accountId).where('lineId', '=', lineId).execute();
  await db.deleteFrom('expenseReportLines').where('accountId', '=', accountId).where('id', '=', lineId).execute();
}

export async function linesOf(db: Db, accountId: number, reportIds: number[]): Promise<Map<number, LineRow[]>> {
  const out = new Map<number, LineRow[]>(reportIds.map((id) => [id, []]));
  if (!reportIds.length) return out;
  const rows = await db
    .selectFrom('expenseReportLines')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('reportId', 'in', [...new Set(reportIds)])
    .orderBy('reportId')
    .orderBy('date')
    .orderBy('id')
    .execute();
  for (const r of rows) out.get(r.reportId)?.push(dec(db, r));
  return out;
}

export async function filesOf(db: Db, accountId: number, lineIds: number[]) {
  if (!lineIds.length) return new Map<number, { fileName: string | null; contentType: string; size: number }>();
  const rows = await db
    .selectFrom('expenseFiles')
    .select(['lineId', 'fileName', 'contentType', 'size'])
    .where('accountId', '=', accountId)
    .where('lineId', 'in', lineIds)
    .execute();
  return new Map(rows.map((r) => [r.lineId, r]));
}

export async function putFile(
  db: Db,
  accountId: number,
  lineId: number,
  file: { fileName: string | null; contentType: string; size: number; sha256: string; content: Buffer },
): Promise<void> {
  await db.deleteFrom('expenseFiles').where('accountId', '=', accountId).where('lineId', '=', lineId).execute();
  await db
    .insertInto('expenseFiles')
    .values({ accountId, lineId, ...file, createdAt: new Date().toISOString() })
    .execute();
}

export async function getFile(db: Db, accountId: number, lineId: number) {
  return db.selectFrom('expenseFiles').selectAll().where('accountId', '=', accountId).where('lineId', '=', lineId).executeTakeFirst();
}

export interface ReportFilter {
  from?: string;
  to?: string;
  colleagueId?: number;
  status?: string;
  query?: string;
}

function filtered(db: Db, accountId: number, f: ReportFilter) {
  let q = db.selectFrom('expenseReports').where('accountId', '=', accountId);
  // A report is in [from, to] when its period meets it.
  if (f.from) q = q.where('periodEnd', '>=', f.from);
  if (f.to) q = q.where('periodStart', '<=', f.to);
  if (f.colleagueId !== undefined) q = q.where('colleagueId', '=', f.colleagueId);
  if (f.status) q = q.where('status', '=', f.status);
  for (const c of searchTextConditions(f.query)) q = q.where(c);
  return q;
}

export async function listReports(db: Db, accountId: number, f: ReportFilter, page: Page) {
  const base = filtered(db, accountId, f);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const rows = await base.selectAll().orderBy('periodStart', 'desc').orderBy('id', 'desc').limit(page.size).offset(page.offset).execute();
  return { rows: rows.map((r) => dec(db, r)), total };
}

export async function reportBatch(db: Db, accountId: number, f: ReportFilter, afterId: number, size: number) {
  const rows = await filtered(db, accountId, f).selectAll().where('id', '>', afterId).orderBy('id').limit(size).execute();
  return rows.map((r) => dec(db, r));
}

export async function reimbursedOfAmount(db: Db, accountId: number, amount: Big, from: string, to: string) {
  const rows = await db
    .selectFrom('expenseReports')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('status', '=', 'Reimbursed')
    .where('taxIncludedAmount', '=', toStoredAmount(db, amount))
    .where('reimbursedDate', '>=', from)
    .where('reimbursedDate', '<=', to)
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((r) => dec(db, r));
}

/**
 * The bank transaction matched with the repayment of a report, if any. Read from the bank's table
 * directly: the bank module reads this one (matching), so importing it here would be a cycle.
 */
export async function bankTransactionMatchedWith(db: Db, accountId: number, reportId: number) {
  return db
    .selectFrom('bankTransactions')
    .select('id')
    .where('accountId', '=', accountId)
    .where('matchType', '=', 'ExpenseReport')
    .where('matchId', '=', reportId)
    .executeTakeFirst();
}
