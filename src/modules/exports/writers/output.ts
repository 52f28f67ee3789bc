// The contract every format's writer meets, and writing with backpressure.
import type { Writable } from 'node:stream';
import type { Row, Sheet } from '../columns.js';

export interface ExportWriter {
  startSheet(sheet: Sheet): Promise<void>;
  /** A batch of rows of the current sheet. */
  rows(rows: Row[]): Promise<void>;
  endSheet(): Promise<void>;
  /** Everything written; resolves when the writer has handed its last bytes to the output. */
  end(): Promise<void>;
}

/** Resolves on the output's next 'drain' or 'close', whichever comes first, leaving no listener behind. */
function drainOrClose(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Waits while the output's buffer is full (a slow client), so that memory stays bounded. */
export async function drained(out: Writable): Promise<void> {
  while (out.writableNeedDrain && !out.destroyed) await drainOrClose(out);
  if (out.destroyed) throw new ExportAbortedError();
}

/**
 * Whether a stream's buffer is full. The streams of archiver (exceljs's zip) come from the
 * `readable-stream` package, whose writables have no `writableNeedDrain`: their state says it.
 */
export function needsDrain(s: Writable): boolean {
  return s.writableNeedDrain ?? (s as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ?? false;
}

/** Waits until none of the streams' buffers is full (exceljs's zip entry streams). */
export async function drainedAll(streams: readonly Writable[]): Promise<void> {
  for (const s of streams) while (needsDrain(s) && !s.destroyed) await drainOrClose(s);
}

/**
 * Lets the event loop run (the output's pipe, the zip's deflate, other requests): the database
 * driver of SQLite answers synchronously, so without this a whole batch would run before any byte
 * leaves.
 */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * What a text export lets the output hold before it waits for it to drain. Outputs have 16 KB
 * buffers (a socket, a file stream) and a batch of rows is ~30 KB: waiting at every batch for the
 * last one to leave left the export idle a seventh of its time; writes now overlap the next rows,
 * and memory stays bounded by this.
 */
const OUTPUT_BUFFER = 1024 * 1024;

export async function writeChunk(out: Writable, chunk: string): Promise<void> {
  if (!chunk) return;
  if (out.destroyed) throw new ExportAbortedError();
  out.write(chunk);
  if (out.writableLength > OUTPUT_BUFFER) await drained(out);
}

/** The reader went away (client disconnected, output closed): the export stops reading rows. */
export class ExportAbortedError extends Error {
  constructor() {
    super('the export output was closed before the end');
  }
}
