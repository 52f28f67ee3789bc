// Purchase invoices as a ledger: list, get, update of the extracted data, delete. The amounts per
// VAT rate, the supplier and the dates a person corrects; what supplier payments settled
// (paidAmount) moves only with the payments (payments.ts). Status follows from the data:
// Paid when fully paid, Done when supplier, date and a non-zero amount are known, else Pending.
import type Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { transaction, type Trx } from '../../db/transaction.js';
import { round2, sum, toDecimal } from '../../domain/money.js';
import { InvalidStateError, NotFoundError, PreconditionFailedError, ValidationError, type FieldError } from '../../errors.js';
import { checkIfMatch, type IfMatch, type Versioned } from '../../app/versioning.js';
import { mergeUpdate } from '../../app/input/merge.js';
import { clean } from '../../app/input/text.js';
import type { Page, SortKey } from '../../app/paging.js';
import { emit } from '../../jobs/outbox.js';
import { classificationById } from '../reference/index.js';
import { getSuppliersByIds, type SupplierT } from '../suppliers/index.js';
import * as repo from './repo.js';
import {
  limitSubject,
  type ExpenseStatusT,
  type PurchaseInvoiceT,
  type PurchaseInvoiceUpdateT,
  type PurchaseVatInputT,
} from './schemas.js';

/** What is kept in purchase_invoices.data: the wire fields without columns, and what was read. */
export interface StoredPurchaseData {
  subject: string | null;
  notes: string | null;
  region: PurchaseInvoiceT['region'];
  source?: unknown;
  invoice?: { currency?: string | null } | null;
  /** Set when the supplier's identifiers were kept as given without our checks accepting them. */
  supplierIdentifiers?: PurchaseInvoiceT['supplierIdentifiers'];
}

/** One VAT rate of a purchase, stored as decimal strings. */
export interface StoredVat {
  rate: string;
  taxExcludedAmount: string;
  vatAmount: string;
}

export interface LedgerContext {
  db: Db;
  publicUrl: string | null;
}

const num = (value: Big) => Number(value.toFixed(2));

export function parseVats(json: string | null): StoredVat[] | null {
  return json ? (JSON.parse(json) as StoredVat[]) : null;
}

/** Paid when the invoice has an amount and nothing remains due; otherwise Done or Pending by the data. */
export function statusOf(
  row: { supplierId: number | null; taxIncludedAmount: Big; paidAmount: Big },
  dataStatus: ExpenseStatusT,
): ExpenseStatusT {
  if (!row.taxIncludedAmount.eq(0) && row.taxIncludedAmount.minus(row.paidAmount).eq(0)) return 'Paid';
  return dataStatus === 'Paid' ? 'Done' : dataStatus;
}

function present(row: repo.PurchaseRow, supplier: SupplierT | null, duplicateIds: number[], publicUrl: string | null): PurchaseInvoiceT {
  const data = JSON.parse(row.data) as StoredPurchaseData;
  const balance = row.taxIncludedAmount.minus(row.paidAmount);
  return {
    date: row.date,
    id: row.id,
    notes: data.notes,
    pdfUrl: `${publicUrl ?? ''}/v1/purchaseinvoices/download/${row.id}`,
    reference: row.reference,
    region: data.region,
    status: row.status as ExpenseStatusT,
    subject: limitSubject(data.subject),
    supplier,
    taxIncludedAmount: num(row.taxIncludedAmount),
    vatReverseCharge: Boolean(row.vatReverseCharge),
    supplierId: row.supplierId,
    dueDate: row.dueDate,
    taxExcludedAmount: row.taxExcludedAmount === null ? null : num(row.taxExcludedAmount),
    vatAmount: row.vatAmount === null ? null : num(row.vatAmount),
    vats:
      parseVats(row.vats)?.map((v) => ({
        rate: Number(v.rate),
        taxExcludedAmount: Number(v.taxExcludedAmount),
        vatAmount: Number(v.vatAmount),
      })) ?? null,
    classificationId: row.classificationId,
    paidAmount: num(row.paidAmount),
    balance: num(balance),
    isPaid: !row.taxIncludedAmount.eq(0) && balance.eq(0),
    duplicateIds,
    supplierIdentifiers: data.supplierIdentifiers ?? null,
  };
}

export async function presentPurchases(
  db: Kysely<Database>,
  accountId: number,
  rows: repo.PurchaseRow[],
  publicUrl: string | null,
): Promise<PurchaseInvoiceT[]> {
  const suppliers = await getSuppliersByIds(
    db,
    accountId,
    rows.flatMap((r) => (r.supplierId === null ? [] : [r.supplierId])),
  );
  const duplicates = await repo.duplicatesOf(db, accountId, rows);
  return rows.map((r) =>
    present(r, r.supplierId === null ? null : (suppliers.get(r.supplierId) ?? null), duplicates.get(r.id) ?? [], publicUrl),
  );
}

