// Scenario (exports): BENCH_EXPORT_INVOICES generated invoices (106,000 by default: about 1,000,000
// finalized invoice lines) on SQLite; the Detail sheet of every finalized invoice written as
// EuropeanCsv and as Excel by the streaming exports, and, in the same run, by exceljs's ordinary
// (non-streaming) Workbook from the same rows. Each writer runs in its own process, so its peak RSS
// is its own. Then the same two exports over HTTP from a server process: time to the first byte.
// `BENCH_EXPORT_INVOICES=2000 npm run bench -- exports` for a quick run; BENCH_EXPORT_MEMORY=0 leaves
// out the non-streaming Workbook (at a million rows it needs gigabytes and a quarter of an hour).
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateCustomers, generateInvoices } from './generate.js';
import { distRoot, sqliteBenchDatabase, startFacturier, stop } from './lib.js';
import type { ScenarioResult } from './run.js';

const run = promisify(execFile);

interface ChildResult {
  mode: string;
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  /** Peak anonymous RSS (the process's own memory) and file-backed RSS (the mapped database), sampled. */
  peakAnonMb?: number;
  peakFileMb?: number;
  firstByteMs: number | null;
}

async function child(
  mode: string,
  file: string,
  accountId: number,
  out: string,
  heapMb?: number,
): Promise<ChildResult | { mode: string; error: string }> {
  try {
    const args = [
      ...(heapMb ? [`--max-old-space-size=${heapMb}`] : []),
      path.join(distRoot, 'bench', 'export-child.js'),
      mode,
      file,
      String(accountId),
      out,
    ];
    const { stdout } = await run(process.execPath, args, { maxBuffer: 1 << 20 });
    return JSON.parse(stdout) as ChildResult;
  } catch (error) {
    return { mode, error: (error as Error).message.split('\n').find((l) => /heap|memory|Error/i.test(l)) ?? 'failed' };
  }
}

/** Time to the response headers and to the first byte of an export over HTTP; the download is then cut short. */
async function httpTiming(url: string, apiKey: string): Promise<{ headersMs: number; firstByteMs: number }> {
  const controller = new AbortController();
  const t = performance.now();
  const res = await fetch(url, { headers: { 'x-api-key': apiKey }, signal: controller.signal });
  const headersMs = performance.now() - t;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  const reader = res.body!.getReader();
  await reader.read();
  const firstByteMs = performance.now() - t;
  controller.abort();
  await reader.cancel().catch(() => undefined);
  return { headersMs: Math.round(headersMs), firstByteMs: Math.round(firstByteMs) };
}

export async function exportsScenario(): Promise<ScenarioResult> {
  const count = Number(process.env.BENCH_EXPORT_INVOICES ?? 106_000);
  const { dir, env, db, keyring, apiKey, accountId } = await sqliteBenchDatabase();
  const notes: string[] = [];
  try {
    const t = performance.now();
    await generateInvoices(db, keyring, accountId, await generateCustomers(db, accountId, 1000), count);
    notes.push(`generated ${count} invoices in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    await db.close();
    const file = env.DATABASE_URL.slice('sqlite:'.length);
    const out = (name: string) => path.join(dir, name);
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');

    const results: (ChildResult | { mode: string; error: string })[] = [];
    const loads: string[] = [];
    const loadOf: Record<string, string> = {};
    for (const [mode, name, heap] of [
      ['csv', 'lines.csv', undefined],
      ['excel', 'lines.xlsx', undefined],
      ...(process.env.BENCH_EXPORT_MEMORY === '0' ? [] : [['excel-memory', 'lines-memory.xlsx', 8192] as const]),
    ] as const) {
      loadOf[mode] = load();
      loads.push(`${mode}: ${loadOf[mode]}`);
      process.stderr.write(`export ${mode}…\n`);
      results.push(await child(mode, file, accountId, out(name), heap));
    }
    // The rows every writer wrote: the CSV's lines, less its header.
    const rows = readFileSync(out('lines.csv'), 'utf8').split('\r\n').length - 2;
    const size = (name: string) => {
      try {
        return `${(statSync(out(name)).size / 2 ** 20).toFixed(0)} MB`;
      } catch {
        return '-';
      }
    };
    const files: Record<string, string> = { csv: 'lines.csv', excel: 'lines.xlsx', 'excel-memory': 'lines-memory.xlsx' };
    const label: Record<string, string> = {
      csv: 'EuropeanCsv, streamed (GET /v1/exports/salesinvoices)',
      excel: 'Excel, exceljs streaming WorkbookWriter (the API)',
      'excel-memory': 'Excel, exceljs Workbook in memory (non-streaming)',
    };
    const lines = [
      '| writer | rows | seconds | rows/s | CPU seconds | rows per CPU second | peak RSS | of which anonymous / file-backed | first byte | file | load (1, 5, 15 min) at start |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ];
    for (const r of results) {
      if ('error' in r) lines.push(`| ${label[r.mode]} | ${rows} | failed: ${r.error} | | | | | | | | ${loadOf[r.mode]} |`);
      else
        lines.push(
          `| ${label[r.mode]} | ${rows} | ${r.seconds.toFixed(1)} | ${Math.round(rows / r.seconds)} | ${r.cpuSeconds.toFixed(1)} | ${Math.round(rows / r.cpuSeconds)} | ${r.peakRssMb} MB | ${r.peakAnonMb ?? '-'} / ${r.peakFileMb ?? '-'} MB | ${r.firstByteMs === null ? '-' : `${r.firstByteMs} ms`} | ${size(files[r.mode])} | ${loadOf[r.mode]} |`,
        );
    }
    notes.push(`load average (1, 5, 15 min) at the start of each: ${loads.join('; ')}`);

    const server = await startFacturier(env);
    try {
      for (const format of ['EuropeanCsv', 'Excel']) {
        const h = await httpTiming(`${server.url}/v1/exports/salesinvoices?format=${format}&sheets=Detail`, apiKey);
        notes.push(
          `HTTP GET /v1/exports/salesinvoices?format=${format}&sheets=Detail: headers after ${h.headersMs} ms, first byte after ${h.firstByteMs} ms (load ${load()})`,
        );
      }
    } finally {
      await stop(server.child);
    }
    return { results: [], notes, extra: `${lines.join('\n')}\n\n` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
