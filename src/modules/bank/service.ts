// Bank accounts (IBAN/BIC checked, provider from the reference list), their transactions, and the
// matching of a transaction with the settlement it is: a customer receipt, a supplier payment or
// a colleague's expense report repaid. Suggestions are computed (same amount, near date, reference
// in the label); a match exists only once the user confirms it, and a settlement is matched once.
import { randomUUID } from 'node:crypto';
import type Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { addDays } from '../../domain/dates.js';
import { bicProblem, ibanProblem, normalizeIdentifier } from '../../domain/identifiers.js';
import { round2, toDecimal, ZERO } from '../../domain/money.js';
import { searchTokens } from '../../domain/text.js';
import {
  ConflictError,
  InvalidStateError,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
  type FieldError,
} from '../../errors.js';
import { checkIfMatch, type IfMatch, type Versioned } from '../../app/versioning.js';
import { mergeUpdate } from '../../app/input/merge.js';
import { clean } from '../../app/input/text.js';
import type { Page, SortKey } from '../../app/paging.js';
import { emit } from '../../jobs/outbox.js';
import { getExpenseReportRow, reimbursedReportsOfAmount } from '../expenses/index.js';
import { getSupplierPaymentRow, supplierPaymentsOfAmount } from '../purchases/index.js';
import { getReceiptRow, receiptsOfAmount } from '../receipts/index.js';
import { BANK_PROVIDERS } from '../reference/index.js';
import * as repo from './repo.js';
import type {
  BankAccountInputT,
  BankAccountT,
  BankTransactionInputT,
  BankTransactionT,
  MatchInputT,
  MatchSuggestionT,
  MatchTypeT,
} from './schemas.js';

const num = (value: Big) => Number(value.toFixed(2));

async function presentAccounts(db: Kysely<Database>, accountId: number, rows: repo.AccountRow[]): Promise<BankAccountT[]> {
  const totals = await repo.totalsOf(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const t = totals.get(r.id);
    return {
      id: r.id,
      name: r.name,
      iban: r.iban,
      bic: r.bic,
      providerId: r.providerId,
      providerName: BANK_PROVIDERS.find((p) => p.id === r.providerId)?.name ?? null,
      currency: r.currency,
      openingBalance: num(r.openingBalance),
      openingDate: r.openingDate,
      balance: num(r.openingBalance.plus(t?.sum ?? ZERO)),
      transactionCount: t?.count ?? 0,
      lastTransactionDate: t?.last ?? null,
      notes: r.notes,
    };
  });
}

async function versionedAccount(db: Kysely<Database>, accountId: number, id: number): Promise<Versioned<BankAccountT>> {
  const row = await repo.getAccount(db, accountId, id);
  if (!row) throw new NotFoundError('Bank account', id);
  return { value: (await presentAccounts(db, accountId, [row]))[0], version: row.version };
}

async function toValues(db: Kysely<Database>, accountId: number, input: BankAccountInputT, exceptId?: number): Promise<repo.AccountValues> {
  const errors: FieldError[] = [];
  const iban = normalizeIdentifier(input.iban ?? '');
  const ibanIssue = ibanProblem(iban);
  if (ibanIssue) errors.push({ field: 'iban', message: ibanIssue });
  else {
    const other = await repo.accountByIban(db, accountId, iban);
    if (other && other.id !== exceptId) errors.push({ field: 'iban', message: `already the IBAN of bank account ${other.id}` });
  }
  const bic = input.bic ? normalizeIdentifier(input.bic) : null;
  if (bic) {
    const bicIssue = bicProblem(bic);
    if (bicIssue) errors.push({ field: 'bic', message: bicIssue });
  }
  const provider = input.providerId ? BANK_PROVIDERS.find((p) => p.id === input.providerId) : null;
  if (input.providerId && !provider) {
    errors.push({ field: 'providerId', message: `"${input.providerId}" is not a provider of GET /v1/bankaccounts/providers` });
  }
  const name = clean(input.name);
  if (!name) errors.push({ field: 'name', message: 'a bank account needs a name' });
  const opening = toDecimal(input.openingBalance ?? 0);
  if (!round2(opening).eq(opening)) errors.push({ field: 'openingBalance', message: 'at most 2 decimals' });
  if (errors.length) throw new ValidationError(errors);
  return {
    name: name!,
    iban,
    bic: bic ?? provider?.bic ?? null,
    providerId: provider?.id ?? null,
    currency: (input.currency ?? 'EUR').toUpperCase(),
    openingBalance: opening,
    openingDate: input.openingDate ?? null,
    notes: clean(input.notes),
    updatedAt: new Date().toISOString(),
  };
}

