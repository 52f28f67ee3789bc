// A database as the version before the keyed audit trail left it (test/fixtures/audit/
// previous-version.sql, made by that version's own API): on SQLite the dump itself, in a file; on
// PostgreSQL a database migrated as that version did (migrations up to 008) holding the same rows.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../../src/config.js';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrations } from '../../src/db/migrations/index.js';
import { decodeSnapshot } from '../../src/modules/sales/repo.js';
import { freshDatabase, type DialectName } from './harness.js';

const DUMP = path.resolve(import.meta.dirname, '../fixtures/audit/previous-version.sql');
/** The migrations that version had applied. */
export const PREVIOUS_MIGRATIONS = migrations.slice(0, migrations.findIndex((m) => m.name === '008_logo_versions') + 1);

/** What the fixture holds (made by previous-version.ts). */
export const PREVIOUS = {
  accounts: { acme: 1, other: 2 },
  /** Account 1's invoices (F-…-00001 to 00004, then a draft): paid in full, 40 of 240 paid, cancelled by credit 4, unpaid (with customer 1). */
  invoices: { paid: 1, partly: 2, cancelled: 3, unpaid: 5, draft: 6 },
  /** Account 1's credits (AV-…-00001, 00002): the cancellation of invoice 3, one refunded. */
  credits: { cancellation: 4, refunded: 7 },
  otherInvoice: 8,
};

export interface PreviousDatabase {
  config: DatabaseConfig;
  db: Db;
  /** The folder of the SQLite file (its key file goes beside it); null on PostgreSQL. */
  dir: string | null;
  dispose(): Promise<void>;
}

/** Tables copied to PostgreSQL, parents first, and those whose id is a serial to move past the copied ids. */
const TABLES = [
  'accounts',
  'api_keys',
  'records',
  'counters',
  'settings',
  'sale_documents',
  'sale_document_data',
  'document_heads',
  'document_sequences',
  'receipts',
  'receipt_links',
  'outbox',
];
const SERIALS = ['accounts', 'api_keys', 'records', 'sale_documents', 'receipts', 'receipt_links', 'outbox'];

export async function previousVersionDatabase(dialect: DialectName): Promise<PreviousDatabase> {
  const dump = readFileSync(DUMP, 'utf8');
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'facturier-previous-'));
    const file = path.join(dir, 'facturier.db');
    const loader = new SQLite(file);
    loader.exec(dump);
    loader.close();
    const config: DatabaseConfig = { dialect: 'sqlite', file };
    const db = openDatabase(config);
    return {
      config,
      db,
      dir,
      dispose: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const fresh = await freshDatabase('postgres', PREVIOUS_MIGRATIONS);
  const source = new SQLite(':memory:');
  source.exec(dump);
  const raw = fresh.db.kysely.withoutPlugins();
  for (const table of TABLES) {
    const types = new Map(
      (
        await sql<{ column_name: string; data_type: string }>`
      select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(
          raw,
        )
      ).rows.map((c) => [c.column_name, c.data_type]),
    );
    const rows = source.prepare(`select * from "${table}"`).all() as Record<string, unknown>[];
    for (const row of rows) {
      const columns = Object.keys(row).filter((c) => types.has(c));
      const values = columns.map((c) => {
        const v = row[c];
        if (types.get(c) === 'boolean') return v === null ? null : v === 1;
        // The version before stored snapshots as text on PostgreSQL (TOAST compresses them).
        if (Buffer.isBuffer(v)) return types.get(c) === 'bytea' ? v : decodeSnapshot(v);
        return v;
      });
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))}) values (${sql.join(values)})`.execute(raw);
    }
  }
  for (const table of SERIALS) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(raw);
  }
  source.close();
  return { config: fresh.config, db: fresh.db, dir: null, dispose: fresh.dispose };
}
