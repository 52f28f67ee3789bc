// Recurring invoices with a controlled clock on both databases: a year of a monthly model issues
// its 12 invoices, dated on their days, even with the server stopped for a week (caught up, no
// duplicate); two workers at once issue an occurrence once; a model whose customer is deleted
// stops and says why; Finalize mode finalizes; bad input is refused naming the field.
import { beforeAll, expect, it } from 'vitest';
import { issueDue } from '../../../src/modules/recurring/service.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { FakeClock } from '../../helpers/delivery.js';
import { salesClient, simpleLine, type SalesClient } from '../../helpers/sales.js';

const DAY = 86_400_000;
const START = Date.parse('2026-11-28T09:00:00.000Z');
const clock = new FakeClock(START);

describeEachDb(
  'recurring invoices',
  (ctx) => {
    let a: TestAccount;
    let b: TestAccount;
    let sales: SalesClient;
    let customerId: number;
    const appCtx = () => ({ config: ctx.config, db: ctx.db, workers: ctx.workers, keyring: ctx.keyring });
    const create = (payload: object, account = a) =>
      ctx.inject({ method: 'POST', url: '/v1/recurringinvoices', headers: account.headers, payload });
    const model = async (payload: object) => {
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const get = async (id: number) => (await ctx.inject({ method: 'GET', url: `/v1/recurringinvoices/${id}`, headers: a.headers })).json();
    const occurrences = async (id: number) => {
      const res = await ctx.inject({ method: 'GET', url: `/v1/recurringinvoices/${id}/invoices`, headers: a.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ occurrence: number; issueDate: string; invoiceId: number; problem: string | null; createdAt: string }[]>();
    };

    beforeAll(async () => {
      clock.ms = START;
      a = await ctx.newAccount('Abonnements SARL');
      b = await ctx.newAccount('Other');
      sales = salesClient(ctx, a);
      customerId = await sales.customer({ companyName: 'Client Mensuel', email: 'mensuel@example.fr' });
    });

    it('a year of a monthly model issues 12 invoices on their days, even with the server stopped for a week', async () => {
      const m = await model({
        customerId,
        invoice: { lines: [simpleLine(100)], subject: 'Abonnement mensuel' },
        frequency: 'Monthly',
        startDate: '2026-12-01',
        dayOfIssue: 1,
        count: 12,
        mode: 'Draft',
      });
      expect(m).toMatchObject({ status: 'Active', nextDate: '2026-12-01', issuedCount: 0, mode: 'Draft' });
      const stoppedFrom = Date.parse('2027-02-27T09:00:00.000Z');
      const stoppedUntil = Date.parse('2027-03-06T09:00:00.000Z');
      for (let t = START; t <= Date.parse('2027-12-31T09:00:00.000Z'); t += DAY) {
        clock.ms = t;
        if (t >= stoppedFrom && t <= stoppedUntil) continue; // the server is stopped for a week
        await ctx.app.outbox.drain();
      }
      const issued = await occurrences(m.id);
      const expectedDates = ['2026-12-01', ...Array.from({ length: 11 }, (_, i) => `2027-${String(i + 1).padStart(2, '0')}-01`)];
      expect(issued.map((o) => o.issueDate)).toEqual(expectedDates);
      expect(issued.map((o) => o.occurrence)).toEqual([...Array(12).keys()]);
      expect(new Set(issued.map((o) => o.invoiceId)).size).toBe(12);
      expect(issued.every((o) => o.problem === null)).toBe(true);
      // March's invoice was issued when the server came back, dated on its day.
      expect(issued[3].createdAt.slice(0, 10)).toBe('2027-03-07');
      for (const o of issued) {
        const invoice = (await sales.get('Invoice', o.invoiceId)).json();
        expect(invoice).toMatchObject({
          customerId,
          date: o.issueDate,
          isDraft: true,
          subject: 'Abonnement mensuel',
          taxIncludedAmount: 120,
        });
      }
      expect(await get(m.id)).toMatchObject({ status: 'Finished', nextDate: null, issuedCount: 12 });
      const events = await ctx.db.kysely
        .selectFrom('outbox')
        .select('payload')
        .where('accountId', '=', a.accountId)
        .where('type', '=', 'RecurringInvoiceIssued')
        .execute();
      expect(events.filter((e) => (JSON.parse(e.payload) as { modelId: number }).modelId === m.id)).toHaveLength(12);
    });

    it('two workers at once issue an occurrence once', async () => {
      clock.ms = Date.parse('2028-01-10T09:00:00.000Z');
      const m = await model({
        customerId,
        invoice: { lines: [simpleLine(10)] },
        frequency: 'EveryNDays',
        intervalDays: 30,
        startDate: '2028-01-10',
      });
      const counts = await Promise.all([issueDue(appCtx(), clock.now, clock.ms), issueDue(appCtx(), clock.now, clock.ms)]);
      expect(counts.reduce((s, n) => s + n, 0)).toBe(1);
      expect((await occurrences(m.id)).map((o) => o.issueDate)).toEqual(['2028-01-10']);
      expect(await get(m.id)).toMatchObject({ status: 'Active', nextDate: '2028-02-09', issuedCount: 1 });
    });

    it('stops a model whose customer was deleted, saying why', async () => {
      clock.ms = Date.parse('2028-03-01T09:00:00.000Z');
      const gone = await sales.customer({ companyName: 'Client Parti' });
      const m = await model({ customerId: gone, invoice: { lines: [simpleLine(10)] }, frequency: 'Quarterly', startDate: '2028-03-15' });
      expect((await ctx.inject({ method: 'DELETE', url: `/v1/customers/${gone}`, headers: a.headers })).statusCode).toBe(200);
      clock.ms = Date.parse('2028-03-16T09:00:00.000Z');
      await ctx.app.outbox.drain();
      expect(await get(m.id)).toMatchObject({
        status: 'Stopped',
        nextDate: null,
        stoppedReason: expect.stringContaining(`customer ${gone} was deleted`),
      });
      expect(await occurrences(m.id)).toEqual([]);
    });

    it('Finalize mode on the worker clock: a year of monthly invoices finalized on their days, numbered in order, chronology kept after a stop', async () => {
      clock.ms = START;
      const own = await ctx.newAccount('Abonnements finalisés SARL');
      const ownSales = salesClient(ctx, own);
      const client = await ownSales.customer({ companyName: 'Client Finalisé', email: 'final@example.fr' });
      // The API finalizes on the real day: the hand-made invoice of the test's 5 February 2027 is ahead of it.
      const early = await ctx.inject({
        method: 'PUT',
        url: '/v1/settings',
        headers: own.headers,
        payload: { sales: { invoices: { earlyFinalizationDuration: 365 } } },
      });
      expect(early.statusCode, early.body).toBe(200);
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/recurringinvoices',
        headers: own.headers,
        payload: {
          customerId: client,
          invoice: { lines: [simpleLine(100)] },
          frequency: 'Monthly',
          startDate: '2026-12-01',
          dayOfIssue: 1,
          count: 12,
          mode: 'Finalize',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const stoppedFrom = Date.parse('2027-01-25T09:00:00.000Z');
      const stoppedUntil = Date.parse('2027-02-10T09:00:00.000Z');
      let byHand: { number?: string | null; date?: string } | null = null;
      for (let t = START; t <= Date.parse('2027-12-31T09:00:00.000Z'); t += DAY) {
        clock.ms = t;
        if (t >= stoppedFrom && t <= stoppedUntil) {
          // The worker is stopped, the API is not: an invoice finalized by hand on 5 February.
          if (!byHand && t >= Date.parse('2027-02-05T09:00:00.000Z'))
            byHand = await ownSales.finalized('Invoice', { customerId: client, date: '2027-02-05', lines: [simpleLine(10)] });
          continue;
        }
        await ctx.app.outbox.drain();
      }
      const list = await ctx.inject({ method: 'GET', url: `/v1/recurringinvoices/${res.json().id}/invoices`, headers: own.headers });
      const issued = list.json<{ issueDate: string; invoiceId: number; problem: string | null }[]>();
      expect(issued).toHaveLength(12);
      expect(issued.every((o) => o.problem === null)).toBe(true);
      const invoices = await Promise.all(issued.map(async (o) => (await ownSales.get('Invoice', o.invoiceId)).json()));
      expect(invoices.every((i) => i.isDraft === false)).toBe(true);
      // On their days, except February's: issued when the worker came back, after the invoice of 5 February
      // was numbered, it takes that date so that numbers follow dates.
      expect(invoices.map((i) => i.date)).toEqual([
        '2026-12-01',
        '2027-01-01',
        '2027-02-05',
        ...Array.from({ length: 9 }, (_, i) => `2027-${String(i + 3).padStart(2, '0')}-01`),
      ]);
      expect(byHand).toMatchObject({ number: 'F-2027-00002', date: '2027-02-05' });
      expect(invoices.map((i) => i.number)).toEqual([
        'F-2026-00001',
        'F-2027-00001',
        'F-2027-00003',
        ...Array.from({ length: 9 }, (_, i) => `F-2027-${String(i + 4).padStart(5, '0')}`),
      ]);
    });

    it('finalizes each invoice in Finalize mode, and sends it in FinalizeAndSend mode', async () => {
      clock.ms = Date.now();
      const today = new Date(clock.ms).toISOString().slice(0, 10);
      const m = await model({
        customerId,
        invoice: { lines: [simpleLine(50)] },
        frequency: 'Yearly',
        startDate: today,
        count: 1,
        mode: 'Finalize',
      });
      await ctx.app.outbox.drain();
      const [o] = await occurrences(m.id);
      expect(o.problem).toBeNull();
      const invoice = (await sales.get('Invoice', o.invoiceId)).json();
      expect(invoice).toMatchObject({ isDraft: false, number: expect.stringMatching(/^F-/), taxIncludedAmount: 60 });
      expect(await get(m.id)).toMatchObject({ status: 'Finished', issuedCount: 1 });

      // FinalizeAndSend: finalized, and its e-mail queued to the customer with the invoice templates.
      const sent = await model({
        customerId,
        invoice: { lines: [simpleLine(20)] },
        frequency: 'Monthly',
        startDate: today,
        count: 1,
        mode: 'FinalizeAndSend',
      });
      await ctx.app.outbox.drain();
      const [so] = await occurrences(sent.id);
      expect(so.problem).toBeNull();
      const emails = await ctx.inject({
        method: 'GET',
        url: `/v1/emails?DocumentType=Invoice&DocumentId=${so.invoiceId}`,
        headers: a.headers,
      });
      expect(emails.json()).toMatchObject([
        { documentId: so.invoiceId, to: ['mensuel@example.fr'], status: expect.stringMatching(/Queued|Sent/) },
      ]);
      expect((await sales.get('Invoice', so.invoiceId)).json().isDraft).toBe(false);
    });

    it('refuses bad input naming the field, and keeps accounts apart', async () => {
      const noInterval = await create({ customerId, invoice: { lines: [] }, frequency: 'EveryNDays', startDate: '2027-01-01' });
      expect(noInterval.statusCode).toBe(400);
      expect(noInterval.body).toContain('intervalDays');
      const unknown = await create({ customerId: 999_999, invoice: { lines: [] }, frequency: 'Monthly', startDate: '2027-01-01' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body).toContain('customer 999999 does not exist');
      const badFrequency = await create({ customerId, invoice: { lines: [] }, frequency: 'Weekly', startDate: '2027-01-01' });
      expect(badFrequency.statusCode).toBe(400);
      const mine = await model({ customerId, invoice: { lines: [simpleLine(1)] }, frequency: 'Monthly', startDate: '2030-01-31' });
      expect(mine.nextDate).toBe('2030-01-31');
      expect((await ctx.inject({ method: 'GET', url: `/v1/recurringinvoices/${mine.id}`, headers: b.headers })).statusCode).toBe(404);
      const list = await ctx.inject({ method: 'GET', url: '/v1/recurringinvoices', headers: b.headers });
      expect(list.json()).toEqual([]);
    });
  },
  {},
  () => ({ delivery: { clock: clock.now } }),
);
