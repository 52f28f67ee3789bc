// Scenario (event loop under heavy work): `/healthz` latency, probed one request at a time from a
// separate process, while clients keep the server busy with CPU-heavy requests that run on the
// worker threads: 1,000-line draft PDF downloads, 1 MB XML uploads of 100,000 attributes, 17 MB PDF
// uploads of 600,000 objects, then all three at once. The server runs with its default settings
// (one worker thread per core).
import { fork } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { HostileKind, HostileOrder, HostileTally } from './hostile-client.js';
import { thousandLines } from './hostile.js';
import { distRoot, sqliteBenchDatabase, startFacturier, stop, type LoadResult } from './lib.js';
import type { ScenarioResult } from './run.js';

const PROBE_INTERVAL_MS = 10;

const LABEL: Record<HostileKind, string> = {
  render: '1,000-line draft PDF download',
  attributes: '1.1 MB XML upload, 100,000 attributes',
  objects: '17.3 MB PDF upload, 600,000 objects',
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The latencies of `/healthz`, probed from a child process for `seconds`. */
async function probe(url: string, seconds: number): Promise<number[]> {
  const child = fork(path.join(distRoot, 'bench', 'probe.js'), [`${url}/healthz`, String(seconds), String(PROBE_INTERVAL_MS)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (times) => {
      resolve(times as number[]);
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`probe exited with ${code}`));
    });
  });
}

/**
 * Starts the heavy clients in a child process at a lower priority (nice 10, like the server's worker
 * threads), and resolves once they send their first requests; `stop()` resolves with what they did.
 */
async function startHostile(order: HostileOrder): Promise<{ stop(): Promise<HostileTally[]> }> {
  const child = fork(path.join(distRoot, 'bench', 'hostile-client.js'), [JSON.stringify(order)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    setPriority(child.pid!, 10);
  } catch {
    // Not allowed here: the clients keep the default priority.
  }
  const messages: unknown[] = [];
  let notify: () => void = () => {};
  child.on('message', (m) => {
    messages.push(m);
    notify();
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const check = () => {
        if (messages.length) resolve(messages.shift());
      };
      notify = check;
      child.once('exit', (code) => {
        reject(new Error(`heavy clients exited with ${code}`));
      });
      check();
    });
  if ((await next()) !== 'ready') throw new Error('heavy clients did not start');
  return {
    async stop() {
      child.send('stop');
      return (await next()) as HostileTally[];
    },
  };
}

/** Peak resident memory of a process so far (Linux), in MB. */
function peakRssMb(pid: number | undefined): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmHWM:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

export async function workersScenario(seconds: number): Promise<ScenarioResult> {
  const { dir, env, db, apiKey } = await sqliteBenchDatabase();
  await db.close();
  const server = await startFacturier({ ...env, LOG_LEVEL: 'warn' });
  const headers = { 'x-api-key': apiKey };
  const json = (method: string, url: string, body: unknown) =>
    fetch(`${server.url}${url}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  await json('PUT', '/v1/settings', {
    company: {
      name: 'Bench SAS',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      legalStatus: 'SAS',
      capital: 10000,
      invoicingAddress: { street: '12 rue des Lilas', zipcode: '75011', city: 'Paris', countryIso: 'FR' },
    },
  });
  const customer = (await (
    await json('POST', '/v1/customers', {
      companyName: 'Dupont SARL',
      billingAddress: { street: '3 place du Marché', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
    })
  ).json()) as { id: number };
  const draft = await json('POST', '/v1/saleinvoices', { customerId: customer.id, lines: thousandLines() });
  if (!draft.ok) throw new Error(`the 1,000-line draft was refused: ${await draft.text()}`);
  const draftId = ((await draft.json()) as { id: number }).id;

  // Threads started and modules loaded before measuring.
  for (let i = 0; i < 4; i++) await (await fetch(`${server.url}/v1/saleinvoices/download/${draftId}`, { headers })).arrayBuffer();

  const phases: { name: string; clients: HostileKind[] }[] = [
    { name: 'idle (no other request)', clients: [] },
    { name: '2 clients downloading the 1,000-line draft PDF', clients: ['render', 'render'] },
    { name: '2 clients uploading the 1 MB XML of 100,000 attributes', clients: ['attributes', 'attributes'] },
    { name: '2 clients uploading the 17 MB PDF of 600,000 objects', clients: ['objects', 'objects'] },
    { name: 'one client of each of the three', clients: ['render', 'attributes', 'objects'] },
  ];
  const results: LoadResult[] = [];
  const hostileRows: string[] = [];
  const notes: string[] = [];
  for (const phase of phases) {
    const hostile = await startHostile({ url: server.url, apiKey, draftId, clients: phase.clients });
    const times = await probe(server.url, seconds);
    const tallies = await hostile.stop();
    const ok = times.filter((t) => t >= 0).sort((a, b) => a - b);
    results.push({
      name: `GET /healthz — ${phase.name}`,
      connections: 1,
      seconds,
      requests: times.length,
      reqPerSec: Math.round(times.length / seconds),
      p50Ms: Math.round(percentile(ok, 50) * 10) / 10,
      p99Ms: Math.round(percentile(ok, 99) * 10) / 10,
      non2xx: times.length - ok.length,
      errors: 0,
    });
    notes.push(`${phase.name}: /healthz max ${ok[ok.length - 1].toFixed(1)} ms over ${ok.length} probes`);
    for (const t of tallies) {
      const statuses = Object.entries(t.statuses)
        .map(([s, n]) => `${n}× ${s}`)
        .join(', ');
      hostileRows.push(
        `| ${phase.name} | ${LABEL[t.kind]} | ${t.completed} | ${statuses} | ${t.completed ? Math.round(t.totalMs / t.completed) : '–'} |`,
      );
    }
  }
  const rss = peakRssMb(server.child.pid);
  await stop(server.child);
  rmSync(dir, { recursive: true, force: true });

  const extra = [
    'Heavy requests completed during each phase (they run on the worker threads; the server has its defaults: one thread per core):',
    '',
    '| phase | heavy request | completed | statuses | mean ms |',
    '|---|---|---:|---|---:|',
    ...hostileRows,
    '',
    `Probes: one \`GET /healthz\` at a time, ${PROBE_INTERVAL_MS} ms apart, from a separate process. The heavy clients run in another`,
    "process at nice 10 (they stand for other machines); the server's worker threads run at nice 10 too, its event loop at 0.",
    `Server peak RSS: ${rss ?? '?'} MB (mostly the worker threads reading 600,000-object PDFs; each thread's heap is bounded by WORKER_MEMORY_MB).`,
    '',
  ].join('\n');
  return { results, notes, extra };
}
