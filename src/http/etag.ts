// Optimistic concurrency: every mutable record has a version, incremented by each write. GET answers
// it as a strong ETag (`"7"`); PUT and DELETE honour If-Match, answering 412 when the record has
// changed since the client read it, and their answer carries the new ETag. Without If-Match a write
// goes through as before (last write wins). Why strong and not weak: docs/decisions.md.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PreconditionFailedError, ValidationError } from '../errors.js';

/** The header PUT and DELETE routes declare, so that the OpenAPI document shows it. */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({ maxLength: 1000, description: 'Only if the record is still at this ETag (as GET gave it); 412 otherwise' }),
  ),
});

/** A record as presented, with the version it was read or written at. */
export interface Versioned<T> {
  value: T;
  version: number;
}

/** The entity tags If-Match accepts (strong ones only), or null when any version will do (absent or `*`). */
export type IfMatch = readonly string[] | null;

export function etagOf(version: number): string {
  return `"${String(version)}"`;
}

const ENTITY_TAG = /^\s*(W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/;

/**
 * The If-Match header of a request. Weak tags never match (RFC 9110 §13.1.1 compares strongly), so a
 * list of weak tags only is a precondition no version meets. A malformed header is a 400.
 */
export function ifMatchOf(request: FastifyRequest): IfMatch {
  const header = request.headers['if-match'];
  if (header === undefined) return null;
  const value = header.trim();
  if (value === '*') return null;
  const tags: string[] = [];
  let rest = value;
  while (rest.length) {
    const match = ENTITY_TAG.exec(rest);
    if (!match) {
      throw ValidationError.field('If-Match', 'must be * or a comma-separated list of entity tags as ETag gives them, e.g. "3"');
    }
    if (!match[1]) tags.push(match[2]);
    rest = rest.slice(match[0].length);
  }
  return tags;
}

/** Throws 412 unless the record's current version is one the client said it expects. */
export function checkIfMatch(ifMatch: IfMatch, current: number, what: string): void {
  if (ifMatch && !ifMatch.includes(etagOf(current))) {
    throw new PreconditionFailedError(
      `${what} has changed since you read it (its ETag is now ${etagOf(current)}): read it again, then retry with that ETag in If-Match`,
    );
  }
}

/** Sets the ETag of the answer and answers the record. */
export function withETag<T>(reply: FastifyReply, versioned: Versioned<T>): T {
  reply.header('etag', etagOf(versioned.version));
  return versioned.value;
}
