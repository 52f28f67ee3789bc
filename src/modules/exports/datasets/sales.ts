// Sale invoices and sale credits (finalized documents only: a draft is not an accounting document).
// Summary: one row per document; Detail: one row per priced line, plus one per global discount and
// shipping charge (per VAT rate), with the document's VAT split over its rows so that the Detail of
// a document adds up to its Summary to the cent; Analysis: totals by month, customer and VAT rate.
import { centsText, toCents } from '../../../domain/cents.js';
import { NotFoundError } from '../../../errors.js';
import { customers } from '../../customers/index.js';
import {
  decodeDetail,
  decodeDocument,
  decodeSnapshot,
  detailOf,
  type DetailPart,
  type StoredDetail,
  type StoredDocument,
} from '../../sales/index.js';
import type { Column, Row, Sheet, SheetName } from '../columns.js';
import { keyset, type Dataset, type ExportContext } from '../dataset.js';
import { countSaleDocuments, saleDetailsAfter, saleDocumentsAfter, type ExportedDocument } from '../repo.js';

const BATCH = 500;
/**
 * Documents whose rows are handed to the writer at once: few enough that their rows die young (a
 * whole batch's rows outlived several scavenges; docs/decisions.md).
 */
const SLICE = 25;

type Kind = 'Invoice' | 'Credit';

export const SALE_SUMMARY: Column[] = [
  { key: 'number', header: 'Numéro', type: 'text', width: 16 },
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'dueDate', header: 'Échéance', type: 'date' },
  { key: 'customerNumber', header: 'N° client', type: 'text', width: 12 },
  { key: 'customerName', header: 'Client', type: 'text', width: 30 },
  { key: 'customerVatNumber', header: 'N° TVA client', type: 'text', width: 16 },
  { key: 'subject', header: 'Objet', type: 'text', width: 30 },
  { key: 'taxExcludedAmount', header: 'Total HT', type: 'amount' },
  { key: 'taxAmount', header: 'TVA', type: 'amount' },
  { key: 'taxIncludedAmount', header: 'Total TTC', type: 'amount' },
  { key: 'settledAmount', header: 'Réglé', type: 'amount' },
  { key: 'balance', header: 'Reste dû', type: 'amount' },
  { key: 'status', header: 'État', type: 'text', width: 10 },
  { key: 'linkedDocument', header: 'Document lié', type: 'text', width: 16 },
];

export const SALE_DETAIL: Column[] = [
  { key: 'number', header: 'Numéro', type: 'text', width: 16 },
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'customerNumber', header: 'N° client', type: 'text', width: 12 },
  { key: 'customerName', header: 'Client', type: 'text', width: 30 },
  { key: 'lineNumber', header: 'Ligne', type: 'integer', width: 6 },
  { key: 'lineType', header: 'Type', type: 'text', width: 14 },
  { key: 'productNumber', header: 'Référence', type: 'text', width: 14 },
  { key: 'description', header: 'Désignation', type: 'text', width: 40 },
  { key: 'quantity', header: 'Quantité', type: 'quantity' },
  { key: 'unit', header: 'Unité', type: 'text', width: 10 },
  { key: 'unitPrice', header: 'Prix unitaire HT', type: 'price' },
  { key: 'discountRate', header: 'Remise %', type: 'rate' },
  { key: 'discountAmount', header: 'Remise HT', type: 'amount' },
  { key: 'vatRate', header: 'Taux TVA', type: 'rate' },
  { key: 'taxExcludedAmount', header: 'Montant HT', type: 'amount' },
  { key: 'taxAmount', header: 'TVA', type: 'amount' },
  { key: 'taxIncludedAmount', header: 'Montant TTC', type: 'amount' },
  { key: 'accountNumber', header: 'Compte', type: 'text', width: 10 },
];

export const SALE_ANALYSIS: Column[] = [
  { key: 'grouping', header: 'Regroupement', type: 'text', width: 14 },
  { key: 'key', header: 'Clé', type: 'text', width: 14 },
  { key: 'label', header: 'Libellé', type: 'text', width: 30 },
  { key: 'documents', header: 'Documents', type: 'integer', width: 10 },
  { key: 'taxExcludedAmount', header: 'Total HT', type: 'amount' },
  { key: 'taxAmount', header: 'TVA', type: 'amount' },
  { key: 'taxIncludedAmount', header: 'Total TTC', type: 'amount' },
];

