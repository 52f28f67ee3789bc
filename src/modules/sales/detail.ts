// The Detail of a finalized sale document: its priced lines, then its global discounts and shipping
// charges per VAT rate, each with its revenue account and its share of the VAT of its rate, to the
// cent. The exports' Detail sheets and the FEC read it. A finalized document's lines never change,
// so finalization stores its Detail beside the snapshot (table sale_document_lines, migration 022)
// and an export reads that compact form instead of decoding every snapshot (the decoding was most
// of a large export's time: bench/results/exports.md). A change to what documentParts computes must
// come with a migration that marks the stored Detail for computing again (a `pending_upgrades` row,
// as 022 leaves; detail-upgrade.ts does the work).
import Big from 'big.js';
import { allocate, centsText, toCents } from '../../domain/cents.js';
import { plainText } from '../../domain/text.js';
import { CLASSIFICATIONS } from '../reference/index.js';
import type { StoredDocument } from './document.js';

/** Revenue account of a line without a classification, by line type (PCG). */
export const DEFAULT_ACCOUNT = { Product: '707', Service: '706', discount: '709', shipping: '7085' } as const;

const ACCOUNT_OF = new Map(CLASSIFICATIONS.flatMap((c) => (c.accountNumber ? [[c.id, c.accountNumber] as const] : [])));

export function lineAccount(line: { type: string; classificationId?: number | null }): string {
  const account = line.classificationId != null ? ACCOUNT_OF.get(line.classificationId) : undefined;
  if (account) return account;
  return line.type === 'Product' ? DEFAULT_ACCOUNT.Product : DEFAULT_ACCOUNT.Service;
}

/** A document's rows of the Detail sheet, before formatting: amounts in cents. */
export interface DetailPart {
  kind: 'Product' | 'Service' | 'Discount' | 'Shipping';
  lineNumber: number | null;
  productNumber: string | null;
  description: string | null;
  quantity: string | null;
  unit: string | null;
  unitPrice: string | null;
  discountRate: string | null;
  discountAmount: number | null;
  vatCategory: string;
  vatRate: string;
  net: number;
  vat: number;
  account: string;
}

/**
 * The parts of a document (priced lines, then global discounts and shipping charges per VAT rate),
 * each with its share of the VAT of its rate: the VAT of a rate is computed on the sum of the rate's
 * net amounts (EN 16931), so it is split over the parts in proportion to their nets, to the cent,
 * and the parts of a rate add up to the document's VAT breakdown exactly.
 */
export function documentParts(d: StoredDocument): DetailPart[] {
  const parts: DetailPart[] = [];
  let n = 0;
  d.lines.forEach((line, i) => {
    const t = d.totals.lines[i];
    if (!t?.priced) return;
    const net = toCents(t.taxExcludedAmount ?? '0');
    const unitPrice = t.taxExcludedUnitPrice ?? '0';
    const quantity = t.quantity ?? '1';
    let discountAmount: number | null = null;
    if (line.discount?.value) {
      // As on the PDF (BT-136): what separates quantity × net unit price from the net amount.
      discountAmount = toCents(new Big(quantity).times(unitPrice).round(2, Big.roundHalfUp).toFixed(2)) - net;
    }
    parts.push({
      kind: line.type === 'Product' ? 'Product' : 'Service',
      lineNumber: ++n,
      productNumber: line.productNumber ?? null,
      description: plainText(line.description) || null,
      quantity,
      unit: line.unit?.name ?? line.unit?.code ?? null,
      unitPrice,
      discountRate: line.discount?.type === 'Percent' && line.discount.value ? String(line.discount.value) : null,
      discountAmount,
      vatCategory: t.vatCategory ?? 'S',
      vatRate: t.vatRate ?? '0',
      net,
      vat: 0,
      account: lineAccount(line),
    });
  });
  for (const a of d.totals.allowancesCharges) {
    parts.push({
      kind: a.isCharge ? 'Shipping' : 'Discount',
      lineNumber: null,
      productNumber: null,
      description: a.reason,
      quantity: null,
      unit: null,
      unitPrice: null,
      discountRate: !a.isCharge && d.totals.globalDiscountPercent ? d.totals.globalDiscountPercent : null,
      discountAmount: null,
      vatCategory: a.category,
      vatRate: a.rate,
      net: a.isCharge ? toCents(a.amount) : -toCents(a.amount),
      vat: 0,
      account: a.isCharge ? DEFAULT_ACCOUNT.shipping : DEFAULT_ACCOUNT.discount,
    });
  }
  for (const v of d.totals.vats) {
    const members = parts.filter((p) => p.vatCategory === v.category && p.vatRate === v.rate);
    if (!members.length) continue;
    allocate(
      toCents(v.vatAmount),
      members.map((p) => p.net),
    ).forEach((share, k) => {
      members[k].vat = share;
    });
  }
  return parts;
}

/**
 * A part as stored: the Detail sheet's cells of that part, in the sheet's order, amounts as the
 * exact decimal text the sheet writes (arrays of ready cells: a million are parsed per export, and
 * none is converted). The VAT category is left out: the sheet does not show it.
 */
export type StoredPart = [
  lineNumber: number | null,
  kind: DetailPart['kind'],
  productNumber: string | null,
  description: string | null,
  quantity: string | null,
  unit: string | null,
  unitPrice: string | null,
  discountRate: string | null,
  discountAmount: string | null,
  vatRate: string,
  net: string,
  vat: string,
  taxIncluded: string,
  account: string,
];

/** What an export's Detail reads of a finalized document besides its number and date. */
export interface StoredDetail {
  customerNumber: string | null;
  customerName: string | null;
  parts: StoredPart[];
}

/** A document's Detail as an export reads it. */
export function detailOf(d: StoredDocument): StoredDetail {
  const parts = documentParts(d).map((p): StoredPart => [
    p.lineNumber,
    p.kind,
    p.productNumber,
    p.description,
    p.quantity,
    p.unit,
    p.unitPrice,
    p.discountRate,
    p.discountAmount === null ? null : centsText(p.discountAmount),
    p.vatRate,
    centsText(p.net),
    centsText(p.vat),
    centsText(p.net + p.vat),
    p.account,
  ]);
  return { customerNumber: d.customerNumber ?? null, customerName: d.customerName ?? null, parts };
}

/** The stored form of a document's Detail: JSON `[customerNumber, customerName, parts]`. */
export function encodeDetail(d: StoredDocument): string {
  const { customerNumber, customerName, parts } = detailOf(d);
  return JSON.stringify([customerNumber, customerName, parts]);
}

export function decodeDetail(stored: string): StoredDetail {
  const [customerNumber, customerName, parts] = JSON.parse(stored) as [string | null, string | null, StoredPart[]];
  return { customerNumber, customerName, parts };
}
