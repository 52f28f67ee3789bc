// SQL for console users, their sessions and their one-time sign-in links.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface UserRow {
  id: number;
  accountId: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  profile: string;
  status: string;
  passwordHash: string | null;
  createdAt: string;
  passwordChangedAt: string | null;
}

const USER_COLUMNS = [
  'id',
  'accountId',
  'email',
  'firstName',
  'lastName',
  'phone',
  'profile',
  'status',
  'passwordHash',
  'createdAt',
  'passwordChangedAt',
] as const;

export async function insertUser(db: Kysely<Database>, values: Omit<UserRow, 'id'>): Promise<UserRow> {
  return db.insertInto('users').values(values).returning(USER_COLUMNS).executeTakeFirstOrThrow();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export async function findUser(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function listUsers(db: Kysely<Database>, accountId: number): Promise<UserRow[]> {
  return db.selectFrom('users').select(USER_COLUMNS).where('accountId', '=', accountId).orderBy('id').execute();
}

export async function updateUser(db: Kysely<Database>, id: number, values: Partial<Omit<UserRow, 'id' | 'accountId'>>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function insertSession(
  db: Kysely<Database>,
  values: { tokenHash: string; userId: number; csrfToken: string; createdAt: number; lastSeenAt: number; expiresAt: number },
): Promise<void> {
  await db.insertInto('userSessions').values(values).execute();
}

export interface SessionRow {
  tokenHash: string;
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  userId: number;
  profile: string;
  status: string;
  accountId: number;
  accountName: string;
}

export async function findSession(db: Kysely<Database>, tokenHash: string): Promise<SessionRow | undefined> {
  const row = await db
    .selectFrom('userSessions')
    .innerJoin('users', 'users.id', 'userSessions.userId')
    .innerJoin('accounts', 'accounts.id', 'users.accountId')
    .select([
      'userSessions.tokenHash',
      'userSessions.csrfToken',
      'userSessions.createdAt',
      'userSessions.lastSeenAt',
      'userSessions.expiresAt',
      'users.id as userId',
      'users.profile',
      'users.status',
      'accounts.id as accountId',
      'accounts.name as accountName',
    ])
    .where('userSessions.tokenHash', '=', tokenHash)
    .executeTakeFirst();
  return row && { ...row, createdAt: Number(row.createdAt), lastSeenAt: Number(row.lastSeenAt), expiresAt: Number(row.expiresAt) };
}

export async function touchSession(db: Kysely<Database>, tokenHash: string, lastSeenAt: number): Promise<void> {
  await db.updateTable('userSessions').set({ lastSeenAt }).where('tokenHash', '=', tokenHash).execute();
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('userSessions').where('tokenHash', '=', tokenHash).execute();
}

/** Ends a user's sessions, except the one given (the one that changed the password). */
export async function deleteUserSessions(db: Kysely<Database>, userId: number, keep?: string): Promise<void> {
  let query = db.deleteFrom('userSessions').where('userId', '=', userId);
  if (keep) query = query.where('tokenHash', '!=', keep);
  await query.execute();
}

export async function pruneSessions(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('userSessions').where('expiresAt', '<', now).execute();
  await db.deleteFrom('userSignInLinks').where('expiresAt', '<', now).execute();
}

export async function insertSignInLink(db: Kysely<Database>, values: { tokenHash: string; userId: number; expiresAt: number }) {
  await db.insertInto('userSignInLinks').values(values).execute();
}

/** Consumes a link: deletes it and answers its user when it existed and had not expired. */
export async function takeSignInLink(db: Kysely<Database>, tokenHash: string, now: number): Promise<number | null> {
  const row = await db
    .deleteFrom('userSignInLinks')
    .where('tokenHash', '=', tokenHash)
    .returning(['userId', 'expiresAt'])
    .executeTakeFirst();
  return row && Number(row.expiresAt) > now ? row.userId : null;
}
