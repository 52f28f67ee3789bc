// The inalterability chain of finalized documents (French anti-fraud rules, art. 286 I 3° bis du
// CGI): each entry's hash covers the previous entry's hash and the entry's canonical content, so
// changing, removing or reordering any past entry breaks every later link.

import { createHash } from 'node:crypto';

function encode(value: unknown, path: string): string {
  if (value === null) return 'null';
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    // Dates and big.js decimals serialize through toJSON, as with JSON.stringify.
    return encode((value as { toJSON: () => unknown }).toJSON(), path);
  }
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${path} is not a finite number.`);
      // ECMAScript's shortest round-trip form (as RFC 8785); -0 prints as 0.
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((item, i) => encode(item, `${path}[${i}]`)).join(',')}]`;
      const entries = Object.keys(value as object)
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${encode((value as Record<string, unknown>)[key], `${path}.${key}`)}`);
      return `{${entries.join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: ${path} has unsupported type ${typeof value}.`);
  }
}

/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, numbers in their
 * shortest round-trip form, undefined object members omitted. Throws TypeError for non-finite
 * numbers, undefined array items, functions, symbols and bigints, rather than hash something ambiguous.
 */
export function canonicalJson(value: unknown): string {
  return encode(value, '$');
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
