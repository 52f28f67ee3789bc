// Scenario `scale` (issue #29): finalizations per second and a mixed read/write workload on
// SQLite with one server process, PostgreSQL with one, and PostgreSQL with two server processes on
// one database (the load split between their ports, half the connections each: a round-robin
// balancer). Each configuration runs on a fresh database, in BENCH_ROUNDS (3) rounds whose order
// rotates; after each run the numbers of every account are checked unique and gapless. Printed: the
// median of the rounds, successful answers per second, and the CPU each answer cost the server
// processes (and, on PostgreSQL, the backends serving them), read from /proc.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { todayIn } from '../src/domain/dates.js';
import { createDraft } from '../src/modules/sales/service.js';
import type { DocumentInputT } from '../src/modules/sales/schemas.js';
import { customerInput, pick, rng } from './data.js';
import { generateCustomers } from './generate.js';
import { createBenchAccount, progress, sqliteBenchDatabase, startFacturier, stop } from './lib.js';

const ACCOUNTS = 4;
const CONNECTIONS = 50;

interface Account {
  accountId: number;
  apiKey: string;
  customerIds: number[];
  /** Every draft made for this account (what the mixed workload reads). */
  documentIds: number[];
}

interface Pool {
  /** Drafts to finalize, each once: [account index, draft id]. */
  drafts: [number, number][];
  next: number;
}

interface Prepared {
  env: NodeJS.ProcessEnv;
  db: Db;
  accounts: Account[];
  pools: { one: Pool; several: Pool; mixed: Pool };
  /** PostgreSQL: the database name (its backends are found by it). */
  pgName?: string;
  cleanup(): Promise<void>;
}

function lines(random: () => number) {
  return Array.from({ length: 1 + Math.floor(random() * 5) }, (_, l) => ({
    description: `Ligne ${l + 1}`,
    quantity: 1 + l,
    taxExcludedPrice: 10 + l,
    vat: { rate: 20 },
  }));
}

/** `count` drafts over `accountIndexes` in turn, made through the service, 32 at a time. */
async function makePool(db: Db, accounts: Account[], accountIndexes: number[], count: number, label: string): Promise<Pool> {
  const random = rng(3 + count + accountIndexes.length);
  const date = todayIn('Europe/Paris');
  const drafts: [number, number][] = [];
  let done = 0;
  const one = async (k: number) => {
    const a = accountIndexes[k % accountIndexes.length];
    const account = accounts[a];
    const input = { customerId: pick(random, account.customerIds), date, lines: lines(random) } as DocumentInputT;
    const id = (await createDraft({ db, publicUrl: null }, account.accountId, 'Invoice', input)).value.id;
    account.documentIds.push(id);
    drafts.push([a, id]);
    done += 1;
    if (done % 1000 === 0 || done === count) progress(label, done, count);
  };
  for (let k = 0; k < count; k += 32) await Promise.all(Array.from({ length: Math.min(32, count - k) }, (_, j) => one(k + j)));
  return { drafts, next: 0 };
}

async function fill(db: Db, first: { apiKey: string; accountId: number }): Promise<Omit<Prepared, 'env' | 'db' | 'cleanup' | 'pgName'>> {
  const accounts: Account[] = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    const created = a === 0 ? first : await createBenchAccount(db, `Bench scale ${a}`);
    accounts.push({ ...created, customerIds: await generateCustomers(db, created.accountId, 200), documentIds: [] });
  }
  const drafts = Number(process.env.BENCH_SCALE_DRAFTS ?? 6000);
  const all = accounts.map((_, i) => i);
  return {
    accounts,
    pools: {
      one: await makePool(db, accounts, [0], drafts, 'drafts, one account'),
      several: await makePool(db, accounts, all, drafts, 'drafts, several accounts'),
      mixed: await makePool(db, accounts, all, Math.round(drafts / 3), 'drafts, mixed'),
    },
  };
}

