// Supplier payments: money paid to suppliers (or refunded by them) and the purchase invoices it
// settles, full, partial, or several at once. What an invoice has been paid (paidAmount), hence its
// balance and its Paid status, moves only here, in the transaction of the payment, recomputed from
// the links of all Success payments for every invoice the old and new links touch (locked in id
// order on PostgreSQL). The rules mirror receipts (docs/receipts.md): signs are the direction of
// the cash, links are signed as allocated, nothing over-settles.
import type Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { transaction, type Trx } from '../../db/transaction.js';
import { todayIn } from '../../domain/dates.js';
import { round2, toDecimal, ZERO } from '../../domain/money.js';
import { NotFoundError, PreconditionFailedError, ValidationError, type FieldError } from '../../errors.js';
import { checkIfMatch, type IfMatch, type Versioned } from '../../app/versioning.js';
import { mergeUpdate } from '../../app/input/merge.js';
import { clean } from '../../app/input/text.js';
import type { Page, SortKey } from '../../app/paging.js';
import { emit } from '../../jobs/outbox.js';
import { getAccountSettings } from '../settings/index.js';
import { getSuppliersByIds } from '../suppliers/index.js';
import { presentPurchases, statusOf } from './ledger.js';
import * as repo from './payments-repo.js';
import * as purchases from './repo.js';
import type { SupplierPaymentInputT, SupplierPaymentT } from './payments-schemas.js';

export interface PaymentsContext {
  db: Db;
  publicUrl: string | null;
}

const num = (value: Big) => Number(value.toFixed(2));

function present(row: repo.PaymentRow, links: repo.PaymentLinkRow[]): SupplierPaymentT {
  return {
    amount: num(row.amount),
    date: row.date,
    id: row.id,
    internalId: row.internalId,
    links: links.map((l) => ({ amount: num(l.amount), id: l.purchaseInvoiceId })),
    metadata: row.metadata ? (JSON.parse(row.metadata) as Record<string, unknown>) : null,
    notes: row.notes,
    paymentMethod: row.paymentMethod as SupplierPaymentT['paymentMethod'],
    reference: row.reference,
    status: row.status as SupplierPaymentT['status'],
    supplierId: row.supplierId,
    supplierName: row.supplierName,
  };
}

export async function presentPayments(db: Kysely<Database>, accountId: number, rows: repo.PaymentRow[]): Promise<SupplierPaymentT[]> {
  const links = await repo.linksOf(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, links.get(r.id) ?? []));
}

async function versioned(db: Kysely<Database>, accountId: number, id: number): Promise<Versioned<SupplierPaymentT>> {
  const row = (await repo.getPayment(db, accountId, id))!;
  return { value: (await presentPayments(db, accountId, [row]))[0], version: row.version };
}

export async function getSupplierPayment(ctx: PaymentsContext, accountId: number, id: number) {
  const row = await repo.getPayment(ctx.db.kysely, accountId, id);
  if (!row) throw new NotFoundError('Supplier payment', id);
  return { value: (await presentPayments(ctx.db.kysely, accountId, [row]))[0], version: row.version };
}

export async function listSupplierPayments(
  ctx: PaymentsContext,
  accountId: number,
  filter: repo.PaymentFilter,
  page: Page,
  order: SortKey<repo.PaymentSortColumn>[],
) {
  const { rows, total } = await repo.listPayments(ctx.db.kysely, accountId, filter, page, order);
  return { items: await presentPayments(ctx.db.kysely, accountId, rows), total };
}

interface Resolved {
  values: repo.PaymentValues;
  links: { purchaseInvoiceId: number; amount: Big }[];
}

