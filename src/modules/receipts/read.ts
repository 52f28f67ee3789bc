// The read API other modules use: bank matching (a receipt of an amount around a date), the
// ledgers views and the exports (receipts in batches by id, amounts exact).
import type Big from 'big.js';
import type { Kysely } from 'kysely';
import { fromStoredAmount, toStoredAmount } from '../../db/money.js';
import type { Database } from '../../db/schema.js';

export interface ReceiptReadRow {
  id: number;
  date: string;
  /** > 0 received from the customer, < 0 refunded to the customer. */
  amount: Big;
  paymentMethod: string;
  status: string;
  reference: string | null;
  customerId: number | null;
  customerName: string | null;
}

const COLUMNS = ['id', 'date', 'amount', 'paymentMethod', 'status', 'reference', 'customerId', 'customerName'] as const;

/** One receipt of the account, or null. */
export async function getReceiptRow(db: Kysely<Database>, accountId: number, id: number): Promise<ReceiptReadRow | null> {
  const row = await db.selectFrom('receipts').select(COLUMNS).where('accountId', '=', accountId).where('id', '=', id).executeTakeFirst();
  return row ? { ...row, amount: fromStoredAmount(db, row.amount) } : null;
}

/** Success receipts of exactly `amount` dated within [from, to]. */
export async function receiptsOfAmount(
  db: Kysely<Database>,
  accountId: number,
  amount: Big,
  from: string,
  to: string,
): Promise<ReceiptReadRow[]> {
  const rows = await db
    .selectFrom('receipts')
    .select(COLUMNS)
    .where('accountId', '=', accountId)
    .where('status', '=', 'Success')
    .where('amount', '=', toStoredAmount(db, amount))
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((r) => ({ ...r, amount: fromStoredAmount(db, r.amount) }));
}

/** Receipts by `date` (and status), in batches of `batchSize`, by id. */
export async function* receiptBatches(
  db: Kysely<Database>,
  accountId: number,
  filter: { from?: string; to?: string; status?: string } = {},
  batchSize = 500,
): AsyncGenerator<ReceiptReadRow[]> {
  let after = 0;
  for (;;) {
    let q = db.selectFrom('receipts').select(COLUMNS).where('accountId', '=', accountId).where('id', '>', after);
    if (filter.from) q = q.where('date', '>=', filter.from);
    if (filter.to) q = q.where('date', '<=', filter.to);
    if (filter.status) q = q.where('status', '=', filter.status);
    const rows = await q.orderBy('id').limit(batchSize).execute();
    if (!rows.length) return;
    yield rows.map((r) => ({ ...r, amount: fromStoredAmount(db, r.amount) }));
    after = rows[rows.length - 1].id;
    if (rows.length < batchSize) return;
  }
}

export interface ReceiptLinkReadRow {
  receiptId: number;
  type: 'Invoice' | 'Credit' | 'Commitment';
  /** The sale document the link settles (the invoice of a commitment). */
  documentId: number;
  /** Signed as allocated: positive on invoices and commitments, negative on credits. */
  amount: Big;
}

/** The links of the given receipts to sale documents, in receipt and position order. */
export async function receiptLinksOf(db: Kysely<Database>, accountId: number, receiptIds: number[]): Promise<ReceiptLinkReadRow[]> {
  if (!receiptIds.length) return [];
  const rows = await db
    .selectFrom('receiptLinks')
    .select(['receiptId', 'type', 'documentId', 'amount'])
    .where('accountId', '=', accountId)
    .where('receiptId', 'in', receiptIds)
    .orderBy('receiptId')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ ...r, amount: fromStoredAmount(db, r.amount) }));
}

export interface DocumentSettlementRow {
  receiptId: number;
  /** The receipt's date. */
  date: string;
  type: 'Invoice' | 'Credit' | 'Commitment';
  documentId: number;
  /** Signed as allocated: positive on invoices and commitments, negative on credits. */
  amount: Big;
}

/**
 * Every allocation of a Success receipt, whatever its date, to the given sale documents: what was
 * settled on each before a given payment (e-reporting splits a payment by VAT rate on what was paid so far).
 */
export async function settlementsOfDocuments(
  db: Kysely<Database>,
  accountId: number,
  documentIds: number[],
): Promise<DocumentSettlementRow[]> {
  if (!documentIds.length) return [];
  const rows = await db
    .selectFrom('receiptLinks')
    .innerJoin('receipts', (j) =>
      j.onRef('receipts.id', '=', 'receiptLinks.receiptId').onRef('receipts.accountId', '=', 'receiptLinks.accountId'),
    )
    .select(['receiptLinks.receiptId', 'receipts.date', 'receiptLinks.type', 'receiptLinks.documentId', 'receiptLinks.amount'])
    .where('receiptLinks.accountId', '=', accountId)
    .where('receipts.status', '=', 'Success')
    .where('receiptLinks.documentId', 'in', documentIds)
    .orderBy('receipts.date')
    .orderBy('receiptLinks.receiptId')
    .orderBy('receiptLinks.position')
    .execute();
  return rows.map((r) => ({ ...r, amount: fromStoredAmount(db, r.amount) }));
}

/**
 * The successful payments recorded on one sale invoice (its own links and its commitments'), one per
 * receipt with the amount it allocated to the invoice: what the e-invoicing platform module reports
 * as collected (212).
 */
export async function paymentsOf(
  db: Kysely<Database>,
  accountId: number,
  invoiceId: number,
): Promise<{ receiptId: number; date: string; amount: Big }[]> {
  const byReceipt = new Map<number, { receiptId: number; date: string; amount: Big }>();
  for (const r of await settlementsOfDocuments(db, accountId, [invoiceId])) {
    if (r.type === 'Credit') continue;
    const seen = byReceipt.get(r.receiptId);
    if (seen) seen.amount = seen.amount.plus(r.amount);
    else byReceipt.set(r.receiptId, { receiptId: r.receiptId, date: r.date, amount: r.amount });
  }
  return [...byReceipt.values()];
}
