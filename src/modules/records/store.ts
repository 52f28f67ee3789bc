// Generic persistence of master-data records (customers, suppliers, contacts, colleagues,
// products, families): a JSON document plus the columns that lists filter, sort and search on.
// Every function takes the account id: no query here can cross accounts.
import type Big from 'big.js';
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import { countOnce, readOnce } from '../../db/counts.js';
import { preparedQuery } from '../../db/prepared.js';
import { PRICE_SCALE, toStoredAmountOrNull } from '../../db/money.js';
import type { Database } from '../../db/schema.js';
import { normalizeForSearch, searchTokens } from '../../domain/text.js';
import { ValidationError } from '../../errors.js';
import type { Page, SortKey } from '../../app/paging.js';

export type SortColumn = 'id' | 'name' | 'number' | 'email' | 'amount' | 'createdAt' | 'updatedAt';

/** The indexed columns of a record, derived from its entity by the owning module. */
export interface RecordColumns {
  number?: string | null;
  internalId?: string | null;
  email?: string | null;
  name?: string | null;
  /** A price (at most PRICE_SCALE decimals): lists sort on it. */
  amount?: Big | null;
  parentId?: number | null;
  /** Everything a person may type to find the record; normalised here. */
  searchText: (string | null | undefined)[];
}

export interface RecordKind {
  kind: string;
  /** Used in messages: "Customer 12 not found", "number is already used by another customer". */
  label: string;
}

export interface StoredRecord<T> {
  id: number;
  data: T;
  createdAt: string;
  updatedAt: string;
  /** Incremented by every write: the record's ETag. */
  version: number;
}

type Db = Kysely<Database>;

/** The records of one kind in one account: every read starts here, so none can cross accounts. */
function recordsOf(db: Db, kind: RecordKind, accountId: number) {
  return db.selectFrom('records').where('accountId', '=', accountId).where('kind', '=', kind.kind);
}

const DOCUMENT = ['id', 'data', 'createdAt', 'updatedAt', 'version'] as const;

function row<T>(r: { id: number; data: string; createdAt: string; updatedAt: string; version: number }): StoredRecord<T> {
  return { id: r.id, data: JSON.parse(r.data) as T, createdAt: r.createdAt, updatedAt: r.updatedAt, version: r.version };
}

async function assertNumberFree(db: Db, kind: RecordKind, accountId: number, number: string | null | undefined, exceptId?: number) {
  if (!number) return;
  let q = recordsOf(db, kind, accountId).select('id').where('number', '=', number);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) {
    throw ValidationError.field('number', `"${number}" is already used by another ${kind.label.toLowerCase()}`);
  }
}

async function writeSearch(db: Db, id: number, text: string, isNew: boolean): Promise<void> {
  if (!isSqlite(db)) return;
  if (!isNew) await sql`DELETE FROM records_fts WHERE rowid = ${id}`.execute(db);
  await sql`INSERT INTO records_fts (rowid, search_text) VALUES (${id}, ${text})`.execute(db);
}

/** The `name` column only sorts lists: accent- and case-insensitive, so "Électricité" sorts among the E. */
function sortKeyOf(name: string | null | undefined): string | null {
  return name ? normalizeForSearch(name) : null;
}

/** The stored document and its indexed columns, as both insert and update write them. */
function rowValues(db: Db, data: object, columns: RecordColumns) {
  return {
    number: columns.number ?? null,
    internalId: columns.internalId ?? null,
    email: columns.email?.toLowerCase() ?? null,
    name: sortKeyOf(columns.name),
    amount: toStoredAmountOrNull(db, columns.amount ?? null, PRICE_SCALE),
    parentId: columns.parentId ?? null,
    searchText: normalizeForSearch(columns.searchText.filter(Boolean).join(' ')),
    data: JSON.stringify(data),
  };
}

