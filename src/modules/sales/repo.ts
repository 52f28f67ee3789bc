// SQL of sale documents, their numbering counters, the head of their hash chain, and the PDFs stored
// of finalized ones (document_files).
import Big from 'big.js';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import { countOnce } from '../../db/counts.js';
import { preparedQuery } from '../../db/prepared.js';
import { fromStoredAmount, toStoredAmount } from '../../db/money.js';
import type { Database, DocumentFilesTable, SaleDocumentsTable } from '../../db/schema.js';
import { ConflictError } from '../../errors.js';
import type { OutboxRow } from '../../jobs/outbox.js';
import type { Page, SortKey } from '../../app/paging.js';
import { saleDocumentQueryCondition } from '../../db/search.js';
import { decodeDocument, type DocumentKind, type StoredDocument } from './document.js';
import { encodeDetail } from './detail.js';
import { decodeSnapshot, deflateSnapshot, type StoredSnapshot } from './snapshot-codec.js';
export { decodeSnapshot };

type Db = Kysely<Database>;
type AmountColumn = 'taxExcludedAmount' | 'taxIncludedAmount' | 'balance';
/** A document as this module sees it: amounts as exact decimals, the snapshot as JSON text. */
export type DocumentRow = Omit<SaleDocumentsTable, 'id' | 'version' | AmountColumn> & {
  id: number;
  version: number;
  data: string;
} & Record<AmountColumn, Big>;
/** What a new document's row holds (its id and first version come from the database). */
export type NewDocumentRow = Omit<DocumentRow, 'id' | 'version'>;
type DocumentChanges = Partial<Omit<DocumentRow, 'id' | 'accountId' | 'kind' | 'version'>>;

export function encodeSnapshot(db: Db, json: string): string | Buffer {
  return isSqlite(db) ? deflateSnapshot(json) : json;
}

/** The document row with its JSON snapshot (kept in sale_document_data, see migration 005). */
function withData(db: Db) {
  return db
    .selectFrom('saleDocuments')
    .innerJoin('saleDocumentData', 'saleDocumentData.documentId', 'saleDocuments.id')
    .selectAll('saleDocuments')
    .select('saleDocumentData.data');
}

type StoredRow = Omit<SaleDocumentsTable, 'id' | 'version'> & { id: number; version: number; data: StoredSnapshot };
/** A document row whose snapshot is left as stored, for a worker thread to decode (see tasks.ts). */
export type StoredDocumentRow = Omit<DocumentRow, 'data'> & { data: StoredSnapshot };

function decoded(db: Db, row: StoredRow): DocumentRow {
  const { row: out, unreadable } = decodedForAudit(db, row);
  refuseUnreadable(row, unreadable);
  return out;
}

/** The row with its amounts decoded and its snapshot as stored (inflated and parsed elsewhere). */
function withStoredSnapshot(db: Db, row: StoredRow): StoredDocumentRow {
  const { row: out, unreadable } = decodedForAudit(db, row, false);
  refuseUnreadable(row, unreadable);
  return { ...out, data: row.data };
}

/**
 * The row with its snapshot inflated and parsed; a snapshot that does not inflate, or is not JSON, is
 * refused as `decoded` refuses what it cannot read (409, never a 500).
 */
export function readableDocument(row: StoredDocumentRow): { row: DocumentRow; data: StoredDocument } {
  let json: string;
  try {
    json = decodeSnapshot(row.data);
  } catch {
    throw unreadableError(row, { data: 'a snapshot that does not inflate' });
  }
  try {
    return { row: { ...row, data: json }, data: decodeDocument(json) };
  } catch {
    throw unreadableError(row, { data: 'a snapshot that is not JSON' });
  }
}

function refuseUnreadable(row: Pick<StoredRow, 'kind' | 'id' | 'number'>, unreadable: Record<string, string>): void {
  if (Object.keys(unreadable).length) throw unreadableError(row, unreadable);
}

function unreadableError(row: Pick<StoredRow, 'kind' | 'id' | 'number'>, unreadable: Record<string, string>): ConflictError {
  // Only a change made outside the application stores such a value: say so, never a 500.
  const fields = Object.keys(unreadable);
  return new ConflictError(
    `${row.kind} ${row.id}${row.number ? ` (${row.number})` : ''} cannot be read: ${fields.map((f) => `${f} is ${unreadable[f]}`).join('; ')}. ` +
      'The database was changed outside the application; run `facturier audit verify`',
  );
}

