// The OpenAPI document as a generator and a person use it (docs/openapi.md): Redocly's recommended
// rules pass with no error and only the warnings listed below, every operation is described, enums
// are enums, every error status is documented with the media type the server sends, public routes
// need no key, `servers` follows PUBLIC_URL, and /docs reads /openapi.json.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_DOCS } from '../../src/http/openapi-docs.js';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The warnings Redocly's recommended rules still give, each with its reason. Anything else (any
 * error, any other warning) fails the test.
 */
const ACCEPTED_WARNINGS: { rule: string; pointer: string; reason: string }[] = [
  { rule: 'info-license', pointer: '#/info', reason: 'Facturier has no public licence (package.json: UNLICENSED); none is claimed' },
  {
    rule: 'no-ambiguous-paths',
    pointer: '#/paths/~1v1~1customers~1{id}~1contacts',
    reason: 'Altoviz surface: /v1/customers/getbyinternalid/{internalId} and /v1/customers/{id}/contacts; the literal segment decides',
  },
  {
    rule: 'no-ambiguous-paths',
    pointer: '#/paths/~1v1~1suppliers~1{id}~1contacts',
    reason: 'Altoviz surface: /v1/suppliers/getbyinternalid/{internalId} and /v1/suppliers/{id}/contacts; the literal segment decides',
  },
  { rule: 'operation-4xx-response', pointer: '#/paths/~1healthz/get/responses', reason: 'a liveness probe has no client error' },
  {
    rule: 'operation-4xx-response',
    pointer: '#/paths/~1readyz/get/responses',
    reason: 'a readiness probe has no client error (503 when not ready)',
  },
];

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operations(doc: Json): { key: string; path: string; method: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
    Object.entries(ops as Json)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op: op as Json })),
  );
}

