import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

describeEachDb('products and product families', (ctx) => {
  let account: TestAccount;
  let other: TestAccount;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who?: TestAccount) =>
    ctx.inject({ method, url, headers: (who ?? account).headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const createProduct = async (body: Record<string, unknown>, who?: TestAccount) => {
    const res = await call('POST', '/v1/products', body, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    account = await ctx.newAccount();
    other = await ctx.newAccount();
  });

  describe('product families', () => {
    it('creates a family with a generated FP number, gets and lists it', async () => {
      const created = await call('POST', '/v1/productfamilies', { label: 'Matériel' });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toEqual({ id: expect.any(Number), label: 'Matériel', number: 'FP00001' });
      const got = await call('GET', `/v1/productfamilies/${created.json().id}`);
      expect(got.json()).toEqual(created.json());
      const list = await call('GET', '/v1/productfamilies?query=materiel');
      expect(list.json()).toEqual([created.json()]);
      expect(list.headers['x-record-count']).toBe('1');
    });

    it('refuses a family without label with an Error body naming label', async () => {
      const res = await call('POST', '/v1/productfamilies', { label: '  ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), errors: ['label: must not be empty'] });
    });

    it('has no update route', async () => {
      const created = (await call('POST', '/v1/productfamilies', { label: 'X' })).json();
      const res = await call('PUT', `/v1/productfamilies/${created.id}`, { label: 'Y' });
      expect(res.statusCode).toBe(404);
    });

    it('refuses to delete a family used by a product, and deletes it once unused', async () => {
      const family = (await call('POST', '/v1/productfamilies', { label: 'Used' })).json();
      const product = await createProduct({ name: 'In family', family: { id: family.id } });
      const refused = await call('DELETE', `/v1/productfamilies/${family.id}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toContain(`used by product ${product.id}`);
      expect((await call('DELETE', `/v1/products/${product.id}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/v1/productfamilies/${family.id}`)).statusCode).toBe(200);
      expect((await call('GET', `/v1/productfamilies/${family.id}`)).statusCode).toBe(404);
    });
  });

  describe('products', () => {
    it('creates a product with defaults: P number, default VAT 20 %, no unit, Service', async () => {
      const product = await createProduct({ name: 'Conseil', unitPrice: 100 });
      expect(product).toEqual({
        id: expect.any(Number),
        active: true,
        classification: null,
        defaultQuantity: 1,
        description: null,
        family: null,
        imageUrl: null,
        internalId: null,
        internalNotes: null,
        isUnitPriceTaxIncluded: false,
        name: 'Conseil',
        number: expect.stringMatching(/^P\d{5}$/),
        purchasePrice: 0,
        type: 'Service',
        unit: null,
        unitPrice: 100,
        vat: { default: true, id: 1, label: '20 %', rate: 20, region: 'FR' },
      });
    });

    it('resolves VAT by rate or id, unit by id or code, classification and family', async () => {
      const family = (await call('POST', '/v1/productfamilies', { label: 'Livres', number: 'LIV' })).json();
      const product = await createProduct({
        name: 'Livre',
        type: 'Product',
        unitPrice: 12.5,
        purchasePrice: 7.1234,
        vat: { rate: 5.5 },
        unit: { code: 'H87' },
        classification: { id: 2 },
        family: { number: 'LIV' },
      });
      expect(product.vat).toMatchObject({ id: 3, rate: 5.5, region: 'FR' });
      expect(product.unit).toMatchObject({ id: 2, code: 'H87', name: 'Pièce' });
      expect(product.classification).toMatchObject({ id: 2, accountNumber: '707' });
      expect(product.family).toEqual(family);
      expect(product.purchasePrice).toBe(7.1234);
      const byId = await createProduct({ name: 'Corse', vat: { id: 41 }, unit: { id: 21 } });
      expect(byId.vat).toMatchObject({ id: 41, rate: 13, region: 'Corse' });
      const byRegion = await createProduct({ name: 'Dom', vat: { rate: 8.5, region: 'DOM' } });
      expect(byRegion.vat.id).toBe(30);
    });

    it('rounds prices with more than 4 decimals half away from zero, as a shop plugin sends them', async () => {
      const res = await call('POST', '/v1/products', {
        name: 'Tiers',
        unitPrice: 10 / 3,
        purchasePrice: '1.23455',
        defaultQuantity: 0.00005,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ unitPrice: 3.3333, purchasePrice: 1.2346, defaultQuantity: 0.0001 });
      const negative = await call('POST', '/v1/products', { name: 'Remise', unitPrice: -1.23455 });
      expect(negative.json().unitPrice).toBe(-1.2346);
    });

    it('refuses unknown VAT, unit and family with an Error naming each field', async () => {
      const res = await call('POST', '/v1/products', {
        name: 'Bad',
        vat: { rate: 7 },
        unit: { id: 999 },
        family: { id: 999999 },
        unitPrice: 1.5,
        classification: { id: 9999 },
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
      const fields = body.errors.map((e: string) => e.split(':')[0]);
      expect(fields).toEqual(expect.arrayContaining(['vat', 'unit', 'family.id', 'classification.id']));
      const notANumber = await call('POST', '/v1/products', { name: 'x', unitPrice: 'abc' });
      expect(notANumber.json().errors[0]).toMatch(/^unitPrice/);
      const noName = await call('POST', '/v1/products', { unitPrice: 1 });
      expect(noName.json().errors).toEqual(['name: a product needs a name']);
      const vatId = await call('POST', '/v1/products', { name: 'x', vat: { id: 12345 } });
      expect(vatId.json().errors[0]).toMatch(/^vat: /);
      const tooBig = await call('POST', '/v1/products', { name: 'x', unitPrice: 2e9 });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().errors[0]).toMatch(/^unitPrice/);
      const badType = await call('POST', '/v1/products', { name: 'x', type: 'Goods' });
      expect(badType.json().errors[0]).toMatch(/^type/);
    });

    it('updates a product with PUT, keeping its number, and answers ProblemDetails naming the field', async () => {
      const product = await createProduct({ name: 'Avant', unitPrice: 10 });
      const res = await call('PUT', `/v1/products/${product.id}`, { ...product, name: 'Après', unitPrice: 20 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: product.id, name: 'Après', unitPrice: 20, number: product.number, vat: product.vat });
      const bad = await call('PUT', `/v1/products/${product.id}`, { name: 'Après', vat: { rate: 3 } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ status: 400, errors: { vat: [expect.any(String)] } });
      expect(bad.headers['content-type']).toContain('application/problem+json');
    });

    it('finds by number and internalId', async () => {
      const product = await createProduct({ name: 'Findable', number: 'REF-1', internalId: 'ext-42' });
      expect((await call('GET', '/v1/products/find?number=REF-1')).json()).toEqual([product]);
      expect((await call('GET', '/v1/Products/Find?internalid=ext-42')).json()).toEqual([product]);
      expect((await call('GET', '/v1/products/find?number=none')).json()).toEqual([]);
      const dup = await call('POST', '/v1/products', { name: 'Dup', number: 'REF-1' });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().errors[0]).toMatch(/^number/);
    });

    it('hides products of another account: 404 on get, put, delete', async () => {
      const mine = await createProduct({ name: 'Secret' });
      expect((await call('GET', `/v1/products/${mine.id}`, undefined, other)).statusCode).toBe(404);
      expect((await call('PUT', `/v1/products/${mine.id}`, { name: 'Stolen' }, other)).statusCode).toBe(404);
      expect((await call('DELETE', `/v1/products/${mine.id}`, undefined, other)).statusCode).toBe(404);
      expect((await call('GET', `/v1/products/find?number=${String(mine.number)}`, undefined, other)).json()).toEqual([]);
      expect((await call('GET', `/v1/products/${mine.id}`)).statusCode).toBe(200);
      expect((await call('GET', '/v1/products/abc')).statusCode).toBe(400);
      expect((await call('GET', '/v1/products/99999999999')).statusCode).toBe(400);
    });

    it('uses the product number prefix of the settings', async () => {
      const fresh = await ctx.newAccount();
      const put = await call('PUT', '/v1/settings', { numbering: { productPrefix: 'ART-' } }, fresh);
      expect(put.statusCode).toBe(200);
      expect((await createProduct({ name: 'Prefixed' }, fresh)).number).toBe('ART-00001');
    });

    it('emits ProductCreated, ProductUpdated and ProductDeleted', async () => {
      const product = await createProduct({ name: 'Evented' });
      await call('PUT', `/v1/products/${product.id}`, { name: 'Evented 2' });
      await call('DELETE', `/v1/products/${product.id}`);
      const events = await ctx.db.kysely
        .selectFrom('outbox')
        .select(['type', 'payload'])
        .where('accountId', '=', account.accountId)
        .orderBy('id')
        .execute();
      const mine = events.filter((e) => JSON.parse(e.payload).id === product.id).map((e) => e.type);
      expect(mine).toEqual(['ProductCreated', 'ProductUpdated', 'ProductDeleted']);
    });
  });

  describe('lists', () => {
    let lister: TestAccount;
    beforeAll(async () => {
      lister = await ctx.newAccount();
      const family = (await call('POST', '/v1/productfamilies', { label: 'Café' }, lister)).json();
      await createProduct({ name: 'Crème brûlée', unitPrice: 6 }, lister);
      await createProduct(
        { name: 'Café serré', unitPrice: 2.4, isUnitPriceTaxIncluded: true, vat: { rate: 10 }, family: { id: family.id } },
        lister,
      );
      await createProduct({ name: 'Thé vert', unitPrice: 3, family: { id: family.id } }, lister);
      await createProduct({ name: 'Éclair', unitPrice: 2.5 }, lister);
      await createProduct({ name: 'Gâteau', unitPrice: 30 }, lister);
    });
    const list = (url: string) => call('GET', url, undefined, lister);

    it('pages with the x-page headers', async () => {
      const res = await list('/v1/products?PageSize=2&PageIndex=2');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(2);
      expect(res.headers).toMatchObject({
        'x-record-count': '5',
        'x-page-count': '3',
        'x-page-index': '2',
        'x-page-size': '2',
        'x-page-next': '/v1/products?PageSize=2&PageIndex=3',
        'x-page-prev': '/v1/products?PageSize=2&PageIndex=1',
      });
      expect((await list('/v1/products?PageSize=101')).statusCode).toBe(400);
    });

    it('searches accent- and case-insensitively by word prefix', async () => {
      expect((await list('/v1/products?query=creme BRU')).json().map((p: { name: string }) => p.name)).toEqual(['Crème brûlée']);
      expect((await list('/v1/products?query=eclair')).json().map((p: { name: string }) => p.name)).toEqual(['Éclair']);
      expect((await list('/v1/products?query=cafe')).json().map((p: { name: string }) => p.name)).toEqual(['Café serré']);
    });

    it('sorts by tax-excluded price', async () => {
      const asc = (await list('/v1/products?OrderBy=price')).json().map((p: { name: string }) => p.name);
      // 2.40 tax included at 10 % is 2.1818 tax excluded: the cheapest.
      expect(asc).toEqual(['Café serré', 'Éclair', 'Thé vert', 'Crème brûlée', 'Gâteau']);
      const desc = (await list('/v1/products?OrderBy=-price')).json().map((p: { name: string }) => p.name);
      expect(desc).toEqual([...asc].reverse());
      const bad = await list('/v1/products?OrderBy=purchasePrice');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toHaveProperty('OrderBy');
    });

    it('filters by familyId', async () => {
      const families = (await list('/v1/productfamilies')).json();
      const res = await list(`/v1/products?familyId=${families[0].id}&OrderBy=name`);
      expect(res.json().map((p: { name: string }) => p.name)).toEqual(['Café serré', 'Thé vert']);
      expect((await list('/v1/products?familyId=abc')).statusCode).toBe(400);
    });
  });
});