/** A new row as stored: amounts in their stored form. */
function storedRow(db: Db, values: Omit<NewDocumentRow, 'data'>) {
  const { taxExcludedAmount, taxIncludedAmount, balance, ...rest } = values;
  return {
    ...rest,
    taxExcludedAmount: toStoredAmount(db, taxExcludedAmount),
    taxIncludedAmount: toStoredAmount(db, taxIncludedAmount),
    balance: toStoredAmount(db, balance),
  };
}

/** Changes as stored: the amounts among them in their stored form. */
function storedChanges(db: Db, values: Omit<DocumentChanges, 'data'>) {
  const { taxExcludedAmount, taxIncludedAmount, balance, ...rest } = values;
  return {
    ...rest,
    ...(taxExcludedAmount && { taxExcludedAmount: toStoredAmount(db, taxExcludedAmount) }),
    ...(taxIncludedAmount && { taxIncludedAmount: toStoredAmount(db, taxIncludedAmount) }),
    ...(balance && { balance: toStoredAmount(db, balance) }),
  };
}

export type SortColumn =
  'id' | 'date' | 'number' | 'customerName' | 'taxExcludedAmount' | 'taxIncludedAmount' | 'balance' | 'dueDate' | 'createdAt';

export async function insertDocument(db: Db, values: NewDocumentRow): Promise<number> {
  return (await insertDocuments(db, [values]))[0];
}

/** Documents written in two statements, one for their rows and one for their snapshots (the bench generator's batches). */
export async function insertDocuments(db: Db, values: NewDocumentRow[]): Promise<number[]> {
  if (!values.length) return [];
  const rows = values.map(({ data: _data, ...columns }) => storedRow(db, columns));
  // One statement numbers its rows in order; RETURNING's order is not promised, the ids' order is.
  const ids = (await db.insertInto('saleDocuments').values(rows).returning('id').execute()).map((r) => r.id).sort((x, y) => x - y);
  await db
    .insertInto('saleDocumentData')
    .values(ids.map((documentId, i) => ({ documentId, data: encodeSnapshot(db, values[i].data) })))
    .execute();
  const finalized = ids.flatMap((documentId, i) =>
    values[i].isDraft ? [] : [{ documentId, detail: encodeDetail(decodeDocument(values[i].data)) }],
  );
  if (finalized.length) await db.insertInto('saleDocumentLines').values(finalized).execute();
  return ids;
}

/** Stores the Detail of a document being finalized (modules/sales/detail.ts): its lines never change after. */
export async function insertDetail(db: Db, documentId: number, data: StoredDocument): Promise<void> {
  await db
    .insertInto('saleDocumentLines')
    .values({ documentId, detail: encodeDetail(data) })
    .execute();
}

/** Writes a document's changes and increments its version (its ETag); answers the new version. */
export async function updateDocument(db: Db, accountId: number, id: number, values: DocumentChanges): Promise<number | undefined> {
  const { data, ...columns } = values;
  const updated = await db
    .updateTable('saleDocuments')
    .set({ ...storedChanges(db, columns), version: sql<number>`version + 1` })
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirst();
  // The account check above guards the data row, which has no account of its own.
  if (data !== undefined && updated) {
    await db
      .updateTable('saleDocumentData')
      .set({ data: encodeSnapshot(db, data) })
      .where('documentId', '=', id)
      .execute();
  }
  return updated?.version;
}

/** Everything a finalization writes once its number is taken and its audit entry sealed. */
export interface FinalizationWrites {
  accountId: number;
  id: number;
  /** The row's changes (and its new snapshot); its version moves from `version` to `version + 1`. */
  changes: DocumentChanges & { data: string };
  version: number;
  detail: StoredDocument;
  entries: AuditEntryRow[];
  head: { kind: DocumentKind; values: Parameters<typeof updateHead>[3] };
  /** The outbox row announcing the finalization, when the use case emits one. */
  outbox?: OutboxRow;
}

/**
 * Writes a finalization: the document row and its snapshot, its Detail, its audit entry, the chain
 * head, its outbox event. On PostgreSQL in one statement (data-modifying CTEs over different
 * tables, one round trip instead of six while the numbering and chain-head locks are held); on
 * SQLite, where a statement costs no round trip, one statement each. Answers the new version.
 */
