import { beforeAll, expect, it } from 'vitest';
import { todayIn } from '../../src/domain/dates.js';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';

const today = todayIn('Europe/Paris');

describeEachDb('sale invoices', (ctx) => {
  let a: TestAccount;
  let customerId: number;
  beforeAll(async () => {
    a = await ctx.newAccount('Atelier SAS');
    const c = await ctx.inject({ method: 'POST', url: '/v1/customers', headers: a.headers, payload: {
      companyName: 'Dupont SARL', billingAddress: { street: '3 place du Marché', zipcode: '75001', city: 'Paris', countryIso: 'FR' },
      companyInformations: { siret: '73282932000074', vatNumber: 'FR44732829320' },
    } });
    expect(c.statusCode).toBe(200);
    customerId = c.json().id;
  });

  const create = (payload: object) => ctx.inject({ method: 'POST', url: '/v1/saleinvoices', headers: a.headers, payload });

  it('creates a draft with exact totals, customer snapshot and no number', async () => {
    const res = await create({
      customerId, date: today,
      lines: [
        { type: 'Product', description: 'Livre', quantity: 3, taxExcludedPrice: 19.99, vat: { rate: 5.5 } },
        { type: 'Service', description: 'Conseil', quantity: 2, taxExcludedPrice: 100, vat: { rate: 20 } },
        { type: 'Subtotal' },
        { type: 'Text', description: 'Merci' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const inv = res.json();
    expect(inv).toMatchObject({
      isDraft: true, number: null, customerName: 'Dupont SARL', customerSiret: '73282932000074', customerVatNumber: 'FR44732829320',
      grossTaxExcludedAmount: 259.97, taxExcludedAmount: 259.97, taxAmount: 43.3, taxIncludedAmount: 303.27, balance: 303.27,
      isPaid: false, isCancelled: false,
    });
    expect(inv.billingAddress.inlineAddress).toBe('3 place du Marché, 75001 Paris, France');
    expect(inv.vats).toEqual([
      { taxExcludedAmount: 200, vat: expect.objectContaining({ rate: 20 }), vatAmount: 40 },
      { taxExcludedAmount: 59.97, vat: expect.objectContaining({ rate: 5.5 }), vatAmount: 3.3 },
    ]);
    expect(inv.lines.map((l: { taxExcludedAmount: number | null }) => l.taxExcludedAmount)).toEqual([59.97, 200, null, null]);
  });

  it('finalizes with a gapless number, then refuses edits', async () => {
    const draft = (await create({ customerId, date: today, lines: [{ description: 'X', quantity: 1, taxExcludedPrice: 10 }] })).json();
    const res = await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${draft.id}`, headers: a.headers });
    expect(res.statusCode).toBe(200);
    const fin = res.json();
    expect(fin.isDraft).toBe(false);
    expect(fin.number).toBe(`F-${today.slice(0, 4)}-00001`);
    const put = await ctx.inject({ method: 'PUT', url: `/v1/saleinvoices/${draft.id}`, headers: a.headers, payload: { customerId } });
    expect(put.statusCode).toBe(400);
    expect(put.json().detail).toMatch(/is finalized and cannot be modified/);
    const del = await ctx.inject({ method: 'DELETE', url: `/v1/saleinvoices/${draft.id}`, headers: a.headers });
    expect(del.statusCode).toBe(400);
    const cancel = await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/cancel/${draft.id}`, headers: a.headers });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ isCancelled: true, cancellationCreditNumber: `AV-${today.slice(0, 4)}-00001`, balance: 0 });
    const credit = await ctx.inject({ method: 'GET', url: `/v1/salecredits/${cancel.json().cancellationCreditId}`, headers: a.headers });
    expect(credit.json()).toMatchObject({ isDraft: false, cancelledInvoicetId: draft.id, cancelledInvoicetNumber: fin.number, taxIncludedAmount: 12 });
  });
});
