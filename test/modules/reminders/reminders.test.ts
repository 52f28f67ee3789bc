// Reminders of overdue invoices, with a controlled clock on both databases: 90 days of the schedule
// send each step once (to a real SMTP server, with the PDF), stop at payment, skip a disputed
// invoice and a customer switched off; the next step on demand; bad input refused or explained.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMailTransport } from '../../../src/modules/mailing/transport.js';
import { runSchedule } from '../../../src/modules/reminders/service.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { FakeClock, startSmtp, type SmtpSink } from '../../helpers/delivery.js';
import { salesClient, simpleLine, type SalesClient } from '../../helpers/sales.js';

const DAY = 86_400_000;
const START = Date.parse('2026-11-20T09:00:00.000Z');
const clock = new FakeClock(START);
let smtp: SmtpSink;

const STEPS = [
  {
    daysAfterDueDate: 1,
    subject: 'Rappel facture {number}',
    body: 'Bonjour {customer},\nReste dû : {amountDue} ({daysLate} jours de retard, échéance {dueDate}).',
  },
  { daysAfterDueDate: 15, subject: 'Second rappel {number}', body: 'Toujours {amountDue} dus.' },
  {
    daysAfterDueDate: 30,
    subject: 'Mise en demeure {number}',
    body: 'Nous vous mettons en demeure de régler {amountDue}.',
    formalNotice: true,
  },
];