export async function insertRecord<T extends object>(
  db: Db,
  kind: RecordKind,
  accountId: number,
  data: T,
  columns: RecordColumns,
): Promise<StoredRecord<T>> {
  await assertNumberFree(db, kind, accountId, columns.number);
  const now = new Date().toISOString();
  const values = rowValues(db, data, columns);
  const { id } = await db
    .insertInto('records')
    .values({ accountId, kind: kind.kind, ...values, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeSearch(db, id, values.searchText, true);
  return { id, data, createdAt: now, updatedAt: now, version: 1 };
}

/**
 * Writes a record's new document, incrementing its version. With `atVersion`, only while the record
 * is still at that version (a concurrent write in between makes this answer null, as a missing
 * record does): PostgreSQL re-checks the condition once the other writer's row lock is released.
 */
export async function updateRecord<T extends object>(
  db: Db,
  kind: RecordKind,
  accountId: number,
  id: number,
  data: T,
  columns: RecordColumns,
  atVersion?: number,
): Promise<StoredRecord<T> | null> {
  await assertNumberFree(db, kind, accountId, columns.number, id);
  const now = new Date().toISOString();
  const values = rowValues(db, data, columns);
  let q = db
    .updateTable('records')
    .set({ ...values, updatedAt: now, version: sql<number>`version + 1` })
    .where('accountId', '=', accountId)
    .where('kind', '=', kind.kind)
    .where('id', '=', id);
  if (atVersion !== undefined) q = q.where('version', '=', atVersion);
  const updated = await q.returning(['id', 'createdAt', 'version']).executeTakeFirst();
  if (!updated) return null;
  await writeSearch(db, id, values.searchText, false);
  return { id, data, createdAt: updated.createdAt, updatedAt: now, version: updated.version };
}

/** Marks a record as changed without changing its document (e.g. its product image was replaced). */
export async function touchRecord(db: Db, kind: RecordKind, accountId: number, id: number): Promise<void> {
  await db
    .updateTable('records')
    .set({ updatedAt: new Date().toISOString(), version: sql<number>`version + 1` })
    .where('accountId', '=', accountId)
    .where('kind', '=', kind.kind)
    .where('id', '=', id)
    .execute();
}

/** Deletes a record; with `atVersion`, only while it is still at that version (see updateRecord). */
export async function deleteRecord(db: Db, kind: RecordKind, accountId: number, id: number, atVersion?: number): Promise<boolean> {
  let q = db.deleteFrom('records').where('accountId', '=', accountId).where('kind', '=', kind.kind).where('id', '=', id);
  if (atVersion !== undefined) q = q.where('version', '=', atVersion);
  const result = await q.executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  if (isSqlite(db)) await sql`DELETE FROM records_fts WHERE rowid = ${id}`.execute(db);
  return true;
}

export async function getRecord<T>(db: Db, kind: RecordKind, accountId: number, id: number): Promise<StoredRecord<T> | null> {
  const r = await recordsOf(db, kind, accountId).select(DOCUMENT).where('id', '=', id).executeTakeFirst();
  return r ? row<T>(r) : null;
}

/** One record's document and what its answer depends on (its version, its parent's version), raw. */
export interface RecordForAnswer {
  version: RecordVersion;
  /** The parent's `version@updatedAt` (undefined without a parent, or when it is gone). */
  parentVersion: string | undefined;
  /** The record, its document parsed only when asked for (a cached answer needs none of it). */
  record<T>(): StoredRecord<T>;
}

const recordForAnswer = preparedQuery((db, v: { accountId: number; kind: string; parentKind: string; id: number }) =>
  db
    .selectFrom('records as r')
    .leftJoin('records as p', (join) =>
      join.onRef('p.id', '=', 'r.parentId').on('p.accountId', '=', v.accountId).on('p.kind', '=', v.parentKind),
    )
    .select(['r.id', 'r.data', 'r.createdAt', 'r.updatedAt', 'r.version', 'r.parentId'])
    .select(['p.version as parentVersion', 'p.updatedAt as parentUpdatedAt'])
    .where('r.accountId', '=', v.accountId)
    .where('r.kind', '=', v.kind)
    .where('r.id', '=', v.id),
);

/**
 * A record with its version and its parent's (of the kind `parent`), in one query compiled once:
 * what GET needs both to find its answer in the cache and to make it on a miss.
 */
export async function getRecordForAnswer(
  db: Db,
  kind: RecordKind,
  accountId: number,
  id: number,
  parent: RecordKind | undefined,
): Promise<RecordForAnswer | null> {
  const [r] = await recordForAnswer(db, { accountId, kind: kind.kind, parentKind: parent?.kind ?? '', id });
  if (!r) return null;
  return {
    version: { id: r.id, version: r.version, updatedAt: r.updatedAt, parentId: r.parentId },
    parentVersion: r.parentVersion === null ? undefined : `${r.parentVersion}@${r.parentUpdatedAt}`,
    record: <T>() => row<T>(r),
  };
}

export async function getRecordsByIds<T>(
  db: Db,
  kind: RecordKind,
  accountId: number,
  ids: number[],
): Promise<Map<number, StoredRecord<T>>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await recordsOf(db, kind, accountId).select(DOCUMENT).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, row<T>(r)]));
}

