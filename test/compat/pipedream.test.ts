// The Pipedream components (PipedreamHQ/pipedream, components/altoviz): their actions' requests as
// docs/clients/requests.md §5.2 records them. Axios sends `Accept: application/json, text/plain, */*`
// and a JSON content type only with a body. The sources register a webhook on activation and emit
// each delivery's body with `id: body.id` (dedupe "unique"); the send action posts an address array.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { startReceiver } from '../helpers/delivery.js';
import { replayer } from './client.js';

const HEADERS = { accept: 'application/json, text/plain, */*', 'content-type': 'application/json' };

describeEachDb(
  'Pipedream components',
  (ctx) => {
    let a: TestAccount;
    const send = replayer(ctx, () => a, HEADERS, { jsonTypeWithoutBody: false });

    beforeAll(async () => {
      a = await ctx.newAccount('Atelier Facturier SAS');
    });

    it('creates a contact customer with an empty shipping address', async () => {
      const res = await send({
        method: 'POST',
        url: '/v1/Customers',
        body: {
          email: 'jean@exemple.fr',
          firstName: 'Jean',
          lastName: 'Dupont',
          number: 'PD-0001',
          billingAddress: { street: '1 rue de la Paix', city: 'Paris', zipcode: '75002', countryIso: 'FR' },
          shippingAddress: {},
          phone: '0102030405',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: expect.any(Number), number: 'PD-0001', name: 'Jean Dupont', shippingAddress: null });
    });

    it('looks a product up by number, creates it with a string purchase price, and finds it', async () => {
      const none = await send({ method: 'GET', url: '/v1/Products/Find?number=SKU-1' });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
      const created = await send({
        method: 'POST',
        url: '/v1/Products',
        body: { name: 'T-shirt', number: 'SKU-1', description: 'Coton bio', purchasePrice: '12.50' },
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({ purchasePrice: 12.5, number: 'SKU-1' });
      expect((await send({ method: 'GET', url: '/v1/Products/Find?number=SKU-1' })).json().map((p: { id: number }) => p.id)).toEqual([
        created.json().id,
      ]);
    });

    it('pages through invoices to send until a page is empty', async () => {
      for (let i = 0; i < 3; i++) {
        const draft = await send({
          method: 'POST',
          url: '/v1/SaleInvoices',
          body: { customerName: `Client ${i}`, lines: [{ description: 'x', quantity: 1, taxExcludedPrice: 10 }] },
        });
        expect((await send({ method: 'POST', url: `/v1/SaleInvoices/Finalize/${draft.json().id}` })).statusCode).toBe(200);
      }
      const seen: number[] = [];
      for (let page = 1; page < 10; page++) {
        const res = await send({ method: 'GET', url: `/v1/SaleInvoices?PageIndex=${page}&PageSize=2&Status=ToSend` });
        expect(res.statusCode).toBe(200);
        const items = res.json<{ id: number; number: string }[]>();
        if (items.length === 0) break;
        seen.push(...items.map((d) => d.id));
      }
      expect(seen).toHaveLength(3);
    });

    it('activates the new-contact and new-sales-invoice sources: one webhook each, every delivery a unique id, type and data', async () => {
      const receiver = await startReceiver();
      try {
        for (const eventTypes of [
          ['ContactCreated', 'ContactUpdated', 'ContactDeleted'],
          ['InvoiceCreated', 'InvoiceUpdated', 'InvoiceDeleted'],
        ]) {
          const hook = await send({
            method: 'POST',
            url: '/v1/Webhooks',
            body: { name: 'Pipedream Webhook', url: receiver.url, types: eventTypes },
          });
          expect(hook.statusCode, hook.body).toBe(201);
          expect(hook.json()).toHaveProperty('id');
        }
        const contact = await send({
          method: 'POST',
          url: '/v1/Contacts',
          body: { firstName: 'Léa', lastName: 'Martin', email: 'lea@example.fr' },
        });
        expect(contact.statusCode, contact.body).toBe(200);
        const invoice = await send({
          method: 'POST',
          url: '/v1/SaleInvoices',
          body: { customerName: 'Client source', lines: [{ description: 'x', quantity: 1, taxExcludedPrice: 10 }] },
        });
        await send({ method: 'DELETE', url: `/v1/SaleInvoices/${invoice.json().id}` });
        await ctx.app.outbox.drain();
        const bodies = receiver.received.map((r) => r.body);
        expect(bodies.map((b) => b.type)).toEqual(['ContactCreated', 'InvoiceCreated', 'InvoiceDeleted']);
        expect(new Set(bodies.map((b) => b.id)).size).toBe(3);
        expect(bodies[0].data).toMatchObject({ id: contact.json().id, firstName: 'Léa', lastName: 'Martin', email: 'lea@example.fr' });
        expect(bodies[1].data).toMatchObject({ id: invoice.json().id, customerName: 'Client source' });
        // What `run({ body })` emits: { id: body.id, summary: `New ${body.type} Event` }.
        expect(`New ${bodies[0].type} Event`).toBe('New ContactCreated Event');
      } finally {
        await receiver.close();
      }
    });

    it('sends a sales invoice to the e-mails given, and returns the whole answer', async () => {
      const draft = await send({
        method: 'POST',
        url: '/v1/SaleInvoices',
        body: { customerName: 'Client envoi', lines: [{ description: 'x', quantity: 1, taxExcludedPrice: 10 }] },
      });
      await send({ method: 'POST', url: `/v1/SaleInvoices/Finalize/${draft.json().id}` });
      const res = await send({ method: 'POST', url: `/v1/SaleInvoices/Send/${draft.json().id}`, body: ['compta@client.fr'] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ documentId: draft.json().id, status: 'Queued', to: ['compta@client.fr'] });
    });
  },
  { WEBHOOK_ALLOW_PRIVATE: '1' },
);
