// The inalterability chain of finalized documents (French anti-fraud rules, art. 286 I 3° bis du
// CGI): each entry's hash covers the previous entry's hash and the entry's canonical content, so
// changing, removing or reordering any past entry breaks every later link.
//
// Two generations: the first chain (chainHash, SHA-256 without a secret) sealed each finalized
// document's content; anyone able to write the database could rewrite a document and recompute
// every later hash. The audit trail that continues it (entryMac) authenticates each entry with
// HMAC-SHA256 under a key kept outside the database (docs/audit.md).

import { createHash, createHmac } from 'node:crypto';

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

/** SHA-256 (hex) of a text. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * 8 hex digits naming a text, to locate which member of a sealed snapshot changed: FNV-1a, 32 bits,
 * a few nanoseconds a character. Not cryptographic, and not relied upon for that: the snapshot as a
 * whole is sealed by its SHA-256; this only says where it differs (a chance in 4 billion to miss).
 * `start` and `end` delimit the text within a longer one (no copy).
 */
export function locatorDigest(text: string, start = 0, end = text.length): string {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** HMAC-SHA256 (hex) of an audit entry's canonical content under the audit key. */
export function entryMac(key: Uint8Array, canonicalContent: string): string {
  return createHmac('sha256', key).update(canonicalContent, 'utf8').digest('hex');
}

/**
 * The public name of an audit key: 16 hex digits derived from it (HMAC of a fixed label), stored
 * with each entry so that verification picks the key that sealed it. It reveals nothing of the key.
 */
export function auditKeyId(key: Uint8Array): string {
  return createHmac('sha256', key).update('facturier audit key id', 'utf8').digest('hex').slice(0, 16);
}

/** Constant-time comparison of two hex MACs. */
export function sameMac(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export interface FieldDifference {
  field: string;
  sealed: unknown;
  stored: unknown;
}

/**
 * The fields of `stored` whose value differs from `sealed`, in the order of `fields` (values
 * compared as canonical JSON, so 1 and 1.0 are equal and key order does not matter).
 */
export function differences(
  fields: readonly string[],
  sealed: Record<string, unknown>,
  stored: Record<string, unknown>,
): FieldDifference[] {
  const out: FieldDifference[] = [];
  for (const field of fields) {
    const a = sealed[field] ?? null;
    const b = stored[field] ?? null;
    if (canonicalJson(a) !== canonicalJson(b)) out.push({ field, sealed: a, stored: b });
  }
  return out;
}
