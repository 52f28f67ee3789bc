// The read API other modules use (exports `expensesbook`, `expensecharges`, `settlements`,
// `commitments`; the bank's matching; the ledgers views). Rows come in batches by id (keyset), so
// an export of any size holds one batch in memory. Amounts are exact decimals (big.js). Columns:
// docs/purchases.md#read-api.
import type Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { IncomingInvoice } from './cii-read.js';
import { parseVats, type StoredPurchaseData, type StoredVat } from './ledger.js';
import * as payments from './payments-repo.js';
import * as repo from './repo.js';
import { limitSubject, type ExpenseStatusT } from './schemas.js';
import { readUpload } from './tasks.js';

export interface PurchaseLedgerRow {
  id: number;
  date: string;
  dueDate: string | null;
  reference: string | null;
  supplierId: number | null;
  supplierName: string | null;
  subject: string | null;
  status: ExpenseStatusT;
  region: string;
  vatReverseCharge: boolean;
  classificationId: number | null;
  taxExcludedAmount: Big | null;
  vatAmount: Big | null;
  taxIncludedAmount: Big;
  /** Amounts per VAT rate (decimal strings), null while unknown. */
  vats: StoredVat[] | null;
  paidAmount: Big;
  /** taxIncludedAmount − paidAmount. */
  balance: Big;
  createdAt: string;
}

export interface SupplierPaymentRow {
  id: number;
  date: string;
  /** > 0 paid to the supplier, < 0 refunded by the supplier. */
  amount: Big;
  paymentMethod: string;
  status: string;
  reference: string | null;
  supplierId: number | null;
  supplierName: string | null;
  /** The purchase invoices it settles, signed as allocated. */
  links: { purchaseInvoiceId: number; amount: Big }[];
}

export interface PurchaseReadFilter {
  from?: string;
  to?: string;
  supplierId?: number;
  /** Paid, or Unpaid (balance not 0). */
  status?: 'Paid' | 'Unpaid';
  query?: string;
}

function ledgerRow(r: repo.PurchaseRow): PurchaseLedgerRow {
  const data = JSON.parse(r.data) as StoredPurchaseData;
  return {
    id: r.id,
    date: r.date,
    dueDate: r.dueDate,
    reference: r.reference,
    supplierId: r.supplierId,
    supplierName: r.supplierName,
    subject: limitSubject(data.subject),
    status: r.status as ExpenseStatusT,
    region: data.region,
    vatReverseCharge: Boolean(r.vatReverseCharge),
    classificationId: r.classificationId,
    taxExcludedAmount: r.taxExcludedAmount,
    vatAmount: r.vatAmount,
    taxIncludedAmount: r.taxIncludedAmount,
    vats: parseVats(r.vats),
    paidAmount: r.paidAmount,
    balance: r.taxIncludedAmount.minus(r.paidAmount),
    createdAt: r.createdAt,
  };
}

/** Purchase invoices of the account (by date range on `date`), in batches of `batchSize`, by id. */
export async function* purchaseInvoiceBatches(
  db: Kysely<Database>,
  accountId: number,
  filter: PurchaseReadFilter = {},
  batchSize = 500,
): AsyncGenerator<PurchaseLedgerRow[]> {
  let after = 0;
  for (;;) {
    const rows = await repo.purchaseBatch(db, accountId, filter, after, batchSize);
    if (!rows.length) return;
    yield rows.map(ledgerRow);
    after = rows[rows.length - 1].id;
    if (rows.length < batchSize) return;
  }
}

/** Supplier payments (by `date`; `status` Success for what actually moved money), in batches by id. */
export async function* supplierPaymentBatches(
  db: Kysely<Database>,
  accountId: number,
  filter: { from?: string; to?: string; supplierId?: number; status?: 'Success' | 'Pending' | 'Failed' } = {},
  batchSize = 500,
): AsyncGenerator<SupplierPaymentRow[]> {
  let after = 0;
  for (;;) {
    const rows = await payments.paymentBatch(db, accountId, filter, after, batchSize);
    if (!rows.length) return;
    const links = await payments.linksOf(
      db,
      accountId,
      rows.map((r) => r.id),
    );
    yield rows.map((r) => ({
      id: r.id,
      date: r.date,
      amount: r.amount,
      paymentMethod: r.paymentMethod,
      status: r.status,
      reference: r.reference,
      supplierId: r.supplierId,
      supplierName: r.supplierName,
      links: (links.get(r.id) ?? []).map((l) => ({ purchaseInvoiceId: l.purchaseInvoiceId, amount: l.amount })),
    }));
    after = rows[rows.length - 1].id;
    if (rows.length < batchSize) return;
  }
}

/** One supplier payment, or null (bank matching checks what the user names). */
export async function getSupplierPaymentRow(db: Kysely<Database>, accountId: number, id: number): Promise<SupplierPaymentRow | null> {
  const [row] = await payments.getPayments(db, accountId, [id]);
  if (!row) return null;
  const links = (await payments.linksOf(db, accountId, [id])).get(id) ?? [];
  return { ...row, links: links.map((l) => ({ purchaseInvoiceId: l.purchaseInvoiceId, amount: l.amount })) };
}

/** Success supplier payments of exactly `amount` dated within [from, to] (bank matching suggestions). */
export async function supplierPaymentsOfAmount(db: Kysely<Database>, accountId: number, amount: Big, from: string, to: string) {
  return payments.paymentsOfAmount(db, accountId, amount, from, to);
}

/** What a purchase's own file says beyond its amounts: its billing framework and the invoices it corrects. */
export interface PurchaseFileFacts {
  /** BT-3 as the file gives it. */
  typeCode: string;
  isCredit: boolean;
  /** BT-23 (in a French e-invoice, the billing framework: B1, S1, M1…), as given. */
  businessProcess: string | null;
  /** BT-25 / BT-26. */
  precedingInvoices: { number: string; issueDate: string | null }[];
}

/**
 * Reads the purchase's uploaded file again (CII, UBL, or the XML of a Factur-X PDF) for the facts the
 * ledger does not keep; null for a PDF without readable XML or a purchase of another account.
 */
export async function purchaseFileFacts(db: Kysely<Database>, accountId: number, id: number): Promise<PurchaseFileFacts | null> {
  const row = await db
    .selectFrom('purchaseInvoices')
    .select('content')
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  let invoice: IncomingInvoice | null;
  try {
    invoice = (await readUpload.run(new Uint8Array(row.content))).invoice;
  } catch {
    return null;
  }
  return invoice
    ? {
        typeCode: invoice.typeCode,
        isCredit: invoice.isCredit,
        businessProcess: invoice.businessProcess,
        precedingInvoices: invoice.precedingInvoices,
      }
    : null;
}