export async function writeFinalization(db: Db, w: FinalizationWrites): Promise<number> {
  const { data, ...columns } = w.changes;
  const next = w.version + 1;
  if (isSqlite(db) || w.entries.length !== 1) {
    const version = (await updateDocument(db, w.accountId, w.id, w.changes))!;
    await insertDetail(db, w.id, w.detail);
    await insertEntries(db, w.entries);
    await updateHead(db, w.accountId, w.head.kind, w.head.values);
    if (w.outbox) await db.insertInto('outbox').values(w.outbox).execute();
    if (version !== next) throw new ConflictError(`Document ${w.id} changed while it was being finalized`);
    return version;
  }
  let q = db
    .with('doc', (d) =>
      d
        .updateTable('saleDocuments')
        .set({ ...storedChanges(db, columns), version: sql<number>`version + 1` })
        .where('accountId', '=', w.accountId)
        .where('id', '=', w.id)
        .returning('version'),
    )
    .with('snapshot', (d) =>
      d
        .updateTable('saleDocumentData')
        .set({ data: encodeSnapshot(db, data) })
        .where('documentId', '=', w.id)
        .returning('documentId'),
    )
    .with('lines', (d) =>
      d
        .insertInto('saleDocumentLines')
        .values({ documentId: w.id, detail: encodeDetail(w.detail) })
        .returning('documentId'),
    )
    .with('entry', (d) => d.insertInto('auditEntries').values(w.entries[0]).returning('seq'))
    .with('head', (d) =>
      d
        .updateTable('documentHeads')
        .set(w.head.values)
        .where('accountId', '=', w.accountId)
        .where('kind', '=', w.head.kind)
        .returning('chainIndex'),
    );
  if (w.outbox) {
    const outbox = w.outbox;
    q = q.with('event', (d) => d.insertInto('outbox').values(outbox).returning('id')) as unknown as typeof q;
  }
  const row = await q.selectFrom('doc').select('version').executeTakeFirst();
  // The row was read locked (FOR UPDATE) in this transaction: its version can only have moved by one.
  if (row?.version !== next) throw new ConflictError(`Document ${w.id} changed while it was being finalized`);
  return row.version;
}

export async function deleteDocument(db: Db, accountId: number, id: number): Promise<void> {
  await db.deleteFrom('saleDocuments').where('accountId', '=', accountId).where('id', '=', id).execute();
}

