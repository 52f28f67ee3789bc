// Scenario (master data): 100,000 generated customers, then get-by-id, a page of 100 and a
// full-text search, beside the bare node:http ceiling.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createAccount } from '../src/modules/accounts/service.js';
import { SEARCH_WORDS, pick, rng } from './data.js';
import { generateCustomers } from './generate.js';
import { load, startBare, startFacturier, stop, type LoadResult } from './lib.js';

export async function customersScenario(seconds: number): Promise<{ ceiling: LoadResult; results: LoadResult[] }> {
  const count = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'facturier-bench-'));
  const env = { DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}` };
  const db = openDatabase(loadConfig(env).database);
  await migrateToLatest(db);
  const { apiKey, accountId } = await createAccount(db, 'Bench SAS');
  const ids = await generateCustomers(db, accountId, count);
  await db.close();

  const bare = await startBare();
  const ceiling = await load({ name: 'bare node:http (ceiling)', url: `${bare.url}/hello`, seconds });
  await stop(bare.child);

  const server = await startFacturier(env);
  const headers = { 'x-api-key': apiKey };
  const random = rng(1);
  const results = [
    await load({ name: `GET /v1/customers/{id} (${count} customers)`, url: server.url, headers, seconds, path: () => `/v1/customers/${pick(random, ids)}` }),
  ];
  // Pages of 100 and searches: latency with one client, then throughput with fifty.
  for (const connections of [1, 50]) {
    results.push(
      await load({ name: `GET /v1/customers?PageSize=100 — ${connections} client(s)`, url: server.url, headers, seconds, connections, path: () => `/v1/customers?PageSize=100&PageIndex=${1 + Math.floor(random() * 50)}` }),
      await load({ name: `GET /v1/customers?query=<word> — ${connections} client(s)`, url: server.url, headers, seconds, connections, path: () => `/v1/customers?query=${pick(random, SEARCH_WORDS)}` }),
    );
  }
  await stop(server.child);
  rmSync(dir, { recursive: true, force: true });
  return { ceiling, results };
}
