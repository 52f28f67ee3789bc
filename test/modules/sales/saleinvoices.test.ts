import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { expectError, expectProblem, rowCounts, salesClient, simpleLine, type DocBody, type SalesClient } from '../../helpers/sales.js';

const today = todayIn('Europe/Paris');

describeEachDb('sale invoices', (ctx) => {
  let a: TestAccount;
  let customerId: number;
  beforeAll(async () => {
    a = await ctx.newAccount('Atelier SAS');
    const c = await ctx.inject({
      method: 'POST',
      url: '/v1/customers',
      headers: a.headers,
      payload: {
        companyName: 'Dupont SARL',
        billingAddress: { street: '3 place du Marché', zipcode: '75001', city: 'Paris', countryIso: 'FR' },
        companyInformations: { siret: '73282932000074', vatNumber: 'FR44732829320' },
      },
    });
    expect(c.statusCode).toBe(200);
    customerId = c.json().id;
  });

  const create = (payload: object) => ctx.inject({ method: 'POST', url: '/v1/saleinvoices', headers: a.headers, payload });

  it('creates a draft with exact totals, customer snapshot and no number', async () => {
    const res = await create({
      customerId,
      date: today,
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
      isDraft: true,
      number: null,
      customerName: 'Dupont SARL',
      customerSiret: '73282932000074',
      customerVatNumber: 'FR44732829320',
      grossTaxExcludedAmount: 259.97,
      taxExcludedAmount: 259.97,
      taxAmount: 43.3,
      taxIncludedAmount: 303.27,
      balance: 303.27,
      isPaid: false,
      isCancelled: false,
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
    expect(credit.json()).toMatchObject({
      isDraft: false,
      cancelledInvoicetId: draft.id,
      cancelledInvoicetNumber: fin.number,
      taxIncludedAmount: 12,
    });
  });
});

// --- drafts, lines, products, customers, totals -----------------------------------------------

describeEachDb('sale invoice drafts', (ctx) => {
  let a: TestAccount;
  let api: SalesClient;
  let customerId: number;
  let book: { id: number; number: string };
  beforeAll(async () => {
    a = await ctx.newAccount('Librairie SAS');
    api = salesClient(ctx, a);
    customerId = await api.customer({
      companyName: 'Dupont SARL',
      firstName: 'Jeanne',
      lastName: 'Dupont',
      email: 'jeanne@dupont.example',
      companyInformations: { siret: '73282932000074', vatNumber: 'FR44732829320' },
    });
    book = await api.product({
      name: 'Livre de cuisine',
      number: 'LIV-1',
      internalId: 'woo-42',
      description: 'Livre relié, 320 pages',
      unitPrice: 19.99,
      vat: { rate: 5.5 },
      unit: { code: 'H87' },
      type: 'Product',
    });
  });

  it('fills the customer fields from the customer named by customerId, and the input wins over them', async () => {
    const inv = await api.draft('Invoice', { customerId, lines: [simpleLine()] });
    expect(inv).toMatchObject({
      customerId,
      customerName: 'Dupont SARL',
      customerType: 'Business',
      customerSiret: '73282932000074',
      customerVatNumber: 'FR44732829320',
      billingContact: expect.objectContaining({ firstName: 'Jeanne', lastName: 'Dupont', email: 'jeanne@dupont.example' }),
      date: today,
      dueDate: addDays(today, 30),
    });
    expect(inv.customerNumber).toEqual(expect.any(String));
    expect(inv.billingAddress.inlineAddress).toBe('3 place du Marché, 75001 Paris, France');
    const own = await api.draft('Invoice', { customerId, customerName: 'Dupont (agence de Lyon)', lines: [simpleLine()] });
    expect(own.customerName).toBe('Dupont (agence de Lyon)');
  });

  it('ignores read-only fields sent in the body: id, number, totals, state', async () => {
    const inv = await api.draft('Invoice', {
      id: 424242,
      number: 'X',
      taxIncludedAmount: 999,
      taxExcludedAmount: 998,
      balance: 997,
      isDraft: false,
      isPaid: true,
      customerName: 'Client comptoir',
      lines: [{ ...simpleLine(), taxIncludedAmount: 999, id: 7 }],
    });
    expect(inv).toMatchObject({ number: null, isDraft: true, isPaid: false, taxExcludedAmount: 10, taxIncludedAmount: 12, balance: 12 });
    expect(inv.id).not.toBe(424242);
    expect(inv.lines[0]).toMatchObject({ id: 1, taxIncludedAmount: 12 });
  });

  it('accepts every line type; only Product and Service lines carry amounts and VAT', async () => {
    const inv = await api.draft('Invoice', {
      customerName: 'Client',
      lines: [
        { type: 'Product', description: 'Chaise', quantity: 2, taxExcludedPrice: 50, vat: { rate: 20 } },
        { type: 'Service', description: 'Montage', quantity: 1.5, taxExcludedPrice: 40, vat: { rate: 20 } },
        { type: 'Subtotal' },
        { type: 'Text', description: 'Livraison sous 8 jours' },
        { type: 'Empty' },
        { type: 'NewPage' },
      ],
    });
    expect(inv.lines.map((l: DocBody) => l.type)).toEqual(['Product', 'Service', 'Subtotal', 'Text', 'Empty', 'NewPage']);
    expect(inv.lines.map((l: DocBody) => l.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(inv.lines.map((l: DocBody) => l.taxExcludedAmount)).toEqual([100, 60, null, null, null, null]);
    expect(inv.lines.slice(2).every((l: DocBody) => l.vat === null && l.quantity === null)).toBe(true);
    expect(inv).toMatchObject({ taxExcludedAmount: 160, taxAmount: 32, taxIncludedAmount: 192 });
  });

  it('a line naming a product by productId, productNumber or productInternalId takes its description, unit, price and VAT', async () => {
    for (const ref of [{ productId: book.id }, { productNumber: 'LIV-1' }, { productInternalId: 'woo-42' }]) {
      const inv = await api.draft('Invoice', { customerId, lines: [{ ...ref, quantity: 3 }] });
      expect(inv.lines[0]).toMatchObject({
        type: 'Product',
        productId: book.id,
        productNumber: 'LIV-1',
        productInternalId: 'woo-42',
        description: 'Livre relié, 320 pages',
        taxExcludedPrice: 19.99,
        quantity: 3,
        taxExcludedAmount: 59.97,
        unit: expect.objectContaining({ code: 'H87' }),
        vat: expect.objectContaining({ rate: 5.5 }),
      });
      expect(inv).toMatchObject({ taxExcludedAmount: 59.97, taxAmount: 3.3, taxIncludedAmount: 63.27 });
    }
    const own = await api.draft('Invoice', {
      customerId,
      lines: [{ productId: book.id, description: 'Édition limitée', taxExcludedPrice: 25 }],
    });
    expect(own.lines[0]).toMatchObject({
      description: 'Édition limitée',
      taxExcludedPrice: 25,
      quantity: 1,
      vat: expect.objectContaining({ rate: 5.5 }),
    });
  });

  it('reads, updates (absent fields kept, null clears, lines replaced), finds and deletes a draft', async () => {
    const inv = await api.draft('Invoice', { customerId, internalId: 'order-1001', subject: 'Commande 1001', lines: [simpleLine()] });
    const got = await api.get('Invoice', inv.id);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(inv);
    const put = await api.put('Invoice', inv.id, { customerId, internalId: 'order-1001', lines: [simpleLine(20), simpleLine(5)] });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      id: inv.id,
      subject: 'Commande 1001',
      taxExcludedAmount: 25,
      taxIncludedAmount: 30,
      lines: [{ id: 1 }, { id: 2 }],
    });
    expect((await api.get('Invoice', inv.id)).json()).toEqual(put.json());
    // As the n8n node sends it: only the field the user picked. Customer, lines and totals stay.
    const partial = await api.put('Invoice', inv.id, { subject: 'Commande 1001 bis' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toEqual({ ...put.json(), subject: 'Commande 1001 bis' });
    const cleared = await api.put('Invoice', inv.id, { subject: null });
    expect(cleared.json()).toMatchObject({ subject: null, customerId, taxIncludedAmount: 30 });
    // As the WooCommerce plugin sends it: the whole record read, with a change.
    const whole = await api.put('Invoice', inv.id, { ...cleared.json(), internalNotes: 'payé par carte' });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toEqual({ ...cleared.json(), internalNotes: 'payé par carte' });
    const found = await ctx.inject({ method: 'GET', url: '/v1/saleinvoices/find?internalId=order-1001', headers: a.headers });
    expect(found.json().map((d: DocBody) => d.id)).toEqual([inv.id]);
    const none = await ctx.inject({ method: 'GET', url: '/v1/saleinvoices/find?internalId=nope', headers: a.headers });
    expect(none.json()).toEqual([]);
    const del = await api.del('Invoice', inv.id);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ id: inv.id, isDraft: true });
    expectError(await api.get('Invoice', inv.id), 404);
    expectProblem(await api.del('Invoice', inv.id), 404);
  });

  describe('totals to the cent', () => {
    it('3 × 19.99 at 5.5 %', async () => {
      const inv = await api.draft('Invoice', {
        customerName: 'C',
        lines: [{ description: 'Livre', quantity: 3, taxExcludedPrice: 19.99, vat: { rate: 5.5 } }],
      });
      expect(inv).toMatchObject({ grossTaxExcludedAmount: 59.97, taxExcludedAmount: 59.97, taxAmount: 3.3, taxIncludedAmount: 63.27 });
    });

    it('VAT per rate on the sum of line nets, with mixed rates', async () => {
      const inv = await api.draft('Invoice', {
        customerName: 'C',
        lines: [
          { description: 'A', taxExcludedPrice: 7.75, vat: { rate: 10 } },
          { description: 'B', taxExcludedPrice: 12.35, vat: { rate: 10 } },
          { description: 'C', taxExcludedPrice: 100, vat: { rate: 20 } },
          { description: 'D', taxExcludedPrice: 3.33, quantity: 3, vat: { rate: 2.1 } },
        ],
      });
      // 20.10 × 10 % = 2.01 (per line it would be 2.02); 9.99 × 2.1 % = 0.20979 -> 0.21.
      expect(inv.vats).toEqual([
        { taxExcludedAmount: 100, vat: expect.objectContaining({ rate: 20 }), vatAmount: 20 },
        { taxExcludedAmount: 20.1, vat: expect.objectContaining({ rate: 10 }), vatAmount: 2.01 },
        { taxExcludedAmount: 9.99, vat: expect.objectContaining({ rate: 2.1 }), vatAmount: 0.21 },
      ]);
      expect(inv).toMatchObject({ taxExcludedAmount: 130.09, taxAmount: 22.22, taxIncludedAmount: 152.31 });
    });

    it('a global discount, allocated across the rates', async () => {
      const inv = await api.draft('Invoice', {
        customerName: 'C',
        globalDiscount: { type: 'Percent', value: 10 },
        lines: [
          { description: 'A', taxExcludedPrice: 100, vat: { rate: 20 } },
          { description: 'B', taxExcludedPrice: 50, vat: { rate: 5.5 } },
        ],
      });
      // 150 - 15 = 135; 90 × 20 % = 18; 45 × 5.5 % = 2.475 -> 2.48.
      expect(inv).toMatchObject({ grossTaxExcludedAmount: 150, taxExcludedAmount: 135, taxAmount: 20.48, taxIncludedAmount: 155.48 });
      const fixed = await api.draft('Invoice', {
        customerName: 'C',
        globalDiscount: { type: 'Fixed', value: 10 },
        lines: [
          { description: 'A', taxExcludedPrice: 10, vat: { rate: 20 } },
          { description: 'B', taxExcludedPrice: 10, vat: { rate: 10 } },
          { description: 'C', taxExcludedPrice: 10, vat: { rate: 5.5 } },
        ],
      });
      // 3.34 / 3.33 / 3.33 -> taxable 6.66, 6.67, 6.67 -> VAT 1.33, 0.67, 0.37.
      expect(fixed).toMatchObject({ taxExcludedAmount: 20, taxAmount: 2.37, taxIncludedAmount: 22.37 });
    });

    it('line discounts and shipping at its own rate', async () => {
      const inv = await api.draft('Invoice', {
        customerName: 'C',
        shippingAmount: 9.9,
        shippingVat: { rate: 20 },
        lines: [
          { description: 'Livre', quantity: 3, taxExcludedPrice: 19.99, vat: { rate: 5.5 }, discount: { type: 'Percent', value: 10 } },
          { description: 'Sac', taxExcludedPrice: 100, vat: { rate: 20 }, discount: { type: 'Fixed', value: 5 } },
        ],
      });
      // 59.97 - 6.00 = 53.97 at 5.5 % -> 2.97; 95 + 9.90 = 104.90 at 20 % -> 20.98.
      expect(inv.lines.map((l: DocBody) => l.taxExcludedAmount)).toEqual([53.97, 95]);
      expect(inv).toMatchObject({
        grossTaxExcludedAmount: 148.97,
        shippingAmount: 9.9,
        taxExcludedAmount: 158.87,
        taxAmount: 23.95,
        taxIncludedAmount: 182.82,
      });
    });

    it('tax-included prices: the customer pays exactly what was shown', async () => {
      const inv = await api.draft('Invoice', {
        customerName: 'C',
        useTaxIncludedPrices: true,
        lines: [
          { description: 'A', taxIncludedPrice: 10, vat: { rate: 20 } },
          { description: 'B', taxIncludedPrice: 10, vat: { rate: 20 } },
          { description: 'C', taxIncludedPrice: 10, vat: { rate: 20 } },
        ],
      });
      expect(inv).toMatchObject({ useTaxIncludedPrices: true, taxExcludedAmount: 25, taxAmount: 5, taxIncludedAmount: 30 });
      expect(inv.lines.map((l: DocBody) => l.taxExcludedAmount)).toEqual([8.34, 8.33, 8.33]);
      const book = await api.draft('Invoice', {
        customerName: 'C',
        useTaxIncludedPrices: true,
        lines: [{ description: 'Livre', taxIncludedPrice: 19.99, vat: { rate: 5.5 } }],
      });
      expect(book.lines[0].taxExcludedPrice).toBe(18.9479);
      expect(book).toMatchObject({ taxIncludedAmount: 19.99, taxAmount: 1.04, taxExcludedAmount: 18.95 });
    });

    it('reverse charge: 0 % on every line, vatNote "Autoliquidation" unless one is given', async () => {
      const inv = await api.draft('Invoice', { customerName: 'GmbH', vatReverseCharge: true, lines: [simpleLine(100)] });
      expect(inv).toMatchObject({
        vatReverseCharge: true,
        taxExcludedAmount: 100,
        taxAmount: 0,
        taxIncludedAmount: 100,
        vatNote: 'Autoliquidation',
      });
      const noted = await api.draft('Invoice', {
        customerName: 'GmbH',
        vatReverseCharge: true,
        vatNote: 'Autoliquidation, art. 283-2 du CGI',
        lines: [simpleLine(100)],
      });
      expect(noted).toMatchObject({ taxAmount: 0, vatNote: 'Autoliquidation, art. 283-2 du CGI' });
    });

    it('a 100 % discount gives 0.00 everywhere, and the finalized invoice is paid', async () => {
      const inv = await api.draft('Invoice', {
        customerName: 'C',
        lines: [{ ...simpleLine(49.9), discount: { type: 'Percent', value: 100 } }],
      });
      expect(inv).toMatchObject({ taxExcludedAmount: 0, taxAmount: 0, taxIncludedAmount: 0, balance: 0 });
      const fin = (await api.finalize('Invoice', inv.id)).json();
      expect(fin).toMatchObject({ isDraft: false, isPaid: true, balance: 0 });
    });

    it('negative lines reduce the total, but a negative invoice cannot be finalized', async () => {
      const inv = await api.draft('Invoice', {
        customerName: 'C',
        lines: [simpleLine(100), { ...simpleLine(30), quantity: -1, description: 'Retour' }],
      });
      expect(inv).toMatchObject({ taxExcludedAmount: 70, taxAmount: 14, taxIncludedAmount: 84 });
      const negative = await api.draft('Invoice', { customerName: 'C', lines: [{ ...simpleLine(30), quantity: -1 }] });
      expect(negative.taxIncludedAmount).toBe(-36);
      const refused = expectProblem(await api.finalize('Invoice', negative.id), 400);
      expect(refused.detail).toMatch(/total is negative: issue a credit note instead/);
    });
  });

  it('a seller not liable to VAT (settings) invoices at 0 % with "TVA non applicable, art. 293 B du CGI"', async () => {
    const micro = await ctx.newAccount('Micro-entreprise');
    const mapi = salesClient(ctx, micro);
    await mapi.settings({ vat: { liableToVat: false } });
    const inv = await mapi.draft('Invoice', { customerName: 'C', lines: [simpleLine(100)] });
    expect(inv).toMatchObject({
      liableToVat: false,
      taxAmount: 0,
      taxExcludedAmount: 100,
      taxIncludedAmount: 100,
      vatNote: 'TVA non applicable, art. 293 B du CGI',
    });
  });
});

// --- refused input: field named, nothing written -------------------------------------------------

describeEachDb('sale invoice input validation', (ctx) => {
  let a: TestAccount;
  let api: SalesClient;
  let otherCustomer: number;
  let otherProduct: { id: number; number: string };
  beforeAll(async () => {
    a = await ctx.newAccount('Validation SAS');
    api = salesClient(ctx, a);
    const other = salesClient(ctx, await ctx.newAccount('Autre SAS'));
    otherCustomer = await other.customer();
    otherProduct = await other.product({ name: 'Secret', number: 'SEC-1', internalId: 'sec', unitPrice: 5 });
  });

  const line = (extra: object) => ({ ...simpleLine(), ...extra });
  const cases: [string, object, string][] = [
    ['an unknown customer', { customerId: 987654, lines: [simpleLine()] }, 'customerId'],
    ['an unknown product id', { customerName: 'C', lines: [{ productId: 987654 }] }, 'lines[0].productId'],
    ['an unknown product number', { customerName: 'C', lines: [{ productNumber: 'NOPE' }] }, 'lines[0].productNumber'],
    ['an unknown product internal id', { customerName: 'C', lines: [{ productInternalId: 'nope' }] }, 'lines[0].productInternalId'],
    ['a quantity beyond 1,000,000', { customerName: 'C', lines: [line({ quantity: 1_000_001 })] }, 'lines[0].quantity'],
    ['a quantity below -1,000,000', { customerName: 'C', lines: [line({ quantity: -1_000_001 })] }, 'lines[0].quantity'],
    ['a price beyond 1e9', { customerName: 'C', lines: [line({ taxExcludedPrice: 1_000_000_001 })] }, 'lines[0].taxExcludedPrice'],
    ['a tax-included price below -1e9', { customerName: 'C', lines: [{ taxIncludedPrice: -1e10 }] }, 'lines[0].taxIncludedPrice'],
    ['a negative shipping amount', { customerName: 'C', shippingAmount: -1, lines: [simpleLine()] }, 'shippingAmount'],
    ['a price that is no number', { customerName: 'C', lines: [line({ taxExcludedPrice: '12,50' })] }, 'lines[0].taxExcludedPrice'],
    ['an unknown line type', { customerName: 'C', lines: [line({ type: 'Gift' })] }, 'lines[0].type'],
    ['an unknown customer type', { customerName: 'C', customerType: 'Alien', lines: [simpleLine()] }, 'customerType'],
    [
      'an unknown discount type',
      { customerName: 'C', globalDiscount: { type: 'Half', value: 1 }, lines: [simpleLine()] },
      'globalDiscount.type',
    ],
    [
      'a percent discount above 100',
      { customerName: 'C', lines: [line({ discount: { type: 'Percent', value: 101 } })] },
      'lines[0].discount.value',
    ],
    ['a VAT rate above 100', { customerName: 'C', lines: [line({ vat: { rate: 120 } })] }, 'lines[0].vat.rate'],
    ['a date that is not a date', { customerName: 'C', date: '2025-02-30', lines: [simpleLine()] }, 'date'],
    ['a date in another format', { customerName: 'C', date: '31/01/2025', lines: [simpleLine()] }, 'date'],
    ['a line date that is not a date', { customerName: 'C', lines: [line({ date: 'tomorrow' })] }, 'lines[0].date'],
    ['a quantity sent as a string that is no number', { customerName: 'C', lines: [line({ quantity: 'two' })] }, 'lines[0].quantity'],
    ['an unknown line type', { customerName: 'C', lines: [line({ type: 'Gift' })] }, 'lines[0].type'],
    ['a customer id beyond int32', { customerId: 2 ** 31, lines: [simpleLine()] }, 'customerId'],
  ];

  for (const [what, payload, field] of cases) {
    it(`refuses ${what} with an Error naming ${field}, and writes nothing`, async () => {
      const before = await rowCounts(ctx, a.accountId);
      const body = expectError(await api.create('Invoice', payload), 400);
      expect(body.errors.map((e: string) => e.split(':')[0])).toContain(field);
      expect(await rowCounts(ctx, a.accountId)).toEqual(before);
    });
  }

  it('rounds quantities and prices beyond 4 decimals and the shipping amount beyond 2, half away from zero', async () => {
    const res = await api.create('Invoice', {
      customerName: 'C',
      shippingAmount: 1.235,
      lines: [{ description: 'Tiers', quantity: '3.00005', taxExcludedPrice: 10 / 3, vat: { rate: 20 } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc.lines[0]).toMatchObject({ quantity: 3.0001, taxExcludedPrice: 3.3333 });
    // 3.0001 × 3.3333 = 10.00023333 → 10.00; shipping 1.24
    expect(doc.lines[0].taxExcludedAmount).toBe(10);
    expect(doc.shippingAmount).toBe(1.24);
  });

  it('refuses a customer and products of another account as unknown', async () => {
    const before = await rowCounts(ctx, a.accountId);
    const customer = expectError(await api.create('Invoice', { customerId: otherCustomer, lines: [simpleLine()] }), 400);
    expect(customer.errors[0]).toMatch(/^customerId: customer \d+ does not exist/);
    for (const ref of [{ productId: otherProduct.id }, { productNumber: 'SEC-1' }, { productInternalId: 'sec' }]) {
      const body = expectError(await api.create('Invoice', { customerName: 'C', lines: [ref] }), 400);
      expect(body.errors[0]).toMatch(/^lines\[0\]\.product\w+: product .* does not exist/);
    }
    expect(await rowCounts(ctx, a.accountId)).toEqual(before);
  });

  it('refuses more than 1000 lines, and accepts exactly 1000', async () => {
    const before = await rowCounts(ctx, a.accountId);
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ description: `L${i}`, taxExcludedPrice: 1, vat: { rate: 20 } }));
    const body = expectError(await api.create('Invoice', { customerName: 'C', lines: many(1001) }), 400);
    expect(body.errors.map((e: string) => e.split(':')[0])).toContain('lines');
    expect(await rowCounts(ctx, a.accountId)).toEqual(before);
    const ok = await api.draft('Invoice', { customerName: 'C', lines: many(1000) });
    expect(ok).toMatchObject({ taxExcludedAmount: 1000, taxIncludedAmount: 1200 });
    expect(ok.lines).toHaveLength(1000);
    await api.del('Invoice', ok.id);
  });

  it('refuses a line or a document total beyond 1e12 even when quantity and price are within their bounds', async () => {
    const before = await rowCounts(ctx, a.accountId);
    const line = expectError(
      await api.create('Invoice', {
        customerName: 'C',
        lines: [{ description: 'Max', quantity: 1_000_000, taxExcludedPrice: 1_000_000_000, vat: { rate: 20 } }],
      }),
      400,
    );
    expect(line.errors).toContain('lines[0]: the line amount exceeds 1000000000000');
    const many = Array.from({ length: 3 }, () => ({ description: 'Big', quantity: 400, taxExcludedPrice: 999_999_999, vat: { rate: 20 } }));
    const total = expectError(await api.create('Invoice', { customerName: 'C', lines: many }), 400);
    expect(total.errors).toEqual(['lines: the document total exceeds 1000000000000']);
    expect(await rowCounts(ctx, a.accountId)).toEqual(before);
  });

  it('keeps large amounts exact to the cent up to the bound, through finalization and lists', async () => {
    const inv = await api.draft('Invoice', {
      customerName: 'C',
      lines: [{ description: 'Gros', quantity: 833, taxExcludedPrice: 999_999_999.99, vat: { rate: 20 } }],
    });
    // 833 × 999,999,999.99 = 832,999,999,991.67; VAT 166,599,999,998.334 -> .33.
    expect(inv).toMatchObject({ taxExcludedAmount: 832_999_999_991.67, taxAmount: 166_599_999_998.33, taxIncludedAmount: 999_599_999_990 });
    const fin = await api.finalize('Invoice', inv.id);
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json()).toMatchObject({ taxIncludedAmount: 999_599_999_990, balance: 999_599_999_990 });
    const listed = (await api.list('Invoice', { OrderBy: '-amount', PageSize: 1 })).json();
    expect(listed[0]).toMatchObject({ id: inv.id, balance: 999_599_999_990, taxExcludedAmount: 832_999_999_991.67 });
  });

  it('a PUT with bad input answers ProblemDetails naming the field and leaves the draft unchanged', async () => {
    const inv = await api.draft('Invoice', { customerName: 'C', lines: [simpleLine()] });
    const body = expectProblem(await api.put('Invoice', inv.id, { customerName: 'C', lines: [line({ quantity: 2_000_000 })] }), 400);
    expect(Object.keys(body.errors)).toContain('lines[0].quantity');
    const unknown = expectProblem(await api.put('Invoice', inv.id, { customerId: otherCustomer }), 400);
    expect(Object.keys(unknown.errors)).toEqual(['customerId']);
    expect((await api.get('Invoice', inv.id)).json()).toEqual(inv);
  });

  it('answers 400 or 404, never 500, for ids that are not int32', async () => {
    for (const id of ['abc', '1.5', '99999999999', '-1', '0']) {
      const res = await api.get('Invoice', id);
      expect([400, 404]).toContain(res.statusCode);
    }
  });
});

// --- lists ----------------------------------------------------------------------------------------

describeEachDb('sale invoice lists', (ctx) => {
  let a: TestAccount;
  let api: SalesClient;
  let alice: number;
  let bob: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    a = await ctx.newAccount('Listes SAS');
    api = salesClient(ctx, a);
    alice = await api.customer({ companyName: 'Alice SA' });
    bob = await api.customer({ companyName: 'Bob SARL' });
    // Chronological finalizations: an expired one (due 30 days after 2020-01-10), a paid one
    // (100 % discount), one cancelled, one processed, one incoming (today), and a draft.
    ids.expired = (await api.finalized('Invoice', { customerId: alice, date: '2020-01-10', lines: [simpleLine(100)] })).id;
    ids.paid = (
      await api.finalized('Invoice', {
        customerId: bob,
        date: '2020-02-10',
        lines: [{ ...simpleLine(10), discount: { type: 'Percent', value: 100 } }],
      })
    ).id;
    ids.cancelled = (await api.finalized('Invoice', { customerId: bob, date: '2021-03-01', lines: [simpleLine(30)] })).id;
    expect((await api.cancel(ids.cancelled)).statusCode).toBe(200);
    ids.processed = (await api.finalized('Invoice', { customerId: alice, date: '2022-01-01', lines: [simpleLine(40)] })).id;
    await ctx.db.kysely.updateTable('saleDocuments').set({ isProcessed: true }).where('id', '=', ids.processed).execute();
    ids.incoming = (await api.finalized('Invoice', { customerId: alice, date: today, lines: [simpleLine(50)] })).id;
    ids.draft = (await api.draft('Invoice', { customerId: bob, date: '2021-06-15', lines: [simpleLine(60)] })).id;
  });

  const listIds = async (query: Record<string, string | number> = {}) => {
    const res = await api.list('Invoice', { PageSize: 100, ...query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().map((d: DocBody) => d.id);
  };

  it('by default lists all but cancelled and processed documents, newest first', async () => {
    expect(await listIds()).toEqual([ids.incoming, ids.draft, ids.paid, ids.expired]);
  });

  it('filters by Status: Draft, Incoming, Expired, Paid, ToSend', async () => {
    expect(await listIds({ Status: 'Draft' })).toEqual([ids.draft]);
    expect(await listIds({ Status: 'Incoming' })).toEqual([ids.incoming]);
    expect(await listIds({ Status: 'Expired' })).toEqual([ids.expired]);
    expect(await listIds({ Status: 'Paid' })).toEqual([ids.paid]);
    expect(await listIds({ Status: 'ToSend' })).toEqual([ids.incoming, ids.paid, ids.expired]);
    await ctx.db.kysely.updateTable('saleDocuments').set({ sentAt: new Date().toISOString() }).where('id', '=', ids.expired).execute();
    expect(await listIds({ Status: 'ToSend' })).toEqual([ids.incoming, ids.paid]);
    expect(await listIds({ Status: 'Expired' })).toEqual([ids.expired]);
    expectProblem(await api.list('Invoice', { Status: 'Overdue' }), 400);
  });

  it('filters Cancelled and Processed: Excluded (default), Only, All', async () => {
    expect(await listIds({ Cancelled: 'Only' })).toEqual([ids.cancelled]);
    expect(await listIds({ Cancelled: 'All' })).toEqual([ids.incoming, ids.draft, ids.cancelled, ids.paid, ids.expired]);
    expect(await listIds({ Processed: 'Only' })).toEqual([ids.processed]);
    expect(await listIds({ Processed: 'All', Cancelled: 'All' })).toHaveLength(6);
    expect(await listIds({ Processed: 'Only', Cancelled: 'Only' })).toEqual([]);
    const bad = expectProblem(await api.list('Invoice', { Cancelled: 'Maybe' }), 400);
    expect(bad.detail).toMatch(/Cancelled/);
  });

  it('filters by From and To (inclusive) and CustomerId', async () => {
    expect(await listIds({ From: '2020-02-10', To: '2021-06-15' })).toEqual([ids.draft, ids.paid]);
    expect(await listIds({ From: '2020-02-11', To: '2021-06-14' })).toEqual([]);
    expect(await listIds({ CustomerId: alice })).toEqual([ids.incoming, ids.expired]);
    expect(await listIds({ CustomerId: bob, Cancelled: 'All' })).toEqual([ids.draft, ids.cancelled, ids.paid]);
    expect(await listIds({ CustomerId: 424242 })).toEqual([]);
    const bad = expectProblem(await api.list('Invoice', { From: 'yesterday' }), 400);
    expect(bad.detail).toMatch(/From/);
  });

  it('orders by whitelisted fields only; anything else is a 400 naming OrderBy', async () => {
    expect(await listIds({ OrderBy: 'date' })).toEqual([ids.expired, ids.paid, ids.draft, ids.incoming]);
    expect(await listIds({ OrderBy: 'amount desc' })).toEqual(
      [ids.incoming, ids.expired, ids.draft, ids.paid].sort((x, y) => {
        const amount: Record<number, number> = { [ids.incoming]: 60, [ids.expired]: 120, [ids.draft]: 72, [ids.paid]: 0 };
        return amount[y] - amount[x];
      }),
    );
    expect(await listIds({ OrderBy: '-customerName,date' })).toEqual([ids.paid, ids.draft, ids.expired, ids.incoming]);
    // A draft has no number: nulls sort as the largest value on both databases.
    expect(await listIds({ OrderBy: 'NUMBER' })).toEqual([ids.expired, ids.paid, ids.incoming, ids.draft]);
    expect(await listIds({ OrderBy: 'number desc' })).toEqual([ids.draft, ids.incoming, ids.paid, ids.expired]);
    for (const bad of ['password', 'date; DROP TABLE sale_documents', 'date sideways', 'data']) {
      const body = expectProblem(await api.list('Invoice', { OrderBy: bad }), 400);
      expect(Object.keys(body.errors)).toEqual(['OrderBy']);
    }
  });

  it('pages with the x-page-* and x-record-count headers', async () => {
    const first = await api.list('Invoice', { PageSize: 3 });
    expect(first.headers).toMatchObject({ 'x-record-count': '4', 'x-page-count': '2', 'x-page-index': '1', 'x-page-size': '3' });
    expect(first.headers['x-page-next']).toBe('/v1/saleinvoices?PageSize=3&PageIndex=2');
    expect(first.headers['x-page-prev']).toBeUndefined();
    expect(first.json()).toHaveLength(3);
    const second = await api.list('Invoice', { PageSize: 3, PageIndex: 2 });
    expect(second.json().map((d: DocBody) => d.id)).toEqual([ids.expired]);
    expect(second.headers['x-page-prev']).toBe('/v1/saleinvoices?PageSize=3&PageIndex=1');
    const beyond = await api.list('Invoice', { PageSize: 3, PageIndex: 9 });
    expect(beyond.json()).toEqual([]);
    expect((await api.list('Invoice')).headers['x-page-size']).toBe('10');
    expectProblem(await api.list('Invoice', { PageSize: 101 }), 400);
    expectProblem(await api.list('Invoice', { PageIndex: -1 }), 400);
  });

  it('offers text/plain and text/json for the same JSON body', async () => {
    for (const type of ['text/plain', 'text/json']) {
      const list = await ctx.inject({ method: 'GET', url: '/v1/saleinvoices?Status=Draft', headers: { ...a.headers, accept: type } });
      expect(list.headers['content-type']).toMatch(new RegExp(`^${type}`));
      expect(JSON.parse(list.body).map((d: DocBody) => d.id)).toEqual([ids.draft]);
      const one = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/${ids.draft}`, headers: { ...a.headers, accept: type } });
      expect(one.headers['content-type']).toMatch(new RegExp(`^${type}`));
      expect(JSON.parse(one.body).id).toBe(ids.draft);
    }
    const json = await api.get('Invoice', ids.draft);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
  });

  it('finds finalized invoices by number', async () => {
    const expired = (await api.get('Invoice', ids.expired)).json();
    const found = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/find?number=${expired.number}`, headers: a.headers });
    expect(found.json().map((d: DocBody) => d.id)).toEqual([ids.expired]);
  });
});

