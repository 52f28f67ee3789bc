// The console's session cookie and what the HTTP layer's authentication asks of it
// (ResolveSession in src/http/auth.ts): the session's principal; 401 when it has ended; 403 for a
// change (any method but GET, HEAD, OPTIONS) without the session's CSRF token in `x-csrf-token`,
// and for a change by an Accountant (read-only) other than signing out or changing a password.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { ForbiddenError, UnauthorizedError } from '../../errors.js';
import type { Principal } from '../../app/principal.js';
import * as repo from './repo.js';
import { tokenHash } from './service.js';

export const COOKIE = 'facturier_session';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The changes an Accountant may make: their own session and password. */
const ACCOUNTANT_CHANGES = new Set(['/v1/users/signout', '/v1/users/me/password']);

export function sessionCookieOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === COOKIE) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

function cookie(value: string, maxAge: number, config: ConsoleConfig): string {
  return `${COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${config.cookieSecure ? '; Secure' : ''}`;
}

export function setSessionCookie(reply: FastifyReply, token: string, maxAge: number, config: ConsoleConfig): void {
  reply.header('set-cookie', cookie(token, maxAge, config));
  reply.header('cache-control', 'no-store');
}

export function clearSessionCookie(reply: FastifyReply, config: ConsoleConfig): void {
  reply.header('set-cookie', cookie('', 0, config));
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function sessionResolver(db: Db, config: ConsoleConfig, log: (err: unknown) => void) {
  const idleMs = config.sessionIdleMinutes * 60_000;
  return async (request: FastifyRequest): Promise<Principal | null> => {
    const token = sessionCookieOf(request);
    if (!token) return null;
    const session = await repo.findSession(db.kysely, tokenHash(token));
    const now = Date.now();
    if (!session || session.expiresAt <= now || session.lastSeenAt + idleMs <= now || session.status !== 'Active') {
      throw new UnauthorizedError('The session has expired or was closed: sign in again');
    }
    if (!SAFE_METHODS.has(request.method)) {
      const given = request.headers[CSRF_HEADER];
      if (typeof given !== 'string' || !sameToken(given, session.csrfToken)) {
        throw new ForbiddenError(`The CSRF token is missing or wrong: send the session's token in the ${CSRF_HEADER} header`);
      }
      if (session.profile === 'Accountant' && !ACCOUNTANT_CHANGES.has((request.routeOptions.url ?? '').toLowerCase())) {
        throw new ForbiddenError('The Accountant profile may read but not change anything');
      }
    }
    if (now - session.lastSeenAt > 60_000) repo.touchSession(db.kysely, session.tokenHash, now).catch(log);
    return {
      accountId: session.accountId,
      accountName: session.accountName,
      apiKeyId: null,
      apiKeyName: null,
      user: { id: session.userId, profile: session.profile },
    };
  };
}

/** The CSRF token of the request's session (the console asks for it after a reload). */
export async function csrfTokenOf(db: Db, request: FastifyRequest): Promise<string | null> {
  const token = sessionCookieOf(request);
  if (!token) return null;
  const session = await repo.findSession(db.kysely, tokenHash(token));
  return session?.csrfToken ?? null;
}
