// Purchases: `expensecharges`, the purchase invoices (the charges: one row per invoice, its VAT
// breakdown in Detail), and `expensesbook`, the expenses book (livre des dépenses: every payment to
// a supplier, and refund from one, of status Success), the mirror of the receipts book. Both read
// the purchases module's batch API (by id, so rows come in id order) up to the largest id present
// when the export started, so the sheets of one file agree.
import { NotFoundError } from '../../../errors.js';
import { purchaseInvoiceBatches, supplierPaymentBatches, type PurchaseLedgerRow, type SupplierPaymentRow } from '../../purchases/index.js';
import { suppliers } from '../../suppliers/index.js';
import { centsText } from '../../../domain/cents.js';
import type { Column, Row, Sheet, SheetName } from '../columns.js';
import type { Dataset, ExportContext } from '../dataset.js';
import { countRows, maxIdOf, purchaseReferencesOf } from '../repo.js';
import { PAYMENT_METHOD_LABEL } from './receipts.js';
import { analysisColumns, cents, classificationAccount, Groups, monthLabel, slices, upTo, yesNo } from './groups.js';

const BATCH = 500;
const methodLabel = (m: string) => PAYMENT_METHOD_LABEL[m] ?? m;

const PURCHASE_STATUS: Record<string, string> = { Paid: 'Réglée', Done: 'À régler', Pending: 'À compléter' };

const CHARGES_SUMMARY: Column[] = [
  { key: 'id', header: 'N° pièce', type: 'integer', width: 10 },
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'dueDate', header: 'Échéance', type: 'date' },
  { key: 'reference', header: 'N° facture fournisseur', type: 'text', width: 18 },
  { key: 'supplierName', header: 'Fournisseur', type: 'text', width: 30 },
  { key: 'subject', header: 'Objet', type: 'text', width: 30 },
  { key: 'accountNumber', header: 'Compte', type: 'text', width: 10 },
  { key: 'vatReverseCharge', header: 'Autoliquidation', type: 'text', width: 8 },
  { key: 'taxExcludedAmount', header: 'Total HT', type: 'amount' },
  { key: 'vatAmount', header: 'TVA', type: 'amount' },
  { key: 'taxIncludedAmount', header: 'Total TTC', type: 'amount' },
  { key: 'paidAmount', header: 'Réglé', type: 'amount' },
  { key: 'balance', header: 'Reste dû', type: 'amount' },
  { key: 'status', header: 'État', type: 'text', width: 12 },
];

const CHARGES_DETAIL: Column[] = [
  { key: 'id', header: 'N° pièce', type: 'integer', width: 10 },
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'reference', header: 'N° facture fournisseur', type: 'text', width: 18 },
  { key: 'supplierName', header: 'Fournisseur', type: 'text', width: 30 },
  { key: 'lineType', header: 'Type', type: 'text', width: 14 },
  { key: 'vatRate', header: 'Taux TVA', type: 'rate' },
  { key: 'taxExcludedAmount', header: 'Montant HT', type: 'amount' },
  { key: 'vatAmount', header: 'TVA', type: 'amount' },
  { key: 'taxIncludedAmount', header: 'Montant TTC', type: 'amount' },
  { key: 'accountNumber', header: 'Compte', type: 'text', width: 10 },
];

const AMOUNTS3: Column[] = [
  { key: 'taxExcludedAmount', header: 'Total HT', type: 'amount' },
  { key: 'vatAmount', header: 'TVA', type: 'amount' },
  { key: 'taxIncludedAmount', header: 'Total TTC', type: 'amount' },
];

const CHARGES_ANALYSIS = analysisColumns('documents', 'Documents', AMOUNTS3);

export interface VatPart {
  type: string;
  rate: string | null;
  net: number;
  vat: number;
  ttc: number;
}

/**
 * The Detail rows of a record with a VAT breakdown (a purchase invoice, an expense line): one per
 * rate, plus a `Non ventilé` row of what the rates leave out of the totals (no breakdown known, or
 * a total that differs from its rates), so that Detail always adds up to Summary.
 */
export function vatParts(
  vats: readonly { rate: string; taxExcludedAmount: string; vatAmount: string }[] | null,
  totals: { net: number; vat: number; ttc: number },
): VatPart[] {
  const parts = (vats ?? []).map((v): VatPart => {
    const net = exactCents(v.taxExcludedAmount);
    const vat = exactCents(v.vatAmount);
    return { type: 'TVA', rate: v.rate, net, vat, ttc: net + vat };
  });
  const net = totals.net - parts.reduce((s, x) => s + x.net, 0);
  const vat = totals.vat - parts.reduce((s, x) => s + x.vat, 0);
  const ttc = totals.ttc - parts.reduce((s, x) => s + x.ttc, 0);
  if (!parts.length || net || vat || ttc) parts.push({ type: 'Non ventilé', rate: null, net, vat, ttc });
  return parts;
}

