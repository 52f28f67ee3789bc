// What the e-invoicing platform suites run against: the sandbox PA (src/sandbox) listening on
// loopback, and a fetch that records every exchange Facturier's client has with it, so that each
// request and each accepted answer can be checked against the official OpenAPI documents.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildSandbox, type Sandbox } from '../../src/sandbox/server.js';

export interface RecordedExchange {
  method: string;
  url: string;
  requestType: string | null;
  requestBody: unknown;
  status: number;
  responseType: string | null;
  responseBody: unknown;
}

export interface RunningSandbox {
  app: FastifyInstance;
  sandbox: Sandbox;
  url: string;
  flowServiceUrl: string;
  directoryServiceUrl: string;
  exchanges: RecordedExchange[];
  fetch: typeof fetch;
  control(token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export async function startSandbox(): Promise<RunningSandbox> {
  const { app, sandbox } = await buildSandbox();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const exchanges: RecordedExchange[] = [];
  const recording: typeof fetch = async (input, init) => {
    let requestBody: unknown = undefined;
    let requestType: string | null = null;
    if (init?.body instanceof FormData) {
      requestType = 'multipart/form-data';
      const parts: Record<string, unknown> = {};
      for (const [name, value] of init.body.entries()) {
        parts[name] = name === 'file' ? '(binary)' : JSON.parse(typeof value === 'string' ? value : await value.text());
      }
      requestBody = parts;
    } else if (typeof init?.body === 'string') {
      requestType = 'application/json';
      requestBody = JSON.parse(init.body);
    }
    const res = await fetch(input, init);
    const copy = res.clone();
    const responseType = res.headers.get('content-type');
    const text = await copy.text();
    exchanges.push({
      method: init?.method ?? 'GET',
      url: input instanceof Request ? input.url : input.toString(),
      requestType,
      requestBody,
      status: res.status,
      responseType,
      responseBody: responseType?.startsWith('application/json') && text ? JSON.parse(text) : undefined,
    });
    return res;
  };
  return {
    app,
    sandbox,
    url,
    flowServiceUrl: `${url}/flow-service`,
    directoryServiceUrl: `${url}/directory-service`,
    exchanges,
    fetch: recording,
    async control(token, method, path, body) {
      const res = await app.inject({ method, url: path, headers: { authorization: `Bearer ${token}` }, payload: body as object });
      return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : null };
    },
    close: () => app.close(),
  };
}
