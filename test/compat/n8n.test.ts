// The n8n node (altoviz/n8n, nodes/Altoviz): its requests as docs/clients/requests.md §5.1 records
// them, and what the node reads from each answer. Sending and webhooks are left out until the
// delivery issue builds them: the trigger node's webhook lifecycle and deliveries, and Send, are
// at the end.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { startReceiver } from '../helpers/delivery.js';
import { replayer } from './client.js';

// Every node request: X-API-KEY, Accept and Content-Type JSON, a body only when one is built.
const HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

/** A line as the node builds it: every field at its default unless the user set it. */
const n8nLine = (fields: object) => ({
  classificationId: 0,
  date: '',
  description: '',
  productId: 0,
  productInternalId: '',
  productNumber: '',
  purchasePrice: 0,
  quantity: 1,
  taxExcludedPrice: 0,
  taxIncludedPrice: 0,
  type: 'Service',
  ...fields,
});

describeEachDb(
  'n8n node',
  (ctx) => {
    let a: TestAccount;
    const send = replayer(ctx, () => a, HEADERS, { jsonTypeWithoutBody: false });
    let customerId: number;
    let productId: number;
    let invoiceId: number;

    beforeAll(async () => {
      a = await ctx.newAccount('Atelier Facturier SAS');
    });

    it('tests its credential on /Hello', async () => {
      const res = await send({ method: 'GET', url: '/Hello' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ companyName: 'Atelier Facturier SAS', apiKeyName: 'Default' });
    });

    it('creates a customer, finds it by internal id both ways, and updates one field', async () => {
      const created = await send({
        method: 'POST',
        url: '/v1/Customers',
        body: { type: 'Business', companyName: 'ACME SARL', email: 'compta@acme.fr', internalId: 'crm-42' },
      });
      expect(created.statusCode, created.body).toBe(200);
      customerId = created.json().id;
      expect((await send({ method: 'GET', url: '/v1/Customers/GetByInternalId/crm-42' })).json().id).toBe(customerId);
      expect((await send({ method: 'GET', url: '/v1/Customers/Find?internalId=crm-42' })).json().map((c: { id: number }) => c.id)).toEqual([
        customerId,
      ]);
      const updated = await send({ method: 'PUT', url: `/v1/Customers/${customerId}`, body: { phone: '0102030405' } });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({
        id: customerId,
        phone: '0102030405',
        companyName: 'ACME SARL',
        email: 'compta@acme.fr',
        internalId: 'crm-42',
        type: 'Business',
      });
    });

    it('creates a product, then an invoice whose lines name it by id and by number with every other field at its default', async () => {
      const product = await send({
        method: 'POST',
        url: '/v1/Products',
        body: { name: 'Journée de conseil', type: 'Service', unitPrice: 650, number: 'SRV-1', internalId: 'sku-1' },
      });
      expect(product.statusCode, product.body).toBe(200);
      productId = product.json().id;
      const invoice = await send({
        method: 'POST',
        url: '/v1/SaleInvoices',
        body: {
          customerId,
          customerOrderReference: 'PO-2025-001',
          date: '2025-03-01T00:00:00',
          internalId: 'order-1001',
          lines: [n8nLine({ productId, quantity: 2 }), n8nLine({ productNumber: 'SRV-1', type: 'Product' })],
        },
      });
      expect(invoice.statusCode, invoice.body).toBe(200);
      const doc = invoice.json();
      invoiceId = doc.id;
      expect(doc).toMatchObject({ customerId, date: '2025-03-01', isDraft: true, customerOrderReference: 'PO-2025-001' });
      // Both prices at 0 with a product named: the product's price (docs/compatibility.md).
      expect(
        doc.lines.map((l: { productId: number; taxExcludedPrice: number; quantity: number; date: string | null }) => [
          l.productId,
          l.taxExcludedPrice,
          l.quantity,
          l.date,
        ]),
      ).toEqual([
        [productId, 650, 2, null],
        [productId, 650, 1, null],
      ]);
      expect(doc).toMatchObject({ taxExcludedAmount: 1950, taxAmount: 390, taxIncludedAmount: 2340 });
    });

    it('finds the invoice, updates its subject alone, and finalizes it with no body', async () => {
      const found = await send({ method: 'GET', url: '/v1/SaleInvoices/Find?internalId=order-1001' });
      expect(found.json().map((d: { id: number }) => d.id)).toEqual([invoiceId]);
      const put = await send({ method: 'PUT', url: `/v1/SaleInvoices/${invoiceId}`, body: { subject: 'Conseil mars' } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ subject: 'Conseil mars', customerId, taxIncludedAmount: 2340 });
      expect(put.json().lines).toHaveLength(2);
      const fin = await send({ method: 'POST', url: `/v1/SaleInvoices/Finalize/${invoiceId}` });
      expect(fin.statusCode, fin.body).toBe(200);
      expect(fin.json()).toMatchObject({ id: invoiceId, isDraft: false, number: expect.stringMatching(/^F-\d{4}-00001$/) });
    });

    it('marks it partly paid with a date-time, then settles the rest with a receipt whose link amount is left at 0', async () => {
      const paid = await send({
        method: 'POST',
        url: '/v1/SaleInvoices/MarkAsPaid',
        body: {
          invoiceId,
          date: '2025-03-10T00:00:00',
          amount: 1000,
          paymentMethod: 'Transfer',
          paymentReference: 'VIR-123',
          status: 'Success',
        },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ id: invoiceId, balance: 1340, isPaid: false });
      const receipt = await send({
        method: 'POST',
        url: '/v1/Receipts',
        body: {
          amount: 1340,
          date: '2025-03-11T00:00:00',
          paymentMethod: 'Transfer',
          customerId,
          links: [{ id: invoiceId, type: 'Invoice', amount: 0 }],
        },
      });
      expect(receipt.statusCode, receipt.body).toBe(200);
      expect(receipt.json()).toMatchObject({ amount: 1340, date: '2025-03-11' });
      const invoice = await send({ method: 'GET', url: `/v1/SaleInvoices/${invoiceId}` });
      expect(invoice.json()).toMatchObject({ balance: 0, isPaid: true });
      expect((await send({ method: 'GET', url: '/v1/Receipts/Find?internalId=' })).statusCode).toBe(200);
      const notes = await send({ method: 'PUT', url: `/v1/Receipts/${receipt.json().id}`, body: { notes: 'solde' } });
      expect(notes.statusCode, notes.body).toBe(200);
      expect(notes.json()).toMatchObject({ notes: 'solde', amount: 1340, date: '2025-03-11', customerId });
      expect((await send({ method: 'GET', url: `/v1/SaleInvoices/${invoiceId}` })).json()).toMatchObject({ balance: 0, isPaid: true });
    });

    it('creates a credit from a line with a price, finalizes it and marks it refunded', async () => {
      const credit = await send({
        method: 'POST',
        url: '/v1/SaleCredits',
        body: {
          customerId,
          date: '2025-03-12T00:00:00',
          internalId: 'refund-1',
          lines: [n8nLine({ description: 'Geste commercial', taxExcludedPrice: 100 })],
        },
      });
      expect(credit.statusCode, credit.body).toBe(200);
      const creditId = credit.json().id;
      expect(credit.json()).toMatchObject({ taxIncludedAmount: 120, date: '2025-03-12' });
      const fin = await send({ method: 'POST', url: `/v1/SaleCredits/Finalize/${creditId}` });
      expect(fin.statusCode, fin.body).toBe(200);
      const refunded = await send({
        method: 'POST',
        url: '/v1/SaleCredits/MarkAsRefunded',
        body: { creditId, date: '2025-03-13T00:00:00', amount: 120, paymentMethod: 'Transfer', refundReference: 'RB-1', status: 'Success' },
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({ id: creditId, balance: 0 });
    });

    it('creates a quote and sends it with an address list: a quote never issued is issued on the way', async () => {
      const quote = await send({
        method: 'POST',
        url: '/v1/SaleQuotes',
        body: { customerId, date: '2025-03-12T00:00:00', lines: [n8nLine({ description: 'Étude', taxExcludedPrice: 50 })] },
      });
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json()).toMatchObject({ number: null, status: 'Pending' });
      const sent = await send({ method: 'POST', url: `/v1/SaleQuotes/Send/${quote.json().id}`, body: ['devis@example.fr'] });
      expect(sent.statusCode, sent.body).toBe(200);
      const number = (await send({ method: 'GET', url: `/v1/SaleQuotes/${quote.json().id}` })).json().number;
      expect(number).toMatch(/^D-2025-\d{5}$/);
      expect(sent.json()).toMatchObject({ documentType: 'Quote', documentNumber: number, to: ['devis@example.fr'], status: 'Queued' });
    });

    it('lists with its options at their defaults: PageIndex 0, date-time bounds, empty Status and OrderBy', async () => {
      const list = await send({
        method: 'GET',
        url: `/v1/SaleInvoices?PageIndex=0&PageSize=50&From=2025-03-01T00:00:00&To=2025-03-31T00:00:00&Status=&CustomerId=${customerId}&OrderBy=`,
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().map((d: { id: number }) => d.id)).toEqual([invoiceId]);
      expect(list.headers).toMatchObject({ 'x-page-index': '1', 'x-page-size': '50', 'x-record-count': '1' });
      // CustomerId=0 is the node's "any customer"; IncludeCancelled=true lists cancelled invoices too.
      const other = await send({ method: 'POST', url: '/v1/SaleInvoices', body: { customerId, lines: [n8nLine({ productId })] } });
      await send({ method: 'POST', url: `/v1/SaleInvoices/Finalize/${other.json().id}` });
      expect((await send({ method: 'POST', url: `/v1/SaleInvoices/Cancel/${other.json().id}` })).statusCode).toBe(200);
      const any = await send({ method: 'GET', url: '/v1/SaleInvoices?PageIndex=1&PageSize=50&CustomerId=0&IncludeCancelled=true' });
      expect(any.statusCode, any.body).toBe(200);
      expect(
        any
          .json()
          .map((d: { id: number }) => d.id)
          .sort(),
      ).toEqual([invoiceId, other.json().id].sort());
      const withoutCancelled = await send({
        method: 'GET',
        url: '/v1/SaleInvoices?PageIndex=1&PageSize=50&CustomerId=0&IncludeCancelled=false',
      });
      expect(withoutCancelled.json().map((d: { id: number }) => d.id)).toEqual([invoiceId]);
      const credits = await send({
        method: 'GET',
        url: '/v1/SaleCredits?PageIndex=1&PageSize=50&From=2025-03-01T00:00:00&To=2025-03-31T00:00:00',
      });
      expect(credits.json()).toHaveLength(1);
      // Two payments and one refund: 1000 and 1340 received, 120 refunded.
      expect(
        (await send({ method: 'GET', url: '/v1/Receipts?PageIndex=1&PageSize=50&query=' }))
          .json()
          .map((r: { amount: number }) => r.amount)
          .sort((x: number, y: number) => x - y),
      ).toEqual([-120, 1000, 1340]);
      const customers = await send({ method: 'GET', url: '/v1/Customers?PageIndex=0&PageSize=50&OrderBy=&query=acme' });
      expect(customers.json().map((c: { id: number }) => c.id)).toEqual([customerId]);
    });

    it('credits a French business customer (SIRET set in the console): finalized with BR-FR-CO-05 as a warning, then refunded', async () => {
      const french = await ctx.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: { 'x-api-key': a.apiKey },
        payload: { type: 'Business', companyName: 'Durand SA', companyInformations: { siret: '73282932000074' } },
      });
      expect(french.statusCode, french.body).toBe(200);
      const credit = await send({
        method: 'POST',
        url: '/v1/SaleCredits',
        body: { customerId: french.json().id, lines: [n8nLine({ description: 'Avoir', taxExcludedPrice: 50 })] },
      });
      expect(credit.statusCode, credit.body).toBe(200);
      const fin = await send({ method: 'POST', url: `/v1/SaleCredits/Finalize/${credit.json().id}` });
      expect(fin.statusCode, fin.body).toBe(200);
      expect(fin.headers['x-einvoicing-warnings']).toContain('BR-FR-CO-05_BT-3');
      const refunded = await send({
        method: 'POST',
        url: '/v1/SaleCredits/MarkAsRefunded',
        body: { creditId: credit.json().id, date: '2025-03-13T00:00:00', amount: 60, paymentMethod: 'Transfer', status: 'Success' },
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toMatchObject({ id: credit.json().id, balance: 0, isPaid: true });
    });

    it('downloads the PDF, reads reference lists and the user', async () => {
      const pdf = await send({ method: 'GET', url: `/v1/SaleInvoices/Download/${invoiceId}` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((await send({ method: 'GET', url: '/v1/BankAccounts/Providers?query=' })).statusCode).toBe(200);
      expect((await send({ method: 'GET', url: '/v1/Classifications' })).json().length).toBeGreaterThan(10);
      expect((await send({ method: 'GET', url: '/v1/Users/me' })).json()).toMatchObject({ profile: 'Api', status: 'Active' });
    });

    it('runs the trigger node: checkExists, create, deliveries read as {type, data}, then delete on deactivation', async () => {
      const receiver = await startReceiver();
      try {
        const trigger = replayer(
          ctx,
          () => a,
          { accept: 'application/json', 'content-type': 'application/json' },
          { jsonTypeWithoutBody: false },
        );
        const events = ['InvoiceCreated', 'InvoiceUpdated', 'CustomerCreated'];
        // checkExists: an array of {id, url, types}; nothing yet.
        const before = await trigger({ method: 'GET', url: '/v1/Webhooks' });
        expect(before.statusCode).toBe(200);
        expect(before.json()).toEqual([]);
        const created = await trigger({ method: 'POST', url: '/v1/Webhooks', body: { name: 'n8n', url: receiver.url, types: events } });
        expect(created.statusCode, created.body).toBe(201);
        const id: number = created.json().id;
        expect(typeof id).toBe('number');
        // The next activation finds it by id with the same set of types, and reuses it.
        const found = (await trigger({ method: 'GET', url: '/v1/Webhooks' })).json().find((w: { id: number; url: string }) => w.id === id);
        expect(found).toMatchObject({ id, url: receiver.url });
        expect([...found.types].sort()).toEqual([...events].sort());
        // A delivery: n8n outputs { eventType: body.type, ...body.data }.
        const invoice = await send({
          method: 'POST',
          url: '/v1/SaleInvoices',
          body: { customerId, lines: [n8nLine({ description: 'Trigger', taxExcludedPrice: 10 })] },
        });
        expect(invoice.statusCode, invoice.body).toBe(200);
        await ctx.app.outbox.drain();
        const delivered = receiver.received.find((r) => r.body.type === 'InvoiceCreated');
        expect(delivered).toBeDefined();
        const item = { eventType: delivered!.body.type, ...delivered!.body.data };
        expect(item).toMatchObject({ eventType: 'InvoiceCreated', id: invoice.json().id, customerId });
        // Deactivation.
        const removed = await trigger({ method: 'DELETE', url: `/v1/Webhooks?id=${id}` });
        expect(removed.statusCode).toBe(200);
        expect((await trigger({ method: 'GET', url: '/v1/Webhooks' })).json()).toEqual([]);
      } finally {
        await receiver.close();
      }
    });

    it('registers and deletes through the Webhook resource (id=0 with the url), and sends an invoice with or without addresses', async () => {
      const hook = await send({
        method: 'POST',
        url: '/v1/Webhooks',
        body: { name: 'resource', url: 'http://127.0.0.1:9/hook', types: ['ProductCreated'], secretKey: 'n8n-secret-0123456789' },
      });
      expect(hook.statusCode, hook.body).toBe(201);
      expect(hook.json().secretKey).toBe('n8n-secret-0123456789');
      const removed = await send({ method: 'DELETE', url: `/v1/Webhooks?id=0&url=${encodeURIComponent('http://127.0.0.1:9/hook')}` });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().id).toBe(hook.json().id);
      // Send: the e-mails field split on commas; an empty list sends no body.
      const withList = await send({
        method: 'POST',
        url: `/v1/SaleInvoices/Send/${invoiceId}`,
        body: 'a@example.fr, b@example.fr'
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean),
      });
      expect(withList.statusCode, withList.body).toBe(200);
      expect(withList.json().to).toEqual(['a@example.fr', 'b@example.fr']);
      const noList = await send({ method: 'POST', url: `/v1/SaleInvoices/Send/${invoiceId}` });
      expect(noList.statusCode, noList.body).toBe(200);
      expect(noList.json().to).toEqual(['compta@acme.fr']);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE: '1' },
);
