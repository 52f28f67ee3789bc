// SQL of e-reporting: the sale documents of a period, and the reports sent (table ereporting_reports).
import type { Kysely, Selectable } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import type { Database, EreportingReportsTable } from '../../db/schema.js';

type Db = Kysely<Database>;
export type ReportRow = Selectable<EreportingReportsTable>;

/** Finalized sale documents dated in [start, end], by date then id. */
export async function finalizedDocumentsBetween(db: Db, accountId: number, start: string, end: string) {
  return db
    .selectFrom('saleDocuments')
    .select(['id', 'kind', 'number', 'date'])
    .where('accountId', '=', accountId)
    .where('isDraft', '=', false)
    .where('date', '>=', start)
    .where('date', '<=', end)
    .orderBy('date')
    .orderBy('id')
    .execute();
}

/** Every report of the periods given (all of the account's when none), by period then sequence. */
export async function reportsOf(db: Db, accountId: number, periodIds?: string[]): Promise<ReportRow[]> {
  if (periodIds && !periodIds.length) return [];
  let q = db.selectFrom('ereportingReports').selectAll().where('accountId', '=', accountId);
  if (periodIds) q = q.where('periodId', 'in', periodIds);
  return q.orderBy('periodId').orderBy('sequence').execute();
}

export async function reportById(db: Db, id: number): Promise<ReportRow | undefined> {
  return db.selectFrom('ereportingReports').selectAll().where('id', '=', id).executeTakeFirst();
}

export type NewReport = Omit<
  ReportRow,
  'id' | 'attempts' | 'lockedUntil' | 'firstAttemptAt' | 'flowId' | 'submittedAt' | 'lastError' | 'ackStatus' | 'ackMessage'
>;

/** Inserts a report; false when that sequence of the period exists already (a concurrent send won). */
export async function insertReport(db: Db, values: NewReport): Promise<boolean> {
  const res = await db
    .insertInto('ereportingReports')
    .values(values)
    .onConflict((oc) => oc.columns(['accountId', 'periodId', 'sequence']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateReport(db: Db, id: number, values: Partial<Omit<ReportRow, 'id' | 'accountId'>>) {
  await db
    .updateTable('ereportingReports')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Claims due Pending reports (lease until `lease`), counting the attempt before anything is sent. */
export async function claimReports(db: Db, now: number, lease: number, limit: number, only?: { accountId: number; id: number }) {
  let q = db
    .selectFrom('ereportingReports')
    .select('id')
    .where('state', '=', 'Pending')
    .where('nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]));
  if (only) q = q.where('accountId', '=', only.accountId).where('id', '=', only.id);
  q = q.orderBy('id').limit(limit);
  if (!isSqlite(db)) q = q.forUpdate().skipLocked();
  const ids = (await q.execute()).map((r) => r.id);
  if (!ids.length) return [];
  await db
    .updateTable('ereportingReports')
    .set((eb) => ({ lockedUntil: lease, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', ids)
    .execute();
  await db
    .updateTable('ereportingReports')
    .set({ firstAttemptAt: now })
    .where('id', 'in', ids)
    .where('firstAttemptAt', 'is', null)
    .execute();
  return db.selectFrom('ereportingReports').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

/** Submitted reports whose acknowledgement the PA has not given yet. */
export async function awaitingAcknowledgement(db: Db, limit: number) {
  return db
    .selectFrom('ereportingReports')
    .selectAll()
    .where('state', '=', 'Submitted')
    .where('ackStatus', '=', 'Pending')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The e-invoicing transmission state of the account's sale documents, by "kind|id". */
export async function transmissionsOf(db: Db, accountId: number): Promise<Map<string, 'Pending' | 'Submitted' | 'Failed'>> {
  const rows = await db
    .selectFrom('platformTransmissions')
    .select(['kind', 'documentId', 'state'])
    .where('accountId', '=', accountId)
    .execute();
  return new Map(rows.map((r) => [`${r.kind}|${r.documentId}`, r.state]));
}

/**
 * Sale documents the platform rejected (213 Rejetée other than a DOUBLON, or 501 Irrecevable), by
 * "kind|id": the administration does not count them.
 */
export async function rejectedDocuments(db: Db, accountId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('platformStatuses')
    .select(['documentKind', 'documentId', 'reasonCode'])
    .where('accountId', '=', accountId)
    .where('code', 'in', ['213', '501'])
    .where('documentId', 'is not', null)
    .execute();
  return new Set(rows.filter((r) => r.reasonCode !== 'DOUBLON').map((r) => `${r.documentKind}|${r.documentId}`));
}

/** Whether the 212 Encaissée of this receipt on this invoice reached the platform. */
export async function collectedStatusSent(db: Db, accountId: number, invoiceId: number, receiptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('platformOutgoing')
    .select('state')
    .where('accountId', '=', accountId)
    .where('dedupeKey', '=', `212|Invoice|${invoiceId}|receipt:${receiptId}`)
    .executeTakeFirst();
  return row?.state === 'Submitted';
}
