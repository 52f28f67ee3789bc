// Statement imports. A CAMT.053 is parsed as a stream while it arrives and spooled to a private
// temporary file; once the whole file is known to be good (and of this bank account), one
// transaction parses the spool again, as a stream, storing its entries batch by batch: memory holds
// a chunk's worth of entries whatever the file's size. OFX and CSV, whose layouts need the whole
// text, are held up to MAX_TEXT_STATEMENT_BYTES. Entries already imported are skipped (dedup key per
// bank account). A file that cannot be read is refused whole with a 400 naming `file`: nothing is stored.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/connection.js';
import { transaction } from '../../db/transaction.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { emit } from '../../jobs/outbox.js';
import { CamtReader } from './formats/camt.js';
import { decodeCsv, readCsv, type CsvMapping } from './formats/csv.js';
import { dedupKeys, StatementError, type StatementAccount, type StatementEntry } from './formats/entry.js';
import { decodeOfx, readOfx } from './formats/ofx.js';
import * as repo from './repo.js';
import type { BankStatementImportT } from './schemas.js';

export const MAX_CAMT_BYTES = 200 * 1024 * 1024;
export const MAX_TEXT_STATEMENT_BYTES = 20 * 1024 * 1024;
const BATCH = 500;
/** SQLite's page cache while a CAMT import is stored (negative: KiB). */
const IMPORT_CACHE_KB = -4096;

export type StatementFormat = 'CAMT053' | 'OFX' | 'CSV';

export interface StatementUpload {
  stream: Readable & { truncated?: boolean };
  fileName: string | null;
}

export interface ImportOptions {
  format?: StatementFormat;
  csv?: Partial<CsvMapping>;
}

function detect(first: Buffer): StatementFormat {
  const head = first
    .subarray(0, 4096)
    .toString('latin1')
    .replace(/^\uFEFF|^\u00ef\u00bb\u00bf/, '')
    .trimStart();
  if (/OFXHEADER|<OFX>/i.test(head)) return 'OFX';
  if (head.startsWith('<')) return 'CAMT053';
  return 'CSV';
}

function csvMapping(options: ImportOptions): CsvMapping {
  const m = options.csv ?? {};
  const errors = [];
  if (!m.dateColumn) errors.push({ field: 'dateColumn', message: 'a CSV import needs the column of the booking date' });
  if (!m.labelColumn) errors.push({ field: 'labelColumn', message: 'a CSV import needs the column of the label' });
  if (!m.amountColumn && !m.debitColumn && !m.creditColumn) {
    errors.push({ field: 'amountColumn', message: 'a CSV import needs amountColumn, or debitColumn and creditColumn' });
  }
  if (m.amountColumn && (m.debitColumn || m.creditColumn)) {
    errors.push({ field: 'amountColumn', message: 'give amountColumn (signed) or debitColumn/creditColumn, not both' });
  }
  if (errors.length) throw new ValidationError(errors);
  return m as CsvMapping;
}

interface Received {
  format: StatementFormat;
  sha256: string;
  accounts: StatementAccount[];
  /** CAMT.053: the file spooled to disk, read again (streamed) by the transaction that stores it. */
  spool: string | null;
  /** OFX and CSV: the entries, read from at most MAX_TEXT_STATEMENT_BYTES. */
  entries: StatementEntry[] | null;
  pending: number;
}

/**
 * Receives the upload: a CAMT.053 is spooled to a private temporary file while it is parsed once to
 * check it (entries dropped as soon as read, so memory holds one chunk's worth whatever the size);
 * OFX and CSV are held and parsed whole. The stream is always consumed to its end, even after a
 * failure; the spool is removed on failure.
 */
