// The cache of serialized answers (issue #29, src/app/fragments.ts): sale documents are answered
// from it byte for byte as Fastify's own serializer answers them, a change of anything the answer
// depends on (a payment, a status, the day) is a new answer at once, accounts never share one, and a
// snapshot that cannot be read is still a 409, never a 500.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { FragmentCache, fragmentsFor } from '../../src/app/fragments.js';
import { customerFamilies } from '../../src/modules/customers/service.js';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';

describe('FragmentCache', () => {
  it('keeps answers by key, forgets the least recently used past its size, and counts hits and misses', () => {
    const cache = new FragmentCache(160);
    const bytes = (c: string, n: number) => Buffer.from(c.repeat(n));
    cache.set('a', bytes('x', 8));
    cache.set('b', bytes('y', 8));
    expect(cache.get('a')?.toString()).toBe('xxxxxxxx');
    // 'b' is now the least recently used: filling past 160 bytes drops it first.
    for (let i = 0; i < 19; i++) cache.set(`k${i}`, bytes('z', 8));
    expect(cache.heldBytes).toBeLessThanOrEqual(160);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('k18')?.toString()).toBe('zzzzzzzz');
    // An answer larger than a sixteenth of the cache is not kept (one long document cannot empty it).
    cache.set('big', bytes('w', 11));
    expect(cache.get('big')).toBeUndefined();
    cache.set('k18', bytes('v', 4));
    expect(cache.get('k18')?.toString()).toBe('vvvv');
    expect(cache.hits).toBe(3);
    expect(cache.misses).toBe(2);
  });
});

