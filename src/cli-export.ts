// `facturier export DATASET --account N --out FILE [...]`: an export (or the FEC) written to a file,
// through the same datasets as GET /v1/exports/*, with a progress bar on a terminal. The file is
// written under a temporary name beside FILE and renamed at the end, so FILE is never half written.
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { completeDetailUpgrade } from './modules/sales/index.js';
import {
  DATASETS,
  datasetByPath,
  EXPORT_FORMATS,
  EXPORT_SHEETS,
  prepareExport,
  prepareFec,
  type ExportFormat,
  type ExportSheetsValue,
  type PreparedExport,
} from './modules/exports/index.js';

export const EXPORT_USAGE = `  facturier export DATASET --account N --out FILE [--format F] [--sheets S] [--from DATE] [--to DATE]
                   [--customer-id N] [--supplier-id N] [--colleague-id N] [--types A,B] [--id N]
                   [--search TEXT] [--force] [--json]
  facturier export fec --account N --year YYYY --out FILE [--separator Pipe|Tab] [--force] [--json]
                                        write an export to FILE (DATASET: ${DATASETS.map((d) => d.path).join(', ')});
                                        F: ${EXPORT_FORMATS.join(', ')} (default Excel); S: ${EXPORT_SHEETS.join(', ')};
                                        a progress bar on a terminal; FILE is replaced only with --force`;

export interface ExportIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** stderr is a terminal: draw the progress bar there. */
  isTTY?: boolean;
}

const WIDTH = 30;

/** A progress bar on stderr, redrawn at most every 100 ms. */
function progressBar(io: ExportIo, label: string, total: number) {
  let done = 0;
  let last = 0;
  const draw = () => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * WIDTH);
    io.stderr(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${Math.floor(ratio * 100)}% ${done}/${total}`);
  };
  return {
    tick(count: number) {
      done += count;
      const now = Date.now();
      if (now - last >= 100) {
        last = now;
        draw();
      }
    },
    finish() {
      done = total;
      draw();
      io.stderr('\n');
    },
  };
}

function intOption(value: string | undefined, flag: string, usage: (m: string) => Error): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 2147483647) throw usage(`${flag} must be a positive integer`);
  return Number(value);
}

export async function exportCommand(config: Config, argv: string[], io: ExportIo, usage: (message: string) => Error): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      account: { type: 'string' },
      out: { type: 'string' },
      format: { type: 'string' },
      sheets: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      'customer-id': { type: 'string' },
      'supplier-id': { type: 'string' },
      'colleague-id': { type: 'string' },
      types: { type: 'string' },
      id: { type: 'string' },
      search: { type: 'string' },
      year: { type: 'string' },
      separator: { type: 'string' },
      force: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw usage('export needs exactly one DATASET');
  const name = positionals[0].toLowerCase();
  const accountId = intOption(values.account, '--account', usage);
  if (accountId === undefined) throw usage('--account is required');
  if (!values.out) throw usage('--out FILE is required');
  const out = path.resolve(values.out);
  if (existsSync(out) && !values.force) throw usage(`${values.out} exists; add --force to replace it`);
  const dataset = name === 'fec' ? null : datasetByPath(name);
  if (name !== 'fec' && !dataset) throw usage(`unknown dataset "${positionals[0]}"; known: ${DATASETS.map((d) => d.path).join(', ')}, fec`);
  const format = values.format as ExportFormat | undefined;
  if (format !== undefined && !EXPORT_FORMATS.includes(format)) throw usage(`--format must be one of ${EXPORT_FORMATS.join(', ')}`);
  const sheets = values.sheets as ExportSheetsValue | undefined;
  if (sheets !== undefined && !EXPORT_SHEETS.includes(sheets)) throw usage(`--sheets must be one of ${EXPORT_SHEETS.join(', ')}`);
  for (const flag of ['from', 'to'] as const) {
    const v = values[flag];
    if (v !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))))
      throw usage(`--${flag} must be a date YYYY-MM-DD`);
  }
  const separator = values.separator;
  if (separator !== undefined && separator !== 'Pipe' && separator !== 'Tab') throw usage('--separator must be Pipe or Tab');

  const db = openDatabase(config.database);
  const temporary = path.join(path.dirname(out), `.${path.basename(out)}.${process.pid}.tmp`);
  try {
    await migrateToLatest(db);
    await completeDetailUpgrade(db.kysely);
    let prepared: PreparedExport;
    if (dataset) {
      const params = {
        ...(values.from !== undefined && { from: values.from }),
        ...(values.to !== undefined && { to: values.to }),
        ...(values['customer-id'] !== undefined && { customerId: intOption(values['customer-id'], '--customer-id', usage) }),
        ...(values['supplier-id'] !== undefined && { supplierId: intOption(values['supplier-id'], '--supplier-id', usage) }),
        ...(values['colleague-id'] !== undefined && { colleagueId: intOption(values['colleague-id'], '--colleague-id', usage) }),
        ...(values.types !== undefined && { types: [values.types] }),
        ...(values.search !== undefined && { searchTerm: values.search }),
      };
      const FLAG: Record<string, string> = {
        customerId: 'customer-id',
        supplierId: 'supplier-id',
        colleagueId: 'colleague-id',
        searchTerm: 'search',
      };
      for (const p of Object.keys(params)) {
        if (!dataset.params.includes(p as (typeof dataset.params)[number])) throw usage(`${dataset.path} does not take --${FLAG[p] ?? p}`);
      }
      const id = intOption(values.id, '--id', usage);
      if (dataset.pathId && id === undefined) throw usage(`${dataset.path} needs --id N (${dataset.pathId})`);
      if (!dataset.pathId && id !== undefined) throw usage(`${dataset.path} does not take --id`);
      prepared = await prepareExport(db.reader(), accountId, dataset, {
        format,
        sheets,
        params: { ...params, ...(id !== undefined && { id }) },
      });
    } else {
      const year = intOption(values.year, '--year', usage);
      if (year === undefined || year < 1900 || year > 9999) throw usage('fec needs --year YYYY');
      prepared = await prepareFec(db.reader(), accountId, year, separator);
    }
    const started = Date.now();
    const bar = io.isTTY ? progressBar(io, path.basename(out), await prepared.total()) : null;
    const file = createWriteStream(temporary, { flags: 'wx' });
    const closed = once(file, 'close');
    try {
      await prepared.write(
        file,
        bar
          ? (n) => {
              bar.tick(n);
            }
          : undefined,
      );
    } catch (error) {
      file.destroy();
      throw error;
    }
    await closed;
    bar?.finish();
    if (existsSync(out) && !values.force) throw usage(`${values.out} appeared meanwhile; add --force to replace it`);
    renameSync(temporary, out);
    const result = { file: out, name: prepared.fileName, contentType: prepared.contentType, durationMs: Date.now() - started };
    io.stdout(
      values.json
        ? `${JSON.stringify(result)}\n`
        : `Exported ${dataset?.path ?? 'fec'} to ${out} in ${result.durationMs} ms (suggested name ${prepared.fileName})\n`,
    );
  } finally {
    rmSync(temporary, { force: true });
    await db.close();
  }
}
