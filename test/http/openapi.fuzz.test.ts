// Schema-driven fuzzing: every operation of the OpenAPI document, every path and query parameter
// and every field of every JSON body, replaced one at a time by hostile values of its type (see
// test/helpers/fuzz.ts), plus hostile whole bodies and multipart file names. The one assertion:
// no answer is a 5xx, on SQLite and on PostgreSQL alike. Run time is bounded by sampling: each
// body field gets the values that broke things before (NUL, controls, huge, wrong type) and a few
// others in rotation, so that every value meets many fields across the run.
import { readFileSync } from 'node:fs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import {
  bodyWith,
  bodyWithName,
  HOSTILE_CONTAINERS,
  HOSTILE_URL_VALUES,
  hostileFor,
  leaves,
  pick,
  PROTOTYPE_NAME_VALUES,
  PROTOTYPE_NAMES,
  type OpenApiDocument,
  type Operation,
} from '../helpers/fuzz.js';
import { multipart, MULTIPART } from '../helpers/multipart.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const UBL = readFileSync(new URL('../fixtures/einvoicing/ubl-invoice.xml', import.meta.url));

interface Case {
  what: string;
  request: InjectOptions;
}

interface Failure {
  what: string;
  status: number;
  body: string;
}

interface Outcome {
  failures: Failure[];
  /** How many answers of each status class ("2xx", "4xx"…), and of 401 and 429 apart. */
  tally: Record<string, number>;
}

/**
 * Runs the cases a few at a time (as concurrent clients would) and answers those that got a 5xx,
 * with a tally of the statuses: a run where everything was refused early (401, 429) would pass
 * without having tested anything.
 */
async function run(send: (r: InjectOptions) => Promise<LightMyRequestResponse>, cases: Case[]): Promise<Outcome> {
  const failures: Failure[] = [];
  const tally: Record<string, number> = {};
  const concurrency = 8;
  for (let i = 0; i < cases.length; i += concurrency) {
    await Promise.all(
      cases.slice(i, i + concurrency).map(async (c) => {
        const res = await send(c.request);
        if (res.statusCode >= 500) failures.push({ what: c.what, status: res.statusCode, body: res.body.slice(0, 300) });
        const key = res.statusCode === 401 || res.statusCode === 429 ? String(res.statusCode) : `${String(res.statusCode).charAt(0)}xx`;
        tally[key] = (tally[key] ?? 0) + 1;
      }),
    );
  }
  return { failures, tally };
}

/** No 5xx, and most cases reached validation or the handler (not stopped by authentication). */
function expectSurvived(outcome: Outcome, expectedCases: number): void {
  expect(outcome.failures).toEqual([]);
  expect(outcome.tally['429'] ?? 0).toBe(0);
  expect(outcome.tally['401'] ?? 0).toBeLessThan(expectedCases / 20);
  expect(outcome.tally['2xx'] ?? 0).toBeGreaterThan(0);
}