export async function getDocument(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  id: number,
  forUpdate = false,
): Promise<DocumentRow | undefined> {
  let q = withData(db).where('accountId', '=', accountId).where('kind', '=', kind).where('id', '=', id);
  if (forUpdate && !isSqlite(db)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && decoded(db, row);
}

/**
 * The document with its snapshot as stored: inflating and parsing the snapshot of a long document
 * takes tens of milliseconds, which a caller that renders it on a worker thread leaves to the worker.
 */
export async function getDocumentWithStoredSnapshot(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  id: number,
): Promise<StoredDocumentRow | undefined> {
  const [row] = await documentById(db, { accountId, kind, id });
  return row && withStoredSnapshot(db, row);
}

/**
 * A document read for its answer (GET, lists; issue #29): what the key of its answer needs at once,
 * the rest decoded only when asked, so that an answer already held costs no decoding. Every write of
 * the application moves `version` (updateDocument, writeFinalization) and ids are never given twice
 * (AUTOINCREMENT, sequences): the pair names the row and its snapshot exactly.
 */
export interface AnswerableDocument {
  id: number;
  kind: DocumentKind;
  version: number;
  updatedAt: string;
  isProcessed: boolean;
  /** The row with its amounts decoded (a 409 when they do not read) and its snapshot as stored. */
  stored(): StoredDocumentRow;
}

function answerable(db: Db, row: StoredRow): AnswerableDocument {
  let stored: StoredDocumentRow | undefined;
  return {
    id: row.id,
    kind: row.kind,
    version: row.version,
    updatedAt: row.updatedAt,
    isProcessed: Boolean(row.isProcessed),
    stored: () => (stored ??= withStoredSnapshot(db, row)),
  };
}

/** The document as GET answers it: one read, decoded only if its answer is not already held. */
export async function getDocumentForAnswer(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  id: number,
): Promise<AnswerableDocument | undefined> {
  const [row] = await documentById(db, { accountId, kind, id });
  return row && answerable(db, row);
}

/** One document with its snapshot as stored: GET's query, compiled once (src/db/prepared.ts). */
const documentById = preparedQuery((db, v: { accountId: number; kind: DocumentKind; id: number }) =>
  withData(db).where('accountId', '=', v.accountId).where('kind', '=', v.kind).where('id', '=', v.id),
);

export async function findDocuments(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  by: { number?: string; internalId?: string },
): Promise<DocumentRow[]> {
  let q = withData(db).where('accountId', '=', accountId).where('kind', '=', kind);
  if (by.number !== undefined) q = q.where('number', '=', by.number);
  if (by.internalId !== undefined) q = q.where('internalId', '=', by.internalId);
  return (await q.orderBy('id').limit(100).execute()).map((r) => decoded(db, r));
}

export interface ListFilter {
  from?: string;
  to?: string;
  customerId?: number;
  /** Part of the number or customer name, or an exact amount (db/search.ts). */
  query?: string;
  status?: 'Draft' | 'Incoming' | 'Expired' | 'Paid' | 'ToSend';
  cancelled: 'Excluded' | 'Only' | 'All';
  processed: 'Excluded' | 'Only' | 'All';
  /** Codes of the lifecycle status in force (sale_documents.einvoicing_status). */
  einvoicingStatus?: string[];
  today: string;
}

function applyFilter<O>(db: Db, q: SelectQueryBuilder<Database, 'saleDocuments', O>, f: ListFilter) {
  if (f.query?.trim()) q = q.where(saleDocumentQueryCondition(db, f.query));
  if (f.from) q = q.where('date', '>=', f.from);
  if (f.to) q = q.where('date', '<=', f.to);
  if (f.customerId !== undefined) q = q.where('customerId', '=', f.customerId);
  if (f.cancelled !== 'All') q = q.where('isCancelled', '=', f.cancelled === 'Only');
  if (f.processed !== 'All') q = q.where('isProcessed', '=', f.processed === 'Only');
  if (f.einvoicingStatus?.length) q = q.where('einvoicingStatus', 'in', f.einvoicingStatus);
  switch (f.status) {
    case 'Draft':
      // Drafts are never paid; saying so lets the state index serve the date order.
      q = q.where('isDraft', '=', true).where('isPaid', '=', false);
      break;
    case 'Paid':
      q = q.where('isDraft', '=', false).where('isPaid', '=', true);
      break;
    case 'Incoming':
      q = q.where('isDraft', '=', false).where('isPaid', '=', false).where('dueDate', '>=', f.today);
      break;
    case 'Expired':
      q = q.where('isDraft', '=', false).where('isPaid', '=', false).where('dueDate', '<', f.today);
      break;
    case 'ToSend':
      q = q.where('isDraft', '=', false).where('sentAt', 'is', null);
      break;
    default:
      break;
  }
  return q;
}

const NULLABLE_SORT = new Set<SortColumn>(['number', 'customerName', 'dueDate']);

export async function listDocuments(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  filter: ListFilter,
  page: Page,
  order: SortKey<SortColumn>[],
): Promise<{ rows: AnswerableDocument[]; total: number }> {
  const base = applyFilter(db, db.selectFrom('saleDocuments').where('accountId', '=', accountId).where('kind', '=', kind), filter);
  const total = await countOnce(db, `sale_documents:${accountId}:${kind}:${JSON.stringify(filter)}`, async () =>
    Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  );
  if (total === 0 || page.offset >= total) return { rows: [], total };
  // The page is chosen on the narrow table first; only its rows' snapshots are read afterwards
  // (joining first would read and sort the snapshot of every matching document).
  let q = base.select('id');
  // Nulls (a draft's number, a missing customer name) sort as the largest value on both dialects;
  // SQLite and PostgreSQL disagree by default. Only nullable columns get the clause: on the others
  // it would keep the database from walking an index in order.
  for (const key of order) {
    q = NULLABLE_SORT.has(key.column)
      ? q.orderBy(key.column, (ob) => (key.direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsFirst()))
      : q.orderBy(key.column, key.direction);
  }
  if (!order.some((k) => k.column === 'id')) q = q.orderBy('id', order[0]?.direction ?? 'asc');
  const ids = (await q.limit(page.size).offset(page.offset).execute()).map((r) => r.id);
  if (!ids.length) return { rows: [], total };
  // Snapshots as stored: the service decodes only those whose answer it does not already hold.
  const byId = new Map((await withData(db).where('saleDocuments.id', 'in', ids).execute()).map((r) => [r.id, answerable(db, r)]));
  return { rows: ids.map((id) => byId.get(id)!).filter(Boolean), total };
}

/**
 * Locks the (account, kind) head row for the rest of the transaction — the serialization point
 * of finalizations on PostgreSQL, across processes — and returns it.
 */
export async function lockHead(db: Db, accountId: number, kind: DocumentKind) {
  const head = await lockExistingHead(db, accountId, kind);
  if (head) return head;
  // The first finalization of this account and kind creates the row; concurrent first ones meet
  // on its primary key and all lock the same row.
  await db
    .insertInto('documentHeads')
    .values({ accountId, kind, lastDate: null, chainIndex: 0, lastHash: null, keyId: null })
    .onConflict((oc) => oc.columns(['accountId', 'kind']).doNothing())
    .execute();
  return (await lockExistingHead(db, accountId, kind))!;
}

/** Locks the (account, kind) head row if there is one. */
export async function lockExistingHead(db: Db, accountId: number, kind: DocumentKind) {
  const q = db.selectFrom('documentHeads').selectAll().where('accountId', '=', accountId).where('kind', '=', kind);
  return (isSqlite(db) ? q : q.forUpdate()).executeTakeFirst();
}

export async function updateHead(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  values: { lastDate: string | null; chainIndex: number; lastHash: string | null; keyId: string | null },
) {
  await db.updateTable('documentHeads').set(values).where('accountId', '=', accountId).where('kind', '=', kind).execute();
}

/** Next value of the gapless counter of a numbering scope (held under the head lock). */
export async function nextSequence(db: Db, accountId: number, kind: DocumentKind, scope: string): Promise<number> {
  const row = await db
    .insertInto('documentSequences')
    .values({ accountId, kind, scope, value: 1 })
    .onConflict((oc) => oc.columns(['accountId', 'kind', 'scope']).doUpdateSet({ value: sql`document_sequences.value + 1` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The value nextSequence would return now, without taking it (the number a draft would receive). */
export async function peekSequence(db: Db, accountId: number, kind: DocumentKind, scope: string): Promise<number> {
  const row = await db
    .selectFrom('documentSequences')
    .select('value')
    .where('accountId', '=', accountId)
    .where('kind', '=', kind)
    .where('scope', '=', scope)
    .executeTakeFirst();
  return (row?.value ?? 0) + 1;
}

export async function getHead(db: Db, accountId: number, kind: DocumentKind) {
  return db.selectFrom('documentHeads').selectAll().where('accountId', '=', accountId).where('kind', '=', kind).executeTakeFirst();
}

/** Chain heads, of every account or of one (what start-up seals, what the audit verifies). */
export async function listHeads(db: Db, accountId?: number) {
  let q = db.selectFrom('documentHeads').selectAll().orderBy('accountId').orderBy('kind');
  if (accountId !== undefined) q = q.where('accountId', '=', accountId);
  return q.execute();
}

// --- the audit trail ------------------------------------------------------------------------

export type AuditEntryRow = Database['auditEntries'];

export async function insertEntries(db: Db, rows: AuditEntryRow[]): Promise<void> {
  // Bounded statements: SQLite allows 32,766 bound values, PostgreSQL 65,535 (9 per row).
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('auditEntries')
      .values(rows.slice(i, i + 1000))
      .execute();
}

/** Entries of a chain in order, `limit` at a time after `afterSeq`. */
export async function entriesAfter(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  afterSeq: number,
  limit: number,
): Promise<AuditEntryRow[]> {
  return db
    .selectFrom('auditEntries')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('kind', '=', kind)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The entries of one document, latest first. */
export async function entriesOf(db: Db, accountId: number, documentId: number): Promise<AuditEntryRow[]> {
  return db
    .selectFrom('auditEntries')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('documentId', '=', documentId)
    .orderBy('seq', 'desc')
    .execute();
}

/** A document's latest audit entry as read with the document: its MAC, then its content. */
export interface Seal {
  mac: string;
  content: string;
}

const MAC_LENGTH = 64;

function withSeal<O>(q: SelectQueryBuilder<Database, 'saleDocuments' | 'saleDocumentData', O>) {
  // One indexed subquery in the same statement (audit_entries_document), MAC and content joined so
  // that it is one column: modifying a document costs no extra round trip to the database.
  return q.select((eb) =>
    eb
      .selectFrom('auditEntries as seal')
      .select(sql<string>`seal.mac || seal.content`.as('sealed'))
      .whereRef('seal.accountId', '=', 'saleDocuments.accountId')
      .whereRef('seal.documentId', '=', 'saleDocuments.id')
      .orderBy('seal.seq', 'desc')
      .limit(1)
      .as('seal'),
  );
}

function splitSeal(sealed: string | null): Seal | null {
  return sealed === null ? null : { mac: sealed.slice(0, MAC_LENGTH), content: sealed.slice(MAC_LENGTH) };
}

export interface SealedDocument {
  row: DocumentRow;
  seal: Seal | null;
  /**
   * Stored values the application could not have written (an amount in fractions of a cent on
   * SQLite, a snapshot that does not inflate), by field, as stored; the row holds 0 or '' there.
   */
  unreadable: Record<string, string>;
}

/**
 * `decoded` for the audit, which must read whatever is stored: a value it cannot decode is
 * reported as such instead of failing the request or the verification.
 */
function decodedForAudit(db: Db, row: StoredRow, inflate = true): { row: DocumentRow; unreadable: Record<string, string> } {
  const unreadable: Record<string, string> = {};
  const amount = (field: AmountColumn) => {
    try {
      return fromStoredAmount(db, row[field]);
    } catch {
      unreadable[field] = `${String(row[field])} (not an amount as stored)`;
      return new Big(0);
    }
  };
  let data = '';
  try {
    if (inflate) data = decodeSnapshot(row.data);
  } catch {
    unreadable.data = 'a snapshot that does not inflate';
  }
  const out = {
    ...row,
    taxExcludedAmount: amount('taxExcludedAmount'),
    taxIncludedAmount: amount('taxIncludedAmount'),
    balance: amount('balance'),
    data,
  };
  return { row: out, unreadable };
}

function sealed(db: Db, r: StoredRow & { seal: string | null }): SealedDocument {
  const { seal, ...stored } = r;
  return { ...decodedForAudit(db, stored), seal: splitSeal(seal) };
}

/**
 * A document about to change, locked (PostgreSQL) for the rest of the transaction, with its latest
 * audit entry: the caller checks that the row still says what the trail sealed.
 */
export async function getDocumentForChange(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  id: number,
  lock = true,
): Promise<SealedDocument | undefined> {
  let q = withSeal(withData(db).where('accountId', '=', accountId).where('kind', '=', kind).where('id', '=', id));
  if (lock && !isSqlite(db)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && sealed(db, row);
}

/** Documents of a chain with their latest entry, `limit` at a time in id order after `afterId`. */
export async function sealedDocumentsAfter(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  afterId: number,
  limit: number,
): Promise<SealedDocument[]> {
  const rows = await withSeal(withData(db).where('accountId', '=', accountId).where('kind', '=', kind).where('id', '>', afterId))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => sealed(db, r));
}

/** Finalized documents of a chain in id order after `afterId`, `limit` at a time (sealing an older chain). */
export async function finalizedAfter(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  afterId: number,
  limit: number,
): Promise<DocumentRow[]> {
  const rows = await withData(db)
    .where('accountId', '=', accountId)
    .where('kind', '=', kind)
    .where('isDraft', '=', false)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => decodedForAudit(db, r).row);
}

/** Documents of the first (unkeyed) chain, in chain order: chain indexes 1..`last`, `limit` at a time after `afterIndex`. */
export async function firstChainAfter(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  afterIndex: number,
  last: number,
  limit: number,
): Promise<DocumentRow[]> {
  const rows = await withData(db)
    .where('accountId', '=', accountId)
    .where('kind', '=', kind)
    .where('chainIndex', '>', afterIndex)
    .where('chainIndex', '<=', last)
    .orderBy('chainIndex')
    .limit(limit)
    .execute();
  return rows.map((r) => decodedForAudit(db, r).row);
}

// --- the stored PDFs of finalized documents (document_files) -------------------------------------

export async function getFile(db: Db, accountId: number, documentId: number): Promise<DocumentFilesTable | undefined> {
  return db
    .selectFrom('documentFiles')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('documentId', '=', documentId)
    .executeTakeFirst();
}

/** Stores the file once: a concurrent first download that stored it already wins (false: not stored). */
export async function insertFile(db: Db, file: DocumentFilesTable): Promise<boolean> {
  const inserted = await db
    .insertInto('documentFiles')
    .values(file)
    .onConflict((oc) => oc.column('documentId').doNothing())
    .returning('documentId')
    .executeTakeFirst();
  return inserted !== undefined;
}
