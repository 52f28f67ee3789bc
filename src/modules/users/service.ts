// Console users: creation and listing (CLI), sign-in by password or one-time link, sign-out,
// password change, and the sessions the HTTP layer's authentication accepts instead of a key.
// Session and link tokens are 256 random bits, stored only as their SHA-256 (as API keys are).
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import { transaction } from '../../db/transaction.js';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.js';
import type { ConsoleConfig } from '../../config.js';
import { hashPassword, verifyPassword } from './password.js';
import * as repo from './repo.js';

export const PROFILES = ['Admin', 'Standard', 'Accountant'] as const;
export type Profile = (typeof PROFILES)[number];
export const STATUSES = ['Inactive', 'InvitationSent', 'Active'] as const;

/** How long a one-time sign-in link stays valid. */
export const LINK_HOURS = 24;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export function normalizeEmail(raw: string, field = 'email'): string {
  const email = raw.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) throw ValidationError.field(field, 'must be an e-mail address');
  return email;
}

function checkPassword(password: string, field: string): void {
  if (password.length < PASSWORD_MIN) throw ValidationError.field(field, `must be at least ${PASSWORD_MIN} characters`);
  if (password.length > PASSWORD_MAX) throw ValidationError.field(field, `must be at most ${PASSWORD_MAX} characters`);
}

export interface NewUser {
  accountId: number;
  email: string;
  profile?: Profile;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  password?: string;
}

/** Creates a user; without a password it is invited: the answer carries a one-time sign-in link token. */
export async function createUser(db: Db, input: NewUser): Promise<{ user: repo.UserRow; linkToken: string | null }> {
  const email = normalizeEmail(input.email);
  const profile = input.profile ?? 'Standard';
  if (!PROFILES.includes(profile)) throw ValidationError.field('profile', `must be one of ${PROFILES.join(', ')}`);
  if (input.password !== undefined) checkPassword(input.password, 'password');
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return transaction(db, async (trx) => {
    if (!(await trx.selectFrom('accounts').select('id').where('id', '=', input.accountId).executeTakeFirst()))
      throw new NotFoundError('Account', input.accountId);
    if (await repo.findUserByEmail(trx, email)) throw new ConflictError(`A user with the e-mail ${email} already exists`);
    const now = new Date().toISOString();
    const user = await repo.insertUser(trx, {
      accountId: input.accountId,
      email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      phone: input.phone ?? null,
      profile,
      status: passwordHash ? 'Active' : 'InvitationSent',
      passwordHash,
      createdAt: now,
      passwordChangedAt: passwordHash ? now : null,
    });
    let linkToken: string | null = null;
    if (!passwordHash) {
      linkToken = newToken();
      await repo.insertSignInLink(trx, {
        tokenHash: tokenHash(linkToken),
        userId: user.id,
        expiresAt: Date.now() + LINK_HOURS * 3_600_000,
      });
    }
    return { user, linkToken };
  });
}

export async function listUsers(db: Db, accountId: number): Promise<repo.UserRow[]> {
  return repo.listUsers(db.kysely, accountId);
}

/** A user of the account (another account's user is not found, as for every record). */
export async function getUser(db: Db, accountId: number, userId: number): Promise<repo.UserRow> {
  const user = await repo.findUser(db.kysely, userId);
  if (!user || user.accountId !== accountId) throw new NotFoundError('User', userId);
  return user;
}

export interface UserChanges {
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  profile?: Profile;
  /** Inactive disables the user (sessions end at once); Active enables it again. */
  status?: 'Active' | 'Inactive';
}

/**
 * Changes a user of the account (an Admin's user-management page). An Admin may not take away their
 * own Admin profile nor disable themselves: the account would risk having no Admin left. Disabling
 * ends the user's sessions; enabling gives back Active, or InvitationSent to a user who never chose
 * a password.
 */
export async function updateUser(db: Db, accountId: number, actingUserId: number, userId: number, changes: UserChanges) {
  if (changes.profile !== undefined && !PROFILES.includes(changes.profile))
    throw ValidationError.field('profile', `must be one of ${PROFILES.join(', ')}`);
  return transaction(db, async (trx) => {
    const user = await repo.findUser(trx, userId);
    if (!user || user.accountId !== accountId) throw new NotFoundError('User', userId);
    if (userId === actingUserId && changes.profile !== undefined && changes.profile !== 'Admin')
      throw new ConflictError('You cannot take away your own Admin profile: ask another Admin');
    if (userId === actingUserId && changes.status === 'Inactive') throw new ConflictError('You cannot disable yourself: ask another Admin');
    const values: Partial<repo.UserRow> = {};
    if (changes.firstName !== undefined) values.firstName = changes.firstName?.trim() || null;
    if (changes.lastName !== undefined) values.lastName = changes.lastName?.trim() || null;
    if (changes.phone !== undefined) values.phone = changes.phone?.trim() || null;
    if (changes.profile !== undefined) values.profile = changes.profile;
    if (changes.status === 'Inactive') values.status = 'Inactive';
    if (changes.status === 'Active' && user.status === 'Inactive') values.status = user.passwordHash ? 'Active' : 'InvitationSent';
    if (Object.keys(values).length) await repo.updateUser(trx, user.id, values);
    if (values.status === 'Inactive') await repo.deleteUserSessions(trx, user.id);
    return { ...user, ...values };
  });
}