export async function createBankAccount(db: Db, accountId: number, input: BankAccountInputT) {
  return transaction(db, async (trx) => {
    const id = await repo.insertAccount(trx, accountId, await toValues(trx, accountId, input));
    const out = await versionedAccount(trx, accountId, id);
    await emit(trx, accountId, 'BankAccountCreated', out.value);
    return out;
  });
}

export async function updateBankAccount(db: Db, accountId: number, id: number, patch: Partial<BankAccountInputT>, ifMatch: IfMatch) {
  return transaction(db, async (trx) => {
    const row = await repo.getAccount(trx, accountId, id, true);
    if (!row) throw new NotFoundError('Bank account', id);
    checkIfMatch(ifMatch, row.version, `Bank account ${id}`);
    const [current] = await presentAccounts(trx, accountId, [row]);
    const { id: _id, providerName: _p, balance: _b, transactionCount: _c, lastTransactionDate: _l, ...editable } = current;
    const input = mergeUpdate(editable as BankAccountInputT, patch);
    if (patch.currency && patch.currency.toUpperCase() !== row.currency && (await repo.totalsOf(trx, accountId, [id])).get(id)?.count) {
      throw ValidationError.field('currency', 'the account has transactions: its currency cannot change');
    }
    if (!(await repo.updateAccount(trx, accountId, id, await toValues(trx, accountId, input, id), ifMatch ? row.version : undefined))) {
      throw new PreconditionFailedError(`Bank account ${id} was changed by another request at the same time: read it again, then retry`);
    }
    const out = await versionedAccount(trx, accountId, id);
    await emit(trx, accountId, 'BankAccountUpdated', out.value);
    return out;
  });
}

export async function deleteBankAccount(db: Db, accountId: number, id: number, ifMatch: IfMatch) {
  await transaction(db, async (trx) => {
    const row = await repo.getAccount(trx, accountId, id, true);
    if (!row) throw new NotFoundError('Bank account', id);
    checkIfMatch(ifMatch, row.version, `Bank account ${id}`);
    const [current] = await presentAccounts(trx, accountId, [row]);
    if (current.transactionCount > 0) {
      throw new InvalidStateError(`Bank account ${id} has ${current.transactionCount} transactions: the bank journal must keep them`);
    }
    await repo.deleteAccount(trx, accountId, id);
    await emit(trx, accountId, 'BankAccountDeleted', current);
  });
}

export const getBankAccount = (db: Db, accountId: number, id: number) => versionedAccount(db.kysely, accountId, id);

/**
 * NotFoundError unless the bank account is the account's: its row only. Not getBankAccount, whose
 * balance sums every transaction: before a statement import that read the whole table (~27 MB of
 * pages for 50,000 transactions) into SQLite's page cache, ~10 MB of the server's memory.
 */
export async function requireBankAccount(db: Db, accountId: number, id: number): Promise<void> {
  if (!(await repo.getAccount(db.kysely, accountId, id))) throw new NotFoundError('Bank account', id);
}

export async function listBankAccounts(db: Db, accountId: number, page: Page) {
  const { rows, total } = await repo.listAccounts(db.kysely, accountId, page);
  return { items: await presentAccounts(db.kysely, accountId, rows), total };
}

export function presentTransaction(r: repo.TransactionRow): BankTransactionT {
  return {
    id: r.id,
    bankAccountId: r.bankAccountId,
    importId: r.importId,
    date: r.date,
    valueDate: r.valueDate,
    amount: num(r.amount),
    label: r.label,
    reference: r.reference,
    counterpartyName: r.counterpartyName,
    counterpartyIban: r.counterpartyIban,
    bankReference: r.bankReference,
    matchType: r.matchType as MatchTypeT | null,
    matchId: r.matchId,
    matchedAt: r.matchedAt,
  };
}

