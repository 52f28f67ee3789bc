// SQL of the platform module's tables (migration 023): transmissions, outgoing statuses, the
// timeline, the inbox of flows read, the per-account reading cursors and the event cursor.
// Every query filters on the account, except the worker's claims, which take due rows of any account.
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import { preparedQuery } from '../../db/prepared.js';
import type { Database, PlatformStatusesTable, PlatformTransmissionsTable } from '../../db/schema.js';

type Db = Kysely<Database>;
export type TransmissionRow = Omit<PlatformTransmissionsTable, 'id' | 'attempts'> & { id: number; attempts: number };
export type StatusRow = Omit<PlatformStatusesTable, 'id'> & { id: number };
export type NewStatusRow = Omit<PlatformStatusesTable, 'id'>;

const ms = (v: number | string | null) => (v === null ? null : Number(v));

function normalize<
  T extends { nextAttemptAt: number | string; lockedUntil: number | string | null; firstAttemptAt: number | string | null },
>(row: T): T {
  return { ...row, nextAttemptAt: Number(row.nextAttemptAt), lockedUntil: ms(row.lockedUntil), firstAttemptAt: ms(row.firstAttemptAt) };
}

// --- transmissions ---------------------------------------------------------------------------------

/** Inserts the transmission of a document unless it has one; answers whether it was inserted. */
export async function insertTransmission(
  db: Db,
  values: { accountId: number; kind: 'Invoice' | 'Credit'; documentId: number; trackingId: string; now: number },
): Promise<boolean> {
  const at = new Date(values.now).toISOString();
  const res = await db
    .insertInto('platformTransmissions')
    .values({
      accountId: values.accountId,
      kind: values.kind,
      documentId: values.documentId,
      trackingId: values.trackingId,
      state: 'Pending',
      nextAttemptAt: values.now,
      lockedUntil: null,
      firstAttemptAt: null,
      flowId: null,
      submittedAt: null,
      lastStatusCode: null,
      lastError: null,
      createdAt: at,
      updatedAt: at,
    })
    .onConflict((oc) => oc.columns(['accountId', 'kind', 'documentId']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function transmissionOf(
  db: Db,
  accountId: number,
  kind: 'Invoice' | 'Credit',
  documentId: number,
): Promise<TransmissionRow | null> {
  const row = await db
    .selectFrom('platformTransmissions')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('kind', '=', kind)
    .where('documentId', '=', documentId)
    .executeTakeFirst();
  return row ? normalize(row as TransmissionRow) : null;
}

/** One document's transmissions and statuses: read by every GET of a sale document, so compiled once. */
const transmissionsOfOne = preparedQuery((db, v: { accountId: number; kind: 'Invoice' | 'Credit'; id: number }) =>
  db
    .selectFrom('platformTransmissions')
    .selectAll()
    .where('accountId', '=', v.accountId)
    .where('kind', '=', v.kind)
    .where('documentId', '=', v.id),
);
const statusesOfOne = preparedQuery((db, v: { accountId: number; kind: 'Invoice' | 'Credit' | 'Purchase'; id: number }) =>
  db
    .selectFrom('platformStatuses')
    .selectAll()
    .where('accountId', '=', v.accountId)
    .where('documentKind', '=', v.kind)
    .where('documentId', '=', v.id)
    .orderBy('statusAt')
    .orderBy('id'),
);

export async function transmissionsOf(db: Db, accountId: number, kind: 'Invoice' | 'Credit', ids: number[]): Promise<TransmissionRow[]> {
  if (!ids.length) return [];
  if (ids.length === 1) return (await transmissionsOfOne(db, { accountId, kind, id: ids[0] })).map((r) => normalize(r as TransmissionRow));
  const rows = await db
    .selectFrom('platformTransmissions')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('kind', '=', kind)
    .where('documentId', 'in', ids)
    .execute();
  return rows.map((r) => normalize(r as TransmissionRow));
}

/**
 * Claims due transmissions (or one, by id) for `leaseUntil`: each claim counts as an attempt before
 * anything is sent, so that after a crash the next attempt knows one may have reached the platform.
 */
export async function claimTransmissions(db: Db, now: number, leaseUntil: number, limit: number, only?: { accountId: number; id: number }) {
  let q = db
    .selectFrom('platformTransmissions')
    .select('id')
    .where('state', '=', 'Pending')
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]));
  q = only ? q.where('accountId', '=', only.accountId).where('id', '=', only.id) : q.where('nextAttemptAt', '<=', now);
  q = q.orderBy('nextAttemptAt').limit(limit);
  if (!isSqlite(db)) q = q.forUpdate().skipLocked();
  const ids = (await q.execute()).map((r) => r.id);
  if (!ids.length) return [];
  await db
    .updateTable('platformTransmissions')
    .set((eb) => ({
      lockedUntil: leaseUntil,
      attempts: eb('attempts', '+', 1),
      firstAttemptAt: eb.fn.coalesce('firstAttemptAt', sql<number>`${now}`),
    }))
    .where('id', 'in', ids)
    .execute();
  const rows = await db.selectFrom('platformTransmissions').selectAll().where('id', 'in', ids).execute();
  return rows.map((r) => normalize(r as TransmissionRow));
}