async function versioned(db: Kysely<Database>, accountId: number, row: repo.PurchaseRow, publicUrl: string | null) {
  return { value: (await presentPurchases(db, accountId, [row], publicUrl))[0], version: row.version };
}

export async function getPurchaseInvoice(ctx: LedgerContext, accountId: number, id: number): Promise<Versioned<PurchaseInvoiceT>> {
  const row = await repo.getPurchase(ctx.db.kysely, accountId, id);
  if (!row) throw new NotFoundError('Purchase invoice', id);
  return versioned(ctx.db.kysely, accountId, row, ctx.publicUrl);
}

export async function listPurchaseInvoices(
  ctx: LedgerContext,
  accountId: number,
  filter: repo.PurchaseFilter,
  page: Page,
  order: SortKey<repo.SortColumn>[],
) {
  const { rows, total } = await repo.listPurchases(ctx.db.kysely, accountId, filter, page, order);
  return { items: await presentPurchases(ctx.db.kysely, accountId, rows, ctx.publicUrl), total };
}

/** The VAT lines of a request: vatAmount computed when absent, signs checked; errors named by field. */
export function vatLinesOf(input: PurchaseVatInputT[], field: string, errors: FieldError[]): StoredVat[] {
  return input.map((v, i) => {
    const base = round2(toDecimal(v.taxExcludedAmount));
    if (!base.eq(v.taxExcludedAmount)) errors.push({ field: `${field}[${i}].taxExcludedAmount`, message: 'at most 2 decimals' });
    const rate = toDecimal(v.rate);
    const vat = v.vatAmount === null || v.vatAmount === undefined ? round2(base.times(rate).div(100)) : toDecimal(v.vatAmount);
    if (!round2(vat).eq(vat)) errors.push({ field: `${field}[${i}].vatAmount`, message: 'at most 2 decimals' });
    else if ((vat.gt(0) && base.lt(0)) || (vat.lt(0) && base.gt(0))) {
      errors.push({ field: `${field}[${i}].vatAmount`, message: 'must have the sign of taxExcludedAmount' });
    } else if (vat.abs().gt(base.abs())) {
      errors.push({ field: `${field}[${i}].vatAmount`, message: 'cannot exceed the base it is computed on' });
    } else if (rate.eq(0) && !vat.eq(0)) {
      errors.push({ field: `${field}[${i}].vatAmount`, message: 'must be 0 at a rate of 0' });
    }
    return { rate: rate.toFixed(), taxExcludedAmount: base.toFixed(2), vatAmount: round2(vat).toFixed(2) };
  });
}

type Editable = Required<Omit<PurchaseInvoiceUpdateT, 'taxIncludedAmount'>> & { taxIncludedAmount: number };

