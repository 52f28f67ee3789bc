// x-record-count stays exact while SQLite reuses counts between writes (see countOnce in repo.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createAccount } from '../../src/modules/accounts/service.js';
import { listDocuments } from '../../src/modules/sales/repo.js';
import { createDraft } from '../../src/modules/sales/service.js';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';

const filter = { cancelled: 'Excluded' as const, processed: 'Excluded' as const, today: '2026-11-22' };
const page = { index: 1, size: 10, offset: 0 };
const order = [{ column: 'id' as const, direction: 'asc' as const }];

describeEachDb('record counts of sale documents', (ctx) => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await ctx.newAccount();
  });
  const count = async (qs = '') =>
    (await ctx.inject({ method: 'GET', url: `/v1/saleinvoices?PageSize=1${qs}`, headers: a.headers })).headers['x-record-count'];

  it('follow every write: create, finalize, delete', async () => {
    expect(await count()).toBe('0');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/saleinvoices',
        headers: a.headers,
        payload: { customerName: 'X', lines: [{ description: 'a', quantity: 1, taxExcludedPrice: 1 }] },
      });
      ids.push(res.json().id);
      expect(await count()).toBe(String(i + 1));
    }
    expect(await count('&Status=Draft')).toBe('3');
    await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${ids[0]}`, headers: a.headers });
    expect(await count('&Status=Draft')).toBe('2');
    expect(await count('&Status=ToSend')).toBe('1');
    await ctx.inject({ method: 'DELETE', url: `/v1/saleinvoices/${ids[1]}`, headers: a.headers });
    expect(await count()).toBe('2');
    expect(await count('&Status=Draft')).toBe('1');
  });
});

describe('record counts on SQLite with two connections to one file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'facturier-counts-'));
  const file = path.join(dir, 'counts.db');
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('see the commits of the other connection', async () => {
    const first = openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(first);
    const second = openDatabase({ dialect: 'sqlite', file });
    const { accountId } = await createAccount(first, 'Two connections');
    const draft = { customerName: 'X', lines: [{ description: 'a', quantity: 1, taxExcludedPrice: 1 }] };
    await createDraft({ db: first, publicUrl: null }, accountId, 'Invoice', draft);
    expect((await listDocuments(first.kysely, accountId, 'Invoice', filter, page, order)).total).toBe(1);
    await createDraft({ db: second, publicUrl: null }, accountId, 'Invoice', draft);
    expect((await listDocuments(first.kysely, accountId, 'Invoice', filter, page, order)).total).toBe(2);
    await first.close();
    await second.close();
  });
});

describeEachDb('record counts of master data', (ctx) => {
  it('follow every write, searches included', async () => {
    const a = await ctx.newAccount();
    const count = async (qs: string) =>
      (await ctx.inject({ method: 'GET', url: `/v1/customers?PageSize=1${qs}`, headers: a.headers })).headers['x-record-count'];
    const created = await ctx.inject({
      method: 'POST',
      url: '/v1/customers',
      headers: a.headers,
      payload: { companyName: 'Menuiserie Dubois' },
    });
    expect(await count('')).toBe('1');
    expect(await count('&query=menuiserie')).toBe('1');
    expect(await count('&query=boulangerie')).toBe('0');
    await ctx.inject({
      method: 'PUT',
      url: `/v1/customers/${created.json().id}`,
      headers: a.headers,
      payload: { companyName: 'Boulangerie Dubois' },
    });
    expect(await count('&query=menuiserie')).toBe('0');
    expect(await count('&query=boulangerie')).toBe('1');
    await ctx.inject({ method: 'DELETE', url: `/v1/customers/${created.json().id}`, headers: a.headers });
    expect(await count('')).toBe('0');
    expect(await count('&query=boulangerie')).toBe('0');
  });
});

describeEachDb('pages of a search, kept until the database changes', (ctx) => {
  it('follow every write: a rename, a new match, a deletion, and each page and order apart', async () => {
    const a = await ctx.newAccount();
    const names = async (qs: string) =>
      (await ctx.inject({ method: 'GET', url: `/v1/customers?query=dubois${qs}`, headers: a.headers }))
        .json()
        .map((c: { name: string }) => c.name);
    const create = async (companyName: string) =>
      (await ctx.inject({ method: 'POST', url: '/v1/customers', headers: a.headers, payload: { companyName } })).json().id as number;
    const b = await create('Garage Dubois');
    await create('Atelier Dubois');
    expect(await names('')).toEqual(['Atelier Dubois', 'Garage Dubois']);
    expect(await names('&PageSize=1&PageIndex=1')).toEqual(['Atelier Dubois']);
    expect(await names('&PageSize=1&PageIndex=2')).toEqual(['Garage Dubois']);
    expect(await names('&PageSize=1&PageIndex=2&OrderBy=-Name')).toEqual(['Atelier Dubois']);
    await ctx.inject({ method: 'PUT', url: `/v1/customers/${b}`, headers: a.headers, payload: { companyName: 'Carrosserie Dubois' } });
    expect(await names('')).toEqual(['Atelier Dubois', 'Carrosserie Dubois']);
    expect(await names('&PageSize=1&PageIndex=2')).toEqual(['Carrosserie Dubois']);
    const c = await create('Boulangerie Dubois');
    expect(await names('')).toEqual(['Atelier Dubois', 'Boulangerie Dubois', 'Carrosserie Dubois']);
    expect(await names('&PageSize=1&PageIndex=2')).toEqual(['Boulangerie Dubois']);
    await ctx.inject({ method: 'DELETE', url: `/v1/customers/${c}`, headers: a.headers });
    expect(await names('&PageSize=1&PageIndex=2')).toEqual(['Carrosserie Dubois']);
    // Another account's identical search is its own.
    const other = await ctx.newAccount();
    await ctx.inject({ method: 'POST', url: '/v1/customers', headers: other.headers, payload: { companyName: 'Zinc Dubois' } });
    expect(
      (await ctx.inject({ method: 'GET', url: '/v1/customers?query=dubois', headers: other.headers }))
        .json()
        .map((x: { name: string }) => x.name),
    ).toEqual(['Zinc Dubois']);
    expect(await names('')).toEqual(['Atelier Dubois', 'Carrosserie Dubois']);
  });
});
