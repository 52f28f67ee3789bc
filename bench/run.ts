// `npm run bench [-- scenario ...]`: runs the load scenarios in one process tree and writes
// the figures to bench/results/. Scenarios: api, hello, customers, invoices, pdf, backup, workers, exports, einvoicing, delivery, statements, scale, dashboard (default: all).
import { apiScenario } from './api.js';
import { backupScenario } from './backup.js';
import { customersScenario } from './customers.js';
import { dashboardScenario } from './dashboard.js';
import { einvoicingScenario } from './einvoicing.js';
import { exportsScenario } from './exports.js';
import { deliveryScenario } from './delivery.js';
import { helloScenario } from './hello.js';
import { invoicesScenario } from './invoices.js';
import { machine, table, writeResults, type LoadResult } from './lib.js';
import { pdfScenario } from './pdf.js';
import { scaleScenario } from './scale.js';
import { statementsScenario } from './statements.js';
import { workersScenario } from './workers.js';

export interface ScenarioResult {
  ceiling?: LoadResult;
  results: LoadResult[];
  /** Free-form lines: generation times, correctness checks, non-HTTP measurements. */
  notes?: string[];
  /** Markdown of measurements that are not load tests (e.g. PDF rates). */
  extra?: string;
}

const scenarios: Record<string, (seconds: number) => Promise<ScenarioResult>> = {
  api: apiScenario,
  hello: helloScenario,
  customers: customersScenario,
  invoices: invoicesScenario,
  pdf: pdfScenario,
  backup: backupScenario,
  workers: workersScenario,
  exports: exportsScenario,
  einvoicing: einvoicingScenario,
  delivery: deliveryScenario,
  statements: statementsScenario,
  scale: scaleScenario,
  dashboard: dashboardScenario,
};

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(scenarios);
for (const name of chosen) {
  const run = scenarios[name];
  if (!run) {
    process.stderr.write(`unknown scenario "${name}"; known: ${Object.keys(scenarios).join(', ')}\n`);
    process.exit(64);
  }
  process.stderr.write(`scenario ${name}…\n`);
  const { ceiling, results, notes = [], extra = '' } = await run(seconds);
  const loadTable = results.length ? `${table(ceiling ? [ceiling, ...results] : results, ceiling)}\n` : '';
  const md = `# Benchmark: ${name}\n\n${new Date().toISOString()} — ${machine()}\n\nCommand: \`npm run bench -- ${name}\` (load tests: ${seconds} s each after a warm-up)\n\n${loadTable}${extra}${notes.map((n) => `- ${n}\n`).join('')}`;
  process.stdout.write(`${md}\n`);
  process.stderr.write(`written to ${writeResults(name, md, { ceiling, results, notes })}\n`);
}
