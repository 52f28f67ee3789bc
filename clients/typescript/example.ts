// A short example: node --import tsx clients/typescript/example.ts (with FACTURIER_URL and
// FACTURIER_KEY set). Creates a customer and a draft invoice, finalizes it and saves its PDF.
import { writeFileSync } from 'node:fs';
import { createFacturierClient } from './src/index.js';

const client = createFacturierClient({
  baseUrl: process.env.FACTURIER_URL ?? 'http://127.0.0.1:8080',
  apiKey: process.env.FACTURIER_KEY ?? '',
});

const customer = await client.POST('/v1/customers', {
  body: { type: 'Business', companyName: 'Boulangerie Dupont SARL', billingAddress: { city: 'Paris', zipcode: '75011', countryIso: 'FR' } },
});
if (customer.error) throw new Error(JSON.stringify(customer.error));

const draft = await client.POST('/v1/saleinvoices', {
  body: {
    customerId: customer.data.id,
    lines: [{ type: 'Service', description: 'Développement', quantity: 3, taxExcludedPrice: 650, vat: { rate: 20 } }],
  },
});
if (draft.error) throw new Error(JSON.stringify(draft.error));

const invoiceId = draft.data.id!;
const finalized = await client.POST('/v1/saleinvoices/finalize/{id}', { params: { path: { id: invoiceId } } });
if (finalized.error) throw new Error(JSON.stringify(finalized.error));
console.log(`Invoice ${finalized.data.number}: ${finalized.data.taxIncludedAmount} € TTC`);

const pdf = await client.GET('/v1/saleinvoices/download/{id}', { params: { path: { id: invoiceId } }, parseAs: 'arrayBuffer' });
if (pdf.data) writeFileSync(`${finalized.data.number}.pdf`, Buffer.from(pdf.data));
