// What `facturier db info` and the read-only commands need to know of a database before using it:
// whether it exists (without creating it), where it is (never the password), its schema version
// and how many rows it holds.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import type { Db } from './connection.js';
import { migrations } from './migrations/index.js';

/** Where the database is, for people: a SQLite path or a PostgreSQL URL without its password. */
export function describeLocation(config: DatabaseConfig): string {
  if (config.dialect === 'sqlite') return config.file === ':memory:' ? 'sqlite::memory:' : path.resolve(config.file);
  try {
    const url = new URL(config.url);
    if (url.password) url.password = '***';
    return `${url.protocol}//${url.username ? `${url.username}${url.password ? ':***' : ''}@` : ''}${url.host}${url.pathname}${config.schema ? ` (schema ${config.schema})` : ''}`;
  } catch {
    return 'postgres (unparsable URL)';
  }
}

/** A SQLite database file that does not exist yet (opening it would create it). */
export function sqliteFileMissing(config: DatabaseConfig): boolean {
  return config.dialect === 'sqlite' && config.file !== ':memory:' && !fs.existsSync(config.file);
}

/** Names of the migrations applied, oldest first; null when the database holds no Facturier schema. */
export async function appliedMigrations(db: Db): Promise<string[] | null> {
  const exists =
    db.dialect === 'sqlite'
      ? await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(
          db.kysely,
        )
      : await sql<{
          n: number;
        }>`select count(*)::int as n from information_schema.tables where table_name = 'kysely_migration' and table_schema = current_schema()`.execute(
          db.kysely,
        );
  if (!Number(exists.rows[0]?.n)) return null;
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.kysely);
  return rows.rows.map((r) => r.name);
}

export interface DatabaseInfo {
  dialect: 'sqlite' | 'postgres';
  location: string;
  /** The last migration applied (the schema version). */
  schemaVersion: string | null;
  applied: number;
  /** Migrations this version knows and the database lacks (`facturier migrate` applies them). */
  pending: string[];
  /** Migrations the database has and this version does not know (made by a newer version). */
  unknown: string[];
  counts: Record<string, number>;
}

export async function databaseInfo(db: Db, config: DatabaseConfig): Promise<DatabaseInfo> {
  const applied = (await appliedMigrations(db)) ?? [];
  const known = migrations.map((m) => m.name);
  const counts: Record<string, number> = {};
  if (applied.length) {
    const count = async (table: 'accounts' | 'apiKeys' | 'receipts' | 'purchaseInvoices' | 'outbox') =>
      Number(
        (
          await db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    counts.accounts = await count('accounts');
    counts.apiKeys = await count('apiKeys');
    const records = await db.kysely
      .selectFrom('records')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('kind')
      .execute();
    for (const r of records) counts[r.kind] = Number(r.n);
    const documents = await db.kysely
      .selectFrom('saleDocuments')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('kind')
      .execute();
    for (const d of documents) counts[d.kind === 'Invoice' ? 'saleInvoices' : 'saleCredits'] = Number(d.n);
    counts.receipts = await count('receipts');
    counts.purchaseInvoices = await count('purchaseInvoices');
    counts.outbox = await count('outbox');
  }
  return {
    dialect: config.dialect,
    location: describeLocation(config),
    schemaVersion: applied.at(-1) ?? null,
    applied: applied.length,
    pending: known.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !known.includes(name)),
    counts,
  };
}
