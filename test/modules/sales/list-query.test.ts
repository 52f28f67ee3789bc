// The `query` of the invoice, credit note and quote lists (issue #31, the console's search): a part
// of the number or of the customer's name in any case, or an exact amount with or without VAT;
// another account's documents never match.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { EXTERNAL_CORRECTED_INVOICE } from '../../helpers/sales.js';

const line = (price: number) => ({ type: 'Service', description: 'Prestation', quantity: 1, taxExcludedPrice: price, vat: { rate: 20 } });

describeEachDb('sale document lists: query', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  const numbers: Record<string, string> = {};

  const post = async (account: TestAccount, url: string, payload?: object) => {
    const res = await ctx.inject({ method: 'POST', url, headers: account.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; number: string | null }>();
  };
  const invoice = async (account: TestAccount, customerId: number, price: number) => {
    const draft = await post(account, '/v1/saleinvoices', { customerId, lines: [line(price)] });
    return post(account, `/v1/saleinvoices/finalize/${draft.id}`);
  };
  const list = async (url: string, account = a) => {
    const res = await ctx.inject({ method: 'GET', url, headers: account.headers });
    expect(res.statusCode, res.body).toBe(200);
    return {
      numbers: res.json<{ number: string | null; customerName: string }[]>().map((d) => d.number ?? d.customerName),
      total: res.headers['x-record-count'],
    };
  };

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier SAS');
    b = await ctx.newAccount('Autre SAS');
    const martin = (await post(a, '/v1/customers', { companyName: 'Boulangerie Martin' })).id;
    const durand = (await post(a, '/v1/customers', { companyName: 'Garage Durand' })).id;
    numbers.first = (await invoice(a, martin, 100)).number!; // 120,00 TTC
    numbers.second = (await invoice(a, durand, 1234.5)).number!; // 1 481,40 TTC
    numbers.third = (await invoice(a, durand, 40)).number!; // 48,00 TTC
    const otherCustomer = (await post(b, '/v1/customers', { companyName: 'Boulangerie Martin' })).id;
    await invoice(b, otherCustomer, 100);
    const credit = await post(a, '/v1/salecredits', { customerId: durand, ...EXTERNAL_CORRECTED_INVOICE, lines: [line(10)] });
    numbers.credit = (await post(a, `/v1/salecredits/finalize/${credit.id}`)).number!;
    await post(a, '/v1/salequotes', { customerId: martin, lines: [line(300)] });
  });

  it('finds invoices by a part of their number, of the customer name in any case, or an exact amount', async () => {
    expect(await list(`/v1/saleinvoices?query=${encodeURIComponent(numbers.second.slice(-5).toLowerCase())}`)).toEqual({
      numbers: [numbers.second],
      total: '1',
    });
    expect((await list('/v1/saleinvoices?query=durand&OrderBy=number')).numbers).toEqual([numbers.second, numbers.third]);
    expect((await list('/v1/saleinvoices?query=BOULANGERIE')).numbers).toEqual([numbers.first]);
    // With VAT, without, French or English decimals, with a thousands space.
    expect((await list(`/v1/saleinvoices?query=${encodeURIComponent('1 481,40')}`)).numbers).toEqual([numbers.second]);
    expect((await list('/v1/saleinvoices?query=1234.5')).numbers).toEqual([numbers.second]);
    expect((await list('/v1/saleinvoices?query=48')).numbers).toEqual([numbers.third]);
    expect(await list('/v1/saleinvoices?query=nobody')).toEqual({ numbers: [], total: '0' });
    // Another account's "Boulangerie Martin" invoice is not found from this one, and the reverse.
    expect((await list('/v1/saleinvoices?query=martin', b)).numbers).toHaveLength(1);
  });

  it('credit notes and quotes take the same query', async () => {
    expect((await list('/v1/salecredits?query=durand')).numbers).toEqual([numbers.credit]);
    expect((await list('/v1/salecredits?query=12')).numbers).toEqual([numbers.credit]);
    expect((await list('/v1/salecredits?query=martin')).numbers).toEqual([]);
    expect((await list('/v1/salequotes?query=martin')).numbers).toEqual(['Boulangerie Martin']);
    expect((await list('/v1/salequotes?query=360')).numbers).toEqual(['Boulangerie Martin']);
    expect((await list('/v1/salequotes?query=durand')).numbers).toEqual([]);
  });

  it('a query longer than 100 characters is a 400 naming it', async () => {
    const res = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices?query=${'x'.repeat(101)}`, headers: a.headers });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/query/);
  });
});