export async function getBankTransaction(db: Db, accountId: number, id: number): Promise<BankTransactionT> {
  const row = await repo.getTransaction(db.kysely, accountId, id);
  if (!row) throw new NotFoundError('Bank transaction', id);
  return presentTransaction(row);
}

export async function listBankTransactions(
  db: Db,
  accountId: number,
  filter: repo.TransactionFilter,
  page: Page,
  order: SortKey<repo.TransactionSortColumn>[],
) {
  if (filter.bankAccountId !== undefined && !(await repo.getAccount(db.kysely, accountId, filter.bankAccountId))) {
    throw new NotFoundError('Bank account', filter.bankAccountId);
  }
  const { rows, total } = await repo.listTransactions(db.kysely, accountId, filter, page, order);
  return { items: rows.map(presentTransaction), total };
}

interface Candidate {
  type: MatchTypeT;
  id: number;
  date: string;
  /** As the bank sees it: > 0 money in. */
  amount: Big;
  thirdName: string | null;
  reference: string | null;
}

function daysBetween(a: string, b: string): number {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
}

function score(tx: repo.TransactionRow, c: Candidate): number {
  const label = ` ${searchTokens(`${tx.label} ${tx.reference ?? ''} ${tx.counterpartyName ?? ''}`).join(' ')} `;
  const refTokens = searchTokens(c.reference ?? '').filter((t) => t.length >= 3);
  const nameTokens = searchTokens(c.thirdName ?? '').filter((t) => t.length >= 3);
  let s = 50 + Math.max(0, 30 - Math.round(daysBetween(tx.date, c.date) * 2));
  if (refTokens.length && refTokens.every((t) => label.includes(` ${t} `))) s += 20;
  else if (nameTokens.some((t) => label.includes(` ${t} `))) s += 10;
  return Math.min(100, s);
}

/** Settlements of the transaction's amount dated 20 days before to 10 days after it, not matched yet. */
export async function suggestMatches(db: Db, accountId: number, id: number): Promise<MatchSuggestionT[]> {
  const k = db.kysely;
  const tx = await repo.getTransaction(k, accountId, id);
  if (!tx) throw new NotFoundError('Bank transaction', id);
  const from = addDays(tx.date, -20);
  const to = addDays(tx.date, 10);
  const candidates: Candidate[] = [
    ...(await receiptsOfAmount(k, accountId, tx.amount, from, to)).map((r) => ({
      type: 'Receipt' as const,
      id: r.id,
      date: r.date,
      amount: r.amount,
      thirdName: r.customerName,
      reference: r.reference,
    })),
    ...(await supplierPaymentsOfAmount(k, accountId, tx.amount.times(-1), from, to)).map((p) => ({
      type: 'SupplierPayment' as const,
      id: p.id,
      date: p.date,
      amount: p.amount.times(-1),
      thirdName: p.supplierName,
      reference: p.reference,
    })),
    ...(await reimbursedReportsOfAmount(k, accountId, tx.amount.times(-1), from, to)).map((r) => ({
      type: 'ExpenseReport' as const,
      id: r.id,
      date: r.reimbursedDate!,
      amount: r.taxIncludedAmount.times(-1),
      thirdName: r.colleagueName,
      reference: r.reimbursementReference,
    })),
  ];
  const out: MatchSuggestionT[] = [];
  for (const type of ['Receipt', 'SupplierPayment', 'ExpenseReport'] as const) {
    const ofType = candidates.filter((c) => c.type === type);
    const taken = await repo.matchedAmong(
      k,
      accountId,
      type,
      ofType.map((c) => c.id),
    );
    for (const c of ofType) {
      if (taken.has(c.id) && !(tx.matchType === type && tx.matchId === c.id)) continue;
      out.push({
        type,
        id: c.id,
        date: c.date,
        amount: num(c.amount),
        thirdName: c.thirdName,
        reference: c.reference,
        score: score(tx, c),
      });
    }
  }
  return out.sort((a, b) => b.score - a.score || a.id - b.id);
}