/** Validates a payment and its links against the invoices as they are (without this payment's own links). */
async function resolve(trx: Trx, accountId: number, input: SupplierPaymentInputT, paymentId: number | undefined): Promise<Resolved> {
  const errors: FieldError[] = [];
  const amount = toDecimal(input.amount);
  if (!round2(amount).eq(amount)) errors.push({ field: 'amount', message: 'at most 2 decimals' });
  if (amount.eq(0)) errors.push({ field: 'amount', message: 'must not be 0: > 0 paid to the supplier, < 0 refunded by the supplier' });
  const status = input.status ?? 'Success';
  const date = input.date ?? todayIn((await getAccountSettings(trx, accountId)).general.timezone || 'Europe/Paris');

  const linkInput = input.links ?? [];
  const invoices = await purchases.getPurchases(
    trx,
    accountId,
    linkInput.map((l) => l.id),
    true,
  );
  const settled = await repo.settledOn(trx, accountId, [...invoices.keys()], paymentId);

  let supplierId = input.supplierId ?? null;
  if (supplierId === null)
    supplierId = linkInput.map((l) => invoices.get(l.id)?.supplierId).find((s) => s !== null && s !== undefined) ?? null;
  const supplier = supplierId === null ? null : ((await getSuppliersByIds(trx, accountId, [supplierId])).get(supplierId) ?? null);
  if (supplierId !== null && !supplier) errors.push({ field: 'supplierId', message: `supplier ${supplierId} does not exist` });

  const links: Resolved['links'] = [];
  const allocated = new Map<number, Big>();
  let total = ZERO;
  linkInput.forEach((l, i) => {
    const field = `links[${i}]`;
    const invoice = invoices.get(l.id);
    if (!invoice) {
      errors.push({ field: `${field}.id`, message: `purchase invoice ${l.id} does not exist` });
      return;
    }
    if (supplier && invoice.supplierId !== null && invoice.supplierId !== supplier.id) {
      errors.push({ field: `${field}.id`, message: `purchase invoice ${l.id} is of another supplier than ${supplier.name}` });
      return;
    }
    if (invoice.taxIncludedAmount.eq(0)) {
      errors.push({ field: `${field}.id`, message: `purchase invoice ${l.id} has no amount yet: complete it before paying it` });
      return;
    }
    const direction = invoice.taxIncludedAmount.gt(0) ? 1 : -1;
    const remaining = invoice.taxIncludedAmount.minus(settled.get(l.id) ?? ZERO).minus(allocated.get(l.id) ?? ZERO);
    let value: Big;
    if (l.amount === null || l.amount === undefined) {
      value = remaining;
      const unallocated = amount.minus(total);
      // A null amount on an invoice paid in the payment's direction takes at most what is left of it.
      if (direction === (amount.gt(0) ? 1 : -1) && value.abs().gt(unallocated.abs()))
        value = unallocated.gt(0) === amount.gt(0) ? unallocated : ZERO;
      if (value.eq(0)) {
        errors.push({ field: `${field}.amount`, message: `nothing left to settle on purchase invoice ${l.id}` });
        return;
      }
    } else {
      value = toDecimal(l.amount);
      if (!round2(value).eq(value)) {
        errors.push({ field: `${field}.amount`, message: 'at most 2 decimals' });
        return;
      }
      if (value.eq(0) || (value.gt(0) ? 1 : -1) !== direction) {
        errors.push({
          field: `${field}.amount`,
          message: `must be ${direction > 0 ? 'positive: purchase invoice' : 'negative: credit note'} ${l.id} is of ${invoice.taxIncludedAmount.toFixed(2)}`,
        });
        return;
      }
      if (status === 'Success' && value.abs().gt(remaining.abs())) {
        errors.push({
          field: `${field}.amount`,
          message: `${value.toFixed(2)} over-settles purchase invoice ${l.id}: ${remaining.toFixed(2)} remains due`,
        });
        return;
      }
    }
    allocated.set(l.id, (allocated.get(l.id) ?? ZERO).plus(value));
    total = total.plus(value);
    links.push({ purchaseInvoiceId: l.id, amount: value });
  });
  if (links.length && !amount.eq(0) && (total.abs().gt(amount.abs()) || (!total.eq(0) && total.gt(0) !== amount.gt(0)))) {
    errors.push({
      field: 'links',
      message: `the links settle ${total.toFixed(2)}, more than the payment's ${amount.toFixed(2)} or the other way`,
    });
  }
  if (errors.length) throw new ValidationError(errors);
  return {
    values: {
      internalId: clean(input.internalId),
      date,
      amount,
      paymentMethod: input.paymentMethod ?? 'Transfer',
      status,
      reference: clean(input.reference),
      notes: clean(input.notes),
      metadata: input.metadata ? JSON.stringify(input.metadata) : null,
      supplierId: supplier?.id ?? null,
      supplierName: supplier?.name ?? null,
      searchText: purchases.searchTextOf([input.reference, input.notes, input.internalId, supplier?.name, supplier?.number]),
      updatedAt: new Date().toISOString(),
    },
    links,
  };
}

