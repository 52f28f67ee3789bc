// Scenario (the read path, issue #29): six read endpoints of Facturier on 10,000 customers and a
// few thousand invoices, each beside two references run in the same process tree, in alternating
// rounds: a bare node:http server and a plain Fastify (no auth, no database, no logger), both
// replaying Facturier's own answer bytes for that endpoint. The figure is project ÷ bare req/s,
// the median of the rounds' ratios. Then (unless BENCH_PROFILE=0) one CPU profile of the server
// per endpoint, summarized as its top self-time functions (the profiles themselves are not kept).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SEARCH_WORDS, pick, rng } from './data.js';
import { generateCustomers, generateInvoices } from './generate.js';
import { cpuMs, load, load1, median, sqliteBenchDatabase, startFacturier, startReference, stop, type LoadResult } from './lib.js';
import { selfTimeTable, topSelfTime } from './profile.js';

interface Endpoint {
  key: string;
  name: string;
  /** A path of the project's endpoint (varied per request: random ids, pages, words). */
  path: () => string;
  /** Paths whose answers are sampled; the median-sized answer is what the references replay. */
  samples: string[];
  /** Concurrent connections (50 unless the answers are large). */
  connections?: number;
}

export async function apiScenario(seconds: number): Promise<{ results: LoadResult[]; notes: string[]; extra: string }> {
  const roundSeconds = process.env.BENCH_SECONDS ? seconds : 5;
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
  const invoiceCount = Number(process.env.BENCH_API_INVOICES ?? 5_000);
  const notes: string[] = [`load average (1, 5, 15 min) at start: ${load1()}`];
  const t0 = Date.now();
  const { dir, env, db, keyring, apiKey, accountId } = await sqliteBenchDatabase();
  const customerIds = await generateCustomers(db, accountId, customerCount);
  await generateInvoices(db, keyring, accountId, customerIds, invoiceCount);
  await db.close();
  notes.push(`setup: ${customerCount} customers and ${invoiceCount} invoices generated in ${Math.round((Date.now() - t0) / 1000)} s`);

  const random = rng(29);
  const pages = (n: number) => Math.max(1, Math.floor(n / 100));
  const endpoints: Endpoint[] = [
    { key: 'hello', name: 'GET /hello (authenticated)', path: () => '/hello', samples: ['/hello'] },
    {
      key: 'customer',
      name: 'GET /v1/customers/{id}',
      path: () => `/v1/customers/${pick(random, customerIds)}`,
      samples: Array.from({ length: 21 }, () => `/v1/customers/${pick(random, customerIds)}`),
    },
    {
      key: 'customers',
      name: 'GET /v1/customers?PageSize=100',
      path: () => `/v1/customers?PageSize=100&PageIndex=${1 + Math.floor(random() * pages(customerCount))}`,
      samples: [
        '/v1/customers?PageSize=100&PageIndex=1',
        '/v1/customers?PageSize=100&PageIndex=2',
        '/v1/customers?PageSize=100&PageIndex=3',
      ],
    },
    {
      key: 'search',
      name: 'GET /v1/customers?query=<word>',
      path: () => `/v1/customers?query=${pick(random, SEARCH_WORDS)}`,
      samples: SEARCH_WORDS.map((w) => `/v1/customers?query=${w}`),
    },
    {
      key: 'invoice',
      name: 'GET /v1/saleinvoices/{id}',
      path: () => `/v1/saleinvoices/${1 + Math.floor(random() * invoiceCount)}`,
      samples: Array.from({ length: 21 }, () => `/v1/saleinvoices/${1 + Math.floor(random() * invoiceCount)}`),
    },
    {
      key: 'invoices',
      name: 'GET /v1/saleinvoices?PageSize=100 (10 connections)',
      // ~700 KB pages: fifty connections queue past autocannon's 10 s timeout on a loaded machine.
      connections: 10,
      path: () => `/v1/saleinvoices?PageSize=100&PageIndex=${1 + Math.floor(random() * pages(invoiceCount))}`,
      samples: [
        '/v1/saleinvoices?PageSize=100&PageIndex=1',
        '/v1/saleinvoices?PageSize=100&PageIndex=2',
        '/v1/saleinvoices?PageSize=100&PageIndex=3',
      ],
    },
  ];
  const only = process.env.BENCH_ENDPOINTS?.split(',');
  const chosen = only ? endpoints.filter((e) => only.includes(e.key)) : endpoints;

  const headers = { 'x-api-key': apiKey };
  const server = await startFacturier(env);
  // The answers the references replay: for each endpoint, the median-sized of its sampled answers.
  const bodyDir = path.join(dir, 'bodies');
  mkdirSync(bodyDir);
  const bodyFiles: Record<string, string> = {};
  const sizes: Record<string, number> = {};
  for (const e of chosen) {
    const answers: Buffer[] = [];
    for (const p of e.samples) {
      const res = await fetch(`${server.url}${p}`, { headers });
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
      answers.push(Buffer.from(await res.arrayBuffer()));
    }
    const body = answers.sort((a, b) => a.length - b.length)[Math.floor(answers.length / 2)];
    bodyFiles[e.key] = path.join(bodyDir, `${e.key}.json`);
    sizes[e.key] = body.length;
    writeFileSync(bodyFiles[e.key], body);
  }
  const bodiesFile = path.join(dir, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodyFiles));
  const bare = await startReference('bare-server.js', { BARE_BODIES: bodiesFile });
  const plain = await startReference('fastify-server.js', { FASTIFY_BODIES: bodiesFile });

  type Kind = 'project' | 'bare' | 'fastify';
  const runs: Record<string, Record<Kind, LoadResult[]>> = {};
  /** Server CPU µs per answer, per round. */
  const cpu: Record<string, Record<Kind, number[]>> = {};
  const roundLines: string[] = [];
  for (let r = 0; r < rounds; r++) {
    roundLines.push(`- round ${r + 1}: load average ${load1()}`);
    for (const e of chosen) {
      runs[e.key] ??= { project: [], bare: [], fastify: [] };
      cpu[e.key] ??= { project: [], bare: [], fastify: [] };
      // The order rotates each round, so that no side always runs first (or after the same neighbour).
      const order: Kind[] = (['project', 'bare', 'fastify'] as Kind[]).map((_, i, a) => a[(i + r) % a.length]);
      for (const kind of order) {
        const target = kind === 'project' ? server : kind === 'bare' ? bare : plain;
        const options = {
          name: `${e.name} — ${kind === 'project' ? 'Facturier' : kind}`,
          url: target.url,
          headers: kind === 'project' ? headers : undefined,
          connections: e.connections,
          path: kind === 'project' ? e.path : () => `/${e.key}/r`,
        };
        await load({ ...options, seconds: 1, warmupSeconds: 0 });
        // The server's CPU time per answer: what contention on a shared machine changes least.
        const cpuBefore = cpuMs(target.child.pid);
        const result = await load({ ...options, seconds: roundSeconds, warmupSeconds: 0 });
        cpu[e.key][kind].push(((cpuMs(target.child.pid) - cpuBefore) * 1000) / Math.max(1, result.requests));
        if (result.non2xx || result.errors) notes.push(`${result.name}, round ${r + 1}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        runs[e.key][kind].push(result);
        process.stderr.write(`${e.key} round ${r + 1} ${kind}: ${result.reqPerSec} req/s\n`);
      }
    }
  }
  notes.push(`load average at the end of the rounds: ${load1()}`);
  await Promise.all([stop(server.child), stop(bare.child), stop(plain.child)]);

  const lines =
    rounds === 0
      ? []
      : [
          `Median of ${rounds} alternating rounds of ${roundSeconds} s (50 connections unless said, 1 s warm-up each); ratios are the median of the rounds' ratios. CPU µs/answer: the server process's user + system time (/proc) during the round ÷ the answers it gave (medians); it depends less on the machine's other load than req/s does.`,
          '',
          '| endpoint | bytes | Facturier req/s | p99 ms | plain Fastify req/s | bare req/s | Facturier ÷ bare | Fastify ÷ bare | Facturier ÷ Fastify | CPU µs/answer: Facturier, Fastify, bare | bare CPU ÷ Facturier CPU |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
        ];
  for (const e of rounds === 0 ? [] : chosen) {
    const { project, bare: b, fastify: f } = runs[e.key];
    const c = cpu[e.key];
    const ratio = (x: LoadResult[], y: LoadResult[]) => median(x.map((v, i) => v.reqPerSec / y[i].reqPerSec)).toFixed(2);
    lines.push(
      `| ${e.name} | ${sizes[e.key]} | ${median(project.map((x) => x.reqPerSec))} | ${median(project.map((x) => x.p99Ms))} | ${median(f.map((x) => x.reqPerSec))} | ${median(b.map((x) => x.reqPerSec))} | **${ratio(project, b)}** | ${ratio(f, b)} | ${ratio(project, f)} | ${Math.round(median(c.project))}, ${Math.round(median(c.fastify))}, ${Math.round(median(c.bare))} | ${median(c.bare.map((x, i) => x / c.project[i])).toFixed(2)} |`,
    );
  }
  if (rounds)
    lines.push('', 'Rounds:', ...roundLines, '', '| endpoint | round | Facturier | plain Fastify | bare |', '|---|---:|---:|---:|---:|');
  for (const e of rounds === 0 ? [] : chosen)
    for (let r = 0; r < rounds; r++)
      lines.push(
        `| ${e.key} | ${r + 1} | ${runs[e.key].project[r].reqPerSec} | ${runs[e.key].fastify[r].reqPerSec} | ${runs[e.key].bare[r].reqPerSec} |`,
      );

  if (process.env.BENCH_PROFILE !== '0') {
    lines.push('', '## CPU profiles of the server, one per endpoint', '');
    lines.push(
      `Each: a fresh server with \`--cpu-prof\`, warmed up 1 s, then loaded ${roundSeconds} s (the connections of the rounds); self time as a share of the samples taken during that load only (start-up excluded; idle and GC included).`,
    );
    for (const e of chosen) {
      const profDir = path.join(dir, `prof-${e.key}`);
      const profiled = await startFacturier(env, ['--cpu-prof', `--cpu-prof-dir=${profDir}`]);
      // Warm-up first (the first requests compile what is compiled lazily); only the load's samples count.
      await load({ name: e.name, url: profiled.url, headers, seconds: 1, warmupSeconds: 0, connections: e.connections, path: e.path });
      const fromUs = Number(process.hrtime.bigint() / 1000n);
      const result = await load({
        name: e.name,
        url: profiled.url,
        headers,
        seconds: roundSeconds,
        warmupSeconds: 0,
        connections: e.connections,
        path: e.path,
      });
      const toUs = Number(process.hrtime.bigint() / 1000n);
      await stop(profiled.child);
      const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
      lines.push('', `### ${e.name} (${result.reqPerSec} req/s under the profiler)`, '');
      lines.push(file ? selfTimeTable(topSelfTime(path.join(profDir, file), 20, { fromUs, toUs })) : '(no profile written)');
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return { results: [], notes, extra: `${lines.join('\n')}\n\n` };
}
