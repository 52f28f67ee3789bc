// `settlements` (what was paid: customer receipts, supplier payments, colleague repayments) and
// `commitments` (what is owed to us and by us: open sale invoices, unpaid purchase invoices,
// approved expense reports not repaid), filtered by `types[]`, with the same kinds and meanings as
// the views /v1/settlements and /v1/commitments (docs/ledgers.md). Each kind is read through its
// module's batch API (by id, up to the largest id present at the start); kinds come one after the
// other in the order of `types` (CustomerReceipt, SupplierPayment, ColleagueRepayment; Customer,
// Supplier, Colleague), each in id order. Amounts of settlements are signed as cash for the company
// (> 0 in, < 0 out).
import type Big from 'big.js';
import { COMMITMENT_TYPES, SETTLEMENT_TYPES } from '../../ledgers/index.js';
import { expenseReportBatches } from '../../expenses/index.js';
import { purchaseInvoiceBatches, supplierPaymentBatches } from '../../purchases/index.js';
import { receiptBatches } from '../../receipts/index.js';
import { centsText } from '../../../domain/cents.js';
import type { Column, Row, Sheet, SheetName } from '../columns.js';
import type { Dataset, ExportContext } from '../dataset.js';
import { countOpenInvoices, countReports, countRows, maxIdOf, openInvoicesAfter, purchaseReferencesOf, receiptLinksOf } from '../repo.js';
import { analysisColumns, cents, Groups, monthLabel, slices } from './groups.js';
import { PAYMENT_METHOD_LABEL } from './receipts.js';

const BATCH = 500;
const methodLabel = (m: string | null) => (m ? (PAYMENT_METHOD_LABEL[m] ?? m) : null);

export const SETTLEMENT_LABEL: Record<string, string> = {
  CustomerReceipt: 'Encaissement client',
  SupplierPayment: 'Paiement fournisseur',
  ColleagueRepayment: 'Remboursement de frais',
};
export const COMMITMENT_LABEL: Record<string, string> = {
  Customer: 'Client',
  Supplier: 'Fournisseur',
  Colleague: 'Collaborateur',
};

/** One allocation of a settlement to a document, signed as cash. */
interface Allocation {
  documentType: string;
  documentId: number | null;
  documentNumber: string | null;
  documentDate: string | null;
  cents: number;
}

interface Settlement {
  type: string;
  id: number;
  date: string;
  thirdId: number | null;
  thirdName: string | null;
  cents: number;
  paymentMethod: string | null;
  reference: string | null;
  allocations: Allocation[];
}

const chosen = <T extends string>(ctx: ExportContext, all: readonly T[]) =>
  all.filter((t) => !ctx.params.types || ctx.params.types.includes(t));
const inPeriod = (date: string | null, from?: string, to?: string) => !!date && (!from || date >= from) && (!to || date <= to);

