import { beforeAll, describe, expect, it } from 'vitest';
import { findSupplierByIdentity } from '../../../src/modules/suppliers/service.js';
import { describeEachDb, resourceClient, type TestAccount } from '../../helpers/harness.js';

const SIRET = '73282932000074';
const VAT = 'FR44732829320';

describeEachDb('suppliers', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  const A = resourceClient(ctx, '/v1/suppliers', () => a);
  const B = resourceClient(ctx, '/v1/suppliers', () => b);
  beforeAll(async () => {
    a = await ctx.newAccount();
    b = await ctx.newAccount();
  });

  describe('lifecycle', () => {
    let id: number;

    it('creates a supplier with normalised identifiers, derived address fields and a generated number', async () => {
      const res = await A.post({
        name: 'Société Générale Fournitures',
        email: 'Compta@SGF.example',
        internalId: 'ERP-SUP-1',
        address: { street: '12 rue de la Paix', zipcode: '75002', city: 'Paris', countryIso: 'fr', countryName: 'ignored' },
        companyInformations: { siret: '732 829 320 00074', vatNumber: 'fr 44 732829320' },
        createdAt: '2001-01-01T00:00:00Z',
      });
      expect(res.statusCode).toBe(200);
      const s = res.json();
      id = s.id;
      expect(Number.isInteger(s.id)).toBe(true);
      expect(s).toMatchObject({
        name: 'Société Générale Fournitures',
        number: 'S00001',
        email: 'Compta@SGF.example',
        internalId: 'ERP-SUP-1',
        defaultPaymentMethod: 'Transfer',
        firstName: null,
        lastName: null,
        createdById: null,
        updatedById: null,
        address: {
          street: '12 rue de la Paix',
          zipcode: '75002',
          city: 'Paris',
          countryIso: 'FR',
          countryName: 'France',
          formattedAddress: '12 rue de la Paix\n75002 Paris',
          inlineAddress: '12 rue de la Paix, 75002 Paris, France',
        },
        companyInformations: { siret: SIRET, vatNumber: VAT, electronicAddress: null, effectiveElectronicAddress: '732829320' },
      });
      expect(s.createdAt).not.toBe('2001-01-01T00:00:00Z');
      expect(Date.parse(s.createdAt)).toBeGreaterThan(Date.parse('2020-01-01'));
      expect(Object.keys(s).sort()).toEqual([
        'address',
        'cellPhone',
        'companyInformations',
        'createdAt',
        'createdById',
        'defaultPaymentMethod',
        'email',
        'firstName',
        'id',
        'internalId',
        'internalNotes',
        'lastName',
        'name',
        'number',
        'phone',
        'title',
        'updatedAt',
        'updatedById',
      ]);
    });

    it('gets it by id and by internal id', async () => {
      const created = (await A.get(`/v1/suppliers/${id}`)).json();
      expect(created.id).toBe(id);
      const byInternal = await A.get('/v1/suppliers/getbyinternalid/ERP-SUP-1');
      expect(byInternal.statusCode).toBe(200);
      expect(byInternal.json()).toEqual(created);
    });

    it('updates it on PUT, keeping its number and absent fields, taking a person name when the company name is cleared', async () => {
      const kept = await A.put(id, { email: 'contact@fournitures.example' });
      expect(kept.json()).toMatchObject({
        id,
        number: 'S00001',
        name: (await A.get(`/v1/suppliers/${id}`)).json().name,
        email: 'contact@fournitures.example',
      });
      expect(kept.json().address).not.toBeNull();
      const res = await A.put(id, {
        name: null,
        address: null,
        firstName: 'Hélène',
        lastName: 'Martin',
        email: 'helene@example.fr',
        internalId: 'ERP-SUP-1',
        defaultPaymentMethod: 'Check',
        companyInformations: { siret: '443061841', vatNumber: null, electronicAddress: '0225:443061841' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        number: 'S00001',
        name: 'Hélène Martin',
        defaultPaymentMethod: 'Check',
        address: null,
        companyInformations: {
          siret: '443061841',
          vatNumber: null,
          electronicAddress: '0225:443061841',
          effectiveElectronicAddress: '0225:443061841',
        },
      });
      expect((await A.get(`/v1/suppliers/${id}`)).json().name).toBe('Hélène Martin');
    });

    it('finds it by email (case-insensitively), internal id and number', async () => {
      for (const q of ['email=HELENE%40example.fr', 'internalId=ERP-SUP-1', 'number=S00001', 'InternalId=ERP-SUP-1']) {
        const res = await A.get(`/v1/suppliers/find?${q}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().map((s: { id: number }) => s.id)).toEqual([id]);
      }
      expect((await A.get('/v1/suppliers/find?number=S99999')).json()).toEqual([]);
    });

    it('deletes it, after which it is 404', async () => {
      const res = await A.del(id);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('');
      const gone = await A.get(`/v1/suppliers/${id}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ status: 404, title: 'Not Found', detail: `Supplier ${id} not found` });
      expect((await A.del(id)).statusCode).toBe(404);
    });

    it('writes SupplierCreated, SupplierUpdated and SupplierDeleted to the outbox', async () => {
      const rows = await ctx.db.kysely
        .selectFrom('outbox')
        .select(['type', 'payload'])
        .where('accountId', '=', a.accountId)
        .where('type', 'like', 'Supplier%')
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.type)).toEqual(['SupplierCreated', 'SupplierUpdated', 'SupplierUpdated', 'SupplierDeleted']);
      expect(JSON.parse(rows[0].payload)).toMatchObject({ id, name: 'Société Générale Fournitures' });
    });
  });

  describe('lists', () => {
    let acc: TestAccount;
    const L = resourceClient(ctx, '/v1/suppliers', () => acc);
    beforeAll(async () => {
      acc = await ctx.newAccount();
      for (const name of ['Boulangerie Éclair', 'Atelier Zéphyr', 'Cabinet Dupré', 'Dépôt Central', 'Électricité Ouest']) {
        expect((await L.post({ name, address: { city: 'Lyon' } })).statusCode).toBe(200);
      }
    });

    it('pages with the x-page-* and x-record-count headers, sorted by name by default', async () => {
      const res = await L.get('/v1/suppliers?PageIndex=2&PageSize=2');
      expect(res.statusCode).toBe(200);
      expect(res.json().map((s: { name: string }) => s.name)).toEqual(['Cabinet Dupré', 'Dépôt Central']);
      expect(res.headers['x-record-count']).toBe('5');
      expect(res.headers['x-page-count']).toBe('3');
      expect(res.headers['x-page-index']).toBe('2');
      expect(res.headers['x-page-size']).toBe('2');
      expect(res.headers['x-page-next']).toBe('/v1/suppliers?PageSize=2&PageIndex=3');
      expect(res.headers['x-page-prev']).toBe('/v1/suppliers?PageSize=2&PageIndex=1');
    });

    it('searches full text, accent- and case-insensitively, by word prefix', async () => {
      const names = async (q: string) =>
        (await L.get(`/v1/suppliers?query=${encodeURIComponent(q)}`)).json().map((s: { name: string }) => s.name);
      expect(await names('eclair')).toEqual(['Boulangerie Éclair']);
      expect(await names('ÉLECTRI')).toEqual(['Électricité Ouest']);
      expect(await names('depot centr')).toEqual(['Dépôt Central']);
      expect(await names('lyon')).toHaveLength(5);
      expect(await names('nowhere')).toEqual([]);
    });

    it('sorts by a whitelisted OrderBy field', async () => {
      const res = await L.get('/v1/suppliers?OrderBy=name%20desc&PageSize=2');
      expect(res.json().map((s: { name: string }) => s.name)).toEqual(['Électricité Ouest', 'Dépôt Central']);
      const byNumber = await L.get('/v1/suppliers?OrderBy=-number&PageSize=1');
      expect(byNumber.json()[0].number).toBe('S00005');
    });

    it('refuses an OrderBy outside the whitelist with a 400 ProblemDetails', async () => {
      const res = await L.get('/v1/suppliers?OrderBy=data');
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Object.keys(res.json().errors)).toEqual(['OrderBy']);
    });
  });

  describe('accounts', () => {
    let id: number;
    beforeAll(async () => {
      id = (await A.post({ name: 'Fournisseur Privé', email: 'prive@example.fr', internalId: 'PRIV-1', number: 'PRIV-1' })).json().id;
    });

    it('answers 404 to another account on get, put and delete', async () => {
      expect((await B.get(`/v1/suppliers/${id}`)).statusCode).toBe(404);
      const put = await B.put(id, { name: 'Hijack' });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toMatchObject({ status: 404, detail: `Supplier ${id} not found` });
      expect((await B.del(id)).statusCode).toBe(404);
      expect((await A.get(`/v1/suppliers/${id}`)).json().name).toBe('Fournisseur Privé');
    });

    it('keeps it out of the other account lists, finds and internal-id lookups', async () => {
      expect((await B.get('/v1/suppliers?query=prive')).json()).toEqual([]);
      expect((await B.get('/v1/suppliers')).headers['x-record-count']).toBe('0');
      expect((await B.get('/v1/suppliers/find?email=prive%40example.fr')).json()).toEqual([]);
      expect((await B.get('/v1/suppliers/find?number=PRIV-1')).json()).toEqual([]);
      expect((await B.get('/v1/suppliers/getbyinternalid/PRIV-1')).statusCode).toBe(404);
    });

    it('lets another account reuse the number, but not the same account', async () => {
      expect((await B.post({ name: 'Autre', number: 'PRIV-1' })).statusCode).toBe(200);
      const dup = await A.post({ name: 'Doublon', number: 'PRIV-1' });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().errors).toEqual(['number: "PRIV-1" is already used by another supplier']);
    });

    it('numbers a new supplier with the supplier prefix of the settings', async () => {
      const fresh = await ctx.newAccount();
      const settings = await ctx.inject({
        method: 'PUT',
        url: '/v1/settings',
        headers: fresh.headers,
        payload: { numbering: { supplierPrefix: 'FRN-' } },
      });
      expect(settings.statusCode).toBe(200);
      const res = await ctx.inject({ method: 'POST', url: '/v1/suppliers', headers: fresh.headers, payload: { name: 'Préfixé' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().number).toBe('FRN-00001');
    });

    it('treats a non-integer or out-of-range id as a 400', async () => {
      expect((await A.get('/v1/suppliers/abc')).statusCode).toBe(400);
      expect((await A.get('/v1/suppliers/99999999999')).statusCode).toBe(400);
    });
  });

  describe('validation', () => {
    it('answers 400 Error naming every bad field on create', async () => {
      const res = await A.post({
        name: [42],
        email: 'not-an-email',
        defaultPaymentMethod: 'Bitcoin',
        title: 'x'.repeat(21),
      });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
      const joined = body.errors.join('\n');
      expect(joined).toMatch(/^name: /m);
      expect(joined).toMatch(/^email: must be an e-mail address$/m);
      expect(joined).toMatch(/^defaultPaymentMethod: /m);
      expect(joined).toMatch(/^title: must NOT have more than 20 characters/m);
    });

    it.each([
      [{ name: 'X', address: { countryIso: 'ZZ' } }, 'address.countryIso: "ZZ" is not an ISO 3166-1 alpha-2 country code'],
      [{ name: 'X', companyInformations: { siret: '73282932000075' } }, 'companyInformations.siret: siret fails the Luhn check'],
      [{ name: 'X', companyInformations: { siret: '1234' } }, 'companyInformations.siret: siret must be 14 digits'],
      [
        { name: 'X', companyInformations: { vatNumber: 'FR45732829320' } },
        'companyInformations.vatNumber: vatNumber key does not match the SIREN',
      ],
      [{ name: 'X', companyInformations: { vatNumber: 'DE12' } }, 'companyInformations.vatNumber: vatNumber does not match the DE format'],
      [{ email: 'x@example.fr' }, 'name: a supplier needs a name, or a firstName or lastName'],
    ])('refuses %j on create', async (payload, message) => {
      const res = await A.post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([message]);
    });

    it('refuses an over-long name and an unknown payment method with a ProblemDetails on PUT', async () => {
      const id = (await A.post({ name: 'Valide' })).json().id;
      const res = await A.put(id, {
        name: 'n'.repeat(201),
        defaultPaymentMethod: 'Bitcoin',
        companyInformations: { vatNumber: 'FR00732829320' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const body = res.json();
      expect(body).toMatchObject({ status: 400, title: 'One or more validation errors occurred.', instance: `/v1/suppliers/${id}` });
      expect(Object.keys(body.errors).sort()).toEqual(['defaultPaymentMethod', 'name']);
      const rule = await A.put(id, { name: 'Valide', companyInformations: { vatNumber: 'FR00732829320' } });
      expect(rule.statusCode).toBe(400);
      expect(rule.json().errors).toEqual({ 'companyInformations.vatNumber': ['vatNumber key does not match the SIREN'] });
      expect((await A.get(`/v1/suppliers/${id}`)).json().companyInformations.vatNumber).toBeNull();
    });
  });

  describe('findSupplierByIdentity', () => {
    let acc: TestAccount;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      acc = await ctx.newAccount();
      const L = resourceClient(ctx, '/v1/suppliers', () => acc);
      ids.bySiret = (await L.post({ name: 'Papeterie Lumière', companyInformations: { siret: SIRET } })).json().id;
      ids.byVat = (await L.post({ name: 'Imprimerie Rive', companyInformations: { vatNumber: 'FR64443061841' } })).json().id;
      ids.byEu = (await L.post({ name: 'Druckerei Berlin', companyInformations: { vatNumber: 'DE123456789' } })).json().id;
      ids.byName = (await L.post({ name: "L'Épicerie  du Coin" })).json().id;
      await resourceClient(ctx, '/v1/suppliers', () => b).post({ name: 'Other account', companyInformations: { siret: '55208131766522' } });
    });
    const find = (identity: Parameters<typeof findSupplierByIdentity>[2]) =>
      findSupplierByIdentity(ctx.db.kysely, acc.accountId, identity).then((s) => s?.id ?? null);

    it('matches by SIREN from a SIREN, a SIRET or a French VAT number', async () => {
      expect(await find({ siren: '732829320' })).toBe(ids.bySiret);
      expect(await find({ siren: '732 829 320 00099' })).toBe(ids.bySiret);
      expect(await find({ vatNumber: VAT })).toBe(ids.bySiret);
      expect(await find({ siren: '443061841' })).toBe(ids.byVat);
    });

    it('matches by VAT number, then by name ignoring case, accents and spacing', async () => {
      expect(await find({ vatNumber: 'de 123456789' })).toBe(ids.byEu);
      expect(await find({ name: "l'epicerie du coin" })).toBe(ids.byName);
      expect(await find({ siren: '552081317', name: 'PAPETERIE LUMIERE' })).toBe(ids.bySiret);
    });

    it('finds nothing for unknown identities or another account suppliers', async () => {
      expect(await find({ siren: '552081317' })).toBeNull();
      expect(await find({ name: 'Papeterie' })).toBeNull();
      expect(await find({})).toBeNull();
    });
  });
});
