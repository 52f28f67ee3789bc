// The read API of the exports (`banktransactions/{id}`) and the views: transactions of a bank
// account in batches by id (keyset), amounts exact. Columns: docs/bank.md#read-api.
import type Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './repo.js';

export interface BankAccountRow {
  id: number;
  name: string;
  iban: string;
  bic: string | null;
  providerId: string | null;
  currency: string;
  openingBalance: Big;
  openingDate: string | null;
}

export interface BankTransactionRow {
  id: number;
  bankAccountId: number;
  importId: number | null;
  date: string;
  valueDate: string | null;
  /** > 0 money in, < 0 money out. */
  amount: Big;
  label: string;
  reference: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  bankReference: string | null;
  /** Receipt, SupplierPayment or ExpenseReport, once confirmed. */
  matchType: string | null;
  matchId: number | null;
}

/** The bank account, or null when it is not the account's (the export answers 404). */
export async function getBankAccountRow(db: Kysely<Database>, accountId: number, id: number): Promise<BankAccountRow | null> {
  const r = await repo.getAccount(db, accountId, id);
  return r
    ? {
        id: r.id,
        name: r.name,
        iban: r.iban,
        bic: r.bic,
        providerId: r.providerId,
        currency: r.currency,
        openingBalance: r.openingBalance,
        openingDate: r.openingDate,
      }
    : null;
}

/** Transactions of one bank account by booking date in [from, to], in batches by id. */
export async function* bankTransactionBatches(
  db: Kysely<Database>,
  accountId: number,
  bankAccountId: number,
  filter: { from?: string; to?: string } = {},
  batchSize = 1000,
): AsyncGenerator<BankTransactionRow[]> {
  let after = 0;
  for (;;) {
    const rows = await repo.transactionBatch(db, accountId, { bankAccountId, ...filter }, after, batchSize);
    if (!rows.length) return;
    yield rows.map((r) => ({
      id: r.id,
      bankAccountId: r.bankAccountId,
      importId: r.importId,
      date: r.date,
      valueDate: r.valueDate,
      amount: r.amount,
      label: r.label,
      reference: r.reference,
      counterpartyName: r.counterpartyName,
      counterpartyIban: r.counterpartyIban,
      bankReference: r.bankReference,
      matchType: r.matchType,
      matchId: r.matchId,
    }));
    after = rows[rows.length - 1].id;
    if (rows.length < batchSize) return;
  }
}
