// Entry point: `facturier serve | migrate | accounts create | keys create|list|revoke|regenerate |
// audit verify | backup | restore`.
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config, type DatabaseConfig } from './config.js';
import { BackupError, backupSqlite, restoreSqlite } from './db/backup.js';
import { openDatabase, type Db } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import type { Database } from './db/schema.js';
import { chainHash } from './domain/audit.js';
import { AppError, NotFoundError } from './errors.js';
import { countAccounts } from './modules/accounts/index.js';
import * as accounts from './modules/accounts/index.js';
import type { DocumentKind } from './modules/sales/index.js';
import { parseData } from './modules/sales/index.js';
import { chainOf } from './modules/sales/index.js';
import { hashedContent } from './modules/sales/index.js';

const USAGE = `Usage:
  facturier serve                       migrate the database, then serve the API
  facturier migrate                     apply pending database migrations
  facturier accounts create --name NAME [--json]
  facturier keys create --account N [--name NAME] [--json]
  facturier keys list --account N [--json]
  facturier keys revoke --account N --key ID
  facturier keys regenerate --account N --key ID [--json]
  facturier audit verify [--account N] [--json]
                                        recompute the hash chain of finalized sale documents;
                                        exit code 3 when a link is broken
  facturier backup FILE [--force] [--json]
                                        consistent copy of the SQLite database while the server
                                        runs; an existing FILE is replaced only with --force
  facturier restore FILE [--force] [--json]
                                        replace the SQLite database with the backup FILE, then
                                        migrate it; the server must be stopped, and an existing
                                        database is replaced only with --force

Configuration comes from the environment: PORT, HOST, DATABASE_URL, PUBLIC_URL, LOG_LEVEL
(see README.md).`;

class UsageError extends Error {}

/** A command that the configured database cannot run (exit code 2, like a bad configuration). */
class UnsupportedDatabaseError extends Error {}

/** Exit code of `audit verify` when a chain is broken. */
export const EXIT_CHAIN_BROKEN = 3;

export interface BrokenLink {
  documentId: number;
  number: string | null;
  chainIndex: number | null;
  /** What is wrong: the content hash, the link to the previous entry, a missing entry, or the head. */
  reason: 'hash' | 'previousHash' | 'missingEntry' | 'head';
  expected: string | null;
  stored: string | null;
}

export interface ChainReport {
  accountId: number;
  kind: DocumentKind;
  /** Finalized documents in the chain. */
  documents: number;
  ok: boolean;
  /** The first broken link, when the chain does not hold. */
  broken: BrokenLink | null;
}

/**
 * Recomputes the inalterability chain of each kind of sale document of each account (or of one),
 * in chain order, and reports the first broken link of each chain: a document whose content no
 * longer gives its hash, whose stored previous hash is not its predecessor's, a missing chain
 * index (a removed document), or a head that does not point at the last document (a removed tail).
 */
export async function verifyAuditChains(db: Kysely<Database>, accountId?: number): Promise<ChainReport[]> {
  let q = db.selectFrom('accounts').select('id').orderBy('id');
  if (accountId !== undefined) q = q.where('id', '=', accountId);
  const ids = (await q.execute()).map((r) => r.id);
  if (accountId !== undefined && ids.length === 0) throw new NotFoundError('Account', accountId);
  const reports: ChainReport[] = [];
  for (const id of ids) {
    for (const kind of ['Invoice', 'Credit'] as const) {
      const rows = await chainOf(db, id, kind);
      let previous: string | null = null;
      let broken: BrokenLink | null = null;
      for (const [i, row] of rows.entries()) {
        const at = { documentId: row.id, number: row.number, chainIndex: row.chainIndex };
        if (row.chainIndex !== i + 1) {
          broken = { ...at, reason: 'missingEntry', expected: `chain index ${i + 1}`, stored: `chain index ${row.chainIndex}` };
          break;
        }
        if (row.previousHash !== previous) {
          broken = { ...at, reason: 'previousHash', expected: previous, stored: row.previousHash };
          break;
        }
        const expected = chainHash(previous, hashedContent(kind, parseData(row)));
        if (expected !== row.hash) {
          broken = { ...at, reason: 'hash', expected, stored: row.hash };
          break;
        }
        previous = row.hash;
      }
      if (!broken) {
        const head = await db
          .selectFrom('documentHeads')
          .select(['chainIndex', 'lastHash'])
          .where('accountId', '=', id)
          .where('kind', '=', kind)
          .executeTakeFirst();
        const headIndex = head?.chainIndex ?? 0;
        if (headIndex !== rows.length || (head?.lastHash ?? null) !== previous) {
          const last = rows.at(-1);
          broken = {
            documentId: last?.id ?? 0,
            number: last?.number ?? null,
            chainIndex: last?.chainIndex ?? null,
            reason: 'head',
            expected: `chain index ${rows.length}, hash ${previous ?? 'none'}`,
            stored: `chain index ${headIndex}, hash ${head?.lastHash ?? 'none'}`,
          };
        }
      }
      reports.push({ accountId: id, kind, documents: rows.length, ok: broken === null, broken });
    }
  }
  return reports;
}

