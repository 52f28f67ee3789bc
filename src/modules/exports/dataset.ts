// A dataset is one export path (/v1/exports/<path>): its own query parameters, and the sheets it
// can write, each opened on a validated request. The routes, the formats and the CLI are the same
// for all; adding an export is adding one dataset file to the registry (datasets/index.ts).
import type { TSchema } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Sheet, SheetName } from './columns.js';

/** The parameters every dataset may receive (each declares which of them it accepts). */
export interface ExportParams {
  from?: string;
  to?: string;
  customerId?: number;
  supplierId?: number;
  colleagueId?: number;
  searchTerm?: string;
  /** The kinds asked for (`types[]`), each one of the dataset's `types`; all when absent. */
  types?: string[];
  /** The id in the path (`banktransactions/{id}`: the bank account). */
  id?: number;
}

export interface ExportContext {
  db: Kysely<Database>;
  accountId: number;
  params: ExportParams;
  /** The instant the export started: records created or finalized later are left out of every sheet. */
  asOf: string;
  /** Told of every batch of records read (each sheet reads them all once): the CLI's progress bar. */
  onRecords?: (count: number) => void;
}

export type ParamName = Exclude<keyof ExportParams, 'id'>;

export interface Dataset {
  /** The path segment under /v1/exports/. */
  path: string;
  /** Start of the file name (`factures-2026-01-01_2026-12-31.xlsx`). */
  fileStem: string;
  summary: string;
  /** Which of the common parameters this dataset accepts (others are refused by the schema). */
  params: readonly ParamName[];
  /** The kinds `types[]` may name (settlements, commitments). */
  types?: readonly string[];
  /** The path ends with `/{id}` (banktransactions/{id}): the id is required and named in the file. */
  pathId?: string;
  /** The sheets it has, in the order All writes them. */
  sheets: readonly SheetName[];
  /** Checks the request against the account (ids of another account: 404) and opens the sheets. */
  open(ctx: ExportContext, sheets: readonly SheetName[]): Promise<Sheet[]>;
  /** How many records each sheet reads (for progress). */
  count(ctx: ExportContext): Promise<number>;
}

/** The query schema of one parameter. */
export type ParamSchemas = Record<ParamName, TSchema>;

/** The file name of an export: stem, then the period when the dataset has one. */
export function fileName(dataset: Pick<Dataset, 'fileStem' | 'params'>, params: ExportParams, extension: string): string {
  const stem = params.id !== undefined ? `${dataset.fileStem}-${params.id}` : dataset.fileStem;
  if (!dataset.params.includes('from')) return `${stem}.${extension}`;
  const { from, to } = params;
  const period = from && to ? `${from}_${to}` : from ? `depuis-${from}` : to ? `jusqu-au-${to}` : 'tout';
  return `${stem}-${period}.${extension}`;
}

/** Reads a keyset cursor `batchSize` rows at a time until it runs out. */
export async function* keyset<T, K>(
  read: (after: K | null) => Promise<T[]>,
  keyOf: (last: T) => K,
  batchSize: number,
  onRecords?: (count: number) => void,
): AsyncGenerator<T[]> {
  let after: K | null = null;
  for (;;) {
    const batch = await read(after);
    if (batch.length) {
      onRecords?.(batch.length);
      yield batch;
    }
    if (batch.length < batchSize) return;
    after = keyOf(batch[batch.length - 1]);
  }
}
