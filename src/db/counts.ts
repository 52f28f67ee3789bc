// Row counts for paging headers (x-record-count) cost tens of milliseconds over large tables
// however good the index. On SQLite a count is reused until the database changes:
// `total_changes()` moves with every write of this connection and `data_version` with every
// commit of another one, so the pair identifies the database's state exactly. PostgreSQL counts
// every time (its MVCC snapshots have no such cheap stamp). A full-text search's page is reused the
// same way (modules/records/store.ts): choosing it costs more than all the rest of the answer.
import { sql, type Kysely } from 'kysely';
import { isSqlite } from './connection.js';
import type { Database } from './schema.js';

const caches = new WeakMap<Kysely<Database>, Map<string, { state: string; value: unknown }>>();
const MAX_ENTRIES = 1000;

/**
 * What `read` answers, reused on SQLite until the database changes: `key` must identify the read
 * completely (table, account, every filter, and for a page its order and place). The value is shared
 * by every caller that gets it: never change it.
 */
export async function readOnce<T>(db: Kysely<Database>, key: string, read: () => Promise<T>): Promise<T> {
  if (!isSqlite(db) || db.isTransaction) return read();
  const { state } = (
    await sql<{ state: string }>`select total_changes() || ':' || (select data_version from pragma_data_version) as state`.execute(db)
  ).rows[0];
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map<string, { state: string; value: unknown }>();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit?.state === state) return hit.value as T;
  const value = await read();
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { state, value });
  return value;
}

/** A row count for paging headers (`key` as for readOnce). */
export const countOnce = (db: Kysely<Database>, key: string, count: () => Promise<number>): Promise<number> => readOnce(db, key, count);