async function* settlementsOf(ctx: ExportContext, last: Record<string, number>): AsyncGenerator<Settlement[]> {
  const { db, accountId, params } = ctx;
  const period = { from: params.from, to: params.to };
  for (const type of chosen(ctx, SETTLEMENT_TYPES)) {
    if (type === 'CustomerReceipt') {
      for await (const batch of receiptBatches(db, accountId, { ...period, status: 'Success' }, BATCH)) {
        ctx.onRecords?.(batch.length);
        const kept = batch.filter((r) => r.id <= last.receipts);
        const links = await receiptLinksOf(
          db,
          accountId,
          kept.map((r) => r.id),
        );
        yield kept.map((r) => ({
          type,
          id: r.id,
          date: r.date,
          thirdId: r.customerId,
          thirdName: r.customerName,
          cents: cents(r.amount),
          paymentMethod: r.paymentMethod,
          reference: r.reference,
          allocations: links
            .filter((l) => l.receiptId === r.id)
            .map((l) => ({
              documentType: l.type === 'Invoice' ? 'Facture' : l.type === 'Credit' ? 'Avoir' : 'Échéance',
              documentId: l.documentId,
              documentNumber: l.documentNumber,
              documentDate: l.documentDate,
              cents: cents(l.amount),
            })),
        }));
        if (batch[batch.length - 1].id >= last.receipts) break;
      }
    } else if (type === 'SupplierPayment') {
      for await (const batch of supplierPaymentBatches(db, accountId, { ...period, status: 'Success' }, BATCH)) {
        ctx.onRecords?.(batch.length);
        const kept = batch.filter((p) => p.id <= last.supplierPayments);
        const refs = await purchaseReferencesOf(
          db,
          accountId,
          kept.flatMap((p) => p.links.map((l) => l.purchaseInvoiceId)),
        );
        yield kept.map((p) => ({
          type,
          id: p.id,
          date: p.date,
          thirdId: p.supplierId,
          thirdName: p.supplierName,
          cents: -cents(p.amount),
          paymentMethod: p.paymentMethod,
          reference: p.reference,
          allocations: p.links.map((l) => ({
            documentType: 'Facture fournisseur',
            documentId: l.purchaseInvoiceId,
            documentNumber: refs.get(l.purchaseInvoiceId)?.reference ?? null,
            documentDate: refs.get(l.purchaseInvoiceId)?.date ?? null,
            cents: -cents(l.amount),
          })),
        }));
        if (batch[batch.length - 1].id >= last.supplierPayments) break;
      }
    } else {
      // The reports' batch filter is on their period; a repayment is dated by its repayment date.
      for await (const batch of expenseReportBatches(db, accountId, { status: 'Reimbursed' }, BATCH)) {
        ctx.onRecords?.(batch.length);
        const kept = batch.filter((r) => r.id <= last.expenseReports && inPeriod(r.reimbursedDate, params.from, params.to));
        yield kept.map((r) => ({
          type,
          id: r.id,
          date: r.reimbursedDate!,
          thirdId: r.colleagueId,
          thirdName: r.colleagueName,
          cents: -cents(r.taxIncludedAmount),
          paymentMethod: r.reimbursementMethod,
          reference: r.reimbursementReference,
          allocations: [
            {
              documentType: 'Note de frais',
              documentId: r.id,
              documentNumber: r.title,
              documentDate: r.periodEnd,
              cents: -cents(r.taxIncludedAmount),
            },
          ],
        }));
        if (batch[batch.length - 1].id >= last.expenseReports) break;
      }
    }
  }
}

async function lastIds(ctx: ExportContext) {
  const { db, accountId } = ctx;
  const [receipts, supplierPayments, expenseReports, purchaseInvoices] = await Promise.all([
    maxIdOf(db, 'receipts', accountId),
    maxIdOf(db, 'supplierPayments', accountId),
    maxIdOf(db, 'expenseReports', accountId),
    maxIdOf(db, 'purchaseInvoices', accountId),
  ]);
  return { receipts, supplierPayments, expenseReports, purchaseInvoices };
}

const SETTLEMENT_SUMMARY: Column[] = [
  { key: 'type', header: 'Nature', type: 'text', width: 22 },
  { key: 'id', header: 'N°', type: 'integer', width: 10 },
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'thirdName', header: 'Tiers', type: 'text', width: 30 },
  { key: 'amount', header: 'Montant', type: 'amount' },
  { key: 'paymentMethod', header: 'Mode de règlement', type: 'text', width: 14 },
  { key: 'reference', header: 'Référence', type: 'text', width: 16 },
];

const SETTLEMENT_DETAIL: Column[] = [
  { key: 'type', header: 'Nature', type: 'text', width: 22 },
  { key: 'id', header: 'N°', type: 'integer', width: 10 },
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'thirdName', header: 'Tiers', type: 'text', width: 30 },
  { key: 'documentType', header: 'Type de document', type: 'text', width: 18 },
  { key: 'documentId', header: 'N° pièce', type: 'integer', width: 10 },
  { key: 'documentNumber', header: 'N° document', type: 'text', width: 16 },
  { key: 'documentDate', header: 'Date du document', type: 'date' },
  { key: 'amount', header: 'Montant affecté', type: 'amount' },
];

const SETTLEMENT_ANALYSIS = analysisColumns('settlements', 'Règlements', [
  { key: 'received', header: 'Encaissé', type: 'amount' },
  { key: 'paid', header: 'Décaissé', type: 'amount' },
  { key: 'amount', header: 'Solde', type: 'amount' },
]);

