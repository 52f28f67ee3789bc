// SQL of supplier payments and their links. Every function takes the account id.
import type Big from 'big.js';
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import { fromStoredAmount, toStoredAmount } from '../../db/money.js';
import type { Database, SupplierPaymentLinksTable, SupplierPaymentsTable } from '../../db/schema.js';
import { searchTextConditions } from '../../db/search.js';
import type { Page, SortKey } from '../../app/paging.js';

type Db = Kysely<Database>;
export type PaymentRow = Omit<SupplierPaymentsTable, 'id' | 'amount' | 'version'> & { id: number; amount: Big; version: number };
export type PaymentLinkRow = Omit<SupplierPaymentLinksTable, 'id' | 'amount'> & { id: number; amount: Big };
export type PaymentValues = Omit<PaymentRow, 'id' | 'accountId' | 'createdAt' | 'version'>;
export type PaymentSortColumn = 'id' | 'date' | 'amount';

function decoded<R extends { amount: SupplierPaymentsTable['amount'] }>(db: Db, row: R): Omit<R, 'amount'> & { amount: Big } {
  return { ...row, amount: fromStoredAmount(db, row.amount) };
}

export async function insertPayment(db: Db, accountId: number, values: PaymentValues): Promise<number> {
  const { id } = await db
    .insertInto('supplierPayments')
    .values({ accountId, ...values, amount: toStoredAmount(db, values.amount), createdAt: values.updatedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updatePayment(db: Db, accountId: number, id: number, values: PaymentValues, atVersion?: number): Promise<boolean> {
  let q = db
    .updateTable('supplierPayments')
    .set({ ...values, amount: toStoredAmount(db, values.amount), version: sql<number>`version + 1` })
    .where('accountId', '=', accountId)
    .where('id', '=', id);
  if (atVersion !== undefined) q = q.where('version', '=', atVersion);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function deletePayment(db: Db, accountId: number, id: number): Promise<void> {
  await db.deleteFrom('supplierPaymentLinks').where('accountId', '=', accountId).where('paymentId', '=', id).execute();
  await db.deleteFrom('supplierPayments').where('accountId', '=', accountId).where('id', '=', id).execute();
}

export async function getPayment(db: Db, accountId: number, id: number, forUpdate = false): Promise<PaymentRow | undefined> {
  let q = db.selectFrom('supplierPayments').selectAll().where('accountId', '=', accountId).where('id', '=', id);
  if (forUpdate && !isSqlite(db)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && decoded(db, row);
}

export async function getPayments(db: Db, accountId: number, ids: number[]): Promise<PaymentRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('supplierPayments')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((r) => decoded(db, r));
}

export async function replaceLinks(db: Db, accountId: number, paymentId: number, links: { purchaseInvoiceId: number; amount: Big }[]) {
  await db.deleteFrom('supplierPaymentLinks').where('accountId', '=', accountId).where('paymentId', '=', paymentId).execute();
  if (!links.length) return;
  await db
    .insertInto('supplierPaymentLinks')
    .values(
      links.map((l, position) => ({
        accountId,
        paymentId,
        position,
        purchaseInvoiceId: l.purchaseInvoiceId,
        amount: toStoredAmount(db, l.amount),
      })),
    )
    .execute();
}

export async function linksOf(db: Db, accountId: number, paymentIds: number[]): Promise<Map<number, PaymentLinkRow[]>> {
  const out = new Map<number, PaymentLinkRow[]>(paymentIds.map((id) => [id, []]));
  if (!paymentIds.length) return out;
  const rows = await db
    .selectFrom('supplierPaymentLinks')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('paymentId', 'in', [...new Set(paymentIds)])
    .orderBy('paymentId')
    .orderBy('position')
    .execute();
  for (const r of rows) out.get(r.paymentId)?.push(decoded(db, r));
  return out;
}

/** What Success payments settle on each purchase invoice, other than `exceptPaymentId`. */
export async function settledOn(db: Db, accountId: number, invoiceIds: number[], exceptPaymentId?: number): Promise<Map<number, Big>> {
  const out = new Map<number, Big>();
  if (!invoiceIds.length) return out;
  let q = db
    .selectFrom('supplierPaymentLinks as l')
    .innerJoin('supplierPayments as p', (j) => j.onRef('p.id', '=', 'l.paymentId').onRef('p.accountId', '=', 'l.accountId'))
    .select((eb) => ['l.purchaseInvoiceId', eb.fn.sum<SupplierPaymentLinksTable['amount']>('l.amount').as('total')])
    .where('l.accountId', '=', accountId)
    .where('p.status', '=', 'Success')
    .where('l.purchaseInvoiceId', 'in', [...new Set(invoiceIds)])
    .groupBy('l.purchaseInvoiceId');
  if (exceptPaymentId !== undefined) q = q.where('p.id', '!=', exceptPaymentId);
  for (const r of await q.execute()) out.set(r.purchaseInvoiceId, fromStoredAmount(db, r.total));
  return out;
}

export interface PaymentFilter {
  from?: string;
  to?: string;
  supplierId?: number;
  /** Payments with a link to this purchase invoice or supplier credit note. */
  purchaseInvoiceId?: number;
  query?: string;
}

function filtered(db: Db, accountId: number, filter: PaymentFilter) {
  let base = db.selectFrom('supplierPayments').where('accountId', '=', accountId);
  if (filter.from) base = base.where('date', '>=', filter.from);
  if (filter.to) base = base.where('date', '<=', filter.to);
  if (filter.supplierId !== undefined) base = base.where('supplierId', '=', filter.supplierId);
  if (filter.purchaseInvoiceId !== undefined) {
    const invoiceId = filter.purchaseInvoiceId;
    base = base.where('id', 'in', (eb) =>
      eb
        .selectFrom('supplierPaymentLinks')
        .select('paymentId')
        .where('accountId', '=', accountId)
        .where('purchaseInvoiceId', '=', invoiceId),
    );
  }
  for (const c of searchTextConditions(filter.query)) base = base.where(c);
  return base;
}

export async function listPayments(db: Db, accountId: number, filter: PaymentFilter, page: Page, order: SortKey<PaymentSortColumn>[]) {
  const base = filtered(db, accountId, filter);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  let q = base.selectAll();
  for (const key of order) q = q.orderBy(key.column, key.direction);
  if (!order.some((k) => k.column === 'id')) q = q.orderBy('id', order[0]?.direction ?? 'asc');
  return { rows: (await q.limit(page.size).offset(page.offset).execute()).map((r) => decoded(db, r)), total };
}

/** A batch of payments after `afterId` (keyset), for the exports and the views. */
export async function paymentBatch(db: Db, accountId: number, filter: PaymentFilter & { status?: string }, afterId: number, size: number) {
  let q = filtered(db, accountId, filter).selectAll().where('id', '>', afterId);
  if (filter.status) q = q.where('status', '=', filter.status);
  return (await q.orderBy('id').limit(size).execute()).map((r) => decoded(db, r));
}

/** Success payments of exactly `amount`, dated within [from, to]: candidates for a bank transaction. */
export async function paymentsOfAmount(db: Db, accountId: number, amount: Big, from: string, to: string): Promise<PaymentRow[]> {
  const rows = await db
    .selectFrom('supplierPayments')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('status', '=', 'Success')
    .where('amount', '=', toStoredAmount(db, amount))
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((r) => decoded(db, r));
}
