// Scenario (master data): 100,000 generated customers, then get-by-id, a page of 100 and a
// full-text search, beside the bare node:http ceiling.
import { rmSync } from 'node:fs';
import { SEARCH_WORDS, pick, rng } from './data.js';
import { generateCustomers } from './generate.js';
import { load, measureCeiling, sqliteBenchDatabase, startFacturier, stop, type LoadResult } from './lib.js';

export async function customersScenario(seconds: number): Promise<{ ceiling: LoadResult; results: LoadResult[] }> {
  const count = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
  const { dir, env, db, apiKey, accountId } = await sqliteBenchDatabase();
  const ids = await generateCustomers(db, accountId, count);
  await db.close();

  const ceiling = await measureCeiling(seconds);

  const server = await startFacturier(env);
  const headers = { 'x-api-key': apiKey };
  const random = rng(1);
  const results = [
    await load({
      name: `GET /v1/customers/{id} (${count} customers)`,
      url: server.url,
      headers,
      seconds,
      path: () => `/v1/customers/${pick(random, ids)}`,
    }),
  ];
  // Pages of 100 and searches: latency with one client, then throughput with fifty.
  for (const connections of [1, 50]) {
    results.push(
      await load({
        name: `GET /v1/customers?PageSize=100 — ${connections} client(s)`,
        url: server.url,
        headers,
        seconds,
        connections,
        path: () => `/v1/customers?PageSize=100&PageIndex=${1 + Math.floor(random() * 50)}`,
      }),
      await load({
        name: `GET /v1/customers?query=<word> — ${connections} client(s)`,
        url: server.url,
        headers,
        seconds,
        connections,
        path: () => `/v1/customers?query=${pick(random, SEARCH_WORDS)}`,
      }),
    );
  }
  await stop(server.child);
  rmSync(dir, { recursive: true, force: true });
  return { ceiling, results };
}
