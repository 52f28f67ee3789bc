// Control characters, unpaired surrogates and deep nesting are refused the same way on every
// route and on both databases: PostgreSQL used to answer 500 to a NUL that SQLite stored.
import { beforeAll, expect, it } from 'vitest';
import { bodyProblems, textProblem } from '../../src/http/input-guard.js';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { multipart, MULTIPART } from '../helpers/multipart.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describeEachDb('control characters in requests', (ctx) => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await ctx.newAccount();
  });

  const post = (url: string, payload: unknown) => ctx.inject({ method: 'POST', url, headers: a.headers, payload: payload as object });

  it('refuses a NUL in a customer name and internal id with 400 Error naming both, storing nothing', async () => {
    const res = await post('/v1/customers', { companyName: 'ACME\u0000SAS', internalId: 'X\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      'companyName: must not contain control characters: U+0000 at position 5',
      'internalId: must not contain control characters: U+0000 at position 2',
    ]);
    const list = await ctx.inject({ method: 'GET', url: '/v1/customers', headers: a.headers });
    expect(list.headers['x-record-count']).toBe('0');
  });

  it('names nested fields and array positions, on update as ProblemDetails', async () => {
    const created = await post('/v1/customers', { companyName: 'Nested SA' });
    expect(created.statusCode).toBe(200);
    const res = await ctx.inject({
      method: 'PUT',
      url: `/v1/customers/${created.json().id}`,
      headers: a.headers,
      payload: { companyName: 'Nested SA', billingAddress: { street: '1 rue\u001b[2J' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.json().errors).toEqual({ 'billingAddress.street': ['must not contain control characters: U+001B at position 6'] });
    const invoice = await post('/v1/saleinvoices', { customerName: 'X', lines: [{ description: 'ok' }, { description: 'bad\u0007' }] });
    expect(invoice.statusCode).toBe(400);
    expect(invoice.json().errors).toEqual(['lines[1].description: must not contain control characters: U+0007 at position 4']);
  });

  it('keeps TAB, CR and LF in free text, exactly', async () => {
    const notes = 'Ligne 1\r\nLigne 2\tfin';
    const res = await post('/v1/customers', { companyName: 'Multi-ligne', internalNotes: notes });
    expect(res.statusCode).toBe(200);
    const read = await ctx.inject({ method: 'GET', url: `/v1/customers/${res.json().id}`, headers: a.headers });
    expect(read.json().internalNotes).toBe(notes);
  });

  it('refuses DEL, C1 controls and unpaired surrogates, keeps astral characters', async () => {
    const del = await post('/v1/customers', { companyName: 'A\u007f' });
    expect(del.json().errors).toEqual(['companyName: must not contain control characters: U+007F at position 2']);
    const c1 = await post('/v1/customers', { companyName: 'A\u0085' });
    expect(c1.json().errors).toEqual(['companyName: must not contain control characters: U+0085 at position 2']);
    const lone = await post('/v1/customers', { companyName: 'A\ud800B' });
    expect(lone.json().errors).toEqual(['companyName: must be valid Unicode text: unpaired surrogate U+D800 at position 2']);
    const astral = await post('/v1/customers', { companyName: 'Café 💶 𝔘' });
    expect(astral.statusCode).toBe(200);
    expect(astral.json().name).toBe('Café 💶 𝔘');
  });

  it('refuses control characters in property names, and metadata nested too deep', async () => {
    const key = await post('/v1/receipts', { amount: 1, metadata: { 'a\u0000b': 1 } });
    expect(key.statusCode).toBe(400);
    expect(key.json().errors).toEqual(['metadata: has a property name that must not contain control characters: U+0000 at position 2']);
    const deep = await ctx.inject({
      method: 'POST',
      url: '/v1/receipts',
      headers: { ...a.headers, 'content-type': 'application/json' },
      payload: `{"amount": 1, "metadata": {"k": ${'['.repeat(10_000)}${']'.repeat(10_000)}}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors).toEqual([`metadata.k${'[0]'.repeat(30)}: is nested deeper than 32 levels`]);
  });

  it('refuses a NUL in find parameters and path parameters with 400 naming the parameter', async () => {
    const find = await ctx.inject({ method: 'GET', url: '/v1/customers/find?internalId=a%00b', headers: a.headers });
    expect(find.statusCode).toBe(400);
    expect(find.json().errors).toEqual({ internalId: ['must not contain control characters: U+0000 at position 2'] });
    const byInternalId = await ctx.inject({ method: 'GET', url: '/v1/suppliers/getbyinternalid/x%00', headers: a.headers });
    expect(byInternalId.statusCode).toBe(400);
    expect(byInternalId.json().errors).toEqual({ internalId: ['must not contain control characters: U+0000 at position 2'] });
    const logo = await ctx.inject({ method: 'GET', url: '/v1/settings/logo/a%00' });
    expect(logo.statusCode).toBe(400);
    // In a URL even TAB and line breaks are refused.
    const tabbed = await ctx.inject({ method: 'GET', url: '/v1/saleinvoices/find?number=F%09', headers: a.headers });
    expect(tabbed.json().errors).toEqual({ number: ['must not contain control characters: U+0009 at position 2'] });
  });

  it('refuses a NUL in an uploaded file name with 400 Error naming the file', async () => {
    const product = await post('/v1/products', { name: 'Image' });
    for (const url of [`/v1/productimages/${product.json().id}`, '/v1/purchaseinvoices/file']) {
      const res = await ctx.inject({
        method: 'POST',
        url,
        headers: { ...a.headers, 'content-type': MULTIPART },
        payload: multipart([{ name: 'file', filename: 'facture\u0000.png', type: 'image/png', content: PNG }]),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors).toEqual(['file (file name): must not contain control characters: U+0000 at position 8']);
    }
  });
});

it('walks bodies without recursion and reports at most 20 problems', () => {
  const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, '\u0001']));
  expect(bodyProblems(many)).toHaveLength(20);
  expect(bodyProblems(JSON.parse(`${'['.repeat(200_000)}${']'.repeat(200_000)}`))).toHaveLength(1);
  expect(textProblem('a\ud83d\udcb6', false)).toBeNull();
  expect(textProblem('\udcb6', false)).toMatch(/unpaired surrogate U\+DCB6/);
  expect(textProblem('a\nb', true)).toBeNull();
  expect(textProblem('a\nb', false)).toMatch(/U\+000A/);
});
