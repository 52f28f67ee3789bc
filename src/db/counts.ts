// Row counts for paging headers (x-record-count) cost tens of milliseconds over large tables
// however good the index. On SQLite a count is reused until the database changes:
// `total_changes()` moves with every write of this connection and `data_version` with every
// commit of another one, so the pair identifies the database's state exactly. PostgreSQL counts
// every time (its MVCC snapshots have no such cheap stamp).
import { sql, type Kysely } from 'kysely';
import { isSqlite } from './connection.js';
import type { Database } from './schema.js';

const caches = new WeakMap<Kysely<Database>, Map<string, { state: string; count: number }>>();
const MAX_ENTRIES = 1000;

/** `key` must identify the query completely (table, account, every filter). */
export async function countOnce(db: Kysely<Database>, key: string, count: () => Promise<number>): Promise<number> {
  if (!isSqlite(db) || db.isTransaction) return count();
  const { state } = (
    await sql<{ state: string }>`select total_changes() || ':' || (select data_version from pragma_data_version) as state`.execute(db)
  ).rows[0];
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map<string, { state: string; count: number }>();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit?.state === state) return hit.count;
  const value = await count();
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { state, count: value });
  return value;
}
