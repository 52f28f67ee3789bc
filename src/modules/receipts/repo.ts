// SQL of receipts and their links. Every function takes the account id: no query crosses accounts.
import type Big from 'big.js';
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import { fromStoredAmount, toStoredAmount } from '../../db/money.js';
import type { Database, ReceiptLinksTable, ReceiptsTable } from '../../db/schema.js';
import { searchTextConditions } from '../../db/search.js';
import type { Page, SortKey } from '../../app/paging.js';

type Db = Kysely<Database>;
/** Rows as this module sees them: amounts as exact decimals. */
export type ReceiptRow = Omit<ReceiptsTable, 'id' | 'amount' | 'version'> & { id: number; amount: Big; version: number };
export type LinkRow = Omit<ReceiptLinksTable, 'id' | 'amount'> & {
  id: number;
  amount: Big;
  /** The number of the sale document the link settles (a commitment's invoice); null for a draft. */
  number: string | null;
};
export type ReceiptValues = Omit<ReceiptRow, 'id' | 'accountId' | 'createdAt' | 'version'>;
export type LinkValues = Pick<LinkRow, 'type' | 'linkId' | 'documentId' | 'amount'>;
export type SortColumn = 'id' | 'date' | 'amount';

function decoded<R extends { amount: ReceiptsTable['amount'] }>(db: Db, row: R): Omit<R, 'amount'> & { amount: Big } {
  return { ...row, amount: fromStoredAmount(db, row.amount) };
}

function stored<R extends { amount: Big }>(db: Db, values: R): Omit<R, 'amount'> & { amount: ReceiptsTable['amount'] } {
  return { ...values, amount: toStoredAmount(db, values.amount) };
}

export async function insertReceipt(db: Db, accountId: number, values: ReceiptValues): Promise<number> {
  const { id } = await db
    .insertInto('receipts')
    .values({ accountId, ...stored(db, values), createdAt: values.updatedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Writes a receipt and increments its version (its ETag). */
export async function updateReceipt(db: Db, accountId: number, id: number, values: ReceiptValues): Promise<void> {
  await db
    .updateTable('receipts')
    .set({ ...stored(db, values), version: sql<number>`version + 1` })
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .execute();
}

export async function deleteReceipt(db: Db, accountId: number, id: number): Promise<void> {
  await db.deleteFrom('receiptLinks').where('accountId', '=', accountId).where('receiptId', '=', id).execute();
  await db.deleteFrom('receipts').where('accountId', '=', accountId).where('id', '=', id).execute();
}

export async function getReceipt(db: Db, accountId: number, id: number, forUpdate = false): Promise<ReceiptRow | undefined> {
  let q = db.selectFrom('receipts').selectAll().where('accountId', '=', accountId).where('id', '=', id);
  if (forUpdate && !isSqlite(db)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && decoded(db, row);
}

export async function replaceLinks(db: Db, accountId: number, receiptId: number, links: LinkValues[]): Promise<void> {
  await db.deleteFrom('receiptLinks').where('accountId', '=', accountId).where('receiptId', '=', receiptId).execute();
  if (!links.length) return;
  await db
    .insertInto('receiptLinks')
    .values(links.map((l, position) => ({ accountId, receiptId, position, ...stored(db, l) })))
    .execute();
}

/** Links of several receipts, in their order, grouped by receipt. */
export async function linksOf(db: Db, accountId: number, receiptIds: number[]): Promise<Map<number, LinkRow[]>> {
  const out = new Map<number, LinkRow[]>(receiptIds.map((id) => [id, []]));
  if (!receiptIds.length) return out;
  // The linked document's number comes with the link (one join, no request per link): the
  // document is the account's (its own accountId), kept while a receipt links it.
  const rows = await db
    .selectFrom('receiptLinks')
    .leftJoin('saleDocuments', (j) =>
      j.onRef('saleDocuments.id', '=', 'receiptLinks.documentId').onRef('saleDocuments.accountId', '=', 'receiptLinks.accountId'),
    )
    .selectAll('receiptLinks')
    .select('saleDocuments.number')
    .where('receiptLinks.accountId', '=', accountId)
    .where('receiptLinks.receiptId', 'in', [...new Set(receiptIds)])
    .orderBy('receiptLinks.receiptId')
    .orderBy('receiptLinks.position')
    .execute();
  for (const r of rows) out.get(r.receiptId)?.push(decoded(db, r));
  return out;
}

/** The latest receipt (by date, then id) with a link to the document. */
export async function lastReceiptOf(db: Db, accountId: number, documentId: number): Promise<ReceiptRow | undefined> {
  const row = await db
    .selectFrom('receipts')
    .selectAll('receipts')
    .where('receipts.accountId', '=', accountId)
    .where('receipts.id', 'in', (eb) =>
      eb.selectFrom('receiptLinks').select('receiptId').where('accountId', '=', accountId).where('documentId', '=', documentId),
    )
    .orderBy('receipts.date', 'desc')
    .orderBy('receipts.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && decoded(db, row);
}

export async function findReceipts(db: Db, accountId: number, internalId: string): Promise<ReceiptRow[]> {
  const rows = await db
    .selectFrom('receipts')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('internalId', '=', internalId)
    .orderBy('id')
    .limit(100)
    .execute();
  return rows.map((r) => decoded(db, r));
}

export { searchTextOf } from '../../db/search.js';

export interface ReceiptFilter {
  /** Words of the reference, notes, customer and document numbers (db/search.ts). */
  query?: string;
  customerId?: number;
}

export async function listReceipts(db: Db, accountId: number, filter: ReceiptFilter, page: Page, order: SortKey<SortColumn>[]) {
  let base = db.selectFrom('receipts').where('accountId', '=', accountId);
  for (const c of searchTextConditions(filter.query)) base = base.where(c);
  if (filter.customerId !== undefined) base = base.where('customerId', '=', filter.customerId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  let q = base.selectAll();
  for (const key of order) q = q.orderBy(key.column, key.direction);
  if (!order.some((k) => k.column === 'id')) q = q.orderBy('id', order[0]?.direction ?? 'asc');
  return { rows: (await q.limit(page.size).offset(page.offset).execute()).map((r) => decoded(db, r)), total };
}