export const settlements: Dataset = {
  path: 'settlements',
  fileStem: 'reglements',
  summary: 'Export the settlements: customer receipts, supplier payments, colleague repayments (Summary, Detail, Analysis)',
  params: ['from', 'to', 'types'],
  types: SETTLEMENT_TYPES,
  sheets: ['Summary', 'Detail', 'Analysis'],
  async count(ctx) {
    const { db, accountId, params } = ctx;
    const n = await Promise.all(
      chosen(ctx, SETTLEMENT_TYPES).map((t) =>
        t === 'CustomerReceipt'
          ? countRows(db, 'receipts', accountId, { ...params, status: 'Success' })
          : t === 'SupplierPayment'
            ? countRows(db, 'supplierPayments', accountId, { ...params, status: 'Success' })
            : countReports(db, accountId, { status: 'Reimbursed' }),
      ),
    );
    return n.reduce((a, b) => a + b, 0);
  },
  async open(ctx, sheets) {
    const last = await lastIds(ctx);
    const read = () => settlementsOf(ctx, last);
    const all: Record<SheetName, Sheet> = {
      Summary: {
        name: 'Summary',
        title: 'Synthèse',
        columns: SETTLEMENT_SUMMARY,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.map((s): Row => [
              SETTLEMENT_LABEL[s.type],
              s.id,
              s.date,
              s.thirdName,
              centsText(s.cents),
              methodLabel(s.paymentMethod),
              s.reference,
            ]);
          }
        },
      },
      Detail: {
        name: 'Detail',
        title: 'Détail',
        columns: SETTLEMENT_DETAIL,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.flatMap((s): Row[] => {
              const head = [SETTLEMENT_LABEL[s.type], s.id, s.date, s.thirdName];
              const rows: Row[] = s.allocations.map((a) => [
                ...head,
                a.documentType,
                a.documentId,
                a.documentNumber,
                a.documentDate,
                centsText(a.cents),
              ]);
              const left = s.cents - s.allocations.reduce((sum, a) => sum + a.cents, 0);
              if (left !== 0 || !s.allocations.length) rows.push([...head, 'Non affecté', null, null, null, centsText(left)]);
              return rows;
            });
          }
        },
      },
      Analysis: {
        name: 'Analysis',
        title: 'Analyse',
        columns: SETTLEMENT_ANALYSIS,
        rows: async function* () {
          const g = new Groups(
            [
              ['Mois', 'key'],
              ['Nature', 'first'],
              ['Mode de règlement', 'first'],
            ],
            3,
          );
          for await (const batch of read()) {
            for (const s of batch) {
              const sums = [Math.max(s.cents, 0), Math.max(-s.cents, 0), s.cents];
              const month = s.date.slice(0, 7);
              g.add('Mois', month, monthLabel(month), sums);
              g.add('Nature', s.type, SETTLEMENT_LABEL[s.type], sums);
              g.add('Mode de règlement', s.paymentMethod ?? '', methodLabel(s.paymentMethod) ?? 'Non précisé', sums);
            }
          }
          yield* slices(g.rows());
        },
      },
    };
    return sheets.map((s) => all[s]);
  },
};

interface Commitment {
  type: string;
  id: number;
  thirdId: number | null;
  thirdName: string | null;
  reference: string | null;
  date: string;
  dueDate: string;
  amount: number;
  due: number;
}

const big = (v: Big) => cents(v);

async function* commitmentsOf(
  ctx: ExportContext,
  last: { purchaseInvoices: number; expenseReports: number },
): AsyncGenerator<Commitment[]> {
  const { db, accountId, params, asOf } = ctx;
  for (const type of chosen(ctx, COMMITMENT_TYPES)) {
    if (type === 'Customer') {
      let after = 0;
      for (;;) {
        const batch = await openInvoicesAfter(db, accountId, { from: params.from, to: params.to, asOf }, after, BATCH);
        if (!batch.length) break;
        ctx.onRecords?.(batch.length);
        yield batch.map((i) => ({
          type,
          id: i.id,
          thirdId: i.customerId,
          thirdName: i.customerName,
          reference: i.number,
          date: i.date,
          dueDate: i.dueDate,
          amount: big(i.taxIncludedAmount),
          due: big(i.balance),
        }));
        if (batch.length < BATCH) break;
        after = batch[batch.length - 1].id;
      }
    } else if (type === 'Supplier') {
      // The batch filter is on the invoice date; a commitment is dated by its due date.
      for await (const batch of purchaseInvoiceBatches(db, accountId, { status: 'Unpaid' }, BATCH)) {
        ctx.onRecords?.(batch.length);
        yield batch
          .filter(
            (p) => p.id <= last.purchaseInvoices && !p.taxIncludedAmount.eq(0) && inPeriod(p.dueDate ?? p.date, params.from, params.to),
          )
          .map((p) => ({
            type,
            id: p.id,
            thirdId: p.supplierId,
            thirdName: p.supplierName,
            reference: p.reference,
            date: p.date,
            dueDate: p.dueDate ?? p.date,
            amount: big(p.taxIncludedAmount),
            due: big(p.balance),
          }));
        if (batch[batch.length - 1].id >= last.purchaseInvoices) break;
      }
    } else {
      for await (const batch of expenseReportBatches(db, accountId, { status: 'Approved' }, BATCH)) {
        ctx.onRecords?.(batch.length);
        yield batch
          .filter((r) => r.id <= last.expenseReports && inPeriod(r.periodEnd, params.from, params.to))
          .map((r) => ({
            type,
            id: r.id,
            thirdId: r.colleagueId,
            thirdName: r.colleagueName,
            reference: r.title,
            date: r.periodEnd,
            dueDate: r.periodEnd,
            amount: big(r.taxIncludedAmount),
            due: big(r.taxIncludedAmount),
          }));
        if (batch[batch.length - 1].id >= last.expenseReports) break;
      }
    }
  }
}

