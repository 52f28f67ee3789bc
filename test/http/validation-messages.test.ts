// One clear message per invalid field (docs/openapi.md, "Validation messages"): the field named,
// the allowed values of an enum, the expected type, the expected format; never a second message
// for the same field from a union's branches.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';

describeEachDb('validation messages', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx.newAccount();
  });
  const post = (url: string, payload: object) => ctx.inject({ method: 'POST', url, headers: account.headers, payload });

  it('names the field once, with the allowed values of an enum (Error body)', async () => {
    const res = await post('/v1/customers', { type: 'Nobody', billingAddress: 'x', email: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.sort()).toEqual([
      'billingAddress: must be an object (or null)',
      'email: must be an e-mail address',
      'type: must be one of Business, Consumer, Government (or null)',
    ]);
  });

  it('names nested fields of lines, without a verdict on the whole array', async () => {
    const res = await post('/v1/saleinvoices', { lines: [{ type: 'Bad', quantity: 'a' }], vatMode: 'x', date: 'tomorrow' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.sort()).toEqual([
      'date: must be a date (YYYY-MM-DD)',
      'lines[0].quantity: must be a number (or null)',
      'lines[0].type: must be one of Empty, Product, Service, Subtotal, Text, NewPage (or null)',
      'vatMode: must be one of Auto, Debit, Collection (or null)',
    ]);
  });

  it('does the same in ProblemDetails bodies and query strings', async () => {
    const put = await ctx.inject({ method: 'PUT', url: '/v1/settings', headers: account.headers, payload: { vat: { vatMode: 'Nope' } } });
    expect(put.statusCode).toBe(400);
    expect(put.json().errors).toEqual({ 'vat.vatMode': ['must be one of Auto, Debit, Collection (or null)'] });
    const list = await ctx.inject({ method: 'GET', url: '/v1/classifications?type=Bad', headers: account.headers });
    expect(list.statusCode).toBe(400);
    expect(list.json().errors).toEqual({ type: ['must be one of Sale, Expense, Other'] });
  });

  it('still accepts enum values in any case and numbers in strings (lenient binding)', async () => {
    const res = await post('/v1/customers', { type: 'business', companyName: 'Dupont' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().type).toBe('Business');
  });
});
