// Field names a client chooses (`constructor`, `toString`, `__proto__`, `prototype`) are names like
// any other: a validation error naming one is a 400 that names it, never a 500, and a name that
// is allowed (metadata) is stored as sent.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';

const NAMES = ['constructor', 'toString', '__proto__', 'prototype', 'hasOwnProperty', 'valueOf'];

describeEachDb('field names that are Object.prototype members', (ctx) => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await ctx.newAccount();
  });

  /**
   * A body whose field `name` holds a control character, refused before validation by the input
   * guard with the field's name (JSON text: `__proto__` must be an own key, as a client sends it).
   */
  const bodyNaming = (name: string) => `{${JSON.stringify(name)}: "a\\u0001b"}`;
  const send = (method: 'PUT' | 'POST', url: string, payload: string) =>
    ctx.inject({ method, url, headers: { ...account.headers, 'content-type': 'application/json' }, payload });

  for (const name of NAMES) {
    for (const [method, url] of [
      ['PUT', '/v1/settings'],
      ['POST', '/v1/saleinvoices/markaspaid'],
      ['POST', '/v1/banktransactions/1/match'],
    ] as const) {
      it(`${method} ${url} with a bad value in a field "${name}": 400 naming it (ProblemDetails)`, async () => {
        const res = await send(method, url, bodyNaming(name));
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        const body = res.json<{ status: number; errors: Record<string, string[]> }>();
        expect(body.status).toBe(400);
        expect(Object.hasOwn(body.errors, name)).toBe(true);
        expect(body.errors[name]).toEqual(['must not contain control characters: U+0001 at position 2']);
      });
    }
    it(`a query parameter "${name}" with a control character: 400 naming it`, async () => {
      const res = await ctx.inject({ method: 'GET', url: `/v1/customers?${encodeURIComponent(name)}=a%01`, headers: account.headers });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(name);
    });
  }

  it('metadata keys named __proto__ and constructor are stored and merged as plain keys', async () => {
    const customer = await send('POST', '/v1/customers', JSON.stringify({ companyName: 'Client' }));
    expect(customer.statusCode).toBe(200);
    const created = await send(
      'POST',
      '/v1/saleinvoices',
      `{"customerId": ${String(customer.json<{ id: number }>().id)}, "metadata": {"__proto__": {"polluted": true}, "constructor": "c", "a": 1}}`,
    );
    expect(created.statusCode, created.body).toBe(200);
    const invoice = JSON.parse(created.body) as { id: number; metadata: Record<string, unknown> };
    expect(Object.hasOwn(invoice.metadata, '__proto__')).toBe(true);
    expect(invoice.metadata.constructor).toBe('c');
    const updated = await send('PUT', `/v1/saleinvoices/${String(invoice.id)}`, `{"metadata": {"__proto__": {"other": 2}, "b": 2}}`);
    expect(updated.statusCode, updated.body).toBe(200);
    const after = JSON.parse(updated.body) as { metadata: Record<string, unknown> };
    // Merged as any nested object of a PUT is: the old keys kept, the new ones added.
    expect(JSON.stringify(after.metadata)).toBe('{"__proto__":{"polluted":true,"other":2},"constructor":"c","a":1,"b":2}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