describeEachDb('sale documents answered from the cache of serialized answers', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let invoiceId: number;
  let number: string;

  const get = (url: string, account = a, headers: Record<string, string> = {}) =>
    ctx.inject({ method: 'GET', url, headers: { ...account.headers, ...headers } });
  const post = async (url: string, payload?: object, account = a) => {
    const res = await ctx.inject({ method: 'POST', url, headers: account.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; number: string | null }>();
  };

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier SAS');
    b = await ctx.newAccount('Autre SAS');
    const customer = await post('/v1/customers', { companyName: 'Boulangerie Martin' });
    const draft = await post('/v1/saleinvoices', {
      customerId: customer.id,
      lines: [
        { type: 'Service', description: 'Conseil', quantity: 3, taxExcludedPrice: 400, vat: { rate: 20 } },
        { type: 'Product', description: 'Câble', quantity: 2, taxExcludedPrice: 12.35, vat: { rate: 5.5 } },
      ],
    });
    const finalized = await post(`/v1/saleinvoices/finalize/${draft.id}`);
    invoiceId = finalized.id;
    number = finalized.number!;
    const other = await post('/v1/customers', { companyName: 'Boulangerie Martin' }, b);
    await post(
      '/v1/saleinvoices',
      { customerId: other.id, lines: [{ type: 'Service', description: 'Autre', quantity: 1, taxExcludedPrice: 1 }] },
      b,
    );
  });

  it('answers a list and a document twice with the same bytes and headers as the uncached find route', async () => {
    const hits = fragmentsFor(ctx.db.kysely).hits;
    const first = await get('/v1/saleinvoices');
    const second = await get('/v1/saleinvoices');
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(fragmentsFor(ctx.db.kysely).hits).toBeGreaterThan(hits);
    // /find is serialized by Fastify itself (no cache): the same bytes for the same document.
    const found = await get(`/v1/saleinvoices/find?number=${encodeURIComponent(number)}`);
    expect(found.statusCode).toBe(200);
    expect(first.body).toBe(found.body);
    const one = await get(`/v1/saleinvoices/${invoiceId}`);
    expect(one.statusCode).toBe(200);
    expect(one.body).toBe(found.body.slice(1, -1));
    expect(one.headers.etag).toMatch(/^"/);
    expect(one.json()).toMatchObject({ id: invoiceId, number, taxExcludedAmount: 1224.7, taxIncludedAmount: 1466.06, balance: 1466.06 });
    // The text variants still apply.
    const text = await get('/v1/saleinvoices', a, { accept: 'text/plain' });
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe(first.body);
  });

  it('answers a payment at once: the balance, the paid flag and the commitments move in the list and the document', async () => {
    expect((await get(`/v1/saleinvoices/${invoiceId}`)).json()).toMatchObject({ balance: 1466.06, isPaid: false });
    const receipt = await post('/v1/receipts', {
      amount: 466.06,
      date: '2026-11-02',
      paymentMethod: 'Transfer',
      links: [{ type: 'Invoice', id: invoiceId, amount: 466.06 }],
    });
    const partly = (await get(`/v1/saleinvoices/${invoiceId}`)).json<{
      balance: number;
      isPaid: boolean;
      commitments: { dueAmount: number }[];
    }>();
    expect(partly).toMatchObject({ balance: 1000, isPaid: false });
    expect(partly.commitments.reduce((sum, c) => sum + c.dueAmount, 0)).toBeCloseTo(1000, 2);
    await post('/v1/receipts', {
      amount: 1000,
      date: '2026-11-03',
      paymentMethod: 'Check',
      links: [{ type: 'Invoice', id: invoiceId, amount: 1000 }],
    });
    const listed = (await get('/v1/saleinvoices?Status=Paid')).json<{ id: number; balance: number; isPaid: boolean }[]>();
    expect(listed).toEqual([expect.objectContaining({ id: invoiceId, balance: 0, isPaid: true })]);
    expect((await get(`/v1/saleinvoices/${invoiceId}`)).json()).toMatchObject({ balance: 0, isPaid: true });
    // The payment removed: the answer is the unpaid one again (its key again), not the paid one.
    expect((await ctx.inject({ method: 'DELETE', url: `/v1/receipts/${receipt.id}`, headers: a.headers })).statusCode).toBe(200);
    expect((await get(`/v1/saleinvoices/${invoiceId}`)).json()).toMatchObject({ balance: 466.06, isPaid: false });
  });

  it("never answers one account's document to another", async () => {
    const fromB = await get('/v1/saleinvoices', b);
    expect(fromB.json<{ customerName: string; description?: string }[]>()).toHaveLength(1);
    expect(fromB.json<{ id: number }[]>()[0].id).not.toBe(invoiceId);
    expect((await get(`/v1/saleinvoices/${invoiceId}`, b)).statusCode).toBe(404);
  });

  it('answers 409, not 500, for a snapshot changed outside the application into bytes that do not read', async () => {
    const draft = await post('/v1/saleinvoices', {
      customerName: 'Client',
      lines: [{ type: 'Service', description: 'X', quantity: 1, taxExcludedPrice: 10 }],
    });
    const garbage = ctx.dialect === 'sqlite' ? sql`x'00ff00ff'` : sql`'{"not":'`;
    await sql`UPDATE sale_document_data SET data = ${garbage} WHERE document_id = ${draft.id}`.execute(ctx.db.kysely);
    const one = await get(`/v1/saleinvoices/${draft.id}`);
    const list = await get('/v1/saleinvoices?Status=Draft');
    for (const res of [one, list]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.body).toMatch(/cannot be read|changed outside the application/);
    }
    await sql`DELETE FROM sale_document_data WHERE document_id = ${draft.id}`.execute(ctx.db.kysely);
    await sql`DELETE FROM sale_documents WHERE id = ${draft.id}`.execute(ctx.db.kysely);
  });

  it('takes an answer held for the same version as it is, without reading the snapshot again; a new version is read', async () => {
    const draft = await post('/v1/saleinvoices', {
      customerName: 'Client',
      lines: [{ type: 'Service', description: 'Tenu', quantity: 1, taxExcludedPrice: 10 }],
    });
    const first = await get(`/v1/saleinvoices/${draft.id}`);
    expect(first.statusCode).toBe(200);
    // Bytes that do not read, written outside the application without moving the version: the answer
    // held for this version is answered, byte for byte (nothing of the row is decoded for it)…
    const garbage = ctx.dialect === 'sqlite' ? sql`x'00ff00ff'` : sql`'{"not":'`;
    await sql`UPDATE sale_document_data SET data = ${garbage} WHERE document_id = ${draft.id}`.execute(ctx.db.kysely);
    const hits = fragmentsFor(ctx.db.kysely).hits;
    const held = await get(`/v1/saleinvoices/${draft.id}`);
    expect(held.statusCode).toBe(200);
    expect(held.body).toBe(first.body);
    expect(held.headers.etag).toBe(first.headers.etag);
    expect(fragmentsFor(ctx.db.kysely).hits).toBe(hits + 1);
    // …and once the version moves, as every write of the application moves it, the row is read again.
    await sql`UPDATE sale_documents SET version = version + 1 WHERE id = ${draft.id}`.execute(ctx.db.kysely);
    const moved = await get(`/v1/saleinvoices/${draft.id}`);
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.body).toMatch(/cannot be read/);
    await sql`DELETE FROM sale_document_data WHERE document_id = ${draft.id}`.execute(ctx.db.kysely);
    await sql`DELETE FROM sale_documents WHERE id = ${draft.id}`.execute(ctx.db.kysely);
  });
});

