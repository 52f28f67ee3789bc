// The receipts book (livre des recettes): every payment received (and refund paid), in date order;
// only receipts of status Success (money that moved), Pending and Failed ones are left out.
// Summary: one row per receipt; Detail: one row per allocation of a receipt to an invoice, a credit
// or a commitment, plus the part left unallocated, so that Detail adds up to Summary; Analysis:
// totals by month, customer and payment method.
import { centsText, toCents } from '../../../domain/cents.js';
import type { Column, Row, Sheet, SheetName } from '../columns.js';
import { keyset, type Dataset, type ExportContext } from '../dataset.js';
import { countReceipts, receiptLinksOf, receiptsAfter, type ExportedReceipt, type ExportedReceiptLink } from '../repo.js';

const BATCH = 500;

export const PAYMENT_METHOD_LABEL: Record<string, string> = {
  Transfer: 'Virement',
  Order: 'Prélèvement',
  Check: 'Chèque',
  Cash: 'Espèces',
  Card: 'Carte',
  Bill: 'Effet',
  Usec: 'CESU',
  Other: 'Autre',
};
const methodLabel = (m: string) => PAYMENT_METHOD_LABEL[m] ?? m;
const LINK_LABEL: Record<ExportedReceiptLink['type'], string> = { Invoice: 'Facture', Credit: 'Avoir', Commitment: 'Échéance' };

const SUMMARY: Column[] = [
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'id', header: 'N° encaissement', type: 'integer', width: 10 },
  { key: 'customerNumber', header: 'N° client', type: 'text', width: 12 },
  { key: 'customerName', header: 'Client', type: 'text', width: 30 },
  { key: 'amount', header: 'Montant', type: 'amount' },
  { key: 'paymentMethod', header: 'Mode de règlement', type: 'text', width: 14 },
  { key: 'reference', header: 'Référence', type: 'text', width: 16 },
  { key: 'documents', header: 'Documents réglés', type: 'text', width: 30 },
  { key: 'notes', header: 'Notes', type: 'text', width: 30 },
];

const DETAIL: Column[] = [
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'id', header: 'N° encaissement', type: 'integer', width: 10 },
  { key: 'customerNumber', header: 'N° client', type: 'text', width: 12 },
  { key: 'customerName', header: 'Client', type: 'text', width: 30 },
  { key: 'paymentMethod', header: 'Mode de règlement', type: 'text', width: 14 },
  { key: 'documentType', header: 'Type de document', type: 'text', width: 12 },
  { key: 'documentNumber', header: 'N° document', type: 'text', width: 16 },
  { key: 'documentDate', header: 'Date du document', type: 'date' },
  { key: 'amount', header: 'Montant affecté', type: 'amount' },
];

const ANALYSIS: Column[] = [
  { key: 'grouping', header: 'Regroupement', type: 'text', width: 18 },
  { key: 'key', header: 'Clé', type: 'text', width: 14 },
  { key: 'label', header: 'Libellé', type: 'text', width: 30 },
  { key: 'receipts', header: 'Encaissements', type: 'integer', width: 12 },
  { key: 'amount', header: 'Montant', type: 'amount' },
];

interface WithLinks {
  receipt: ExportedReceipt;
  links: ExportedReceiptLink[];
}

export const receiptsBook: Dataset = {
  path: 'receiptsbook',
  fileStem: 'livre-des-recettes',
  summary: 'Export the receipts book (Summary, Detail, Analysis)',
  params: ['from', 'to'],
  sheets: ['Summary', 'Detail', 'Analysis'],
  count: ({ db, accountId, params, asOf }) => countReceipts(db, accountId, { from: params.from, to: params.to, asOf }),
  async open(ctx: ExportContext, sheets: readonly SheetName[]): Promise<Sheet[]> {
    const { db, accountId, params, asOf } = ctx;
    const filter = { from: params.from, to: params.to, asOf };
    const read = async function* (): AsyncGenerator<WithLinks[]> {
      for await (const batch of keyset(
        (after: { date: string; id: number } | null) => receiptsAfter(db, accountId, filter, after, BATCH),
        (last) => ({ date: last.date, id: last.id }),
        BATCH,
        ctx.onRecords,
      )) {
        const links = await receiptLinksOf(
          db,
          accountId,
          batch.map((r) => r.id),
        );
        const byReceipt = new Map<number, ExportedReceiptLink[]>();
        for (const l of links) byReceipt.set(l.receiptId, [...(byReceipt.get(l.receiptId) ?? []), l]);
        yield batch.map((receipt) => ({ receipt, links: byReceipt.get(receipt.id) ?? [] }));
      }
    };
    const all: Record<SheetName, Sheet> = {
      Summary: {
        name: 'Summary',
        title: 'Synthèse',
        columns: SUMMARY,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.map(({ receipt: r, links }): Row => [
              r.date,
              r.id,
              r.customerNumber,
              r.customerName,
              r.amount.toFixed(2),
              methodLabel(r.paymentMethod),
              r.reference,
              links.map((l) => l.documentNumber ?? `#${l.documentId}`).join(', ') || null,
              r.notes,
            ]);
          }
        },
      },
      Detail: {
        name: 'Detail',
        title: 'Détail',
        columns: DETAIL,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.flatMap(({ receipt: r, links }): Row[] => {
              const head = [r.date, r.id, r.customerNumber, r.customerName, methodLabel(r.paymentMethod)];
              const rows: Row[] = links.map((l) => [...head, LINK_LABEL[l.type], l.documentNumber, l.documentDate, l.amount.toFixed(2)]);
              const left = toCents(r.amount.toFixed(2)) - links.reduce((s, l) => s + toCents(l.amount.toFixed(2)), 0);
              if (left !== 0 || !links.length) rows.push([...head, 'Non affecté', null, null, centsText(left)]);
              return rows;
            });
          }
        },
      },
      Analysis: {
        name: 'Analysis',
        title: 'Analyse',
        columns: ANALYSIS,
        rows: async function* () {
          type T = { label: string; count: number; cents: number };
          const groups: [string, Map<string, T>][] = [
            ['Mois', new Map<string, T>()],
            ['Client', new Map<string, T>()],
            ['Mode de règlement', new Map<string, T>()],
          ];
          const add = (map: Map<string, T>, key: string, label: string, cents: number) => {
            const t = map.get(key) ?? { label, count: 0, cents: 0 };
            t.count++;
            t.cents += cents;
            map.set(key, t);
          };
          for await (const batch of read()) {
            for (const { receipt: r } of batch) {
              const cents = toCents(r.amount.toFixed(2));
              add(groups[0][1], r.date.slice(0, 7), r.date.slice(0, 7), cents);
              add(groups[1][1], r.customerNumber ?? r.customerName ?? '', r.customerName ?? '', cents);
              add(groups[2][1], r.paymentMethod, methodLabel(r.paymentMethod), cents);
            }
          }
          const rows: Row[] = [];
          for (const [grouping, map] of groups) {
            const entries = [...map.entries()];
            if (grouping === 'Client') entries.sort((a, b) => a[1].label.localeCompare(b[1].label, 'fr'));
            for (const [key, t] of entries) rows.push([grouping, key, t.label, t.count, centsText(t.cents)]);
          }
          if (rows.length) yield rows;
        },
      },
    };
    return sheets.map((s) => all[s]);
  },
};
