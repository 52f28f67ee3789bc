// Scenario (sale documents): 1,000,000 invoices over 10,000 customers, then lists with and
// without filters, get-by-id, and finalization throughput with 50 concurrent clients (checked
// gapless and unique afterwards) — on SQLite, then on PostgreSQL with two server processes.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { todayIn } from '../src/domain/dates.js';
import { createDraft } from '../src/modules/sales/service.js';
import type { DocumentInputT } from '../src/modules/sales/schemas.js';
import { pick, rng } from './data.js';
import { generateCustomers, generateInvoices } from './generate.js';
import { createBenchAccount, load, measureCeiling, progress, sqliteBenchDatabase, startFacturier, stop, type LoadResult } from './lib.js';

async function makeDrafts(db: Db, accountId: number, customerIds: number[], count: number): Promise<number[]> {
  const random = rng(3);
  const ids: number[] = [];
  const date = todayIn('Europe/Paris');
  for (let i = 1; i <= count; i++) {
    const lines = Array.from({ length: 1 + Math.floor(random() * 5) }, (_, l) => ({
      description: `Ligne ${l + 1}`,
      quantity: 1 + l,
      taxExcludedPrice: 10 + l,
      vat: { rate: 20 },
    }));
    const input = { customerId: pick(random, customerIds), date, lines } as DocumentInputT;
    ids.push((await createDraft({ db, publicUrl: null }, accountId, 'Invoice', input)).value.id);
    if (i % 1000 === 0 || i === count) progress('drafts to finalize', i, count);
  }
  return ids;
}

/** Numbers of today's finalized invoices must be exactly 1..n of their scope, each once. */
async function checkGapless(db: Db, accountId: number, since: string): Promise<string> {
  const rows = await db.kysely
    .selectFrom('saleDocuments')
    .select(['number'])
    .where('accountId', '=', accountId)
    .where('kind', '=', 'Invoice')
    .where('isDraft', '=', false)
    .where('finalizedAt', '>=', since)
    .execute();
  const seqs = rows.map((r) => Number(/(\d+)$/.exec(r.number!)![1])).sort((a, b) => a - b);
  const unique = new Set(rows.map((r) => r.number)).size === rows.length;
  const contiguous = seqs.every((s, i) => i === 0 || s === seqs[i - 1] + 1);
  return `${rows.length} finalized, numbers ${seqs[0] ?? '-'}..${seqs.at(-1) ?? '-'}, unique: ${unique}, gapless: ${contiguous}`;
}

function finalizeLoad(name: string, url: string, apiKey: string, ids: number[], next: { i: number }, seconds: number, connections = 50) {
  return load({
    name,
    url,
    headers: { 'x-api-key': apiKey },
    seconds,
    connections,
    method: 'POST',
    warmupSeconds: 1,
    path: () => `/v1/saleinvoices/finalize/${ids[next.i++ % ids.length]}`,
  });
}

