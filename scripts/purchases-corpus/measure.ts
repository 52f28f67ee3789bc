// `npx tsx scripts/purchases-corpus/measure.ts <folder> [--list]`: uploads every .pdf and .xml file
// under <folder> to POST /v1/purchaseinvoices/file of an app on an in-memory SQLite database (a fresh
// account per file, so that no file's supplier is matched to another's) and judges each purchase
// against oracle.ts. Prints the figures per format and profile (the table of docs/purchases.md) and,
// with --list, every file that is not read right. Downloads nothing; not run in CI.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createAccount } from '../../src/modules/accounts/index.js';
import { judge, type Judgement, type Verdict } from './judge.js';

const folder = process.argv[2];
if (!folder) {
  process.stderr.write('usage: npx tsx scripts/purchases-corpus/measure.ts <folder> [--list]\n');
  process.exit(2);
}
const list = process.argv.includes('--list');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return walk(p);
    return /\.(pdf|xml)$/i.test(name) ? [p] : [];
  });
}

const BOUNDARY = '----facturier-corpus';
function body(bytes: Buffer, name: string): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name.replace(/"/g, '')}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

const database = { dialect: 'sqlite' as const, file: ':memory:' };
const db = openDatabase(database);
await migrateToLatest(db);
const app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent' }), database }, db);
const files = walk(folder).sort();
const results: (Judgement & { file: string })[] = [];
try {
  for (const file of files) {
    const bytes = readFileSync(file);
    const { apiKey } = await createAccount(db, `Corpus ${results.length}`);
    const judgement = await judge(bytes, async (b) => {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/purchaseinvoices/file',
        headers: { 'x-api-key': apiKey, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: body(b, path.basename(file)),
      });
      const json = res.json<Record<string, unknown>>();
      let data: Record<string, unknown> | null = null;
      if (res.statusCode === 200) {
        const row = await db.kysely.selectFrom('purchaseInvoices').select('data').where('id', '=', Number(json.id)).executeTakeFirst();
        data = row ? (JSON.parse(row.data) as Record<string, unknown>) : null;
      }
      if (res.statusCode >= 500) throw new Error(`${file}: ${res.statusCode} ${res.body}`);
      return { status: res.statusCode, body: json, data };
    });
    results.push({ ...judgement, file: path.relative(folder, file) });
  }
} finally {
  await app.close();
  await db.close();
}

const VERDICTS: Verdict[] = ['right', 'field wrong', 'refused with a reason', 'refused wrongly', 'kept as a plain PDF'];
const groups = new Map<string, Map<Verdict, number>>();
for (const r of results) {
  const key = `${r.format} | ${r.profile.startsWith('not an invoice') ? 'not an invoice' : r.profile}`;
  const g = groups.get(key) ?? new Map<Verdict, number>();
  g.set(r.verdict, (g.get(r.verdict) ?? 0) + 1);
  groups.set(key, g);
}
const out: string[] = [];
out.push(`| format | profile | files | ${VERDICTS.join(' | ')} |`, `|---|---|---|${VERDICTS.map(() => '---').join('|')}|`);
for (const [key, g] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  const n = [...g.values()].reduce((a, b) => a + b, 0);
  out.push(`| ${key} | ${n} | ${VERDICTS.map((v) => g.get(v) ?? 0).join(' | ')} |`);
}
const readable = results.filter((r) => r.verdict === 'right' || r.verdict === 'field wrong' || r.verdict === 'refused wrongly');
const right = readable.filter((r) => r.verdict === 'right').length;
const totals = VERDICTS.map((v) => results.filter((r) => r.verdict === v).length);
out.push(`| all | | ${results.length} | ${totals.join(' | ')} |`);
out.push(
  '',
  `Readable invoices read right: ${right} of ${readable.length} (${((100 * right) / Math.max(1, readable.length)).toFixed(1)} %).`,
);
if (list) {
  out.push('');
  for (const r of results.filter((x) => x.verdict !== 'right'))
    out.push(`- ${r.verdict}: ${r.file} [${r.profile}] ${r.details.join('; ').slice(0, 300)}`);
}
process.stdout.write(`${out.join('\n')}\n`);