export interface ListOptions {
  page: Page;
  order: SortKey<SortColumn>[];
  query?: string;
  parentId?: number;
}

/** Prefix full-text match on every word typed, case- and accent-insensitively. */
function ftsFilter(db: Db, query: string) {
  const tokens = searchTokens(query)
    .map((t) => t.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean)
    .slice(0, 10);
  if (!tokens.length) return null;
  if (isSqlite(db)) {
    const match = tokens.map((t) => `"${t}"*`).join(' AND ');
    return sql<boolean>`id IN (SELECT rowid FROM records_fts WHERE records_fts MATCH ${match})`;
  }
  const tsquery = tokens.map((t) => `${t}:*`).join(' & ');
  return sql<boolean>`to_tsvector('simple', search_text) @@ to_tsquery('simple', ${tsquery})`;
}

/** What a record's answer depends on, without its document: its version and its parent. */
export interface RecordVersion {
  id: number;
  version: number;
  updatedAt: string;
  parentId: number | null;
}

/**
 * A list's page in its order as versions only (ids, versions, last writes, parents: what keys the cache
 * of answers), and the list's total.
 */
export async function listRecordVersions(
  db: Db,
  kind: RecordKind,
  accountId: number,
  options: ListOptions,
): Promise<{ items: RecordVersion[]; total: number }> {
  let base = recordsOf(db, kind, accountId);
  if (options.parentId !== undefined) base = base.where('parentId', '=', options.parentId);
  if (options.query?.trim()) {
    const filter = ftsFilter(db, options.query);
    // Nothing searchable typed (only punctuation): nothing can match.
    if (!filter) return { items: [], total: 0 };
    base = base.where(filter);
  }
  const key = `records:${kind.kind}:${accountId}:${options.parentId ?? ''}:${options.query?.trim() ?? ''}`;
  const readPage = async () => {
    const total = await countOnce(db, key, async () =>
      Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    );
    if (total === 0 || options.page.offset >= total) return { items: [], total };
    // The page is chosen on narrow rows (the rows skipped by the offset are read from the index
    // only), then only its documents are read.
    let q = base.select(['id', 'version', 'updatedAt', 'parentId']);
    for (const k of options.order) q = q.orderBy(k.column, k.direction);
    if (!options.order.some((k) => k.column === 'id')) q = q.orderBy('id', 'asc');
    return { items: await q.limit(options.page.size).offset(options.page.offset).execute(), total };
  };
  if (!options.query?.trim()) return readPage();
  // A search's page is kept until the database changes (db/counts.ts): matching every word, then
  // walking the name index to the page, cost ~3/4 of a search's answer (bench/results, #29); a list
  // without a search is read each time (its page costs no more than the check of the database's state).
  const { items, total } = await readOnce(
    db,
    `${key}:${JSON.stringify(options.order)}:${options.page.size}:${options.page.offset}`,
    readPage,
  );
  return { items: items.map((v) => ({ ...v })), total };
}

