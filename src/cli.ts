// Entry point: `facturier serve | migrate | accounts create | keys create|list|revoke|regenerate |
// audit verify | backup | restore`.
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config, type DatabaseConfig } from './config.js';
import { BackupError, backupSqlite, restoreSqlite } from './db/backup.js';
import { openDatabase, type Db } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { AppError } from './errors.js';
import { countAccounts } from './modules/accounts/index.js';
import * as accounts from './modules/accounts/index.js';
import { loadKeyring, type Keyring } from './modules/audit/index.js';
import { openAuditTrail, sealingKeyIds, verifyAuditTrail, type ChainProblem, type ChainReport } from './modules/sales/index.js';

const USAGE = `Usage:
  facturier serve                       migrate the database, then serve the API
  facturier migrate                     apply pending database migrations
  facturier accounts create --name NAME [--json]
  facturier keys create --account N [--name NAME] [--json]
  facturier keys list --account N [--json]
  facturier keys revoke --account N --key ID
  facturier keys regenerate --account N --key ID [--json]
  facturier audit verify [--account N] [--json]
                                        verify the audit trail of sale documents (every entry
                                        authentic under the audit key, chained, and every document
                                        as sealed); exit code 3 when something does not hold
  facturier backup FILE [--force] [--json]
                                        consistent copy of the SQLite database while the server
                                        runs; an existing FILE is replaced only with --force
  facturier restore FILE [--force] [--json]
                                        replace the SQLite database with the backup FILE, then
                                        migrate it; the server must be stopped, and an existing
                                        database is replaced only with --force

Configuration comes from the environment: PORT, HOST, DATABASE_URL, PUBLIC_URL, LOG_LEVEL,
AUDIT_KEY or AUDIT_KEY_FILE (see README.md).`;

class UsageError extends Error {}

/** A command that the configured database cannot run (exit code 2, like a bad configuration). */
class UnsupportedDatabaseError extends Error {}

/** Exit code of `audit verify` when a chain is broken. */
export const EXIT_CHAIN_BROKEN = 3;

/**
 * The keys `audit verify` needs: those of the configuration, never created here. A database that no
 * key has sealed yet (its server has not started since the upgrade) verifies without one (its
 * first, unkeyed chains). A key that sealed none of the chains is a configuration error (exit 2),
 * not a broken chain: either it is the wrong key, or the whole trail was rewritten with another one.
 */
async function verificationKeys(config: Config, db: Db): Promise<Keyring | null> {
  const sealedWith = await sealingKeyIds(db);
  if (!sealedWith.length) {
    try {
      return loadKeyring(config, { create: false }).keyring;
    } catch (error) {
      if (error instanceof ConfigError) return null;
      throw error;
    }
  }
  const { keyring } = loadKeyring(config, { create: false });
  if (!sealedWith.some((id) => keyring.has(id))) {
    throw new ConfigError(
      `The audit key in ${keyring.origin} (id ${keyring.ids().join(', ')}) did not seal this database's audit trail (sealed with key id ${sealedWith.join(', ')}): ` +
        'set AUDIT_KEY or AUDIT_KEY_FILE to the key it was sealed with. If that is the key, the whole trail was rewritten with another key',
    );
  }
  return keyring;
}

const show = (value: string | null) => value ?? 'none';

function describeProblem(p: ChainProblem): string {
  const where =
    p.reason === 'head'
      ? `the chain head does not point at the last ${p.chainIndex === null ? 'document' : 'entry'} (document ${p.documentId ?? '-'}, number ${p.number ?? '-'})`
      : `document ${p.documentId ?? '-'}, number ${p.number ?? '-'}, ${p.reason === 'hash' || p.reason === 'previousHash' ? 'chain index' : 'audit entry'} ${p.chainIndex ?? '-'}`;
  return `${where} (${p.reason}${p.field ? ` ${p.field}` : ''}): expected ${show(p.expected)}, stored ${show(p.stored)}`;
}

function describeReport(r: ChainReport): string {
  const name = `account ${r.accountId} ${r.kind}`;
  if (r.ok) {
    const trail = r.keyed
      ? `, ${r.entries} audit entries, head ${r.head!.seq}:${(r.head!.mac ?? '').slice(0, 16)}`
      : r.documents
        ? ', first-generation chain not sealed with a key yet: start the server or run `facturier migrate`'
        : '';
    return `${name}: OK (${r.documents} finalized${trail})`;
  }
  const [first, ...more] = r.problems;
  const lines = [`${name}: BROKEN at ${describeProblem(first)}`, ...more.map((p) => `  and at ${describeProblem(p)}`)];
  if (r.problemCount > r.problems.length) lines.push(`  and ${r.problemCount - r.problems.length} more problems`);
  return lines.join('\n');
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
        // Chains of the previous version are sealed with the key (created now if it is the first start).
        const audit = await openAuditTrail(config, db);
        if (audit.createdFile) io.stdout(`Created the audit key file ${audit.createdFile}: back it up apart from the database\n`);
        if (audit.sealedChains) io.stdout(`Sealed ${audit.sealedChains} audit chain(s) of the previous version with the audit key\n`);
        if (audit.rotatedChains) io.stdout(`Continued ${audit.rotatedChains} audit chain(s) with the new audit key\n`);
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
      const reports = await withDb(config, async (db) => verifyAuditTrail(db.kysely, await verificationKeys(config, db), accountId));
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
