// The transactions of one bank account (`banktransactions/{id}`, id = the bank account), by booking
// date within [from, to]. Summary: one row per transaction, with what it is matched to; Analysis:
// money in and out by month and by match. Read through the bank module's batch API (by id), up to
// the largest id present when the export started. Another account's bank account: 404.
import { NotFoundError } from '../../../errors.js';
import { bankTransactionBatches, getBankAccountRow, type BankTransactionRow } from '../../bank/index.js';
import { centsText } from '../../../domain/cents.js';
import type { Column, Row, Sheet, SheetName } from '../columns.js';
import type { Dataset } from '../dataset.js';
import { countRows, maxIdOf } from '../repo.js';
import { analysisColumns, cents, Groups, monthLabel, slices, upTo } from './groups.js';

const BATCH = 1000;

export const MATCH_LABEL: Record<string, string> = {
  Receipt: 'Encaissement',
  SupplierPayment: 'Paiement fournisseur',
  ExpenseReport: 'Note de frais',
};

const SUMMARY: Column[] = [
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'valueDate', header: 'Date de valeur', type: 'date' },
  { key: 'id', header: 'N° opération', type: 'integer', width: 10 },
  { key: 'label', header: 'Libellé', type: 'text', width: 40 },
  { key: 'reference', header: 'Référence', type: 'text', width: 16 },
  { key: 'counterpartyName', header: 'Contrepartie', type: 'text', width: 24 },
  { key: 'counterpartyIban', header: 'IBAN contrepartie', type: 'text', width: 28 },
  { key: 'debit', header: 'Débit', type: 'amount' },
  { key: 'credit', header: 'Crédit', type: 'amount' },
  { key: 'amount', header: 'Montant', type: 'amount' },
  { key: 'matchType', header: 'Rapprochement', type: 'text', width: 18 },
  { key: 'matchId', header: 'N° rapproché', type: 'integer', width: 10 },
  { key: 'bankReference', header: 'Réf. banque', type: 'text', width: 16 },
];

const ANALYSIS = analysisColumns('transactions', 'Opérations', [
  { key: 'debit', header: 'Débit', type: 'amount' },
  { key: 'credit', header: 'Crédit', type: 'amount' },
  { key: 'amount', header: 'Montant', type: 'amount' },
]);

export const bankTransactions: Dataset = {
  path: 'banktransactions',
  pathId: 'the bank account',
  fileStem: 'operations-bancaires',
  summary: 'Export the transactions of a bank account (Summary, Analysis)',
  params: ['from', 'to'],
  sheets: ['Summary', 'Analysis'],
  count: ({ db, accountId, params }) => countRows(db, 'bankTransactions', accountId, { ...params, bankAccountId: params.id }),
  async open(ctx, sheets) {
    const { db, accountId, params } = ctx;
    const bankAccountId = params.id!;
    if (!(await getBankAccountRow(db, accountId, bankAccountId))) throw new NotFoundError('BankAccount', bankAccountId);
    const last = await maxIdOf(db, 'bankTransactions', accountId);
    const read = (): AsyncGenerator<BankTransactionRow[]> =>
      upTo(bankTransactionBatches(db, accountId, bankAccountId, { from: params.from, to: params.to }, BATCH), last, ctx.onRecords);
    const all: Partial<Record<SheetName, Sheet>> = {
      Summary: {
        name: 'Summary',
        title: 'Opérations',
        columns: SUMMARY,
        rows: async function* () {
          for await (const batch of read()) {
            yield batch.map((t): Row => {
              const c = cents(t.amount);
              return [
                t.date,
                t.valueDate,
                t.id,
                t.label,
                t.reference,
                t.counterpartyName,
                t.counterpartyIban,
                c < 0 ? centsText(-c) : null,
                c > 0 ? centsText(c) : null,
                centsText(c),
                t.matchType ? (MATCH_LABEL[t.matchType] ?? t.matchType) : null,
                t.matchId,
                t.bankReference,
              ];
            });
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
              ['Rapprochement', 'first'],
            ],
            3,
          );
          for await (const batch of read()) {
            for (const t of batch) {
              const c = cents(t.amount);
              const sums = [c < 0 ? -c : 0, c > 0 ? c : 0, c];
              const month = t.date.slice(0, 7);
              g.add('Mois', month, monthLabel(month), sums);
              g.add('Rapprochement', t.matchType ?? '', t.matchType ? (MATCH_LABEL[t.matchType] ?? t.matchType) : 'Non rapproché', sums);
            }
          }
          yield* slices(g.rows());
        },
      },
    };
    return sheets.map((s) => all[s]!);
  },
};
