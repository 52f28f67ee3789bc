// Scenario (conformance check): latency of the built-in e-invoicing check (EN 16931 + every BR-FR assert)
// on 10-, 200- and 1,000-line documents, on a domestic B2B invoice (no finding) and on a consumer invoice
// with many French findings (warnings), in this process, one check at a time.
import os from 'node:os';
import { buildCii } from '../src/rendering/cii.js';
import { checkEInvoice } from '../src/einvoicing/check.js';
import { parseXml } from '../src/einvoicing/xml.js';
import { benchInvoice } from './pdf.js';
import type { ScenarioResult } from './run.js';

const RUNS = Number(process.env.BENCH_CHECK_RUNS ?? 2000);
const WARMUP = 100;

function measure(fn: () => void, runs: number): { p50: number; p99: number; max: number } {
  for (let i = 0; i < WARMUP; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  const at = (q: number) => t[Math.min(t.length - 1, Math.floor(q * t.length))];
  return { p50: at(0.5), p99: at(0.99), max: t[t.length - 1] };
}

export async function einvoicingScenario(): Promise<ScenarioResult> {
  const rows: string[] = [];
  const notes: string[] = [];
  const cases: [string, string, number][] = [];
  for (const n of [10, 200, 1000]) {
    const doc = benchInvoice(n);
    cases.push([`${n} lines, domestic B2B`, buildCii(doc), n === 1000 ? Math.ceil(RUNS / 5) : RUNS]);
    if (n === 200) {
      // A consumer without notes or addresses: French findings (warnings) on every line's VAT rate.
      const consumer = buildCii({
        ...doc,
        buyer: { ...doc.buyer, siren: null, siret: null, vatNumber: null, isBusiness: false },
        notes: [],
      });
      cases.push([`${n} lines, consumer with French findings`, consumer.replace(/>20</g, '>19.99<'), RUNS]);
    }
  }
  for (const [name, xml, runs] of cases) {
    const findings = checkEInvoice(xml).findings;
    const check = measure(() => checkEInvoice(xml), runs);
    const parse = measure(() => parseXml(xml), runs);
    rows.push(
      `| ${name} | ${Math.round(Buffer.byteLength(xml) / 1024)} KB | ${findings.length} | ${check.p50.toFixed(2)} | ${check.p99.toFixed(2)} | ${check.max.toFixed(2)} | ${parse.p50.toFixed(2)} | ${runs} |`,
    );
  }
  notes.push(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (2 cores shared with other agents)`,
  );
  const extra =
    '| document | size | findings | check p50 ms | check p99 ms | check max ms | of which parse p50 ms | runs |\n' +
    '|---|---:|---:|---:|---:|---:|---:|---:|\n' +
    `${rows.join('\n')}\n\n`;
  return { results: [], notes, extra };
}
