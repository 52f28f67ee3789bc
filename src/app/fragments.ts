// Answers kept serialized (issue #29): a page of 100 invoices cost ~30 ms of CPU, most of it
// inflating and parsing each snapshot, presenting it and serializing the result, although a finalized
// document's answer is the same bytes from one request to the next. A route may answer "lazy" items:
// each names the key of everything its answer depends on, and how to build the answer. The reply's
// serializer then takes each item's JSON (UTF-8 bytes, encoded once) from this process's cache, or builds, serializes (with the
// route's own compiled serializer, so the bytes are exactly those of a plain answer) and keeps it
// (src/http/fragments.ts).
//
// The key is the whole truth of the answer: a module builds it from every input of its presenter
// (the row as read in the same request, named by its version and last write, which every write of
// the application moves; the day, the public URL), so a change of any of them is a new key and an
// old entry is never served for it; stale entries only age out. Hooks that add
// fields to the items before serialization (the platform's statuses) add them to the key too.
import { createHash } from 'node:crypto';

const FRAGMENT = Symbol('fragment');

export interface Fragment {
  key: string;
  build: () => object;
  /** The fields the item shows before it is built (hooks read them); any other field was added by a hook. */
  shown: ReadonlySet<string>;
  /** The answer, when the caller already took it from the cache (it cannot be evicted in between). */
  held?: Buffer;
}

/** An item answered through the cache; typed as what it becomes once built. */
export type Lazy<T> = T & { readonly [FRAGMENT]: Fragment };

/**
 * An item whose answer is `build()`, known by `key`. `shown` are the fields hooks may read before
 * serialization (an id, a flag), the same values `build()` answers. `held`: the answer already
 * taken from the cache under `key`, if it was there.
 */
export function lazyItem<T extends object>(shown: Partial<T>, key: string, build: () => T, held?: Buffer): Lazy<T> {
  const fragment: Fragment = { key, build, shown: new Set(Object.keys(shown)), held };
  return Object.defineProperty({ ...shown }, FRAGMENT, { value: fragment, enumerable: false }) as Lazy<T>;
}

/** A key from the given parts (strings, or bytes such as a stored snapshot), short whatever their size. */
export function keyOf(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    hash.update('\u0000');
  }
  return hash.digest('base64');
}

/** Least recently used entries go first once the characters held pass the limit. */
export class FragmentCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const json = this.entries.get(key);
    if (json === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, json);
    return json;
  }

  set(key: string, json: Buffer): void {
    if (json.length > this.maxBytes / 16) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.bytes -= previous.length;
      this.entries.delete(key);
    }
    this.entries.set(key, json);
    this.bytes += json.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }

  get heldBytes(): number {
    return this.bytes;
  }
}

const caches = new WeakMap<object, FragmentCache>();

/**
 * The cache of one database's answers, 64 MB at most (the pages of a few thousand long documents).
 * One per database handle: ids and versions only mean something within their database (tests run
 * many databases in one process).
 */
export function fragmentsFor(db: object): FragmentCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new FragmentCache(64 * 1024 * 1024);
    caches.set(db, cache);
  }
  return cache;
}

/** The fragment of a lazy item, or undefined for any other value. */
export function fragmentOf(item: unknown): Fragment | undefined {
  return item && typeof item === 'object' ? (item as { [FRAGMENT]?: Fragment })[FRAGMENT] : undefined;
}
