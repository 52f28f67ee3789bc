// SQL of sale quotes and of their numbering counter (document_sequences, kind 'Quote').
import Big from 'big.js';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import { fromStoredAmount, toStoredAmount } from '../../db/money.js';
import type { Database, SaleQuotesTable } from '../../db/schema.js';
import type { Page, SortKey } from '../../app/paging.js';
import { saleDocumentQueryCondition } from '../../db/search.js';

type Db = Kysely<Database>;
type AmountColumn = 'taxExcludedAmount' | 'taxIncludedAmount';

/** A quote as this module sees it: amounts as exact decimals, the quote itself as JSON text. */
export type QuoteRow = Omit<SaleQuotesTable, 'id' | 'version' | AmountColumn> & { id: number; version: number } & Record<AmountColumn, Big>;
export type NewQuoteRow = Omit<QuoteRow, 'id' | 'version'>;
export type QuoteChanges = Partial<Omit<QuoteRow, 'id' | 'accountId' | 'version'>>;

type StoredRow = Omit<SaleQuotesTable, 'id' | 'version'> & { id: number; version: number };

function decoded(db: Db, row: StoredRow): QuoteRow {
  return {
    ...row,
    taxExcludedAmount: fromStoredAmount(db, row.taxExcludedAmount),
    taxIncludedAmount: fromStoredAmount(db, row.taxIncludedAmount),
  };
}

function stored<T extends Partial<Record<AmountColumn, Big>>>(db: Db, values: T) {
  const { taxExcludedAmount, taxIncludedAmount, ...rest } = values;
  return {
    ...rest,
    ...(taxExcludedAmount && { taxExcludedAmount: toStoredAmount(db, taxExcludedAmount) }),
    ...(taxIncludedAmount && { taxIncludedAmount: toStoredAmount(db, taxIncludedAmount) }),
  };
}

export async function insertQuote(db: Db, values: NewQuoteRow): Promise<number> {
  const row = await db
    .insertInto('saleQuotes')
    .values(stored(db, values) as Omit<SaleQuotesTable, 'id' | 'version'>)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes changes and increments the version (the ETag); answers the new version. */
export async function updateQuote(db: Db, accountId: number, id: number, values: QuoteChanges): Promise<number | undefined> {
  const updated = await db
    .updateTable('saleQuotes')
    .set({ ...stored(db, values), version: sql<number>`version + 1` })
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirst();
  return updated?.version;
}

export async function deleteQuote(db: Db, accountId: number, id: number): Promise<void> {
  await db.deleteFrom('saleQuotes').where('accountId', '=', accountId).where('id', '=', id).execute();
}

/** The quote, locked for the rest of the transaction on PostgreSQL when `forUpdate`. */
export async function getQuote(db: Db, accountId: number, id: number, forUpdate = false): Promise<QuoteRow | undefined> {
  let q = db.selectFrom('saleQuotes').selectAll().where('accountId', '=', accountId).where('id', '=', id);
  if (forUpdate && !isSqlite(db)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && decoded(db, row);
}

export async function findQuotes(db: Db, accountId: number, by: { number?: string; internalId?: string }): Promise<QuoteRow[]> {
  let q = db.selectFrom('saleQuotes').selectAll().where('accountId', '=', accountId);
  if (by.number !== undefined) q = q.where('number', '=', by.number);
  if (by.internalId !== undefined) q = q.where('internalId', '=', by.internalId);
  return (await q.orderBy('id').limit(100).execute()).map((r) => decoded(db, r));
}

export async function numberTaken(db: Db, accountId: number, number: string): Promise<boolean> {
  const row = await db
    .selectFrom('saleQuotes')
    .select('id')
    .where('accountId', '=', accountId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row !== undefined;
}

export type QuoteSortColumn =
  'id' | 'date' | 'number' | 'customerName' | 'taxExcludedAmount' | 'taxIncludedAmount' | 'validityDate' | 'status' | 'createdAt';

export interface QuoteFilter {
  from?: string;
  to?: string;
  customerId?: number;
  /** Part of the number or customer name, or an exact amount (db/search.ts). */
  query?: string;
  status?: SaleQuotesTable['status'] | 'Expired';
  today: string;
}

function applyFilter<O>(db: Db, q: SelectQueryBuilder<Database, 'saleQuotes', O>, f: QuoteFilter) {
  if (f.query?.trim()) q = q.where(saleDocumentQueryCondition(db, f.query));
  if (f.from) q = q.where('date', '>=', f.from);
  if (f.to) q = q.where('date', '<=', f.to);
  if (f.customerId !== undefined) q = q.where('customerId', '=', f.customerId);
  if (f.status === 'Expired') q = q.where('status', 'in', ['Pending', 'Sent']).where('validityDate', '<', f.today);
  else if (f.status) q = q.where('status', '=', f.status);
  return q;
}

const NULLABLE_SORT = new Set<QuoteSortColumn>(['number', 'customerName', 'validityDate']);

export async function listQuotes(
  db: Db,
  accountId: number,
  filter: QuoteFilter,
  page: Page,
  order: SortKey<QuoteSortColumn>[],
): Promise<{ rows: QuoteRow[]; total: number }> {
  const base = applyFilter(db, db.selectFrom('saleQuotes').where('accountId', '=', accountId), filter);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  let q = base.selectAll();
  // Nulls (a draft's number) sort as the largest value on both dialects.
  for (const key of order) {
    q = NULLABLE_SORT.has(key.column)
      ? q.orderBy(key.column, (ob) => (key.direction === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsFirst()))
      : q.orderBy(key.column, key.direction);
  }
  if (!order.some((k) => k.column === 'id')) q = q.orderBy('id', order[0]?.direction ?? 'asc');
  const rows = await q.limit(page.size).offset(page.offset).execute();
  return { rows: rows.map((r) => decoded(db, r)), total };
}

/**
 * Next value of the gapless quote counter of a numbering scope. The upsert locks the counter row
 * until the transaction ends (PostgreSQL; SQLite runs one writer at a time), so concurrent issues
 * take consecutive values, and a rolled-back issue gives its value back.
 */
export async function nextQuoteSequence(db: Db, accountId: number, scope: string): Promise<number> {
  const row = await db
    .insertInto('documentSequences')
    .values({ accountId, kind: 'Quote', scope, value: 1 })
    .onConflict((oc) => oc.columns(['accountId', 'kind', 'scope']).doUpdateSet({ value: sql`document_sequences.value + 1` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}
