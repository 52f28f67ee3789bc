// Shared helpers of the sale document suites: one small client per account over `ctx.inject`,
// customers and products created through the API, and row counts to prove nothing was written.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestAccount, TestContext } from './harness.js';

export type Kind = 'Invoice' | 'Credit';
export const PATH: Record<Kind, string> = { Invoice: '/v1/saleinvoices', Credit: '/v1/salecredits' };

export interface SalesClient {
  create(kind: Kind, payload: object): Promise<LightMyRequestResponse>;
  get(kind: Kind, id: number | string): Promise<LightMyRequestResponse>;
  put(kind: Kind, id: number | string, payload: object): Promise<LightMyRequestResponse>;
  del(kind: Kind, id: number | string): Promise<LightMyRequestResponse>;
  finalize(kind: Kind, id: number | string, query?: Record<string, string>): Promise<LightMyRequestResponse>;
  cancel(id: number | string): Promise<LightMyRequestResponse>;
  list(kind: Kind, query?: Record<string, string | number>): Promise<LightMyRequestResponse>;
  /** Creates a draft and answers its body, failing the test unless it is a 200. */
  draft(kind: Kind, payload: object): Promise<DocBody>;
  /** Creates and finalizes a document, failing the test unless both answer 200. */
  finalized(kind: Kind, payload: object, query?: Record<string, string>): Promise<DocBody>;
  customer(payload?: object): Promise<number>;
  product(payload: object): Promise<{ id: number; number: string }>;
  settings(payload: object): Promise<void>;
}

// Response bodies are checked field by field; the loose type keeps the assertions short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DocBody = Record<string, any>;

function qs(query?: Record<string, string | number>): string {
  if (!query || Object.keys(query).length === 0) return '';
  return `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}

/** One line priced 10.00 excl. at 20 %: a document that can always be finalized. */
export const simpleLine = (price = 10) => ({
  type: 'Product',
  description: 'Article',
  quantity: 1,
  taxExcludedPrice: price,
  vat: { rate: 20 },
});

/** What a credit note corrects when a test names nothing: an invoice issued elsewhere (BT-25/BT-26). */
export const EXTERNAL_CORRECTED_INVOICE = { correctedInvoiceNumber: 'EXT-2026-001', correctedInvoiceDate: '2026-01-05' };

/**
 * A credit note must name the invoice it corrects to be finalized (BR-FR-CO-05): one created by
 * this client without cancelledInvoicetId or correctedInvoiceNumber names EXTERNAL_CORRECTED_INVOICE.
 * Tests of that rule post their bodies with `ctx.inject` directly.
 */
function withCorrectedInvoice(kind: Kind, payload: object): object {
  if (kind !== 'Credit') return payload;
  const p = payload as Record<string, unknown>;
  if (p.cancelledInvoicetId != null || p.correctedInvoiceNumber != null) return payload;
  return { ...EXTERNAL_CORRECTED_INVOICE, ...payload };
}

export function salesClient(ctx: TestContext, account: TestAccount): SalesClient {
  const headers = account.headers;
  const client: SalesClient = {
    create: (kind, payload) => ctx.inject({ method: 'POST', url: PATH[kind], headers, payload: withCorrectedInvoice(kind, payload) }),
    get: (kind, id) => ctx.inject({ method: 'GET', url: `${PATH[kind]}/${id}`, headers }),
    put: (kind, id, payload) => ctx.inject({ method: 'PUT', url: `${PATH[kind]}/${id}`, headers, payload }),
    del: (kind, id) => ctx.inject({ method: 'DELETE', url: `${PATH[kind]}/${id}`, headers }),
    finalize: (kind, id, query) => ctx.inject({ method: 'POST', url: `${PATH[kind]}/finalize/${id}${qs(query)}`, headers }),
    cancel: (id) => ctx.inject({ method: 'POST', url: `/v1/saleinvoices/cancel/${id}`, headers }),
    list: (kind, query) => ctx.inject({ method: 'GET', url: `${PATH[kind]}${qs(query)}`, headers }),
    async draft(kind, payload) {
      const res = await client.create(kind, payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async finalized(kind, payload, query) {
      const draft = await client.draft(kind, payload);
      const res = await client.finalize(kind, draft.id, query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async customer(payload = {}) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/customers',
        headers,
        payload: {
          companyName: 'Dupont SARL',
          billingAddress: { street: '3 place du Marché', zipcode: '75001', city: 'Paris', countryIso: 'FR' },
          ...payload,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id;
    },
    async product(payload) {
      const res = await ctx.inject({ method: 'POST', url: '/v1/products', headers, payload });
      expect(res.statusCode, res.body).toBe(200);
      return { id: res.json().id, number: res.json().number };
    },
    async settings(payload) {
      const res = await ctx.inject({ method: 'PUT', url: '/v1/settings', headers, payload });
      expect(res.statusCode, res.body).toBe(200);
    },
  };
  return client;
}

/** Rows an account has in every table a sale document use case writes to. */
export async function rowCounts(ctx: TestContext, accountId: number) {
  const count = async (table: 'saleDocuments' | 'documentSequences' | 'documentHeads' | 'outbox') => {
    const row = await ctx.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('accountId', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    documents: await count('saleDocuments'),
    sequences: await count('documentSequences'),
    heads: await count('documentHeads'),
    outbox: await count('outbox'),
  };
}

/** A ProblemDetails body (RFC 9457) with the given status. */
export function expectProblem(res: LightMyRequestResponse, status: number): DocBody {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String), instance: expect.any(String) });
  expect(body.type).toMatch(/^https:\/\//);
  return body;
}

/** An Error body (`{message, errors}`) with the given status. */
export function expectError(res: LightMyRequestResponse, status: number): DocBody {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['errors', 'message']);
  expect(body.message).toEqual(expect.any(String));
  expect(body.errors).toEqual(expect.any(Array));
  return body;
}
