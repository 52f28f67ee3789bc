// Optimistic concurrency over HTTP (the versions themselves: src/app/versioning.ts). GET answers a
// record's version as a strong ETag (`"7"`); PUT and DELETE honour If-Match, answering 412 when the record has
// changed since the client read it, and their answer carries the new ETag. Without If-Match a write
// goes through as before (last write wins). Why strong and not weak: docs/decisions.md.
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagOf, type IfMatch, type Versioned } from '../app/versioning.js';
import { ValidationError } from '../errors.js';

/** The header PUT and DELETE routes declare, so that the OpenAPI document shows it. */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({ maxLength: 1000, description: 'Only if the record is still at this ETag (as GET gave it); 412 otherwise' }),
  ),
});

export { checkIfMatch, etagOf, type IfMatch, type Versioned } from '../app/versioning.js';

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

/** Sets the ETag of the answer and answers the record. */
export function withETag<T>(reply: FastifyReply, versioned: Versioned<T>): T {
  reply.header('etag', etagOf(versioned.version));
  return versioned.value;
}
