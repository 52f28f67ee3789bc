import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

describeEachDb('reference lists', (ctx) => {
  let account: TestAccount;
  const get = (url: string) => ctx.inject({ method: 'GET', url, headers: account.headers });

  beforeAll(async () => {
    account = await ctx.newAccount();
  });

  it('lists VAT rates, and those of one region', async () => {
    const all = await get('/v1/vats');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toContainEqual({ default: true, id: 1, label: '20 %', rate: 20, region: 'FR' });
    const corse = await get('/v1/Vats?Region=Corse');
    expect(corse.json().map((v: { rate: number }) => v.rate)).toContain(13);
    expect(corse.json().every((v: { region: string }) => v.region === 'Corse')).toBe(true);
  });

  it('refuses an unknown VAT region with 400 naming region', async () => {
    const res = await get('/v1/vats?region=Mars');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('region');
  });

  it('lists units with their UN/ECE codes', async () => {
    const res = await get('/v1/units');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ code: 'HUR', conversion: 1, decimals: 2, id: 21, name: 'Heure', type: 'Time' });
  });

  it('lists classifications of a type, and refuses an unknown type with 400', async () => {
    const sale = await get('/v1/classifications?type=Sale');
    expect(sale.statusCode).toBe(200);
    expect(sale.json().length).toBeGreaterThan(0);
    expect(sale.json().every((c: { type: string }) => c.type === 'Sale')).toBe(true);
    expect(sale.json()[0].defaultVat).toMatchObject({ id: 1, rate: 20 });
    const all = await get('/v1/classifications');
    expect(all.json().length).toBeGreaterThan(sale.json().length);
    const bad = await get('/v1/classifications?type=Income');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('type');
  });

  it('searches bank providers accent-insensitively, without exposing the BIC', async () => {
    const res = await get('/v1/bankaccounts/providers?query=societe gen');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { countryCodes: ['FR'], id: 'societe-generale', logoUri: null, markets: ['personal', 'business'], name: 'Société Générale' },
    ]);
    expect((await get('/v1/BankAccounts/Providers')).json().length).toBeGreaterThan(10);
  });

  it('lists homecare groups and activities', async () => {
    const groups = (await get('/v1/homecareservices/tsa-groups')).json();
    expect(groups).toHaveLength(3);
    const activities = (await get('/v1/homecareservices/activities')).json();
    expect(activities[0]).toMatchObject({ id: 1, code: 'I-1', regime: 'Agrement', tsaGroupId: 1 });
    const groupIds = new Set(groups.map((g: { id: number }) => g.id));
    expect(activities.every((a: { tsaGroupId: number }) => groupIds.has(a.tsaGroupId))).toBe(true);
  });

  it('requires an API key', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/v1/vats' });
    expect(res.statusCode).toBe(401);
  });
});
