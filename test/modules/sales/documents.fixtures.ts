// Shared by the documents, e-invoicing and purchase-invoice HTTP tests: a seller whose settings make
// a complete French B2B invoice, a business customer and lines covering discounts and layout lines.
import { expect } from 'vitest';
import type { TestAccount, TestContext } from '../../helpers/harness.js';

export const SELLER_SETTINGS = {
  company: {
    name: 'Atelier Facturier SAS',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
    legalStatus: 'SAS',
    capital: 10000,
    registrationNumber: 'RCS Paris B 732 829 320',
    invoicingAddress: { street: '12 rue des Lilas', zipcode: '75011', city: 'Paris', countryIso: 'FR' },
  },
  bankDetails: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', accountHolder: 'Atelier Facturier' },
};

export const BUSINESS_CUSTOMER = {
  companyName: 'Boulangerie Dupont',
  billingAddress: { street: '3 place du Marché', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
  companyInformations: { siret: '55210055400013', vatNumber: 'FR96552100554' },
};

export const LINES = [
  { type: 'Service', description: 'Développement web', quantity: 2, taxExcludedPrice: 500, vat: { rate: 20 } },
  {
    type: 'Product',
    description: 'Livre',
    quantity: 3,
    taxExcludedPrice: 19.99,
    vat: { rate: 5.5 },
    discount: { type: 'Percent', value: 10 },
  },
  { type: 'Subtotal' },
  { type: 'Text', description: 'Merci de votre confiance' },
];

/** An account whose settings and customer make a complete French B2B invoice. */
export async function setUpSeller(
  ctx: TestContext,
  settings: object = SELLER_SETTINGS,
): Promise<{ account: TestAccount; customerId: number }> {
  const account = await ctx.newAccount('Atelier Facturier SAS', { sellerIdentity: false });
  const put = await ctx.inject({ method: 'PUT', url: '/v1/settings', headers: account.headers, payload: settings });
  expect(put.statusCode, put.body).toBe(200);
  const c = await ctx.inject({ method: 'POST', url: '/v1/customers', headers: account.headers, payload: BUSINESS_CUSTOMER });
  expect(c.statusCode, c.body).toBe(200);
  return { account, customerId: c.json().id };
}
