// Renders the sample documents through the API itself: a fresh in-memory SQLite database, the
// sellers' settings, products and customers, then each draft created, finalized and downloaded by
// HTTP requests (app.inject). The PDFs are therefore exactly what a client downloads: composed by
// the sales module, totals by src/domain/totals.ts, CII and PDF by the rendering code.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createAccount } from '../../src/modules/accounts/index.js';
import { SAMPLES, SELLERS, type Payload, type SampleDocument, type SampleSeller } from './fixtures.js';

export interface RenderedSample extends SampleDocument {
  pdf: Buffer;
  /** The number the API gave it at finalization, null for a draft. */
  number: string | null;
}

interface Seller {
  headers: Record<string, string>;
  customers: Map<string, number>;
}

async function call(app: FastifyInstance, headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Payload) {
  const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  if (response.statusCode !== 200) throw new Error(`samples: ${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response;
}

async function setUpSeller(app: FastifyInstance, db: Db, key: keyof typeof SELLERS): Promise<Seller> {
  const fixture: SampleSeller = SELLERS[key];
  const { apiKey } = await createAccount(db, fixture.name);
  const headers = { 'x-api-key': apiKey };
  await call(app, headers, 'PUT', '/v1/settings', fixture.settings);
  for (const product of fixture.products) await call(app, headers, 'POST', '/v1/products', product);
  const customers = new Map<string, number>();
  for (const [name, customer] of Object.entries(fixture.customers)) {
    customers.set(name, (await call(app, headers, 'POST', '/v1/customers', customer)).json<{ id: number }>().id);
  }
  return { headers, customers };
}

/** Every sample of fixtures.ts, in order, as the bytes GET …/download/{id} answers. */
export async function renderSamples(): Promise<RenderedSample[]> {
  const database = { dialect: 'sqlite' as const, file: ':memory:' };
  const db = openDatabase(database);
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(db);
    app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent' }), database }, db);
    const sellers = new Map<string, Seller>();
    const ids = new Map<string, number>();
    const out: RenderedSample[] = [];
    for (const sample of SAMPLES) {
      let seller = sellers.get(sample.seller);
      if (!seller) sellers.set(sample.seller, (seller = await setUpSeller(app, db, sample.seller)));
      const path = { Invoice: '/v1/saleinvoices', Credit: '/v1/salecredits', Quote: '/v1/salequotes' }[sample.kind];
      const input: Payload = { ...sample.input, customerId: seller.customers.get(sample.customer) };
      if (sample.corrects) input.cancelledInvoicetId = ids.get(sample.corrects);
      const id = (await call(app, seller.headers, 'POST', path, input)).json<{ id: number }>().id;
      ids.set(sample.file, id);
      let number: string | null = null;
      if (sample.finalize) {
        // Finalized on its own (past) date: `finalizationDate` unset, no adjustment to today.
        // A quote is issued (numbered) instead.
        const action = sample.kind === 'Quote' ? 'issue' : 'finalize';
        number = (await call(app, seller.headers, 'POST', `${path}/${action}/${id}`)).json<{ number: string }>().number;
      }
      const pdf = (await call(app, seller.headers, 'GET', `${path}/download/${id}`)).rawPayload;
      out.push({ ...sample, pdf, number });
    }
    return out;
  } finally {
    await app?.close();
    await db.close();
  }
}