describeEachDb('every route survives hostile input (no 5xx)', (ctx) => {
  let account: TestAccount;
  let doc: OpenApiDocument;
  /** A valid value for each path parameter, by operation path. */
  const pathValues = new Map<string, Record<string, string>>();
  /** A valid body for each operation that takes one, by "METHOD path". */
  const bodies = new Map<string, unknown>();

  const send = (r: InjectOptions) => ctx.app.inject(r);
  const call = async (method: InjectOptions['method'], url: string, payload?: unknown) => {
    const res = await ctx.inject({
      method,
      url,
      headers: account.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(res.statusCode, `${String(method)} ${url}: ${res.body}`).toBe(200);
    return res.json<Record<string, unknown> & { id: number }>();
  };

  beforeAll(async () => {
    account = await ctx.newAccount('Fuzz SARL');
    doc = ctx.app.swagger() as unknown as OpenApiDocument;
    const customer = await call('POST', '/v1/customers', { companyName: 'Client fuzz', internalId: 'C-FUZZ', email: 'fuzz@example.fr' });
    const supplier = await call('POST', '/v1/suppliers', { name: 'Fournisseur fuzz', internalId: 'S-FUZZ' });
    const colleague = await call('POST', '/v1/colleagues', { lastName: 'Collègue', internalId: 'COL-FUZZ' });
    const contact = await call('POST', '/v1/contacts', { lastName: 'Contact', customerId: customer.id });
    const product = await call('POST', '/v1/products', { name: 'Produit fuzz', unitPrice: 10, vat: { rate: 20 } });
    const customerFamily = await call('POST', '/v1/customerfamilies', { label: 'Famille clients' });
    const productFamily = await call('POST', '/v1/productfamilies', { label: 'Famille produits' });
    const line = { type: 'Product', productId: product.id, quantity: 2, taxExcludedPrice: 10, vat: { rate: 20 }, description: 'Ligne' };
    const invoiceBody = { customerId: customer.id, lines: [line], metadata: { source: 'fuzz' } };
    const draft = await call('POST', '/v1/saleinvoices', invoiceBody);
    const toFinalize = await call('POST', '/v1/saleinvoices', invoiceBody);
    const finalized = await call('POST', '/v1/saleinvoices', invoiceBody);
    await call('POST', `/v1/saleinvoices/finalize/${finalized.id}`);
    const toCancel = await call('POST', '/v1/saleinvoices', invoiceBody);
    await call('POST', `/v1/saleinvoices/finalize/${toCancel.id}`);
    const creditDraft = await call('POST', '/v1/salecredits', invoiceBody);
    const credit = await call('POST', '/v1/salecredits', invoiceBody);
    await call('POST', `/v1/salecredits/finalize/${credit.id}`);
    const receipt = await call('POST', '/v1/receipts', { amount: 5, customerId: customer.id });
    const withImage = await call('POST', '/v1/products', { name: 'Produit image' });
    const imaged = await ctx.inject({
      method: 'POST',
      url: `/v1/productimages/${withImage.id}`,
      headers: { ...account.headers, 'content-type': MULTIPART },
      payload: multipart([{ name: 'file', filename: 'p.png', type: 'image/png', content: PNG }]),
    });
    expect(imaged.statusCode, imaged.body).toBe(200);
    const imageToken = String(imaged.json().imageUrl).split('/').pop()!;
    const purchase = await ctx.inject({
      method: 'POST',
      url: '/v1/purchaseinvoices/file',
      headers: { ...account.headers, 'content-type': MULTIPART },
      payload: multipart([{ name: 'file', filename: 'f.xml', type: 'application/xml', content: UBL }]),
    });
    expect(purchase.statusCode, purchase.body).toBe(200);

    const id = (value: number) => ({ id: String(value) });
    const byPath: Record<string, Record<string, string>> = {
      '/v1/customers/{id}': id(customer.id),
      '/v1/customers/{id}/contacts': id(customer.id),
      '/v1/customers/getbyinternalid/{internalId}': { internalId: 'C-FUZZ' },
      '/v1/suppliers/{id}': id(supplier.id),
      '/v1/suppliers/{id}/contacts': id(supplier.id),
      '/v1/suppliers/getbyinternalid/{internalId}': { internalId: 'S-FUZZ' },
      '/v1/colleagues/{id}': id(colleague.id),
      '/v1/colleagues/getbyinternalid/{internalId}': { internalId: 'COL-FUZZ' },
      '/v1/contacts/{id}': id(contact.id),
      '/v1/products/{id}': id(product.id),
      '/v1/customerfamilies/{id}': id(customerFamily.id),
      '/v1/productfamilies/{id}': id(productFamily.id),
      '/v1/productimages/{productId}': { productId: String(withImage.id) },
      '/v1/productimages/{id}': id(withImage.id),
      '/v1/productimages/{productId}/content/{token}': { productId: String(withImage.id), token: imageToken },
      '/v1/settings/logo/{token}': { token: 'no-such-token' },
      '/v1/saleinvoices/{id}': id(draft.id),
      '/v1/saleinvoices/finalize/{id}': id(toFinalize.id),
      '/v1/saleinvoices/cancel/{id}': id(toCancel.id),
      '/v1/saleinvoices/download/{id}': id(finalized.id),
      '/v1/saleinvoices/checkeinvoicing/{id}': id(draft.id),
      '/v1/salecredits/{id}': id(creditDraft.id),
      '/v1/salecredits/finalize/{id}': id(creditDraft.id),
      '/v1/salecredits/download/{id}': id(credit.id),
      '/v1/salecredits/checkeinvoicing/{id}': id(creditDraft.id),
      '/v1/purchaseinvoices/download/{id}': id(purchase.json().id as number),
      '/v1/receipts/{id}': id(receipt.id),
    };
    for (const [path, values] of Object.entries(byPath)) pathValues.set(path, values);
    bodies.set('POST /v1/customers', { companyName: 'Client', billingAddress: { countryIso: 'FR' } });
    bodies.set('PUT /v1/customers/{id}', { companyName: 'Client fuzz', internalId: 'C-FUZZ' });
    bodies.set('POST /v1/customerfamilies', { label: 'Famille' });
    bodies.set('POST /v1/productfamilies', { label: 'Famille' });
    bodies.set('POST /v1/products', { name: 'Produit', unitPrice: 10, vat: { rate: 20 } });
    bodies.set('PUT /v1/products/{id}', { name: 'Produit fuzz', unitPrice: 10, vat: { rate: 20 } });
    bodies.set('POST /v1/suppliers', { name: 'Fournisseur' });
    bodies.set('PUT /v1/suppliers/{id}', { name: 'Fournisseur fuzz', internalId: 'S-FUZZ' });
    bodies.set('POST /v1/colleagues', { lastName: 'Collègue' });
    bodies.set('PUT /v1/colleagues/{id}', { lastName: 'Collègue', internalId: 'COL-FUZZ' });
    bodies.set('POST /v1/contacts', { lastName: 'Contact', customerId: customer.id });
    bodies.set('PUT /v1/contacts/{id}', { lastName: 'Contact', customerId: customer.id });
    for (const key of ['POST /v1/saleinvoices', 'PUT /v1/saleinvoices/{id}', 'POST /v1/salecredits', 'PUT /v1/salecredits/{id}']) {
      bodies.set(key, invoiceBody);
    }
    bodies.set('POST /v1/receipts', { amount: 1, customerId: customer.id });
    bodies.set('PUT /v1/receipts/{id}', { amount: 5, customerId: customer.id });
    bodies.set('POST /v1/saleinvoices/markaspaid', { invoiceId: finalized.id, amount: 0.01 });
    bodies.set('POST /v1/salecredits/markasrefunded', { creditId: credit.id, amount: 0.01 });
    bodies.set('PUT /v1/settings', {});
  }, 60_000);

  /** Every operation, deletions last (they remove the records the others use). */
  function operations(): { method: string; path: string; op: Operation }[] {
    const all = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    return [...all.filter((o) => o.method !== 'DELETE'), ...all.filter((o) => o.method === 'DELETE')];
  }

  function url(path: string, params: Record<string, string>, query = ''): string {
    const values = pathValues.get(path) ?? {};
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? values[name] ?? '1');
    return query ? `${filled}?${query}` : filled;
  }

  const headers = () => account.headers;

  it('survives hostile path and query parameters', async () => {
    const cases: Case[] = [];
    for (const { method, path, op } of operations()) {
      const isJson = Boolean(op.requestBody);
      const body = bodies.get(`${method} ${path}`);
      const base = { method: method as InjectOptions['method'], headers: headers(), ...(isJson ? { payload: body as object } : {}) };
      for (const p of op.parameters ?? []) {
        for (const h of HOSTILE_URL_VALUES) {
          const what = `${method} ${path} ${p.in} ${p.name} = ${h.label}`;
          if (p.in === 'path') cases.push({ what, request: { ...base, url: url(path, { [p.name]: String(h.value) }) } });
          if (p.in === 'query') cases.push({ what, request: { ...base, url: url(path, {}, `${p.name}=${String(h.value)}`) } });
        }
        if (p.in === 'query') {
          for (const name of PROTOTYPE_NAMES) {
            for (const value of ['a%01b', '1', '']) {
              cases.push({
                what: `${method} ${path} query ${name}=${value} beside ${p.name}`,
                request: { ...base, url: url(path, {}, `${p.name}=1&${encodeURIComponent(name)}=${value}`) },
              });
            }
          }
          cases.push({
            what: `${method} ${path} query ${p.name} repeated`,
            request: { ...base, url: url(path, {}, `${p.name}=1&${p.name.toLowerCase()}=2`) },
          });
        }
      }
    }
    expectSurvived(await run(send, cases), cases.length);
  }, 120_000);

  it('survives hostile API keys (from another address: failures are throttled)', async () => {
    const cases: Case[] = [];
    const keys = ['fk_%00', 'k'.repeat(4000), '%FF%FE', 'fk_%0D%0A', encodeURIComponent('fk_💶')];
    let address = 0;
    for (const { method, path } of operations()) {
      for (const key of keys) {
        for (const name of ['apikey', 'api%6Bey', 'APIKEY']) {
          address += 1;
          cases.push({
            what: `${method} ${path} ${name}=${key.slice(0, 20)}`,
            request: {
              method,
              url: url(path, {}, `${name}=${key}`),
              remoteAddress: `10.9.${String(address >> 8)}.${String(address & 255)}`,
            },
          });
        }
      }
    }
    const outcome = await run(send, cases);
    expect(outcome.failures).toEqual([]);
  }, 120_000);

  it('survives hostile values in every field of every JSON body', async () => {
    const cases: Case[] = [];
    let seed = 0;
    for (const { method, path, op } of operations()) {
      const schema = op.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      const base = bodies.get(`${method} ${path}`) ?? {};
      const target = {
        method: method as InjectOptions['method'],
        url: url(path, {}),
        headers: { ...headers(), 'content-type': 'application/json' },
      };
      for (const leaf of leaves(doc, schema)) {
        // The first two values of the field's type (NUL and C0 controls for text: what must be
        // refused everywhere), then two more in rotation, so each value meets many fields.
        for (const h of pick(hostileFor(leaf.schema), seed++, 2, 4)) {
          cases.push({
            what: `${method} ${path} ${leaf.path.join('.')} = ${h.label}`,
            request: { ...target, payload: bodyWith(base, leaf.path, h) },
          });
        }
      }
      // Extra fields named like Object.prototype's members, in the body and in each of its objects.
      const objects = [
        [],
        ...leaves(doc, schema)
          .filter((l) => l.schema.type === 'object')
          .map((l) => l.path),
      ];
      for (const at of objects) {
        for (const name of PROTOTYPE_NAMES) {
          for (const h of PROTOTYPE_NAME_VALUES) {
            cases.push({
              what: `${method} ${path} ${[...at, name].join('.')} = ${h.label}`,
              request: { ...target, payload: bodyWithName(base, at, name, h) },
            });
          }
        }
      }
      for (const h of HOSTILE_CONTAINERS)
        cases.push({ what: `${method} ${path} body = ${h.label}`, request: { ...target, payload: h.raw ?? JSON.stringify(h.value) } });
      for (const [label, text] of [
        ['deep nesting 100,000', `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
        ['invalid JSON', '{"a": '],
        ['NUL escape in a key', '{"\\u0000": 1}'],
        ['null', 'null'],
      ]) {
        cases.push({ what: `${method} ${path} body = ${label}`, request: { ...target, payload: text } });
      }
    }
    expectSurvived(await run(send, cases), cases.length);
  }, 180_000);

  it('survives hostile multipart uploads', async () => {
    const names = ['a\u0000b.xml', 'evil\u001b.xml', '\u202efdp.xml', 'é'.repeat(300), '../../etc/passwd', '"quoted".xml', ''];
    const cases: Case[] = [];
    for (const [path, content, type] of [
      [url('/v1/productimages/{productId}', {}), PNG, 'image/png'],
      ['/v1/purchaseinvoices/file', UBL, 'application/xml'],
    ] as const) {
      for (const filename of names) {
        cases.push({
          what: `POST ${path} filename ${JSON.stringify(filename)}`,
          request: {
            method: 'POST',
            url: path,
            headers: { ...headers(), 'content-type': MULTIPART },
            payload: multipart([{ name: 'file', filename, type, content }]),
          },
        });
      }
      for (const name of PROTOTYPE_NAMES) {
        cases.push({
          what: `POST ${path} part named ${name}`,
          request: {
            method: 'POST',
            url: path,
            headers: { ...headers(), 'content-type': MULTIPART },
            payload: multipart([
              { name, content: 'a\u0001b' },
              { name: 'file', filename: 'a.xml', type, content },
            ]),
          },
        });
      }
      cases.push({
        what: `POST ${path} field name with NUL`,
        request: {
          method: 'POST',
          url: path,
          headers: { ...headers(), 'content-type': MULTIPART },
          payload: multipart([{ name: 'fi\u0000le', filename: 'a.xml', type, content }]),
        },
      });
      cases.push({
        what: `POST ${path} deep JSON instead of multipart`,
        request: {
          method: 'POST',
          url: path,
          headers: { ...headers(), 'content-type': 'application/json' },
          payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
        },
      });
    }
    expectSurvived(await run(send, cases), cases.length);
    // A purchase created under an odd but allowed name downloads (its header is built safely).
    for (const filename of ['"quoted".xml', '../../etc/passwd', 'é'.repeat(300)]) {
      const created = await ctx.inject({
        method: 'POST',
        url: '/v1/purchaseinvoices/file',
        headers: { ...headers(), 'content-type': MULTIPART },
        payload: multipart([{ name: 'file', filename, type: 'application/xml', content: UBL }]),
      });
      expect(created.statusCode, created.body).toBe(200);
      const download = await ctx.inject({
        method: 'GET',
        url: `/v1/purchaseinvoices/download/${String(created.json().id)}`,
        headers: headers(),
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(UBL)).toBe(true);
    }
  }, 60_000);
});