const LINE_TYPE: Record<DetailPart['kind'], string> = {
  Product: 'Produit',
  Service: 'Service',
  Discount: 'Remise globale',
  Shipping: 'Frais de port',
};

function status(doc: WireDocument): string {
  if (doc.isCancelled) return 'Annulé';
  return doc.isPaid ? 'Réglé' : 'À régler';
}

/** A stored document as the sheets read it: plain data (the balance as decimal text). */
export type WireDocument = Omit<ExportedDocument, 'balance'> & { balance: string };

interface Parsed {
  doc: WireDocument;
  d: StoredDocument;
}

/** What the Detail and Analysis of a sale document (invoice, credit, quote) read of it. */
export interface SaleRecord {
  doc: { number: string; date: string; customerId: number | null };
  d: StoredDocument;
}

function parse(doc: WireDocument): Parsed {
  return { doc, d: decodeDocument(decodeSnapshot(doc.data)) };
}

function summaryRow(kind: Kind, { doc, d }: Parsed): Row {
  const ttc = toCents(d.totals.taxIncludedAmount);
  const balance = toCents(doc.balance);
  return [
    doc.number,
    doc.date,
    doc.dueDate,
    d.customerNumber,
    d.customerName,
    d.customerVatNumber,
    d.subject,
    d.totals.taxExcludedAmount,
    d.totals.taxAmount,
    d.totals.taxIncludedAmount,
    centsText(ttc - balance),
    centsText(balance),
    status(doc),
    (kind === 'Invoice' ? d.links?.cancellationCreditNumber : d.links?.cancelledInvoiceNumber) ?? null,
  ];
}

/** The Detail rows of one document: its stored parts (modules/sales/detail.ts), in the columns' order. */
function partRows(number: string, date: string, { customerNumber, customerName, parts }: StoredDetail, rows: Row[]): void {
  for (const [
    lineNumber,
    kind,
    productNumber,
    description,
    quantity,
    unit,
    unitPrice,
    discountRate,
    discount,
    vatRate,
    net,
    vat,
    ttc,
    account,
  ] of parts) {
    rows.push([
      number,
      date,
      customerNumber,
      customerName,
      lineNumber,
      LINE_TYPE[kind],
      productNumber,
      description,
      quantity,
      unit,
      unitPrice,
      discountRate,
      discount,
      vatRate,
      net,
      vat,
      ttc,
      account,
    ]);
  }
}

/** The Detail rows of a document computed from its snapshot (quotes: no Detail is stored for them). */
export function detailRows({ doc, d }: SaleRecord): Row[] {
  const rows: Row[] = [];
  partRows(doc.number, doc.date, detailOf(d), rows);
  return rows;
}

/** The Summary rows of a batch of stored documents. */
function summaryRows(kind: Kind, docs: readonly WireDocument[]): Row[] {
  // One document decoded at a time and dropped at once: decoded snapshots die young.
  return docs.map((doc) => summaryRow(kind, parse(doc)));
}

interface Totals {
  label: string;
  number?: string | null;
  documents: number;
  net: number;
  vat: number;
}

function add(map: Map<string, Totals>, key: string, label: string, net: number, vat: number, count = 1): void {
  const t = map.get(key);
  if (t) {
    t.documents += count;
    t.net += net;
    t.vat += vat;
  } else map.set(key, { label, documents: count, net, vat });
}