/** The settlement the user names, as the bank would see it, or a 400 naming `id`. */
async function settlement(k: Kysely<Database>, accountId: number, input: MatchInputT): Promise<{ amount: Big }> {
  const missing = () => ValidationError.field('id', `${input.type} ${input.id} does not exist`);
  if (input.type === 'Receipt') {
    const r = await getReceiptRow(k, accountId, input.id);
    if (!r) throw missing();
    if (r.status !== 'Success') throw ValidationError.field('id', `receipt ${input.id} is ${r.status}: only a Success receipt moved money`);
    return { amount: r.amount };
  }
  if (input.type === 'SupplierPayment') {
    const p = await getSupplierPaymentRow(k, accountId, input.id);
    if (!p) throw missing();
    if (p.status !== 'Success')
      throw ValidationError.field('id', `supplier payment ${input.id} is ${p.status}: only a Success payment moved money`);
    return { amount: p.amount.times(-1) };
  }
  const r = await getExpenseReportRow(k, accountId, input.id);
  if (!r) throw missing();
  if (r.status !== 'Reimbursed') throw ValidationError.field('id', `expense report ${input.id} is ${r.status}, not Reimbursed`);
  return { amount: r.taxIncludedAmount.times(-1) };
}

export async function confirmMatch(db: Db, accountId: number, id: number, input: MatchInputT): Promise<BankTransactionT> {
  return transaction(db, async (trx) => {
    const tx = await repo.getTransaction(trx, accountId, id, true);
    if (!tx) throw new NotFoundError('Bank transaction', id);
    if (tx.matchType) {
      if (tx.matchType === input.type && tx.matchId === input.id) return presentTransaction(tx);
      throw new InvalidStateError(`Bank transaction ${id} is already matched with ${tx.matchType} ${tx.matchId}: remove that match first`);
    }
    const target = await settlement(trx, accountId, input);
    if (!target.amount.eq(tx.amount)) {
      throw ValidationError.field(
        'id',
        `${input.type} ${input.id} is of ${target.amount.toFixed(2)} as the bank sees it, the transaction of ${tx.amount.toFixed(2)}`,
      );
    }
    const other = await repo.matchedTo(trx, accountId, input.type, input.id);
    if (other) throw new ConflictError(`${input.type} ${input.id} is already matched with bank transaction ${other.id}`);
    await repo.setMatch(trx, accountId, id, { type: input.type, id: input.id });
    const out = presentTransaction((await repo.getTransaction(trx, accountId, id))!);
    await emit(trx, accountId, 'BankTransactionMatched', out);
    return out;
  });
}

export async function removeMatch(db: Db, accountId: number, id: number): Promise<BankTransactionT> {
  return transaction(db, async (trx) => {
    const tx = await repo.getTransaction(trx, accountId, id, true);
    if (!tx) throw new NotFoundError('Bank transaction', id);
    if (!tx.matchType) return presentTransaction(tx);
    await repo.setMatch(trx, accountId, id, null);
    const out = presentTransaction((await repo.getTransaction(trx, accountId, id))!);
    await emit(trx, accountId, 'BankTransactionUnmatched', out);
    return out;
  });
}

