// The commitments view (what is owed to us and by us, with due dates) and the settlements view (what
// was paid, by kind), as paged lists. Each is a read-only projection over several modules' tables
// (sale documents, receipts, purchase invoices, supplier payments, expense reports): one query per
// kind gives its count and its first rows in the list's order, and the page is the merge of those
// (docs/decisions.md). Amounts are exact (big.js) until presented.
import type Big from 'big.js';
import type { Kysely } from 'kysely';
import { fromStoredAmount } from '../../db/money.js';
import type { Database } from '../../db/schema.js';
import type { Page } from '../../app/paging.js';
import type { CommitmentEntryT, CommitmentTypeT, SettlementEntryT, SettlementTypeT } from './schemas.js';

type Db = Kysely<Database>;
const num = (v: Big) => Number(v.toFixed(2));

export interface ViewFilter {
  from?: string;
  to?: string;
}

interface Source<T> {
  count(): Promise<number>;
  /** The first `n` rows in the view's order (date, then id, ascending). */
  first(n: number): Promise<T[]>;
}

async function merged<T extends { id: number; type: string }>(
  sources: Source<T>[],
  page: Page,
  order: readonly string[],
  key: (row: T) => string,
) {
  const counts = await Promise.all(sources.map((s) => s.count()));
  const total = counts.reduce((a, b) => a + b, 0);
  if (page.offset >= total) return { items: [] as T[], total };
  const want = page.offset + page.size;
  const rows = (await Promise.all(sources.map((s) => s.first(want)))).flat();
  rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : order.indexOf(a.type) - order.indexOf(b.type) || a.id - b.id));
  return { items: rows.slice(page.offset, want), total };
}

