// SQL of bank accounts, statement imports and transactions. Every function takes the account id.
import type Big from 'big.js';
import type { Database as SQLiteDatabase } from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import { fromStoredAmount, toStoredAmount } from '../../db/money.js';
import type { BankAccountsTable, BankTransactionsTable, Database } from '../../db/schema.js';
import { searchTextConditions, searchTextOf } from '../../db/search.js';
import type { Page, SortKey } from '../../app/paging.js';

type Db = Kysely<Database>;
export type AccountRow = Omit<BankAccountsTable, 'id' | 'openingBalance' | 'version'> & {
  id: number;
  openingBalance: Big;
  version: number;
};
export type AccountValues = Omit<AccountRow, 'id' | 'accountId' | 'createdAt' | 'version'>;
export type TransactionRow = Omit<BankTransactionsTable, 'id' | 'amount' | 'searchText'> & { id: number; amount: Big };
export type NewTransaction = Omit<
  TransactionRow,
  'id' | 'accountId' | 'bankAccountId' | 'importId' | 'matchType' | 'matchId' | 'matchedAt' | 'createdAt'
>;
export type TransactionSortColumn = 'id' | 'date' | 'amount';

export async function insertAccount(db: Db, accountId: number, values: AccountValues): Promise<number> {
  const { id } = await db
    .insertInto('bankAccounts')
    .values({ accountId, ...values, openingBalance: toStoredAmount(db, values.openingBalance), createdAt: values.updatedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateAccount(db: Db, accountId: number, id: number, values: AccountValues, atVersion?: number): Promise<boolean> {
  let q = db
    .updateTable('bankAccounts')
    .set({ ...values, openingBalance: toStoredAmount(db, values.openingBalance), version: sql<number>`version + 1` })
    .where('accountId', '=', accountId)
    .where('id', '=', id);
  if (atVersion !== undefined) q = q.where('version', '=', atVersion);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function deleteAccount(db: Db, accountId: number, id: number): Promise<void> {
  await db.deleteFrom('bankAccounts').where('accountId', '=', accountId).where('id', '=', id).execute();
}

export async function getAccount(db: Db, accountId: number, id: number, forUpdate = false): Promise<AccountRow | undefined> {
  let q = db.selectFrom('bankAccounts').selectAll().where('accountId', '=', accountId).where('id', '=', id);
  if (forUpdate && !isSqlite(db)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && { ...row, openingBalance: fromStoredAmount(db, row.openingBalance) };
}

export async function accountByIban(db: Db, accountId: number, iban: string) {
  return db.selectFrom('bankAccounts').select('id').where('accountId', '=', accountId).where('iban', '=', iban).executeTakeFirst();
}

export async function listAccounts(db: Db, accountId: number, page: Page) {
  const { n } = await db
    .selectFrom('bankAccounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accountId', '=', accountId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('bankAccounts')
    .selectAll()
    .where('accountId', '=', accountId)
    .orderBy('id')
    .limit(page.size)
    .offset(page.offset)
    .execute();
  return { rows: rows.map((r) => ({ ...r, openingBalance: fromStoredAmount(db, r.openingBalance) })), total: Number(n) };
}

/** Sum, count and last date of each bank account's transactions. */
export async function totalsOf(db: Db, accountId: number, ids: number[]) {
  const out = new Map<number, { sum: Big; count: number; last: string | null }>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('bankTransactions')
    .select((eb) => [
      'bankAccountId',
      eb.fn.sum<BankTransactionsTable['amount']>('amount').as('total'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('date').as('last'),
    ])
    .where('accountId', '=', accountId)
    .where('bankAccountId', 'in', ids)
    .groupBy('bankAccountId')
    .execute();
  for (const r of rows) out.set(r.bankAccountId, { sum: fromStoredAmount(db, r.total ?? 0), count: Number(r.n), last: r.last });
  return out;
}

export async function insertImport(
  db: Db,
  values: {
    accountId: number;
    bankAccountId: number;
    format: string;
    fileName: string | null;
    sha256: string;
    readCount: number;
    insertedCount: number;
    duplicateCount: number;
    createdAt: string;
  },
): Promise<number> {
  const { id } = await db.insertInto('bankImports').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function setImportCounts(db: Db, id: number, readCount: number, insertedCount: number, duplicateCount: number) {
  await db.updateTable('bankImports').set({ readCount, insertedCount, duplicateCount }).where('id', '=', id).execute();
}

/** The keys among `keys` already stored for the bank account. */
export async function existingKeys(db: Db, bankAccountId: number, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .selectFrom('bankTransactions')
    .select('dedupKey')
    .where('bankAccountId', '=', bankAccountId)
    .where('dedupKey', 'in', keys)
    .execute();
  return new Set(rows.map((r) => r.dedupKey));
}

export async function insertTransactions(
  db: Db,
  base: { accountId: number; bankAccountId: number; importId: number | null; createdAt: string },
  rows: (NewTransaction & { dedupKey: string })[],
): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('bankTransactions')
    .values(
      rows.map((r) => ({
        ...base,
        ...r,
        amount: toStoredAmount(db, r.amount),
        searchText: searchTextOf([r.label, r.reference, r.counterpartyName]),
        matchType: null,
        matchId: null,
        matchedAt: null,
      })),
    )
    .execute();
}

/**
 * SQLite: the entries of an import written one by one with two prepared statements on the connection
 * the open transaction holds (better-sqlite3 is synchronous: same connection, same transaction), so
 * no query objects are built per batch (a 500-row insert is ~9,000 query nodes and parameters, all
 * garbage a moment later) and an entry seen earlier in the same file is found by the same lookup as
 * one stored by an earlier import. The entry and its key come apart: an entry copied with its key
 * (`{ ...entry, dedupKey }`) is an object per entry that V8 allocates straight in the old generation,
 * where it stays until a full collection: ~15 MB of garbage per 50,000 entries (bench statements).
 */
export function sqliteImportWriter(
  db: Db,
  sqlite: SQLiteDatabase,
  base: { accountId: number; bankAccountId: number; importId: number; createdAt: string },
) {
  const exists = sqlite.prepare('SELECT 1 FROM bank_transactions WHERE bank_account_id = ? AND dedup_key = ?').pluck();
  const insert = sqlite.prepare(
    `INSERT INTO bank_transactions (account_id, bank_account_id, import_id, date, value_date, amount, label, reference,
       counterparty_name, counterparty_iban, bank_reference, dedup_key, search_text, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    /** Stores the entry unless its key is already stored; true when stored. */
    add(r: Omit<NewTransaction, 'dedupKey'>, dedupKey: string): boolean {
      if (exists.get(base.bankAccountId, dedupKey) !== undefined) return false;
      insert.run(
        base.accountId,
        base.bankAccountId,
        base.importId,
        r.date,
        r.valueDate,
        toStoredAmount(db, r.amount),
        r.label,
        r.reference,
        r.counterpartyName,
        r.counterpartyIban,
        r.bankReference,
        dedupKey,
        searchTextOf([r.label, r.reference, r.counterpartyName]),
        base.createdAt,
      );
      return true;
    },
  };
}

/** A transaction entered by hand (no import): its id. */
export async function insertManualTransaction(
  db: Db,
  base: { accountId: number; bankAccountId: number; createdAt: string },
  values: NewTransaction & { dedupKey: string },
): Promise<number> {
  const { id } = await db
    .insertInto('bankTransactions')
    .values({
      ...base,
      ...values,
      importId: null,
      amount: toStoredAmount(db, values.amount),
      searchText: searchTextOf([values.label, values.reference, values.counterpartyName]),
      matchType: null,
      matchId: null,
      matchedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Rewrites what a person entered on a manual transaction (never its key, import or match). */
export async function updateManualTransaction(
  db: Db,
  accountId: number,
  id: number,
  values: Omit<NewTransaction, 'bankReference' | 'dedupKey'> & { bankAccountId: number },
): Promise<void> {
  await db
    .updateTable('bankTransactions')
    .set({
      ...values,
      amount: toStoredAmount(db, values.amount),
      searchText: searchTextOf([values.label, values.reference, values.counterpartyName]),
    })
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .where('importId', 'is', null)
    .execute();
}

export async function deleteManualTransaction(db: Db, accountId: number, id: number): Promise<void> {
  await db.deleteFrom('bankTransactions').where('accountId', '=', accountId).where('id', '=', id).where('importId', 'is', null).execute();
}

const decodeTx = (db: Db, { searchText: _s, ...r }: Omit<BankTransactionsTable, 'id'> & { id: number }): TransactionRow => ({
  ...r,
  amount: fromStoredAmount(db, r.amount),
});

export async function getTransaction(db: Db, accountId: number, id: number, forUpdate = false): Promise<TransactionRow | undefined> {
  let q = db.selectFrom('bankTransactions').selectAll().where('accountId', '=', accountId).where('id', '=', id);
  if (forUpdate && !isSqlite(db)) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && decodeTx(db, row);
}

export interface TransactionFilter {
  bankAccountId?: number;
  from?: string;
  to?: string;
  matched?: boolean;
  query?: string;
}

function filtered(db: Db, accountId: number, f: TransactionFilter) {
  let q = db.selectFrom('bankTransactions').where('accountId', '=', accountId);
  if (f.bankAccountId !== undefined) q = q.where('bankAccountId', '=', f.bankAccountId);
  if (f.from) q = q.where('date', '>=', f.from);
  if (f.to) q = q.where('date', '<=', f.to);
  if (f.matched === true) q = q.where('matchType', 'is not', null);
  if (f.matched === false) q = q.where('matchType', 'is', null);
  for (const c of searchTextConditions(f.query)) q = q.where(c);
  return q;
}

export async function listTransactions(
  db: Db,
  accountId: number,
  f: TransactionFilter,
  page: Page,
  order: SortKey<TransactionSortColumn>[],
) {
  const base = filtered(db, accountId, f);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  if (total === 0 || page.offset >= total) return { rows: [], total };
  let q = base.selectAll();
  for (const key of order) q = q.orderBy(key.column, key.direction);
  if (!order.some((k) => k.column === 'id')) q = q.orderBy('id', order[0]?.direction ?? 'asc');
  return { rows: (await q.limit(page.size).offset(page.offset).execute()).map((r) => decodeTx(db, r)), total };
}

export async function transactionBatch(db: Db, accountId: number, f: TransactionFilter, afterId: number, size: number) {
  const rows = await filtered(db, accountId, f).selectAll().where('id', '>', afterId).orderBy('id').limit(size).execute();
  return rows.map((r) => decodeTx(db, r));
}

export async function setMatch(db: Db, accountId: number, id: number, match: { type: string; id: number } | null): Promise<void> {
  await db
    .updateTable('bankTransactions')
    .set({ matchType: match?.type ?? null, matchId: match?.id ?? null, matchedAt: match ? new Date().toISOString() : null })
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .execute();
}

/** The transaction a settlement is already matched to, if any. */
export async function matchedTo(db: Db, accountId: number, type: string, id: number) {
  return db
    .selectFrom('bankTransactions')
    .select('id')
    .where('accountId', '=', accountId)
    .where('matchType', '=', type)
    .where('matchId', '=', id)
    .executeTakeFirst();
}

/** Of the given settlements, those already matched to a transaction. */
export async function matchedAmong(db: Db, accountId: number, type: string, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('bankTransactions')
    .select('matchId')
    .where('accountId', '=', accountId)
    .where('matchType', '=', type)
    .where('matchId', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.matchId!));
}
