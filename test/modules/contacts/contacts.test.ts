import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, type TestAccount, type TestContext } from '../../helpers/harness.js';

function api(ctx: TestContext, account: () => TestAccount) {
  const headers = () => account().headers;
  return {
    post: (url: string, payload: unknown) => ctx.inject({ method: 'POST', url, headers: headers(), payload: payload as object }),
    put: (id: number, payload: unknown) =>
      ctx.inject({ method: 'PUT', url: `/v1/contacts/${id}`, headers: headers(), payload: payload as object }),
    get: (url: string) => ctx.inject({ method: 'GET', url, headers: headers() }),
    del: (url: string) => ctx.inject({ method: 'DELETE', url, headers: headers() }),
    async contact(payload: Record<string, unknown>) {
      const res = await ctx.inject({ method: 'POST', url: '/v1/contacts', headers: headers(), payload });
      expect(res.statusCode).toBe(200);
      return res.json<{ id: number } & Record<string, unknown>>();
    },
  };
}

async function events(ctx: TestContext, accountId: number) {
  const rows = await ctx.db.kysely
    .selectFrom('outbox')
    .select(['type', 'payload'])
    .where('accountId', '=', accountId)
    .where('type', 'like', 'Contact%')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ type: r.type, payload: JSON.parse(r.payload) as { id: number; isMain: boolean } }));
}

const THIRD_CONTACT_KEYS = [
  'cellPhone',
  'companyName',
  'displayName',
  'email',
  'firstName',
  'function',
  'id',
  'internalId',
  'invertedDisplayName',
  'isMain',
  'lastName',
  'phone',
  'service',
  'title',
];