describeEachDb('customer lists answered from the cache of serialized answers', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let familyId: number;
  const ids: number[] = [];

  const get = (url: string, account = a) => ctx.inject({ method: 'GET', url, headers: account.headers });
  const send = async (method: 'POST' | 'PUT', url: string, payload: object, account = a) => {
    const res = await ctx.inject({ method, url, headers: account.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; number: string }>();
  };

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier SAS');
    b = await ctx.newAccount('Autre SAS');
    familyId = (await send('POST', '/v1/customerfamilies', { label: 'Boulangers' })).id;
    for (const name of ['Boulangerie Martin', 'Garage Durand', 'Café Lyon']) {
      ids.push((await send('POST', '/v1/customers', { companyName: name, family: { id: familyId } })).id);
    }
    await send('POST', '/v1/customers', { companyName: 'Boulangerie Martin' }, b);
  });

  it('answers the same bytes twice, and as the uncached find route answers each customer', async () => {
    const first = await get('/v1/customers?OrderBy=name');
    const second = await get('/v1/customers?OrderBy=name');
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.headers['x-record-count'] ?? first.headers['x-total-count']).toBe(
      second.headers['x-record-count'] ?? second.headers['x-total-count'],
    );
    const listed = first.json<{ id: number; number: string; name: string; family: { id: number; label: string } | null }[]>();
    expect(listed.map((c) => c.name)).toEqual(['Boulangerie Martin', 'Café Lyon', 'Garage Durand']);
    expect(listed.every((c) => c.family?.label === 'Boulangers')).toBe(true);
    const items = JSON.parse(first.body) as unknown[];
    for (const [i, c] of listed.entries()) {
      const found = await get(`/v1/customers/find?number=${encodeURIComponent(c.number)}`);
      expect(found.statusCode).toBe(200);
      expect(found.body).toBe(`[${JSON.stringify(items[i])}]`);
    }
    // GET by id: the same bytes and ETag twice, the list's item, and a 404 for another account.
    const one = await get(`/v1/customers/${listed[0].id}`);
    const again = await get(`/v1/customers/${listed[0].id}`);
    expect(one.statusCode).toBe(200);
    expect(again.body).toBe(one.body);
    expect(again.headers.etag).toBe(one.headers.etag);
    expect(one.body).toBe(JSON.stringify(items[0]));
    expect((await get(`/v1/customers/${listed[0].id}`, b)).statusCode).toBe(404);
    const search = await get('/v1/customers?query=durand');
    expect(search.json<{ id: number }[]>().map((c) => c.id)).toEqual([ids[1]]);
    expect((await get('/v1/customers?query=durand')).body).toBe(search.body);
  });

  it('answers a change of the customer or of its family at once, and never another account’s customers', async () => {
    await get('/v1/customers');
    const before = await get(`/v1/customers/${ids[1]}`);
    await send('PUT', `/v1/customers/${ids[1]}`, { companyName: 'Garage Durand & Fils' });
    const after = await get(`/v1/customers/${ids[1]}`);
    expect(after.json()).toMatchObject({ id: ids[1], name: 'Garage Durand & Fils' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // Families have no update route in the API; the service can change one (what the key must follow).
    await customerFamilies.update(ctx.db, a.accountId, familyId, { label: 'Artisans' });
    const listed = (await get('/v1/customers')).json<{ id: number; name: string; family: { label: string } | null }[]>();
    expect(listed.find((c) => c.id === ids[1])?.name).toBe('Garage Durand & Fils');
    expect(listed.map((c) => c.family?.label)).toEqual(['Artisans', 'Artisans', 'Artisans']);
    const cafes = (await send('POST', '/v1/customerfamilies', { label: 'Cafés' })).id;
    await send('PUT', `/v1/customers/${ids[2]}`, { family: { id: cafes } });
    // By name: Boulangerie Martin, Café Lyon (now a café), Garage Durand.
    expect((await get('/v1/customers')).json<{ family: { label: string } | null }[]>().map((c) => c.family?.label)).toEqual([
      'Artisans',
      'Cafés',
      'Artisans',
    ]);
    const other = (await get('/v1/customers', b)).json<{ id: number; family: unknown }[]>();
    expect(other).toHaveLength(1);
    expect(ids).not.toContain(other[0].id);
    expect(other[0].family).toBeNull();
    await ctx.inject({ method: 'DELETE', url: `/v1/customers/${ids[2]}`, headers: a.headers });
    expect((await get('/v1/customers')).json<{ id: number }[]>().map((c) => c.id)).toEqual([ids[0], ids[1]]);
  });
});