export async function invoicesScenario(seconds: number): Promise<{ ceiling: LoadResult; results: LoadResult[]; notes: string[] }> {
  const invoiceCount = Number(process.env.BENCH_INVOICES ?? 1_000_000);
  const draftCount = Number(process.env.BENCH_DRAFTS ?? 20_000);
  const notes: string[] = [];
  const { dir, env, db, keyring, apiKey, accountId } = await sqliteBenchDatabase();
  const customerIds = await generateCustomers(db, accountId, 10_000);
  const t = Date.now();
  await generateInvoices(db, keyring, accountId, customerIds, invoiceCount);
  notes.push(`generated ${invoiceCount} invoices in ${Math.round((Date.now() - t) / 1000)} s`);
  const drafts = await makeDrafts(db, accountId, customerIds, draftCount);
  await db.close();

  const ceiling = await measureCeiling(seconds);

  const server = await startFacturier(env);
  const headers = { 'x-api-key': apiKey };
  const random = rng(5);
  const month = () => `${2024 + Math.floor(random() * 2)}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}`;
  // Lists answer ~600 KB pages: their latency is measured with one client, then their throughput
  // with ten; get-by-id with fifty like the ceiling.
  const lists: [string, () => string][] = [
    [
      `GET /v1/saleinvoices?PageSize=100 (${invoiceCount} invoices)`,
      () => `/v1/saleinvoices?PageSize=100&PageIndex=${1 + Math.floor(random() * 100)}`,
    ],
    [
      'GET /v1/saleinvoices?PageSize=100&Status=Expired',
      () => `/v1/saleinvoices?PageSize=100&Status=Expired&PageIndex=${1 + Math.floor(random() * 20)}`,
    ],
    ['GET /v1/saleinvoices?PageSize=100&CustomerId=…', () => `/v1/saleinvoices?PageSize=100&CustomerId=${pick(random, customerIds)}`],
    [
      'GET /v1/saleinvoices?PageSize=100&From=…&To=… (one month)',
      () => {
        const m = month();
        return `/v1/saleinvoices?PageSize=100&From=${m}-01&To=${m}-28`;
      },
    ],
  ];
  const results: LoadResult[] = [];
  for (const connections of [1, 10]) {
    for (const [name, path] of lists)
      results.push(await load({ name: `${name} — ${connections} client(s)`, url: server.url, headers, seconds, connections, path }));
  }
  const byId = await load({
    name: 'GET /v1/saleinvoices/{id}',
    url: server.url,
    headers,
    seconds,
    path: () => `/v1/saleinvoices/${1 + Math.floor(random() * invoiceCount)}`,
  });
  results.push(byId);
  // A second ceiling for get-by-id: the bare server answering the bytes of a median invoice (the
  // Hello ceiling answers ~150 bytes; an invoice is ~10 KB, which costs the bare server too).
  const bodies: string[] = [];
  for (let k = 0; k < 51; k++) {
    bodies.push(await (await fetch(`${server.url}/v1/saleinvoices/${1 + Math.floor(random() * invoiceCount)}`, { headers })).text());
  }
  const median = bodies.sort((x, y) => x.length - y.length)[25];
  const medianFile = path.join(dir, 'median-invoice.json');
  writeFileSync(medianFile, median);
  const invoiceCeiling = await measureCeiling(seconds, medianFile, `bare node:http answering a median invoice (${median.length} bytes)`);
  results.push(invoiceCeiling);
  notes.push(
    `GET /v1/saleinvoices/{id} against the bare server answering the same bytes: ${byId.reqPerSec} / ${invoiceCeiling.reqPerSec} = ${(byId.reqPerSec / invoiceCeiling.reqPerSec).toFixed(2)}`,
  );
  const since = new Date().toISOString();
  const next = { i: 0 };
  const fin = await finalizeLoad('POST /v1/saleinvoices/finalize/{id} (50 clients, SQLite)', server.url, apiKey, drafts, next, seconds);
  results.push(fin);
  await stop(server.child);
  const check = openDatabase(loadConfig(env).database);
  notes.push(`SQLite finalization check: ${await checkGapless(check, accountId, since)}`);
  await check.close();
  rmSync(dir, { recursive: true, force: true });

  if (process.env.TEST_PG_URL || process.env.BENCH_PG_URL) {
    try {
      results.push(...(await postgresFinalization(seconds, notes)));
    } catch (error) {
      notes.push(`PostgreSQL part failed: ${(error as Error).message}`);
    }
  }
  return { ceiling, results, notes };
}

/** Two server processes on one PostgreSQL database, 25 clients each, finalizing concurrently. */
export async function postgresFinalization(seconds: number, notes: string[]): Promise<LoadResult[]> {
  const adminUrl = (process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL)!;
  const name = `facturier_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Both server processes seal the audit trail with the same key, as PostgreSQL requires.
  const env = { DATABASE_URL: url.toString(), AUDIT_KEY: randomBytes(32).toString('hex') };
  try {
    const db = openDatabase(loadConfig(env).database);
    await migrateToLatest(db);
    const { apiKey, accountId } = await createBenchAccount(db, 'Bench PG');
    const customerIds = await generateCustomers(db, accountId, 200);
    const drafts = await makeDrafts(db, accountId, customerIds, Number(process.env.BENCH_PG_DRAFTS ?? 8_000));
    const [a, b] = [await startFacturier(env), await startFacturier(env)];
    const since = new Date().toISOString();
    const next = { i: 0 };
    const [ra, rb] = await Promise.all([
      finalizeLoad('finalize, PostgreSQL, server process 1 (25 clients)', a.url, apiKey, drafts, next, seconds, 25),
      finalizeLoad('finalize, PostgreSQL, server process 2 (25 clients)', b.url, apiKey, drafts, next, seconds, 25),
    ]);
    await Promise.all([stop(a.child), stop(b.child)]);
    notes.push(`PostgreSQL two-process finalization check: ${await checkGapless(db, accountId, since)}`);
    await db.close();
    return [ra, rb];
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
