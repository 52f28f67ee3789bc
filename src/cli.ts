// Entry point: `facturier serve | worker | migrate | accounts create | keys create|list|revoke|regenerate |
// audit verify | backup | restore | export`.
import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app.js';
import { serveMetrics } from './http/metrics.js';
import { ConfigError, loadConfig, publicBaseUrl, type Config, type DatabaseConfig } from './config.js';
import { EXPORT_USAGE, exportCommand } from './cli-export.js';
import { SANDBOX_HELP, SANDBOX_USAGE, sandboxCommand } from './cli-sandbox.js';
import { BackupError, backupSqlite, restoreSqlite } from './db/backup.js';
import { openDatabase, type Db } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { AppError } from './errors.js';
import { collectStartupGarbage } from './memory.js';
import { countAccounts } from './modules/accounts/index.js';
import * as accounts from './modules/accounts/index.js';
import { loadKeyring, type Keyring } from './modules/audit/index.js';
import * as users from './modules/users/index.js';
import { openAuditTrail, sealingKeyIds, verifyAuditTrail, type ChainProblem, type ChainReport } from './modules/sales/index.js';
import { appliedMigrations, databaseInfo, describeLocation, sqliteFileMissing } from './db/info.js';
import { VERSION } from './version.js';

const USAGE = `Usage:
  facturier serve                       migrate the database, then serve the API (and run the
                                        outbox worker: webhooks, e-mails; OUTBOX_WORKER=off to not)
  facturier worker                      run the outbox worker alone (deliver webhooks and e-mails),
                                        without serving; several may run on one PostgreSQL database
  facturier migrate                     apply pending database migrations
  facturier db info [--json]            which database, its schema version and row counts
  facturier accounts create --name NAME [--json]
  facturier accounts list [--json]
  facturier keys create --account N [--name NAME] [--json]
  facturier keys list --account N [--json]
  facturier keys revoke --account N --key ID
  facturier keys regenerate --account N --key ID [--json]
  facturier users create --account N --email EMAIL [--profile Admin|Standard|Accountant]
                         [--first-name NAME] [--last-name NAME] [--json]
                                        a console user, invited: prints a one-time sign-in link
  facturier users list --account N [--json]
  facturier users reset-password --email EMAIL [--json]
                                        the password stops working, sessions end; prints a
                                        one-time sign-in link to choose a new one
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
${EXPORT_USAGE}
${SANDBOX_USAGE}

  facturier --version                   print the version
  facturier COMMAND --help              help of one command (nothing is done)

Configuration comes from the environment: PORT, HOST, DATABASE_URL, PUBLIC_URL, LOG_LEVEL,
TRUST_PROXY, AUDIT_KEY or AUDIT_KEY_FILE, METRICS_TOKEN or METRICS_PORT, SMTP_URL, MAIL_FROM,
WEBHOOK_ALLOW_PRIVATE, ADMIN_EMAIL, COOKIE_SECURE, SESSION_IDLE_MINUTES, SESSION_MAX_HOURS (see README.md).
Exit codes: 0 success, 1 failure, 2 configuration or database problem, 3 broken audit trail,
64 bad usage. Details: docs/cli.md.`;

const ENV_NOTE = 'Reads DATABASE_URL (default sqlite:./data/facturier.db); see README.md, "Configuration".';

