// The typed client (clients/typescript) drives a whole invoice flow over real HTTP — settings,
// customer, draft, check, finalize, PDF, payment, cancellation and its credit note — and its
// generated files are those the server's document gives now (drift fails here and in
// `npm run client:check`).
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFacturierClient, type FacturierClient } from '../../clients/typescript/src/index.js';
import { CLIENT_DIR, generatedFiles } from '../../scripts/client/openapi.js';
import { describeEachDb } from '../helpers/harness.js';

describe('clients/typescript', () => {
  it('is generated from the document the server serves now', async () => {
    const files = await generatedFiles();
    for (const [file, contents] of Object.entries(files)) {
      const committed = readFileSync(new URL(file, CLIENT_DIR), 'utf8');
      expect(committed === contents, `clients/typescript/${file} is out of date: run npm run client:generate`).toBe(true);
    }
  }, 60_000);
});

describeEachDb('the typed client', (ctx) => {
  let client: FacturierClient;
  beforeAll(async () => {
    const account = await ctx.newAccount('Atelier Numérique SAS');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    client = createFacturierClient({ baseUrl: `http://127.0.0.1:${port}/`, apiKey: account.apiKey });
  });

  it('runs an invoice from settings to its cancellation', async () => {
    const settings = await client.PUT('/v1/settings', {
      body: {
        company: {
          name: 'Atelier Numérique SAS',
          siret: '12345678200010',
          invoicingAddress: { street: '12 rue de la République', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
        },
        bankDetails: { iban: 'FR7630006000011234567890189' },
      },
    });
    expect(settings.response.status).toBe(200);

    const customer = await client.POST('/v1/customers', {
      body: {
        type: 'Business',
        companyName: 'Boulangerie Dupont SARL',
        billingAddress: { street: '3 place du Marché', zipcode: '75011', city: 'Paris', countryIso: 'FR' },
      },
    });
    expect(customer.error).toBeUndefined();
    const customerId = customer.data!.id;

    const draft = await client.POST('/v1/saleinvoices', {
      body: {
        customerId,
        lines: [{ type: 'Service', description: 'Développement', quantity: 3, taxExcludedPrice: 650, vat: { rate: 20 } }],
      },
    });
    expect(draft.error).toBeUndefined();
    const id = draft.data!.id;
    expect(draft.data!.taxIncludedAmount).toBe(2340);

    const check = await client.POST('/v1/saleinvoices/checkeinvoicing/{id}', { params: { path: { id } } });
    expect(check.response.status).toBe(200);

    const finalized = await client.POST('/v1/saleinvoices/finalize/{id}', { params: { path: { id } } });
    expect(finalized.error).toBeUndefined();
    expect(finalized.data!.number).toMatch(/^F-\d{4}-00001$/);

    const pdf = await client.GET('/v1/saleinvoices/download/{id}', { params: { path: { id } }, parseAs: 'arrayBuffer' });
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(pdf.data!).subarray(0, 5).toString()).toBe('%PDF-');

    const paid = await client.POST('/v1/saleinvoices/markaspaid', { body: { invoiceId: id, amount: 340, paymentMethod: 'Transfer' } });
    expect(paid.error).toBeUndefined();
    expect(paid.data!.balance).toBe(2000);

    const cancelled = await client.POST('/v1/saleinvoices/cancel/{id}', { params: { path: { id } } });
    expect(cancelled.error).toBeUndefined();
    const creditId = cancelled.data!.cancellationCreditId!;
    const credit = await client.GET('/v1/salecredits/{id}', { params: { path: { id: creditId } } });
    expect(credit.data!.balance).toBe(340);

    // Errors are typed too: a ProblemDetails naming the field.
    const invalid = await client.POST('/v1/saleinvoices/markaspaid', { body: { invoiceId: 999999 } });
    expect(invalid.response.status).toBe(404);
    expect(invalid.error).toMatchObject({ status: 404 });
  });
});
