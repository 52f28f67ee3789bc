import { beforeAll, expect, it } from 'vitest';
import { revokeApiKey, regenerateApiKey } from '../../src/modules/accounts/service.js';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';

describeEachDb('API keys and /hello', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx.newAccount('ACME SAS');
  });

  it('greets with the x-api-key header, whatever its casing', async () => {
    for (const name of ['x-api-key', 'X-API-KEY', 'X-Api-Key']) {
      const res = await ctx.inject({ method: 'GET', url: '/hello', headers: { [name]: account.apiKey } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json();
      expect(body).toMatchObject({ message: 'Hello ACME SAS', companyName: 'ACME SAS', apiKeyName: 'Default' });
      expect(Date.parse(body.serverTimestamp)).toBeGreaterThan(Date.now() - 60_000);
      expect(body.url).toBe('http://localhost:80');
    }
  });

  it('greets with HTTP Basic, user apikey', async () => {
    const basic = Buffer.from(`apikey:${account.apiKey}`).toString('base64');
    const res = await ctx.inject({ method: 'GET', url: '/hello', headers: { authorization: `Basic ${basic}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().companyName).toBe('ACME SAS');
  });

  it('refuses HTTP Basic with another user name', async () => {
    const basic = Buffer.from(`admin:${account.apiKey}`).toString('base64');
    const res = await ctx.inject({ method: 'GET', url: '/hello', headers: { authorization: `Basic ${basic}` } });
    expect(res.statusCode).toBe(401);
  });

  it('greets with the apikey query parameter, any casing, and /Hello', async () => {
    const res = await ctx.inject({ method: 'GET', url: `/Hello?ApiKey=${account.apiKey}&api-version=1.0` });
    expect(res.statusCode).toBe(200);
    expect(res.json().apiKeyName).toBe('Default');
  });

  it('offers text/plain and text/json for the same body', async () => {
    for (const type of ['text/plain', 'text/json']) {
      const res = await ctx.inject({ method: 'GET', url: '/hello', headers: { ...account.headers, accept: type } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(`${type}; charset=utf-8`);
      expect(JSON.parse(res.body).companyName).toBe('ACME SAS');
    }
  });

  it('answers 401 ProblemDetails with WWW-Authenticate when the key is missing', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/hello' });
    expect(res.statusCode).toBe(401);
    // Not Basic: a browser would prompt, cache the credentials and send them on other sites' requests.
    expect(res.headers['www-authenticate']).toBe('ApiKey realm="facturier", header="x-api-key"');
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.json()).toMatchObject({ status: 401, title: 'Unauthorized', instance: '/hello' });
    expect(res.json().detail).toMatch(/API key is required/);
  });

  it('answers 401 for an unknown key, on resource routes too', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/v1/customers', headers: { 'x-api-key': 'fk_not-a-key' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('The API key is invalid or has been revoked');
  });

  it('stops accepting a revoked key at once', async () => {
    const other = await ctx.newAccount('Revoked Ltd');
    expect((await ctx.inject({ method: 'GET', url: '/hello', headers: other.headers })).statusCode).toBe(200);
    const keys = await ctx.db.kysely.selectFrom('apiKeys').select('id').where('accountId', '=', other.accountId).execute();
    await revokeApiKey(ctx.db, other.accountId, keys[0].id);
    expect((await ctx.inject({ method: 'GET', url: '/hello', headers: other.headers })).statusCode).toBe(401);
  });

  it('regenerating a key revokes the old one and keeps the name', async () => {
    const other = await ctx.newAccount('Regen SARL');
    const [key] = await ctx.db.kysely.selectFrom('apiKeys').select('id').where('accountId', '=', other.accountId).execute();
    const fresh = await regenerateApiKey(ctx.db, other.accountId, key.id);
    expect(fresh.name).toBe('Default');
    expect((await ctx.inject({ method: 'GET', url: '/hello', headers: other.headers })).statusCode).toBe(401);
    const res = await ctx.inject({ method: 'GET', url: '/hello', headers: { 'x-api-key': fresh.apiKey } });
    expect(res.statusCode).toBe(200);
  });

  it('stores only a hash of the key and records its last use', async () => {
    await ctx.inject({ method: 'GET', url: '/hello', headers: account.headers });
    const rows = await ctx.db.kysely.selectFrom('apiKeys').selectAll().where('accountId', '=', account.accountId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(account.apiKey);
    expect(rows[0].lastUsedAt).not.toBeNull();
  });

  it('serves health checks without a key', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('echoes a request id, the client one when given', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await ctx.inject({ method: 'GET', url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describeEachDb(
  'throttling of failed authentications',
  (ctx) => {
    it('throttles one address and key prefix: that key gets 429, a good key from the same address still works', async () => {
      const account = await ctx.newAccount();
      const bad = 'fk_Wrong0-this-key-was-revoked-long-ago';
      for (let i = 0; i < 3; i++) {
        const res = await ctx.inject({ method: 'GET', url: '/hello', headers: { 'x-api-key': bad } });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await ctx.inject({ method: 'GET', url: '/hello', headers: { 'x-api-key': bad } });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(600);
      expect(blocked.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
      // The same prefix is blocked whatever follows it, so guessing the rest of a key is throttled too.
      const samePrefix = await ctx.inject({ method: 'GET', url: '/hello', headers: { 'x-api-key': 'fk_Wrong0-another-ending' } });
      expect(samePrefix.statusCode).toBe(429);
      // Another client behind the same address, with its good key, is not locked out.
      const good = await ctx.inject({ method: 'GET', url: '/hello', headers: account.headers });
      expect(good.statusCode).toBe(200);
      // Nor is another address with the bad key.
      const elsewhere = await ctx.inject({ method: 'GET', url: '/hello', headers: { 'x-api-key': bad }, remoteAddress: '127.0.0.2' });
      expect(elsewhere.statusCode).toBe(401);
    });

    it('throttles requests without a key as their own bucket', async () => {
      const account = await ctx.newAccount();
      const address = '127.0.0.3';
      for (let i = 0; i < 3; i++) expect((await ctx.inject({ method: 'GET', url: '/hello', remoteAddress: address })).statusCode).toBe(401);
      expect((await ctx.inject({ method: 'GET', url: '/hello', remoteAddress: address })).statusCode).toBe(429);
      expect((await ctx.inject({ method: 'GET', url: '/hello', headers: account.headers, remoteAddress: address })).statusCode).toBe(200);
    });

    it('counts a key given in the query under its own prefix too, and stores nothing unsafe', async () => {
      const address = '127.0.0.4';
      for (let i = 0; i < 3; i++) {
        const res = await ctx.inject({ method: 'GET', url: '/hello?apikey=fk_%00%01bad', remoteAddress: address });
        expect(res.statusCode).toBe(401);
      }
      expect((await ctx.inject({ method: 'GET', url: '/hello?APIKEY=fk_%00%01bad', remoteAddress: address })).statusCode).toBe(429);
    });
  },
  { AUTH_FAILURE_LIMIT: '3', AUTH_FAILURE_WINDOW_SECONDS: '600' },
);