// --- immutability, cancellation, other accounts ------------------------------------------------

describeEachDb('sale invoice lifecycle', (ctx) => {
  let a: TestAccount;
  let api: SalesClient;
  let b: TestAccount;
  let bapi: SalesClient;
  const year = today.slice(0, 4);
  beforeAll(async () => {
    a = await ctx.newAccount('Cycle SAS');
    api = salesClient(ctx, a);
    b = await ctx.newAccount('Intrus SAS');
    bapi = salesClient(ctx, b);
  });

  it('a finalized invoice refuses PUT and DELETE with ProblemDetails and stays exactly as it was', async () => {
    const fin = await api.finalized('Invoice', { customerName: 'C', lines: [simpleLine()] });
    const before = (await api.get('Invoice', fin.id)).json();
    const put = expectProblem(await api.put('Invoice', fin.id, { customerName: 'Autre', lines: [simpleLine(1)] }), 400);
    expect(put.detail).toBe(
      `Invoice ${fin.number} is finalized and cannot be modified; cancel it with a credit note (POST /v1/saleinvoices/cancel/{id})`,
    );
    const del = expectProblem(await api.del('Invoice', fin.id), 400);
    expect(del.detail).toMatch(/is finalized and cannot be deleted/);
    const again = expectProblem(await api.finalize('Invoice', fin.id), 400);
    expect(again.detail).toMatch(/is finalized and cannot be finalized again/);
    expect((await api.get('Invoice', fin.id)).json()).toEqual(before);
  });

  it('cancels a finalized invoice with a finalized credit note linked both ways', async () => {
    const fin = await api.finalized('Invoice', { customerName: 'C', subject: 'Travaux', lines: [simpleLine(100), simpleLine(50)] });
    const before = await rowCounts(ctx, a.accountId);
    const res = await api.cancel(fin.id);
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json();
    expect(inv).toMatchObject({ id: fin.id, number: fin.number, isCancelled: true, balance: 0, overdue: 0, taxIncludedAmount: 180 });
    expect(inv.cancellationCreditNumber).toMatch(new RegExp(`^AV-${year}-\\d{5}$`));
    const credit = (await api.get('Credit', inv.cancellationCreditId)).json();
    expect(credit).toMatchObject({
      isDraft: false,
      number: inv.cancellationCreditNumber,
      date: today,
      cancelledInvoicetId: fin.id,
      cancelledInvoicetNumber: fin.number,
      customerName: 'C',
      subject: 'Travaux',
      taxExcludedAmount: 150,
      taxIncludedAmount: 180,
      // Nothing had been paid on the invoice: nothing is left to refund.
      balance: 0,
      isPaid: true,
    });
    expect(credit.lines).toEqual(fin.lines);
    expect((await rowCounts(ctx, a.accountId)).documents).toBe(before.documents + 1);
    // The invoice document itself is untouched apart from its state.
    const {
      isCancelled: _c,
      balance: _b,
      cancellationCreditId: _i,
      cancellationCreditNumber: _n,
      isPaid: _p,
      overdue: _o,
      commitments: _m,
      ...rest
    } = inv;
    const {
      isCancelled: _c2,
      balance: _b2,
      cancellationCreditId: _i2,
      cancellationCreditNumber: _n2,
      isPaid: _p2,
      overdue: _o2,
      commitments: _m2,
      ...restBefore
    } = fin;
    expect(rest).toEqual(restBefore);
  });

  it('a partly paid invoice leaves the paid part to refund on its credit note', async () => {
    const fin = await api.finalized('Invoice', { customerName: 'C', lines: [simpleLine(100)] });
    const paid = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices/markaspaid',
      headers: a.headers,
      payload: { invoiceId: fin.id, amount: 50 },
    });
    expect(paid.json()).toMatchObject({ balance: 70, isPaid: false });
    const inv = (await api.cancel(fin.id)).json();
    expect(inv.balance).toBe(0);
    const credit = (await api.get('Credit', inv.cancellationCreditId)).json();
    expect(credit).toMatchObject({ taxIncludedAmount: 120, balance: 50, isPaid: false });
  });

  it('refuses to cancel twice, to cancel a draft, and answers 404 for a missing invoice', async () => {
    const fin = await api.finalized('Invoice', { customerName: 'C', lines: [simpleLine()] });
    const first = (await api.cancel(fin.id)).json();
    const draft = await api.draft('Invoice', { customerName: 'C', lines: [simpleLine()] });
    const before = await rowCounts(ctx, a.accountId);
    const twice = expectProblem(await api.cancel(fin.id), 400);
    expect(twice.detail).toBe(`Invoice ${fin.number} is already cancelled by credit ${first.cancellationCreditId}`);
    const onDraft = expectProblem(await api.cancel(draft.id), 400);
    expect(onDraft.detail).toMatch(/is a draft: delete it instead/);
    expectProblem(await api.cancel(987654), 404);
    expect(await rowCounts(ctx, a.accountId)).toEqual(before);
  });

  it("answers 404 for another account's invoice everywhere, with the body the spec names", async () => {
    const draft = await api.draft('Invoice', { customerName: 'C', lines: [simpleLine()] });
    const fin = await api.finalized('Invoice', { customerName: 'C', lines: [simpleLine()] });
    for (const id of [draft.id, fin.id, 987654]) {
      const get = expectError(await bapi.get('Invoice', id), 404);
      expect(get.message).toBe(`Invoice ${id} not found`);
      expectProblem(await bapi.put('Invoice', id, { customerName: 'X' }), 404);
      expectProblem(await bapi.del('Invoice', id), 404);
      expectProblem(await bapi.finalize('Invoice', id), 404);
      expectProblem(await bapi.cancel(id), 404);
      // Nor is it a credit of this account.
      expectError(await api.get('Credit', id), 404);
    }
    const found = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/find?number=${fin.number}`, headers: b.headers });
    expect(found.json()).toEqual([]);
    expect((await bapi.list('Invoice', { Cancelled: 'All', Processed: 'All' })).json()).toEqual([]);
    expect((await api.get('Invoice', draft.id)).json()).toEqual(draft);
    expect((await api.get('Invoice', fin.id)).json()).toEqual(fin);
  });
});
