// An export's use case: check the request (period, sheets, ids of the account), then hand back what
// the route or the CLI streams. Reading happens while the output is written, never before.
import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ValidationError } from '../../errors.js';
import { type Dataset, type ExportContext, type ExportParams, fileName } from './dataset.js';
import { fecFileName, fecRecordCount, writeFec, type FecSeparator } from './fec.js';
import { chosenSheets, FORMAT_INFO, type ExportFormat, type ExportSheetsValue } from './formats.js';
import { writeExport } from './write.js';

export interface ExportRequest {
  format?: ExportFormat;
  sheets?: ExportSheetsValue;
  params: ExportParams;
}

export interface PreparedExport {
  fileName: string;
  contentType: string;
  /** How many records the export will read in all (each sheet reads its records once): a progress bar's end. */
  total(): Promise<number>;
  /** Writes the whole file to `out` and ends it; `onRecords` is told of each batch of records read. */
  write(out: Writable, onRecords?: (count: number) => void): Promise<void>;
}

function checkPeriod(params: ExportParams): void {
  if (params.from && params.to && params.from > params.to) {
    throw new ValidationError([{ field: 'from', message: `from (${params.from}) is after to (${params.to}): the period is empty` }]);
  }
}

/** The kinds asked for, each one of `allowed` (matched case-insensitively), or a 400 naming `types`. */
function typesOf(raw: readonly string[] | undefined, allowed: readonly string[]): string[] | undefined {
  if (raw === undefined) return undefined;
  const out: string[] = [];
  for (const value of raw
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)) {
    const hit = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    if (!hit) throw ValidationError.field('types', `"${value.slice(0, 50)}" is not one of ${allowed.join(', ')}`);
    if (!out.includes(hit)) out.push(hit);
  }
  return out.length ? out : undefined;
}

export async function prepareExport(
  db: Kysely<Database>,
  accountId: number,
  dataset: Dataset,
  request: ExportRequest,
): Promise<PreparedExport> {
  const format = request.format ?? 'Excel';
  checkPeriod(request.params);
  if (dataset.pathId && request.params.id === undefined)
    throw ValidationError.field('id', `${dataset.path} needs the id of ${dataset.pathId}`);
  const params: ExportParams = { ...request.params, types: dataset.types ? typesOf(request.params.types, dataset.types) : undefined };
  const names = chosenSheets(request.sheets, format, dataset.sheets);
  if (!names) {
    throw ValidationError.field(
      'sheets',
      `${dataset.path} has no ${request.sheets} sheet; it has ${[...dataset.sheets, 'All'].join(', ')}`,
    );
  }
  const ctx: ExportContext = { db, accountId, params, asOf: new Date().toISOString() };
  const sheets = await dataset.open(ctx, names);
  const info = FORMAT_INFO[format];
  return {
    fileName: fileName(dataset, params, info.extension),
    contentType: info.contentType,
    total: async () => (await dataset.count(ctx)) * names.length,
    async write(out, onRecords) {
      ctx.onRecords = onRecords;
      await writeExport(out, format, sheets);
    },
  };
}

export async function prepareFec(
  db: Kysely<Database>,
  accountId: number,
  year: number,
  separator: FecSeparator = 'Pipe',
): Promise<PreparedExport> {
  const name = await fecFileName({ db, accountId }, year);
  const ctx = { db, accountId, asOf: new Date().toISOString() };
  return {
    fileName: name,
    contentType: 'text/plain; charset=utf-8',
    total: () => fecRecordCount(ctx, year),
    async write(out, onRecords) {
      await writeFec(out, ctx, year, separator, onRecords);
    },
  };
}
