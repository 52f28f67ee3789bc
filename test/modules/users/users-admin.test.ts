// The user-management API of the console (docs/console.md#managing-users): an Admin session lists,
// invites, changes, disables, enables the account's users and resets their passwords; a key, a
// Standard or an Accountant session gets 403; another account's users are not found.
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

describeEachDb('users management', (ctx) => {
  let a: TestAccount;
  let other: TestAccount;
  let n = 0;
  const email = () => `admin${++n}.${ctx.dialect}@users.example`;
  async function session(account: TestAccount, profile: 'Admin' | 'Standard' | 'Accountant' = 'Admin') {
    const address = email();
    const { user } = await createUser(ctx.db, { accountId: account.accountId, email: address, profile, password: PASSWORD });
    const res = await ctx.inject({ method: 'POST', url: '/v1/users/signin', payload: { email: address, password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    const headers = { cookie: cookieOf(res), 'x-csrf-token': res.json().csrfToken as string };
    return { id: user.id, email: address, headers };
  }
  let admin: Awaited<ReturnType<typeof session>>;

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Utilisateurs');
    other = await ctx.newAccount('Autre Compte');
    admin = await session(a);
  });

  it('invites a user: 201, status InvitationSent, a one-time link that signs in once and makes the user Active', async () => {
    const address = `Paul.${ctx.dialect}@Users.example`;
    const res = await ctx.inject({
      method: 'POST',
      url: '/v1/users',
      headers: admin.headers,
      payload: { email: address, firstName: 'Paul', lastName: 'Martin', phone: '+33 6 01 02 03 04', profile: 'Accountant' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.user).toEqual({
      displayName: 'Paul Martin',
      email: address.toLowerCase(),
      firstName: 'Paul',
      lastName: 'Martin',
      phone: '+33 6 01 02 03 04',
      profile: 'Accountant',
      status: 'InvitationSent',
      userId: expect.any(Number),
    });
    expect(body.signInLink).toMatch(/^https?:\/\/[^/]+\/console\/#\/link\/[A-Za-z0-9_-]{43}$/);
    const token = body.signInLink.split('/').pop();
    const signin = await ctx.inject({ method: 'POST', url: '/v1/users/signin/link', payload: { token } });
    expect(signin.statusCode, signin.body).toBe(200);
    expect(signin.json()).toMatchObject({ passwordSet: false, user: { status: 'Active', profile: 'Accountant' } });
    const list = await ctx.inject({ method: 'GET', url: '/v1/users', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().find((u: { userId: number }) => u.userId === body.user.userId).status).toBe('Active');
  });

  it('lists only the account’s users, with profile and status', async () => {
    const stranger = await session(other, 'Standard');
    const res = await ctx.inject({ method: 'GET', url: '/v1/users', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const users = res.json<{ email: string; profile: string; status: string }[]>();
    expect(users.find((u) => u.email === admin.email)).toMatchObject({ profile: 'Admin', status: 'Active' });
    expect(users.map((u) => u.email)).not.toContain(stranger.email);
    const others = await ctx.inject({ method: 'GET', url: '/v1/users', headers: (await session(other)).headers });
    expect(others.json().map((u: { email: string }) => u.email)).toContain(stranger.email);
    expect(others.json().map((u: { email: string }) => u.email)).not.toContain(admin.email);
  });

  it('refuses a bad e-mail, an unknown profile, an e-mail already used (400, 400, 409)', async () => {
    const bad = await ctx.inject({
      method: 'POST',
      url: '/v1/users',
      headers: admin.headers,
      payload: { email: 'nope', profile: 'Standard' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/email/);
    const profile = await ctx.inject({
      method: 'POST',
      url: '/v1/users',
      headers: admin.headers,
      payload: { email: `x.${ctx.dialect}@users.example`, profile: 'Api' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.body).toMatch(/profile/);
    const taken = await ctx.inject({
      method: 'POST',
      url: '/v1/users',
      headers: admin.headers,
      payload: { email: admin.email.toUpperCase(), profile: 'Standard' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(`A user with the e-mail ${admin.email} already exists`);
  });

  it('changes the profile and names; disabling ends the user’s sessions and refuses sign-in; enabling restores both', async () => {
    const s = await session(a, 'Standard');
    const changed = await ctx.inject({
      method: 'PUT',
      url: `/v1/users/${s.id}`,
      headers: admin.headers,
      payload: { profile: 'Accountant', firstName: ' Léa ', lastName: 'Roux' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      profile: 'Accountant',
      firstName: 'Léa',
      lastName: 'Roux',
      displayName: 'Léa Roux',
      status: 'Active',
    });
    // The profile holds at once for the open session: an Accountant cannot change anything.
    const write = await ctx.inject({ method: 'POST', url: '/v1/customers', headers: s.headers, payload: { companyName: 'X' } });
    expect(write.statusCode).toBe(403);

    const disabled = await ctx.inject({ method: 'PUT', url: `/v1/users/${s.id}`, headers: admin.headers, payload: { status: 'Inactive' } });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().status).toBe('Inactive');
    expect((await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: s.headers })).statusCode).toBe(401);
    const refused = await ctx.inject({ method: 'POST', url: '/v1/users/signin', payload: { email: s.email, password: PASSWORD } });
    expect(refused.statusCode).toBe(403);

    const enabled = await ctx.inject({ method: 'PUT', url: `/v1/users/${s.id}`, headers: admin.headers, payload: { status: 'Active' } });
    expect(enabled.json().status).toBe('Active');
    const back = await ctx.inject({ method: 'POST', url: '/v1/users/signin', payload: { email: s.email, password: PASSWORD } });
    expect(back.statusCode).toBe(200);
  });

  it('enables an invited user who never chose a password as InvitationSent', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/v1/users',
      headers: admin.headers,
      payload: { email: `invited.${ctx.dialect}@users.example`, profile: 'Standard' },
    });
    const id = res.json().user.userId as number;
    const off = await ctx.inject({ method: 'PUT', url: `/v1/users/${id}`, headers: admin.headers, payload: { status: 'Inactive' } });
    expect(off.json().status).toBe('Inactive');
    const token = (res.json().signInLink as string).split('/').pop();
    expect((await ctx.inject({ method: 'POST', url: '/v1/users/signin/link', payload: { token } })).statusCode).toBe(403);
    const on = await ctx.inject({ method: 'PUT', url: `/v1/users/${id}`, headers: admin.headers, payload: { status: 'Active' } });
    expect(on.json().status).toBe('InvitationSent');
  });

  it('resets a password: the old one and the sessions end, a one-time link signs in with no password set', async () => {
    const s = await session(a, 'Standard');
    const res = await ctx.inject({ method: 'POST', url: `/v1/users/resetpassword/${s.id}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().user).toMatchObject({ userId: s.id, email: s.email, status: 'Active' });
    expect((await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: s.headers })).statusCode).toBe(401);
    const old = await ctx.inject({ method: 'POST', url: '/v1/users/signin', payload: { email: s.email, password: PASSWORD } });
    expect(old.statusCode).toBe(401);
    const token = (res.json().signInLink as string).split('/').pop();
    const link = await ctx.inject({ method: 'POST', url: '/v1/users/signin/link', payload: { token } });
    expect(link.statusCode).toBe(200);
    expect(link.json().passwordSet).toBe(false);
  });

  it('refuses an Admin taking away their own Admin profile or disabling themselves (409)', async () => {
    const demote = await ctx.inject({
      method: 'PUT',
      url: `/v1/users/${admin.id}`,
      headers: admin.headers,
      payload: { profile: 'Standard' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().detail).toMatch(/own Admin profile/);
    const off = await ctx.inject({ method: 'PUT', url: `/v1/users/${admin.id}`, headers: admin.headers, payload: { status: 'Inactive' } });
    expect(off.statusCode).toBe(409);
    const names = await ctx.inject({ method: 'PUT', url: `/v1/users/${admin.id}`, headers: admin.headers, payload: { firstName: 'Anne' } });
    expect(names.statusCode).toBe(200);
    expect(names.json()).toMatchObject({ profile: 'Admin', status: 'Active', firstName: 'Anne' });
  });

  it('answers 404 for another account’s user and an unknown id; 400 for a bad status', async () => {
    const stranger = await session(other, 'Standard');
    for (const req of [
      { method: 'GET' as const, url: `/v1/users/${stranger.id}` },
      { method: 'PUT' as const, url: `/v1/users/${stranger.id}`, payload: { profile: 'Admin' } },
      { method: 'POST' as const, url: `/v1/users/resetpassword/${stranger.id}` },
      { method: 'GET' as const, url: '/v1/users/999999' },
    ]) {
      const res = await ctx.inject({ ...req, headers: admin.headers });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
    }
    const status = await ctx.inject({
      method: 'PUT',
      url: `/v1/users/${admin.id}`,
      headers: admin.headers,
      payload: { status: 'Unknown' },
    });
    expect(status.statusCode).toBe(400);
    // The stranger still signs in: nothing was changed.
    const ok = await ctx.inject({ method: 'POST', url: '/v1/users/signin', payload: { email: stranger.email, password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a key, a Standard and an Accountant session (403), and a change without the CSRF token', async () => {
    const standard = await session(a, 'Standard');
    const accountant = await session(a, 'Accountant');
    for (const headers of [a.headers, standard.headers, accountant.headers]) {
      for (const req of [
        { method: 'GET' as const, url: '/v1/users' },
        { method: 'GET' as const, url: `/v1/users/${admin.id}` },
        { method: 'POST' as const, url: '/v1/users', payload: { email: `no.${ctx.dialect}@users.example`, profile: 'Admin' } },
        { method: 'PUT' as const, url: `/v1/users/${standard.id}`, payload: { profile: 'Admin' } },
        { method: 'POST' as const, url: `/v1/users/resetpassword/${admin.id}` },
      ]) {
        const res = await ctx.inject({ ...req, headers });
        expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
      }
    }
    const noCsrf = await ctx.inject({
      method: 'PUT',
      url: `/v1/users/${standard.id}`,
      headers: { cookie: admin.headers.cookie },
      payload: { profile: 'Admin' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const me = await ctx.inject({ method: 'GET', url: '/v1/users/me', headers: standard.headers });
    expect(me.json().profile).toBe('Standard');
  });
});
