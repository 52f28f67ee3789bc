// How a document's snapshot (JSON) is stored. On SQLite, raw DEFLATE in a BLOB: a 10-line invoice's
// ~9 KB become ~2 KB, so a million invoices take a third of the disk, more of them stay in the OS
// cache, and a list of documents scattered over the file (one customer's) reads less from disk;
// deflating costs ~30 µs per write, inflating ~10 µs per read. On PostgreSQL, text: TOAST already
// compresses values over 2 KB. Snapshots written as text before (either database) read as they are.
// Kept apart from repo.ts (no database code) because the worker threads decode snapshots too.
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/** A snapshot as the database holds it: JSON text, or that text deflated. */
export type StoredSnapshot = string | Uint8Array;

export function deflateSnapshot(json: string): Buffer {
  return deflateRawSync(json);
}

export function decodeSnapshot(stored: StoredSnapshot): string {
  return typeof stored === 'string' ? stored : inflateRawSync(stored).toString('utf8');
}