function commitmentSources(db: Db, accountId: number, f: ViewFilter): Record<CommitmentTypeT, Source<CommitmentEntryT>> {
  const sales = () => {
    let q = db
      .selectFrom('saleDocuments')
      .where('accountId', '=', accountId)
      .where('kind', 'in', ['Invoice', 'Credit'])
      .where('isDraft', '=', false)
      .where('isCancelled', '=', false)
      .where('isPaid', '=', false);
    if (f.from) q = q.where((eb) => eb.fn.coalesce('dueDate', 'date'), '>=', f.from);
    if (f.to) q = q.where((eb) => eb.fn.coalesce('dueDate', 'date'), '<=', f.to);
    return q;
  };
  const purchases = () => {
    let q = db
      .selectFrom('purchaseInvoices')
      .where('accountId', '=', accountId)
      .where('status', '!=', 'Paid')
      .where('taxIncludedAmount', '!=', 0);
    if (f.from) q = q.where((eb) => eb.fn.coalesce('dueDate', 'date'), '>=', f.from);
    if (f.to) q = q.where((eb) => eb.fn.coalesce('dueDate', 'date'), '<=', f.to);
    return q;
  };
  const reports = () => {
    let q = db.selectFrom('expenseReports').where('accountId', '=', accountId).where('status', '=', 'Approved');
    if (f.from) q = q.where('periodEnd', '>=', f.from);
    if (f.to) q = q.where('periodEnd', '<=', f.to);
    return q;
  };
  return {
    Customer: {
      count: async () =>
        Number(
          (
            await sales()
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      first: async (n) =>
        (
          await sales()
            .select(['id', 'kind', 'customerId', 'customerName', 'number', 'date', 'dueDate', 'taxIncludedAmount', 'balance'])
            .orderBy((eb) => eb.fn.coalesce('dueDate', 'date'))
            .orderBy('id')
            .limit(n)
            .execute()
        ).map((r) => {
          // A credit not yet refunded or offset is owed by us: negative, as a supplier credit note is.
          const sign = r.kind === 'Credit' ? -1 : 1;
          return {
            type: 'Customer' as const,
            id: r.id,
            thirdId: r.customerId,
            thirdName: r.customerName,
            reference: r.number,
            date: r.date,
            dueDate: r.dueDate ?? r.date,
            amount: num(fromStoredAmount(db, r.taxIncludedAmount).abs().times(sign)),
            dueAmount: num(fromStoredAmount(db, r.balance).times(sign)),
          };
        }),
    },
    Supplier: {
      count: async () =>
        Number(
          (
            await purchases()
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      first: async (n) =>
        (
          await purchases()
            .select(['id', 'supplierId', 'supplierName', 'reference', 'date', 'dueDate', 'taxIncludedAmount', 'paidAmount'])
            .orderBy((eb) => eb.fn.coalesce('dueDate', 'date'))
            .orderBy('id')
            .limit(n)
            .execute()
        ).map((r) => {
          const total = fromStoredAmount(db, r.taxIncludedAmount);
          return {
            type: 'Supplier' as const,
            id: r.id,
            thirdId: r.supplierId,
            thirdName: r.supplierName,
            reference: r.reference,
            date: r.date,
            dueDate: r.dueDate ?? r.date,
            amount: num(total),
            dueAmount: num(total.minus(fromStoredAmount(db, r.paidAmount))),
          };
        }),
    },
    Colleague: {
      count: async () =>
        Number(
          (
            await reports()
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      first: async (n) =>
        (
          await reports()
            .select(['id', 'colleagueId', 'colleagueName', 'title', 'periodEnd', 'taxIncludedAmount'])
            .orderBy('periodEnd')
            .orderBy('id')
            .limit(n)
            .execute()
        ).map((r) => ({
          type: 'Colleague' as const,
          id: r.id,
          thirdId: r.colleagueId,
          thirdName: r.colleagueName,
          reference: r.title,
          date: r.periodEnd,
          dueDate: r.periodEnd,
          amount: num(fromStoredAmount(db, r.taxIncludedAmount)),
          dueAmount: num(fromStoredAmount(db, r.taxIncludedAmount)),
        })),
    },
  };
}

/** Open commitments whose due date is within [from, to], earliest due first. */
export async function listCommitments(db: Db, accountId: number, types: CommitmentTypeT[], f: ViewFilter, page: Page) {
  const sources = commitmentSources(db, accountId, f);
  const { items, total } = await merged(
    types.map((t) => sources[t]),
    page,
    ['Customer', 'Supplier', 'Colleague'],
    (r) => r.dueDate,
  );
  return { items, total };
}

function settlementSources(db: Db, accountId: number, f: ViewFilter): Record<SettlementTypeT, Source<SettlementEntryT>> {
  const receipts = () => {
    let q = db.selectFrom('receipts').where('accountId', '=', accountId).where('status', '=', 'Success');
    if (f.from) q = q.where('date', '>=', f.from);
    if (f.to) q = q.where('date', '<=', f.to);
    return q;
  };
  const payments = () => {
    let q = db.selectFrom('supplierPayments').where('accountId', '=', accountId).where('status', '=', 'Success');
    if (f.from) q = q.where('date', '>=', f.from);
    if (f.to) q = q.where('date', '<=', f.to);
    return q;
  };
  const repayments = () => {
    let q = db.selectFrom('expenseReports').where('accountId', '=', accountId).where('status', '=', 'Reimbursed');
    if (f.from) q = q.where('reimbursedDate', '>=', f.from);
    if (f.to) q = q.where('reimbursedDate', '<=', f.to);
    return q;
  };
  return {
    CustomerReceipt: {
      count: async () =>
        Number(
          (
            await receipts()
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      first: async (n) =>
        (
          await receipts()
            .select(['id', 'date', 'amount', 'paymentMethod', 'reference', 'customerId', 'customerName'])
            .orderBy('date')
            .orderBy('id')
            .limit(n)
            .execute()
        ).map((r) => ({
          type: 'CustomerReceipt' as const,
          id: r.id,
          date: r.date,
          amount: num(fromStoredAmount(db, r.amount)),
          paymentMethod: r.paymentMethod,
          reference: r.reference,
          thirdId: r.customerId,
          thirdName: r.customerName,
        })),
    },
    SupplierPayment: {
      count: async () =>
        Number(
          (
            await payments()
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      first: async (n) =>
        (
          await payments()
            .select(['id', 'date', 'amount', 'paymentMethod', 'reference', 'supplierId', 'supplierName'])
            .orderBy('date')
            .orderBy('id')
            .limit(n)
            .execute()
        ).map((r) => ({
          type: 'SupplierPayment' as const,
          id: r.id,
          date: r.date,
          amount: num(fromStoredAmount(db, r.amount).times(-1)),
          paymentMethod: r.paymentMethod,
          reference: r.reference,
          thirdId: r.supplierId,
          thirdName: r.supplierName,
        })),
    },
    ColleagueRepayment: {
      count: async () =>
        Number(
          (
            await repayments()
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      first: async (n) =>
        (
          await repayments()
            .select([
              'id',
              'reimbursedDate',
              'taxIncludedAmount',
              'reimbursementMethod',
              'reimbursementReference',
              'colleagueId',
              'colleagueName',
            ])
            .orderBy('reimbursedDate')
            .orderBy('id')
            .limit(n)
            .execute()
        ).map((r) => ({
          type: 'ColleagueRepayment' as const,
          id: r.id,
          date: r.reimbursedDate!,
          amount: num(fromStoredAmount(db, r.taxIncludedAmount).times(-1)),
          paymentMethod: r.reimbursementMethod,
          reference: r.reimbursementReference,
          thirdId: r.colleagueId,
          thirdName: r.colleagueName,
        })),
    },
  };
}

/** Settlements dated within [from, to] (receipts and payments of status Success; repaid reports), oldest first. */
export async function listSettlements(db: Db, accountId: number, types: SettlementTypeT[], f: ViewFilter, page: Page) {
  const sources = settlementSources(db, accountId, f);
  return merged(
    types.map((t) => sources[t]),
    page,
    ['CustomerReceipt', 'SupplierPayment', 'ColleagueRepayment'],
    (r) => r.date,
  );
}
