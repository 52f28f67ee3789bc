// API access: an Admin signed in to the console lists, creates, regenerates and revokes the
// account's keys through /v1/apikeys; keys and other profiles cannot.
import { beforeAll, expect, it } from 'vitest';
import { createUser } from '../../../src/modules/users/index.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

describeEachDb('API access (/v1/apikeys)', (ctx) => {
  let a: TestAccount;
  let admin: Record<string, string>;
  let n = 0;
  async function headersOf(accountId: number, profile: 'Admin' | 'Standard' | 'Accountant') {
    const email = `keys${++n}.${ctx.dialect}@atelier.example`;
    await createUser(ctx.db, { accountId, email, profile, password: 'long enough password' });
    const res = await ctx.inject({ method: 'POST', url: '/v1/users/signin', payload: { email, password: 'long enough password' } });
    expect(res.statusCode, res.body).toBe(200);
    return { cookie: String(res.headers['set-cookie']).split(';')[0], 'x-csrf-token': res.json().csrfToken as string };
  }
  beforeAll(async () => {
    a = await ctx.newAccount('Keys SAS');
    admin = await headersOf(a.accountId, 'Admin');
  });

  it('creates a key shown once, which then answers /hello; the list shows its prefix, never the key', async () => {
    const created = await ctx.inject({ method: 'POST', url: '/v1/apikeys', headers: admin, payload: { name: 'WooCommerce' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const key = created.json();
    expect(key).toEqual({ id: expect.any(Number), name: 'WooCommerce', apiKey: expect.stringMatching(/^fk_[A-Za-z0-9_-]{43}$/) });
    const hello = await ctx.inject({ method: 'GET', url: '/hello', headers: { 'x-api-key': key.apiKey } });
    expect(hello.statusCode).toBe(200);
    expect(hello.json()).toMatchObject({ companyName: 'Keys SAS', apiKeyName: 'WooCommerce' });
    const list = await ctx.inject({ method: 'GET', url: '/v1/apikeys', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(key.apiKey);
    const row = list.json().find((k: { id: number }) => k.id === key.id);
    expect(row).toEqual({
      id: key.id,
      name: 'WooCommerce',
      prefix: key.apiKey.slice(0, 9),
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      revokedAt: null,
    });
    expect(list.json().map((k: { name: string }) => k.name)).toEqual(['Default', 'WooCommerce']);
  });

  it('regenerates a key: the old one stops working, the new one has its name', async () => {
    const old = (await ctx.inject({ method: 'POST', url: '/v1/apikeys', headers: admin, payload: { name: 'n8n' } })).json();
    const res = await ctx.inject({ method: 'POST', url: `/v1/apikeys/regenerate/${old.id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('n8n');
    expect((await ctx.inject({ method: 'GET', url: '/hello', headers: { 'x-api-key': old.apiKey } })).statusCode).toBe(401);
    expect((await ctx.inject({ method: 'GET', url: '/hello', headers: { 'x-api-key': res.json().apiKey } })).statusCode).toBe(200);
  });

  it('revokes a key at once; revoking it again is 404; an empty name is a 400', async () => {
    const key = (await ctx.inject({ method: 'POST', url: '/v1/apikeys', headers: admin, payload: { name: 'temporary' } })).json();
    const res = await ctx.inject({ method: 'DELETE', url: `/v1/apikeys/${key.id}`, headers: admin });
    expect(res.statusCode).toBe(204);
    expect((await ctx.inject({ method: 'GET', url: '/hello', headers: { 'x-api-key': key.apiKey } })).statusCode).toBe(401);
    expect((await ctx.inject({ method: 'DELETE', url: `/v1/apikeys/${key.id}`, headers: admin })).statusCode).toBe(404);
    const empty = await ctx.inject({ method: 'POST', url: '/v1/apikeys', headers: admin, payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ name: ['must not be empty'] });
  });

  it("refuses another account's key as missing (404)", async () => {
    const other = await ctx.newAccount('Other');
    const otherKeys = await ctx.db.kysely.selectFrom('apiKeys').select('id').where('accountId', '=', other.accountId).execute();
    expect((await ctx.inject({ method: 'DELETE', url: `/v1/apikeys/${otherKeys[0].id}`, headers: admin })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: '/hello', headers: other.headers })).statusCode).toBe(200);
  });

  it('refuses an API key, a Standard and an Accountant user (403), and a change without the CSRF token', async () => {
    const standard = await headersOf(a.accountId, 'Standard');
    const accountant = await headersOf(a.accountId, 'Accountant');
    for (const headers of [a.headers, standard, accountant]) {
      const res = await ctx.inject({ method: 'GET', url: '/v1/apikeys', headers });
      expect(res.statusCode).toBe(403);
    }
    const byKey = await ctx.inject({ method: 'POST', url: '/v1/apikeys', headers: a.headers, payload: { name: 'x' } });
    expect(byKey.statusCode).toBe(403);
    const noCsrf = await ctx.inject({ method: 'POST', url: '/v1/apikeys', headers: { cookie: admin.cookie }, payload: { name: 'x' } });
    expect(noCsrf.statusCode).toBe(403);
  });
});