export async function listRecords<T>(
  db: Db,
  kind: RecordKind,
  accountId: number,
  options: ListOptions,
): Promise<{ items: StoredRecord<T>[]; total: number }> {
  const { items: page, total } = await listRecordVersions(db, kind, accountId, options);
  if (!page.length) return { items: [], total };
  const ids = page.map((r) => r.id);
  const byId = new Map((await recordsOf(db, kind, accountId).select(DOCUMENT).where('id', 'in', ids).execute()).map((r) => [r.id, r]));
  return { items: ids.map((id) => row<T>(byId.get(id)!)), total };
}

/** The versions of some records of a kind (the parents a page's answers depend on). */
export async function versionsOf(db: Db, kind: RecordKind, accountId: number, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await recordsOf(db, kind, accountId).select(['id', 'version', 'updatedAt']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, `${r.version}@${r.updatedAt}`]));
}

export async function findRecords<T>(
  db: Db,
  kind: RecordKind,
  accountId: number,
  by: { number?: string; internalId?: string; email?: string },
  limit = 100,
): Promise<StoredRecord<T>[]> {
  let q = recordsOf(db, kind, accountId).select(DOCUMENT);
  if (by.number !== undefined) q = q.where('number', '=', by.number);
  if (by.internalId !== undefined) q = q.where('internalId', '=', by.internalId);
  if (by.email !== undefined) q = q.where('email', '=', by.email.toLowerCase());
  const rows = await q.orderBy('id').limit(limit).execute();
  return rows.map((r) => row<T>(r));
}

export async function findRecordsByParent<T>(db: Db, kind: RecordKind, accountId: number, parentId: number, limit = 100) {
  const rows = await recordsOf(db, kind, accountId).select(DOCUMENT).where('parentId', '=', parentId).orderBy('id').limit(limit).execute();
  return rows.map((r) => row<T>(r));
}

/**
 * Next value of a per-account counter (e.g. customer numbers), atomically: the upsert holds a
 * row lock on PostgreSQL and the write lock on SQLite until the transaction ends.
 */
export async function nextCounter(db: Db, accountId: number, name: string): Promise<number> {
  const r = await db
    .insertInto('counters')
    .values({ accountId, name, value: 1 })
    .onConflict((oc) => oc.columns(['accountId', 'name']).doUpdateSet({ value: sql`counters.value + 1` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return r.value;
}

/** A generated number (prefix + zero-padded counter) not already taken by a manual one. */
export async function generateNumber(db: Db, kind: RecordKind, accountId: number, prefix: string): Promise<string> {
  for (;;) {
    const candidate = `${prefix}${String(await nextCounter(db, accountId, `number:${kind.kind}`)).padStart(5, '0')}`;
    const taken = await findRecords(db, kind, accountId, { number: candidate }, 1);
    if (!taken.length) return candidate;
  }
}

/**
 * Records of a kind in id order after `afterId`, `limit` at a time, optionally matching a search
 * (as lists match `query`): the keyset cursor of exports.
 */
export async function recordsAfter<T>(
  db: Db,
  kind: RecordKind,
  accountId: number,
  afterId: number,
  limit: number,
  query?: string,
): Promise<StoredRecord<T>[]> {
  let q = recordsOf(db, kind, accountId).select(DOCUMENT).where('id', '>', afterId);
  if (query?.trim()) {
    const filter = ftsFilter(db, query);
    if (!filter) return [];
    q = q.where(filter);
  }
  return (await q.orderBy('id').limit(limit).execute()).map((r) => row<T>(r));
}
