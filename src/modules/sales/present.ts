// Stored document -> wire object (Invoice or Credit). State that changes after finalization
// (balance, paid, cancelled, sent) comes from the columns; the document itself from `data`.
import Big from 'big.js';
import { compareDates } from '../../domain/dates.js';
import { VATS } from '../reference/index.js';
import { payableOf } from './compose.js';
import { customerOf, decodeDocument, type StoredDocument } from './document.js';
import { decodeWarnings } from './conformance.js';
import type { DocumentRow } from './repo.js';
import type { CreditT, InvoiceT, VatT } from './schemas.js';

const num = (value: string | number | null | undefined) => (value === null || value === undefined ? 0 : Number(value));

function vatOf(rate: string, region: string | null): VatT {
  const r = new Big(rate);
  const known = VATS.find((v) => v.region === (region ?? 'FR') && r.eq(v.rate)) ?? VATS.find((v) => r.eq(v.rate));
  return known
    ? { default: known.default, id: known.id, label: known.label, rate: known.rate, region: known.region }
    : { default: false, id: null, label: `${rate} %`, rate: Number(rate), region: null };
}

export interface PresentContext {
  today: string;
  publicUrl: string | null;
}

export function parseData(row: Pick<DocumentRow, 'data'>): StoredDocument {
  return decodeDocument(row.data);
}

/** `data` may be passed when the caller already holds the parsed snapshot (it is the costly part). */
export function presentDocument(row: DocumentRow, ctx: PresentContext, d: StoredDocument = parseData(row)): InvoiceT & CreditT {
  const isDraft = Boolean(row.isDraft);
  const isCancelled = Boolean(row.isCancelled);
  const balance = row.balance;
  // Payments settle the earliest commitments first; deducted deposits are not payments of this document.
  let paid = payableOf(d).minus(balance);
  const commitments = d.commitments.map((c, i) => {
    const amount = new Big(c.amount);
    const settled = paid.gt(amount) ? amount : paid.gt(0) ? paid : new Big(0);
    paid = paid.minus(settled);
    return { id: i + 1, date: c.date, amount: Number(amount), dueAmount: Number(amount.minus(settled)), thirdId: d.customerId };
  });
  const overdue =
    isDraft || isCancelled
      ? 0
      : commitments.filter((c) => compareDates(c.date, ctx.today) < 0).reduce((sum, c) => sum.plus(c.dueAmount), new Big(0));
  const path = `/v1/${row.kind === 'Invoice' ? 'saleinvoices' : 'salecredits'}/download/${row.id}`;
  return {
    id: row.id,
    balance: Number(balance),
    billingAddress: d.billingAddress,
    billingContact: d.billingContact,
    commitments,
    ...customerOf(d),
    date: row.date,
    dueDate: row.dueDate,
    footerNotes: d.footerNotes,
    globalDiscount: d.globalDiscount,
    grossTaxExcludedAmount: num(d.totals.grossTaxExcludedAmount),
    headerNotes: d.headerNotes,
    internalId: d.internalId,
    internalNotes: d.internalNotes,
    isCancelled,
    isDraft,
    isPaid: Boolean(row.isPaid),
    isProcessed: Boolean(row.isProcessed),
    einvoicingWarnings: decodeWarnings(row.einvoicingWarnings),
    isProforma: false,
    liableToVat: d.liableToVat,
    // The reference's `lines[].product`: the line names its product by id, number and internal id.
    lines: d.lines.map((line) => ({ ...line, product: null })),
    metadata: d.metadata,
    number: row.number,
    overdue: Number(overdue),
    pdfUrl: `${ctx.publicUrl ?? ''}${path}`,
    publicLink: null,
    region: d.region,
    replacedBy: null,
    sentAt: row.sentAt,
    shippingAddress: d.shippingAddress,
    shippingAmount: d.shippingAmount,
    shippingContact: d.shippingContact,
    shippingVat: d.shippingVat,
    subject: d.subject,
    taxAmount: num(d.totals.taxAmount),
    taxExcludedAmount: num(d.totals.taxExcludedAmount),
    taxIncludedAmount: num(d.totals.taxIncludedAmount),
    useTaxIncludedPrices: d.useTaxIncludedPrices,
    vatMode: d.vatMode,
    vatNote: d.vatNote,
    vatReverseCharge: d.vatReverseCharge,
    vats: d.totals.vats.map((v) => ({
      taxExcludedAmount: num(v.taxableAmount),
      vat: vatOf(v.rate, d.region),
      vatAmount: num(v.vatAmount),
    })),
    vendorReference: d.vendorReference,
    cancellationCreditId: row.cancellationCreditId,
    cancellationCreditNumber: d.links?.cancellationCreditNumber ?? null,
    cancelledInvoicetId: row.cancelledInvoiceId,
    cancelledInvoicetNumber: d.links?.cancelledInvoiceNumber ?? null,
    isDeposit: Boolean(d.deposit),
    quoteId: d.deposit?.quoteId ?? d.quote?.id ?? null,
    quoteNumber: d.deposit?.quoteNumber ?? d.quote?.number ?? null,
    prepaidAmount: num(d.prepaid?.amount),
    depositInvoices: (d.prepaid?.invoices ?? []).map((i) => ({ id: i.id, number: i.number, date: i.date, amount: num(i.amount) })),
    vatCategory: d.vatCategory ?? null,
    vatExemptionCode: d.vatExemptionCode ?? null,
    deliveryDate: d.deliveryDate ?? null,
    correctedInvoiceNumber: d.correctedInvoiceNumber ?? null,
    correctedInvoiceDate: d.correctedInvoiceDate ?? null,
  };
}
