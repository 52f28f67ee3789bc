// Optimistic concurrency: every mutable record answers GET with a strong ETag (its version); PUT and
// DELETE with a stale If-Match answer 412 and change nothing; without If-Match they behave as they
// always did. Two concurrent PUTs of one draft with the same If-Match: one wins, the other gets 412
// (before, both answered 200 and the second silently overwrote the first).
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { multipart, MULTIPART } from '../helpers/multipart.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const STRONG_ETAG = /^"\d+"$/;

interface Resource {
  path: string;
  create: object;
  /** The body of a PUT, and the field of the answer that shows it took effect; absent: no PUT. */
  update?: { body: object; field: string; value: unknown };
}

const RESOURCES: Resource[] = [
  {
    path: '/v1/customers',
    create: { companyName: 'Avant SARL' },
    update: { body: { companyName: 'Après SARL' }, field: 'name', value: 'Après SARL' },
  },
  { path: '/v1/suppliers', create: { name: 'Avant SA' }, update: { body: { name: 'Après SA' }, field: 'name', value: 'Après SA' } },
  { path: '/v1/colleagues', create: { lastName: 'Avant' }, update: { body: { lastName: 'Après' }, field: 'lastName', value: 'Après' } },
  { path: '/v1/contacts', create: { lastName: 'Avant' }, update: { body: { lastName: 'Après' }, field: 'lastName', value: 'Après' } },
  { path: '/v1/products', create: { name: 'Avant' }, update: { body: { name: 'Après' }, field: 'name', value: 'Après' } },
  { path: '/v1/customerfamilies', create: { label: 'Avant' } },
  { path: '/v1/productfamilies', create: { label: 'Avant' } },
  {
    path: '/v1/saleinvoices',
    create: { customerName: 'Avant' },
    update: { body: { customerName: 'Après' }, field: 'customerName', value: 'Après' },
  },
  {
    path: '/v1/salecredits',
    create: { customerName: 'Avant' },
    update: { body: { customerName: 'Après' }, field: 'customerName', value: 'Après' },
  },
  { path: '/v1/receipts', create: { amount: 5 }, update: { body: { amount: 7 }, field: 'amount', value: 7 } },
];

