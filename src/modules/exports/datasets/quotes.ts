// Sale quotes (issued ones: a quote gets its number when issued; one never issued is a draft).
// Summary: one row per quote; Detail and Analysis as for invoices (the same composition, the same
// split of VAT over the rows, so the Detail of a quote adds up to its Summary to the cent).
import { NotFoundError } from '../../../errors.js';
import { customers } from '../../customers/index.js';
import { decodeDocument } from '../../sales/index.js';
import type { Column, Row, Sheet, SheetName } from '../columns.js';
import { keyset, type Dataset, type ExportContext } from '../dataset.js';
import { countQuotes, quotesAfter, type ExportedQuote } from '../repo.js';
import { analysisRows, detailRows, SALE_ANALYSIS, SALE_DETAIL, type SaleRecord } from './sales.js';

const BATCH = 500;

export const QUOTE_STATUS_LABEL: Record<string, string> = {
  Pending: 'En attente',
  Sent: 'Envoyé',
  Accepted: 'Accepté',
  Refused: 'Refusé',
  Closed: 'Clos',
  Invoiced: 'Facturé',
};

const SUMMARY: Column[] = [
  { key: 'number', header: 'Numéro', type: 'text', width: 16 },
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'validityDate', header: "Valable jusqu'au", type: 'date' },
  { key: 'customerNumber', header: 'N° client', type: 'text', width: 12 },
  { key: 'customerName', header: 'Client', type: 'text', width: 30 },
  { key: 'subject', header: 'Objet', type: 'text', width: 30 },
  { key: 'taxExcludedAmount', header: 'Total HT', type: 'amount' },
  { key: 'taxAmount', header: 'TVA', type: 'amount' },
  { key: 'taxIncludedAmount', header: 'Total TTC', type: 'amount' },
  { key: 'status', header: 'État', type: 'text', width: 12 },
  { key: 'answeredAt', header: 'Réponse le', type: 'date' },
];

interface Quote extends SaleRecord {
  quote: ExportedQuote;
}

function parse(quote: ExportedQuote): Quote {
  return { quote, doc: quote, d: decodeDocument(quote.data) };
}

function summaryRow({ quote: q, d }: Quote): Row {
  const answered = q.acceptedAt ?? q.refusedAt;
  return [
    q.number,
    q.date,
    q.validityDate,
    d.customerNumber,
    d.customerName,
    d.subject,
    d.totals.taxExcludedAmount,
    d.totals.taxAmount,
    d.totals.taxIncludedAmount,
    QUOTE_STATUS_LABEL[q.status] ?? q.status,
    answered ? answered.slice(0, 10) : null,
  ];
}

export const salesQuotes: Dataset = {
  path: 'salesquotes',
  fileStem: 'devis',
  summary: 'Export the issued sale quotes (Summary, Detail, Analysis)',
  params: ['from', 'to', 'customerId', 'searchTerm'],
  sheets: ['Summary', 'Detail', 'Analysis'],
  count: ({ db, accountId, params, asOf }) => countQuotes(db, accountId, { ...params, asOf }),
  async open(ctx: ExportContext, sheets: readonly SheetName[]): Promise<Sheet[]> {
    const { db, accountId, params, asOf } = ctx;
    if (params.customerId !== undefined && !(await customers.getStored(db, accountId, params.customerId))) {
      throw new NotFoundError('Customer', params.customerId);
    }
    const filter = { from: params.from, to: params.to, customerId: params.customerId, searchTerm: params.searchTerm, asOf };
    const read = async function* (): AsyncGenerator<Quote[]> {
      for await (const batch of keyset(
        (after: { date: string; id: number } | null) => quotesAfter(db, accountId, filter, after, BATCH),
        (last) => ({ date: last.date, id: last.id }),
        BATCH,
        ctx.onRecords,
      ))
        yield batch.map(parse);
    };
    const all: Record<SheetName, Sheet> = {
      Summary: {
        name: 'Summary',
        title: 'Synthèse',
        columns: SUMMARY,
        rows: async function* () {
          for await (const batch of read()) yield batch.map(summaryRow);
        },
      },
      Detail: {
        name: 'Detail',
        title: 'Détail',
        columns: SALE_DETAIL,
        rows: async function* () {
          for await (const batch of read()) yield batch.flatMap(detailRows);
        },
      },
      Analysis: { name: 'Analysis', title: 'Analyse', columns: SALE_ANALYSIS, rows: () => analysisRows(read) },
    };
    return sheets.map((s) => all[s]);
  },
};
