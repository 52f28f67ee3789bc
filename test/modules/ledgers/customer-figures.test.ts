// A customer's figures and documents, as the console's customer page reads them: GET /v1/dashboard
// with CustomerId (what they owe, of which overdue from the account's day in its own time zone, the
// credit notes to refund, revenue and cash) equal to the lists filtered by CustomerId, to the cent;
// the lists page by CustomerId; another account's customer reads as one with no document, on every
// list; a CustomerId that is not an int32 is a 400 naming it.
import { beforeAll, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { salesClient, simpleLine, type DocBody } from '../../helpers/sales.js';

const cents = (v: number) => Math.round(v * 100);
// Far from UTC and from Paris: the account's day is often not the server's nor a browser's.
const TIMEZONE = 'Pacific/Kiritimati';

describeEachDb('a customer’s figures (GET /v1/dashboard?CustomerId=) and documents by CustomerId', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let today: string;
  let martin: number;
  let durand: number;
  let foreign: number;
  const docs: Record<string, DocBody> = {};

  const get = async (url: string, who = a) => {
    const res = await ctx.inject({ method: 'GET', url, headers: who.headers });
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
    return res;
  };
  const post = async (url: string, payload: object, who = a) => {
    const res = await ctx.inject({ method: 'POST', url, headers: who.headers, payload });
    expect(res.statusCode, `POST ${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Fuseau SAS');
    b = await ctx.newAccount('Autre SARL');
    const put = await ctx.inject({ method: 'PUT', url: '/v1/settings', headers: a.headers, payload: { general: { timezone: TIMEZONE } } });
    expect(put.statusCode, put.body).toBe(200);
    today = todayIn(TIMEZONE);
    const sales = salesClient(ctx, a);
    martin = await sales.customer({ email: 'martin@example.fr' });
    durand = await sales.customer({ email: 'durand@example.fr' });
    const invoice = async (name: string, customerId: number, days: number, price: number) => {
      docs[name] = await sales.finalized('Invoice', { customerId, date: addDays(today, days), lines: [simpleLine(price)] });
      expect(docs[name].dueDate).toBe(addDays(today, days + 30));
    };
    // Finalized in date order (numbering is chronological). Martin's twelve invoices fill more than
    // one page of ten.
    const planned: [string, number, number, number][] = [
      ['durandLate', durand, -40, 500], // Durand's: 600.00 overdue, never Martin's
      ...Array.from({ length: 10 }, (_, i): [string, number, number, number] => [`old${i}`, martin, -35 + i, 10]), // 12.00 each, due -5..+4
      ['yesterday', martin, -31, 100.01], // 120.01, due yesterday in the account's day
      ['today', martin, -30, 50], // 60.00, due today: not late
    ];
    for (const [name, customerId, days, price] of planned.sort((x, y) => x[2] - y[2])) await invoice(name, customerId, days, price);
    // Paid: the old ones but old0 (due 5 days ago) and old9 (due in 4 days).
    for (let i = 1; i < 9; i++) await post('/v1/saleinvoices/markaspaid', { invoiceId: docs[`old${i}`].id, date: today });
    await post('/v1/saleinvoices/markaspaid', { invoiceId: docs.today.id, amount: 15.5, date: today, paymentMethod: 'Check' });
    docs.credit = await sales.finalized('Credit', { customerId: martin, lines: [simpleLine(10)] }); // 12.00 to refund
    await sales.draft('Credit', { customerId: martin, lines: [simpleLine(99)] }); // a draft owes nothing
    await post('/v1/salequotes', { customerId: martin, lines: [simpleLine(7)] });

    const other = salesClient(ctx, b);
    foreign = await other.customer();
    await other.finalized('Invoice', { customerId: foreign, date: addDays(todayIn('Europe/Paris'), -40), lines: [simpleLine(999)] });
    await other.finalized('Credit', { customerId: foreign, lines: [simpleLine(3)] });
    await post('/v1/salequotes', { customerId: foreign, lines: [simpleLine(1)] }, b);
    await post(
      '/v1/receipts',
      { customerId: foreign, amount: 1, date: todayIn('Europe/Paris'), paymentMethod: 'Transfer', status: 'Success' },
      b,
    );
  }, 120_000);

  it("counts an invoice due yesterday in the account's day as overdue, to the cent, and only this customer's", async () => {
    const d = (await get(`/v1/dashboard?CustomerId=${martin}`)).json();
    expect(d.today).toBe(today);
    // Overdue: yesterday's 120.01 and old0's 12.00 (due 5 days ago); not due: old9's 12.00 and
    // today's 60.00 less 15.50 received.
    expect(cents(d.due.overdue)).toBe(12_001 + 1_200);
    expect(cents(d.due.upTo30)).toBe(12_001 + 1_200);
    expect(cents(d.due.notDue)).toBe(1_200 + 4_450);
    expect(cents(d.due.total)).toBe(12_001 + 1_200 + 1_200 + 4_450);
    expect(d.waiting.overdueInvoices).toBe(2);
    expect(d.oldestOverdue.map((o: { id: number }) => o.id)).toEqual([docs.old0.id, docs.yesterday.id]);
    expect(cents(d.toRefund)).toBe(1_200);
    expect(d.waiting.creditDrafts).toBe(1);
    // The same sums as the lists filtered by CustomerId, as the account's day has them.
    const sum = async (url: string) =>
      (await get(`${url}&PageSize=100`))
        .json<DocBody[]>()
        .filter((doc) => !doc.isDraft)
        .reduce((s, doc) => s + cents(doc.balance), 0);
    expect(await sum(`/v1/saleinvoices?CustomerId=${martin}&Status=Expired`)).toBe(cents(d.due.overdue));
    expect(await sum(`/v1/saleinvoices?CustomerId=${martin}&Status=Incoming`)).toBe(cents(d.due.notDue));
    expect(await sum(`/v1/salecredits?CustomerId=${martin}&Processed=Excluded`)).toBe(cents(d.toRefund));
    // Revenue excluding VAT: twelve invoices less the credit note; cash: nine payments.
    expect(cents(d.revenue)).toBe(10 * 1_000 + 10_001 + 5_000 - 1_000);
    expect(cents(d.cash)).toBe(8 * 1_200 + 1_550);
    // Durand's own figures, and the whole account's: the sum of its customers'.
    const durandFigures = (await get(`/v1/dashboard?customerid=${durand}`)).json();
    expect(cents(durandFigures.due.overdue)).toBe(60_000);
    expect(cents(durandFigures.toRefund)).toBe(0);
    const all = (await get('/v1/dashboard')).json();
    expect(cents(all.due.overdue)).toBe(cents(d.due.overdue) + 60_000);
    // CustomerId=0 is no filter (what the n8n node sends for an empty field).
    expect((await get('/v1/dashboard?CustomerId=0')).json().due).toEqual(all.due);
  });

  it("pages a customer's invoices, and lists none of another customer's", async () => {
    const page = async (index: number) => get(`/v1/saleinvoices?CustomerId=${martin}&PageSize=10&PageIndex=${index}&OrderBy=date desc`);
    const first = await page(1);
    expect(first.headers['x-record-count']).toBe('12');
    expect(first.headers['x-page-count']).toBe('2');
    const second = await page(2);
    const ids = [...first.json<DocBody[]>(), ...second.json<DocBody[]>()].map((d) => d.id);
    expect(ids).toHaveLength(12);
    expect(ids).toContain(docs.yesterday.id);
    expect(ids).not.toContain(docs.durandLate.id);
  });

  it("reads another account's customer as one with no document, on every list and on the dashboard", async () => {
    for (const list of ['saleinvoices', 'salecredits', 'salequotes', 'receipts']) {
      const mine = await get(
        `/v1/${list}?CustomerId=${foreign}&PageSize=100${list.startsWith('sale') && list !== 'salequotes' ? '&Cancelled=All' : ''}`,
      );
      expect(mine.json(), list).toEqual([]);
      expect(mine.headers['x-record-count'], list).toBe('0');
      // The other account sees its own.
      expect((await get(`/v1/${list}?CustomerId=${foreign}`, b)).json(), list).toHaveLength(1);
    }
    const d = (await get(`/v1/dashboard?CustomerId=${foreign}`)).json();
    expect([d.revenue, d.cash, d.due.total, d.toRefund, d.waiting.overdueInvoices, d.oldestOverdue.length]).toEqual([0, 0, 0, 0, 0, 0]);
    expect(cents((await get(`/v1/dashboard?CustomerId=${foreign}`, b)).json().due.total)).toBe(cents(999 * 1.2));
  });

  it('answers a CustomerId that is not an int32 with a 400 naming it, on every list and on the dashboard', async () => {
    for (const path of ['/v1/saleinvoices', '/v1/salecredits', '/v1/salequotes', '/v1/receipts', '/v1/dashboard'])
      for (const bad of ['martin', '1.5', '2147483648']) {
        const res = await ctx.inject({ method: 'GET', url: `${path}?CustomerId=${bad}`, headers: a.headers });
        expect(res.statusCode, `${path} ${bad}`).toBe(400);
        expect(res.body, `${path} ${bad}`).toContain('CustomerId');
      }
  });
});
