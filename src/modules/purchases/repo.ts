// SQL of purchase invoices (table purchase_invoices). The file bytes are read only by `getContent`.
import type Big from 'big.js';
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import { fromStoredAmount, toStoredAmount, toStoredAmountOrNull } from '../../db/money.js';
import type { Database, PurchaseInvoicesTable } from '../../db/schema.js';
import { searchTextConditions } from '../../db/search.js';
import type { Page, SortKey } from '../../app/paging.js';
import type { PurchaseStatusFilterT } from './schemas.js';

type Db = Kysely<Database>;
type Amounts = 'taxIncludedAmount' | 'taxExcludedAmount' | 'vatAmount' | 'paidAmount';
/** A purchase invoice as this module sees it: amounts as exact decimals, without the file bytes. */
export type PurchaseRow = Omit<PurchaseInvoicesTable, 'id' | 'content' | 'version' | 'searchText' | Amounts> & {
  id: number;
  version: number;
  taxIncludedAmount: Big;
  taxExcludedAmount: Big | null;
  vatAmount: Big | null;
  paidAmount: Big;
};
export type PurchaseValues = Omit<PurchaseInvoicesTable, 'id' | 'version' | 'paidAmount' | Amounts> & {
  taxIncludedAmount: Big;
  taxExcludedAmount: Big | null;
  vatAmount: Big | null;
};
/** What a person corrects on a purchase invoice. */
export type LedgerValues = Pick<
  PurchaseValues,
  | 'supplierId'
  | 'supplierName'
  | 'reference'
  | 'date'
  | 'dueDate'
  | 'status'
  | 'vatReverseCharge'
  | 'vats'
  | 'classificationId'
  | 'data'
  | 'taxIncludedAmount'
  | 'taxExcludedAmount'
  | 'vatAmount'
  | 'searchText'
  | 'updatedAt'
>;
export type SortColumn = 'id' | 'date' | 'dueDate' | 'reference' | 'taxIncludedAmount';

const COLUMNS = [
  'id',
  'accountId',
  'supplierId',
  'supplierName',
  'date',
  'dueDate',
  'reference',
  'status',
  'taxIncludedAmount',
  'taxExcludedAmount',
  'vatAmount',
  'vats',
  'paidAmount',
  'classificationId',
  'vatReverseCharge',
  'data',
  'fileName',
  'contentType',
  'size',
  'sha256',
  'createdAt',
  'updatedAt',
  'version',
] as const;

type RawRow = Omit<PurchaseInvoicesTable, 'id' | 'version' | 'paidAmount' | 'content' | 'searchText'> & {
  id: number;
  version: number;
  paidAmount: PurchaseInvoicesTable['taxIncludedAmount'];
};

function decoded(db: Db, row: RawRow): PurchaseRow {
  return {
    ...row,
    taxIncludedAmount: fromStoredAmount(db, row.taxIncludedAmount),
    taxExcludedAmount: row.taxExcludedAmount === null ? null : fromStoredAmount(db, row.taxExcludedAmount),
    vatAmount: row.vatAmount === null ? null : fromStoredAmount(db, row.vatAmount),
    paidAmount: fromStoredAmount(db, row.paidAmount),
  };
}

export { searchTextOf } from '../../db/search.js';

