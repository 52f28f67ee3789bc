// Scenario (conformance check, issues #11 and #29): the built-in e-invoicing check (EN 16931 + every
// BR-FR assert), measured four ways, wall clock and CPU time (process.cpuUsage, steadier than wall time
// on a shared machine) side by side:
// 1. against the official rules (EN 16931 CII Schematron + BR-FR on SaxonJS, the einvoicing-oracle
//    beside the repository), warm, in this process, on the same 10-line credit note and invoice, in
//    alternating rounds: the ratio oracle ÷ ours;
// 2. over HTTP: POST /v1/salecredits/checkeinvoicing/{id} on a 10-line draft credit, one request at a
//    time, p50/p99 and the server's CPU per check;
// 3. linearity: 10-, 200-, 1,000- and 5,000-line invoices (time per line should stay flat);
// 4. the documents as the writer indents them, and a 200-line consumer invoice with French findings.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCii } from '../src/rendering/cii.js';
import type { IssuedDocument } from '../src/rendering/model.js';
import { checkEInvoice } from '../src/einvoicing/check.js';
import { parseXml } from '../src/einvoicing/xml.js';
import { repoRoot, sqliteBenchDatabase, startFacturier, stop } from './lib.js';
import { benchInvoice } from './pdf.js';
import type { ScenarioResult } from './run.js';