async function receive(upload: StatementUpload, options: ImportOptions): Promise<Received> {
  const hash = createHash('sha256');
  let format: StatementFormat | null = null;
  let camt: CamtReader | null = null;
  let spool: { path: string; handle: FileHandle } | null = null;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const chunks: Buffer[] = [];
  let size = 0;
  let failure: Error | null = null;
  let mapping: CsvMapping | null = null;
  try {
    for await (const chunk of upload.stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      if (failure) continue;
      try {
        if (!format) {
          format = options.format ?? detect(chunk);
          if (format === 'CSV') mapping = csvMapping(options);
          if (format === 'CAMT053') {
            camt = new CamtReader();
            const dir = await mkdtemp(path.join(tmpdir(), 'facturier-camt-'));
            const file = path.join(dir, 'statement.xml');
            spool = { path: file, handle: await open(file, 'wx', 0o600) };
          }
        }
        if (camt && spool) {
          await spool.handle.write(chunk);
          camt.write(decodeChunk(decoder, chunk, size));
          camt.take();
          size += chunk.length;
        } else {
          size += chunk.length;
          if (size > MAX_TEXT_STATEMENT_BYTES) {
            throw new StatementError(`an OFX or CSV statement may hold at most ${MAX_TEXT_STATEMENT_BYTES / 1024 / 1024} MB`);
          }
          chunks.push(chunk);
        }
      } catch (err) {
        failure = err instanceof Error ? err : new Error(String(err));
      }
    }
    if (upload.stream.truncated) throw ValidationError.field('file', `the file is larger than ${MAX_CAMT_BYTES / 1024 / 1024} MB`);
    if (failure) throw failure;
    if (!format || size === 0) throw ValidationError.field('file', 'the file is empty');
    const sha256 = hash.digest('hex');
    if (camt && spool) {
      decodeChunk(decoder, null, size);
      const read = camt.close();
      await spool.handle.close();
      const kept = spool.path;
      spool = null;
      return { format, sha256, accounts: read.accounts, spool: kept, entries: null, pending: read.pending };
    }
    const bytes = Buffer.concat(chunks);
    if (format === 'OFX') {
      const read = readOfx(decodeOfx(bytes));
      return { format, sha256, accounts: read.accounts, spool: null, entries: read.entries, pending: 0 };
    }
    return { format, sha256, accounts: [], spool: null, entries: readCsv(decodeCsv(bytes, mapping!.encoding), mapping!), pending: 0 };
  } finally {
    if (spool) {
      await spool.handle.close().catch(() => undefined);
      await removeSpool(spool.path);
    }
  }
}

function decodeChunk(
  decoder: { decode(input?: Uint8Array, options?: { stream?: boolean }): string },
  chunk: Buffer | null,
  offset: number,
): string {
  try {
    return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
  } catch {
    throw new StatementError(
      chunk ? `the XML is not valid UTF-8 (near byte ${offset})` : 'the XML is not valid UTF-8 (it ends inside a character)',
    );
  }
}

async function removeSpool(file: string): Promise<void> {
  await rm(path.dirname(file), { recursive: true, force: true });
}

/** The entries of the spooled CAMT.053, a chunk's worth at a time. */
async function* spooledEntries(file: string): AsyncGenerator<StatementEntry[]> {
  const reader = new CamtReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    reader.write(decodeChunk(decoder, chunk, offset));
    offset += chunk.length;
    const entries = reader.take();
    if (entries.length) yield entries;
  }
  decodeChunk(decoder, null, offset);
  reader.close();
  const rest = reader.take();
  if (rest.length) yield rest;
}

function checkAccount(bank: repo.AccountRow, accounts: StatementAccount[]): void {
  for (const a of accounts) {
    if (a.iban && a.iban !== bank.iban) {
      throw new StatementError(`the statement is of the account ${a.iban}, not of bank account ${bank.id} (${bank.iban})`);
    }
    if (!a.iban && a.domesticNumber && !bank.iban.includes(a.domesticNumber)) {
      throw new StatementError(`the statement is of the account ${a.domesticNumber}, not of bank account ${bank.id} (${bank.iban})`);
    }
    if (a.currency && a.currency !== bank.currency) {
      throw new StatementError(`the statement is in ${a.currency}, bank account ${bank.id} in ${bank.currency}`);
    }
  }
}

