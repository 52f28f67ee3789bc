// Summaries of V8 CPU profiles (`node --cpu-prof`): the functions that hold the most self time,
// so that bench/results/ keeps a short table rather than the profile itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

export interface SelfTime {
  name: string;
  where: string;
  percent: number;
}

/** Where a function lives, short: `src/http/auth.js:12`, `fastify/lib/reply.js:300`, `(native)`. */
function shortUrl(url: string, line: number): string {
  if (!url) return '(native)';
  const clean = url.replace(/^file:\/\//, '');
  const nm = clean.lastIndexOf('node_modules/');
  const rel =
    nm >= 0
      ? clean.slice(nm + 'node_modules/'.length)
      : clean.includes('/dist/')
        ? clean.slice(clean.lastIndexOf('/dist/') + 6)
        : path.basename(clean);
  return `${rel}:${line + 1}`;
}

/** The `top` functions by self time (percent of all samples, idle and GC included, as V8 counts them). */
export function topSelfTime(file: string, top = 15, window?: { fromUs: number; toUs: number }): SelfTime[] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    startTime: number;
    timeDeltas: number[];
  };
  const byNode = new Map<number, ProfileNode>(profile.nodes.map((n) => [n.id, n]));
  const hits = new Map<number, number>();
  // Samples are timed on the monotonic clock every process of the machine shares (microseconds):
  // with a window, only the samples taken under load count, not the start (schemas compiled, modules loaded).
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    hits.set(id, (hits.get(id) ?? 0) + 1);
    total += 1;
  });
  total ||= 1;
  const grouped = new Map<string, SelfTime>();
  for (const [id, count] of hits) {
    const node = byNode.get(id)!;
    const name = node.callFrame.functionName || '(anonymous)';
    const where = shortUrl(node.callFrame.url, node.callFrame.lineNumber);
    const key = `${name} ${where}`;
    const entry = grouped.get(key) ?? { name, where, percent: 0 };
    entry.percent += (100 * count) / total;
    grouped.set(key, entry);
  }
  return [...grouped.values()].sort((a, b) => b.percent - a.percent).slice(0, top);
}

export function selfTimeTable(rows: SelfTime[]): string {
  return [
    '| self % | function | where |',
    '|---:|---|---|',
    ...rows.map((r) => `| ${r.percent.toFixed(1)} | \`${r.name}\` | ${r.where} |`),
  ].join('\n');
}