const DAY = 86_400_000;

const COMMITMENT_SUMMARY: Column[] = [
  { key: 'type', header: 'Nature', type: 'text', width: 14 },
  { key: 'id', header: 'N° pièce', type: 'integer', width: 10 },
  { key: 'thirdName', header: 'Tiers', type: 'text', width: 30 },
  { key: 'reference', header: 'Référence', type: 'text', width: 18 },
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'dueDate', header: 'Échéance', type: 'date' },
  { key: 'amount', header: 'Montant TTC', type: 'amount' },
  { key: 'settledAmount', header: 'Réglé', type: 'amount' },
  { key: 'dueAmount', header: 'Reste dû', type: 'amount' },
  { key: 'daysLate', header: 'Jours de retard', type: 'integer', width: 10 },
];

const COMMITMENT_ANALYSIS = analysisColumns('commitments', 'Échéances', [
  { key: 'amount', header: 'Montant TTC', type: 'amount' },
  { key: 'dueAmount', header: 'Reste dû', type: 'amount' },
]);

export const commitments: Dataset = {
  path: 'commitments',
  fileStem: 'echeances',
  summary: 'Export the open commitments: unpaid sale and purchase invoices, approved expense reports (Summary, Analysis)',
  params: ['from', 'to', 'types'],
  types: COMMITMENT_TYPES,
  sheets: ['Summary', 'Analysis'],
  async count(ctx) {
    const { db, accountId, params, asOf } = ctx;
    const n = await Promise.all(
      chosen(ctx, COMMITMENT_TYPES).map((t) =>
        t === 'Customer'
          ? countOpenInvoices(db, accountId, { from: params.from, to: params.to, asOf })
          : t === 'Supplier'
            ? countRows(db, 'purchaseInvoices', accountId, {})
            : countReports(db, accountId, { status: 'Approved' }),
      ),
    );
    return n.reduce((a, b) => a + b, 0);
  },
  async open(ctx, sheets) {
    const last = await lastIds(ctx);
    const read = () => commitmentsOf(ctx, last);
    const today = ctx.asOf.slice(0, 10);
    const all: Partial<Record<SheetName, Sheet>> = {
      Summary: {
        name: 'Summary',
        title: 'Échéances',
        columns: COMMITMENT_SUMMARY,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.map((c): Row => [
              COMMITMENT_LABEL[c.type],
              c.id,
              c.thirdName,
              c.reference,
              c.date,
              c.dueDate,
              centsText(c.amount),
              centsText(c.amount - c.due),
              centsText(c.due),
              Math.max(0, Math.round((Date.parse(today) - Date.parse(c.dueDate)) / DAY)),
            ]);
          }
        },
      },
      Analysis: {
        name: 'Analysis',
        title: 'Analyse',
        columns: COMMITMENT_ANALYSIS,
        rows: async function* () {
          const g = new Groups(
            [
              ['Nature', 'first'],
              ["Mois d'échéance", 'key'],
              ['Tiers', 'label'],
            ],
            2,
          );
          for await (const batch of read()) {
            for (const c of batch) {
              const sums = [c.amount, c.due];
              const month = c.dueDate.slice(0, 7);
              g.add('Nature', c.type, COMMITMENT_LABEL[c.type], sums);
              g.add("Mois d'échéance", month, monthLabel(month), sums);
              g.add('Tiers', `${c.type}#${c.thirdId ?? c.thirdName ?? ''}`, c.thirdName ?? '', sums);
            }
          }
          yield* slices(g.rows());
        },
      },
    };
    return sheets.map((s) => all[s]!);
  },
};
