// Sending invoices and credit notes by e-mail: the request queues (nothing is sent before the
// worker runs), the worker hands the message to a real SMTP server started here, and the test reads
// what that server received: envelope recipients, headers, text, and the PDF's bytes.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { verifyAuditTrail } from '../../../src/modules/sales/index.js';
import { createMailTransport } from '../../../src/modules/mailing/transport.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { FakeClock, startReceiver, startSmtp, type Receiver, type SmtpSink } from '../../helpers/delivery.js';
import { quotesClient } from '../../helpers/quotes.js';
import { salesClient, simpleLine, type SalesClient } from '../../helpers/sales.js';

const clock = new FakeClock();
let smtp: SmtpSink;

describeEachDb(
  'sending documents by e-mail',
  (ctx) => {
    let a: TestAccount;
    let b: TestAccount;
    let sales: SalesClient;
    let customerId: number;
    const send = (path: string, id: number, payload?: unknown, account = a) =>
      ctx.inject({
        method: 'POST',
        url: `${path}/send/${id}`,
        headers: { ...account.headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
    const queued = async () =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom('emailMessages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const pdfOf = async (path: string, id: number) =>
      (await ctx.inject({ method: 'GET', url: `${path}/download/${id}`, headers: a.headers })).rawPayload;

    afterAll(async () => {
      await smtp.close();
    });
    beforeAll(async () => {
      a = await ctx.newAccount('Atelier Lumière');
      b = await ctx.newAccount('Other account');
      sales = salesClient(ctx, a);
      await sales.settings({
        company: { name: 'Atelier Lumière SARL', contact: { email: 'compta@atelier-lumiere.fr' } },
        emailing: {
          invoices: {
            defaultObjectTemplate: 'Facture {number} de {company}',
            defaultContentTemplate: 'Bonjour {customer},\nMontant : {amount}, échéance {dueDate}.\n{unknown} reste tel quel.',
            defaultCcEmails: ['copie@atelier-lumiere.fr'],
            defaultBccEmails: ['archive@atelier-lumiere.fr'],
            includeDocumentAttachment: true,
            showAmount: true,
          },
        },
      });
      customerId = await sales.customer({ companyName: 'Client Durand', email: 'durand@example.fr' });
    });
    beforeEach(() => {
      smtp.messages.length = 0;
      smtp.rejections.length = 0;
    });

    it('queues on request, and the worker delivers to the customer with the templates, cc, bcc and the Factur-X PDF', async () => {
      const invoice = await sales.finalized('Invoice', { customerId, date: '2026-11-20', lines: [simpleLine(1234.5)] });
      const res = await send('/v1/SaleInvoices', invoice.id); // no body: the customer's address (WooCommerce)
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        documentType: 'Invoice',
        documentId: invoice.id,
        documentNumber: invoice.number,
        status: 'Queued',
        to: ['durand@example.fr'],
        cc: ['copie@atelier-lumiere.fr'],
        bcc: ['archive@atelier-lumiere.fr'],
        subject: `Facture ${invoice.number} de Atelier Lumière SARL`,
        attachment: `${invoice.number}.pdf`,
        sentAt: null,
      });
      expect(smtp.messages).toHaveLength(0);
      expect((await sales.get('Invoice', invoice.id)).json().sentAt).toBeNull();

      await ctx.app.outbox.drain();
      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail.envelope.to.sort()).toEqual(['archive@atelier-lumiere.fr', 'copie@atelier-lumiere.fr', 'durand@example.fr']);
      expect(mail.parsed.to).toMatchObject({ text: 'durand@example.fr' });
      expect(mail.parsed.cc).toMatchObject({ text: 'copie@atelier-lumiere.fr' });
      expect(mail.parsed.bcc).toBeUndefined();
      expect(mail.parsed.replyTo).toMatchObject({ text: 'compta@atelier-lumiere.fr' });
      expect(mail.parsed.subject).toBe(`Facture ${invoice.number} de Atelier Lumière SARL`);
      expect(mail.parsed.text).toContain('Bonjour Client Durand,');
      expect(mail.parsed.text).toContain(`Montant : 1\u202f481,40\u00a0€, échéance ${invoice.dueDate.split('-').reverse().join('/')}.`);
      expect(mail.parsed.text).toContain('{unknown} reste tel quel.');
      // The HTML alternative says the same, escaped, with the line breaks kept.
      expect(mail.parsed.html).toContain('Bonjour Client Durand,<br>Montant : 1\u202f481,40\u00a0€');
      expect(mail.parsed.html).toContain('{unknown} reste tel quel.</p>');
      expect(mail.parsed.attachments).toHaveLength(1);
      const [attachment] = mail.parsed.attachments;
      expect(attachment.filename).toBe(`${invoice.number}.pdf`);
      expect(attachment.contentType).toBe('application/pdf');
      expect(Buffer.compare(attachment.content, await pdfOf('/v1/saleinvoices', invoice.id))).toBe(0);

      const after = (await sales.get('Invoice', invoice.id)).json();
      expect(after.sentAt).toBe(new Date(clock.ms).toISOString());
      const email = await ctx.inject({ method: 'GET', url: `/v1/emails/${res.json().id}`, headers: a.headers });
      expect(email.json()).toMatchObject({ status: 'Sent', attempts: 1, sentAt: after.sentAt });
      expect((await ctx.inject({ method: 'GET', url: `/v1/emails/${res.json().id}`, headers: b.headers })).statusCode).toBe(404);
      // sentAt is sealed with the document: the audit trail still verifies.
      const reports = await verifyAuditTrail(ctx.db.kysely, ctx.keyring, a.accountId);
      expect(reports.every((r) => r.problems.length === 0)).toBe(true);
    });

    it('sends a credit note to the addresses given, with the default French text', async () => {
      const credit = await sales.finalized('Credit', { customerId, date: '2026-11-21', lines: [simpleLine(50)] });
      const res = await send('/v1/salecredits', credit.id, ['Comptable@Example.fr', ' second@example.fr ', 'comptable@example.fr']);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().to).toEqual(['Comptable@Example.fr', 'second@example.fr']);
      await ctx.app.outbox.drain();
      const [mail] = smtp.messages;
      // nodemailer writes domains in lower case; the local part is kept.
      expect(mail.envelope.to.sort()).toEqual(['Comptable@example.fr', 'second@example.fr']);
      expect(mail.parsed.subject).toBe(`Avoir ${credit.number} – Atelier Lumière SARL`);
      expect(mail.parsed.text).toContain(`notre avoir ${credit.number} du 21/11/2026 d’un montant de 60,00\u00a0€`);
      expect(Buffer.compare(mail.parsed.attachments[0].content, await pdfOf('/v1/salecredits', credit.id))).toBe(0);
      expect((await sales.get('Credit', credit.id)).json().sentAt).not.toBeNull();
    });

    it("refuses bad input with nothing queued: a bad address (400 Error naming it), a draft (400), a missing or another account's document (404)", async () => {
      const invoice = await sales.finalized('Invoice', { customerId, lines: [simpleLine()] });
      const draft = await sales.draft('Invoice', { customerId, lines: [simpleLine()] });
      const before = await queued();
      const bad = await send('/v1/saleinvoices', invoice.id, ['ok@example.fr', 'not-an-address']);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        message: expect.stringContaining('not-an-address'),
        errors: ['[1]: "not-an-address" is not an e-mail address'],
      });
      expect((await send('/v1/saleinvoices', invoice.id, 'x@example.fr')).statusCode).toBe(400);
      expect((await send('/v1/saleinvoices', invoice.id, [42])).statusCode).toBe(400);
      const drafted = await send('/v1/saleinvoices', draft.id, ['ok@example.fr']);
      expect(drafted.statusCode).toBe(400);
      expect(drafted.json().message).toMatch(/draft/);
      const missing = await send('/v1/saleinvoices', 999999, ['ok@example.fr']);
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/problem\+json/);
      expect((await send('/v1/saleinvoices', invoice.id, ['ok@example.fr'], b)).statusCode).toBe(404);
      expect((await send('/v1/salecredits', invoice.id, ['ok@example.fr'])).statusCode).toBe(404);
      const noMail = await sales.customer({ companyName: 'Sans Courriel' });
      const silent = await sales.finalized('Invoice', { customerId: noMail, lines: [simpleLine()] });
      const none = await send('/v1/saleinvoices', silent.id, []);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toMatch(/no e-mail address/);
      expect(await queued()).toBe(before);
    });

    it('sends a quote never issued by issuing it on the way, with its PDF and the quote templates; Pending becomes Sent; accepted quotes are refused', async () => {
      await sales.settings({
        emailing: {
          quotes: {
            defaultObjectTemplate: '{document} {number} – valable jusqu’au {dueDate}',
            defaultContentTemplate: 'Bonjour {customer},\nVoici notre devis de {amount}.',
            includeDocumentAttachment: true,
            showAmount: true,
          },
        },
      });
      const quotes = quotesClient(ctx, a);
      const draft = await quotes.draft({ customerId, date: '2026-11-20', validityDate: '2026-12-20', lines: [simpleLine(100)] });
      expect(draft).toMatchObject({ status: 'Pending', number: null });
      // Altoviz has no separate draft state for quotes: sending a quote never issued issues it.
      const res = await send('/v1/SaleQuotes', draft.id);
      expect(res.statusCode, res.body).toBe(200);
      const issued = (await quotes.get(draft.id)).json();
      expect(issued.number).toMatch(/^D-\d{4}-\d{5}$/);
      expect(res.json()).toMatchObject({
        documentType: 'Quote',
        documentId: draft.id,
        documentNumber: issued.number,
        status: 'Queued',
        to: ['durand@example.fr'],
        subject: `Devis ${issued.number} – valable jusqu’au 20/12/2026`,
        attachment: `${issued.number}.pdf`,
      });
      expect((await quotes.get(draft.id)).json()).toMatchObject({ status: 'Pending', sentAt: null });
      await ctx.app.outbox.drain();
      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail.envelope.to).toEqual(['durand@example.fr']);
      expect(mail.parsed.text).toContain('Voici notre devis de 120,00\u00a0€.');
      const pdf = (await ctx.inject({ method: 'GET', url: `/v1/salequotes/download/${draft.id}`, headers: a.headers })).rawPayload;
      expect(mail.parsed.attachments[0].filename).toBe(`${issued.number}.pdf`);
      expect(mail.parsed.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(mail.parsed.attachments[0].content.length).toBeGreaterThan(pdf.length / 2);
      const after = (await quotes.get(draft.id)).json();
      expect(after).toMatchObject({ status: 'Sent', sentAt: new Date(clock.ms).toISOString() });

      await quotes.done('accept', draft.id);
      const again = await send('/v1/salequotes', draft.id, ['x@example.fr']);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(`Quote ${issued.number} is Accepted: it cannot be sent by e-mail`);
      expect((await send('/v1/salequotes', draft.id, ['x@example.fr'], b)).statusCode).toBe(404);
    });

    it('retries a temporary SMTP refusal after its backoff, and gives up on a permanent one with EmailFailed', async () => {
      const receiver: Receiver = await startReceiver();
      try {
        await ctx.inject({
          method: 'POST',
          url: '/v1/webhooks',
          headers: a.headers,
          payload: { name: 'mail', url: receiver.url, types: ['EmailSent', 'EmailFailed', 'InvoiceSent'] },
        });
        const first = await sales.finalized('Invoice', { customerId, lines: [simpleLine()] });
        smtp.rejections.push(451);
        const queuedMail = (await send('/v1/saleinvoices', first.id, [])).json();
        await ctx.app.outbox.drain();
        expect(smtp.messages).toHaveLength(0);
        let state = (await ctx.inject({ method: 'GET', url: `/v1/emails/${queuedMail.id}`, headers: a.headers })).json();
        expect(state).toMatchObject({ status: 'Queued', attempts: 1, lastError: expect.stringContaining('451') });
        clock.advance(60_000);
        await ctx.app.outbox.drain();
        expect(smtp.messages).toHaveLength(1);
        state = (await ctx.inject({ method: 'GET', url: `/v1/emails/${queuedMail.id}`, headers: a.headers })).json();
        expect(state).toMatchObject({ status: 'Sent', attempts: 2 });

        const second = await sales.finalized('Invoice', { customerId, lines: [simpleLine()] });
        smtp.rejections.push(550);
        const refused = (await send('/v1/saleinvoices', second.id, ['nobody@example.fr'])).json();
        await ctx.app.outbox.drain();
        state = (await ctx.inject({ method: 'GET', url: `/v1/emails/${refused.id}`, headers: a.headers })).json();
        expect(state).toMatchObject({ status: 'Failed', attempts: 1, lastError: expect.stringContaining('550') });
        expect((await sales.get('Invoice', second.id)).json().sentAt).toBeNull();
        await ctx.app.outbox.drain();
        const events = receiver.received.map((r) => `${r.body.type}:${r.body.data.id}`);
        expect(events).toEqual([`InvoiceSent:${first.id}`, `EmailSent:${queuedMail.id}`, `EmailFailed:${refused.id}`]);
        expect(receiver.received[0].body.data.sentAt).not.toBeNull();
      } finally {
        await receiver.close();
      }
    });

    it('lists the account’s e-mails newest first, filtered by document and status, with paging headers', async () => {
      const list = async (query: string, account = a) => {
        const res = await ctx.inject({ method: 'GET', url: `/v1/emails${query}`, headers: account.headers });
        expect(res.statusCode, res.body).toBe(200);
        return res;
      };
      const all = (await list('?PageSize=100')).json();
      expect(all.length).toBe(await queued());
      expect(all.map((e: { id: number }) => e.id)).toEqual([...all.map((e: { id: number }) => e.id)].sort((x: number, y: number) => y - x));
      const failed = (await list('?Status=Failed')).json();
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((e: { status: string }) => e.status === 'Failed')).toBe(true);
      const quote = all.find((e: { documentType: string }) => e.documentType === 'Quote');
      const ofQuote = (await list(`?DocumentType=Quote&DocumentId=${quote.documentId}`)).json();
      expect(ofQuote.map((e: { id: number }) => e.id)).toEqual([quote.id]);
      const page = await list('?PageSize=1&PageIndex=2');
      expect(page.headers).toMatchObject({ 'x-record-count': String(all.length), 'x-page-index': '2', 'x-page-size': '1' });
      expect(page.json().map((e: { id: number }) => e.id)).toEqual([all[1].id]);
      expect((await list('', b)).json()).toEqual([]);
      const bad = await ctx.inject({ method: 'GET', url: '/v1/emails?Status=Lost', headers: a.headers });
      expect(bad.statusCode).toBe(400);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE: '1' },
  async () => {
    smtp = await startSmtp();
    return { delivery: { clock: clock.now }, mailTransport: createMailTransport({ smtpUrl: smtp.url, mailDir: '' }) };
  },
);