function describeReport(r: ChainReport): string {
  const head = `account ${r.accountId} ${r.kind}`;
  if (!r.broken) return `${head}: OK (${r.documents} finalized)`;
  const b = r.broken;
  const where =
    b.reason === 'head'
      ? `the chain head does not point at the last document (document ${b.documentId}, number ${b.number ?? '-'})`
      : `document ${b.documentId}, number ${b.number ?? '-'}, chain index ${b.chainIndex ?? '-'}`;
  return `${head}: BROKEN at ${where} (${b.reason}): expected ${b.expected ?? 'none'}, stored ${b.stored ?? 'none'}`;
}

export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

function positiveInt(value: string | undefined, flag: string): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 2147483647) {
    throw new UsageError(`${flag} must be a positive integer`);
  }
  return Number(value);
}

async function withDb<T>(config: Config, run: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
    return await run(db);
  } finally {
    await db.close();
  }
}

/**
 * Keeps `serve` answering after an exception nobody caught (a library throwing from one of its own
 * callbacks, as PDFKit's PNG decoder did from zlib's) or a promise rejection nobody handled: each
 * is logged at error level with its stack, and the process goes on serving (docs/decisions.md,
 * "Uncaught exceptions"). Such errors come from the work of one request, on data that request
 * owned; exiting would let any of them stop the service for every account. Returns the function
 * that removes the handlers.
 */
export function installProcessGuards(log: Pick<FastifyBaseLogger, 'error'>, target: NodeJS.EventEmitter = process): () => void {
  const onException = (err: unknown, origin: unknown) => {
    log.error({ err, origin }, 'uncaught exception: logged, the server keeps serving');
  };
  const onRejection = (reason: unknown) => {
    log.error({ err: reason }, 'unhandled promise rejection: logged, the server keeps serving');
  };
  target.on('uncaughtException', onException);
  target.on('unhandledRejection', onRejection);
  return () => {
    target.off('uncaughtException', onException);
    target.off('unhandledRejection', onRejection);
  };
}