describeEachDb('contacts', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  const A = api(ctx, () => a);
  const B = api(ctx, () => b);
  let customerId: number;
  let supplierId: number;
  let otherCustomerId: number;
  beforeAll(async () => {
    a = await ctx.newAccount();
    b = await ctx.newAccount();
    customerId = (await A.post('/v1/customers', { companyName: 'Client SA' })).json().id;
    supplierId = (await A.post('/v1/suppliers', { name: 'Fournisseur SARL' })).json().id;
    otherCustomerId = (await B.post('/v1/customers', { companyName: 'Client of B' })).json().id;
  });

  describe('lifecycle', () => {
    let id: number;

    it('creates a contact with derived display names, ignoring them in input', async () => {
      const res = await A.post('/v1/contacts', {
        title: 'M.',
        firstName: 'Jean',
        lastName: 'Dupont',
        email: 'jean.dupont@example.fr',
        function: 'Comptable',
        service: 'Finance',
        internalId: 'CRM-1',
        displayName: 'forged',
        invertedDisplayName: 'forged',
        id: 999,
      });
      expect(res.statusCode).toBe(200);
      const c = res.json();
      id = c.id;
      expect(c).toEqual({
        id,
        cellPhone: null,
        companyName: null,
        displayName: 'Jean Dupont',
        email: 'jean.dupont@example.fr',
        firstName: 'Jean',
        function: 'Comptable',
        internalId: 'CRM-1',
        invertedDisplayName: 'DUPONT Jean',
        lastName: 'Dupont',
        phone: null,
        service: 'Finance',
        title: 'M.',
        customerId: null,
        supplierId: null,
        isMain: false,
      });
      expect(id).not.toBe(999);
    });

    it('gets it', async () => {
      const res = await A.get(`/v1/contacts/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, displayName: 'Jean Dupont' });
    });

    it('updates it on PUT (absent fields kept, null clears) and re-derives the display names', async () => {
      const res = await A.put(id, {
        firstName: 'Jean-Luc',
        lastName: 'de la Tour',
        email: 'jl@example.fr',
        internalId: 'CRM-1',
        customerId,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        displayName: 'Jean-Luc de la Tour',
        invertedDisplayName: 'DE LA TOUR Jean-Luc',
        function: 'Comptable',
        service: 'Finance',
        title: 'M.',
        customerId,
        isMain: false,
      });
      const cleared = await A.put(id, { function: null, service: null });
      expect(cleared.json()).toMatchObject({
        id,
        displayName: 'Jean-Luc de la Tour',
        function: null,
        service: null,
        title: 'M.',
        customerId,
      });
    });

    it('finds it by email (case-insensitively) and internal id', async () => {
      for (const q of ['email=JL%40Example.fr', 'internalId=CRM-1']) {
        const res = await A.get(`/v1/contacts/find?${q}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().map((c: { id: number }) => c.id)).toEqual([id]);
      }
    });

    it('deletes it, after which it is 404 and gone from its customer', async () => {
      const res = await A.del(`/v1/contacts/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
      const gone = await A.get(`/v1/contacts/${id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ status: 404, detail: `Contact ${id} not found` });
      expect((await A.get(`/v1/customers/${customerId}/contacts`)).json()).toEqual([]);
    });

    it('wrote ContactCreated, ContactUpdated and ContactDeleted with the contact as payload', async () => {
      const rows = (await events(ctx, a.accountId)).filter((e) => e.payload.id === id);
      expect(rows.map((e) => e.type)).toEqual(['ContactCreated', 'ContactUpdated', 'ContactUpdated', 'ContactDeleted']);
      expect(rows[0].payload).toMatchObject({ displayName: 'Jean Dupont', customerId: null });
      expect(rows[1].payload).toMatchObject({ displayName: 'Jean-Luc de la Tour', customerId });
    });
  });

  describe('main contact of a customer or supplier', () => {
    let first: number;
    let second: number;
    let eventsBefore: number;

    it('makes a contact main', async () => {
      first = (await A.contact({ firstName: 'Anne', lastName: 'Bernard', customerId, isMain: true })).id;
      expect((await A.get(`/v1/contacts/${first}`)).json()).toMatchObject({ customerId, supplierId: null, isMain: true });
    });

    it('unsets the previous main contact when another becomes main, in the same transaction with its event', async () => {
      eventsBefore = (await events(ctx, a.accountId)).length;
      second = (await A.contact({ firstName: 'Zoé', lastName: 'Albert', customerId, isMain: true })).id;
      expect((await A.get(`/v1/contacts/${first}`)).json().isMain).toBe(false);
      expect((await A.get(`/v1/contacts/${second}`)).json().isMain).toBe(true);
      const added = (await events(ctx, a.accountId)).slice(eventsBefore);
      expect(added.map((e) => [e.type, e.payload.id, e.payload.isMain])).toEqual([
        ['ContactUpdated', first, false],
        ['ContactCreated', second, true],
      ]);
    });

    it('lists the customer contacts as ThirdContact, main first then by last name', async () => {
      const third = await A.contact({ firstName: 'Paul', lastName: 'Aubert', customerId });
      const res = await A.get(`/v1/customers/${customerId}/contacts`);
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.map((c: { id: number; isMain: boolean }) => [c.id, c.isMain])).toEqual([
        [second, true],
        [third.id, false],
        [first, false],
      ]);
      expect(Object.keys(list[0]).sort()).toEqual(THIRD_CONTACT_KEYS);
      expect(list[0]).toMatchObject({ displayName: 'Zoé Albert', invertedDisplayName: 'ALBERT Zoé' });
    });

    it('keeps the extension fields on a PUT that omits them (clients of the reference API)', async () => {
      const res = await A.put(second, { firstName: 'Zoé', lastName: 'Albert-Roux' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ customerId, isMain: true, invertedDisplayName: 'ALBERT-ROUX Zoé' });
      expect((await A.get(`/v1/contacts/${first}`)).json().isMain).toBe(false);
    });

    it('unsets main when told isMain false, and detaches on customerId null', async () => {
      expect((await A.put(second, { lastName: 'Albert-Roux', isMain: false })).json()).toMatchObject({ customerId, isMain: false });
      expect((await A.put(first, { lastName: 'Bernard', isMain: true })).json().isMain).toBe(true);
      const detached = await A.put(first, { lastName: 'Bernard', customerId: null });
      expect(detached.json()).toMatchObject({ customerId: null, isMain: false });
      expect((await A.get(`/v1/customers/${customerId}/contacts`)).json().some((c: { id: number }) => c.id === first)).toBe(false);
    });

    it('keeps one main contact per owner: a supplier main does not touch the customer main', async () => {
      const customerMain = await A.contact({ lastName: 'Client-Main', customerId, isMain: true });
      const supplierMain = await A.contact({ lastName: 'Fournisseur-Main', supplierId, isMain: true });
      const res = await A.get(`/v1/suppliers/${supplierId}/contacts`);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((c: { id: number; isMain: boolean }) => [c.id, c.isMain])).toEqual([[supplierMain.id, true]]);
      const mains = (await A.get(`/v1/customers/${customerId}/contacts`)).json().filter((c: { isMain: boolean }) => c.isMain);
      expect(mains.map((c: { id: number }) => c.id)).toEqual([customerMain.id]);
    });

    it('moving a contact to another owner does not carry its main flag along', async () => {
      const mover = await A.contact({ lastName: 'Mover', supplierId, isMain: false });
      const moved = await A.put(mover.id, { lastName: 'Mover', supplierId: null, customerId });
      expect(moved.json()).toMatchObject({ customerId, supplierId: null, isMain: false });
    });

    it('shows no owner once the customer is deleted, and 404 for its contacts', async () => {
      const gone = (await A.post('/v1/customers', { companyName: 'Bientôt supprimé' })).json().id;
      const orphan = await A.contact({ lastName: 'Orphan', customerId: gone, isMain: true });
      expect((await A.del(`/v1/customers/${gone}`)).statusCode).toBe(200);
      expect((await A.get(`/v1/contacts/${orphan.id}`)).json()).toMatchObject({ customerId: null, isMain: false });
      expect((await A.get(`/v1/customers/${gone}/contacts`)).statusCode).toBe(404);
    });
  });

  describe('contacts of a third party', () => {
    it('answers 404 ProblemDetails for a missing customer or supplier, or one of another account', async () => {
      for (const url of [
        '/v1/customers/2147483600/contacts',
        `/v1/customers/${otherCustomerId}/contacts`,
        '/v1/suppliers/2147483600/contacts',
        `/v1/suppliers/${customerId}/contacts`,
      ]) {
        const res = await A.get(url);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
      }
      expect((await A.get(`/v1/customers/${otherCustomerId}/contacts`)).json().detail).toBe(`Customer ${otherCustomerId} not found`);
      expect((await A.get('/v1/customers/abc/contacts')).statusCode).toBe(400);
    });
  });

  describe('lists', () => {
    let acc: TestAccount;
    const L = api(ctx, () => acc);
    beforeAll(async () => {
      acc = await ctx.newAccount();
      for (const [firstName, lastName] of [
        ['Hélène', 'Çelik'],
        ['Marc', 'Aubry'],
        ['Noémie', 'Besson'],
        ['Luc', 'Dufour'],
      ]) {
        await L.contact({ firstName, lastName, companyName: 'Maison Dorée' });
      }
    });

    it('pages sorted by last name with the paging headers', async () => {
      const res = await L.get('/v1/contacts?PageSize=2&PageIndex=1');
      expect(res.statusCode).toBe(200);
      expect(res.json().map((c: { lastName: string }) => c.lastName)).toEqual(['Aubry', 'Besson']);
      expect(res.headers).toMatchObject({ 'x-record-count': '4', 'x-page-count': '2', 'x-page-index': '1', 'x-page-size': '2' });
      expect(res.headers['x-page-next']).toBe('/v1/contacts?PageSize=2&PageIndex=2');
      // Accents do not push a name to the end: Çelik sorts among the C.
      const next = await L.get(res.headers['x-page-next'] as string);
      expect(next.json().map((c: { lastName: string }) => c.lastName)).toEqual(['Çelik', 'Dufour']);
      expect(next.headers['x-page-prev']).toBe('/v1/contacts?PageSize=2&PageIndex=1');
    });

    it('searches accent-insensitively on names and company', async () => {
      const res = await L.get('/v1/contacts?query=helene%20celik');
      expect(res.json().map((c: { displayName: string }) => c.displayName)).toEqual(['Hélène Çelik']);
      expect((await L.get('/v1/contacts?query=doree')).headers['x-record-count']).toBe('4');
    });

    it('sorts by OrderBy and refuses a field outside the whitelist', async () => {
      const res = await L.get('/v1/contacts?OrderBy=lastName%20desc&PageSize=1');
      expect(res.json()[0].lastName).toBe('Dufour');
      const bad = await L.get('/v1/contacts?OrderBy=phone');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['OrderBy']);
    });
  });

  describe('accounts', () => {
    it('is 404 to another account and invisible in its lists and finds', async () => {
      const c = await A.contact({ lastName: 'Confidentiel', email: 'conf@example.fr', internalId: 'CONF' });
      expect((await B.get(`/v1/contacts/${c.id}`)).statusCode).toBe(404);
      expect((await B.put(c.id, { lastName: 'Hijack' })).statusCode).toBe(404);
      expect((await B.del(`/v1/contacts/${c.id}`)).statusCode).toBe(404);
      expect((await B.get('/v1/contacts?query=confidentiel')).json()).toEqual([]);
      expect((await B.get('/v1/contacts/find?email=conf%40example.fr')).json()).toEqual([]);
      expect((await B.get('/v1/contacts/find?internalId=CONF')).json()).toEqual([]);
      expect((await A.get(`/v1/contacts/${c.id}`)).json().lastName).toBe('Confidentiel');
    });
  });

  describe('validation', () => {
    it('answers 400 Error naming each bad field on create', async () => {
      const res = await A.post('/v1/contacts', { lastName: [5], email: 'jean@', isMain: 'yes', customerId: 'abc', title: 't'.repeat(21) });
      expect(res.statusCode).toBe(400);
      const joined: string = res.json().errors.join('\n');
      for (const field of ['lastName', 'email', 'isMain', 'customerId', 'title']) expect(joined).toMatch(new RegExp(`^${field}: `, 'm'));
    });

    it.each([
      [
        'a customer of another account',
        () => ({ lastName: 'X', customerId: otherCustomerId }),
        () => [`customerId: customer ${otherCustomerId} does not exist`],
      ],
      [
        'a supplier id that is a customer',
        () => ({ lastName: 'X', supplierId: customerId }),
        () => [`supplierId: supplier ${customerId} does not exist`],
      ],
      [
        'both a customer and a supplier',
        () => ({ lastName: 'X', customerId, supplierId }),
        () => ['supplierId: a contact belongs to a customer or to a supplier, not both'],
      ],
      [
        'isMain without an owner',
        () => ({ lastName: 'X', isMain: true }),
        () => ['isMain: only a contact of a customer or a supplier can be its main contact'],
      ],
      [
        'no name, company or e-mail',
        () => ({ phone: '0102030405' }),
        () => ['lastName: a contact needs a firstName, lastName, companyName or email'],
      ],
      ['an id beyond int32', () => ({ lastName: 'X', customerId: 2147483648 }), () => ['customerId: must be <= 2147483647']],
    ])('refuses %s on create', async (_label, payload, expected) => {
      const res = await A.post('/v1/contacts', payload());
      expect(res.statusCode).toBe(400);
      const errors: string[] = res.json().errors;
      for (const message of expected()) expect(errors).toContain(message);
      expect(errors.every((e) => e.startsWith(expected()[0].split(':')[0]))).toBe(true);
    });

    it('answers a ProblemDetails naming the field on PUT and leaves the contact unchanged', async () => {
      const c = await A.contact({ lastName: 'Stable', customerId, isMain: false });
      const res = await A.put(c.id, { lastName: 'Stable', customerId: otherCustomerId });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        status: 400,
        instance: `/v1/contacts/${c.id}`,
        errors: { customerId: [`customer ${otherCustomerId} does not exist`] },
      });
      expect((await A.get(`/v1/contacts/${c.id}`)).json().customerId).toBe(customerId);
    });

    it('does not demote the current main contact when the new main is refused', async () => {
      const main = await A.contact({ lastName: 'Chef', supplierId, isMain: true });
      const res = await A.post('/v1/contacts', { lastName: 'Refusé', supplierId, isMain: true, email: 'bad' });
      expect(res.statusCode).toBe(400);
      expect((await A.get(`/v1/contacts/${main.id}`)).json().isMain).toBe(true);
    });
  });
});