export async function updatePurchaseInvoice(
  ctx: LedgerContext,
  accountId: number,
  id: number,
  patch: PurchaseInvoiceUpdateT,
  ifMatch: IfMatch,
): Promise<Versioned<PurchaseInvoiceT>> {
  return transaction(ctx.db, async (trx) => {
    const row = await repo.getPurchase(trx, accountId, id, true);
    if (!row) throw new NotFoundError('Purchase invoice', id);
    checkIfMatch(ifMatch, row.version, `Purchase invoice ${id}`);
    const data = JSON.parse(row.data) as StoredPurchaseData;
    const current: Editable = {
      supplierId: row.supplierId,
      reference: row.reference,
      date: row.date,
      dueDate: row.dueDate,
      subject: limitSubject(data.subject),
      notes: data.notes,
      region: data.region,
      vatReverseCharge: Boolean(row.vatReverseCharge),
      vats: null,
      taxIncludedAmount: num(row.taxIncludedAmount),
      classificationId: row.classificationId,
    };
    const known = Object.fromEntries(Object.entries(patch).filter(([k]) => Object.hasOwn(current, k)));
    const input = mergeUpdate(current, known);
    const errors: FieldError[] = [];

    let supplier: SupplierT | null = null;
    if (input.supplierId !== null) {
      supplier = (await getSuppliersByIds(trx, accountId, [input.supplierId])).get(input.supplierId) ?? null;
      if (!supplier) errors.push({ field: 'supplierId', message: `supplier ${input.supplierId} does not exist` });
    }
    if (input.classificationId !== null) {
      const c = classificationById(input.classificationId);
      if (!c || c.type !== 'Expense') {
        errors.push({
          field: 'classificationId',
          message: `${input.classificationId} is not an expense classification (GET /v1/classifications?type=Expense)`,
        });
      }
    }
    if (input.dueDate && input.dueDate < input.date) errors.push({ field: 'dueDate', message: 'cannot be earlier than date' });

    let vats = parseVats(row.vats);
    let taxExcluded = row.taxExcludedAmount;
    let vatAmount = row.vatAmount;
    let taxIncluded = toDecimal(input.taxIncludedAmount);
    if (!round2(taxIncluded).eq(taxIncluded)) errors.push({ field: 'taxIncludedAmount', message: 'at most 2 decimals' });
    if (patch.vats === null) {
      vats = null;
      taxExcluded = null;
      vatAmount = null;
    } else if (patch.vats !== undefined) {
      vats = vatLinesOf(patch.vats, 'vats', errors);
      taxExcluded = sum(vats.map((v) => v.taxExcludedAmount));
      vatAmount = sum(vats.map((v) => v.vatAmount));
      const total = taxExcluded.plus(vatAmount);
      if (patch.taxIncludedAmount !== undefined && !total.eq(taxIncluded)) {
        errors.push({
          field: 'taxIncludedAmount',
          message: `${taxIncluded.toFixed(2)} is not the sum of the VAT lines (${total.toFixed(2)}): send one or make them agree`,
        });
      }
      taxIncluded = total;
    } else if (patch.taxIncludedAmount !== undefined && !taxIncluded.eq(row.taxIncludedAmount)) {
      // A new total without VAT lines: the old lines no longer describe it.
      vats = null;
      taxExcluded = null;
      vatAmount = null;
    }
    if (!row.paidAmount.eq(0)) {
      const sameWay = taxIncluded.gt(0) === row.paidAmount.gt(0);
      if (!sameWay || taxIncluded.abs().lt(row.paidAmount.abs())) {
        errors.push({
          field: 'taxIncludedAmount',
          message: `supplier payments already settle ${row.paidAmount.toFixed(2)} of this invoice: the amount cannot be less`,
        });
      }
    }
    if (errors.length) throw new ValidationError(errors);

    const hasData = input.supplierId !== null && !taxIncluded.eq(0);
    const values: repo.LedgerValues = {
      supplierId: input.supplierId,
      supplierName: supplier?.name ?? null,
      reference: clean(input.reference),
      date: input.date,
      dueDate: input.dueDate,
      status: statusOf(
        { supplierId: input.supplierId, taxIncludedAmount: taxIncluded, paidAmount: row.paidAmount },
        hasData ? 'Done' : 'Pending',
      ),
      vatReverseCharge: input.vatReverseCharge,
      vats: vats ? JSON.stringify(vats) : null,
      classificationId: input.classificationId,
      data: JSON.stringify({ ...data, subject: clean(input.subject), notes: clean(input.notes), region: input.region }),
      taxIncludedAmount: taxIncluded,
      taxExcludedAmount: taxExcluded,
      vatAmount,
      searchText: repo.searchTextOf([input.reference, input.subject, input.notes, supplier?.name, supplier?.number]),
      updatedAt: new Date().toISOString(),
    };
    if (!(await repo.updateLedger(trx, accountId, id, values, ifMatch ? row.version : undefined))) {
      throw new PreconditionFailedError(
        `Purchase invoice ${id} was changed by another request at the same time: read it again, then retry`,
      );
    }
    const out = await versioned(trx, accountId, (await repo.getPurchase(trx, accountId, id))!, ctx.publicUrl);
    await emit(trx, accountId, 'PurchaseInvoiceUpdated', out.value);
    return out;
  });
}

export async function deletePurchaseInvoice(ctx: LedgerContext, accountId: number, id: number, ifMatch: IfMatch): Promise<void> {
  await transaction(ctx.db, async (trx: Trx) => {
    const row = await repo.getPurchase(trx, accountId, id, true);
    if (!row) throw new NotFoundError('Purchase invoice', id);
    checkIfMatch(ifMatch, row.version, `Purchase invoice ${id}`);
    const payments = await paymentsSettling(trx, accountId, id);
    if (payments.length) {
      throw new InvalidStateError(
        `Purchase invoice ${id} is settled by supplier payment(s) ${payments.join(', ')}: delete them or remove their link first`,
      );
    }
    const out = (await presentPurchases(trx, accountId, [row], ctx.publicUrl))[0];
    await repo.deletePurchase(trx, accountId, id);
    await emit(trx, accountId, 'PurchaseInvoiceDeleted', out);
  });
}

async function paymentsSettling(db: Kysely<Database>, accountId: number, purchaseInvoiceId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('supplierPaymentLinks')
    .select('paymentId')
    .distinct()
    .where('accountId', '=', accountId)
    .where('purchaseInvoiceId', '=', purchaseInvoiceId)
    .orderBy('paymentId')
    .execute();
  return rows.map((r) => r.paymentId);
}