const purchaseParts = (p: PurchaseLedgerRow) =>
  vatParts(p.vats, { net: cents(p.taxExcludedAmount), vat: cents(p.vatAmount), ttc: cents(p.taxIncludedAmount) });

/** Cents of a stored decimal text (trailing zeros beyond the cents allowed: "12.500"). */
export function exactCents(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a decimal amount`);
  const decimals = (m[3] ?? '').padEnd(2, '0');
  if (/[^0]/.test(decimals.slice(2))) throw new Error(`"${text}" has more than 2 decimals`);
  const value = Number(m[2]) * 100 + Number(decimals.slice(0, 2));
  return m[1] ? -value : value;
}

async function checkSupplier(ctx: ExportContext): Promise<void> {
  const { db, accountId, params } = ctx;
  if (params.supplierId !== undefined && !(await suppliers.getStored(db, accountId, params.supplierId))) {
    throw new NotFoundError('Supplier', params.supplierId);
  }
}

export const expenseCharges: Dataset = {
  path: 'expensecharges',
  fileStem: 'charges',
  summary: 'Export the purchase invoices (Summary, Detail by VAT rate, Analysis)',
  params: ['from', 'to', 'supplierId', 'searchTerm'],
  sheets: ['Summary', 'Detail', 'Analysis'],
  count: ({ db, accountId, params }) => countRows(db, 'purchaseInvoices', accountId, params),
  async open(ctx, sheets) {
    await checkSupplier(ctx);
    const { db, accountId, params, asOf } = ctx;
    const last = await maxIdOf(db, 'purchaseInvoices', accountId);
    const filter = { from: params.from, to: params.to, supplierId: params.supplierId, query: params.searchTerm };
    const read = (): AsyncGenerator<PurchaseLedgerRow[]> =>
      upTo(purchaseInvoiceBatches(db, accountId, filter, BATCH), last, ctx.onRecords, (p) => p.createdAt <= asOf);
    const all: Record<SheetName, Sheet> = {
      Summary: {
        name: 'Summary',
        title: 'Synthèse',
        columns: CHARGES_SUMMARY,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.map((p): Row => [
              p.id,
              p.date,
              p.dueDate,
              p.reference,
              p.supplierName,
              p.subject,
              classificationAccount(p.classificationId),
              yesNo(p.vatReverseCharge),
              p.taxExcludedAmount?.toFixed(2) ?? null,
              p.vatAmount?.toFixed(2) ?? null,
              p.taxIncludedAmount.toFixed(2),
              p.paidAmount.toFixed(2),
              p.balance.toFixed(2),
              PURCHASE_STATUS[p.status] ?? p.status,
            ]);
          }
        },
      },
      Detail: {
        name: 'Detail',
        title: 'Détail',
        columns: CHARGES_DETAIL,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.flatMap((p) =>
              purchaseParts(p).map((x): Row => [
                p.id,
                p.date,
                p.reference,
                p.supplierName,
                x.type,
                x.rate,
                centsText(x.net),
                centsText(x.vat),
                centsText(x.ttc),
                classificationAccount(p.classificationId),
              ]),
            );
          }
        },
      },
      Analysis: {
        name: 'Analysis',
        title: 'Analyse',
        columns: CHARGES_ANALYSIS,
        rows: async function* () {
          const g = new Groups(
            [
              ['Mois', 'key'],
              ['Fournisseur', 'label'],
              ['Taux de TVA', 'first'],
              ['Compte', 'key'],
            ],
            3,
          );
          for await (const batch of read()) {
            for (const p of batch) {
              const sums = [cents(p.taxExcludedAmount), cents(p.vatAmount), cents(p.taxIncludedAmount)];
              const month = p.date.slice(0, 7);
              g.add('Mois', month, monthLabel(month), sums);
              g.add('Fournisseur', p.supplierId !== null ? `#${p.supplierId}` : `=${p.supplierName ?? ''}`, p.supplierName ?? '', sums);
              for (const x of purchaseParts(p)) {
                const rate = x.rate ?? '';
                g.add('Taux de TVA', rate, x.rate === null ? 'Non ventilé' : `TVA ${x.rate.replace('.', ',')} %`, [x.net, x.vat, x.ttc]);
              }
              const account = classificationAccount(p.classificationId);
              g.add('Compte', account ?? '', account ?? 'Sans compte', sums);
            }
          }
          yield* slices(g.rows());
        },
      },
    };
    return sheets.map((s) => all[s]);
  },
};

