import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, resourceClient, type TestAccount } from '../../helpers/harness.js';

const METADATAS = { crm: 'HS-42', level: 3, tags: ['sales', 'north'], nested: { active: true, note: null } };

describeEachDb('colleagues', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  const A = resourceClient(ctx, '/v1/colleagues', () => a);
  const B = resourceClient(ctx, '/v1/colleagues', () => b);
  beforeAll(async () => {
    a = await ctx.newAccount();
    b = await ctx.newAccount();
  });

  describe('lifecycle', () => {
    let id: number;

    it('creates a colleague with a derived name, a generated number and its metadatas as given', async () => {
      const res = await A.post({
        firstName: ' Élodie ',
        lastName: 'Durand',
        email: 'elodie@example.fr',
        internalId: 'HR-7',
        isPartner: true,
        initialPartnerBalance: 1234.565,
        metadatas: METADATAS,
        name: 'Not taken from input',
        title: 'Mme',
      });
      expect(res.statusCode).toBe(200);
      const c = res.json();
      id = c.id;
      expect(c).toEqual({
        id,
        cellPhone: null,
        email: 'elodie@example.fr',
        firstName: 'Élodie',
        homecareServiceNumber: null,
        initialPartnerBalance: 1234.57,
        internalId: 'HR-7',
        isPartner: true,
        lastName: 'Durand',
        metadatas: METADATAS,
        name: 'Élodie Durand',
        number: 'COL00001',
        phone: null,
        title: 'Mme',
        userId: null,
      });
    });

    it('gets it by id and by internal id', async () => {
      const got = await A.get(`/v1/colleagues/${id}`);
      expect(got.statusCode).toBe(200);
      expect(got.json().metadatas).toEqual(METADATAS);
      const byInternal = await A.get('/v1/colleagues/GetByInternalId/HR-7');
      expect(byInternal.statusCode).toBe(200);
      expect(byInternal.json()).toEqual(got.json());
    });

    it('updates it on PUT: number kept, absent fields kept, name re-derived; null clears', async () => {
      const res = await A.put(id, { lastName: 'Durand-Petit', email: 'edp@example.fr', internalId: 'HR-7', name: 'ignored' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        number: 'COL00001',
        name: 'Élodie Durand-Petit',
        firstName: 'Élodie',
        isPartner: true,
        initialPartnerBalance: 1234.57,
        metadatas: METADATAS,
      });
      const cleared = await A.put(id, { firstName: null, isPartner: null, initialPartnerBalance: null, metadatas: null });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toMatchObject({
        id,
        number: 'COL00001',
        name: 'Durand-Petit',
        firstName: null,
        isPartner: false,
        initialPartnerBalance: 0,
        metadatas: null,
      });
    });

    it('finds it by email, internal id and number', async () => {
      for (const q of ['email=EDP%40example.fr', 'internalId=HR-7', 'number=COL00001']) {
        const res = await A.get(`/v1/colleagues/find?${q}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().map((c: { id: number }) => c.id)).toEqual([id]);
      }
      expect((await A.get('/v1/colleagues/find')).json()).toEqual([]);
    });

    it('deletes it, after which it is 404', async () => {
      const res = await A.del(id);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
      const gone = await A.get(`/v1/colleagues/${id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ status: 404, title: 'Not Found', detail: `Colleague ${id} not found` });
      expect((await A.put(id, { lastName: 'X' })).statusCode).toBe(404);
    });
  });

  describe('lists', () => {
    let acc: TestAccount;
    const L = resourceClient(ctx, '/v1/colleagues', () => acc);
    beforeAll(async () => {
      acc = await ctx.newAccount();
      for (const [firstName, lastName] of [
        ['Adèle', 'Zola'],
        ['Bérénice', 'Yvon'],
        ['Céline', 'Xavier'],
        ['Loïc', 'Lefèvre'],
      ]) {
        expect((await L.post({ firstName, lastName })).statusCode).toBe(200);
      }
    });

    it('pages with the paging headers', async () => {
      const res = await L.get('/v1/colleagues?PageSize=3');
      expect(res.json().map((c: { name: string }) => c.name)).toEqual(['Adèle Zola', 'Bérénice Yvon', 'Céline Xavier']);
      expect(res.headers).toMatchObject({ 'x-record-count': '4', 'x-page-count': '2', 'x-page-index': '1', 'x-page-size': '3' });
      expect(res.headers['x-page-next']).toBe('/v1/colleagues?PageSize=3&PageIndex=2');
      expect(res.headers['x-page-prev']).toBeUndefined();
      const last = await L.get('/v1/colleagues?PageSize=3&PageIndex=2');
      expect(last.json().map((c: { name: string }) => c.name)).toEqual(['Loïc Lefèvre']);
      expect(last.headers['x-page-next']).toBeUndefined();
    });

    it('searches accent-insensitively', async () => {
      const res = await L.get('/v1/colleagues?query=LEFEVRE%20loic');
      expect(res.json().map((c: { name: string }) => c.name)).toEqual(['Loïc Lefèvre']);
      expect(res.headers['x-record-count']).toBe('1');
      expect((await L.get('/v1/colleagues?query=berenice')).json()).toHaveLength(1);
    });

    it('sorts by OrderBy and refuses unknown fields', async () => {
      const res = await L.get('/v1/colleagues?OrderBy=number%20desc&PageSize=1');
      expect(res.json()[0].name).toBe('Loïc Lefèvre');
      const bad = await L.get('/v1/colleagues?OrderBy=name;drop');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['OrderBy']);
    });
  });

  describe('accounts', () => {
    it('is 404 to another account and invisible in its lists and finds', async () => {
      const id = (await A.post({ lastName: 'Secret', email: 'secret@example.fr', internalId: 'SEC' })).json().id;
      expect((await B.get(`/v1/colleagues/${id}`)).statusCode).toBe(404);
      expect((await B.put(id, { lastName: 'Hijack' })).statusCode).toBe(404);
      expect((await B.del(id)).statusCode).toBe(404);
      expect((await B.get('/v1/colleagues?query=secret')).json()).toEqual([]);
      expect((await B.get('/v1/colleagues/find?email=secret%40example.fr')).json()).toEqual([]);
      expect((await B.get('/v1/colleagues/getbyinternalid/SEC')).statusCode).toBe(404);
      expect((await A.get(`/v1/colleagues/${id}`)).json().lastName).toBe('Secret');
    });
  });

  describe('validation', () => {
    it('answers 400 Error naming each bad field on create', async () => {
      const res = await A.post({
        firstName: { name: 12 },
        email: 'nope',
        isPartner: 'yes',
        initialPartnerBalance: 'ten',
        phone: '1'.repeat(41),
      });
      expect(res.statusCode).toBe(400);
      const joined: string = res.json().errors.join('\n');
      expect(res.json().message).toEqual(expect.any(String));
      for (const field of ['firstName', 'email', 'isPartner', 'initialPartnerBalance', 'phone'])
        expect(joined).toMatch(new RegExp(`^${field}: `, 'm'));
    });

    it('requires a first or last name', async () => {
      const res = await A.post({ email: 'x@example.fr' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual(['lastName: a colleague needs a firstName or a lastName']);
    });

    it.each([
      ['an array', ['a'], 'metadatas: must be an object (or null)'],
      ['a string', 'a=b', 'metadatas: must be an object (or null)'],
      [
        'more than 50 keys',
        Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])),
        'metadatas: must NOT have more than 50 properties',
      ],
      ['over 16 KB serialized', { blob: 'x'.repeat(16 * 1024) }, 'metadatas: must be at most 16384 bytes serialized'],
    ])('refuses metadatas that is %s', async (_label, metadatas, message) => {
      const res = await A.post({ lastName: 'Meta', metadatas });
      expect(res.statusCode).toBe(400);
      const errors: string[] = res.json().errors;
      // Every message names metadatas (a failed nullable union also adds its own verdict).
      expect(errors.every((e) => e.startsWith('metadatas: '))).toBe(true);
      expect(errors.some((e) => e.startsWith(message))).toBe(true);
    });

    it('accepts metadatas of exactly 50 keys', async () => {
      const metadatas = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, `v${i}`]));
      const res = await A.post({ lastName: 'Meta', metadatas });
      expect(res.statusCode).toBe(200);
      expect(res.json().metadatas).toEqual(metadatas);
    });

    it('answers a ProblemDetails naming the field on PUT', async () => {
      const id = (await A.post({ lastName: 'Valid' })).json().id;
      const res = await A.put(id, { lastName: 'Valid', metadatas: { blob: 'é'.repeat(9000) } });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 400 });
      expect(res.json().errors.metadatas).toContain('must be at most 16384 bytes serialized (got 18011)');
      const types = await A.put(id, { lastName: ['x'], email: 'bad@' });
      expect(types.statusCode).toBe(400);
      expect(Object.keys(types.json().errors).sort()).toEqual(['email', 'lastName']);
    });
  });
});