/** Recomputes paidAmount and status of the invoices; emits PurchaseInvoicePaid for those now fully paid. */
async function rebalance(trx: Trx, accountId: number, invoiceIds: number[], publicUrl: string | null): Promise<void> {
  const invoices = await purchases.getPurchases(trx, accountId, invoiceIds, true);
  const settled = await repo.settledOn(trx, accountId, [...invoices.keys()]);
  for (const invoice of invoices.values()) {
    const paid = settled.get(invoice.id) ?? ZERO;
    const base = invoice.supplierId !== null && !invoice.taxIncludedAmount.eq(0) ? 'Done' : 'Pending';
    const status = statusOf({ ...invoice, paidAmount: paid }, invoice.status === 'Paid' ? base : (invoice.status as 'Done' | 'Pending'));
    if (paid.eq(invoice.paidAmount) && status === invoice.status) continue;
    await purchases.setPaid(trx, accountId, invoice.id, paid, status);
    if (status === 'Paid' && invoice.status !== 'Paid') {
      const row = (await purchases.getPurchase(trx, accountId, invoice.id))!;
      await emit(trx, accountId, 'PurchaseInvoicePaid', (await presentPurchases(trx, accountId, [row], publicUrl))[0]);
    }
  }
}

export async function createSupplierPayment(ctx: PaymentsContext, accountId: number, input: SupplierPaymentInputT) {
  return transaction(ctx.db, async (trx) => {
    const { values, links } = await resolve(trx, accountId, input, undefined);
    const id = await repo.insertPayment(trx, accountId, values);
    await repo.replaceLinks(trx, accountId, id, links);
    await rebalance(
      trx,
      accountId,
      links.map((l) => l.purchaseInvoiceId),
      ctx.publicUrl,
    );
    const out = await versioned(trx, accountId, id);
    await emit(trx, accountId, 'SupplierPaymentCreated', out.value);
    return out;
  });
}

export async function updateSupplierPayment(
  ctx: PaymentsContext,
  accountId: number,
  id: number,
  patch: Partial<SupplierPaymentInputT>,
  ifMatch: IfMatch,
) {
  return transaction(ctx.db, async (trx) => {
    const current = await repo.getPayment(trx, accountId, id, true);
    if (!current) throw new NotFoundError('Supplier payment', id);
    checkIfMatch(ifMatch, current.version, `Supplier payment ${id}`);
    const [shown] = await presentPayments(trx, accountId, [current]);
    const { links: keptLinks, supplierName: _readOnly, id: _id, ...rest } = shown;
    const merged = mergeUpdate({ ...rest, links: keptLinks }, { ...patch, links: patch.links ?? undefined });
    const oldLinks = keptLinks.map((l) => l.id);
    const { values, links } = await resolve(trx, accountId, merged, id);
    if (!(await repo.updatePayment(trx, accountId, id, values, ifMatch ? current.version : undefined))) {
      throw new PreconditionFailedError(
        `Supplier payment ${id} was changed by another request at the same time: read it again, then retry`,
      );
    }
    await repo.replaceLinks(trx, accountId, id, links);
    await rebalance(trx, accountId, [...oldLinks, ...links.map((l) => l.purchaseInvoiceId)], ctx.publicUrl);
    const out = await versioned(trx, accountId, id);
    await emit(trx, accountId, 'SupplierPaymentUpdated', out.value);
    return out;
  });
}

export async function deleteSupplierPayment(ctx: PaymentsContext, accountId: number, id: number, ifMatch: IfMatch): Promise<void> {
  await transaction(ctx.db, async (trx) => {
    const current = await repo.getPayment(trx, accountId, id, true);
    if (!current) throw new NotFoundError('Supplier payment', id);
    checkIfMatch(ifMatch, current.version, `Supplier payment ${id}`);
    const [shown] = await presentPayments(trx, accountId, [current]);
    await repo.deletePayment(trx, accountId, id);
    await rebalance(
      trx,
      accountId,
      shown.links.map((l) => l.id),
      ctx.publicUrl,
    );
    await emit(trx, accountId, 'SupplierPaymentDeleted', shown);
  });
}
