// Versioned updates (optimistic concurrency): every mutable record has a version, incremented by each
// write. A use case that changes a record is given what the client expects it to be at (IfMatch) and
// refuses with a 412 when it has changed since; it answers the record with its new version
// (Versioned). HTTP's side, the ETag and If-Match headers, is src/http/etag.ts.
import { PreconditionFailedError } from '../errors.js';

/** A record as presented, with the version it was read or written at. */
export interface Versioned<T> {
  value: T;
  version: number;
}

/** The entity tags If-Match accepts (strong ones only), or null when any version will do (absent or `*`). */
export type IfMatch = readonly string[] | null;

/** The strong entity tag of a version: `"7"`. */
export function etagOf(version: number): string {
  return `"${String(version)}"`;
}

/** Throws 412 unless the record's current version is one the client said it expects. */
export function checkIfMatch(ifMatch: IfMatch, current: number, what: string): void {
  if (ifMatch && !ifMatch.includes(etagOf(current))) {
    throw new PreconditionFailedError(
      `${what} has changed since you read it (its ETag is now ${etagOf(current)}): read it again, then retry with that ETag in If-Match`,
    );
  }
}
