// `facturier worker` as separate processes: on PostgreSQL two workers share the deliveries without
// delivering any event twice (FOR UPDATE SKIP LOCKED and leases), and a worker killed while a
// delivery is in flight loses nothing: after its lease expires, another worker delivers the event
// again (at least once; receivers de-duplicate by event id). Real processes, real receiver.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createAccount } from '../../src/modules/accounts/service.js';
import { dialects, freshDatabase, TEST_AUDIT_KEY, type DialectName } from '../helpers/harness.js';
import { startReceiver, type Receiver } from '../helpers/delivery.js';

const ROOT = join(import.meta.dirname, '..', '..');

interface Worker {
  child: ChildProcess;
  /** What the worker reported handling, per stage, when it stopped. */
  handled(): Record<string, number>;
  started: Promise<void>;
  exited: Promise<number | null>;
}

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bin.ts', 'worker'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      AUDIT_KEY: TEST_AUDIT_KEY,
      WEBHOOK_ALLOW_PRIVATE: '1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  const handled = () => {
    const line = stdout.split('\n').find((l) => l.includes('outbox worker stopped'));
    return line ? (JSON.parse(line) as { handled: Record<string, number> }).handled : {};
  };
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const started = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('outbox worker started')) resolve();
    });
    child.once('exit', (code) => {
      reject(new Error(`worker exited (${code}) before starting: ${stderr}${out}`));
    });
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      resolve(code);
    }),
  );
  return { child, handled, started, exited };
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Setup {
  db: Db;
  app: FastifyInstance;
  databaseUrl: string;
  dispose(): Promise<void>;
}

async function setUp(dialect: DialectName): Promise<Setup> {
  if (dialect === 'postgres') {
    const fresh = await freshDatabase('postgres');
    const schema = (fresh.config as { schema: string }).schema;
    const databaseUrl = `${process.env.TEST_PG_URL!}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', AUDIT_KEY: TEST_AUDIT_KEY, WEBHOOK_ALLOW_PRIVATE: '1' }),
      database: fresh.config,
    };
    const app = await buildApp(config, fresh.db);
    return {
      db: fresh.db,
      app,
      databaseUrl,
      dispose: async () => {
        await app.close();
        await fresh.dispose();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'facturier-worker-'));
  const file = join(dir, 'facturier.db');
  const db = openDatabase({ dialect: 'sqlite', file });
  await migrateToLatest(db);
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', AUDIT_KEY: TEST_AUDIT_KEY, WEBHOOK_ALLOW_PRIVATE: '1', DATABASE_URL: `sqlite:${file}` }),
  };
  const app = await buildApp(config, db);
  return {
    db,
    app,
    databaseUrl: `sqlite:${file}`,
    dispose: async () => {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function prepare(s: Setup, receiver: Receiver, customers: number) {
  const { apiKey } = await createAccount(s.db, 'Workers SAS');
  const headers = { 'x-api-key': apiKey };
  const hook = await s.app.inject({
    method: 'POST',
    url: '/v1/webhooks',
    headers,
    payload: { name: 'w', url: receiver.url, types: ['CustomerCreated'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  for (let i = 0; i < customers; i++) {
    const res = await s.app.inject({
      method: 'POST',
      url: '/v1/customers',
      headers,
      payload: { type: 'Business', companyName: `Client ${i}` },
    });
    expect(res.statusCode).toBe(200);
  }
}

const running: Worker[] = [];
afterEach(async () => {
  for (const w of running.splice(0)) {
    if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await w.exited;
  }
});

describe.skipIf(!process.env.TEST_PG_URL)('two outbox workers on one PostgreSQL database', () => {
  let s: Setup;
  let receiver: Receiver;
  beforeAll(async () => {
    s = await setUp('postgres');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await s.dispose();
  });

  it('deliver every event exactly once between them', async () => {
    const one = startWorker({ DATABASE_URL: s.databaseUrl });
    const two = startWorker({ DATABASE_URL: s.databaseUrl });
    running.push(one, two);
    await Promise.all([one.started, two.started]);
    // Slow answers, so that both workers have claims in flight at once.
    receiver.beforeAnswer = () => new Promise((r) => setTimeout(r, 20));
    await prepare(s, receiver, 300);
    await until(() => new Set(receiver.received.map((r) => r.body.id)).size === 300, 60_000, '300 distinct events');
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received).toHaveLength(300);
    one.child.kill('SIGTERM');
    two.child.kill('SIGTERM');
    expect(await one.exited).toBe(0);
    expect(await two.exited).toBe(0);
    // Both took part, and their deliveries add up to the 300 attempts made.
    const delivered = [one, two].map((w) => w.handled()['webhooks:deliver'] ?? 0);
    expect(delivered[0]).toBeGreaterThan(0);
    expect(delivered[1]).toBeGreaterThan(0);
    expect(delivered[0] + delivered[1]).toBe(300);
  }, 120_000);
});

for (const dialect of dialects()) {
  describe(`an outbox worker killed mid-delivery [${dialect}]`, () => {
    let s: Setup;
    let receiver: Receiver;
    beforeAll(async () => {
      s = await setUp(dialect);
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver.close();
      await s.dispose();
    });

    it('loses nothing: the next worker delivers the event again once the lease has expired', async () => {
      const env = { DATABASE_URL: s.databaseUrl, OUTBOX_LEASE_SECONDS: '2', WEBHOOK_TIMEOUT_MS: '1500' };
      const first = startWorker(env);
      running.push(first);
      await first.started;
      // The receiver holds the first request and kills the worker that sent it.
      let held = true;
      receiver.beforeAnswer = async () => {
        if (!held) return;
        held = false;
        first.child.kill('SIGKILL');
        await first.exited;
      };
      await prepare(s, receiver, 1);
      await until(() => receiver.received.length === 1, 30_000, 'the first attempt');
      await first.exited;
      const second = startWorker(env);
      running.push(second);
      await second.started;
      await until(() => receiver.received.length === 2, 30_000, 'the delivery after the kill');
      expect(receiver.received[1].body.id).toBe(receiver.received[0].body.id);
      let delivery = { status: '', attempts: 0 };
      const end = Date.now() + 10_000;
      while (delivery.status !== 'delivered' && Date.now() < end) {
        delivery = await s.db.kysely.selectFrom('webhookDeliveries').select(['status', 'attempts']).executeTakeFirstOrThrow();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(delivery).toEqual({ status: 'delivered', attempts: 2 });
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }, 90_000);
  });
}
