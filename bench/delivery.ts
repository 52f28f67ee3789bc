// Outbox throughput: 10,000 events delivered by `facturier worker` to a bare HTTP receiver in this
// process. Two measurements per database:
// - backlog: the events are in the outbox before the worker starts; events/s from the first to
//   the last delivery;
// - steady: the worker runs, and events are written at a fixed rate below its capacity (batches
//   every 50 ms, as API writes would); the delivery lag of each event is the time from its
//   creation (the outbox row's createdAt) to its arrival at the receiver: p50, p99, max.
// SQLite with one worker (one process writes SQLite), PostgreSQL with two worker processes.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createBenchAccount, distRoot, sqliteBenchDatabase, stop } from './lib.js';
import type { ScenarioResult } from './run.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const bin = path.join(distRoot, 'src', 'bin.js');

interface Receiver {
  url: string;
  arrivals: Map<string, number>;
  lags: number[];
  duplicates: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const r: Receiver = { url: '', arrivals: new Map(), lags: [], duplicates: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const now = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; createdAt: string };
      if (r.arrivals.has(body.id)) r.duplicates++;
      else {
        r.arrivals.set(body.id, now);
        r.lags.push(now - Date.parse(body.createdAt));
      }
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  r.close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  return r;
}

function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  return fork(bin, ['worker'], {
    env: { ...process.env, LOG_LEVEL: 'warn', WEBHOOK_ALLOW_PRIVATE: '1', ...env },
    stdio: 'ignore',
  });
}

async function register(db: Db, accountId: number, url: string): Promise<void> {
  const max = await db.kysely
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  await db.kysely
    .insertInto('webhooks')
    .values({
      accountId,
      name: 'bench',
      url,
      types: JSON.stringify(['CustomerCreated']),
      secretKey: 'bench-secret-0123456789',
      fromEventId: Number(max?.id ?? 0),
      createdAt: new Date().toISOString(),
    })
    .execute();
}

/** `count` CustomerCreated events (a customer-sized payload each), as emit() writes them. */
async function writeEvents(db: Db, accountId: number, from: number, count: number): Promise<void> {
  const createdAt = new Date().toISOString();
  const rows = Array.from({ length: count }, (_, i) => ({
    accountId,
    type: 'CustomerCreated',
    payload: JSON.stringify({
      id: from + i,
      type: 'Business',
      companyName: `Client ${from + i}`,
      email: `client${from + i}@example.fr`,
      billingAddress: { street: '3 place du Marché', zipcode: '75001', city: 'Paris', countryIso: 'FR' },
    }),
    createdAt,
    deliveredAt: null,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db.kysely
      .insertInto('outbox')
      .values(rows.slice(i, i + 500))
      .execute();
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Measured {
  label: string;
  eventsPerSec: number;
  p50: number;
  p99: number;
  max: number;
  duplicates: number;
}

async function measure(
  label: string,
  db: Db,
  accountId: number,
  env: NodeJS.ProcessEnv,
  workers: number,
  fixedRate: number | null,
): Promise<Measured[]> {
  const out: Measured[] = [];
  // Backlog.
  {
    const receiver = await startReceiver();
    await register(db, accountId, receiver.url);
    await writeEvents(db, accountId, 1, EVENTS);
    const children = Array.from({ length: workers }, () => startWorker(env));
    try {
      await until(() => receiver.arrivals.size === EVENTS, 600_000);
      const times = [...receiver.arrivals.values()].sort((x, y) => x - y);
      const seconds = (times[times.length - 1] - times[0]) / 1000;
      out.push({
        label: `${label}: backlog of ${EVENTS}`,
        eventsPerSec: Math.round(EVENTS / seconds),
        p50: NaN,
        p99: NaN,
        max: NaN,
        duplicates: receiver.duplicates,
      });
    } finally {
      await Promise.all(children.map((c) => stop(c)));
      await db.kysely.deleteFrom('webhooks').execute();
      await receiver.close();
    }
  }
  // Steady rate: half the backlog's throughput unless BENCH_EVENT_RATE says otherwise, so that the
  // lag measured is the worker's own, not a queue growing because events come faster than it delivers.
  const rate = fixedRate ?? Math.max(10, Math.round(out[0].eventsPerSec / 2));
  {
    const receiver = await startReceiver();
    await register(db, accountId, receiver.url);
    const children = Array.from({ length: workers }, () => startWorker(env));
    try {
      await new Promise((r) => setTimeout(r, 3000)); // the workers start
      const perTick = Math.max(1, Math.round(rate / 20));
      const started = Date.now();
      for (let written = 0; written < EVENTS; written += perTick) {
        await writeEvents(db, accountId, 100_000 + written, Math.min(perTick, EVENTS - written));
        const due = started + ((written + perTick) / rate) * 1000;
        await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
      }
      await until(() => receiver.arrivals.size === EVENTS, 600_000);
      const times = [...receiver.arrivals.values()].sort((x, y) => x - y);
      const lags = receiver.lags.sort((x, y) => x - y);
      out.push({
        label: `${label}: ${rate} events/s offered`,
        eventsPerSec: Math.round(EVENTS / ((times[times.length - 1] - started) / 1000)),
        p50: percentile(lags, 50),
        p99: percentile(lags, 99),
        max: lags[lags.length - 1],
        duplicates: receiver.duplicates,
      });
    } finally {
      await Promise.all(children.map((c) => stop(c)));
      await db.kysely.deleteFrom('webhooks').execute();
      await receiver.close();
    }
  }
  return out;
}

export async function deliveryScenario(): Promise<ScenarioResult> {
  const rows: Measured[] = [];
  const notes: string[] = [
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  ];
  const rate = process.env.BENCH_EVENT_RATE ? Number(process.env.BENCH_EVENT_RATE) : null;
  {
    const s = await sqliteBenchDatabase();
    rows.push(...(await measure('SQLite, 1 worker', s.db, s.accountId, s.env, 1, rate)));
    await s.db.close();
  }
  const adminUrl = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL;
  if (adminUrl) {
    const name = `facturier_bench_delivery_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), AUDIT_KEY: randomBytes(32).toString('hex') };
    try {
      const db = openDatabase(loadConfig(env).database);
      await migrateToLatest(db);
      const { accountId } = await createBenchAccount(db, 'Bench PG');
      rows.push(...(await measure('PostgreSQL, 2 workers', db, accountId, env, 2, rate)));
      await db.close();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else notes.push('PostgreSQL skipped: set BENCH_PG_URL or TEST_PG_URL');
  notes.push(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const ms = (n: number) => (Number.isNaN(n) ? '' : String(n));
  const extra = [
    '| run | events/s | lag p50 ms | lag p99 ms | lag max ms | duplicates |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.label} | ${r.eventsPerSec} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.duplicates} |`),
    '',
  ].join('\n');
  return { results: [], extra: `${extra}\n`, notes };
}