/** `facturier COMMAND [SUB] --help`: what the command does; printing it does nothing else. */
const HELP: Record<string, string> = {
  'pa-sandbox': SANDBOX_HELP,
  serve: `Usage: facturier serve

Applies pending migrations, then serves the API on HOST:PORT (default 127.0.0.1:8080). On an
empty database it creates the account "My company" and prints its first API key, once, after the
server listens. Stops on SIGINT/SIGTERM. With METRICS_PORT, also serves /metrics on that port.
${ENV_NOTE}`,
  migrate: `Usage: facturier migrate

Applies the pending migrations of DATABASE_URL (creating a SQLite database if there is none), and
seals the audit chains of a database made by an earlier version with the audit key.
${ENV_NOTE}`,
  db: `Usage: facturier db info [--json]

  info     which database DATABASE_URL names (password hidden), its schema version (last migration
           applied), pending migrations and row counts. Never creates or changes a database: exit 2
           with "no database at …" when there is none.`,
  'db info': `Usage: facturier db info [--json]

Prints which database DATABASE_URL names (password hidden), its schema version (the last migration
applied), the migrations pending for this version, and row counts (accounts, customers, invoices…).
Read-only: never creates or changes a database; exit 2 with "no database at …" when there is none.
${ENV_NOTE}`,
  accounts: `Usage: facturier accounts create --name NAME [--json]
       facturier accounts list [--json]

  create   creates an account and its first API key, printed once
  list     lists the accounts (id, name, creation, active keys); read-only`,
  'accounts create': `Usage: facturier accounts create --name NAME [--json]

Creates an account (migrating the database first) and its first API key "Default", printed once.
--json prints {"accountId", "apiKey"}.
${ENV_NOTE}`,
  'accounts list': `Usage: facturier accounts list [--json]

Lists the accounts: id, name, creation date and number of active API keys. Read-only: exit 2 with
"no database at …" when DATABASE_URL names no database.
${ENV_NOTE}`,
  keys: `Usage: facturier keys create --account N [--name NAME] [--json]
       facturier keys list --account N [--json]
       facturier keys revoke --account N --key ID
       facturier keys regenerate --account N --key ID [--json]

API keys of an account. A new key is printed once; only its hash is stored.`,
  'keys create': `Usage: facturier keys create --account N [--name NAME] [--json]

Creates an API key for account N (name "Default" unless --name) and prints it once.`,
  'keys list': `Usage: facturier keys list --account N [--json]

Lists the keys of account N: id, name, prefix, created, last used, revoked. Keys themselves are
never shown (only their hash is stored). Read-only.`,
  'keys revoke': `Usage: facturier keys revoke --account N --key ID

Revokes key ID of account N: requests with it get 401 from then on.`,
  'keys regenerate': `Usage: facturier keys regenerate --account N --key ID [--json]

Revokes key ID and creates a new key with the same name, printed once.`,
  audit: `Usage: facturier audit verify [--account N] [--json]

Verifies the audit trail of sale documents (docs/audit.md). Exit 3 when something does not hold.`,
  'audit verify': `Usage: facturier audit verify [--account N] [--json]

Verifies the audit trail of sale documents: every entry authentic under the audit key (AUDIT_KEY
or AUDIT_KEY_FILE), chained, and every finalized document as sealed. Names the document and the
field that differ. Exit 3 when something does not hold; exit 2 with "no database at …" when
DATABASE_URL names no database.`,
  backup: `Usage: facturier backup FILE [--force] [--json]

Consistent copy of the live SQLite database into FILE while the server runs (SQLite's online
backup). An existing FILE is replaced only with --force. On PostgreSQL: prints the pg_dump command
and exits 2.`,
  restore: `Usage: facturier restore FILE [--force] [--json]

Replaces the SQLite database with the backup FILE, then migrates it. The server must be stopped;
an existing database is replaced only with --force (and kept beside it). On PostgreSQL: prints the
pg_restore commands and exits 2.`,
};

/** The help of the command named by argv (its words before the first option), or null for an unknown one. */
export function helpFor(argv: string[]): string | null {
  const words = argv.filter((a) => !a.startsWith('-'));
  if (!words.length) return USAGE;
  return HELP[words.slice(0, 2).join(' ')] ?? HELP[words[0]] ?? null;
}

/** A read-only command aimed at a database that does not exist (exit 2). */
class NoDatabaseError extends Error {}

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
  /** stderr is a terminal (progress bars are drawn only there). */
  isTTY?: boolean;
}

function positiveInt(value: string | undefined, flag: string): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 2147483647) {
    throw new UsageError(`${flag} must be a positive integer`);
  }
  return Number(value);
}

