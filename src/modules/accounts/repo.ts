// SQL for accounts and their API keys.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';

export interface ApiKeyRow {
  id: number;
  accountId: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export async function insertAccount(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .insertInto('accounts')
    .values({ name, createdAt: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findAccount(db: Kysely<Database>, id: number) {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every account with its number of active (not revoked) keys, by id (`facturier accounts list`). */
export async function listAccounts(db: Kysely<Database>): Promise<{ id: number; name: string; createdAt: string; activeKeys: number }[]> {
  const rows = await db
    .selectFrom('accounts')
    .leftJoin('apiKeys', (join) => join.onRef('apiKeys.accountId', '=', 'accounts.id').on('apiKeys.revokedAt', 'is', null))
    .select(['accounts.id', 'accounts.name', 'accounts.createdAt', (eb) => eb.fn.count<number>('apiKeys.id').as('activeKeys')])
    .groupBy(['accounts.id', 'accounts.name', 'accounts.createdAt'])
    .orderBy('accounts.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, createdAt: r.createdAt, activeKeys: Number(r.activeKeys) }));
}

export async function countAccounts(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertApiKey(
  db: Kysely<Database>,
  values: { accountId: number; name: string; keyHash: string; prefix: string },
): Promise<ApiKeyRow> {
  return db
    .insertInto('apiKeys')
    .values({ ...values, createdAt: new Date().toISOString(), lastUsedAt: null, revokedAt: null })
    .returning(['id', 'accountId', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt'])
    .executeTakeFirstOrThrow();
}

export async function listApiKeys(db: Kysely<Database>, accountId: number): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('apiKeys')
    .select(['id', 'accountId', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt'])
    .where('accountId', '=', accountId)
    .orderBy('id')
    .execute();
}

export async function revokeApiKey(db: Kysely<Database>, accountId: number, keyId: number): Promise<boolean> {
  const result = await db
    .updateTable('apiKeys')
    .set({ revokedAt: new Date().toISOString() })
    .where('accountId', '=', accountId)
    .where('id', '=', keyId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

function activeKeyQuery(db: Kysely<Database>, keyHash: string) {
  return db
    .selectFrom('apiKeys')
    .innerJoin('accounts', 'accounts.id', 'apiKeys.accountId')
    .select(['apiKeys.id as apiKeyId', 'apiKeys.name as apiKeyName', 'accounts.id as accountId', 'accounts.name as accountName'])
    .where('apiKeys.keyHash', '=', keyHash)
    .where('apiKeys.revokedAt', 'is', null);
}

type ActiveKey = { apiKeyId: number; apiKeyName: string; accountId: number; accountName: string };

/**
 * The lookup every authenticated request makes. The query is built and compiled once; each call
 * only binds the hash. On SQLite it runs as a prepared statement on the raw handle: going through
 * the query builder and its connection queue costs more than the query itself.
 */
export function activeKeyFinder(db: Db): (keyHash: string) => Promise<ActiveKey | undefined> {
  const compiled = activeKeyQuery(db.kysely, '').compile();
  if (db.sqlite) {
    const statement = db.sqlite.prepare<[string], { api_key_id: number; api_key_name: string; account_id: number; account_name: string }>(
      compiled.sql,
    );
    return async (keyHash) => {
      // The SQL's aliases are snake_case (the CamelCasePlugin wrote them); name them as the builder would.
      const r = statement.get(keyHash);
      return r && { apiKeyId: r.api_key_id, apiKeyName: r.api_key_name, accountId: r.account_id, accountName: r.account_name };
    };
  }
  return async (keyHash) => {
    const result = await db.kysely.executeQuery<ActiveKey>(CompiledQuery.raw(compiled.sql, [keyHash]));
    return result.rows[0];
  };
}

export async function touchApiKey(db: Kysely<Database>, keyId: number, at: string): Promise<void> {
  await db.updateTable('apiKeys').set({ lastUsedAt: at }).where('id', '=', keyId).execute();
}

/** Counts one failure of a bucket, starting a new window when the last one is over; answers the window. */
export async function recordAuthFailure(db: Kysely<Database>, bucket: string, now: number, windowMs: number) {
  const expired = now - windowMs;
  const row = await db
    .insertInto('authFailures')
    .values({ bucket, windowStart: now, failures: 1 })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        failures: sql<number>`CASE WHEN auth_failures.window_start <= ${expired} THEN 1 ELSE auth_failures.failures + 1 END`,
        windowStart: sql<number>`CASE WHEN auth_failures.window_start <= ${expired} THEN ${now} ELSE auth_failures.window_start END`,
      }),
    )
    .returning(['windowStart', 'failures'])
    .executeTakeFirstOrThrow();
  return { start: Number(row.windowStart), count: row.failures };
}

export async function pruneAuthFailures(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('authFailures').where('windowStart', '<', before).execute();
}

/**
 * Reads the number that moves whenever a key or an account changes (migration 027's triggers).
 * On SQLite a prepared statement on the raw handle (a microsecond); on PostgreSQL one primary-key
 * read. Answers it as text, whatever the driver makes of a bigint.
 */
export function authGenerationReader(db: Db): () => Promise<string> {
  const compiled = db.kysely.selectFrom('authGeneration').select('generation').where('id', '=', 1).compile();
  if (db.sqlite) {
    const statement = db.sqlite.prepare<unknown[], { generation: number | bigint }>(compiled.sql).bind(...compiled.parameters);
    return async () => String(statement.get()?.generation ?? '');
  }
  return async () => {
    const result = await db.kysely.executeQuery<{ generation: string | number }>(compiled);
    return String(result.rows[0]?.generation ?? '');
  };
}
