// SQL of sale documents, their numbering counters and the head of their hash chain.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type Big from 'big.js';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import { countOnce } from '../../db/counts.js';
import { fromStoredAmount, toStoredAmount } from '../../db/money.js';
import type { Database, SaleDocumentsTable } from '../../db/schema.js';
import type { Page, SortKey } from '../../http/paging.js';
import type { DocumentKind } from './compose.js';

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

/**
 * How a snapshot (JSON) is stored. On SQLite, raw DEFLATE in a BLOB: a 10-line invoice's ~9 KB
 * become ~2 KB, so a million invoices take a third of the disk, more of them stay in the OS cache,
 * and a list of documents scattered over the file (one customer's) reads less from disk; deflating
 * costs ~30 µs per write, inflating ~10 µs per read. On PostgreSQL, text: TOAST already compresses
 * values over 2 KB. Snapshots written as text before (either database) read as they are.
 */
export function encodeSnapshot(db: Db, json: string): string | Buffer {
  return isSqlite(db) ? deflateRawSync(json) : json;
}

export function decodeSnapshot(stored: string | Uint8Array): string {
  return typeof stored === 'string' ? stored : inflateRawSync(stored).toString('utf8');
}

/** The document row with its JSON snapshot (kept in sale_document_data, see migration 005). */
function withData(db: Db) {
  return db
    .selectFrom('saleDocuments')
    .innerJoin('saleDocumentData', 'saleDocumentData.documentId', 'saleDocuments.id')
    .selectAll('saleDocuments')
    .select('saleDocumentData.data');
}

type StoredRow = Omit<SaleDocumentsTable, 'id' | 'version'> & { id: number; version: number; data: string | Uint8Array };

function decoded(db: Db, row: StoredRow): DocumentRow {
  return {
    ...row,
    taxExcludedAmount: fromStoredAmount(db, row.taxExcludedAmount),
    taxIncludedAmount: fromStoredAmount(db, row.taxIncludedAmount),
    balance: fromStoredAmount(db, row.balance),
    data: decodeSnapshot(row.data),
  };
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
  return ids;
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
  status?: 'Draft' | 'Incoming' | 'Expired' | 'Paid' | 'ToSend';
  cancelled: 'Excluded' | 'Only' | 'All';
  processed: 'Excluded' | 'Only' | 'All';
  today: string;
}

function applyFilter<O>(q: SelectQueryBuilder<Database, 'saleDocuments', O>, f: ListFilter) {
  if (f.from) q = q.where('date', '>=', f.from);
  if (f.to) q = q.where('date', '<=', f.to);
  if (f.customerId !== undefined) q = q.where('customerId', '=', f.customerId);
  if (f.cancelled !== 'All') q = q.where('isCancelled', '=', f.cancelled === 'Only');
  if (f.processed !== 'All') q = q.where('isProcessed', '=', f.processed === 'Only');
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
): Promise<{ rows: DocumentRow[]; total: number }> {
  const base = applyFilter(db.selectFrom('saleDocuments').where('accountId', '=', accountId).where('kind', '=', kind), filter);
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
  const byId = new Map((await withData(db).where('saleDocuments.id', 'in', ids).execute()).map((r) => [r.id, decoded(db, r)]));
  return { rows: ids.map((id) => byId.get(id)!).filter(Boolean), total };
}

/**
 * Locks the (account, kind) head row for the rest of the transaction — the serialization point
 * of finalizations on PostgreSQL, across processes — and returns it.
 */
export async function lockHead(db: Db, accountId: number, kind: DocumentKind) {
  const select = () => {
    const q = db.selectFrom('documentHeads').selectAll().where('accountId', '=', accountId).where('kind', '=', kind);
    return isSqlite(db) ? q : q.forUpdate();
  };
  const head = await select().executeTakeFirst();
  if (head) return head;
  // The first finalization of this account and kind creates the row; concurrent first ones meet
  // on its primary key and all lock the same row.
  await db
    .insertInto('documentHeads')
    .values({ accountId, kind, lastDate: null, chainIndex: 0, lastHash: null })
    .onConflict((oc) => oc.columns(['accountId', 'kind']).doNothing())
    .execute();
  return select().executeTakeFirstOrThrow();
}

export async function updateHead(
  db: Db,
  accountId: number,
  kind: DocumentKind,
  values: { lastDate: string; chainIndex: number; lastHash: string },
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

/** Finalized documents of a kind in chain order, for the audit. */
export async function chainOf(db: Db, accountId: number, kind: DocumentKind) {
  const rows = await withData(db)
    .where('accountId', '=', accountId)
    .where('kind', '=', kind)
    .where('chainIndex', 'is not', null)
    .orderBy('chainIndex')
    .execute();
  return rows.map((r) => decoded(db, r));
}