/** What a manual transaction stores, checked: 400 naming each field at fault, 404 for a bank account not of the account. */
async function manualValues(k: Kysely<Database>, accountId: number, input: BankTransactionInputT) {
  const bank = await repo.getAccount(k, accountId, input.bankAccountId);
  if (!bank) throw new NotFoundError('Bank account', input.bankAccountId);
  const errors: FieldError[] = [];
  const amount = toDecimal(input.amount);
  if (amount.eq(0)) errors.push({ field: 'amount', message: 'a transaction of 0 moves no money' });
  else if (!round2(amount).eq(amount)) errors.push({ field: 'amount', message: 'at most 2 decimals' });
  else if (input.direction === 'Credit' && amount.lt(0)) {
    errors.push({ field: 'amount', message: `a Credit (money in) is positive, not ${amount.toFixed(2)}` });
  } else if (input.direction === 'Debit' && amount.gt(0)) {
    errors.push({ field: 'amount', message: `a Debit (money out) is negative, not ${amount.toFixed(2)}` });
  }
  if (bank.openingDate && input.date < bank.openingDate) {
    errors.push({ field: 'date', message: `bank account ${bank.id} opens on ${bank.openingDate}: a transaction cannot precede it` });
  }
  if (input.valueDate && daysBetween(input.date, input.valueDate) > 31) {
    errors.push({ field: 'valueDate', message: `more than 31 days from the booking date ${input.date}` });
  }
  const label = clean(input.label);
  if (!label) errors.push({ field: 'label', message: 'a transaction needs a label' });
  let counterpartyIban: string | null = null;
  if (input.counterpartyIban) {
    counterpartyIban = normalizeIdentifier(input.counterpartyIban);
    const issue = ibanProblem(counterpartyIban);
    if (issue) errors.push({ field: 'counterpartyIban', message: issue });
  }
  if (errors.length) throw new ValidationError(errors);
  return {
    bankAccountId: bank.id,
    date: input.date,
    valueDate: input.valueDate ?? null,
    amount,
    label: label!,
    reference: clean(input.reference),
    counterpartyName: clean(input.counterpartyName),
    counterpartyIban,
  };
}

function editable(tx: repo.TransactionRow, id: number, action: string): void {
  if (tx.importId !== null) {
    throw new InvalidStateError(
      `Bank transaction ${id} was imported from statement ${tx.importId}: the bank's record cannot be ${action}, only matched`,
    );
  }
}

/** A transaction entered by hand (a cheque not yet on a statement, a bank without export…). */
export async function createBankTransaction(db: Db, accountId: number, input: BankTransactionInputT): Promise<BankTransactionT> {
  return transaction(db, async (trx) => {
    const { bankAccountId, ...values } = await manualValues(trx, accountId, input);
    const id = await repo.insertManualTransaction(
      trx,
      { accountId, bankAccountId, createdAt: new Date().toISOString() },
      { ...values, bankReference: null, dedupKey: `manual:${randomUUID()}` },
    );
    const out = presentTransaction((await repo.getTransaction(trx, accountId, id))!);
    await emit(trx, accountId, 'BankTransactionCreated', out);
    return out;
  });
}

/** Updates a manual transaction: absent fields kept, null clears. Imported ones are refused (400). */
export async function updateBankTransaction(
  db: Db,
  accountId: number,
  id: number,
  patch: Partial<BankTransactionInputT>,
): Promise<BankTransactionT> {
  return transaction(db, async (trx) => {
    const tx = await repo.getTransaction(trx, accountId, id, true);
    if (!tx) throw new NotFoundError('Bank transaction', id);
    editable(tx, id, 'changed');
    const current: BankTransactionInputT = {
      bankAccountId: tx.bankAccountId,
      date: tx.date,
      valueDate: tx.valueDate,
      amount: num(tx.amount),
      label: tx.label,
      reference: tx.reference,
      counterpartyName: tx.counterpartyName,
      counterpartyIban: tx.counterpartyIban,
    };
    const values = await manualValues(trx, accountId, mergeUpdate(current, patch));
    if (tx.matchType && (!values.amount.eq(tx.amount) || values.bankAccountId !== tx.bankAccountId)) {
      throw new InvalidStateError(
        `Bank transaction ${id} is matched with ${tx.matchType} ${tx.matchId}: remove that match before changing its amount or bank account`,
      );
    }
    await repo.updateManualTransaction(trx, accountId, id, values);
    const out = presentTransaction((await repo.getTransaction(trx, accountId, id))!);
    await emit(trx, accountId, 'BankTransactionUpdated', out);
    return out;
  });
}

/** Deletes a manual transaction (its match goes with it). Imported ones are refused (400). */
export async function deleteBankTransaction(db: Db, accountId: number, id: number): Promise<void> {
  await transaction(db, async (trx) => {
    const tx = await repo.getTransaction(trx, accountId, id, true);
    if (!tx) throw new NotFoundError('Bank transaction', id);
    editable(tx, id, 'deleted');
    await repo.deleteManualTransaction(trx, accountId, id);
    await emit(trx, accountId, 'BankTransactionDeleted', presentTransaction(tx));
  });
}
