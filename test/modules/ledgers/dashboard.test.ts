// GET /v1/dashboard: every figure equals, to the cent, what the lists integrators read answer
// (invoices, credit notes, receipts, quotes), on an account with invoices at each lateness boundary,
// paid and partly paid, cancelled, partial and full credit notes, a refund, drafts, a turned-down
// e-invoice, across month boundaries and outside the twelve months; another account's documents are
// not counted; bad query input is a 400 naming the parameter.
import { beforeAll, expect, it } from 'vitest';
import { addDays, addMonths, endOfMonth, todayIn } from '../../../src/domain/dates.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { salesClient, simpleLine, type DocBody } from '../../helpers/sales.js';

const cents = (v: number) => Math.round(v * 100);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

describeEachDb('dashboard figures (GET /v1/dashboard)', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let today: string;
  const docs: Record<string, DocBody> = {};

  const call = async (method: 'GET' | 'POST', url: string, payload?: object, who = a) => {
    const res = await ctx.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res;
  };
  /** Every item of a list, 100 at a time. */
  const all = async (url: string, who = a): Promise<DocBody[]> => {
    const out: DocBody[] = [];
    for (let page = 1; ; page++) {
      const res = await call('GET', `${url}${url.includes('?') ? '&' : '?'}PageSize=100&PageIndex=${page}`, undefined, who);
      out.push(...res.json());
      if (page >= Number(res.headers['x-page-count'] ?? 1)) return out;
    }
  };
  const count = async (url: string, who = a) =>
    Number((await call('GET', `${url}${url.includes('?') ? '&' : '?'}PageSize=1`, undefined, who)).headers['x-record-count']);

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Tableau SAS');
    b = await ctx.newAccount('Autre SARL');
    // The account's day, in its time zone (Europe/Paris by default): what the lists take as today.
    today = todayIn('Europe/Paris');
    const sales = salesClient(ctx, a);
    const customerId = await sales.customer({ email: 'client@example.fr' });
    const invoice = async (name: string, days: number | string, price: number) => {
      const date = typeof days === 'string' ? days : addDays(today, days);
      docs[name] = await sales.finalized('Invoice', { customerId, date, lines: [simpleLine(price)] });
      expect(docs[name].dueDate).toBe(addDays(date, 30));
    };
    const first = `${addMonths(today, -11).slice(0, 7)}-01`;
    // Finalized in date order (numbering is chronological).
    await invoice('old', addDays(first, -1), 100); // the last day before the twelve months: 120.00 due, over 60 days late
    await invoice('first', first, 200); // the twelve months' first day: 240.00, 40.00 paid
    await invoice('late61', -91, 10.01); // 12.01 (10.01 + 2.00), due 61 days ago
    await invoice('late60', -90, 20.02); // 24.02, due 60 days ago
    await invoice('cancelled', -75, 30); // 36.00, cancelled by a full credit note
    await invoice('late31', -61, 33.33); // 40.00 (VAT 6.666 rounds to 6.67), due 31 days ago
    await invoice('late30', -60, 40.04); // due 30 days ago
    await invoice('late15', -45, 50.05);
    await invoice('paid', -31, 60); // 72.00, paid in full
    await invoice('dueToday', -30, 70.07); // due today: not yet due
    await invoice('recent', 0, 1000); // 1 200.00, a partial credit note of 100.00 excl., 20.00 of it refunded
    await invoice('turnedDown', 0, 5); // refused by the buyer (210): not due any more

    await call('POST', '/v1/saleinvoices/markaspaid', { invoiceId: docs.old.id, amount: 10, date: addDays(first, -1) }); // outside the months
    await call('POST', '/v1/saleinvoices/markaspaid', { invoiceId: docs.first.id, amount: 40, date: first });
    await call('POST', '/v1/saleinvoices/markaspaid', { invoiceId: docs.paid.id, date: addDays(today, -2) });
    // A pending receipt moves no money yet.
    await call('POST', '/v1/receipts', {
      customerId,
      amount: 5,
      date: addDays(today, -1),
      status: 'Pending',
      paymentMethod: 'Transfer',
      links: [{ type: 'Invoice', id: docs.late15.id, amount: 5 }],
    });
    await call('POST', `/v1/saleinvoices/cancel/${docs.cancelled.id}`);
    docs.credit = await sales.finalized('Credit', { customerId, cancelledInvoicetId: docs.recent.id, lines: [simpleLine(100)] });
    await call('POST', '/v1/salecredits/markasrefunded', { creditId: docs.credit.id, amount: 20, date: today, paymentMethod: 'Transfer' });
    await call('POST', `/v1/saleinvoices/send/${docs.recent.id}`);
    await call('POST', `/v1/saleinvoices/send/${docs.late15.id}`);
    await ctx.app.outbox.drain(); // sentAt is set when the e-mail leaves
    // Drafts: two invoices, one credit note.
    await sales.draft('Invoice', { customerId, lines: [simpleLine(7)] });
    await sales.draft('Invoice', { customerId, lines: [simpleLine(8)] });
    await sales.draft('Credit', { customerId, lines: [simpleLine(9)] });
    // Quotes: one accepted, one pending.
    const quote = async () => (await call('POST', '/v1/salequotes', { customerId, lines: [simpleLine(11)] })).json();
    await call('POST', `/v1/salequotes/accept/${(await quote()).id}`);
    await call('POST', `/v1/salequotes/issue/${(await quote()).id}`);
    // What the e-invoicing platform module writes when the buyer refuses an invoice (a terminal
    // status, taken into account), and a transmission the platform refused.
    await ctx.db.kysely
      .updateTable('saleDocuments')
      .set({ einvoicingStatus: '210', isProcessed: true })
      .where('accountId', '=', a.accountId)
      .where('id', '=', docs.turnedDown.id)
      .execute();
    const now = new Date().toISOString();
    await ctx.db.kysely
      .insertInto('platformTransmissions')
      .values({
        accountId: a.accountId,
        kind: 'Invoice',
        documentId: docs.late15.id,
        trackingId: `dashboard-${ctx.dialect}-${a.accountId}`,
        state: 'Failed',
        nextAttemptAt: Date.now(),
        lastError: 'Refusé par la plateforme',
        createdAt: now,
        updatedAt: now,
      })
      .execute();

    // Another account: documents of every kind, none of which may count.
    const other = salesClient(ctx, b);
    const otherCustomer = await other.customer();
    const foreign = await other.finalized('Invoice', { customerId: otherCustomer, date: addDays(today, -70), lines: [simpleLine(999)] });
    await call('POST', '/v1/saleinvoices/markaspaid', { invoiceId: foreign.id, amount: 100, date: today }, b);
    await other.draft('Invoice', { customerId: otherCustomer, lines: [simpleLine(1)] });
    await other.draft('Credit', { customerId: otherCustomer, lines: [simpleLine(1)] });
    await other.finalized('Credit', { customerId: otherCustomer, lines: [simpleLine(3)] });
  }, 120_000);

  it("answers revenue and cash by month equal to the lists' documents and receipts, to the cent", async () => {
    const res = await call('GET', '/v1/dashboard');
    const d = res.json();
    expect(d.today).toBe(today);
    const months = Array.from({ length: 12 }, (_, i) => addMonths(today, i - 11).slice(0, 7));
    expect(d.months.map((m: { month: string }) => m.month)).toEqual(months);
    const from = `${months[0]}-01`;
    const to = endOfMonth(today);
    const window = `From=${from}&To=${to}&Cancelled=All&Processed=All`;
    const invoices = (await all(`/v1/saleinvoices?${window}`)).filter((i) => !i.isDraft);
    const credits = (await all(`/v1/salecredits?${window}`)).filter((c) => !c.isDraft);
    const receipts = (await all('/v1/receipts')).filter((r) => r.status === 'Success' && r.date >= from && r.date <= to);
    const revenue = new Map(months.map((m) => [m, 0]));
    for (const i of invoices) revenue.set(i.date.slice(0, 7), revenue.get(i.date.slice(0, 7))! + cents(i.taxExcludedAmount));
    for (const c of credits) revenue.set(c.date.slice(0, 7), revenue.get(c.date.slice(0, 7))! - cents(c.taxExcludedAmount));
    const cash = new Map(months.map((m) => [m, 0]));
    for (const r of receipts) cash.set(r.date.slice(0, 7), cash.get(r.date.slice(0, 7))! + cents(r.amount));
    for (const m of d.months) {
      expect(cents(m.revenue), m.month).toBe(revenue.get(m.month));
      expect(cents(m.cash), m.month).toBe(cash.get(m.month));
    }
    // The test's own sums: the invoice before the months and the pending receipt are left out; the
    // cancelled invoice and its credit note cancel out; the partial credit note and the refund subtract.
    const excl = 200 + 10.01 + 20.02 + 30 + 33.33 + 40.04 + 50.05 + 60 + 70.07 + 1000 + 5 - 30 - 100;
    expect(cents(d.revenue)).toBe(cents(excl));
    expect(cents(d.cash)).toBe(4_000 + 7_200 - 2_000);
    expect(cents(d.months[0].revenue)).toBe(20_000);
    expect(cents(d.months[0].cash)).toBe(4_000);
  });

  it('answers what customers owe by lateness, equal to the Incoming and Expired lists', async () => {
    const d = (await call('GET', '/v1/dashboard')).json();
    const incoming = await all('/v1/saleinvoices?Status=Incoming');
    const expired = await all('/v1/saleinvoices?Status=Expired&OrderBy=date');
    const sum = (list: DocBody[]) => list.reduce((s, i) => s + cents(i.balance), 0);
    const late = (lo: number, hi: number) =>
      sum(expired.filter((i) => daysBetween(i.dueDate, today) >= lo && daysBetween(i.dueDate, today) <= hi));
    expect(cents(d.due.notDue)).toBe(sum(incoming));
    expect(cents(d.due.overdue)).toBe(sum(expired));
    expect(cents(d.due.total)).toBe(sum(incoming) + sum(expired));
    expect(cents(d.due.upTo30)).toBe(late(1, 30));
    expect(cents(d.due.upTo60)).toBe(late(31, 60));
    expect(cents(d.due.over60)).toBe(late(61, 100_000));
    // The test's own figures: each boundary in its bucket.
    const ttc = (i: DocBody) => cents(i.taxIncludedAmount);
    expect(cents(d.due.notDue)).toBe(ttc(docs.dueToday) + ttc(docs.recent));
    expect(cents(d.due.upTo30)).toBe(ttc(docs.late30) + ttc(docs.late15));
    expect(cents(d.due.upTo60)).toBe(ttc(docs.late60) + ttc(docs.late31));
    expect(cents(d.due.over60)).toBe(ttc(docs.late61) + 11_000 + 20_000);
    expect(d.oldestOverdue).toEqual(
      [...expired]
        .sort((x, y) => x.dueDate.localeCompare(y.dueDate) || x.id - y.id)
        .slice(0, 5)
        .map((i) => ({
          type: 'Invoice',
          id: i.id,
          number: i.number,
          customerId: i.customerId,
          customerName: i.customerName,
          dueDate: i.dueDate,
          balance: i.balance,
        })),
    );
    expect(d.oldestOverdue.map((i: DocBody) => i.id)).toEqual(
      [docs.old, docs.first, docs.late61, docs.late60, docs.late31].map((i) => i.id),
    );
  });

  it('counts the documents waiting for an action as the lists do', async () => {
    const d = (await call('GET', '/v1/dashboard')).json();
    const credits = await all('/v1/salecredits');
    const turnedDown = [
      ...(await all('/v1/saleinvoices?EInvoicingStatus=210,213')),
      ...(await all('/v1/salecredits?EInvoicingStatus=210,213')),
      ...(await all('/v1/saleinvoices?Processed=All')).filter((i) => i.einvoicingStatus?.transmission === 'TransmissionRefused'),
    ];
    expect(d.waiting).toEqual({
      invoiceDrafts: await count('/v1/saleinvoices?Status=Draft'),
      invoicesToSend: await count('/v1/saleinvoices?Status=ToSend'),
      overdueInvoices: await count('/v1/saleinvoices?Status=Expired'),
      acceptedQuotes: await count('/v1/salequotes?Status=Accepted'),
      creditDrafts: credits.filter((c) => c.isDraft).length,
      turnedDown: turnedDown.length,
    });
    // 12 finalized invoices, 2 sent; 1 cancelled and 1 processed leave the ToSend list.
    expect(d.waiting).toEqual({
      invoiceDrafts: 2,
      invoicesToSend: 8,
      overdueInvoices: 7,
      acceptedQuotes: 1,
      creditDrafts: 1,
      turnedDown: 2,
    });
    expect(d.turnedDownDocuments.map((i: DocBody) => [i.type, i.id])).toEqual([
      ['Invoice', docs.turnedDown.id],
      ['Invoice', docs.late15.id],
    ]);
  });

  it("counts none of another account's documents", async () => {
    const d = (await call('GET', '/v1/dashboard', undefined, b)).json();
    expect(cents(d.revenue)).toBe(99_900 - 300);
    expect(cents(d.cash)).toBe(10_000);
    expect(cents(d.due.total)).toBe(cents(999 * 1.2) - 10_000);
    expect(cents(d.toRefund)).toBe(360); // its finalized credit note, not its draft
    expect(d.waiting).toEqual({
      invoiceDrafts: 1,
      invoicesToSend: 1,
      overdueInvoices: 1,
      acceptedQuotes: 0,
      creditDrafts: 1,
      turnedDown: 0,
    });
    expect(d.oldestOverdue).toHaveLength(1);
    expect(d.turnedDownDocuments).toEqual([]);
  });

  it('takes Months from 1 to 24, and answers a 400 naming the parameter otherwise', async () => {
    const six = (await call('GET', '/v1/dashboard?months=6')).json();
    expect(six.months).toHaveLength(6);
    expect(six.months[5].month).toBe(today.slice(0, 7));
    expect(six.due).toEqual((await call('GET', '/v1/dashboard')).json().due);
    for (const bad of ['0', '25', 'douze', '1.5', '-3']) {
      const res = await ctx.inject({ method: 'GET', url: `/v1/dashboard?Months=${bad}`, headers: a.headers });
      expect(res.statusCode, bad).toBe(400);
      expect(res.body, bad).toContain('Months');
    }
    expect((await ctx.inject({ method: 'GET', url: '/v1/dashboard' })).statusCode).toBe(401);
  });
});