export async function insertPurchase(db: Db, values: PurchaseValues): Promise<number> {
  const row = {
    ...values,
    taxIncludedAmount: toStoredAmount(db, values.taxIncludedAmount),
    taxExcludedAmount: toStoredAmountOrNull(db, values.taxExcludedAmount),
    vatAmount: toStoredAmountOrNull(db, values.vatAmount),
  };
  const { id } = await db.insertInto('purchaseInvoices').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateLedger(db: Db, accountId: number, id: number, values: LedgerValues, atVersion?: number): Promise<boolean> {
  let q = db
    .updateTable('purchaseInvoices')
    .set({
      ...values,
      taxIncludedAmount: toStoredAmount(db, values.taxIncludedAmount),
      taxExcludedAmount: toStoredAmountOrNull(db, values.taxExcludedAmount),
      vatAmount: toStoredAmountOrNull(db, values.vatAmount),
      version: sql<number>`version + 1`,
    })
    .where('accountId', '=', accountId)
    .where('id', '=', id);
  if (atVersion !== undefined) q = q.where('version', '=', atVersion);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets what supplier payments settle on the invoice, and the status that follows. */
export async function setPaid(db: Db, accountId: number, id: number, paidAmount: Big, status: string): Promise<void> {
  await db
    .updateTable('purchaseInvoices')
    .set({ paidAmount: toStoredAmount(db, paidAmount), status, version: sql<number>`version + 1` })
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .execute();
}

export async function deletePurchase(db: Db, accountId: number, id: number): Promise<void> {
  await db.deleteFrom('purchaseInvoices').where('accountId', '=', accountId).where('id', '=', id).execute();
}

export async function getPurchase(db: Db, accountId: number, id: number, forUpdate = false): Promise<PurchaseRow | undefined> {
  let q = db.selectFrom('purchaseInvoices').select(COLUMNS).where('accountId', '=', accountId).where('id', '=', id);
  if (forUpdate && !isSqlite(db)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && decoded(db, row);
}

/** Several purchase invoices, locked in id order on PostgreSQL (payments recompute their balances). */
export async function getPurchases(db: Db, accountId: number, ids: number[], forUpdate = false): Promise<Map<number, PurchaseRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (!unique.length) return new Map();
  let q = db.selectFrom('purchaseInvoices').select(COLUMNS).where('accountId', '=', accountId).where('id', 'in', unique).orderBy('id');
  if (forUpdate && !isSqlite(db)) q = q.forUpdate();
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, decoded(db, r)]));
}

/** Ids of the other purchase invoices of the same supplier with the same reference. */
export async function duplicatesOf(db: Db, accountId: number, rows: PurchaseRow[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(rows.map((r) => [r.id, []]));
  const keyed = rows.filter((r) => r.supplierId !== null && r.reference);
  if (!keyed.length) return out;
  const found = await db
    .selectFrom('purchaseInvoices')
    .select(['id', 'supplierId', 'reference'])
    .where('accountId', '=', accountId)
    .where('reference', 'in', [...new Set(keyed.map((r) => r.reference!))])
    .where('supplierId', 'in', [...new Set(keyed.map((r) => r.supplierId!))])
    .orderBy('id')
    .limit(1000)
    .execute();
  for (const r of keyed) {
    out.set(
      r.id,
      found.filter((f) => f.id !== r.id && f.supplierId === r.supplierId && f.reference === r.reference).map((f) => f.id),
    );
  }
  return out;
}

export async function getContent(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('purchaseInvoices')
    .select(['content', 'contentType', 'fileName', 'reference'])
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface PurchaseFilter {
  from?: string;
  to?: string;
  supplierId?: number;
  status?: PurchaseStatusFilterT;
  query?: string;
}

export async function listPurchases(db: Db, accountId: number, filter: PurchaseFilter, page: Page, order: SortKey<SortColumn>[]) {
  let base = db.selectFrom('purchaseInvoices').where('accountId', '=', accountId);
  if (filter.from) base = base.where('date', '>=', filter.from);
  if (filter.to) base = base.where('date', '<=', filter.to);
  if (filter.supplierId !== undefined) base = base.where('supplierId', '=', filter.supplierId);
  if (filter.status === 'Paid') base = base.where('status', '=', 'Paid');
  else if (filter.status === 'Unpaid') base = base.where('status', '!=', 'Paid');
  else if (filter.status) base = base.where('status', '=', filter.status);
  for (const c of searchTextConditions(filter.query)) base = base.where(c);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  let q = base.select(COLUMNS);
  for (const key of order) q = q.orderBy(key.column, key.direction);
  if (!order.some((k) => k.column === 'id')) q = q.orderBy('id', order[0]?.direction ?? 'asc');
  return { rows: (await q.limit(page.size).offset(page.offset).execute()).map((r) => decoded(db, r)), total };
}

/** A batch of purchase invoices after `afterId` (keyset), for the exports. */
export async function purchaseBatch(db: Db, accountId: number, filter: PurchaseFilter, afterId: number, size: number) {
  let q = db.selectFrom('purchaseInvoices').select(COLUMNS).where('accountId', '=', accountId).where('id', '>', afterId);
  if (filter.from) q = q.where('date', '>=', filter.from);
  if (filter.to) q = q.where('date', '<=', filter.to);
  if (filter.supplierId !== undefined) q = q.where('supplierId', '=', filter.supplierId);
  if (filter.status === 'Paid') q = q.where('status', '=', 'Paid');
  else if (filter.status === 'Unpaid') q = q.where('status', '!=', 'Paid');
  for (const c of searchTextConditions(filter.query)) q = q.where(c);
  return (await q.orderBy('id').limit(size).execute()).map((r) => decoded(db, r));
}
