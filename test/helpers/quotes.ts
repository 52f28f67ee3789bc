// The quotes suites' client: one account's calls on /v1/salequotes over `ctx.inject`.
import { expect } from 'vitest';
import type { TestAccount, TestContext } from './harness.js';
import type { DocBody } from './sales.js';

export function quotesClient(ctx: TestContext, account: TestAccount) {
  const headers = account.headers;
  const client = {
    create: (payload: object) => ctx.inject({ method: 'POST', url: '/v1/salequotes', headers, payload }),
    get: (id: number | string) => ctx.inject({ method: 'GET', url: `/v1/salequotes/${id}`, headers }),
    put: (id: number, payload: object, extra: Record<string, string> = {}) =>
      ctx.inject({ method: 'PUT', url: `/v1/salequotes/${id}`, headers: { ...headers, ...extra }, payload }),
    del: (id: number, extra: Record<string, string> = {}) =>
      ctx.inject({ method: 'DELETE', url: `/v1/salequotes/${id}`, headers: { ...headers, ...extra } }),
    action: (action: string, id: number, payload?: object) =>
      ctx.inject({ method: 'POST', url: `/v1/salequotes/${action}/${id}`, headers, ...(payload && { payload }) }),
    list: (query = '') => ctx.inject({ method: 'GET', url: `/v1/salequotes${query}`, headers }),
    async draft(payload: object): Promise<DocBody> {
      const res = await client.create(payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async done(action: string, id: number): Promise<DocBody> {
      const res = await client.action(action, id);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
  };
  return client;
}
