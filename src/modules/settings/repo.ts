// SQL of the settings table (one row per account) and of the account name it mirrors.
import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import { preparedQuery } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

export interface SettingsRow {
  data: string;
  logoToken: string | null;
  logoContentType: string | null;
  /** Incremented by every write (the settings' ETag); 1 for an account that never changed them. */
  version: number;
}

/** The account's name with its settings row (null when the account does not exist), in one read. */
/** An account's name and settings row: read by most requests, so compiled once (src/db/prepared.ts). */
const accountWithSettings = preparedQuery((db, v: { accountId: number }) =>
  db
    .selectFrom('accounts')
    .leftJoin('settings', 'settings.accountId', 'accounts.id')
    .select(['accounts.name', 'settings.data', 'settings.logoToken', 'settings.logoContentType', 'settings.version'])
    .where('accounts.id', '=', v.accountId),
);

export async function readAccountWithSettings(
  db: Kysely<Database>,
  accountId: number,
): Promise<{ name: string; settings: SettingsRow | null } | null> {
  const [row] = await accountWithSettings(db, { accountId });
  if (!row) return null;
  const settings =
    row.data === null
      ? null
      : { data: row.data, logoToken: row.logoToken, logoContentType: row.logoContentType, version: row.version ?? 1 };
  return { name: row.name, settings };
}

export async function accountName(db: Kysely<Database>, accountId: number): Promise<string | null> {
  const row = await db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst();
  return row?.name ?? null;
}

export async function renameAccount(db: Kysely<Database>, accountId: number, name: string): Promise<void> {
  await db.updateTable('accounts').set({ name }).where('id', '=', accountId).execute();
}

/**
 * The row, locked until the transaction ends on PostgreSQL (SQLite holds the database write
 * lock already), created empty when missing, so concurrent partial updates do not lose fields.
 */
export async function readSettingsForUpdate(db: Kysely<Database>, accountId: number): Promise<SettingsRow> {
  await db
    .insertInto('settings')
    .values({ accountId, data: '{}', logo: null, logoContentType: null, logoToken: null, updatedAt: new Date().toISOString() })
    .onConflict((oc) => oc.column('accountId').doNothing())
    .execute();
  let q = db.selectFrom('settings').select(['data', 'logoToken', 'logoContentType', 'version']).where('accountId', '=', accountId);
  if (!isSqlite(db)) q = q.forUpdate();
  return q.executeTakeFirstOrThrow();
}

/** Writes the settings and increments their version; answers the new version. */
export async function writeSettings(db: Kysely<Database>, accountId: number, data: string): Promise<number> {
  const row = await db
    .updateTable('settings')
    .set({ data, updatedAt: new Date().toISOString(), version: sql<number>`version + 1` })
    .where('accountId', '=', accountId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

export async function writeLogo(
  db: Kysely<Database>,
  accountId: number,
  logo: { content: Buffer; contentType: string; token: string } | null,
): Promise<void> {
  await db
    .updateTable('settings')
    .set({ logo: logo?.content ?? null, logoContentType: logo?.contentType ?? null, logoToken: logo?.token ?? null })
    .where('accountId', '=', accountId)
    .execute();
  // Kept for documents finalized with this logo (see migration 008).
  if (logo) {
    await db
      .insertInto('logoVersions')
      .values({ token: logo.token, accountId, contentType: logo.contentType, content: logo.content, createdAt: new Date().toISOString() })
      .execute();
  }
}

/** A logo the account used at some point, by its token (finalized documents name theirs). */
export async function readLogoVersion(db: Kysely<Database>, accountId: number, token: string) {
  const row = await db
    .selectFrom('logoVersions')
    .select(['content', 'contentType'])
    .where('accountId', '=', accountId)
    .where('token', '=', token)
    .executeTakeFirst();
  return row ? { content: Buffer.from(row.content), contentType: row.contentType } : null;
}

export async function readLogo(db: Kysely<Database>, where: { accountId: number } | { token: string }) {
  let q = db.selectFrom('settings').select(['logo', 'logoContentType', 'logoToken']);
  q = 'token' in where ? q.where('logoToken', '=', where.token) : q.where('accountId', '=', where.accountId);
  const row = await q.executeTakeFirst();
  if (!row?.logo || !row.logoContentType || !row.logoToken) return null;
  return { content: Buffer.from(row.logo), contentType: row.logoContentType, token: row.logoToken };
}
