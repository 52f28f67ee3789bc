// Cross-site request forgery through credentials a browser adds by itself: cached HTTP Basic
// credentials and the console's session cookie are refused on a request a page of another site
// made (Origin, Sec-Fetch-Site); a 401 never invites the browser's Basic prompt; and every change
// declares a JSON content type or none at all, so that a form or a no-cors fetch cannot make one.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/modules/users/service.js';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';

const PASSWORD = 'correct horse battery staple 42';

function cookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  return String(Array.isArray(header) ? header[0] : header).split(';')[0];
}

describeEachDb('cross-origin requests with browser-added credentials', (ctx) => {
  let a: TestAccount;
  let basic: string;

  beforeAll(async () => {
    a = await ctx.newAccount();
    basic = `Basic ${Buffer.from(`apikey:${a.apiKey}`).toString('base64')}`;
  });

  const draft = async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: a.headers,
      payload: {
        customerName: 'Client',
        lines: [{ type: 'Product', description: 'x', quantity: 1, taxExcludedPrice: 10, vat: { rate: 20 } }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  };
  const isDraft = async (id: number) =>
    (await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/${id}`, headers: a.headers })).json<{ isDraft: boolean }>().isDraft;

  it('refuses a finalize from another site with Basic credentials and text/plain (403), and the invoice stays a draft', async () => {
    const id = await draft();
    const res = await ctx.inject({
      method: 'POST',
      url: `/v1/saleinvoices/finalize/${id}`,
      headers: { authorization: basic, origin: 'https://evil.example', 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json<{ detail: string }>().detail).toMatch(/^Cross-origin request refused/);
    expect(await isDraft(id)).toBe(true);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['Origin: null (sandboxed page)', { origin: 'null' }],
    ['Origin of another host', { origin: 'http://localhost.evil.example' }],
  ])('refuses Basic credentials with %s, on GET too (403)', async (_label, headers: Record<string, string>) => {
    const id = await draft();
    const post = await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/cancel/${id}`, headers: { authorization: basic, ...headers } });
    expect(post.statusCode).toBe(403);
    const get = await ctx.inject({ method: 'GET', url: '/v1/customers', headers: { authorization: basic, ...headers } });
    expect(get.statusCode).toBe(403);
  });

  it('accepts Basic credentials from its own origin, from a typed URL, and from clients that are not browsers', async () => {
    for (const headers of [
      { origin: 'http://localhost:80', host: 'localhost:80' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80', host: 'localhost:80' },
      { 'sec-fetch-site': 'none' },
      {},
    ]) {
      const id = await draft();
      const res = await ctx.inject({
        method: 'POST',
        url: `/v1/saleinvoices/finalize/${id}`,
        headers: { authorization: basic, ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json<{ isDraft: boolean }>().isDraft).toBe(false);
    }
  });

  it('accepts a key in x-api-key from any origin (a page cannot send that header cross-origin without CORS)', async () => {
    const id = await draft();
    const res = await ctx.inject({
      method: 'POST',
      url: `/v1/saleinvoices/finalize/${id}`,
      headers: { ...a.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses the console session cookie from another site (403), with its CSRF token too', async () => {
    const email = `csrf.${ctx.dialect}@atelier.example`;
    await createUser(ctx.db, { accountId: a.accountId, email, profile: 'Admin', firstName: 'M', lastName: 'D', password: PASSWORD });
    const signIn = await ctx.inject({ method: 'POST', url: '/v1/users/signin', payload: { email, password: PASSWORD } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const session = { cookie: cookieOf(signIn), 'x-csrf-token': signIn.json<{ csrfToken: string }>().csrfToken };
    const id = await draft();
    const refused = await ctx.inject({
      method: 'POST',
      url: `/v1/saleinvoices/finalize/${id}`,
      headers: { ...session, origin: 'https://evil.example' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toMatch(/^Cross-origin request refused/);
    expect(await isDraft(id)).toBe(true);
    const same = await ctx.inject({
      method: 'POST',
      url: `/v1/saleinvoices/finalize/${id}`,
      headers: { ...session, 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('challenges a 401 with a scheme no browser prompts for, never Basic', async () => {
    for (const headers of [{}, { 'x-api-key': 'fk_wrong' }, { authorization: 'Basic YXBpa2V5OmZrX3dyb25n' }]) {
      const res = await ctx.inject({ method: 'GET', url: '/v1/customers', headers, remoteAddress: '10.77.0.1' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('ApiKey realm="facturier", header="x-api-key"');
    }
  });
});

describeEachDb('every change declares JSON or nothing', (ctx) => {
  let a: TestAccount;
  let customerId: number;
  beforeAll(async () => {
    a = await ctx.newAccount();
    const customer = await ctx.inject({ method: 'POST', url: '/v1/customers', headers: a.headers, payload: { companyName: 'Client' } });
    customerId = customer.json<{ id: number }>().id;
  });
  const draft = async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: a.headers,
      payload: { customerId, lines: [{ type: 'Product', description: 'x', quantity: 1, taxExcludedPrice: 10, vat: { rate: 20 } }] },
    });
    return res.json<{ id: number }>().id;
  };

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain;charset=UTF-8'])(
    'refuses a bodiless POST, PUT or DELETE declaring %s (415), and changes nothing',
    async (type) => {
      const id = await draft();
      for (const [method, url] of [
        ['POST', `/v1/saleinvoices/finalize/${id}`],
        ['DELETE', `/v1/saleinvoices/${id}`],
        ['PUT', `/v1/saleinvoices/${id}`],
      ] as const) {
        const res = await ctx.inject({ method, url, headers: { ...a.headers, 'content-type': type } });
        expect(res.statusCode, `${method} ${url}`).toBe(415);
        expect(res.body).toMatch(/Unsupported media type/);
      }
      const still = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/${id}`, headers: a.headers });
      expect(still.json<{ isDraft: boolean }>().isDraft).toBe(true);
    },
  );

  it('keeps accepting a bodiless POST with no content type, or with a JSON one and an empty body (WooCommerce)', async () => {
    const none = await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${await draft()}`, headers: a.headers });
    expect(none.statusCode).toBe(200);
    const json = await ctx.inject({
      method: 'POST',
      url: `/v1/saleinvoices/finalize/${await draft()}`,
      headers: { ...a.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(json.statusCode).toBe(200);
    const deleted = await ctx.inject({ method: 'DELETE', url: `/v1/saleinvoices/${await draft()}`, headers: a.headers });
    expect(deleted.statusCode).toBe(200);
  });
});