describeEachDb(
  'reminders of overdue invoices',
  (ctx) => {
    let a: TestAccount;
    let b: TestAccount;
    let sales: SalesClient;
    let customerId: number;
    const remind = (id: number, account = a) =>
      ctx.inject({ method: 'POST', url: `/v1/saleinvoices/remind/${id}`, headers: account.headers });
    const plan = async (id: number, account = a) => {
      const res = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/reminders/${id}`, headers: account.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const pay = async (invoiceId: number, amount: number, date: string) => {
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/SaleInvoices/MarkAsPaid',
        headers: a.headers,
        payload: { invoiceId, amount, date, paymentMethod: 'Transfer' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const remindedEvents = async () =>
      (
        await ctx.db.kysely
          .selectFrom('outbox')
          .select('payload')
          .where('accountId', '=', a.accountId)
          .where('type', '=', 'InvoiceReminded')
          .execute()
      ).map((r) => JSON.parse(r.payload) as { invoiceId: number; step: number });
    const dispute = (invoiceId: number, number: string) =>
      ctx.db.kysely
        .insertInto('platformStatuses')
        .values({
          accountId: a.accountId,
          documentKind: 'Invoice',
          documentId: invoiceId,
          invoiceNumber: number,
          invoiceDate: null,
          sellerId: null,
          code: '207',
          label: 'En litige',
          statusAt: new Date(clock.ms).toISOString(),
          emitter: 'Buyer',
          reasonCode: null,
          reason: 'Quantités contestées',
          receivedAt: null,
          amounts: null,
          messageId: `m-${invoiceId}`,
          flowId: null,
          unmatchedReason: null,
          dedupeKey: `d-${invoiceId}`,
          createdAt: new Date(clock.ms).toISOString(),
        })
        .execute();

    afterAll(async () => {
      await smtp.close();
    });
    beforeAll(async () => {
      clock.ms = START; // each database's suite starts on the same day
      a = await ctx.newAccount('Atelier Lumière');
      b = await ctx.newAccount('Other account');
      sales = salesClient(ctx, a);
      await sales.settings({
        company: { name: 'Atelier Lumière SARL', contact: { email: 'compta@atelier-lumiere.fr' } },
        documentDefaults: { latePaymentPenaltyRate: 12.5 },
        reminders: { enabled: true, steps: STEPS },
      });
      customerId = await sales.customer({ companyName: 'Client Durand', email: 'durand@example.fr' });
    });

    it('refuses a template with an unknown placeholder, naming it, and steps out of order', async () => {
      const res = await ctx.inject({
        method: 'PUT',
        url: '/v1/settings',
        headers: a.headers,
        payload: {
          reminders: {
            steps: [
              { daysAfterDueDate: 5, subject: 'Rappel {number}', body: 'Montant : {montant}, {amountDue}' },
              { daysAfterDueDate: 5, subject: '{numero}', body: 'x' },
            ],
          },
        },
      });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(JSON.stringify(body)).toContain('unknown placeholder {montant}');
      expect(body.errors['reminders.steps[0].body']?.[0] ?? JSON.stringify(body)).toContain('{montant}');
      expect(JSON.stringify(body)).toContain('reminders.steps[1].subject');
      expect(JSON.stringify(body)).toContain('reminders.steps[1].daysAfterDueDate');
      // Nothing was saved.
      const settings = (await ctx.inject({ method: 'GET', url: '/v1/settings', headers: a.headers })).json();
      expect(settings.reminders.steps.map((s: { daysAfterDueDate: number }) => s.daysAfterDueDate)).toEqual([1, 15, 30]);
    });

    it('90 days of the schedule send each step once, with the PDF and the legal mentions; stop at payment; skip a disputed invoice', async () => {
      const unpaid = await sales.finalized('Invoice', { customerId, date: '2026-11-20', lines: [simpleLine(100)] });
      const partial = await sales.finalized('Invoice', { customerId, date: '2026-11-20', lines: [simpleLine(100)] });
      const disputed = await sales.finalized('Invoice', { customerId, date: '2026-11-20', lines: [simpleLine(100)] });
      expect(unpaid.dueDate).toEqual(partial.dueDate);
      const due = Date.parse(`${unpaid.dueDate}T09:00:00.000Z`);
      await pay(partial.id, 50, '2026-11-21');
      await dispute(disputed.id, disputed.number);
      const start = clock.ms;
      smtp.messages.length = 0;
      for (let day = 0; day <= 90; day++) {
        clock.ms = start + day * DAY;
        if (clock.ms === due + 10 * DAY) await pay(partial.id, 70, '2026-12-30'); // paid in full between steps 1 and 2
        await ctx.app.outbox.drain();
        await ctx.app.outbox.drain(); // a second round the same day sends nothing more
      }
      const toDurand = smtp.messages.filter((m) => m.envelope.to.includes('durand@example.fr'));
      const subjects = toDurand.map((m) => m.parsed.subject);
      expect(subjects.sort()).toEqual(
        [
          `Rappel facture ${unpaid.number}`,
          `Second rappel ${unpaid.number}`,
          `Mise en demeure ${unpaid.number}`,
          `Rappel facture ${partial.number}`,
        ].sort(),
      );
      const first = toDurand.find((m) => m.parsed.subject === `Rappel facture ${unpaid.number}`)!;
      expect(first.parsed.text).toContain('Bonjour Client Durand,');
      expect(first.parsed.text).toContain('Reste dû : 120,00\u00a0€ (1 jours de retard');
      expect(first.parsed.attachments.map((f) => f.filename)).toEqual([`${unpaid.number}.pdf`]);
      expect(first.parsed.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
      const partialMail = toDurand.find((m) => m.parsed.subject === `Rappel facture ${partial.number}`)!;
      expect(partialMail.parsed.text).toContain('Reste dû : 70,00\u00a0€'); // 120 less the 50 paid
      const notice = toDurand.find((m) => m.parsed.subject === `Mise en demeure ${unpaid.number}`)!;
      expect(notice.parsed.text).toContain('Nous vous mettons en demeure de régler 120,00\u00a0€.');
      expect(notice.parsed.text).toContain('article L441-10 du Code de commerce');
      expect(notice.parsed.text).toContain('au taux annuel de 12,5 %');
      expect(notice.parsed.text).toContain('indemnité forfaitaire pour frais de recouvrement de 40 €');

      const p = await plan(unpaid.id);
      expect(p.history.map((r: { step: number; daysLate: number; trigger: string }) => [r.step, r.daysLate, r.trigger])).toEqual([
        [1, 1, 'Schedule'],
        [2, 15, 'Schedule'],
        [3, 30, 'Schedule'],
      ]);
      expect(p.history.map((r: { createdAt: string }) => r.createdAt.slice(0, 10))).toEqual(
        [1, 15, 30].map((d) => new Date(due + d * DAY).toISOString().slice(0, 10)),
      );
      expect(p.steps.map((s: { status: string }) => s.status)).toEqual(['Sent', 'Sent', 'Sent']);
      expect((await plan(partial.id)).history.map((r: { step: number; amountDue: number }) => [r.step, r.amountDue])).toEqual([[1, 70]]);
      const pd = await plan(disputed.id);
      expect(pd.history).toEqual([]);
      expect(pd).toMatchObject({ sendable: false, notSendableReason: expect.stringContaining('disputes') });
      // One webhook event per reminder.
      const events = await remindedEvents();
      expect(events.map((e) => [e.invoiceId, e.step]).sort()).toEqual(
        [
          [unpaid.id, 1],
          [unpaid.id, 2],
          [unpaid.id, 3],
          [partial.id, 1],
        ].sort(),
      );
      // Several processes at once (two runs of the schedule racing) send no step twice.
      const late = await sales.finalized('Invoice', { customerId, date: '2026-11-20', lines: [simpleLine(10)] });
      const appCtx = { config: ctx.config, db: ctx.db, workers: ctx.workers, keyring: ctx.keyring };
      const runs = await Promise.all([runSchedule(appCtx, clock.now, clock.ms), runSchedule(appCtx, clock.now, clock.ms)]);
      expect(runs.sort()).toEqual([0, 1]);
      expect((await plan(late.id)).history.map((r: { step: number }) => r.step)).toEqual([3]);
    });

    it('sends the next step on demand, then refuses once all were sent, or for a paid invoice', async () => {
      const inv = await sales.finalized('Invoice', { customerId, date: '2026-11-20', lines: [simpleLine(40)] });
      const one = await remind(inv.id);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ invoiceId: inv.id, step: 1, trigger: 'Manual', amountDue: 48, recipient: 'durand@example.fr' });
      const email = await ctx.inject({ method: 'GET', url: `/v1/emails/${one.json().emailId}`, headers: a.headers });
      expect(email.json()).toMatchObject({
        documentType: 'Invoice',
        documentId: inv.id,
        status: 'Queued',
        attachment: `${inv.number}.pdf`,
      });
      expect((await remind(inv.id)).json()).toMatchObject({ step: 2 });
      expect((await remind(inv.id)).json()).toMatchObject({ step: 3, formalNotice: true });
      const over = await remind(inv.id);
      expect(over.statusCode).toBe(400);
      expect(over.json().detail).toContain('Every step of the reminder schedule (3) was already sent');
      await ctx.app.outbox.drain();
      // Reminding does not count as sending the invoice itself.
      expect((await sales.get('Invoice', inv.id)).json().sentAt).toBeNull();

      const paid = await sales.finalized('Invoice', { customerId, date: '2026-11-20', lines: [simpleLine(40)] });
      await pay(paid.id, 48, '2026-11-21');
      const refused = await remind(paid.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toContain('the invoice is paid');
      expect((await remind(inv.id, b)).statusCode).toBe(404);
      expect((await remind(999_999)).statusCode).toBe(404);
      expect((await remind(Number.MAX_SAFE_INTEGER)).statusCode).toBeLessThan(500);
    });

    it('lists a reminder as not sendable, with the reason, for a customer without e-mail or switched off', async () => {
      const mute = await sales.customer({ companyName: 'Sans Courriel SA' });
      const inv = await sales.finalized('Invoice', { customerId: mute, date: '2026-11-20', lines: [simpleLine(40)] });
      const p = await plan(inv.id);
      expect(p).toMatchObject({
        sendable: false,
        recipient: null,
        notSendableReason: 'Sans Courriel SA has no e-mail address (neither the billing contact nor the customer)',
      });
      expect(p.steps[0].subject).toBe(`Rappel facture ${inv.number}`);
      const res = await remind(inv.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain('has no e-mail address');

      const off = await sales.customer({ companyName: 'Client Discret', email: 'discret@example.fr' });
      await sales.settings({ reminders: { excludedCustomerIds: [off] } });
      const quiet = await sales.finalized('Invoice', { customerId: off, date: '2026-11-20', lines: [simpleLine(40)] });
      expect((await plan(quiet.id)).notSendableReason).toContain('reminders are switched off for Client Discret');
      clock.advance(60 * DAY);
      await ctx.app.outbox.drain();
      expect((await plan(quiet.id)).history).toEqual([]);
    });

    it('previews a step before it is saved, with sample values or an invoice’s, and names an unknown placeholder', async () => {
      const preview = (payload: object) => ctx.inject({ method: 'POST', url: '/v1/reminders/preview', headers: a.headers, payload });
      const sample = await preview({
        subject: 'Relance {number}',
        body: 'Reste {amountDue} sur {amount}, {daysLate} jours.',
        formalNotice: true,
      });
      expect(sample.statusCode, sample.body).toBe(200);
      expect(sample.json().subject).toBe('Relance F-2026-00042');
      expect(sample.json().body).toContain('Reste 1\u202f234,50\u00a0€ sur 1\u202f481,40\u00a0€, 15 jours.');
      expect(sample.json().body).toContain('40 €');
      const inv = await sales.finalized('Invoice', { customerId, date: '2026-11-20', lines: [simpleLine(40)] });
      const real = await preview({ subject: 'Relance {number}', body: '{customer} : {amountDue}', invoiceId: inv.id });
      expect(real.json()).toEqual({ subject: `Relance ${inv.number}`, body: 'Client Durand : 48,00\u00a0€' });
      const bad = await preview({ subject: 'Relance {numero}', body: 'ok' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('unknown placeholder {numero}');
      expect((await preview({ subject: 'x', body: 'y', invoiceId: 999_999 })).statusCode).toBe(404);
    });

    it('leaves the late-payment mentions out of the formal notice to a consumer', async () => {
      const person = await sales.customer({ companyName: null, firstName: 'Jeanne', lastName: 'Martin', email: 'jeanne@example.fr' });
      const inv = await sales.finalized('Invoice', { customerId: person, date: '2026-11-20', lines: [simpleLine(40)] });
      const p = await plan(inv.id);
      expect(p.steps[2].formalNotice).toBe(true);
      expect(p.steps[2].body).toContain('Nous vous mettons en demeure');
      expect(p.steps[2].body).not.toContain('L441-10');
      expect(p.steps[2].body).not.toContain('40 €');
    });
  },
  {},
  async () => {
    smtp = await startSmtp();
    return { delivery: { clock: clock.now }, mailTransport: createMailTransport({ smtpUrl: smtp.url, mailDir: '' }) };
  },
);
