// One export measured in its own process (so that its peak RSS is its own): `node export-child.js
// MODE DATABASE_FILE ACCOUNT_ID OUT_FILE`. MODE: csv (EuropeanCsv, streamed), excel (exceljs
// streaming WorkbookWriter, as the API writes it), excel-memory (exceljs's ordinary Workbook built
// in memory from the same rows, then written: the non-streaming way). The Detail sheet of every
// finalized invoice is written; prints one JSON line: seconds, peak RSS, time to the first byte.
import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { openDatabase } from '../src/db/connection.js';
import { datasetByPath, prepareExport } from '../src/modules/exports/index.js';

const [mode, file, account, out] = process.argv.slice(2);
const db = openDatabase({ dialect: 'sqlite', file });
const dataset = datasetByPath('salesinvoices')!;
// Peak RSS split as Linux counts it: anonymous memory (the process's own: heap, buffers) and
// file-backed pages (SQLite maps the database file, mmap_size: every page read counts in RSS while
// it stays mapped, though the kernel can drop it at any time).
const peak = { anon: 0, file: 0 };
const sample = () => {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    peak.anon = Math.max(peak.anon, kb('RssAnon'));
    peak.file = Math.max(peak.file, kb('RssFile'));
  } catch {
    // Not Linux: only the total peak is known.
  }
};
const sampler = setInterval(sample, 100);
const started = performance.now();
const cpu0 = process.cpuUsage();
let firstByteMs: number | null = null;

if (mode === 'csv' || mode === 'excel') {
  const prepared = await prepareExport(db.reader(), Number(account), dataset, {
    format: mode === 'csv' ? 'EuropeanCsv' : 'Excel',
    sheets: 'Detail',
    params: {},
  });
  const stream = createWriteStream(out);
  const write = stream.write.bind(stream);
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    firstByteMs ??= performance.now() - started;
    return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stream.write;
  const closed = once(stream, 'close');
  await prepared.write(stream);
  await closed;
} else if (mode === 'excel-memory') {
  // The same sheet's rows and columns, through exceljs's in-memory workbook.
  const ctx = { db: db.kysely, accountId: Number(account), params: {}, asOf: new Date().toISOString() };
  const [sheet] = await dataset.open(ctx, ['Detail']);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = sheet.columns.map((c) => ({ header: c.header, key: c.key, width: 14 }));
  for await (const batch of sheet.rows()) {
    for (const row of batch) {
      ws.addRow(
        row.map((v, i) =>
          v === null
            ? null
            : sheet.columns[i].type === 'text'
              ? v
              : sheet.columns[i].type === 'date'
                ? new Date(`${String(v)}T00:00:00Z`)
                : Number(v),
        ),
      );
    }
  }
  await wb.xlsx.writeFile(out);
} else throw new Error(`unknown mode ${mode}`);

const seconds = (performance.now() - started) / 1000;
sample();
clearInterval(sampler);
await db.close();
process.stdout.write(
  `${JSON.stringify({ mode, seconds, cpuSeconds: ((c) => (c.user + c.system) / 1e6)(process.cpuUsage(cpu0)), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024), peakAnonMb: Math.round(peak.anon / 1024), peakFileMb: Math.round(peak.file / 1024), firstByteMs: firstByteMs === null ? null : Math.round(firstByteMs) })}\n`,
);
