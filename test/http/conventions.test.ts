import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';

describeEachDb(
  'API conventions',
  (ctx) => {
    let a: TestAccount;
    beforeAll(async () => {
      a = await ctx.newAccount();
    });

    const post = (payload: string, contentType: string) =>
      ctx.inject({ method: 'POST', url: '/v1/customers', headers: { ...a.headers, 'content-type': contentType }, payload });

    it.each([
      'application/json',
      'application/json-patch+json',
      'text/json',
      'application/vnd.facturier+json',
      'application/json; charset=utf-8',
    ])('accepts a JSON body sent as %s', async (type) => {
      const res = await post(JSON.stringify({ companyName: `Media ${type}` }), type);
      expect(res.statusCode).toBe(200);
      expect(res.json().name).toBe(`Media ${type}`);
    });

    it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])('answers 415 to %s', async (type) => {
      const res = await post('companyName=x', type);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toMatch(/^Unsupported media type/);
      expect(res.json().errors).toHaveLength(1);
    });

    it('answers 400 Error to malformed JSON', async () => {
      const res = await post('{"companyName": ', 'application/json');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Malformed JSON body/);
    });

    it('answers 400 to an empty JSON body', async () => {
      const res = await post('', 'application/json');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Request body is empty but its content type is JSON');
    });

    it('answers 413 to a body over the limit', async () => {
      const res = await post(JSON.stringify({ companyName: 'x', internalNotes: 'y'.repeat(5000) }), 'application/json');
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('Request body is larger than the allowed limit');
    });

    it('names every offending field in a 400 Error on create', async () => {
      const res = await post(
        JSON.stringify({ companyName: [42], email: 'not-an-email', type: 'Alien', billingAddress: { countryIso: 'FRA' } }),
        'application/json',
      );
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
      const joined = body.errors.join('\n');
      expect(joined).toMatch(/^companyName: /m);
      expect(joined).toMatch(/^email: must be an e-mail address$/m);
      expect(joined).toMatch(/^type: /m);
      expect(joined).toMatch(/^billingAddress\.countryIso: /m);
    });

    it('names offending fields in a 400 ProblemDetails on update', async () => {
      const created = (await post(JSON.stringify({ companyName: 'To update' }), 'application/json')).json();
      const res = await ctx.inject({
        method: 'PUT',
        url: `/v1/customers/${created.id}`,
        headers: a.headers,
        payload: { companyName: 'x'.repeat(201) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(res.json()).toMatchObject({ status: 400, title: 'One or more validation errors occurred.' });
      expect(res.json().errors.companyName[0]).toMatch(/must NOT have more than 200 characters/);
    });

    it.each(['abc', '1.5', '2147483648', '-99999999999'])('answers 400, never 500, to the path id %s', async (id) => {
      const res = await ctx.inject({ method: 'GET', url: `/v1/customers/${id}`, headers: a.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.id).toBeDefined();
    });

    it('answers 404 ProblemDetails for an id of nothing', async () => {
      const res = await ctx.inject({ method: 'GET', url: '/v1/customers/2147483647', headers: a.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, title: 'Not Found', detail: 'Customer 2147483647 not found' });
    });

    it('matches routes and query names case-insensitively', async () => {
      const res = await ctx.inject({ method: 'GET', url: '/V1/Customers?pagesize=2&PAGEINDEX=1&orderby=name', headers: a.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-page-size']).toBe('2');
      expect(res.json()).toHaveLength(2);
    });

    it('answers 404 for an unknown route', async () => {
      const res = await ctx.inject({ method: 'GET', url: '/v1/nothing-here', headers: a.headers });
      expect(res.statusCode).toBe(404);
    });

    it('keeps each account to its own records: 404, like a missing one', async () => {
      const b = await ctx.newAccount();
      const mine = (await post(JSON.stringify({ companyName: 'Private SA' }), 'application/json')).json();
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await ctx.inject({
          method,
          url: `/v1/customers/${mine.id}`,
          headers: b.headers,
          ...(method === 'PUT' ? { payload: { companyName: 'Stolen' } } : {}),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json().detail).toBe(`Customer ${mine.id} not found`);
      }
      const list = await ctx.inject({ method: 'GET', url: '/v1/customers?query=private', headers: b.headers });
      expect(list.json()).toEqual([]);
      expect(list.headers['x-record-count']).toBe('0');
      const still = await ctx.inject({ method: 'GET', url: `/v1/customers/${mine.id}`, headers: a.headers });
      expect(still.json().name).toBe('Private SA');
    });

    it('serves the OpenAPI 3.1 document and the interactive docs without a key', async () => {
      const doc = await ctx.inject({ method: 'GET', url: '/openapi.json' });
      expect(doc.statusCode).toBe(200);
      const spec = doc.json();
      expect(spec.openapi).toBe('3.1.0');
      expect(Object.keys(spec.paths)).toEqual(
        expect.arrayContaining(['/hello', '/v1/customers', '/v1/customers/{id}', '/v1/customers/find']),
      );
      expect(spec.components.schemas.Customer.properties.billingAddress).toBeDefined();
      const ui = await ctx.inject({ method: 'GET', url: '/docs/' });
      expect(ui.statusCode).toBe(200);
      expect(ui.body).toMatch(/swagger/i);
    });
  },
  { BODY_LIMIT_BYTES: '4096' },
);

describeEachDb('paging', (ctx) => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await ctx.newAccount();
    for (let i = 1; i <= 23; i++) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: a.headers,
        payload: { companyName: `Client ${String(i).padStart(2, '0')}` },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('defaults to 10 per page with the six headers', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/v1/customers?OrderBy=name', headers: a.headers });
    expect(res.json()).toHaveLength(10);
    expect(res.headers['x-record-count']).toBe('23');
    expect(res.headers['x-page-count']).toBe('3');
    expect(res.headers['x-page-index']).toBe('1');
    expect(res.headers['x-page-size']).toBe('10');
    expect(res.headers['x-page-next']).toBe('/v1/customers?OrderBy=name&PageIndex=2');
    expect(res.headers['x-page-prev']).toBeUndefined();
  });

  it('walks to the last page following x-page-next, keeping other parameters', async () => {
    let url: string | undefined = '/v1/customers?PageSize=10&OrderBy=-name';
    const names: string[] = [];
    while (url) {
      const res = await ctx.inject({ method: 'GET', url, headers: a.headers });
      names.push(...res.json().map((c: { name: string }) => c.name));
      url = res.headers['x-page-next'] as string | undefined;
    }
    expect(names).toHaveLength(23);
    expect(names[0]).toBe('Client 23');
    expect(names[22]).toBe('Client 01');
  });

  it('gives x-page-prev on the last page and nothing past it', async () => {
    const last = await ctx.inject({ method: 'GET', url: '/v1/customers?PageIndex=3&OrderBy=name', headers: a.headers });
    expect(last.json().map((c: { name: string }) => c.name)).toEqual(['Client 21', 'Client 22', 'Client 23']);
    expect(last.headers['x-page-prev']).toBe('/v1/customers?OrderBy=name&PageIndex=2');
    expect(last.headers['x-page-next']).toBeUndefined();
    const beyond = await ctx.inject({ method: 'GET', url: '/v1/customers?PageIndex=9', headers: a.headers });
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-page-prev']).toBe('/v1/customers?PageIndex=3');
  });

  it.each([
    ['PageSize=0', 'PageSize'],
    ['PageSize=101', 'PageSize'],
    ['PageIndex=-1', 'PageIndex'],
    ['PageIndex=x', 'PageIndex'],
    ['OrderBy=password', 'OrderBy'],
  ])('answers 400 naming the parameter for %s', async (qs, field) => {
    const res = await ctx.inject({ method: 'GET', url: `/v1/customers?${qs}`, headers: a.headers });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('reads PageIndex=0 as the first page and an empty parameter as absent, as the reference service does', async () => {
    const zero = await ctx.inject({ method: 'GET', url: '/v1/customers?PageIndex=0&PageSize=5&OrderBy=name', headers: a.headers });
    const first = await ctx.inject({ method: 'GET', url: '/v1/customers?PageIndex=1&PageSize=5&OrderBy=name', headers: a.headers });
    expect(zero.statusCode).toBe(200);
    expect(zero.headers['x-page-index']).toBe('1');
    expect(zero.json()).toEqual(first.json());
    const empty = await ctx.inject({ method: 'GET', url: '/v1/customers?PageIndex=&PageSize=&OrderBy=name&query=', headers: a.headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['x-page-size']).toBe('10');
    expect(empty.json()).toHaveLength(10);
  });

  it('accepts PageSize 100', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/v1/customers?PageSize=100', headers: a.headers });
    expect(res.json()).toHaveLength(23);
    expect(res.headers['x-page-count']).toBe('1');
  });

  it('never echoes the API key in x-page-next or x-page-prev, however its parameter is spelled', async () => {
    for (const name of ['apikey', 'ApiKey', 'api%6Bey']) {
      const res = await ctx.inject({ method: 'GET', url: `/v1/customers?${name}=${a.apiKey}&PageIndex=2&OrderBy=name` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['x-page-next']).toBe('/v1/customers?OrderBy=name&PageIndex=3');
      expect(res.headers['x-page-prev']).toBe('/v1/customers?OrderBy=name&PageIndex=1');
      expect(JSON.stringify(res.headers)).not.toContain(a.apiKey);
    }
  });
});

describeEachDb('requests without a body', (ctx) => {
  let a: TestAccount;
  let server: string;
  beforeAll(async () => {
    a = await ctx.newAccount();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address() as AddressInfo;
    server = `http://127.0.0.1:${address.port}`;
  });

  const draft = async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: a.headers,
      payload: {
        customerName: 'Sans corps SARL',
        lines: [{ type: 'Product', description: 'x', quantity: 1, taxExcludedPrice: 10, vat: { rate: 20 } }],
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().id as number;
  };

  /**
   * A POST through Node's HTTP client. Headers flushed before the end (what a client streaming its
   * body does, and any `pipe`) make it send `Transfer-Encoding: chunked`, here with no bytes.
   */
  const rawPost = (path: string, headers: Record<string, string>, body?: string, flush = false) =>
    new Promise<{ status: number; body: string; chunked: boolean }>((resolve, reject) => {
      const req = request(`${server}${path}`, { method: 'POST', headers: { ...a.headers, ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            chunked: req.getHeader('transfer-encoding') === 'chunked' || req.chunkedEncoding,
          });
        });
      });
      req.on('error', reject);
      if (flush) req.flushHeaders();
      req.end(body);
    });

  it.each([
    ['no content type, chunked and empty', {}, true],
    ['a JSON content type, chunked and empty', { 'content-type': 'application/json' }, true],
    ['a JSON content type and Content-Length: 0', { 'content-type': 'application/json', 'content-length': '0' }, false],
    ['no content type and Content-Length: 0', { 'content-length': '0' }, false],
  ])('finalizes with %s', async (_label, headers: Record<string, string>, chunked: boolean) => {
    const id = await draft();
    const res = await rawPost(`/v1/saleinvoices/finalize/${id}`, headers, undefined, chunked);
    expect(res.chunked).toBe(chunked);
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ id, isDraft: false });
  });

  it('still answers 415 to a body it cannot read, and 400 to an empty JSON body where one is needed', async () => {
    const id = await draft();
    const foreign = await rawPost(`/v1/saleinvoices/finalize/${id}`, {}, 'finalize please');
    expect(foreign.status).toBe(415);
    const empty = await rawPost('/v1/customers', { 'content-type': 'application/json' });
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.body).message).toBe('Request body is empty but its content type is JSON');
    const none = await rawPost('/v1/customers', {});
    expect(none.status).toBe(400);
    const typed = await rawPost('/v1/customers', { 'content-type': 'text/plain' });
    expect(typed.status).toBe(415);
  });
});
