// Console sign-in and sessions through the API: password and link sign-in, cookie attributes,
// CSRF on every change, throttling, expiry, sign-out, password change, the Accountant profile.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createUser } from '../../../src/modules/users/index.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

const PASSWORD = 'correct horse battery';

function cookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const line = Array.isArray(header) ? header[0] : header;
  return String(line).split(';')[0];
}

describeEachDb('console sessions', (ctx) => {
  let a: TestAccount;
  let n = 0;
  const email = () => `user${++n}.${ctx.dialect}@atelier.example`;
  const signIn = (address: string, password = PASSWORD, remoteAddress = '10.0.0.1') =>
    ctx.inject({ method: 'POST', url: '/v1/users/signin', remoteAddress, payload: { email: address, password } });
  async function session(profile: 'Admin' | 'Standard' | 'Accountant' = 'Admin') {
    const address = email();
    await createUser(ctx.db, {
      accountId: a.accountId,
      email: address,
      profile,
      firstName: 'Marie',
      lastName: 'Durand',
      password: PASSWORD,
    });
    const res = await signIn(address);
    expect(res.statusCode, res.body).toBe(200);
    return { email: address, cookie: cookieOf(res), csrf: res.json().csrfToken as string };
  }

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Facturier SAS');
  });

  it('signs in with e-mail and password: an HttpOnly, SameSite=Strict, Secure cookie and the CSRF token', async () => {
    const address = email();
    await createUser(ctx.db, { accountId: a.accountId, email: address, profile: 'Admin', password: PASSWORD });
    const res = await signIn(address.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const line = String(res.headers['set-cookie']);
    expect(line).toMatch(/^facturier_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.passwordSet).toBe(true);
    expect(body.user).toMatchObject({ email: address, profile: 'Admin', status: 'Active', displayName: address });
    const me = await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: cookieOf(res) } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email: address, profile: 'Admin', status: 'Active', userId: body.user.userId });
    const hello = await ctx.inject({ method: 'GET', url: '/hello', headers: { cookie: cookieOf(res) } });
    expect(hello.json()).toMatchObject({ companyName: 'Atelier Facturier SAS', apiKeyName: null });
  });

  it('stores the password as an scrypt hash, never in clear', async () => {
    const s = await session();
    const row = await ctx.db.kysely.selectFrom('users').select('passwordHash').where('email', '=', s.email).executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(row.passwordHash).not.toContain(PASSWORD);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401, and sets no cookie', async () => {
    const s = await session();
    const wrong = await signIn(s.email, 'not the password', '10.0.1.1');
    const unknown = await signIn('nobody@atelier.example', PASSWORD, '10.0.1.1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('The e-mail or the password is wrong');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('throttles sign-ins: after 5 failures for an e-mail from an address, 429 even with the right password; other addresses unaffected', async () => {
    const s = await session();
    for (let i = 0; i < 5; i++) expect((await signIn(s.email, 'wrong password!', '10.0.2.2')).statusCode).toBe(401);
    const blocked = await signIn(s.email, PASSWORD, '10.0.2.2');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await signIn(s.email, PASSWORD, '10.0.2.3')).statusCode).toBe(200);
  });

  it('refuses a change without the CSRF token, or with a wrong one (403), and accepts it with the token', async () => {
    const s = await session('Standard');
    const payload = { companyName: 'Client CSRF' };
    const missing = await ctx.inject({ method: 'POST', url: '/v1/customers', headers: { cookie: s.cookie }, payload });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toMatch(/CSRF token is missing or wrong/);
    const wrong = await ctx.inject({
      method: 'POST',
      url: '/v1/customers',
      headers: { cookie: s.cookie, 'x-csrf-token': 'x'.repeat(43) },
      payload,
    });
    expect(wrong.statusCode).toBe(403);
    const list = await ctx.inject({ method: 'GET', url: '/v1/customers?query=Client%20CSRF', headers: { cookie: s.cookie } });
    expect(list.json()).toEqual([]);
    const ok = await ctx.inject({ method: 'POST', url: '/v1/customers', headers: { cookie: s.cookie, 'x-csrf-token': s.csrf }, payload });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().name).toBe('Client CSRF');
  });

  it('answers the CSRF token again on GET /v1/users/session (after a reload); a key has no session (403)', async () => {
    const s = await session();
    const res = await ctx.inject({ method: 'GET', url: '/v1/users/session', headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().csrfToken).toBe(s.csrf);
    expect((await ctx.inject({ method: 'GET', url: '/v1/users/session', headers: a.headers })).statusCode).toBe(403);
  });

  it('refuses an expired session (absolute or idle) with 401', async () => {
    const s = await session();
    const hash = (
      await ctx.db.kysely
        .selectFrom('userSessions')
        .innerJoin('users', 'users.id', 'userSessions.userId')
        .select('tokenHash')
        .where('users.email', '=', s.email)
        .executeTakeFirstOrThrow()
    ).tokenHash;
    await ctx.db.kysely
      .updateTable('userSessions')
      .set({ expiresAt: Date.now() - 1000 })
      .where('tokenHash', '=', hash)
      .execute();
    const expired = await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: s.cookie } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().detail).toBe('The session has expired or was closed: sign in again');
    const idle = await session();
    await ctx.db.kysely
      .updateTable('userSessions')
      .set({ lastSeenAt: Date.now() - 121 * 60_000 })
      .where('csrfToken', '=', idle.csrf)
      .execute();
    expect((await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: idle.cookie } })).statusCode).toBe(401);
  });

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const s = await session();
    const noCsrf = await ctx.inject({ method: 'POST', url: '/v1/users/signout', headers: { cookie: s.cookie } });
    expect(noCsrf.statusCode).toBe(403);
    const out = await ctx.inject({ method: 'POST', url: '/v1/users/signout', headers: { cookie: s.cookie, 'x-csrf-token': s.csrf } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/^facturier_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict; Secure$/);
    expect((await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: s.cookie } })).statusCode).toBe(401);
  });

  it('changes the password: the current one is required, the new one checked; other sessions end', async () => {
    const s = await session();
    const other = cookieOf(await signIn(s.email));
    const h = { cookie: s.cookie, 'x-csrf-token': s.csrf };
    const wrong = await ctx.inject({
      method: 'POST',
      url: '/v1/users/me/password',
      headers: h,
      payload: { currentPassword: 'nope nope nope', newPassword: 'a brand new secret' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: ['is wrong'] });
    const short = await ctx.inject({
      method: 'POST',
      url: '/v1/users/me/password',
      headers: h,
      payload: { currentPassword: PASSWORD, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ newPassword: ['must be at least 10 characters'] });
    const ok = await ctx.inject({
      method: 'POST',
      url: '/v1/users/me/password',
      headers: h,
      payload: { currentPassword: PASSWORD, newPassword: 'a brand new secret' },
    });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: s.cookie } })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await signIn(s.email, PASSWORD, '10.0.3.3')).statusCode).toBe(401);
    expect((await signIn(s.email, 'a brand new secret', '10.0.3.3')).statusCode).toBe(200);
    const byKey = await ctx.inject({
      method: 'POST',
      url: '/v1/users/me/password',
      headers: a.headers,
      payload: { newPassword: 'a brand new secret' },
    });
    expect(byKey.statusCode).toBe(403);
  });

  it('signs in once with a link: the invited user becomes Active, has no password yet, and sets one without a current one', async () => {
    const { user, linkToken } = await createUser(ctx.db, { accountId: a.accountId, email: email(), profile: 'Standard' });
    expect(user.status).toBe('InvitationSent');
    const res = await ctx.inject({ method: 'POST', url: '/v1/users/signin/link', payload: { token: linkToken } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ passwordSet: false, user: { status: 'Active', profile: 'Standard' } });
    const again = await ctx.inject({ method: 'POST', url: '/v1/users/signin/link', payload: { token: linkToken } });
    expect(again.statusCode).toBe(401);
    expect(again.json().detail).toBe('This sign-in link is invalid, was already used or has expired');
    const set = await ctx.inject({
      method: 'POST',
      url: '/v1/users/me/password',
      headers: { cookie: cookieOf(res), 'x-csrf-token': res.json().csrfToken },
      payload: { newPassword: 'my first password' },
    });
    expect(set.statusCode, set.body).toBe(204);
    expect((await signIn(user.email, 'my first password', '10.0.4.4')).statusCode).toBe(200);
  });

  it('lets an Accountant read but not change anything, except their own password and session', async () => {
    const s = await session('Accountant');
    const h = { cookie: s.cookie, 'x-csrf-token': s.csrf };
    expect((await ctx.inject({ method: 'GET', url: '/v1/customers', headers: h })).statusCode).toBe(200);
    const create = await ctx.inject({ method: 'POST', url: '/v1/customers', headers: h, payload: { companyName: 'Refused' } });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe('The Accountant profile may read but not change anything');
    const pw = await ctx.inject({
      method: 'POST',
      url: '/v1/users/me/password',
      headers: h,
      payload: { currentPassword: PASSWORD, newPassword: 'accountant secret' },
    });
    expect(pw.statusCode).toBe(204);
    expect((await ctx.inject({ method: 'POST', url: '/v1/users/signout', headers: h })).statusCode).toBe(204);
  });

  it('refuses an inactive user at sign-in and ends their sessions', async () => {
    const s = await session();
    await ctx.db.kysely.updateTable('users').set({ status: 'Inactive' }).where('email', '=', s.email).execute();
    expect((await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: s.cookie } })).statusCode).toBe(401);
    const res = await signIn(s.email, PASSWORD, '10.0.5.5');
    expect(res.statusCode).toBe(403);
  });

  it('a key wins over a cookie, and a malformed cookie is no session', async () => {
    const other = await ctx.newAccount('Other SARL');
    const s = await session();
    const both = await ctx.inject({ method: 'GET', url: '/hello', headers: { cookie: s.cookie, ...other.headers } });
    expect(both.json().companyName).toBe('Other SARL');
    const junk = await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: 'facturier_session=%00; x=1' } });
    expect(junk.statusCode).toBe(401);
  });
});
