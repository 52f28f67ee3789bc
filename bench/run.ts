// `npm run bench [-- scenario ...]`: runs the load scenarios in one process tree and writes
// the figures to bench/results/. Scenarios: hello (default: all).
import { helloScenario } from './hello.js';
import { machine, table, writeResults } from './lib.js';

const scenarios: Record<string, (seconds: number) => Promise<{ ceiling: { reqPerSec: number } & Parameters<typeof table>[1]; results: Parameters<typeof table>[0] }>> = {
  hello: helloScenario,
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
  const { ceiling, results } = await run(seconds);
  const md = `# Benchmark: ${name}\n\n${new Date().toISOString()} — ${machine()}\n\nCommand: \`npm run bench -- ${name}\` (50 connections, ${seconds} s each after a 2 s warm-up)\n\n${table([ceiling!, ...results], ceiling)}\n`;
  process.stdout.write(`${md}\n`);
  process.stderr.write(`written to ${writeResults(name, md, { ceiling, results })}\n`);
}