async function withDb<T>(config: Config, run: (db: Db) => Promise<T>, options: { existing?: boolean; migrate?: boolean } = {}): Promise<T> {
  // Commands that read or change an existing database never create one where DATABASE_URL points.
  const missing = () =>
    new NoDatabaseError(
      `no database at ${describeLocation(config.database)}: check DATABASE_URL, or create one with \`facturier migrate\``,
    );
  if (options.existing && sqliteFileMissing(config.database)) throw missing();
  const db = openDatabase(config.database);
  try {
    if (options.existing && (await appliedMigrations(db)) === null) throw missing();
    if (options.migrate !== false) await migrateToLatest(db);
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

/** A one-time sign-in link of the console (the token in the fragment never reaches a server log). */
export function signInLink(config: Config, token: string): string {
  return `${publicBaseUrl(config)}/console/#/link/${token}`;
}

/** After SIGTERM or SIGINT, how long requests in flight get to finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 5_000;
/**
 * The bound of a shutdown: by then the process has exited, whatever still runs (exit code 1 when
 * something did). Above the grace period by the time to stop the worker threads and the database.
 */
export const SHUTDOWN_DEADLINE_MS = 8_000;

/**
 * Stops a serving process within SHUTDOWN_DEADLINE_MS (docs/operations.md, "Stopping"): the
 * listener closes at once (no new connection), a keep-alive connection closes as soon as it has no
 * request in flight, requests still running after SHUTDOWN_GRACE_MS lose their connection; the app's
 * close then stops the outbox worker (its current round) and the worker threads (a task still
 * running is aborted), and the database is closed. Resolves with the exit code.
 */
async function shutDown(
  app: Awaited<ReturnType<typeof buildApp>>,
  db: { close(): Promise<void> },
  metrics: { close(): Promise<void> } | undefined,
): Promise<number> {
  const server = app.server;
  const sweep = setInterval(() => {
    server.closeIdleConnections();
  }, 100);
  const cut = setTimeout(() => {
    app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown: closing the connections of requests still in flight');
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  try {
    await Promise.all([metrics?.close(), app.close()]);
    await db.close();
    return 0;
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    return 1;
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}

async function serve(config: Config, io: CliIo): Promise<void> {
  const db = openDatabase(config.database);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let metrics: { close(): Promise<void> } | undefined;
  try {
    const applied = await migrateToLatest(db);
    app = await buildApp(config, db, { startOutboxWorker: config.outboxWorker === 'on' });
    installProcessGuards(app.log);
    if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
    // Start-up's garbage collected (and its pages returned) before the first request (memory.ts).
    await app.ready();
    collectStartupGarbage();
    await app.listen({ port: config.port, host: config.host });
    if (config.metricsPort !== null) metrics = await serveMetrics(app, config.metricsHost, config.metricsPort);
  } catch (error) {
    // Nothing must keep the process alive after a failed start (a busy port, an unreachable database).
    await app?.close();
    await db.close();
    throw error;
  }
  // The first key is printed once the server answers: a failed start never shows a key nobody can use.
  if ((await countAccounts(db.kysely)) === 0) {
    const created = await accounts.createAccount(db, 'My company');
    const admin = await users.createUser(db, { accountId: created.accountId, email: config.console.adminEmail, profile: 'Admin' });
    const base = publicBaseUrl(config, app.server.address());
    io.stdout(
      `\nCreated account "My company" (id ${created.accountId}). Its first API key, shown only this once:\n\n` +
        `  ${created.apiKey}\n\nTry it:\n\n  curl -H "x-api-key: ${created.apiKey}" ${base}/hello\n\n` +
        `Web console: sign in as ${admin.user.email} (Admin) with this one-time link, valid ${users.LINK_HOURS} hours, ` +
        `then choose a password:\n\n  ${base}/console/#/link/${admin.linkToken!}\n\n`,
    );
  }
  const running = app;
  const shutdown = async (signal: string) => {
    running.log.info({ signal, graceMs: SHUTDOWN_GRACE_MS, deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutting down');
    // Whatever hangs (a database that does not answer, a stuck delivery), the process ends in time.
    setTimeout(() => {
      running.log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed: exiting with work unfinished');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    const code = await shutDown(running, db, metrics);
    running.log.info({ signal, code }, 'shut down');
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

/**
 * The outbox worker without the HTTP server: the same app (routes registered, never listening), so
 * the worker knows every document kind that can be sent. Stops after its current round on SIGINT or
 * SIGTERM; an attempt cut short by a kill is delivered again once its lease expires (at least once).
 */
async function worker(config: Config): Promise<void> {
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const app = await buildApp(config, db, { startOutboxWorker: true });
  installProcessGuards(app.log);
  app.log.info({ pid: process.pid }, 'outbox worker started');
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      app.log.info({ signal }, 'outbox worker stopping');
      resolve();
    };
    process.once('SIGINT', () => {
      stop('SIGINT');
    });
    process.once('SIGTERM', () => {
      stop('SIGTERM');
    });
    // The loop's timers are unref'd: this one keeps the process alive until a signal.
    setInterval(() => undefined, 1 << 30);
  });
  await app.close();
  app.log.info({ handled: app.outbox.handled }, 'outbox worker stopped');
  await db.close();
  process.exit(0);
}

/** Runs a command; resolves to an exit code when it is not 0. */
async function main(argv: string[], io: CliIo): Promise<number | undefined> {
  const [command, sub, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.stdout(`${USAGE}\n`);
    return;
  }
  if (command === '--version' || command === '-V' || command === 'version') {
    io.stdout(`facturier ${VERSION}\n`);
    return;
  }
  // --help anywhere: the command's help, and nothing done.
  if (argv.includes('--help') || argv.includes('-h')) {
    const help = helpFor(argv);
    if (help === null) throw new UsageError(`unknown command "${argv.filter((a) => !a.startsWith('-')).join(' ')}"`);
    io.stdout(`${help}\n`);
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
        email: { type: 'string' },
        profile: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        json: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;

  switch (command) {
    case 'serve':
      await serve(config, io);
      return undefined;
    case 'worker':
      await worker(config);
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
    case 'db': {
      if (sub !== 'info') throw new UsageError(`unknown db command "${sub ?? ''}"`);
      const v = args(rest);
      const info = await withDb(config, (db) => databaseInfo(db, config.database), { existing: true, migrate: false });
      const counts = Object.entries(info.counts)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
      out(
        v.json,
        info,
        [
          `Database: ${info.dialect} ${info.location}`,
          `Schema version: ${info.schemaVersion ?? 'none'} (${info.applied} migrations applied)`,
          info.pending.length ? `Pending: ${info.pending.join(', ')} (run facturier migrate)` : 'Pending: none',
          ...(info.unknown.length ? [`Unknown to this version (made by a newer one): ${info.unknown.join(', ')}`] : []),
          `Rows: ${counts || 'none'}`,
        ].join('\n'),
      );
      return;
    }
    case 'accounts': {
      if (sub === 'list') {
        const v = args(rest);
        const list = await withDb(config, (db) => accounts.listAccounts(db.kysely), { existing: true, migrate: false });
        out(
          v.json,
          list,
          list.map((a) => `${a.id}\t${a.name}\tcreated ${a.createdAt}\t${a.activeKeys} active key(s)`).join('\n') || 'No accounts',
        );
        return;
      }
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
      if (!['create', 'list', 'revoke', 'regenerate'].includes(sub ?? '')) throw new UsageError(`unknown keys command "${sub ?? ''}"`);
      await withDb(
        config,
        async (db) => {
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
        },
        { existing: true },
      );
      return;
    }
    case 'users': {
      const v = args(rest);
      await withDb(config, async (db) => {
        switch (sub) {
          case 'create': {
            const accountId = positiveInt(v.account, '--account');
            if (!v.email) throw new UsageError('--email is required');
            const profile = (v.profile ?? 'Standard') as users.Profile;
            if (!users.PROFILES.includes(profile)) throw new UsageError(`--profile must be one of ${users.PROFILES.join(', ')}`);
            const { user, linkToken } = await users.createUser(db, {
              accountId,
              email: v.email,
              profile,
              firstName: v['first-name'] ?? null,
              lastName: v['last-name'] ?? null,
            });
            const link = signInLink(config, linkToken!);
            out(
              v.json,
              { accountId, userId: user.id, email: user.email, profile: user.profile, status: user.status, signInLink: link },
              `Created user ${user.id} ${user.email} (${user.profile}). One-time sign-in link, valid ${users.LINK_HOURS} hours:\n  ${link}`,
            );
            return;
          }
          case 'list': {
            const accountId = positiveInt(v.account, '--account');
            const list = await users.listUsers(db, accountId);
            const rows = list.map((u) => ({
              userId: u.id,
              email: u.email,
              firstName: u.firstName,
              lastName: u.lastName,
              profile: u.profile,
              status: u.status,
              createdAt: u.createdAt,
            }));
            out(
              v.json,
              rows,
              rows.map((u) => `${u.userId}\t${u.email}\t${u.profile}\t${u.status}\tcreated ${u.createdAt}`).join('\n') || 'No users',
            );
            return;
          }
          case 'reset-password': {
            if (!v.email) throw new UsageError('--email is required');
            const { user, linkToken } = await users.resetPassword(db, v.email);
            const link = signInLink(config, linkToken);
            out(
              v.json,
              { userId: user.id, email: user.email, signInLink: link },
              `Password of ${user.email} reset; its sessions are closed. One-time sign-in link, valid ${users.LINK_HOURS} hours:\n  ${link}`,
            );
            return;
          }
          default:
            throw new UsageError(`unknown users command "${sub ?? ''}"`);
        }
      });
      return;
    }
    case 'audit': {
      if (sub !== 'verify') throw new UsageError(`unknown audit command "${sub ?? ''}"`);
      const v = args(rest);
      const accountId = v.account === undefined ? undefined : positiveInt(v.account, '--account');
      const reports = await withDb(config, async (db) => verifyAuditTrail(db.kysely, await verificationKeys(config, db), accountId), {
        existing: true,
      });
      const intact = reports.every((r) => r.ok);
      out(v.json, { ok: intact, chains: reports }, reports.map(describeReport).join('\n') || 'No accounts');
      return intact ? 0 : EXIT_CHAIN_BROKEN;
    }
    case 'backup':
    case 'restore':
      await backupOrRestore(command, config, argv.slice(1), io);
      return;
    case 'export':
      await exportCommand(config, argv.slice(1), io, (message) => new UsageError(message));
      return;
    case 'pa-sandbox':
      await sandboxCommand(argv.slice(1), io, (message) => new UsageError(message));
      return;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);
const PG_CONNECT: Record<string, string> = {
  '28P01': 'password authentication failed',
  '28000': 'the server refused this user',
  '3D000': 'the database does not exist',
  '57P03': 'the server is starting up or shutting down',
};

/** One line, with the fix, for the failures a person meets first; null for anything else. */
export function friendlyError(error: unknown, env: NodeJS.ProcessEnv): { message: string; code: number } | null {
  if (!(error instanceof Error)) return null;
  const e = error as Error & { code?: string; port?: number; address?: string; syscall?: string; path?: string; errors?: unknown[] };
  const code = e.code ?? (e.errors?.[0] as { code?: string } | undefined)?.code;
  let where = 'DATABASE_URL';
  try {
    where = describeLocation(loadConfig(env).database);
  } catch {
    // The configuration error itself is reported elsewhere.
  }
  if (code === 'EADDRINUSE')
    return {
      message: `Port ${e.port ?? env.PORT ?? 8080} on ${e.address ?? env.HOST ?? '127.0.0.1'} is already in use: stop the process that uses it, or set PORT to a free port`,
      code: 1,
    };
  if (code === 'EACCES' && e.syscall === 'listen')
    return { message: `Not allowed to listen on port ${e.port ?? env.PORT}: use a port above 1023, or set HOST/PORT`, code: 1 };
  if (code === 'EADDRNOTAVAIL' && e.syscall === 'listen')
    return { message: `HOST ${e.address ?? env.HOST} is not an address of this machine: set HOST (e.g. 127.0.0.1 or 0.0.0.0)`, code: 1 };
  if (code && UNREACHABLE.has(code))
    return { message: `Cannot reach the database at ${where} (${code}): start PostgreSQL, or fix DATABASE_URL`, code: 2 };
  if (code && PG_CONNECT[code]) return { message: `Cannot use the database at ${where}: ${PG_CONNECT[code]}; fix DATABASE_URL`, code: 2 };
  if (code === 'SQLITE_CANTOPEN')
    return { message: `Cannot open the SQLite database at ${where}: check that its directory exists and is writable`, code: 2 };
  if (code === 'ENOENT') return { message: `File not found: ${e.path ?? e.message}: check the path`, code: 1 };
  return null;
}

/** Runs one CLI command; resolves to the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    return (await main(argv, io)) ?? 0;
  } catch (error: unknown) {
    if (error instanceof NoDatabaseError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
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
    const friendly = friendlyError(error, io.env);
    if (friendly) {
      io.stderr(`${friendly.message}\n`);
      return friendly.code;
    }
    io.stderr(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}
