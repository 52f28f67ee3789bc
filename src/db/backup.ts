// Owns copying a live SQLite database to a file (backup) and putting such a file in place of the
// configured database (restore). PostgreSQL has its own tools (pg_dump, pg_restore): see README.
//
// Backup: SQLite's online backup API (better-sqlite3's `backup()`), from a connection of its own
// that holds one read transaction for the whole copy. In WAL mode a reader never blocks the server's
// writes, and every step of the copy then reads the same snapshot: the copy is the database as it
// was at one commit. Without that transaction, SQLite restarts a backup whenever another connection
// commits between two steps, so under steady writes it would never end (measured: 5,000 steps,
// 4,999 restarts). The copy is written to a temporary file beside FILE and renamed when complete,
// so FILE is never a half-written database.
//
// Restore: the backup is copied beside the database, checked (a SQLite file, intact, made by
// Facturier: its migrations table names migrations this version knows) and migrated to the latest
// schema there, then renamed over the database, so the database is at every moment either the old
// one or the restored one. The old one is kept under a `.replaced-<time>` name (a hard link: no
// copy). A database that another connection has open (a running server) is never replaced: that
// server would go on writing into the replaced file and lose those writes.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from './connection.js';
import { migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

/** A backup or restore that cannot be done as asked; the message says why and what to do. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

export interface BackupReport {
  /** The database copied (absolute path). */
  database: string;
  /** The backup written (absolute path). */
  file: string;
  bytes: number;
  pages: number;
  pageSize: number;
  /** The last migration applied to the copied database: its schema version. */
  migration: string;
  /** Whether an existing FILE was replaced (--force). */
  replaced: boolean;
  durationMs: number;
}

export interface RestoreReport {
  /** The backup read (absolute path). */
  file: string;
  /** The database replaced (absolute path). */
  database: string;
  bytes: number;
  /** The backup's schema version, and the migrations applied to bring it to this version's. */
  migration: string;
  migrated: string[];
  /** Where the database that was there before is kept, if there was one. */
  previous: string | null;
  durationMs: number;
}

/** The first 16 bytes of every SQLite 3 database file. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Pages copied per step of a backup; between steps the process's event loop runs. 64 pages of 16 KB
 * are 1 MB, a millisecond or so of copying: a server sharing the process (tests) keeps answering.
 */
const PAGES_PER_STEP = 64;

const MIGRATIONS_TABLE = 'kysely_migration';

function exists(file: string): boolean {
  return fs.existsSync(file);
}

function sameFile(a: string, b: string): boolean {
  try {
    const sa = fs.statSync(a);
    const sb = fs.statSync(b);
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return path.resolve(a) === path.resolve(b);
  }
}

