// Builds the app on a fresh database for each suite: SQLite always, PostgreSQL too when
// TEST_PG_URL is set (each suite in its own schema, dropped afterwards, so runs never collide).
// Tests talk to the app only through `inject`, which fails the test on any 5xx.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig, type Config, type DatabaseConfig } from '../../src/config.js';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Migration } from '../../src/db/migrations/helpers.js';
import { migrations as allMigrations } from '../../src/db/migrations/index.js';
import { createAccount } from '../../src/modules/accounts/service.js';
import { WorkerPool } from '../../src/workers/pool.js';
import { loadKeyring, type Keyring } from '../../src/modules/audit/index.js';

/**
 * The audit key of the test apps (AUDIT_KEY), one per test process: PostgreSQL requires one, and a
 * test that verifies the trail needs the key the app sealed it with (ctx.keyring).
 */
export const TEST_AUDIT_KEY = randomBytes(32).toString('hex');

export type DialectName = 'sqlite' | 'postgres';

/** The seller identity test accounts get (settings PUT body): a valid SIRET and its VAT number. */
export const TEST_SELLER_IDENTITY = { company: { siret: '12345678200010', vatNumber: 'FR11123456782' } };

export function dialects(): DialectName[] {
  return process.env.TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestAccount {
  accountId: number;
  apiKey: string;
  headers: Record<string, string>;
}

export interface TestContext {
  dialect: DialectName;
  db: Db;
  app: FastifyInstance;
  config: Config;
  /** The app's worker threads. */
  workers: WorkerPool;
  /** The keys the app seals the audit trail with. */
  keyring: Keyring;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * A new account. Its settings name a seller that can issue conforming e-invoices (SIRET and VAT
   * number: finalization refuses documents that fail EN 16931, e.g. BR-S-02 without a seller VAT
   * number); `{ sellerIdentity: false }` keeps the settings a new account really starts with.
   */
  newAccount(name?: string, options?: { sellerIdentity?: boolean }): Promise<TestAccount>;
}

/**
 * A fresh database of the given dialect, migrated (by default to the latest version; give a prefix
 * of the migrations for a database as an earlier version left it), and a function that disposes of it.
 */
export async function freshDatabase(
  dialect: DialectName,
  migrations: readonly Migration[] = allMigrations,
): Promise<{ config: DatabaseConfig; db: Db; dispose(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const config: DatabaseConfig = { dialect: 'sqlite', file: ':memory:' };
    const db = openDatabase(config);
    await migrateToLatest(db, migrations);
    return { config, db, dispose: () => db.close() };
  }
  const url = process.env.TEST_PG_URL!;
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const config: DatabaseConfig = { dialect: 'postgres', url, schema };
  const db = openDatabase(config);
  await migrateToLatest(db, migrations);
  return {
    config,
    db,
    async dispose() {
      await db.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/**
 * Declares `name` once per dialect; `body` receives a context that is ready inside tests
 * (it is filled in beforeAll).
 */
export function describeEachDb(
  name: string,
  body: (ctx: TestContext) => void,
  env: NodeJS.ProcessEnv = {},
  /** More options for buildApp (the delivery suites' clock, resolver, mail transport), made in beforeAll. */
  buildOptions?: () => BuildOptions | Promise<BuildOptions>,
): void {
  for (const dialect of dialects()) {
    describe(`${name} [${dialect}]`, () => {
      const ctx = { dialect } as TestContext;
      let dispose: () => Promise<void> = async () => {};
      beforeAll(async () => {
        const fresh = await freshDatabase(dialect);
        dispose = fresh.dispose;
        // E-mails a suite sends without its own transport go to files in the temporary directory.
        const mailDir = join(tmpdir(), `facturier-test-mail-${process.pid}`);
        const config = {
          ...loadConfig({ LOG_LEVEL: 'silent', AUDIT_KEY: TEST_AUDIT_KEY, MAIL_DIR: mailDir, ...env }),
          database: fresh.config,
        };
        const workers = new WorkerPool(config.workers);
        const app = await buildApp(config, fresh.db, { ...(await buildOptions?.()), workers });
        Object.assign(ctx, {
          db: fresh.db,
          app,
          config,
          workers,
          keyring: loadKeyring(config, { create: false }).keyring,
          async inject(options: InjectOptions) {
            const response = await app.inject(options);
            if (response.statusCode >= 500 && response.statusCode !== 501 && response.statusCode !== 503) {
              throw new Error(
                `${options.method ?? 'GET'} ${JSON.stringify(options.url)} answered ${response.statusCode}: ${response.body}`,
              );
            }
            return response;
          },
          async newAccount(accountName = `Account ${randomBytes(3).toString('hex')}`, options = {}) {
            const created = await createAccount(fresh.db, accountName);
            const account = { accountId: created.accountId, apiKey: created.apiKey, headers: { 'x-api-key': created.apiKey } };
            if (options.sellerIdentity !== false) {
              const res = await app.inject({ method: 'PUT', url: '/v1/settings', headers: account.headers, payload: TEST_SELLER_IDENTITY });
              if (res.statusCode !== 200) throw new Error(`the test account's seller identity was refused: ${res.body}`);
            }
            return account;
          },
        } satisfies Omit<TestContext, 'dialect'>);
      });
      afterAll(async () => {
        await ctx.app?.close();
        await ctx.workers?.close();
        await dispose();
      });
      body(ctx);
    });
  }
}

/** HTTP calls on one resource collection (`/v1/suppliers`…) as the account `account()` names at call time. */
export function resourceClient(ctx: TestContext, path: string, account: () => TestAccount) {
  return {
    post: (payload: unknown) => ctx.inject({ method: 'POST', url: path, headers: account().headers, payload: payload as object }),
    put: (id: number, payload: unknown) =>
      ctx.inject({ method: 'PUT', url: `${path}/${id}`, headers: account().headers, payload: payload as object }),
    get: (url: string) => ctx.inject({ method: 'GET', url, headers: account().headers }),
    del: (id: number) => ctx.inject({ method: 'DELETE', url: `${path}/${id}`, headers: account().headers }),
  };
}