/** resetPassword for a user of the account, found by id (the user-management page). */
export async function resetPasswordOf(db: Db, accountId: number, userId: number) {
  const user = await getUser(db, accountId, userId);
  return resetPassword(db, user.email);
}

/**
 * Resets a user's password: the old one stops working, every session ends, and a one-time link is
 * made for the user to sign in and choose a new one.
 */
export async function resetPassword(db: Db, rawEmail: string): Promise<{ user: repo.UserRow; linkToken: string }> {
  const email = normalizeEmail(rawEmail);
  return transaction(db, async (trx) => {
    const user = await repo.findUserByEmail(trx, email);
    if (!user) throw new NotFoundError(`User ${email}`);
    await repo.updateUser(trx, user.id, { passwordHash: null, passwordChangedAt: new Date().toISOString() });
    await repo.deleteUserSessions(trx, user.id);
    const linkToken = newToken();
    await repo.insertSignInLink(trx, { tokenHash: tokenHash(linkToken), userId: user.id, expiresAt: Date.now() + LINK_HOURS * 3_600_000 });
    return { user, linkToken };
  });
}

export interface OpenedSession {
  token: string;
  csrfToken: string;
  user: repo.UserRow;
  maxAgeSeconds: number;
}

async function openSession(db: Db, user: repo.UserRow, config: ConsoleConfig): Promise<OpenedSession> {
  const token = newToken();
  const csrfToken = newToken();
  const now = Date.now();
  const expiresAt = now + config.sessionMaxHours * 3_600_000;
  await repo.insertSession(db.kysely, {
    tokenHash: tokenHash(token),
    userId: user.id,
    csrfToken,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  if (Math.random() < 0.05) await repo.pruneSessions(db.kysely, now);
  return { token, csrfToken, user, maxAgeSeconds: config.sessionMaxHours * 3600 };
}

const BAD_CREDENTIALS = 'The e-mail or the password is wrong';

/** Signs in with e-mail and password; the same answer for an unknown e-mail and a wrong password. */
export async function signIn(db: Db, config: ConsoleConfig, email: string, password: string): Promise<OpenedSession> {
  const user = await repo.findUserByEmail(db.kysely, email.trim().toLowerCase());
  const ok = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || !ok) throw new UnauthorizedError(BAD_CREDENTIALS);
  if (user.status === 'Inactive') throw new ForbiddenError('This user is inactive: ask an administrator of the account');
  return openSession(db, user, config);
}

/** Signs in with a one-time link; the link is spent whatever happens next. */
export async function signInWithLink(db: Db, config: ConsoleConfig, token: string): Promise<OpenedSession> {
  const userId = token.length <= 100 ? await repo.takeSignInLink(db.kysely, tokenHash(token), Date.now()) : null;
  const user = userId === null ? undefined : await repo.findUser(db.kysely, userId);
  if (!user) throw new UnauthorizedError('This sign-in link is invalid, was already used or has expired');
  if (user.status === 'Inactive') throw new ForbiddenError('This user is inactive: ask an administrator of the account');
  if (user.status === 'InvitationSent') await repo.updateUser(db.kysely, user.id, { status: 'Active' });
  return openSession(db, { ...user, status: user.status === 'InvitationSent' ? 'Active' : user.status }, config);
}

export async function signOut(db: Db, token: string): Promise<void> {
  await repo.deleteSession(db.kysely, tokenHash(token));
}

/**
 * Changes the password of the session's user. The current password is required when there is one
 * (a user signed in by link after a reset has none); the user's other sessions end.
 */
export async function changePassword(
  db: Db,
  userId: number,
  sessionToken: string,
  input: { currentPassword?: string | null; newPassword: string },
): Promise<void> {
  const user = await repo.findUser(db.kysely, userId);
  if (!user) throw new NotFoundError('User', userId);
  if (user.passwordHash && !(await verifyPassword(input.currentPassword ?? '', user.passwordHash)))
    throw ValidationError.field('currentPassword', 'is wrong');
  checkPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await transaction(db, async (trx) => {
    await repo.updateUser(trx, user.id, { passwordHash, passwordChangedAt: new Date().toISOString() });
    await repo.deleteUserSessions(trx, user.id, tokenHash(sessionToken));
  });
}

export async function findUser(db: Db, userId: number) {
  return repo.findUser(db.kysely, userId);
}
