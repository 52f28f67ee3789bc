// The limits docs/limits.md lists, each enforced and each tested here at its edge: accepted at the
// limit, refused with a 4xx naming the problem one past it. The first test checks the OpenAPI
// document itself: no request field is unbounded (every string has a length limit or a bounded
// format, every array a number of items, every free-form object a number of keys).
import { beforeAll, expect, it } from 'vitest';
import { MAX_DEPTH } from '../../src/http/input-guard.js';
import { resolve, type OpenApiDocument } from '../helpers/fuzz.js';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { multipart, MULTIPART } from '../helpers/multipart.js';

type Json = Record<string, unknown>;

/** Every unbounded string, array or map in the request schemas of the document. */
function unbounded(doc: OpenApiDocument): string[] {
  const found = new Set<string>();
  const walk = (schema: Json | undefined, path: string, seen: Set<unknown>) => {
    const s = resolve(doc, schema);
    if (!s || seen.has(s)) return;
    const inner = new Set(seen).add(s);
    for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(s[key])) for (const b of s[key] as Json[]) walk(b, path, inner);
    const types = ([] as unknown[]).concat(s.type);
    const boundedFormat = s.format === 'date' || s.format === 'date-time';
    if (types.includes('string') && s.maxLength === undefined && !s.enum && s.const === undefined && !boundedFormat)
      found.add(`${path}: string`);
    if (types.includes('array') && s.maxItems === undefined) found.add(`${path}: array`);
    if (typeof s.additionalProperties === 'object' && s.maxProperties === undefined) found.add(`${path}: map`);
    for (const [name, child] of Object.entries((s.properties ?? {}) as Record<string, Json>)) walk(child, `${path}.${name}`, inner);
    if (s.items) walk(s.items as Json, `${path}[]`, inner);
  };
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      walk(op.requestBody?.content['application/json']?.schema, `${method.toUpperCase()} ${path} body`, new Set());
      for (const p of op.parameters ?? []) walk(p.schema, `${method.toUpperCase()} ${path} ${p.in} ${p.name}`, new Set());
    }
  }
  return [...found];
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const line = { type: 'Product', description: 'Article', quantity: 1, taxExcludedPrice: 1, vat: { rate: 20 } };
/** `{"k":"xxx…"}` serialized in exactly `bytes` bytes. */
const metadataOf = (bytes: number) => ({ k: 'x'.repeat(bytes - 8) });
const nestedArrays = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describeEachDb('documented limits', (ctx) => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await ctx.newAccount();
  });
  const post = (url: string, payload: object | string, headers: Record<string, string> = {}) =>
    ctx.inject({ method: 'POST', url, headers: { ...a.headers, ...headers }, payload });

  it('bounds every field of every request in the OpenAPI document', () => {
    expect(unbounded(ctx.app.swagger() as unknown as OpenApiDocument)).toEqual([]);
  });

  it('refuses a JSON body over 10 MB with 413', async () => {
    const padding = 10 * 1024 * 1024;
    const res = await post('/v1/customers', JSON.stringify({ companyName: 'Lourd', internalNotes: 'x'.repeat(padding) }), {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Request body is larger than the allowed limit');
  });

  it('refuses a text field one character over its limit, naming it, and keeps one at the limit', async () => {
    const ok = await post('/v1/saleinvoices', { customerName: 'Textes', lines: [{ ...line, description: 'é'.repeat(4000) }] });
    expect(ok.statusCode).toBe(200);
    const over = await post('/v1/saleinvoices', { customerName: 'Textes', lines: [{ ...line, description: 'é'.repeat(4001) }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toContain('lines[0].description: must NOT have more than 4000 characters');
  });

  it('accepts metadata of 16 KB serialized and refuses one byte more, on invoices, credits, receipts, payments and colleagues', async () => {
    const invoice = (await post('/v1/saleinvoices', { customerName: 'Méta', lines: [line] })).json();
    expect((await post(`/v1/saleinvoices/finalize/${invoice.id}`, '')).statusCode).toBe(200);
    const cases: [string, (metadata: object) => object][] = [
      ['/v1/saleinvoices', (metadata) => ({ customerName: 'Méta', metadata })],
      ['/v1/salecredits', (metadata) => ({ customerName: 'Méta', metadata })],
      ['/v1/receipts', (metadata) => ({ amount: 1, metadata })],
      ['/v1/saleinvoices/markaspaid', (metadata) => ({ invoiceId: invoice.id, amount: 0.01, metadata })],
      ['/v1/colleagues', (metadatas) => ({ lastName: 'Méta', metadatas })],
    ];
    for (const [url, body] of cases) {
      const field = url === '/v1/colleagues' ? 'metadatas' : 'metadata';
      const atLimit = await post(url, body(metadataOf(16 * 1024)));
      expect(atLimit.statusCode, `${url}: ${atLimit.body}`).toBe(200);
      const over = await post(url, body(metadataOf(16 * 1024 + 1)));
      expect(over.statusCode, url).toBe(400);
      expect(over.json().detail ?? over.json().message).toContain(`${field}: must be at most 16384 bytes serialized (got 16385)`);
    }
  });

  it('accepts 1,000 lines per document and refuses 1,001', async () => {
    const ok = await post('/v1/saleinvoices', { customerName: 'Mille lignes', lines: Array.from({ length: 1000 }, () => line) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().lines).toHaveLength(1000);
    expect(ok.json().taxExcludedAmount).toBe(1000);
    const over = await post('/v1/saleinvoices', { customerName: 'Mille et une', lines: Array.from({ length: 1001 }, () => line) });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toContain('lines: must NOT have more than 1000 items');
  });

  it('accepts 500 links per receipt and refuses 501', async () => {
    const over = await post('/v1/receipts', { amount: 1, links: Array.from({ length: 501 }, (_, i) => ({ type: 'Invoice', id: i + 1 })) });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toContain('links: must NOT have more than 500 items');
  });

  it(`accepts a body nested ${MAX_DEPTH} levels deep and refuses one more`, async () => {
    // The body is level 1, metadata level 2, its member k level 3: k holds the rest.
    const at = await post('/v1/receipts', `{"amount": 1, "metadata": {"k": ${nestedArrays(MAX_DEPTH - 2)}}}`, {
      'content-type': 'application/json',
    });
    expect(at.statusCode, at.body).toBe(200);
    const over = await post('/v1/receipts', `{"amount": 1, "metadata": {"k": ${nestedArrays(MAX_DEPTH - 1)}}}`, {
      'content-type': 'application/json',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatch(/^metadata\.k(\[0\])+: is nested deeper than 32 levels$/);
  });

  it('refuses an uploaded file over its limit naming the file: product image 5 MB, purchase invoice 20 MB, logo 1 MB', async () => {
    const product = (await post('/v1/products', { name: 'Grande image' })).json();
    const big = (megabytes: number) => Buffer.concat([PNG, Buffer.alloc(megabytes * 1024 * 1024 + 1 - PNG.length)]);
    const image = await post(
      `/v1/productimages/${product.id}`,
      multipart([{ name: 'file', filename: 'big.png', type: 'image/png', content: big(5) }]),
      { 'content-type': MULTIPART },
    );
    expect(image.statusCode).toBe(400);
    expect(image.json().errors).toEqual(['file: the file is larger than 5 MB']);
    const purchase = await post(
      '/v1/purchaseinvoices/file',
      multipart([{ name: 'file', filename: 'big.pdf', type: 'application/pdf', content: big(20) }]),
      { 'content-type': MULTIPART },
    );
    expect(purchase.statusCode).toBe(400);
    expect(purchase.json().errors).toEqual(['file: the file is larger than 20 MB']);
    const logo = await ctx.inject({
      method: 'PUT',
      url: '/v1/settings',
      headers: a.headers,
      payload: { company: { logoUri: `data:image/png;base64,${big(1).toString('base64')}` } },
    });
    expect(logo.statusCode).toBe(400);
    expect(logo.json().errors['company.logoUri'][0]).toMatch(/at most 1048576 \(1 MB\) are accepted/);
  });

  it('pages by at most 100 records', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/v1/customers?PageSize=100', headers: a.headers })).statusCode).toBe(200);
    const over = await ctx.inject({ method: 'GET', url: '/v1/customers?PageSize=101', headers: a.headers });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual({ PageSize: ['must be <= 100'] });
  });
});