function totalsRow(grouping: string, key: string, t: Totals): Row {
  return [grouping, key, t.label, t.documents, centsText(t.net), centsText(t.vat), centsText(t.net + t.vat)];
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

export async function* analysisRows(read: () => AsyncIterable<SaleRecord[]>): AsyncGenerator<Row[]> {
  const months = new Map<string, Totals>();
  const byCustomer = new Map<string, Totals>();
  const byRate = new Map<string, Totals & { rate: number }>();
  for await (const batch of read()) {
    for (const { doc, d } of batch) {
      const net = toCents(d.totals.taxExcludedAmount);
      const vat = toCents(d.totals.taxAmount);
      const month = doc.date.slice(0, 7);
      add(months, month, `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`, net, vat);
      const customerKey = doc.customerId !== null ? `#${doc.customerId}` : `=${d.customerName ?? ''}`;
      add(byCustomer, customerKey, d.customerName ?? '', net, vat);
      // The latest document names the customer as it is called now.
      Object.assign(byCustomer.get(customerKey)!, { label: d.customerName ?? '', number: d.customerNumber });
      for (const v of d.totals.vats) {
        const key = `${v.category}|${v.rate}`;
        const label = v.category === 'S' ? `TVA ${v.rate.replace('.', ',')} %` : `${v.rate.replace('.', ',')} % (catégorie ${v.category})`;
        if (!byRate.has(key)) byRate.set(key, { label, documents: 0, net: 0, vat: 0, rate: Number(v.rate) });
        add(byRate, key, label, toCents(v.taxableAmount), toCents(v.vatAmount));
      }
    }
  }
  const rows: Row[] = [...months.entries()].map(([k, t]) => totalsRow('Mois', k, t));
  const customersSorted = [...byCustomer.values()].sort((a, b) => a.label.localeCompare(b.label, 'fr'));
  for (const t of customersSorted) rows.push(totalsRow('Client', t.number ?? '', t));
  const rates = [...byRate.entries()].sort((a, b) => b[1].rate - a[1].rate || a[0].localeCompare(b[0]));
  for (const [k, t] of rates) rows.push(totalsRow('Taux de TVA', k.split('|')[1], t));
  for (let i = 0; i < rows.length; i += BATCH) yield rows.slice(i, i + BATCH);
}

function salesDataset(kind: Kind, path: string, fileStem: string, noun: string): Dataset {
  return {
    path,
    fileStem,
    summary: `Export ${noun} (finalized; Summary, Detail, Analysis)`,
    params: ['from', 'to', 'customerId', 'searchTerm'],
    sheets: ['Summary', 'Detail', 'Analysis'],
    count: ({ db, accountId, params, asOf }) => countSaleDocuments(db, accountId, { kind, ...params, asOf }),
    async open(ctx: ExportContext, sheets: readonly SheetName[]): Promise<Sheet[]> {
      const { db, accountId, params, asOf } = ctx;
      if (params.customerId !== undefined && !(await customers.getStored(db, accountId, params.customerId))) {
        throw new NotFoundError('Customer', params.customerId);
      }
      const filter = { kind, from: params.from, to: params.to, customerId: params.customerId, searchTerm: params.searchTerm, asOf };
      // Batches of stored documents; each sheet decodes one document at a time and drops it at
      // once, so that decoded snapshots die young (a whole batch of them alive at once was promoted
      // to the old generation, and garbage collection took a sixth of an export's CPU).
      const stored = async function* (): AsyncGenerator<WireDocument[]> {
        for await (const batch of keyset(
          (after: { date: string; id: number } | null) => saleDocumentsAfter(db, accountId, filter, after, BATCH),
          (last) => ({ date: last.date, id: last.id }),
          BATCH,
          ctx.onRecords,
        ))
          yield batch.map((d) => ({ ...d, balance: d.balance.toFixed(2) }));
      };
      const summaries = async function* () {
        for await (const docs of stored()) {
          for (let i = 0; i < docs.length; i += SLICE) yield summaryRows(kind, docs.slice(i, i + SLICE));
        }
      };
      // The Detail reads what finalization stored, not the snapshots.
      const details = async function* () {
        for await (const batch of keyset(
          (after: { date: string; id: number } | null) => saleDetailsAfter(db, accountId, filter, after, BATCH),
          (last) => ({ date: last.date, id: last.id }),
          BATCH,
          ctx.onRecords,
        )) {
          for (let i = 0; i < batch.length; i += SLICE) {
            const rows: Row[] = [];
            for (const doc of batch.slice(i, i + SLICE)) partRows(doc.number, doc.date, decodeDetail(doc.detail), rows);
            yield rows;
          }
        }
      };
      const documents = async function* (): AsyncGenerator<Parsed[]> {
        for await (const batch of stored()) yield batch.map(parse);
      };
      const all: Record<SheetName, Sheet> = {
        Summary: {
          name: 'Summary',
          title: 'Synthèse',
          columns: SALE_SUMMARY,
          rows: summaries,
        },
        Detail: {
          name: 'Detail',
          title: 'Détail',
          columns: SALE_DETAIL,
          rows: details,
        },
        Analysis: { name: 'Analysis', title: 'Analyse', columns: SALE_ANALYSIS, rows: () => analysisRows(documents) },
      };
      return sheets.map((s) => all[s]);
    },
  };
}

export const salesInvoices = salesDataset('Invoice', 'salesinvoices', 'factures', 'sale invoices');
export const salesCredits = salesDataset('Credit', 'salescredits', 'avoirs', 'sale credits');
