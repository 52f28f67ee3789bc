// Opens a Kysely instance over better-sqlite3 or pg. The rest of the code never cares which.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema the connection works in, when not the default search path. */
  schema?: string;
  /** The raw SQLite handle, for the one hot path that cannot afford a query builder (API keys). */
  sqlite?: SQLite.Database;
  /**
   * Where long reads go (exports): on a SQLite file, a read-only connection of its own without the
   * memory map (see openReader); otherwise the connection itself.
   */
  reader(): Kysely<Database>;
  close(): Promise<void>;
}

// int8 (COUNT, bigserial) as JS numbers: our counts and ids stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * Kysely's SQLite driver prepares every statement anew; preparing costs more than running a
 * short indexed query. The same SQL text gets the same prepared statement, from a bounded cache.
 * Reuse is safe: Kysely runs one query at a time on the connection (its mutex), streaming included.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (!statement) {
        statement = withBooleans(sqlite.prepare(sqlText));
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/** SQLite has no boolean type and better-sqlite3 refuses to bind JS booleans: bind 1 and 0. */
function withBooleans(statement: SQLite.Statement): SqliteStatement {
  const fix = (parameters: ReadonlyArray<unknown>) => parameters.map((p) => (p === true ? 1 : p === false ? 0 : p));
  return {
    reader: statement.reader,
    all: (parameters: ReadonlyArray<unknown>) => statement.all(fix(parameters)),
    run: (parameters: ReadonlyArray<unknown>) => statement.run(fix(parameters)),
    iterate: (parameters: ReadonlyArray<unknown>) => statement.iterate(fix(parameters)),
  };
}

export function isSqlite(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * The connection exports read through on SQLite. Without the memory map: every page a mapped read
 * touches stays counted in the process's RSS while the mapping lasts, so a million-line export
 * grew the server by the ~200 MB of pages it had read once (bench/results/exports.md). Read with
 * read() instead, pages go through the OS cache, shared and dropped under pressure, and this
 * connection keeps 8 MB of them; measured on a million lines, no slower. Read-only: it can never
 * write, and in WAL mode it reads beside the writer without blocking it.
 */
function openReader(file: string): Kysely<Database> {
  const sqlite = new SQLite(file, { readonly: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('mmap_size = 0');
  sqlite.pragma('cache_size = -8192');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
}

export function openDatabase(config: DatabaseConfig): Db {
  if (config.dialect === 'sqlite') {
    if (config.file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(config.file)), { recursive: true });
    const sqlite = new SQLite(config.file);
    // 16 KB pages (a new database only; an existing one keeps its page size): a document snapshot
    // (~10 KB for 10 lines) then sits on one page instead of a leaf and two overflow pages, so a
    // document read from disk is two reads instead of four. Measured on a million invoices with a
    // cold OS cache, a page of 100 of one customer's invoices: 40 -> 25 ms; finalizations with 50
    // clients on a small database: 1,559 -> 1,810/s (fewer pages written per commit).
    sqlite.pragma('page_size = 16384');
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // Reads of a large database (a million documents is ~12 GB) go through the OS page cache by
    // memory mapping instead of one read() per page (for the first 2 GB: SQLite's build caps the
    // mapping there), and hot pages stay in a 64 MB cache.
    sqlite.pragma('mmap_size = 2147418112');
    sqlite.pragma('cache_size = -65536');
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      plugins: [new CamelCasePlugin()],
    });
    // An in-memory database cannot be opened twice: its long reads share the connection.
    if (config.file === ':memory:') return { kysely, dialect: 'sqlite', sqlite, reader: () => kysely, close: () => kysely.destroy() };
    let reader: Kysely<Database> | undefined;
    return {
      kysely,
      dialect: 'sqlite',
      sqlite,
      reader: () => (reader ??= openReader(config.file)),
      async close() {
        await reader?.destroy();
        await kysely.destroy();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  // An idle client whose server connection ends (restart, failover, admin command) is dropped by
  // the pool and replaced on the next query; unhandled, the event would stop the process.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return { kysely, dialect: 'postgres', schema: config.schema, reader: () => kysely, close: () => kysely.destroy() };
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db.kysely);
    return true;
  } catch {
    return false;
  }
}