const BOOK_SUMMARY: Column[] = [
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'id', header: 'N° paiement', type: 'integer', width: 10 },
  { key: 'supplierName', header: 'Fournisseur', type: 'text', width: 30 },
  { key: 'amount', header: 'Montant', type: 'amount' },
  { key: 'paymentMethod', header: 'Mode de règlement', type: 'text', width: 14 },
  { key: 'reference', header: 'Référence', type: 'text', width: 16 },
  { key: 'documents', header: 'Factures réglées', type: 'text', width: 30 },
];

const BOOK_DETAIL: Column[] = [
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'id', header: 'N° paiement', type: 'integer', width: 10 },
  { key: 'supplierName', header: 'Fournisseur', type: 'text', width: 30 },
  { key: 'paymentMethod', header: 'Mode de règlement', type: 'text', width: 14 },
  { key: 'documentId', header: 'N° pièce', type: 'integer', width: 10 },
  { key: 'documentReference', header: 'N° facture fournisseur', type: 'text', width: 18 },
  { key: 'documentDate', header: 'Date de la facture', type: 'date' },
  { key: 'amount', header: 'Montant affecté', type: 'amount' },
];

const BOOK_ANALYSIS = analysisColumns('payments', 'Paiements', [{ key: 'amount', header: 'Montant', type: 'amount' }]);

type PaymentWithRefs = { p: SupplierPaymentRow; refs: Map<number, { reference: string | null; date: string }> };

export const expensesBook: Dataset = {
  path: 'expensesbook',
  fileStem: 'livre-des-depenses',
  summary: 'Export the expenses book: supplier payments (Summary, Detail, Analysis)',
  params: ['from', 'to'],
  sheets: ['Summary', 'Detail', 'Analysis'],
  count: ({ db, accountId, params }) => countRows(db, 'supplierPayments', accountId, { ...params, status: 'Success' }),
  async open(ctx, sheets) {
    const { db, accountId, params } = ctx;
    const last = await maxIdOf(db, 'supplierPayments', accountId);
    const read = async function* (): AsyncGenerator<PaymentWithRefs[]> {
      const payments = supplierPaymentBatches(db, accountId, { from: params.from, to: params.to, status: 'Success' }, BATCH);
      for await (const kept of upTo(payments, last, ctx.onRecords)) {
        const refs = await purchaseReferencesOf(
          db,
          accountId,
          kept.flatMap((p) => p.links.map((l) => l.purchaseInvoiceId)),
        );
        yield kept.map((p) => ({ p, refs }));
      }
    };
    const all: Record<SheetName, Sheet> = {
      Summary: {
        name: 'Summary',
        title: 'Synthèse',
        columns: BOOK_SUMMARY,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.map(({ p, refs }): Row => [
              p.date,
              p.id,
              p.supplierName,
              p.amount.toFixed(2),
              methodLabel(p.paymentMethod),
              p.reference,
              p.links.map((l) => refs.get(l.purchaseInvoiceId)?.reference ?? `#${l.purchaseInvoiceId}`).join(', ') || null,
            ]);
          }
        },
      },
      Detail: {
        name: 'Detail',
        title: 'Détail',
        columns: BOOK_DETAIL,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.flatMap(({ p, refs }): Row[] => {
              const head = [p.date, p.id, p.supplierName, methodLabel(p.paymentMethod)];
              const rows: Row[] = p.links.map((l) => {
                const ref = refs.get(l.purchaseInvoiceId);
                return [...head, l.purchaseInvoiceId, ref?.reference ?? null, ref?.date ?? null, l.amount.toFixed(2)];
              });
              const left = cents(p.amount) - p.links.reduce((s, l) => s + cents(l.amount), 0);
              if (left !== 0 || !p.links.length) rows.push([...head, null, 'Non affecté', null, centsText(left)]);
              return rows;
            });
          }
        },
      },
      Analysis: {
        name: 'Analysis',
        title: 'Analyse',
        columns: BOOK_ANALYSIS,
        rows: async function* () {
          const g = new Groups(
            [
              ['Mois', 'key'],
              ['Fournisseur', 'label'],
              ['Mode de règlement', 'first'],
            ],
            1,
          );
          for await (const batch of read()) {
            for (const { p } of batch) {
              const sums = [cents(p.amount)];
              const month = p.date.slice(0, 7);
              g.add('Mois', month, monthLabel(month), sums);
              g.add('Fournisseur', p.supplierId !== null ? `#${p.supplierId}` : `=${p.supplierName ?? ''}`, p.supplierName ?? '', sums);
              g.add('Mode de règlement', p.paymentMethod, methodLabel(p.paymentMethod), sums);
            }
          }
          yield* slices(g.rows());
        },
      },
    };
    return sheets.map((s) => all[s]);
  },
};
