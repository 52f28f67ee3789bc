// The "Altoviz for WooCommerce" plugin (AOZ4WC_API, AOZ4WC_WC; v1.0.53): an order's sync as
// docs/clients/requests.md §5.3 records it, and what the plugin reads from each answer. Success for
// the plugin is status 200 exactly.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { replayer } from './client.js';

const HEADERS = { accept: 'application/json', 'content-type': 'application/json' };
// The plugin's bodies are pretty-printed by PHP's json_encode(…, JSON_PRETTY_PRINT).
const php = (body: unknown) => JSON.stringify(body, null, 4);

const address = { city: 'Paris', countryiso: 'FR', street: '1 rue de la Paix', zipcode: '75002' };
const contact = (email: string) => ({ cellPhone: '', companyName: '', email, firstName: 'Jean', lastName: 'Dupont', phone: '', title: '' });

describeEachDb('WooCommerce plugin', (ctx) => {
  let a: TestAccount;
  const send = replayer(ctx, () => a, HEADERS, { jsonTypeWithoutBody: true });
  let customerId: number;
  let productId: number;
  let invoice: { id: number; taxIncludedAmount: number; date: string };

  const customerBody = {
    billingAddress: { ...address, street: '1 rue de la Paix\nBât. B' },
    cellPhone: '',
    companyName: '',
    email: 'jean@exemple.fr',
    firstName: 'Jean',
    internalId: 'wc_12',
    lastName: 'Dupont',
    number: '',
    phone: '0102030405',
    shippingAddress: null,
    companyInformations: { vatNumber: '' },
    title: '',
    type: 'individual',
    metadata: { woocommerce_customer_id: 12, stripe_customer_id: '' },
  };

  beforeAll(async () => {
    a = await ctx.newAccount('Boutique Facturier SAS');
  });

  it('checks the key and reads the settings it uses', async () => {
    const hello = await send({ method: 'GET', url: '/hello' });
    expect(hello.statusCode).toBe(200);
    expect(hello.json()).toMatchObject({ companyName: 'Boutique Facturier SAS', apiKeyName: 'Default' });
    const settings = (await send({ method: 'GET', url: '/v1/settings' })).json();
    expect(settings.sales.defaultShippingClassification.id).toEqual(expect.any(Number));
    expect(settings.company.urlCompanyName).toBe('boutique-facturier-sas');
  });

  it('finds no customer with an empty e-mail criterion, then creates one from the order', async () => {
    const none = await send({ method: 'GET', url: '/v1/customers/find?email=&internalid=wc_12' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    const created = await send({ method: 'POST', url: '/v1/customers', body: php(customerBody) });
    expect(created.statusCode, created.body).toBe(200);
    customerId = created.json().id;
    expect(created.json()).toMatchObject({
      type: 'Consumer',
      internalId: 'wc_12',
      email: 'jean@exemple.fr',
      number: expect.stringMatching(/^C\d+$/),
      billingAddress: { countryIso: 'FR', city: 'Paris', zipcode: '75002' },
    });
    expect(
      (await send({ method: 'GET', url: '/v1/customers/find?email=&internalid=wc_12' })).json().map((c: { id: number }) => c.id),
    ).toEqual([customerId]);
  });

  it('creates the product with a string price and the unit code U', async () => {
    expect((await send({ method: 'GET', url: '/v1/products/find?number=&internalid=wc_55' })).json()).toEqual([]);
    const created = await send({
      method: 'POST',
      url: '/v1/products',
      body: php({
        active: true,
        defaultQuantity: 1,
        description: 'Coton bio',
        internalId: 'wc_55',
        isUnitPriceTaxIncluded: false,
        name: 'T-shirt',
        number: 'SKU-1',
        type: 'Product',
        unit: { code: 'U' },
        unitPrice: '19.99',
        metadata: { woocommerce_product_id: 55 },
      }),
    });
    expect(created.statusCode, created.body).toBe(200);
    productId = created.json().id;
    expect(created.json()).toMatchObject({ unitPrice: 19.99, unit: { code: 'C62' }, purchasePrice: expect.any(Number) });
    expect(
      (await send({ method: 'GET', url: '/v1/products/find?number=&internalid=wc_55' })).json().map((p: { id: number }) => p.id),
    ).toEqual([productId]);
  });

  it('creates the invoice of the order: unrounded and string prices, lowercase address keys, an empty shipping e-mail', async () => {
    expect((await send({ method: 'GET', url: '/v1/saleinvoices/find?number=&internalid=wc_1001' })).json()).toEqual([]);
    const vat = { rate: 20.0, region: 'FR' };
    const res = await send({
      method: 'POST',
      url: '/v1/saleinvoices',
      body: php({
        customerId,
        billingAddress: address,
        billingContact: { ...contact('jean@exemple.fr'), phone: '0102030405' },
        customerVatNumber: '',
        internalId: 'wc_1001',
        customerOrderReference: 'Commande n°1001 le 1 mars 2025',
        lines: [
          {
            description: 'T-shirt',
            discount: { type: 'Fixed', value: 2 },
            productId,
            productInternalId: 'wc_55',
            purchasePrice: 0,
            quantity: 3,
            taxExcludedPrice: 10 / 3,
            type: 'Product',
            vat,
          },
          { type: 'Service', description: 'Frais de paiement', quantity: 1, vat, taxExcludedPrice: '2.50' },
          { type: 'Text', description: 'Coupon(s) : BIENVENUE. Total : 2' },
        ],
        region: 'FR',
        shippingAmount: '4.90',
        shippingVat: vat,
        shippingAddress: address,
        shippingContact: contact(''),
        subject: '',
        vatMode: 'Auto',
        metadata: { woocommerce_order_id: 1001, woocommerce_order_number: '1001' },
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    invoice = doc;
    // 3 × 3.3333 = 10.00 (9.9999 → 10.00) − 2.00 = 8.00; 2.50; shipping 4.90: 15.40 HT, VAT 3.08, 18.48 TTC
    expect(doc.lines[0]).toMatchObject({ taxExcludedPrice: 3.3333, quantity: 3, unit: expect.objectContaining({ code: 'C62' }) });
    expect(doc).toMatchObject({
      isDraft: true,
      isPaid: false,
      taxExcludedAmount: 15.4,
      taxAmount: 3.08,
      taxIncludedAmount: 18.48,
      shippingAmount: 4.9,
      billingAddress: { countryIso: 'FR' },
      shippingContact: { email: null },
    });
    expect(doc).toHaveProperty('publicLink');
  });

  it('marks it paid with finalization, status "success" and the date it read', async () => {
    const res = await send({
      method: 'POST',
      url: '/v1/saleinvoices/markaspaid',
      body: php({
        invoiceId: invoice.id,
        amount: invoice.taxIncludedAmount,
        date: invoice.date,
        paymentMethod: 'Other',
        finalizeInvoice: true,
        paymentReference: 'Commande n°1001',
        metadata: { payment_provider: 'stripe', stripe_charge_id: 'ch_3Nx', stripe_source_id: '' },
        allowUpdate: false,
        status: 'success',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: invoice.id, isDraft: false, isPaid: true, balance: 0 });
  });

  it('on the next save of the order, finds everything and updates the customer with the record it read', async () => {
    const [found] = (await send({ method: 'GET', url: '/v1/customers/find?email=&internalid=wc_12' })).json();
    const put = await send({
      method: 'PUT',
      url: `/v1/customers/${customerId}`,
      body: php({ ...found, ...customerBody, phone: '0607080910' }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      id: customerId,
      number: found.number,
      phone: '0607080910',
      type: 'Consumer',
      billingAddress: { countryIso: 'FR' },
    });
    const [doc] = (await send({ method: 'GET', url: '/v1/saleinvoices/find?number=&internalid=wc_1001' })).json();
    expect(doc).toMatchObject({ id: invoice.id, isDraft: false, isPaid: true });
  });

  it('finalizes a draft order (the "Draft" option) with its JSON content type and no body', async () => {
    const draft = await send({
      method: 'POST',
      url: '/v1/saleinvoices',
      body: php({ customerId, internalId: 'wc_1003', lines: [{ description: 'T-shirt', productId, quantity: 1, type: 'Product' }] }),
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const fin = await send({ method: 'POST', url: `/v1/saleinvoices/finalize/${draft.json().id}` });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json()).toMatchObject({ id: draft.json().id, isDraft: false, taxIncludedAmount: 23.99 });
  });

  it('sends the invoice by e-mail with its JSON content type and an empty body, to its default recipient', async () => {
    const sent = await send({ method: 'POST', url: `/v1/saleinvoices/send/${invoice.id}` });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ documentType: 'Invoice', documentId: invoice.id, status: 'Queued', to: ['jean@exemple.fr'] });
  });

  it('refunds part of the order with a credit marked refunded and finalized in one call', async () => {
    expect((await send({ method: 'GET', url: '/v1/salecredits/find?number=&internalid=wc_1002' })).json()).toEqual([]);
    const credit = await send({
      method: 'POST',
      url: '/v1/salecredits',
      body: php({
        customerId,
        billingAddress: address,
        billingContact: contact('jean@exemple.fr'),
        customerVatNumber: '',
        internalId: 'wc_1002',
        customerOrderReference: 'Commande n°1002 le 5 mars 2025',
        isDraft: true,
        internalNotes: 'Refund reason: taille',
        lines: [
          {
            description: 'T-shirt',
            productId,
            productInternalId: 'wc_55',
            purchasePrice: 0,
            // WooCommerce's refund items have negative quantities, and fees and shipping negative totals.
            quantity: -1,
            taxExcludedPrice: 10,
            type: 'Product',
            vat: { rate: 20.0, region: 'FR' },
          },
          { type: 'Service', description: 'Frais de paiement', quantity: 1, vat: { rate: 20.0, region: 'FR' }, taxExcludedPrice: '-2.50' },
        ],
        region: 'FR',
        shippingAmount: '-4.90',
        shippingVat: { rate: 20.0, region: 'FR' },
        shippingAddress: address,
        shippingContact: contact(''),
        subject: 'Refund of the invoice #F2025-0001',
        vatMode: 'Auto',
        metadata: { woocommerce_order_id: 1002 },
      }),
    });
    expect(credit.statusCode, credit.body).toBe(200);
    // Read as the amounts credited: 10 + 2.50 + shipping 4.90 = 17.40 HT, VAT 3.48, 20.88 TTC; the answer says so.
    expect(credit.headers['x-facturier-notice']).toMatch(/signs turned/);
    const k = credit.json();
    expect(k).toMatchObject({ taxExcludedAmount: 17.4, taxAmount: 3.48, taxIncludedAmount: 20.88, shippingAmount: 4.9, isDraft: true });
    expect(k.lines.map((l: { quantity: number; taxExcludedPrice: number }) => [l.quantity, l.taxExcludedPrice])).toEqual([
      [1, 10],
      [1, 2.5],
    ]);
    const refunded = await send({
      method: 'POST',
      url: '/v1/salecredits/markasrefunded',
      body: php({
        creditId: k.id,
        amount: k.taxIncludedAmount,
        date: k.date,
        paymentMethod: 'Other',
        finalizeCredit: true,
        paymentReference: 'Commande n°1002',
        metadata: { payment_provider: 'stripe', stripe_refund_id: 're_1' },
        allowUpdate: false,
        status: 'success',
      }),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ id: k.id, isDraft: false, balance: 0, number: expect.stringMatching(/^AV-/) });
  });

  it('refuses to finalize a credit that mixes signs and totals below zero, saying why; nothing is numbered', async () => {
    const credit = await send({
      method: 'POST',
      url: '/v1/salecredits',
      body: php({
        customerId,
        internalId: 'wc_1004',
        lines: [
          { description: 'T-shirt', quantity: 1, taxExcludedPrice: 10, type: 'Product', vat: { rate: 20.0, region: 'FR' } },
          { description: 'Frais', quantity: 1, taxExcludedPrice: '-25', type: 'Service', vat: { rate: 20.0, region: 'FR' } },
        ],
      }),
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.headers['x-facturier-notice']).toBeUndefined();
    expect(credit.json()).toMatchObject({ taxIncludedAmount: -18 });
    const fin = await send({ method: 'POST', url: `/v1/salecredits/finalize/${credit.json().id}` });
    expect(fin.statusCode).toBe(400);
    expect(fin.json().detail).toBe(
      'The credit cannot be finalized: its total is negative: its lines mix positive and negative amounts. A credit lists the ' +
        'amounts credited, written positive (a credit whose priced lines are all negative is read that way); correct the lines that are not',
    );
    expect((await send({ method: 'GET', url: `/v1/salecredits/${credit.json().id}` })).json()).toMatchObject({
      isDraft: true,
      number: null,
    });
  });
});