function tempBeside(file: string, what: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${what}-${process.pid}-${randomBytes(4).toString('hex')}`);
}

function removeQuietly(file: string): void {
  fs.rmSync(file, { force: true });
}

function removeWithSidecars(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) removeQuietly(file + suffix);
}

/** Makes a file's content (or a directory's entries) durable; a no-op where the OS cannot (Windows directories). */
function fsync(file: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    fs.fsyncSync(fd);
  } catch {
    /* not supported for directories on some systems */
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function sqliteCode(error: unknown): string | null {
  return error instanceof SQLite.SqliteError ? error.code : null;
}

function readMagic(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

function isSqliteFile(file: string): boolean {
  return readMagic(file).equals(SQLITE_MAGIC);
}

/** The names in a database's migrations table, in order; throws BackupError when it is not a Facturier database. */
function migrationNames(sqlite: SQLite.Database, label: string): string[] {
  const table = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(MIGRATIONS_TABLE);
  if (!table) throw new BackupError(`${label} is a SQLite database but not a Facturier one (it has no ${MIGRATIONS_TABLE} table)`);
  const names = (sqlite.prepare(`select name from ${MIGRATIONS_TABLE} order by name`).all() as { name: string }[]).map((r) => r.name);
  if (names.length === 0)
    throw new BackupError(`${label} is a Facturier database that was never migrated (its ${MIGRATIONS_TABLE} table is empty)`);
  return names;
}

function describeSqliteFailure(error: unknown, label: string): BackupError | null {
  switch (sqliteCode(error)) {
    case 'SQLITE_NOTADB':
      return new BackupError(`${label} is not a SQLite database`);
    case 'SQLITE_CORRUPT':
      return new BackupError(`${label} is damaged: ${(error as Error).message}`);
    case 'SQLITE_BUSY':
      return new BackupError(`${label} stayed locked by another connection for 5 s; try again`);
    case 'SQLITE_CANTOPEN':
      return new BackupError(`${label} cannot be opened: ${(error as Error).message}`);
    default:
      return null;
  }
}

/**
 * Runs a backup or a restore; a failure of the file system or of SQLite (disk full, permission
 * denied…) becomes a BackupError that says what failed, instead of a stack trace.
 */
async function explained<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code =
      error instanceof SQLite.SqliteError || (error instanceof Error && 'errno' in error) ? (error as { code?: string }).code : undefined;
    if (code) throw new BackupError(`${what} failed: ${(error as Error).message}`);
    throw error;
  }
}

/**
 * Writes a consistent copy of the SQLite database `databaseFile` to `backupFile` while other
 * connections (the server) keep reading and writing it. Refuses to replace an existing `backupFile`
 * unless `force`.
 */
export async function backupSqlite(databaseFile: string, backupFile: string, options: { force?: boolean } = {}): Promise<BackupReport> {
  return explained(`Backup of ${path.resolve(databaseFile)} to ${path.resolve(backupFile)}`, () =>
    backup(databaseFile, backupFile, options),
  );
}

async function backup(databaseFile: string, backupFile: string, options: { force?: boolean }): Promise<BackupReport> {
  const started = performance.now();
  const database = path.resolve(databaseFile);
  const file = path.resolve(backupFile);
  if (!exists(database)) throw new BackupError(`No database at ${database} (DATABASE_URL): nothing to back up`);
  const replaced = exists(file);
  if (replaced && fs.statSync(file).isDirectory()) throw new BackupError(`${file} is a directory: give a file name`);
  if (replaced && sameFile(database, file)) throw new BackupError(`${file} is the database itself: choose another backup file`);
  if (replaced && !options.force) throw new BackupError(`${file} already exists: choose another name, or pass --force to replace it`);
  const dir = path.dirname(file);
  if (!exists(dir) || !fs.statSync(dir).isDirectory()) throw new BackupError(`Directory ${dir} does not exist`);
  if (!isSqliteFile(database)) throw new BackupError(`${database} (DATABASE_URL) is not a SQLite database`);

  const temp = tempBeside(file, 'backup');
  const source = new SQLite(database, { fileMustExist: true });
  let migration: string;
  let pageSize: number;
  try {
    source.pragma('busy_timeout = 5000');
    // The read transaction starts at the first read and holds this snapshot until COMMIT.
    source.exec('BEGIN');
    migration = migrationNames(source, database).at(-1)!;
    pageSize = source.pragma('page_size', { simple: true }) as number;
    await source.backup(temp, { progress: () => PAGES_PER_STEP });
    source.exec('COMMIT');
  } catch (error) {
    removeWithSidecars(temp);
    throw describeSqliteFailure(error, database) ?? error;
  } finally {
    source.close();
  }

  try {
    // A self-contained file: no write-ahead log beside it, whatever mode the database was in.
    const copy = new SQLite(temp, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    fsync(temp);
    if (options.force) {
      fs.renameSync(temp, file);
    } else {
      // Fails if FILE appeared meanwhile: never replace a file without --force.
      try {
        linkOrCopy(temp, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new BackupError(`${file} already exists: choose another name, or pass --force to replace it`);
        throw error;
      }
      removeQuietly(temp);
    }
    fsync(dir);
  } finally {
    removeWithSidecars(temp);
  }
  const bytes = fs.statSync(file).size;
  return {
    database,
    file,
    bytes,
    pages: Math.round(bytes / pageSize),
    pageSize,
    migration,
    replaced,
    durationMs: Math.round(performance.now() - started),
  };
}

/**
 * Holds the database at `file` against every other connection, without writing to it: in exclusive
 * locking mode a connection takes the database file's exclusive lock and keeps it until it closes,
 * and no other connection can have the file open meanwhile (in WAL mode each holds a shared lock on
 * it for as long as it is open, idle or not). Answers null when `file` is not a SQLite database
 * (nothing can be using it).
 */
function holdUnused(file: string): SQLite.Database | null {
  if (!isSqliteFile(file)) return null;
  const sqlite = new SQLite(file, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 0');
    sqlite.pragma('locking_mode = EXCLUSIVE');
    sqlite.exec('BEGIN EXCLUSIVE');
    sqlite.exec('ROLLBACK');
    return sqlite;
  } catch (error) {
    sqlite.close();
    if (sqliteCode(error) === 'SQLITE_BUSY' || sqliteCode(error) === 'SQLITE_LOCKED') {
      throw new BackupError(
        `${file} (DATABASE_URL) is in use by another process (a running server, or another facturier command): ` +
          'stop it first. --force does not override this: a running server would go on writing into the replaced database.',
      );
    }
    if (sqliteCode(error) === 'SQLITE_NOTADB' || sqliteCode(error) === 'SQLITE_CORRUPT') return null;
    throw error;
  }
}

/** A second name for `from` (no copy where the file system has hard links); fails if `to` exists. */
function linkOrCopy(from: string, to: string): void {
  try {
    fs.linkSync(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw error;
    fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
  }
}

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/**
 * Replaces the SQLite database `databaseFile` with the backup `backupFile`, migrated to the latest
 * schema. Refuses a file that is not a Facturier SQLite database, a database in use by another
 * connection, and an existing database unless `force`.
 */
export async function restoreSqlite(backupFile: string, databaseFile: string, options: { force?: boolean } = {}): Promise<RestoreReport> {
  return explained(`Restore of ${path.resolve(backupFile)} into ${path.resolve(databaseFile)}`, () =>
    restore(backupFile, databaseFile, options),
  );
}

async function restore(backupFile: string, databaseFile: string, options: { force?: boolean }): Promise<RestoreReport> {
  const started = performance.now();
  const file = path.resolve(backupFile);
  const database = path.resolve(databaseFile);
  if (!exists(file)) throw new BackupError(`No such file: ${file}`);
  if (!fs.statSync(file).isFile()) throw new BackupError(`${file} is not a file`);
  if (!isSqliteFile(file))
    throw new BackupError(`${file} is not a SQLite database (a Facturier backup is one, made by \`facturier backup\`)`);
  const wal = `${file}-wal`;
  if (exists(wal) && fs.statSync(wal).size > 0) {
    throw new BackupError(
      `${file} has a write-ahead log beside it (${wal}): it is in use, or was not closed cleanly, and the file alone misses what the log holds. ` +
        'Make backups with `facturier backup`.',
    );
  }
  const hadDatabase = exists(database);
  if (hadDatabase && sameFile(file, database)) throw new BackupError(`${file} is the database itself (DATABASE_URL): nothing to restore`);
  const dir = path.dirname(database);
  if (!exists(dir) || !fs.statSync(dir).isDirectory()) throw new BackupError(`Directory ${dir} of DATABASE_URL does not exist`);
  if (hadDatabase) {
    // Checked before anything is copied, then again (and held) for the swap.
    holdUnused(database)?.close();
    if (!options.force) {
      throw new BackupError(
        `${database} (DATABASE_URL) already exists: pass --force to replace it with ${file} ` +
          '(the database replaced is kept beside it, named .replaced-<time>)',
      );
    }
  }

  const temp = tempBeside(database, 'restore');
  let migration: string;
  let migrated: string[];
  let previous: string | null = null;
  try {
    fs.copyFileSync(file, temp, fs.constants.COPYFILE_EXCL);
    const check = new SQLite(temp, { fileMustExist: true });
    try {
      const problems = check.pragma('quick_check', { simple: false }) as { quick_check: string }[];
      if (problems.length !== 1 || problems[0].quick_check !== 'ok') {
        throw new BackupError(
          `${file} is damaged: ${problems
            .slice(0, 3)
            .map((p) => p.quick_check)
            .join('; ')}`,
        );
      }
      const names = migrationNames(check, file);
      const known = new Set(migrations.map((m) => m.name));
      const unknown = names.filter((n) => !known.has(n));
      if (unknown.length) {
        throw new BackupError(
          `${file} was made by a newer version of Facturier (migrations unknown to this one: ${unknown.join(', ')}): upgrade first`,
        );
      }
      migration = names.at(-1)!;
    } catch (error) {
      throw describeSqliteFailure(error, file) ?? error;
    } finally {
      check.close();
    }
    // Migrated before the swap: if a migration fails, the database in place is untouched.
    const db = openDatabase({ dialect: 'sqlite', file: temp });
    try {
      migrated = await migrateToLatest(db);
    } finally {
      await db.close();
    }
    const single = new SQLite(temp, { fileMustExist: true });
    try {
      single.pragma('journal_mode = DELETE');
    } finally {
      single.close();
    }
    fsync(temp);

    const held = hadDatabase ? holdUnused(database) : null;
    try {
      if (held) {
        // The database replaced is kept whole: its write-ahead log folded into it.
        held.pragma('journal_mode = DELETE');
      }
      if (hadDatabase) {
        previous = `${database}.replaced-${timestamp()}`;
        linkOrCopy(database, previous);
      } else {
        for (const suffix of ['-wal', '-shm', '-journal']) removeQuietly(database + suffix);
      }
      fs.renameSync(temp, database);
    } finally {
      held?.close();
    }
    // Whatever log or shared-memory file is left beside the name belonged to the old database.
    for (const suffix of ['-wal', '-shm', '-journal']) removeQuietly(database + suffix);
    fsync(dir);
  } finally {
    removeWithSidecars(temp);
  }
  return {
    file,
    database,
    bytes: fs.statSync(database).size,
    migration,
    migrated,
    previous,
    durationMs: Math.round(performance.now() - started),
  };
}