describeEachDb(
  'OpenAPI document',
  (ctx) => {
    let doc: Json;
    let account: TestAccount;
    beforeAll(async () => {
      const res = await ctx.inject({ method: 'GET', url: '/openapi.json' });
      expect(res.statusCode).toBe(200);
      doc = res.json();
      account = await ctx.newAccount();
    });

    it("passes Redocly's recommended rules: no error, only the listed warnings", async () => {
      const config = await createConfig({ extends: ['recommended'] });
      const results = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
      const found = results.map((r) => ({
        severity: r.severity,
        rule: r.ruleId,
        pointer: r.location[0]?.pointer ?? '',
        message: r.message,
      }));
      expect(found.filter((r) => r.severity === 'error')).toEqual([]);
      const unexpected = found.filter((r) => !ACCEPTED_WARNINGS.some((w) => w.rule === r.rule && w.pointer === r.pointer));
      expect(unexpected).toEqual([]);
      expect(found.map((r) => `${r.rule} ${r.pointer}`).sort()).toEqual(ACCEPTED_WARNINGS.map((w) => `${w.rule} ${w.pointer}`).sort());
    });

    it('describes every operation (src/http/openapi-docs.ts) and names every response', () => {
      const ops = operations(doc);
      expect(ops.length).toBeGreaterThan(80);
      const undocumented = ops.filter(({ key }) => !OPERATION_DOCS[key]).map(({ key }) => key);
      expect(undocumented, 'add these to OPERATION_DOCS in src/http/openapi-docs.ts').toEqual([]);
      const stale = Object.keys(OPERATION_DOCS).filter((key) => !ops.some((o) => o.key === key));
      expect(stale, 'OPERATION_DOCS entries without a route').toEqual([]);
      for (const { key, op } of ops) {
        expect(op.description, key).toEqual(expect.any(String));
        for (const [status, response] of Object.entries(op.responses as Json)) {
          expect((response as Json).description, `${key} ${status}`).not.toBe('Default Response');
        }
        const json = op.requestBody?.content?.['application/json'];
        if (json) expect(json.example, `${key}: request example`).toEqual(expect.any(Object));
      }
      expect(new Set(ops.map(({ op }) => op.operationId)).size).toBe(ops.length);
    });

    it('declares enums as enums, with null when the field may be null', () => {
      const post = doc.paths['/v1/customers'].post.requestBody.content['application/json'];
      expect(post.schema.properties.type).toMatchObject({ type: ['string', 'null'], enum: ['Business', 'Consumer', 'Government', null] });
      expect(post.example.type).toBe('Business');
      const line = doc.paths['/v1/saleinvoices'].post.requestBody.content['application/json'].schema.properties.lines;
      const item = (line.items ?? line.anyOf?.find((b: Json) => b.items)?.items) as Json;
      expect(item.properties.type.enum).toEqual(expect.arrayContaining(['Product', 'Service', 'Text']));
      expect(JSON.stringify(doc)).not.toContain('"const"');
    });

    it('documents every error status with the media type the server sends', async () => {
      const create = doc.paths['/v1/customers'].post.responses;
      for (const status of ['400', '413', '415']) expect(Object.keys(create[status].content), status).toEqual(['application/json']);
      for (const status of ['401', '429']) expect(Object.keys(create[status].content), status).toEqual(['application/problem+json']);
      const get = doc.paths['/v1/customers/{id}'].get.responses;
      expect(Object.keys(get['404'].content)).toEqual(['application/problem+json']);
      expect(Object.keys(doc.paths['/v1/saleinvoices/download/{id}'].get.responses['404'].content)).toEqual(['application/problem+json']);
      expect(create['429'].headers['Retry-After']).toBeDefined();

      // And the server sends what the document says.
      const unauthenticated = await ctx.inject({ method: 'POST', url: '/v1/customers', payload: {} });
      expect(unauthenticated.statusCode).toBe(401);
      expect(unauthenticated.headers['content-type']).toMatch(/^application\/problem\+json/);
      const invalid = await ctx.inject({ method: 'POST', url: '/v1/customers', headers: account.headers, payload: { type: 'Nobody' } });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.headers['content-type']).toMatch(/^application\/json/);
      const unsupported = await ctx.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: { ...account.headers, 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(unsupported.statusCode).toBe(415);
      expect(unsupported.headers['content-type']).toMatch(/^application\/json/);
      const missing = await ctx.inject({ method: 'GET', url: '/v1/customers/999999', headers: account.headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    });

    it('declares the Idempotency-Key header on every authenticated write, with its 422 in the body the route sends', async () => {
      const writes = Object.entries(
        doc.paths as Record<string, Record<string, { parameters?: { in: string; name: string }[]; security?: unknown[] }>>,
      )
        .filter(([path]) => path.startsWith('/v1/'))
        .flatMap(([path, ops]) =>
          Object.entries(ops)
            .filter(([method, op]) => ['post', 'put', 'delete'].includes(method) && !(op.security && op.security.length === 0))
            .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
        );
      expect(writes.length).toBeGreaterThan(70);
      const without = writes.filter(({ op }) => !op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'));
      expect(without.map((w) => w.key)).toEqual([]);
      expect(doc.paths['/v1/saleinvoices/finalize/{id}'].post.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false })]),
      );
      expect(doc.paths['/v1/customers'].get.parameters?.some((p: { name: string }) => p.name === 'Idempotency-Key') ?? false).toBe(false);
      // The customers routes answer Error bodies: so does their 422.
      const customers422 = doc.paths['/v1/customers'].post.responses['422'];
      expect(Object.keys(customers422.content)).toEqual(['application/json']);
      const headers = { ...account.headers, 'idempotency-key': 'openapi-doc-1' };
      expect((await ctx.inject({ method: 'POST', url: '/v1/customers', headers, payload: { companyName: 'Un' } })).statusCode).toBe(200);
      const reused = await ctx.inject({ method: 'POST', url: '/v1/customers', headers, payload: { companyName: 'Deux' } });
      expect(reused.statusCode).toBe(422);
      expect(reused.headers['content-type']).toMatch(/^application\/json/);
    });

    it('documents the health routes and the public image routes without security', () => {
      expect(doc.paths['/healthz'].get.security).toEqual([]);
      expect(doc.paths['/readyz'].get.security).toEqual([]);
      expect(doc.paths['/readyz'].get.responses['503'].content['application/json'].schema.properties.status).toBeDefined();
      expect(doc.paths['/v1/settings/logo/{token}'].get.security).toEqual([]);
      expect(doc.paths['/v1/productimages/{productId}/content/{token}'].get.security).toEqual([]);
      expect(Object.keys(doc.paths['/v1/productimages/{productId}/content/{token}'].get.responses['200'].content)).toContain('image/png');
      expect(doc.paths['/v1/customers'].get.security).toBeUndefined();
      expect(doc.security).toEqual(expect.arrayContaining([{ ApiKey: [] }]));
      expect(doc.paths['/v1/purchaseinvoices/file'].post.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    });

    it('lists a described tag for every tag used, and a relative server without PUBLIC_URL', () => {
      const used = new Set(operations(doc).flatMap(({ op }) => op.tags as string[]));
      expect(new Set((doc.tags as Json[]).map((t) => t.name))).toEqual(used);
      for (const tag of doc.tags as Json[]) expect(tag.description, tag.name).not.toBe(tag.name);
      expect(doc.servers).toEqual([{ url: '/', description: 'This server' }]);
    });

    it('serves /docs branded for Facturier, reading /openapi.json', async () => {
      const page = await ctx.inject({ method: 'GET', url: '/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Facturier API</title>');
      const json = await ctx.inject({ method: 'GET', url: '/docs/json' });
      expect(json.statusCode).toBe(302);
      expect(json.headers.location).toBe('../openapi.json');
    });
  },
  {},
);

describeEachDb(
  'OpenAPI document with PUBLIC_URL',
  (ctx) => {
    it('names PUBLIC_URL as the server', async () => {
      const doc = (await ctx.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(doc.servers).toEqual([{ url: 'https://factures.example.fr', description: 'This server (PUBLIC_URL)' }]);
    });
  },
  { PUBLIC_URL: 'https://factures.example.fr/' },
);

describe('the accepted warnings', () => {
  it('each have a reason', () => {
    for (const w of ACCEPTED_WARNINGS) expect(w.reason.length).toBeGreaterThan(10);
  });
});