export async function importStatement(
  db: Db,
  accountId: number,
  bankAccountId: number,
  upload: StatementUpload,
  options: ImportOptions,
): Promise<BankStatementImportT> {
  let received: Received;
  try {
    received = await receive(upload, options);
  } catch (err) {
    if (err instanceof StatementError) throw ValidationError.field('file', err.message);
    throw err;
  }
  try {
    const bank = await repo.getAccount(db.kysely, accountId, bankAccountId);
    if (!bank) throw new NotFoundError('Bank account', bankAccountId);
    checkAccount(bank, received.accounts);
    return await store(db, accountId, bankAccountId, upload.fileName, received);
  } catch (err) {
    if (err instanceof StatementError) throw ValidationError.field('file', err.message);
    throw err;
  } finally {
    if (received.spool) await removeSpool(received.spool);
  }
}

/** One transaction: the import, then its new entries in batches; entries already stored are skipped. */
async function store(
  db: Db,
  accountId: number,
  bankAccountId: number,
  fileName: string | null,
  received: Received,
): Promise<BankStatementImportT> {
  const { format } = received;
  return transaction(db, async (trx) => {
    const bank = await repo.getAccount(trx, accountId, bankAccountId, true);
    if (!bank) throw new NotFoundError('Bank account', bankAccountId);
    const now = new Date().toISOString();
    const importId = await repo.insertImport(trx, {
      accountId,
      bankAccountId,
      format,
      fileName: fileName ? fileName.slice(0, 255) : null,
      sha256: received.sha256,
      readCount: 0,
      insertedCount: 0,
      duplicateCount: 0,
      createdAt: now,
    });
    const ranks = new Map<string, number>();
    let read = 0;
    let inserted = 0;
    let first: string | null = null;
    let last: string | null = null;
    const stored = (e: StatementEntry) => {
      inserted++;
      if (!first || e.date < first) first = e.date;
      if (!last || e.date > last) last = e.date;
    };
    const base = { accountId, bankAccountId, importId, createdAt: now };
    // SQLite: prepared statements, row by row (repo.sqliteImportWriter); PostgreSQL: a lookup and an
    // insert per batch of BATCH entries.
    const writer = db.sqlite ? repo.sqliteImportWriter(trx, db.sqlite, base) : null;
    // SQLite holds the transaction's dirty pages in its page cache (64 MB, db/connection.ts) until
    // the commit; a large import spills them to the WAL past a few MB instead (cache_spill), and the
    // usual size is restored for the next use cases. Reads of the database go through mmap.
    const cacheSize = db.sqlite ? (db.sqlite.pragma('cache_size', { simple: true }) as number) : null;
    if (db.sqlite && received.spool) db.sqlite.pragma(`cache_size = ${IMPORT_CACHE_KB}`);
    try {
      const batches: AsyncIterable<StatementEntry[]> | Iterable<StatementEntry[]> = received.spool
        ? spooledEntries(received.spool)
        : [received.entries ?? []];
      for await (const entries of batches) {
        const keys = dedupKeys(entries, ranks);
        read += entries.length;
        if (writer) {
          for (let i = 0; i < entries.length; i++) if (writer.add(entries[i], keys[i])) stored(entries[i]);
          continue;
        }
        for (let i = 0; i < entries.length; i += BATCH) {
          const slice = keys.slice(i, i + BATCH);
          // Earlier batches are stored (and seen by the lookup, in the same transaction): only this
          // batch's keys need remembering, for an entry repeated within it.
          const existing = await repo.existingKeys(trx, bankAccountId, slice);
          const rows = [];
          for (let j = 0; j < slice.length; j++) {
            const key = slice[j];
            if (existing.has(key)) continue;
            existing.add(key);
            const e = entries[i + j];
            rows.push({ ...e, dedupKey: key });
            stored(e);
          }
          await repo.insertTransactions(trx, base, rows);
        }
      }
    } finally {
      if (db.sqlite && cacheSize !== null) db.sqlite.pragma(`cache_size = ${cacheSize}`);
    }
    await repo.setImportCounts(trx, importId, read, inserted, read - inserted);
    const result: BankStatementImportT = {
      id: importId,
      bankAccountId,
      format,
      fileName,
      readCount: read,
      insertedCount: inserted,
      duplicateCount: read - inserted,
      pendingCount: received.pending,
      firstDate: first,
      lastDate: last,
    };
    await emit(trx, accountId, 'BankStatementImported', result);
    return result;
  });
}