describeEachDb('ETag and If-Match', (ctx) => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await ctx.newAccount();
  });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.inject({ method, url, headers: { ...a.headers, ...headers }, ...(payload ? { payload } : {}) });
  const etag = (res: LightMyRequestResponse) => res.headers.etag as string;
  const expect412 = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(412);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.json()).toMatchObject({ status: 412, title: 'Precondition Failed' });
    expect(res.json().detail).toMatch(/has changed since you read it \(its ETag is now "\d+"\)/);
  };

  describe.each(RESOURCES)('$path', (r) => {
    it('answers GET, POST and PUT with a strong ETag that changes with every write', async () => {
      const created = await send('POST', r.path, r.create);
      expect(created.statusCode, created.body).toBe(200);
      expect(etag(created)).toMatch(STRONG_ETAG);
      const read = await send('GET', `${r.path}/${created.json().id}`);
      expect(etag(read)).toBe(etag(created));
      if (!r.update) return;
      const put = await send('PUT', `${r.path}/${created.json().id}`, r.update.body, { 'if-match': etag(read) });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()[r.update.field]).toEqual(r.update.value);
      expect(etag(put)).toMatch(STRONG_ETAG);
      expect(etag(put)).not.toBe(etag(read));
      expect(etag(await send('GET', `${r.path}/${created.json().id}`))).toBe(etag(put));
    });

    it('refuses a PUT or DELETE with a stale If-Match with 412, changing nothing', async () => {
      const id = (await send('POST', r.path, r.create)).json().id as number;
      const first = etag(await send('GET', `${r.path}/${id}`));
      if (r.update) {
        expect((await send('PUT', `${r.path}/${id}`, r.update.body)).statusCode).toBe(200);
        const stale = await send('PUT', `${r.path}/${id}`, r.create, { 'if-match': first });
        expect412(stale);
        expect((await send('GET', `${r.path}/${id}`)).json()[r.update.field]).toEqual(r.update.value);
        expect412(await send('DELETE', `${r.path}/${id}`, undefined, { 'if-match': first }));
      } else {
        expect412(await send('DELETE', `${r.path}/${id}`, undefined, { 'if-match': '"999"' }));
      }
      expect((await send('GET', `${r.path}/${id}`)).statusCode).toBe(200);
      const current = etag(await send('GET', `${r.path}/${id}`));
      expect((await send('DELETE', `${r.path}/${id}`, undefined, { 'if-match': current })).statusCode).toBe(200);
      expect((await send('GET', `${r.path}/${id}`)).statusCode).toBe(404);
    });
  });

  it("keeps today's behaviour without If-Match, accepts * and lists, never matches a weak tag, names a malformed header", async () => {
    const id = (await send('POST', '/v1/customers', { companyName: 'Préconditions' })).json().id as number;
    const url = `/v1/customers/${id}`;
    const current = etag(await send('GET', url));
    expect((await send('PUT', url, { companyName: 'Sans condition' })).statusCode).toBe(200);
    const now = etag(await send('GET', url));
    expect((await send('PUT', url, { companyName: 'Étoile' }, { 'if-match': '*' })).statusCode).toBe(200);
    const afterStar = etag(await send('GET', url));
    expect((await send('PUT', url, { companyName: 'Liste' }, { 'if-match': `${current}, ${now}, ${afterStar}` })).statusCode).toBe(200);
    const latest = etag(await send('GET', url));
    expect412(await send('PUT', url, { companyName: 'Faible' }, { 'if-match': `W/${latest}` }));
    const malformed = await send('PUT', url, { companyName: 'Mal formé' }, { 'if-match': latest.slice(1, -1) });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().errors)).toEqual(['If-Match']);
    expect((await send('GET', url)).json().name).toBe('Liste');
  });

  it('lets exactly one of two concurrent PUTs of a draft with the same If-Match win', async () => {
    for (const path of ['/v1/saleinvoices', '/v1/customers']) {
      const body = path === '/v1/customers' ? { companyName: 'Course' } : { customerName: 'Course' };
      const id = (await send('POST', path, body)).json().id as number;
      const tag = etag(await send('GET', `${path}/${id}`));
      const field = path === '/v1/customers' ? 'companyName' : 'customerName';
      const answers = await Promise.all(
        ['Premier', 'Second', 'Troisième'].map((name) => send('PUT', `${path}/${id}`, { [field]: name }, { 'if-match': tag })),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses, path).toEqual([200, 412, 412]);
      const winner = answers.find((r) => r.statusCode === 200)!;
      const stored = await send('GET', `${path}/${id}`);
      expect(stored.json()[field === 'companyName' ? 'name' : 'customerName']).toBe(
        winner.json()[field === 'companyName' ? 'name' : 'customerName'],
      );
      expect(etag(stored)).toBe(etag(winner));
    }
  });

  it('changes the ETag of an invoice when it is finalized or paid, and of a product when its image changes', async () => {
    const draft = await send('POST', '/v1/saleinvoices', {
      customerName: 'Client',
      lines: [{ type: 'Product', description: 'x', quantity: 1, taxExcludedPrice: 10, vat: { rate: 20 } }],
    });
    const id = draft.json().id as number;
    const finalized = await send('POST', `/v1/saleinvoices/finalize/${id}`);
    expect(finalized.statusCode).toBe(200);
    expect(etag(finalized)).not.toBe(etag(draft));
    expect(etag(await send('GET', `/v1/saleinvoices/${id}`))).toBe(etag(finalized));
    expect((await send('POST', '/v1/saleinvoices/markaspaid', { invoiceId: id, amount: 5 })).statusCode).toBe(200);
    const paid = await send('GET', `/v1/saleinvoices/${id}`);
    expect(paid.json().balance).toBe(7);
    expect(etag(paid)).not.toBe(etag(finalized));

    const product = await send('POST', '/v1/products', { name: 'Image' });
    const upload = await ctx.inject({
      method: 'POST',
      url: `/v1/productimages/${product.json().id}`,
      headers: { ...a.headers, 'content-type': MULTIPART },
      payload: multipart([{ name: 'file', filename: 'p.png', type: 'image/png', content: PNG }]),
    });
    expect(upload.statusCode).toBe(200);
    expect(etag(await send('GET', `/v1/products/${product.json().id}`))).not.toBe(etag(product));
  });

  it('versions the settings: GET gives the ETag, a stale If-Match on PUT is a 412', async () => {
    const other = await ctx.newAccount(undefined, { sellerIdentity: false });
    const get = () => ctx.inject({ method: 'GET', url: '/v1/settings', headers: other.headers });
    const put = (payload: object, headers: Record<string, string> = {}) =>
      ctx.inject({ method: 'PUT', url: '/v1/settings', headers: { ...other.headers, ...headers }, payload });
    const initial = await get();
    expect(etag(initial)).toBe('"1"');
    const changed = await put({ sales: { marginRate: 30 } }, { 'if-match': '"1"' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(etag(changed)).toBe('"2"');
    expect412(await put({ sales: { marginRate: 40 } }, { 'if-match': '"1"' }));
    expect((await get()).json().sales.marginRate).toBe(30);
    expect(etag(await get())).toBe('"2"');
  });
});