async function prepareSqlite(): Promise<Prepared> {
  const { dir, env, db, apiKey, accountId } = await sqliteBenchDatabase();
  const filled = await fill(db, { apiKey, accountId });
  await db.close();
  const reopened = () => openDatabase(loadConfig(env).database);
  return {
    ...filled,
    env,
    get db() {
      return reopened();
    },
    async cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server's `postgres` database: where the bench creates and drops its own (never the tests' database). */
function pgAdminUrl(): string {
  const url = new URL(process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
}

async function preparePostgres(round: number, processes: number): Promise<Prepared> {
  const pgName = `bench_scale_${process.pid}_${round}_${processes}`;
  const admin = new pg.Client({ connectionString: pgAdminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pgName}`);
  const url = new URL(pgAdminUrl());
  url.pathname = `/${pgName}`;
  // Every server process seals the audit trail with the same key, as PostgreSQL requires.
  const env = { DATABASE_URL: url.toString(), AUDIT_KEY: randomBytes(32).toString('hex') };
  const db = openDatabase(loadConfig(env).database);
  await migrateToLatest(db);
  const filled = await fill(db, await createBenchAccount(db, 'Bench scale 0'));
  await db.close();
  return {
    ...filled,
    env,
    pgName,
    get db() {
      return openDatabase(loadConfig(env).database);
    },
    async cleanup() {
      await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** CPU time (user + system, ms) of a process so far, from /proc; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving database `name`, with their CPU so far. */
async function backendCpu(name: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: pgAdminUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
    return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
  } finally {
    await client.end();
  }
}

type Request = { method: 'GET' | 'POST'; path: string; body?: string; headers: Record<string, string> };

interface Measured {
  okPerSec: number;
  non2xx: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  /** Server processes' CPU per successful answer, ms. */
  serverCpuMs: number;
  /** PostgreSQL backends' CPU per successful answer, ms. */
  pgCpuMs?: number;
}

/** Loads `urls` (CONNECTIONS split between them) for `seconds` with requests made by `next`. */
async function measure(
  urls: string[],
  pids: number[],
  pgName: string | undefined,
  next: () => Request,
  seconds: number,
): Promise<Measured> {
  const run = (url: string, duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS / urls.length,
      duration,
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => {
            const r = next();
            return {
              ...req,
              method: r.method,
              path: r.path,
              body: r.body,
              headers: { ...r.headers, ...(r.body ? { 'content-type': 'application/json' } : {}) },
            };
          },
        },
      ],
    } as unknown as autocannon.Options);
  // Warm-up: 20 requests one at a time per process (an autocannon warm-up would leave a queue of
  // requests cut short, still being served when the measure starts).
  for (const url of urls) {
    for (let i = 0; i < 20; i++) {
      const r = next();
      const headers = { ...r.headers, ...(r.body ? { 'content-type': 'application/json' } : {}) };
      await (await fetch(`${url}${r.path}`, { method: r.method, headers, body: r.body })).arrayBuffer();
    }
  }
  const cpu0 = pids.map(cpuMs);
  const pg0 = pgName ? await backendCpu(pgName) : undefined;
  const results = await Promise.all(urls.map((u) => run(u, seconds)));
  const cpu1 = pids.map(cpuMs);
  const pg1 = pgName ? await backendCpu(pgName) : undefined;
  const total = results.reduce((s, r) => s + r.requests.total, 0);
  const non2xx = results.reduce((s, r) => s + r.non2xx, 0);
  const ok = total - non2xx;
  const serverCpu = cpu1.reduce((s, c, i) => s + c - cpu0[i], 0);
  let pgCpu: number | undefined;
  if (pg0 && pg1) pgCpu = [...pg1].reduce((s, [pid, c]) => s + c - (pg0.get(pid) ?? 0), 0);
  return {
    okPerSec: Math.round(ok / seconds),
    non2xx,
    errors: results.reduce((s, r) => s + r.errors + r.timeouts, 0),
    p50Ms: Math.max(...results.map((r) => r.latency.p50)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    serverCpuMs: ok ? serverCpu / ok : 0,
    ...(pgCpu !== undefined ? { pgCpuMs: ok ? pgCpu / ok : 0 } : {}),
  };
}

function finalizing(p: Prepared, pool: Pool): () => Request {
  return () => {
    const [a, id] = pool.drafts[pool.next++ % pool.drafts.length];
    return { method: 'POST', path: `/v1/saleinvoices/finalize/${id}`, headers: { 'x-api-key': p.accounts[a].apiKey } };
  };
}

/** 80 % reads (customers and invoices, one and pages of 20), 20 % writes (customers, drafts, finalizations), over every account. */
function mixed(p: Prepared): () => Request {
  const random = rng(13);
  const date = todayIn('Europe/Paris');
  const perAccount: Pool[] = p.accounts.map((_, a) => ({ drafts: p.pools.mixed.drafts.filter(([x]) => x === a), next: 0 }));
  let created = 0;
  return () => {
    const a = Math.floor(random() * p.accounts.length);
    const account = p.accounts[a];
    const headers = { 'x-api-key': account.apiKey };
    const r = random();
    if (r < 0.35) return { method: 'GET', path: `/v1/customers/${pick(random, account.customerIds)}`, headers };
    if (r < 0.6) return { method: 'GET', path: `/v1/saleinvoices/${pick(random, account.documentIds)}`, headers };
    if (r < 0.7) return { method: 'GET', path: `/v1/customers?PageSize=20&PageIndex=${1 + Math.floor(random() * 10)}`, headers };
    if (r < 0.8) return { method: 'GET', path: `/v1/saleinvoices?PageSize=20&PageIndex=${1 + Math.floor(random() * 10)}`, headers };
    if (r < 0.87)
      return { method: 'POST', path: '/v1/customers', body: JSON.stringify(customerInput(random, 100_000 + ++created)), headers };
    if (r < 0.94) {
      const body = { customerId: pick(random, account.customerIds), date, lines: lines(random) };
      return { method: 'POST', path: '/v1/saleinvoices', body: JSON.stringify(body), headers };
    }
    const pool = perAccount[a];
    const id = pool.drafts[pool.next++ % pool.drafts.length][1];
    return { method: 'POST', path: `/v1/saleinvoices/finalize/${id}`, headers };
  };
}

/** Every account's finalized invoices numbered exactly 1..n, each number once. */
async function checkNumbers(db: Db, accounts: Account[]): Promise<{ ok: boolean; finalized: number; text: string }> {
  let ok = true;
  let finalized = 0;
  const parts: string[] = [];
  for (const [i, account] of accounts.entries()) {
    const rows = await db.kysely
      .selectFrom('saleDocuments')
      .select(['number'])
      .where('accountId', '=', account.accountId)
      .where('kind', '=', 'Invoice')
      .where('isDraft', '=', false)
      .execute();
    const seqs = rows.map((r) => Number(/(\d+)$/.exec(r.number!)![1])).sort((x, y) => x - y);
    const unique = new Set(rows.map((r) => r.number)).size === rows.length;
    const gapless = seqs.every((s, k) => s === k + 1);
    ok &&= unique && gapless;
    finalized += rows.length;
    parts.push(`account ${i + 1}: ${rows.length}${unique && gapless ? '' : ` (unique ${unique}, gapless ${gapless})`}`);
  }
  return { ok, finalized, text: parts.join(', ') };
}

interface Config {
  name: string;
  processes: number;
  postgres: boolean;
}

const CONFIGS: Config[] = [
  { name: 'SQLite, 1 process', processes: 1, postgres: false },
  { name: 'PostgreSQL, 1 process', processes: 1, postgres: true },
  { name: 'PostgreSQL, 2 processes', processes: 2, postgres: true },
];
const MEASURES = ['finalize, one account', 'finalize, 4 accounts', 'mixed 80/20, 4 accounts'] as const;

type Row = { config: string; measure: string; round: number; load: string } & Measured;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function scaleScenario(seconds: number): Promise<{ results: []; notes: string[]; extra: string }> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const only = process.env.BENCH_SCALE_CONFIGS?.split(',').map(Number);
  const configs = only ? CONFIGS.filter((_, i) => only.includes(i + 1)) : CONFIGS;
  const rows: Row[] = [];
  const notes: string[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (let k = 0; k < configs.length; k++) {
      const config = configs[(k + round - 1) % configs.length];
      process.stderr.write(`round ${round}: ${config.name}\n`);
      const p = config.postgres ? await preparePostgres(round, config.processes) : await prepareSqlite();
      const servers: Awaited<ReturnType<typeof startFacturier>>[] = [];
      try {
        for (let i = 0; i < config.processes; i++) servers.push(await startFacturier(p.env));
        const urls = servers.map((s) => s.url);
        const pids = servers.map((s) => s.child.pid!);
        const runs: [string, () => Request][] = [
          [MEASURES[0], finalizing(p, p.pools.one)],
          [MEASURES[1], finalizing(p, p.pools.several)],
          [MEASURES[2], mixed(p)],
        ];
        for (const [measureName, next] of runs) {
          const load = os.loadavg()[0].toFixed(2);
          const m = await measure(urls, pids, p.pgName, next, seconds);
          rows.push({ config: config.name, measure: measureName, round, load, ...m });
          process.stderr.write(`  ${measureName}: ${m.okPerSec}/s (non-2xx ${m.non2xx}, errors ${m.errors}, load ${load})\n`);
        }
        await Promise.all(servers.map((s) => stop(s.child)));
        const db = p.db;
        const check = await checkNumbers(db, p.accounts);
        await db.close();
        notes.push(
          `round ${round}, ${config.name}: ${check.finalized} invoices finalized, numbers unique and gapless per account: ${check.ok} (${check.text})`,
        );
      } finally {
        await Promise.all(servers.map((s) => stop(s.child)));
        await p.cleanup();
      }
    }
  }
  const lines = [
    '| configuration | measure | successful answers/s (median) | rounds | p99 ms (median) | server CPU ms/answer | PostgreSQL backends CPU ms/answer | non-2xx |',
    '|---|---|---:|---|---:|---:|---:|---:|',
  ];
  const medians = new Map<string, number>();
  for (const measureName of MEASURES) {
    for (const config of configs) {
      const rs = rows.filter((r) => r.config === config.name && r.measure === measureName);
      const ok = median(rs.map((r) => r.okPerSec));
      medians.set(`${config.name}|${measureName}`, ok);
      const pgCpu = rs.every((r) => r.pgCpuMs !== undefined) ? median(rs.map((r) => r.pgCpuMs!)).toFixed(2) : '';
      lines.push(
        `| ${config.name} | ${measureName} | ${ok} | ${rs.map((r) => `${r.okPerSec} (load ${r.load})`).join(', ')} | ${median(rs.map((r) => r.p99Ms))} | ${median(rs.map((r) => r.serverCpuMs)).toFixed(2)} | ${pgCpu} | ${rs.reduce((s, r) => s + r.non2xx, 0)} |`,
      );
    }
  }
  const ratios = MEASURES.map((m) => {
    const sqlite = medians.get(`${CONFIGS[0].name}|${m}`);
    const two = medians.get(`${CONFIGS[2].name}|${m}`);
    return sqlite && two ? `- ${m}: PostgreSQL 2 processes ÷ SQLite 1 process = ${(two / sqlite).toFixed(2)}` : '';
  }).filter(Boolean);
  const extra = `${lines.join('\n')}\n\n${ratios.join('\n')}\n\n${CONNECTIONS} connections (split evenly between the processes), ${seconds} s per measure after a warm-up of 20 requests, one at a time, per process; ${ACCOUNTS} accounts of 200 customers each.\n\n`;
  return { results: [], notes, extra };
}
