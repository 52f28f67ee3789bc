// Entry point: `facturier serve | migrate | accounts create | keys create|list|revoke|regenerate`.
import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type Db } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { AppError } from './errors.js';
import { countAccounts } from './modules/accounts/repo.js';
import * as accounts from './modules/accounts/service.js';

const USAGE = `Usage:
  facturier serve                       migrate the database, then serve the API
  facturier migrate                     apply pending database migrations
  facturier accounts create --name NAME [--json]
  facturier keys create --account N [--name NAME] [--json]
  facturier keys list --account N [--json]
  facturier keys revoke --account N --key ID
  facturier keys regenerate --account N --key ID [--json]

Configuration comes from the environment: PORT, HOST, DATABASE_URL, PUBLIC_URL, LOG_LEVEL
(see README.md).`;

class UsageError extends Error {}

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

async function main(argv: string[], io: CliIo): Promise<void> {
  const [command, sub, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.stdout(`${USAGE}\n`);
    return;
  }
  const config = loadConfig(io.env);
  const out = (json: boolean, value: unknown, text: string) => io.stdout(json ? `${JSON.stringify(value)}\n` : `${text}\n`);
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
      return serve(config, io);
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
      out(v.json!, { accountId: created.accountId, apiKey: created.apiKey },
        `Created account ${created.accountId}. API key (shown once): ${created.apiKey}`);
      return;
    }
    case 'keys': {
      const v = args(rest);
      const accountId = positiveInt(v.account, '--account');
      await withDb(config, async (db) => {
        switch (sub) {
          case 'create': {
            const key = await accounts.createApiKey(db, accountId, v.name ?? 'Default');
            out(v.json!, { accountId, keyId: key.id, name: key.name, apiKey: key.apiKey },
              `Created key ${key.id} "${key.name}". API key (shown once): ${key.apiKey}`);
            return;
          }
          case 'list': {
            const keys = await accounts.listApiKeys(db, accountId);
            const text = keys
              .map((k) => `${k.id}\t${k.name}\t${k.prefix}…\tcreated ${k.createdAt}\tlast used ${k.lastUsedAt ?? 'never'}${k.revokedAt ? `\trevoked ${k.revokedAt}` : ''}`)
              .join('\n');
            out(v.json!, keys, text || 'No keys');
            return;
          }
          case 'revoke': {
            const keyId = positiveInt(v.key, '--key');
            await accounts.revokeApiKey(db, accountId, keyId);
            out(v.json!, { revoked: keyId }, `Revoked key ${keyId}`);
            return;
          }
          case 'regenerate': {
            const keyId = positiveInt(v.key, '--key');
            const key = await accounts.regenerateApiKey(db, accountId, keyId);
            out(v.json!, { accountId, keyId: key.id, name: key.name, apiKey: key.apiKey },
              `Revoked key ${keyId}; new key ${key.id} "${key.name}" (shown once): ${key.apiKey}`);
            return;
          }
          default:
            throw new UsageError(`unknown keys command "${sub ?? ''}"`);
        }
      });
      return;
    }
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** Runs one CLI command; resolves to the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    await main(argv, io);
    return 0;
  } catch (error: unknown) {
    if (error instanceof ConfigError) {
      io.stderr(`Configuration error: ${error.message}\n`);
      return 2;
    }
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      io.stderr(`${error.message}\n\n${USAGE}\n`);
      return 64;
    }
    if (error instanceof AppError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    io.stderr(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}