const RUNS = Number(process.env.BENCH_CHECK_RUNS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HTTP_RUNS = Number(process.env.BENCH_HTTP_RUNS ?? 1000);
const ORACLE_RUNS = Number(process.env.BENCH_ORACLE_RUNS ?? 20);
const ORACLE_DIR = process.env.BENCH_ORACLE_DIR ?? path.resolve(repoRoot, '..', 'shared', 'einvoicing-oracle');
const WARMUP = 100;

interface Timing {
  p50: number;
  p99: number;
  max: number;
  /** CPU time of this process (user + system) per run, ms. */
  cpu: number;
  runs: number;
}

const load1 = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function summarize(t: number[], cpuMicros: number): Timing {
  t.sort((a, b) => a - b);
  const at = (q: number) => t[Math.min(t.length - 1, Math.floor(q * t.length))];
  return { p50: at(0.5), p99: at(0.99), max: t[t.length - 1], cpu: cpuMicros / 1000 / t.length, runs: t.length };
}

function measure(fn: () => void, runs: number, warmup = WARMUP): Timing {
  for (let i = 0; i < warmup; i++) fn();
  const t: number[] = [];
  const c0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  const c = process.cpuUsage(c0);
  return summarize(t, c.user + c.system);
}

async function measureAsync(fn: () => Promise<unknown>, runs: number, warmup: number): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const t: number[] = [];
  const c0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  const c = process.cpuUsage(c0);
  return summarize(t, c.user + c.system);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f2 = (n: number) => n.toFixed(2);

/** A 10-line credit note to a French business (BT-3 381, naming the invoice it corrects). */
function benchCredit(lines: number): IssuedDocument {
  return {
    ...benchInvoice(lines),
    kind: 'Credit',
    number: 'A-2026-00007',
    precedingInvoice: { number: 'F-2026-00042', date: '2026-11-02' },
  };
}

/**
 * The writer's XML without the whitespace between elements: the same document (CII has no mixed
 * content), 25 % smaller, so that a 5,000-line invoice fits under the check's 5 MB limit on XML (as
 * indented it is 6 MB, and the check refuses it whole; a sale document has at most 1,000 lines).
 */
const compact = (xml: string) => xml.replace(/>\s+</g, '><');

interface OracleFinding {
  id: string;
}
interface OracleModule {
  prepare(): void;
  loadRules(): unknown;
  validateBytes(
    bytes: Uint8Array,
    rules: unknown,
  ): Promise<{
    en16931: { errors: OracleFinding[]; warnings: OracleFinding[] };
    brfr?: { errors: OracleFinding[]; warnings: OracleFinding[] };
  }>;
}

async function loadOracle(): Promise<Oracle | string> {
  const entry = path.join(ORACLE_DIR, 'lib', 'oracle.mjs');
  if (!existsSync(entry) || !existsSync(path.join(ORACLE_DIR, 'node_modules'))) {
    return `the official rules (einvoicing-oracle) are not at ${ORACLE_DIR} with their dependencies (BENCH_ORACLE_DIR)`;
  }
  const mod = (await import(pathToFileURL(entry).href)) as OracleModule;
  mod.prepare();
  const rules = mod.loadRules();
  return {
    // The failed asserts, one per occurrence: EN 16931 errors and warnings, then every BR-FR one.
    validate: async (xml) => {
      const r = await mod.validateBytes(Buffer.from(xml, 'utf8'), rules);
      return [...r.en16931.errors, ...r.en16931.warnings, ...(r.brfr?.errors ?? []), ...(r.brfr?.warnings ?? [])].map((f) => f.id);
    },
  };
}

/** 1. Ours vs the official rules on SaxonJS, alternating rounds on the same documents. */
type Oracle = { validate: (xml: string) => Promise<string[]> };

async function versusOracle(oracle: Oracle | string, notes: string[]): Promise<string> {
  if (typeof oracle === 'string') {
    notes.push(`ours vs the official rules: not measured: ${oracle}`);
    return '';
  }
  const docs: [string, string][] = [
    ['10-line credit note, domestic B2B', buildCii(benchCredit(10))],
    ['10-line invoice, domestic B2B', buildCii(benchInvoice(10))],
  ];
  const rows: string[] = [];
  for (const [name, xml] of docs) {
    const ours = checkEInvoice(xml)
      .findings.map((f) => f.ruleId)
      .sort();
    const theirs = (await oracle.validate(xml)).sort();
    for (let i = 0; i < 3; i++) await oracle.validate(xml); // warm (SaxonJS compiles its stylesheets' code on first use)
    const o: Timing[] = [];
    const s: Timing[] = [];
    const loads: string[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      loads.push(load1().split(' ')[0]);
      const runOurs = () => s.push(measure(() => checkEInvoice(xml), RUNS, r === 0 ? WARMUP : 10));
      const runOracle = async () => o.push(await measureAsync(() => oracle.validate(xml), ORACLE_RUNS, 2));
      if (r % 2 === 0) {
        runOurs();
        await runOracle();
      } else {
        await runOracle();
        runOurs();
      }
    }
    const wallRatio = median(o.map((t, i) => t.p50 / s[i].p50));
    const cpuRatio = median(o.map((t, i) => t.cpu / s[i].cpu));
    rows.push(
      `| ${name} | ${f2(median(s.map((t) => t.p50)))} | ${f2(median(s.map((t) => t.p99)))} | ${f2(median(s.map((t) => t.cpu)))} | ` +
        `${f2(median(o.map((t) => t.p50)))} | ${f2(median(o.map((t) => t.cpu)))} | **${wallRatio.toFixed(0)}** | **${cpuRatio.toFixed(0)}** | ` +
        `${ours.join(', ') || '—'} | ${theirs.join(', ') || '—'} | ${loads.join(', ')} |`,
    );
  }
  return (
    `Ours vs the official rules (EN 16931 CII Schematron 1.3.16 + BR-FR 1.4.0.03 as XSLT on SaxonJS, warm, \`validateBytes\` of ${ORACLE_DIR}), ` +
    `in this process, ${ROUNDS} alternating rounds (ours ${RUNS} checks, the oracle ${ORACLE_RUNS} a round); ratios are the median of the rounds' ratios:\n\n` +
    "| document | ours p50 ms | ours p99 ms | ours CPU ms/check | oracle p50 ms | oracle CPU ms/check | oracle ÷ ours (p50) | oracle ÷ ours (CPU) | our findings | the oracle's failed asserts | load (1 min) at each round |\n" +
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|\n' +
    `${rows.join('\n')}\n\n`
  );
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux); NaN elsewhere. */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** 2. POST /v1/salecredits/checkeinvoicing/{id} on a 10-line draft credit, one request at a time. */
async function overHttp(oracle: Oracle | string, notes: string[]): Promise<string> {
  const { dir, env, db, apiKey } = await sqliteBenchDatabase();
  await db.close();
  const server = await startFacturier(env);
  try {
    const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${server.url}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { id: number };
    };
    const customer = await post('/v1/customers', {
      companyName: 'Boulangerie Dupont',
      billingAddress: { street: '3 place du Marché', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
      companyInformations: { siret: '55210055400013', vatNumber: 'FR96552100554' },
    });
    const lines = Array.from({ length: 10 }, (_, i) => ({
      type: 'Service',
      description: `Prestation de service numéro ${i + 1} — accompagnement et suivi`,
      quantity: 1 + (i % 7),
      taxExcludedPrice: (1999 + i * 37) / 100,
      vat: { rate: i % 5 === 0 ? 5.5 : 20 },
    }));
    const credit = await post('/v1/salecredits', {
      customerId: customer.id,
      date: new Date().toISOString().slice(0, 10),
      lines,
      correctedInvoiceNumber: 'EXT-2026-001',
      correctedInvoiceDate: '2026-01-05',
    });
    const url = `${server.url}/v1/salecredits/checkeinvoicing/${credit.id}`;
    let answer = '';
    const once = async () => {
      const res = await fetch(url, { method: 'POST', headers: { 'x-api-key': apiKey } });
      answer = await res.text();
      if (res.status !== 200) throw new Error(`checkeinvoicing answered ${res.status}: ${answer}`);
    };
    // The oracle, in alternating rounds, on the 10-line credit of the in-process comparison (same lines,
    // seller and buyer; the draft's own XML is not exposed by the API).
    const credit10 = buildCii(benchCredit(10));
    if (typeof oracle !== 'string') for (let i = 0; i < 3; i++) await oracle.validate(credit10);
    const rows: string[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const loadAt = load1().split(' ')[0];
      let official: Timing | null = null;
      const runOracle = async () => {
        if (typeof oracle !== 'string') official = await measureAsync(() => oracle.validate(credit10), ORACLE_RUNS, 1);
      };
      if (r % 2 === 1) await runOracle();
      const warm = r === 0 ? 100 : 10;
      const cpu0 = cpuMsOf(server.child.pid);
      const t = await measureAsync(once, HTTP_RUNS, warm);
      const serverCpu = (cpuMsOf(server.child.pid) - cpu0) / (HTTP_RUNS + warm);
      if (r % 2 === 0) await runOracle();
      const o = official as Timing | null;
      rows.push(
        `| ${r + 1} | ${f2(t.p50)} | **${f2(t.p99)}** | ${f2(t.max)} | ${f2(serverCpu)} | ${f2(t.cpu)} | ${t.runs} | ` +
          `${o ? f2(o.p50) : '—'} | ${o ? `**${(o.p50 / t.p50).toFixed(0)}**` : '—'} | ${o ? (o.cpu / serverCpu).toFixed(0) : '—'} | ${loadAt} |`,
      );
    }
    notes.push(`over HTTP, the answer: ${answer}`);
    return (
      `Over HTTP: \`POST /v1/salecredits/checkeinvoicing/{id}\` on a 10-line draft credit to a French business (SQLite, one server ` +
      `process, default worker threads), one request at a time from this process (keep-alive), ${HTTP_RUNS} requests a round; ` +
      `server CPU from /proc (10 ms ticks, averaged over the round). Each round also runs the official rules in this process ` +
      `(${ORACLE_RUNS} runs) on the 10-line credit of the table above; "oracle ÷ HTTP" is the oracle's p50 over the HTTP p50, ` +
      `"oracle CPU ÷ server CPU" its CPU per check over the server's CPU per request:\n\n` +
      '| round | p50 ms | p99 ms | max ms | server CPU ms/check | client CPU ms/request | requests | oracle p50 ms | oracle ÷ HTTP (p50) | oracle CPU ÷ server CPU | load (1 min) |\n' +
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n' +
      `${rows.join('\n')}\n\n`
    );
  } finally {
    await stop(server.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 3. and 4.: the check alone on documents of growing size. */
function bySize(): string {
  const rows: string[] = [];
  const cases: [string, string, number, number][] = [];
  for (const n of [10, 200, 1000, 5000]) {
    cases.push([
      `${n} lines, domestic B2B, compact`,
      compact(buildCii(benchInvoice(n))),
      n,
      Math.max(5, Math.min(RUNS, Math.round((RUNS * 10) / n))),
    ]);
  }
  for (const n of [10, 200, 1000]) {
    const doc = benchInvoice(n);
    cases.push([
      `${n} lines, domestic B2B, as written (indented)`,
      buildCii(doc),
      n,
      Math.max(5, Math.min(RUNS, Math.round((RUNS * 10) / n))),
    ]);
    if (n === 200) {
      // A consumer without notes or addresses: French findings (warnings) on every line's VAT rate.
      const consumer = buildCii({
        ...doc,
        buyer: { ...doc.buyer, siren: null, siret: null, vatNumber: null, isBusiness: false },
        notes: [],
      });
      cases.push([`${n} lines, consumer with French findings, as written`, consumer.replace(/>20</g, '>19.99<'), n, Math.round(RUNS / 10)]);
    }
  }
  for (const [name, xml, lines, runs] of cases) {
    const findings = checkEInvoice(xml).findings;
    const warmup = Math.max(3, Math.min(WARMUP, runs));
    const check = measure(() => checkEInvoice(xml), runs, warmup);
    const parse = measure(() => parseXml(xml), runs, warmup);
    rows.push(
      `| ${name} | ${Math.round(Buffer.byteLength(xml) / 1024)} KB | ${findings.length} | ${f2(check.p50)} | ${f2(check.p99)} | ${f2(check.max)} | ` +
        `**${f2(check.cpu)}** | **${((check.cpu * 1000) / lines).toFixed(1)}** | ${f2(parse.cpu)} | ${runs} | ${load1().split(' ')[0]} |`,
    );
  }
  return (
    'The check alone (`checkEInvoice`: parse + every rule), one document at a time in this process. "Compact" is the ' +
    "writer's XML without the whitespace between elements (the same document; a 5,000-line invoice as indented is over the " +
    "check's 5 MB limit):\n\n" +
    '| document | size | findings | check p50 ms | check p99 ms | check max ms | check CPU ms | CPU µs per line | of which parse, CPU ms | runs | load (1 min) |\n' +
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n' +
    `${rows.join('\n')}\n\n`
  );
}

export async function einvoicingScenario(): Promise<ScenarioResult> {
  const notes: string[] = [`load average (1, 5, 15 min) at start: ${load1()} (2 cores shared with other agents)`];
  const only = process.env.BENCH_PARTS?.split(',');
  const want = (part: string) => !only || only.includes(part);
  let extra = '';
  const oracle = want('oracle') || want('http') ? await loadOracle() : 'not asked for (BENCH_PARTS)';
  if (want('oracle')) extra += await versusOracle(oracle, notes);
  if (want('http')) extra += await overHttp(oracle, notes);
  if (want('size')) extra += bySize();
  notes.push(`load average at the end: ${load1()}`);
  return { results: [], notes, extra };
}