export async function updateTransmission(db: Db, id: number, changes: Partial<Omit<TransmissionRow, 'id' | 'accountId'>>): Promise<void> {
  await db
    .updateTable('platformTransmissions')
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

// --- outgoing statuses ---------------------------------------------------------------------------------

export async function insertOutgoing(
  db: Db,
  v: { accountId: number; dedupeKey: string; trackingId: string; content: string; now: number },
): Promise<boolean> {
  const res = await db
    .insertInto('platformOutgoing')
    .values({
      accountId: v.accountId,
      dedupeKey: v.dedupeKey,
      trackingId: v.trackingId,
      content: v.content,
      state: 'Pending',
      nextAttemptAt: v.now,
      lockedUntil: null,
      firstAttemptAt: null,
      flowId: null,
      lastError: null,
      createdAt: new Date(v.now).toISOString(),
    })
    .onConflict((oc) => oc.columns(['accountId', 'dedupeKey']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function claimOutgoing(db: Db, now: number, leaseUntil: number, limit: number) {
  let q = db
    .selectFrom('platformOutgoing')
    .select('id')
    .where('state', '=', 'Pending')
    .where('nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .orderBy('nextAttemptAt')
    .limit(limit);
  if (!isSqlite(db)) q = q.forUpdate().skipLocked();
  const ids = (await q.execute()).map((r) => r.id);
  if (!ids.length) return [];
  await db
    .updateTable('platformOutgoing')
    .set((eb) => ({
      lockedUntil: leaseUntil,
      attempts: eb('attempts', '+', 1),
      firstAttemptAt: eb.fn.coalesce('firstAttemptAt', sql<number>`${now}`),
    }))
    .where('id', 'in', ids)
    .execute();
  const rows = await db.selectFrom('platformOutgoing').selectAll().where('id', 'in', ids).execute();
  return rows.map((r) => normalize({ ...r, attempts: Number(r.attempts) }));
}

export async function updateOutgoing(
  db: Db,
  id: number,
  changes: {
    state?: 'Pending' | 'Submitted' | 'Failed';
    nextAttemptAt?: number;
    lockedUntil?: number | null;
    flowId?: string | null;
    lastError?: string | null;
  },
) {
  await db.updateTable('platformOutgoing').set(changes).where('id', '=', id).execute();
}

// --- timeline ---------------------------------------------------------------------------------------

/** Inserts the statuses not recorded yet (by dedupe key); answers the ones inserted. */
export async function insertStatuses(db: Db, rows: NewStatusRow[]): Promise<NewStatusRow[]> {
  const inserted: NewStatusRow[] = [];
  for (const row of rows) {
    const res = await db
      .insertInto('platformStatuses')
      .values(row)
      .onConflict((oc) => oc.columns(['accountId', 'dedupeKey']).doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) inserted.push(row);
  }
  return inserted;
}

export async function statusesOf(db: Db, accountId: number, kind: 'Invoice' | 'Credit' | 'Purchase', ids: number[]): Promise<StatusRow[]> {
  if (!ids.length) return [];
  if (ids.length === 1) return await statusesOfOne(db, { accountId, kind, id: ids[0] });
  return await db
    .selectFrom('platformStatuses')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('documentKind', '=', kind)
    .where('documentId', 'in', ids)
    .orderBy('statusAt')
    .orderBy('id')
    .execute();
}

export async function unmatchedStatuses(db: Db, accountId: number, limit: number): Promise<StatusRow[]> {
  return await db
    .selectFrom('platformStatuses')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('documentId', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// --- inbox ------------------------------------------------------------------------------------------

export async function seenFlows(db: Db, accountId: number, flowIds: string[]): Promise<Set<string>> {
  if (!flowIds.length) return new Set();
  const rows = await db
    .selectFrom('platformInbox')
    .select('flowId')
    .where('accountId', '=', accountId)
    .where('flowId', 'in', flowIds)
    .execute();
  return new Set(rows.map((r) => r.flowId));
}

export async function insertInbox(db: Db, row: Database['platformInbox']): Promise<boolean> {
  const res = await db
    .insertInto('platformInbox')
    .values(row)
    .onConflict((oc) => oc.columns(['accountId', 'flowId']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function inboxProblems(db: Db, accountId: number, limit: number) {
  return db
    .selectFrom('platformInbox')
    .select(['flowId', 'flowType', 'state', 'problem', 'createdAt'])
    .where('accountId', '=', accountId)
    .where('state', 'in', ['Malformed', 'Unmatched', 'Refused'])
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .execute();
}

export async function receivedPurchase(db: Db, accountId: number, purchaseId: number) {
  return db
    .selectFrom('platformInbox')
    .select(['flowId', 'facts'])
    .where('accountId', '=', accountId)
    .where('purchaseId', '=', purchaseId)
    .executeTakeFirst();
}

export async function receivedPurchases(db: Db, accountId: number) {
  return db
    .selectFrom('platformInbox')
    .select(['flowId', 'facts', 'purchaseId'])
    .where('accountId', '=', accountId)
    .where('state', '=', 'Received')
    .execute();
}

// --- cursors ----------------------------------------------------------------------------------------

export async function ensureCursor(db: Db, accountId: number): Promise<void> {
  await db
    .insertInto('platformCursors')
    .values({ accountId, updatedAfter: null, lockedUntil: null, polledAt: null, lastError: null })
    .onConflict((oc) => oc.column('accountId').doNothing())
    .execute();
}

/** Takes the reading lease of an account's flows (one reader at a time); false when another holds it. */
export async function leaseCursor(db: Db, accountId: number, now: number, until: number): Promise<{ updatedAfter: string | null } | null> {
  await ensureCursor(db, accountId);
  const res = await db
    .updateTable('platformCursors')
    .set({ lockedUntil: until })
    .where('accountId', '=', accountId)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return null;
  const row = await db.selectFrom('platformCursors').select('updatedAfter').where('accountId', '=', accountId).executeTakeFirstOrThrow();
  return row;
}

export async function moveCursor(
  db: Db,
  accountId: number,
  changes: { updatedAfter?: string | null; polledAt?: string; lastError?: string | null; lockedUntil?: number | null },
) {
  await db.updateTable('platformCursors').set(changes).where('accountId', '=', accountId).execute();
}

export async function cursorsDue(db: Db, before: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('platformCursors')
    .select('accountId')
    .where((eb) => eb.or([eb('polledAt', 'is', null), eb('polledAt', '<', before)]))
    .orderBy('polledAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.accountId);
}

export async function cursorOf(db: Db, accountId: number) {
  return db.selectFrom('platformCursors').selectAll().where('accountId', '=', accountId).executeTakeFirst();
}

/** Accounts whose settings name a platform (the settings are JSON: a cheap textual filter, then checked). */
export async function accountsWithPlatform(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('settings').select('accountId').where('data', 'like', '%"flowServiceUrl"%').execute();
  return rows.map((r) => r.accountId);
}

// --- the outbox events looked at ----------------------------------------------------------------------

/**
 * The outbox events of `types` after the cursor, up to the first gap in the ids that is younger than
 * a minute: on PostgreSQL a transaction that took a lower id may commit after a higher one (the gap
 * fills in a moment); a gap older than that is a rolled-back transaction, passed over.
 */
export async function eventsAfter(db: Db, types: string[], limit: number, now: number) {
  let q = db.selectFrom('platformEventCursor').select('lastEventId').where('name', '=', 'platform');
  if (!isSqlite(db)) q = q.forUpdate().skipLocked();
  const cursor = await q.executeTakeFirst();
  if (!cursor) return null;
  const last = Number(cursor.lastEventId);
  const after = await db.selectFrom('outbox').select(['id', 'createdAt']).where('id', '>', last).orderBy('id').limit(limit).execute();
  let upTo = last;
  for (const row of after) {
    if (row.id !== upTo + 1 && Date.parse(row.createdAt) > now - 60_000) break;
    upTo = row.id;
  }
  if (upTo === last) return { events: [], next: last, moved: false };
  const events = await db
    .selectFrom('outbox')
    .select(['id', 'accountId', 'type', 'payload'])
    .where('id', '>', last)
    .where('id', '<=', upTo)
    .where('type', 'in', types)
    .orderBy('id')
    .execute();
  return { events, next: upTo, moved: true };
}

export async function setEventCursor(db: Db, id: number): Promise<void> {
  await db.updateTable('platformEventCursor').set({ lastEventId: id }).where('name', '=', 'platform').execute();
}