/** backup/restore on PostgreSQL: the commands to use instead (the URL is not echoed: it may hold a password). */
function postgresProcedure(
  command: 'backup' | 'restore',
  database: Extract<DatabaseConfig, { dialect: 'postgres' }>,
  file: string,
): string {
  // A dump of the schema alone carries its CREATE SCHEMA: the restore needs no --schema.
  const only = database.schema ? ` --schema=${database.schema}` : '';
  const quoted = `'${file.replace(/'/g, `'\\''`)}'`;
  const run =
    command === 'backup'
      ? `pg_dump --format=custom${only} --file=${quoted} "$DATABASE_URL"`
      : `pg_restore --no-owner --single-transaction --dbname="$NEW_DATABASE_URL" ${quoted}`;
  return `facturier ${command} works on a SQLite database; DATABASE_URL is a PostgreSQL one, which PostgreSQL's own tools ${
    command === 'backup' ? 'back up' : 'restore'
  } (README, "Backup and restore"):\n  ${run}${
    command === 'restore' ? '\n(into a new, empty database; then point DATABASE_URL at it and run facturier migrate)' : ''
  }`;
}

async function backupOrRestore(command: 'backup' | 'restore', config: Config, list: string[], io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args: list,
    options: { force: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError(`${command} needs exactly one FILE`);
  const file = positionals[0];
  if (config.database.dialect === 'postgres') throw new UnsupportedDatabaseError(postgresProcedure(command, config.database, file));
  if (config.database.file === ':memory:')
    throw new UnsupportedDatabaseError(`facturier ${command} needs a database file; DATABASE_URL is sqlite::memory:`);
  if (command === 'backup') {
    const r = await backupSqlite(config.database.file, file, { force: values.force });
    io.stdout(
      values.json
        ? `${JSON.stringify(r)}\n`
        : `Backed up ${r.database} to ${r.file}${r.replaced ? ' (replaced)' : ''}: ${r.bytes} bytes (${r.pages} pages of ${r.pageSize}), ` +
            `schema ${r.migration}, in ${r.durationMs} ms\n`,
    );
    return;
  }
  const r = await restoreSqlite(file, config.database.file, { force: values.force });
  io.stdout(
    values.json
      ? `${JSON.stringify(r)}\n`
      : `Restored ${r.file} into ${r.database}: ${r.bytes} bytes, schema ${r.migration}` +
          `${r.migrated.length ? `, then migrated: ${r.migrated.join(', ')}` : ''}, in ${r.durationMs} ms\n` +
          (r.previous ? `The database it replaced is kept as ${r.previous}\n` : '') +
          'Check it with: facturier audit verify\n',
  );
}

async function serve(config: Config, io: CliIo): Promise<void> {
  const db = openDatabase(config.database);
  const applied = await migrateToLatest(db);
  if ((await countAccounts(db.kysely)) === 0) {
    const created = await accounts.createAccount(db, 'My company');
    const base = config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
    io.stdout(
      `\nCreated account "My company" (id ${created.accountId}). Its first API key, shown only this once:\n\n` +
        `  ${created.apiKey}\n\nTry it:\n\n  curl -H "x-api-key: ${created.apiKey}" ${base}/hello\n\n`,
    );
  }
  const app = await buildApp(config, db);
  installProcessGuards(app.log);
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

/** Runs a command; resolves to an exit code when it is not 0. */
async function main(argv: string[], io: CliIo): Promise<number | undefined> {
  const [command, sub, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.stdout(`${USAGE}\n`);
    return;
  }
  const config = loadConfig(io.env);
  const out = (json: boolean, value: unknown, text: string) => {
    io.stdout(json ? `${JSON.stringify(value)}\n` : `${text}\n`);
  };
  const args = (list: string[]) =>
    parseArgs({
      args: list,
      options: {
        name: { type: 'string' },
        account: { type: 'string' },
        key: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;

  switch (command) {
    case 'serve':
      await serve(config, io);
      return undefined;
    case 'migrate': {
      const db = openDatabase(config.database);
      try {
        const names = await migrateToLatest(db);
        io.stdout(names.length ? `Applied: ${names.join(', ')}\n` : 'Database is up to date\n');
      } finally {
        await db.close();
      }
      return;
    }
    case 'accounts': {
      if (sub !== 'create') throw new UsageError(`unknown accounts command "${sub ?? ''}"`);
      const v = args(rest);
      if (!v.name) throw new UsageError('--name is required');
      const created = await withDb(config, (db) => accounts.createAccount(db, v.name!));
      out(
        v.json,
        { accountId: created.accountId, apiKey: created.apiKey },
        `Created account ${created.accountId}. API key (shown once): ${created.apiKey}`,
      );
      return;
    }
    case 'keys': {
      const v = args(rest);
      const accountId = positiveInt(v.account, '--account');
      await withDb(config, async (db) => {
        switch (sub) {
          case 'create': {
            const key = await accounts.createApiKey(db, accountId, v.name ?? 'Default');
            out(
              v.json,
              { accountId, keyId: key.id, name: key.name, apiKey: key.apiKey },
              `Created key ${key.id} "${key.name}". API key (shown once): ${key.apiKey}`,
            );
            return;
          }
          case 'list': {
            const keys = await accounts.listApiKeys(db, accountId);
            const text = keys
              .map(
                (k) =>
                  `${k.id}\t${k.name}\t${k.prefix}…\tcreated ${k.createdAt}\tlast used ${k.lastUsedAt ?? 'never'}${k.revokedAt ? `\trevoked ${k.revokedAt}` : ''}`,
              )
              .join('\n');
            out(v.json, keys, text || 'No keys');
            return;
          }
          case 'revoke': {
            const keyId = positiveInt(v.key, '--key');
            await accounts.revokeApiKey(db, accountId, keyId);
            out(v.json, { revoked: keyId }, `Revoked key ${keyId}`);
            return;
          }
          case 'regenerate': {
            const keyId = positiveInt(v.key, '--key');
            const key = await accounts.regenerateApiKey(db, accountId, keyId);
            out(
              v.json,
              { accountId, keyId: key.id, name: key.name, apiKey: key.apiKey },
              `Revoked key ${keyId}; new key ${key.id} "${key.name}" (shown once): ${key.apiKey}`,
            );
            return;
          }
          default:
            throw new UsageError(`unknown keys command "${sub ?? ''}"`);
        }
      });
      return;
    }
    case 'audit': {
      if (sub !== 'verify') throw new UsageError(`unknown audit command "${sub ?? ''}"`);
      const v = args(rest);
      const accountId = v.account === undefined ? undefined : positiveInt(v.account, '--account');
      const reports = await withDb(config, (db) => verifyAuditChains(db.kysely, accountId));
      const intact = reports.every((r) => r.ok);
      out(v.json, { ok: intact, chains: reports }, reports.map(describeReport).join('\n') || 'No accounts');
      return intact ? 0 : EXIT_CHAIN_BROKEN;
    }
    case 'backup':
    case 'restore':
      await backupOrRestore(command, config, argv.slice(1), io);
      return;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** Runs one CLI command; resolves to the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    return (await main(argv, io)) ?? 0;
  } catch (error: unknown) {
    if (error instanceof ConfigError) {
      io.stderr(`Configuration error: ${error.message}\n`);
      return 2;
    }
    if (error instanceof UnsupportedDatabaseError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      io.stderr(`${error.message}\n\n${USAGE}\n`);
      return 64;
    }
    if (error instanceof AppError || error instanceof BackupError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    io.stderr(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}
