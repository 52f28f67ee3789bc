// Exact amounts in storage. Migrations 002-007 declared SQLite's money columns `real`: one value
// read back as written, but SUM over many rows (exports, balances, reports) was floating point.
// SQLite now stores every amount as INTEGER minor units: cents for amounts, ten-thousandths for
// the product price in `records.amount` (4 decimals); src/db/money.ts converts (docs/decisions.md,
// "Exact amounts in storage"). PostgreSQL's columns are numeric already: nothing changes there.
//
// SQLite cannot change a column's type, so each table is rebuilt the documented way
// (sqlite.org/lang_altertable.html, "other kinds of table schema changes"): foreign keys off,
// one transaction, a copy created from the table's own CREATE statement with only the money
// columns' type changed, rows copied with each amount rounded to its minor unit, old table dropped,
// copy renamed, its indexes and triggers recreated from their own SQL, its AUTOINCREMENT counter
// kept, foreign keys checked. Ids are copied, so rows referencing them (and the FTS index of
// records, keyed by rowid) stay valid. A table already converted is left alone, so running the
// migration again (say, after a crash before Kysely recorded it) does nothing.
import { sql } from 'kysely';
import type { Migration, MigrationDb } from './helpers.js';

/** Money columns per table, with their number of decimals. */
const MONEY_COLUMNS: Record<string, Record<string, number>> = {
  records: { amount: 4 },
  sale_documents: { tax_excluded_amount: 2, tax_included_amount: 2, balance: 2 },
  receipts: { amount: 2 },
  receipt_links: { amount: 2 },
  purchase_invoices: { tax_included_amount: 2 },
};

interface SchemaObject {
  type: string;
  name: string;
  sql: string | null;
}

async function rows<T>(db: MigrationDb, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

async function rebuild(db: MigrationDb, table: string, money: Record<string, number>): Promise<void> {
  const columns = await rows<{ name: string; type: string }>(db, sql`select name, type from pragma_table_info(${table})`);
  const toConvert = Object.keys(money).filter((name) => columns.find((c) => c.name === name)?.type.toLowerCase() === 'real');
  if (!toConvert.length) return;

  const [definition] = await rows<SchemaObject>(
    db,
    sql`select type, name, sql from sqlite_master where type = 'table' and name = ${table}`,
  );
  const dependents = await rows<SchemaObject>(
    db,
    sql`select type, name, sql from sqlite_master where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null`,
  );
  const copy = `${table}_exact_money`;
  let createCopy = definition.sql!;
  for (const name of toConvert) {
    const declared = new RegExp(`"${name}" real\\b`, 'g');
    if ((createCopy.match(declared) ?? []).length !== 1)
      throw new Error(`009_exact_money: cannot find the declaration of ${table}.${name}`);
    createCopy = createCopy.replace(declared, `"${name}" integer`);
  }
  createCopy = createCopy.replace(new RegExp(`^create table "${table}"`, 'i'), `create table "${copy}"`);
  if (!createCopy.startsWith(`create table "${copy}"`)) throw new Error(`009_exact_money: unexpected definition of ${table}`);

  const names = columns.map((c) => c.name);
  const selected = names.map((name) =>
    toConvert.includes(name) ? `cast(round("${name}" * ${10 ** money[name]}) as integer)` : `"${name}"`,
  );
  const [counter] = await rows<{ seq: number }>(db, sql`select seq from sqlite_sequence where name = ${table}`);

  await sql.raw(createCopy).execute(db);
  await sql
    .raw(`insert into "${copy}" (${names.map((n) => `"${n}"`).join(', ')}) select ${selected.join(', ')} from "${table}"`)
    .execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${copy}" rename to "${table}"`).execute(db);
  for (const object of dependents) await sql.raw(object.sql!).execute(db);
  // The copy's counter is the largest id copied; the table's may be higher (its last rows deleted):
  // AUTOINCREMENT promises ids are never reused.
  if (counter) await sql`update sqlite_sequence set seq = max(seq, ${counter.seq}) where name = ${table}`.execute(db);
}

export const exactMoney: Migration = {
  name: '009_exact_money',
  async up(db, dialect) {
    if (dialect !== 'sqlite') return;
    // Outside a transaction (SQLite ignores the pragma inside one), so that dropping a parent table
    // neither cascades to nor checks the rows that reference it; they are checked before commit.
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await sql`begin immediate`.execute(db);
      try {
        for (const [table, money] of Object.entries(MONEY_COLUMNS)) await rebuild(db, table, money);
        const broken = await rows<{ table: string }>(db, sql`select * from pragma_foreign_key_check`);
        if (broken.length) throw new Error(`009_exact_money: ${broken.length} foreign key violation(s), first in ${broken[0].table}`);
        await sql`commit`.execute(db);
      } catch (error) {
        await sql`rollback`.execute(db);
        throw error;
      }
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  },
};
