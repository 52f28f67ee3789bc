// Shared machinery of the benchmarks: child server processes, autocannon runs, result files.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { loadKeyring, type Keyring } from '../src/modules/audit/index.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createAccount } from '../src/modules/accounts/service.js';
import { updateAccountSettings } from '../src/modules/settings/service.js';

/** dist/ when compiled (bench runs from dist/bench). */
export const distRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(distRoot, '..');
const bin = path.join(distRoot, 'src', 'bin.js');

export interface LoadResult {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
    server.on('error', reject);
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The bare server; `bodyFile` makes it answer that file's bytes instead of the Hello JSON. */
async function startBare(bodyFile?: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = fork(path.join(distRoot, 'bench', 'bare-server.js'), [], {
    env: { ...process.env, PORT: String(port), ...(bodyFile ? { BARE_BODY_FILE: bodyFile } : {}) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, child);
  return { url, child };
}

/**
 * A reference server of `bench/` (bare-server.js, fastify-server.js) started as a child process with
 * `env`; answers once `GET /` does.
 */
export async function startReference(script: string, env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = fork(path.join(distRoot, 'bench', script), [], { env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, child);
  return { url, child };
}

/** Runs the CLI synchronously against a database (e.g. to create the bench account). */
export function cli(env: NodeJS.ProcessEnv, ...args: string[]): string {
  const res = spawnSync(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`facturier ${args.join(' ')} failed: ${res.stderr}`);
  return res.stdout;
}

export async function startFacturier(env: NodeJS.ProcessEnv, execArgv?: string[]): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = fork(bin, ['serve'], {
    execArgv: execArgv ?? (process.env.BENCH_SERVER_ARGS ? process.env.BENCH_SERVER_ARGS.split(' ') : []),
    env: { ...process.env, LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  // A loaded machine (a load average of 15 on 2 cores) has taken more than a minute to start one.
  await waitForHttp(`${url}/healthz`, child, Number(process.env.BENCH_START_TIMEOUT ?? 60) * 1000);
  return { url, child };
}

/**
 * A migrated SQLite database in a fresh temporary folder, with one account ('Bench SAS'), and the
 * audit key the server will find beside it (what generators seal with).
 */
export async function sqliteBenchDatabase(): Promise<{
  dir: string;
  env: { DATABASE_URL: string };
  db: Db;
  keyring: Keyring;
  apiKey: string;
  accountId: number;
}> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'facturier-bench-'));
  const env = { DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}` };
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const { keyring } = loadKeyring(config, { create: true });
  const { apiKey, accountId } = await createBenchAccount(db, 'Bench SAS');
  return { dir, env, db, keyring, apiKey, accountId };
}

/** The bare server under load (Hello JSON, or the bytes of `bodyFile`), then stopped. */
export async function measureCeiling(seconds: number, bodyFile?: string, name = 'bare node:http (ceiling)'): Promise<LoadResult> {
  const bare = await startBare(bodyFile);
  try {
    return await load({ name, url: `${bare.url}/hello`, seconds });
  } finally {
    await stop(bare.child);
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface LoadOptions {
  name: string;
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds?: number;
  warmupSeconds?: number;
  /** Varies the request path per request (e.g. random ids). */
  path?: () => string;
  method?: 'GET' | 'POST';
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  const connections = o.connections ?? 50;
  const seconds = o.seconds ?? 10;
  const base = {
    url: o.url,
    connections,
    headers: o.headers,
    method: o.method ?? 'GET',
    ...(o.path ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: o.path!() }) }] } : {}),
  };
  if ((o.warmupSeconds ?? 2) > 0) await autocannon({ ...base, duration: o.warmupSeconds ?? 2 } as autocannon.Options);
  const r = await autocannon({ ...base, duration: seconds } as autocannon.Options);
  return {
    name: o.name,
    connections,
    seconds,
    requests: r.requests.total,
    reqPerSec: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export function table(results: LoadResult[], ceiling?: LoadResult): string {
  const lines = ['| scenario | req/s | p50 ms | p99 ms | ratio to ceiling | non-2xx | errors |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of results) {
    const ratio = ceiling ? (r.reqPerSec / ceiling.reqPerSec).toFixed(2) : '';
    lines.push(`| ${r.name} | ${r.reqPerSec} | ${r.p50Ms} | ${r.p99Ms} | ${ratio} | ${r.non2xx} | ${r.errors} |`);
  }
  return lines.join('\n');
}

export function writeResults(name: string, markdown: string, data: unknown): string {
  const dir = path.join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 10);
  // A second run of the day is written beside the first (`-run2`, …), never over it.
  let file = path.join(dir, `${stamp}-${name}`);
  for (let run = 2; existsSync(`${file}.md`); run++) file = path.join(dir, `${stamp}-${name}-run${run}`);
  writeFileSync(`${file}.md`, markdown);
  writeFileSync(`${file}.json`, `${JSON.stringify(data, null, 2)}\n`);
  return `${file}.md`;
}

export function progress(label: string, done: number, total: number): void {
  if (!process.stderr.isTTY && done !== total && done % Math.max(1, Math.floor(total / 20)) !== 0) return;
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${done === total ? '\n' : ''}`);
}

/**
 * A new account whose settings name a seller that can issue conforming e-invoices: finalization refuses
 * documents that fail EN 16931 (e.g. BR-S-02, no seller VAT number) and, for French business buyers, BR-FR.
 */
export async function createBenchAccount(db: Db, name: string): Promise<{ apiKey: string; accountId: number }> {
  const created = await createAccount(db, name);
  await updateAccountSettings(db, created.accountId, {
    company: {
      siret: '12345678200010',
      vatNumber: 'FR11123456782',
      invoicingAddress: { street: '12 rue de la République', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
    },
  });
  return created;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks (100 Hz).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const load1 = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
