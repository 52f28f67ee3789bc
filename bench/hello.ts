// Scenario: authenticated GET /hello over SQLite, beside the bare node:http ceiling.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cli, load, measureCeiling, startFacturier, stop, type LoadResult } from './lib.js';

export async function helloScenario(seconds: number): Promise<{ ceiling: LoadResult; results: LoadResult[] }> {
  const ceiling = await measureCeiling(seconds);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'facturier-bench-'));
  const env = { DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}` };
  const { apiKey } = JSON.parse(cli(env, 'accounts', 'create', '--name', 'Bench SAS', '--json')) as { apiKey: string };
  const server = await startFacturier(env);
  const hello = await load({
    name: 'GET /hello (x-api-key, SQLite)',
    url: `${server.url}/hello`,
    headers: { 'x-api-key': apiKey },
    seconds,
  });
  // For reference: the same server on a route with no key and no database (the framework's floor).
  const health = await load({ name: 'GET /healthz (same server, no key, no database)', url: `${server.url}/healthz`, seconds });
  await stop(server.child);
  rmSync(dir, { recursive: true, force: true });
  return { ceiling, results: [hello, health] };
}
