// Expense reports of colleagues (notes de frais), all but drafts (a draft is not submitted: nothing
// is owed yet). Summary: one row per report; Detail: one row per line and VAT rate of the line (a
// `Non ventilé` row for what the rates leave out), adding up to the Summary; Analysis: totals by
// month of the expense, colleague and category. Read through the expenses module's batch API (by
// id), up to the largest id present when the export started.
import { NotFoundError } from '../../../errors.js';
import { colleagues } from '../../colleagues/index.js';
import { expenseReportBatches, type ExpenseReportRow } from '../../expenses/index.js';
import { centsText } from '../../../domain/cents.js';
import type { Column, Row, Sheet, SheetName } from '../columns.js';
import type { Dataset } from '../dataset.js';
import { countReports, maxIdOf } from '../repo.js';
import { analysisColumns, cents, classificationAccount, Groups, monthLabel, slices, upTo, yesNo } from './groups.js';
import { PAYMENT_METHOD_LABEL } from './receipts.js';
import { vatParts } from './purchases.js';

const BATCH = 200;

export const REPORT_STATUS_LABEL: Record<string, string> = {
  Draft: 'Brouillon',
  Submitted: 'Soumise',
  Approved: 'Approuvée',
  Reimbursed: 'Remboursée',
};

const SUMMARY: Column[] = [
  { key: 'id', header: 'N° note', type: 'integer', width: 10 },
  { key: 'colleagueName', header: 'Collaborateur', type: 'text', width: 24 },
  { key: 'title', header: 'Titre', type: 'text', width: 24 },
  { key: 'periodStart', header: 'Du', type: 'date' },
  { key: 'periodEnd', header: 'Au', type: 'date' },
  { key: 'status', header: 'État', type: 'text', width: 12 },
  { key: 'lines', header: 'Dépenses', type: 'integer', width: 8 },
  { key: 'taxExcludedAmount', header: 'Total HT', type: 'amount' },
  { key: 'vatAmount', header: 'TVA', type: 'amount' },
  { key: 'taxIncludedAmount', header: 'Total TTC', type: 'amount' },
  { key: 'approvedAt', header: 'Approuvée le', type: 'date' },
  { key: 'reimbursedDate', header: 'Remboursée le', type: 'date' },
  { key: 'reimbursementMethod', header: 'Mode de remboursement', type: 'text', width: 14 },
  { key: 'reimbursementReference', header: 'Référence', type: 'text', width: 16 },
];

const DETAIL: Column[] = [
  { key: 'reportId', header: 'N° note', type: 'integer', width: 10 },
  { key: 'colleagueName', header: 'Collaborateur', type: 'text', width: 24 },
  { key: 'lineId', header: 'N° dépense', type: 'integer', width: 10 },
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'merchant', header: 'Fournisseur', type: 'text', width: 24 },
  { key: 'category', header: 'Catégorie', type: 'text', width: 16 },
  { key: 'description', header: 'Description', type: 'text', width: 30 },
  { key: 'lineType', header: 'Type', type: 'text', width: 12 },
  { key: 'vatRate', header: 'Taux TVA', type: 'rate' },
  { key: 'taxExcludedAmount', header: 'Montant HT', type: 'amount' },
  { key: 'vatAmount', header: 'TVA', type: 'amount' },
  { key: 'taxIncludedAmount', header: 'Montant TTC', type: 'amount' },
  { key: 'accountNumber', header: 'Compte', type: 'text', width: 10 },
  { key: 'hasFile', header: 'Justificatif', type: 'text', width: 8 },
];

const ANALYSIS = analysisColumns('lines', 'Dépenses', [
  { key: 'taxExcludedAmount', header: 'Total HT', type: 'amount' },
  { key: 'vatAmount', header: 'TVA', type: 'amount' },
  { key: 'taxIncludedAmount', header: 'Total TTC', type: 'amount' },
]);

export const expenseReports: Dataset = {
  path: 'expensereports',
  fileStem: 'notes-de-frais',
  summary: 'Export the expense reports, drafts excepted (Summary, Detail by line, Analysis)',
  params: ['from', 'to', 'colleagueId'],
  sheets: ['Summary', 'Detail', 'Analysis'],
  count: ({ db, accountId, params }) => countReports(db, accountId, { colleagueId: params.colleagueId }),
  async open(ctx, sheets) {
    const { db, accountId, params } = ctx;
    if (params.colleagueId !== undefined && !(await colleagues.getStored(db, accountId, params.colleagueId))) {
      throw new NotFoundError('Colleague', params.colleagueId);
    }
    const last = await maxIdOf(db, 'expenseReports', accountId);
    const filter = { from: params.from, to: params.to, colleagueId: params.colleagueId };
    const read = (): AsyncGenerator<ExpenseReportRow[]> =>
      upTo(expenseReportBatches(db, accountId, filter, BATCH), last, ctx.onRecords, (r) => r.status !== 'Draft');
    const all: Record<SheetName, Sheet> = {
      Summary: {
        name: 'Summary',
        title: 'Synthèse',
        columns: SUMMARY,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.map((r): Row => [
              r.id,
              r.colleagueName,
              r.title,
              r.periodStart,
              r.periodEnd,
              REPORT_STATUS_LABEL[r.status] ?? r.status,
              r.lines.length,
              r.taxExcludedAmount.toFixed(2),
              r.vatAmount.toFixed(2),
              r.taxIncludedAmount.toFixed(2),
              r.approvedAt?.slice(0, 10) ?? null,
              r.reimbursedDate,
              r.reimbursementMethod ? (PAYMENT_METHOD_LABEL[r.reimbursementMethod] ?? r.reimbursementMethod) : null,
              r.reimbursementReference,
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
            yield batch.flatMap((r) =>
              r.lines.flatMap((l) =>
                vatParts(l.vats, { net: cents(l.taxExcludedAmount), vat: cents(l.vatAmount), ttc: cents(l.taxIncludedAmount) }).map(
                  (x): Row => [
                    r.id,
                    r.colleagueName,
                    l.id,
                    l.date,
                    l.merchant,
                    l.category,
                    l.description,
                    x.type,
                    x.rate,
                    centsText(x.net),
                    centsText(x.vat),
                    centsText(x.ttc),
                    classificationAccount(l.classificationId),
                    yesNo(l.hasFile),
                  ],
                ),
              ),
            );
          }
        },
      },
      Analysis: {
        name: 'Analysis',
        title: 'Analyse',
        columns: ANALYSIS,
        rows: async function* () {
          const g = new Groups(
            [
              ['Mois', 'key'],
              ['Collaborateur', 'label'],
              ['Catégorie', 'label'],
            ],
            3,
          );
          for await (const batch of read()) {
            for (const r of batch) {
              for (const l of r.lines) {
                const sums = [cents(l.taxExcludedAmount), cents(l.vatAmount), cents(l.taxIncludedAmount)];
                const month = l.date.slice(0, 7);
                g.add('Mois', month, monthLabel(month), sums);
                g.add('Collaborateur', `#${r.colleagueId}`, r.colleagueName ?? '', sums);
                g.add('Catégorie', l.category ?? '', l.category ?? 'Sans catégorie', sums);
              }
            }
          }
          yield* slices(g.rows());
        },
      },
    };
    return sheets.map((s) => all[s]);
  },
};
