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

/**
 * The successful payments recorded on one sale invoice (its own links and its commitments'), each
 * with the amount allocated to it: what the e-invoicing platform module reports as collected (212).
 */
export async function paymentsOf(
  db: Kysely<Database>,
  accountId: number,
  invoiceId: number,
): Promise<{ receiptId: number; date: string; amount: Big }[]> {
  const rows = await db
    .selectFrom('receiptLinks')
    .innerJoin('receipts', 'receipts.id', 'receiptLinks.receiptId')
    .select(['receipts.id as receiptId', 'receipts.date as date', 'receiptLinks.amount as amount'])
    .where('receiptLinks.accountId', '=', accountId)
    .where('receipts.accountId', '=', accountId)
    .where('receipts.status', '=', 'Success')
    .where('receiptLinks.documentId', '=', invoiceId)
    .where('receiptLinks.type', 'in', ['Invoice', 'Commitment'])
    .orderBy('receipts.id')
    .orderBy('receiptLinks.position')
    .execute();
  // One payment per receipt: a receipt settling several commitments of the invoice counts once, in full.
  const byReceipt = new Map<number, { receiptId: number; date: string; amount: Big }>();
  for (const r of rows) {
    const amount = fromStoredAmount(db, r.amount);
    const seen = byReceipt.get(r.receiptId);
    if (seen) seen.amount = seen.amount.plus(amount);
    else byReceipt.set(r.receiptId, { receiptId: r.receiptId, date: r.date, amount });
  }
  return [...byReceipt.values()];
}
