// A typed client of the Facturier API: openapi-fetch over the types openapi-typescript generated
// from the server's /openapi.json (src/schema.d.ts). Paths, parameters, bodies and answers are
// checked by the compiler; enums are unions ('Business' | 'Consumer' | …).
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths };
export type Schemas = components['schemas'];
export type FacturierClient = Client<paths>;

export interface FacturierClientOptions {
  /** The server, e.g. https://invoices.example.fr (its PUBLIC_URL) or http://127.0.0.1:8080. */
  baseUrl: string;
  /** An API key (fk_…), sent in the x-api-key header. */
  apiKey: string;
  /** A fetch of your own (tests, proxies); the global fetch by default. */
  fetch?: typeof globalThis.fetch;
}

export function createFacturierClient(options: FacturierClientOptions): FacturierClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/$/, ''), ...(options.fetch ? { fetch: options.fetch } : {}) });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('x-api-key', options.apiKey);
      return request;
    },
  };
  client.use(auth);
  return client;
}
