// The inalterability chain of finalized documents (French anti-fraud rules, art. 286 I 3° bis du
// CGI): each entry's hash covers the previous entry's hash and the entry's canonical content, so
// changing, removing or reordering any past entry breaks every later link.

import { createHash } from 'node:crypto';

/** Raised deep inside the value; the path is filled in on the way out. */
class CanonicalJsonError extends TypeError {
  constructor(
    readonly problem: string,
    readonly path: string[] = [],
  ) {
    super(problem);
  }
}

function encode(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalJsonError('is not a finite number');
      // ECMAScript's shortest round-trip form (as RFC 8785); -0 prints as 0.
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
        // Dates and big.js decimals serialize through toJSON, as with JSON.stringify.
        return encode((value as { toJSON: () => unknown }).toJSON());
      }
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          out += encodeMember(value[i], i);
        }
        return out + ']';
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      let out = '{';
      for (const key of keys) {
        const member = record[key];
        if (member === undefined) continue;
        if (out.length > 1) out += ',';
        out += JSON.stringify(key) + ':' + encodeMember(member, key);
      }
      return out + '}';
    }
    default:
      throw new CanonicalJsonError(`has unsupported type ${typeof value}`);
  }
}

function encodeMember(value: unknown, key: string | number): string {
  try {
    return encode(value);
  } catch (error) {
    if (error instanceof CanonicalJsonError) error.path.unshift(typeof key === 'number' ? `[${key}]` : `.${key}`);
    throw error;
  }
}

/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, numbers in their
 * shortest round-trip form, undefined object members omitted. Throws TypeError for non-finite
 * numbers, undefined array items, functions, symbols and bigints, rather than hash something ambiguous.
 */
export function canonicalJson(value: unknown): string {
  try {
    return encode(value);
  } catch (error) {
    if (error instanceof CanonicalJsonError) throw new TypeError(`canonicalJson: $${error.path.join('')} ${error.problem}.`);
    throw error;
  }
}

/** SHA-256 (hex) of previousHash + "\n" + content; the first entry uses "" as previous hash. */
export function chainHash(previousHash: string | null, canonicalContent: string): string {
  return createHash('sha256')
    .update(`${previousHash ?? ''}\n${canonicalContent}`, 'utf8')
    .digest('hex');
}

export interface ChainEntry {
  /** The canonical JSON that was hashed. */
  content: string;
  hash: string;
  /** When stored, must equal the previous entry's hash (null for the first entry). */
  previousHash?: string | null;
}

/**
 * Index of the first entry whose link is broken (its hash does not match, or its stored
 * previousHash is not the previous entry's hash), or null when the whole chain holds.
 * `startHash` is the hash preceding entries[0] when verifying a segment of a longer chain.
 */
export function verifyChain(entries: readonly ChainEntry[], startHash: string | null = null): number | null {
  let previous = startHash;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i];
    if (entry.previousHash !== undefined && entry.previousHash !== previous) return i;
    if (chainHash(previous, entry.content) !== entry.hash) return i;
    previous = entry.hash;
  }
  return null;
}
