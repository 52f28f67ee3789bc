// E-reporting end to end, against the sandbox PA on loopback: a corpus made through the API
// (consumers, foreign business buyers, a domestic business, mixed goods and services, several VAT
// rates, credits, partial payments), the calendar of its periods, each period's Flux 10 file (every
// one judged by the official Flux 10 XSD + Schematron when the oracle is present), its sending through
// the PA (idempotent, waiting while the PA is down, accepted or rejected), a rectifying report after a
// late credit, blocking points, and what the tax office sees beside the books and the exports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../helpers/delivery.js';
import { describeEachDb, type TestAccount, type TestContext } from '../../helpers/harness.js';
import { startSandbox, type RunningSandbox } from '../../helpers/platform.js';
import { loadFlux10Oracle, flux10OracleAvailable, type Flux10Oracle } from '../../helpers/flux10-oracle.js';
import { salesClient, type SalesClient } from '../../helpers/sales.js';
import { multipart, MULTIPART } from '../../helpers/multipart.js';
import { SAMPLE_SUPPLIERS, supplierInvoiceCii } from '../../../src/sandbox/supplier-invoices.js';

let pa: RunningSandbox;
const clock = new FakeClock(Date.now());
beforeAll(async () => {
  pa = await startSandbox();
});
afterAll(() => pa.close());

let oracle: Flux10Oracle | null = null;
/** Every file the suite obtained, judged at the end (and as it comes when the oracle is loaded). */
const judged: { name: string; xml: string }[] = [];

const line = (type: 'Product' | 'Service', price: number, rate: number, quantity = 1) => ({
  type,
  description: type === 'Product' ? 'Article' : 'Prestation',
  quantity,
  taxExcludedPrice: price,
  vat: { rate },
});

describeEachDb(
  'e-reporting',
  (ctx: TestContext) => {
    let n = 0;
    const call = (account: TestAccount, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      ctx.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });

    async function account(settings: object = {}, reports: 'Accept' | 'Reject' = 'Accept') {
      const a = await ctx.newAccount();
      const token = `ereport-${ctx.dialect}-${++n}-${a.accountId}`;
      const res = await call(a, 'PUT', '/v1/settings', {
        company: {
          siret: '12345678200010',
          vatNumber: 'FR11123456782',
          invoicingAddress: { street: '1 rue de la Paix', zipcode: '75002', city: 'Paris', countryIso: 'FR' },
        },
        einvoicing: {
          platform: { flowServiceUrl: pa.flowServiceUrl, directoryServiceUrl: pa.directoryServiceUrl, token },
          ereporting: { vatRegime: 'NormalMonthly', platformRegistrationNumber: '9999' },
        },
        ...settings,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await pa.control(token, 'PUT', '/sandbox/behaviour', { reports })).status).toBe(200);
      return { a, token, api: salesClient(ctx, a) };
    }
    async function consumer(api: SalesClient) {
      return api.customer({ type: 'Consumer', companyName: null, firstName: 'Jeanne', lastName: 'Martin' });
    }
    async function period(a: TestAccount, id: string) {
      const res = await call(a, 'GET', `/v1/ereporting/periods/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    }
    async function file(a: TestAccount, id: string, name: string) {
      const res = await call(a, 'GET', `/v1/ereporting/periods/${id}/file`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      const xml = res.body;
      judged.push({ name: `${ctx.dialect} ${name}`, xml });
      if (oracle) {
        const v = await oracle.validate(xml);
        expect(
          [...v.flux10.errors, ...v.xsd.errors].map((e) => `${e.id}: ${e.text}`),
          `${name}\n${xml}`,
        ).toEqual([]);
      }
      return xml;
    }
    async function receipt(a: TestAccount, date: string, amount: number, links: object[]) {
      const res = await call(a, 'POST', '/v1/receipts', { amount, date, paymentMethod: 'Transfer', links });
      expect(res.statusCode, res.body).toBe(200);
    }
    const sandboxFlows = async (token: string) =>
      ((await pa.control(token, 'GET', '/sandbox/flows')).body as { flowSyntax: string; flowType: string; flowDirection: string }[]).filter(
        (f) => f.flowSyntax === 'FRR',
      );
    /** Runs the worker a minute later: submissions due, the PA's acknowledgements. */
    async function later() {
      clock.advance(61_000);
      await ctx.app.outbox.drain();
    }

    beforeAll(async () => {
      if (flux10OracleAvailable && !oracle) oracle = await loadFlux10Oracle();
    }, 300_000);

    describe('the calendar', () => {
      it('lists décades for the normal monthly regime and months for payments, with deadlines; derives the regime from the VAT settings', async () => {
        const { a } = await account();
        const res = await call(a, 'GET', '/v1/ereporting/periods?from=2026-10-01&to=2026-10-31');
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.regime).toBe('NormalMonthly');
        expect(body.regimeSource).toBe('Settings');
        expect(body.periods.map((p: { id: string; deadline: string }) => `${p.id} ${p.deadline}`)).toEqual([
          'A-20261001-20261010 2026-10-20',
          'S-20261001-20261010 2026-10-20',
          'A-20261011-20261020 2026-10-30',
          'S-20261011-20261020 2026-10-30',
          'P-20261001-20261031 2026-11-10',
          'A-20261021-20261031 2026-11-10',
          'S-20261021-20261031 2026-11-10',
        ]);
        const franchise = await account({ vat: { liableToVat: false }, einvoicing: { ereporting: { vatRegime: null } } });
        const f = (await call(franchise.a, 'GET', '/v1/ereporting/periods?from=2026-09-01&to=2026-10-31')).json();
        expect(f.regime).toBe('Franchise');
        expect(f.regimeSource).toBe('DerivedFromVat');
        expect(f.periods.map((p: { id: string }) => p.id)).toEqual(['P-20260901-20261031', 'A-20260901-20261031', 'S-20260901-20261031']);
      });

      it('refuses bad dates, an unknown period and a period of another regime with a 4xx naming the problem', async () => {
        const { a } = await account();
        for (const ereporting of [{ vatRegime: 'Weekly' }, { platformRegistrationNumber: 'ABCDE' }]) {
          const res = await call(a, 'PUT', '/v1/settings', { einvoicing: { ereporting } });
          expect(res.statusCode).toBe(400);
          expect(res.body).toContain(`einvoicing.ereporting.${Object.keys(ereporting)[0]}`);
        }
        const bad = await call(a, 'GET', '/v1/ereporting/periods?from=2026-13-01');
        expect(bad.statusCode).toBe(400);
        expect(bad.body).toContain('from');
        const reversed = await call(a, 'GET', '/v1/ereporting/periods?from=2026-10-02&to=2026-10-01');
        expect(reversed.statusCode).toBe(400);
        expect((await call(a, 'GET', '/v1/ereporting/periods/S-20261001-20261031')).statusCode).toBe(404);
        expect((await call(a, 'GET', '/v1/ereporting/periods/nonsense/file')).statusCode).toBe(404);
        expect((await call(a, 'POST', '/v1/ereporting/periods/A-20261001-20261031/send')).statusCode).toBe(404);
      });
    });

    describe('a month of sales and payments', () => {
      it('reports B2C per day, category and rate, B2B international one per invoice, credits in their period; sends once; rectifies; ties to the exports', async () => {
        const { a, token, api } = await account();
        const jeanne = await consumer(api);
        const berlin = await api.customer({
          companyName: 'Berlin GmbH',
          billingAddress: { street: 'Unter den Linden 1', zipcode: '10117', city: 'Berlin', countryIso: 'DE' },
          companyInformations: { vatNumber: 'DE123456789' },
        });
        const boston = await api.customer({
          companyName: 'Boston Inc',
          billingAddress: { street: '1 Main St', zipcode: '02108', city: 'Boston', countryIso: 'US' },
          companyInformations: { siret: '542107651' },
        });
        const durand = await api.customer({ companyName: 'Durand SA', companyInformations: { siret: '73282932000074' } });

        const mixed = await api.finalized('Invoice', {
          customerId: jeanne,
          date: '2026-10-02',
          lines: [line('Product', 100, 20), line('Service', 50, 10)],
        });
        const services = await api.finalized('Invoice', {
          customerId: jeanne,
          date: '2026-10-02',
          lines: [line('Service', 200, 20), line('Service', 30, 5.5)],
        });
        const domestic = await api.finalized('Invoice', { customerId: durand, date: '2026-10-03', lines: [line('Service', 500, 20)] });
        await api.finalized('Invoice', { customerId: jeanne, date: '2026-10-05', lines: [line('Product', 80, 5.5)] });
        const de = await api.finalized('Invoice', { customerId: berlin, date: '2026-10-06', lines: [line('Service', 1000, 20)] });
        const us = await api.finalized('Invoice', { customerId: boston, date: '2026-10-07', lines: [line('Product', 300, 20)] });
        const usServices = await api.finalized('Invoice', { customerId: boston, date: '2026-10-07', lines: [line('Service', 100, 20)] });
        await api.finalized('Credit', {
          customerId: jeanne,
          date: '2026-10-08',
          correctedInvoiceNumber: services.number,
          correctedInvoiceDate: services.date,
          lines: [line('Service', 50, 20)],
        });
        await api.finalized('Credit', {
          customerId: berlin,
          date: '2026-10-09',
          correctedInvoiceNumber: de.number,
          correctedInvoiceDate: de.date,
          lines: [line('Service', 100, 20)],
        });
        await ctx.app.outbox.drain();

        // Partial payments: the consumer's services invoice in two, the German one at once, the mixed one (VAT on delivery).
        await receipt(a, '2026-10-12', 100, [{ type: 'Invoice', id: services.id, amount: 100 }]);
        await receipt(a, '2026-10-15', Number(de.taxIncludedAmount), [{ type: 'Invoice', id: de.id }]);
        await receipt(a, '2026-10-16', 60, [{ type: 'Invoice', id: usServices.id, amount: 60 }]);
        await receipt(a, '2026-10-18', 600, [{ type: 'Invoice', id: domestic.id }]);
        await receipt(a, '2026-10-20', 50, [{ type: 'Invoice', id: services.id, amount: 50 }]);
        await receipt(a, '2026-10-20', Number(mixed.taxIncludedAmount), [{ type: 'Invoice', id: mixed.id }]);
        await receipt(a, '2026-10-21', 25, []);

        const sales = await period(a, 'S-20261001-20261010');
        expect(sales).toMatchObject({ status: 'Due', late: true, blocking: [], rectificationDue: false, transmission: null });
        const xml = await file(a, 'S-20261001-20261010', 'sales 2026-10 D1');
        // B2C: 2 Oct goods (mixed invoice's goods) and services (mixed's services + the services invoice), 5 Oct goods, 8 Oct the credit.
        expect(aggregates(xml)).toEqual([
          '20261002 TLB1 n=1 100.00/20.00 [20:100.00/20.00]',
          '20261002 TPS1 n=2 280.00/46.65 [20:200.00/40.00 10:50.00/5.00 5.5:30.00/1.65]',
          '20261005 TLB1 n=1 80.00/4.40 [5.5:80.00/4.40]',
          '20261008 TPS1 n=1 -50.00/-10.00 [20:-50.00/-10.00]',
        ]);
        // B2B international: one entry each, the credit note referencing its invoice; the domestic invoice is e-invoicing's.
        expect(invoiceIds(xml)).toEqual([de.number, us.number, usServices.number, expect.stringMatching(/.+/)]);
        expect(xml).toContain('<CompanyId schemeId="0223">DE123456789</CompanyId>');
        expect(xml).toContain('<CompanyId schemeId="0227">542107651</CompanyId>');
        expect(xml).toContain(`<ReferencedDocument>\n        <ID>${de.number}</ID>`);
        expect(xml).toContain('<TypeCode>381</TypeCode>');
        expect(xml).not.toContain('73282932');

        // The exports of the same days, B2C and international only, give the same totals to the cent.
        const totals = sum(sales.totals);
        const exported = await exportedTotals(a, '2026-10-01', '2026-10-10', ['Durand SA']);
        expect(totals).toEqual(exported);
        // So does the FEC: the sales journal's revenue (7…) and VAT collected (44571) of those days, the e-invoiced document aside.
        expect(totals).toEqual(await fecTotals(a, '20261001', '20261010', [domestic.number]));

        // What the tax office sees, before sending: the domestic invoice (e-invoiced), nothing of e-reporting.
        let seen = (await call(a, 'GET', '/v1/ereporting/periods/S-20261001-20261010/comparison')).json();
        // Every euro of the books is either told or explained.
        const explained: number = seen.differences.reduce((s: number, d: { amount: string }) => s + Math.round(Number(d.amount) * 100), 0);
        expect(Math.round(Number(sum(seen.books)[0]) * 100)).toBe(Math.round(Number(sum(seen.told)[0]) * 100) + explained);
        expect(seen.einvoicing).toEqual([{ rate: '20', taxableAmount: '500.00', taxAmount: '100.00', collected: '0.00' }]);
        expect(seen.differences).toHaveLength(8);
        expect(seen.differences[0].reason).toBe('e-reporting: its period has not been reported yet');

        // Sending: once, acknowledged by the PA; a second send is the same report.
        const sent = (await call(a, 'POST', '/v1/ereporting/periods/S-20261001-20261010/send')).json();
        expect(sent).toMatchObject({
          status: 'Sent',
          transmission: { sequence: 0, typeCode: 'IN', state: 'Transmitted', acknowledgement: 'Pending' },
        });
        await later();
        expect(await period(a, 'S-20261001-20261010')).toMatchObject({ status: 'Accepted', late: true, rectificationDue: false });
        const again = await call(a, 'POST', '/v1/ereporting/periods/S-20261001-20261010/send');
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json().reports).toHaveLength(1);
        expect((await sandboxFlows(token)).map((f) => f.flowType)).toEqual(['MultiFlowReport']);
        expect(await file(a, 'S-20261001-20261010', 'sales D1 as sent')).toBe(xml);

        seen = (await call(a, 'GET', '/v1/ereporting/periods/S-20261001-20261010/comparison')).json();
        expect(seen.differences).toEqual([]);
        expect(seen.told).toEqual(seen.books);

        // A late credit in the period: a rectifying report, never a second original.
        await api.finalized('Credit', {
          customerId: jeanne,
          date: '2026-10-10',
          correctedInvoiceNumber: mixed.number,
          correctedInvoiceDate: mixed.date,
          lines: [line('Product', 10, 20)],
        });
        expect(await period(a, 'S-20261001-20261010')).toMatchObject({ status: 'Accepted', rectificationDue: true });
        seen = (await call(a, 'GET', '/v1/ereporting/periods/S-20261001-20261010/comparison')).json();
        expect(seen.differences).toEqual([
          expect.objectContaining({ amount: '-10.00', reason: 'e-reporting: it was not in the report sent (a rectifying report is due)' }),
        ]);
        const rectified = await file(a, 'S-20261001-20261010', 'sales D1 rectifying');
        expect(rectified).toContain('<TypeCode>RE</TypeCode>');
        expect(rectified).toContain('<Date>20261010</Date>');
        const resent = (await call(a, 'POST', '/v1/ereporting/periods/S-20261001-20261010/send')).json();
        expect(resent.reports.map((r: { typeCode: string; sequence: number }) => `${r.typeCode}${r.sequence}`)).toEqual(['IN0', 'RE1']);
        // Each report stays readable as it was sent.
        const original = await call(a, 'GET', '/v1/ereporting/periods/S-20261001-20261010/file?sequence=0');
        expect(original.body).toBe(xml);
        expect((await call(a, 'GET', '/v1/ereporting/periods/S-20261001-20261010/file?sequence=7')).statusCode).toBe(404);
        await later();
        expect(await period(a, 'S-20261001-20261010')).toMatchObject({ status: 'Accepted', rectificationDue: false });
        expect((await call(a, 'GET', '/v1/ereporting/periods/S-20261001-20261010/comparison')).json().differences).toEqual([]);

        // Payments: services with VAT on receipt only, split by rate; the mixed invoice and the unallocated receipt are explained.
        const payments = await file(a, 'P-20261001-20261031', 'payments 2026-10');
        // 100 on 230+40+1.65 = 271.65 TTC (240 at 20 %, 31.65 at 5.5 %): 88.35 / 11.65; then 50: 44.17 / 5.83.
        // The German invoice is reverse-charged (AE): its seller collects no VAT, nothing to report on its payment.
        // So are the American services (out of the scope of French VAT, O). A consumer's payments are aggregated per day (TG-37).
        expect(paymentLines(payments)).toEqual(['day 20261012 [20:88.35 5.5:11.65]', 'day 20261020 [20:44.17 5.5:5.83]']);
        // The domestic invoice's payment was told by e-invoicing (212 Encaissée, sent by the worker).
        await ctx.app.outbox.drain();
        const pseen = (await call(a, 'GET', '/v1/ereporting/periods/P-20261001-20261031/comparison')).json();
        expect(pseen.einvoicing).toEqual([{ rate: '20', taxableAmount: '0.00', taxAmount: '0.00', collected: '600.00' }]);
        expect(pseen.differences.map((d: { reason: string }) => d.reason)).toEqual([
          'a payment without an invoice (not allocated to a sale document): nothing to report until it is',
          'e-reporting: its period has not been reported yet',
          'no VAT due on receipt (goods or mixed, the debits option, or no VAT charged by the seller): the payment is not reported',
          'no VAT due on receipt (goods or mixed, the debits option, or no VAT charged by the seller): the payment is not reported',
          'e-reporting: its period has not been reported yet',
          'no VAT due on receipt (goods or mixed, the debits option, or no VAT charged by the seller): the payment is not reported',
        ]);
        const psent = (await call(a, 'POST', '/v1/ereporting/periods/P-20261001-20261031/send')).json();
        expect(psent.status).toBe('Sent');
        await later();
        expect((await period(a, 'P-20261001-20261031')).status).toBe('Accepted');
        const pfinal = (await call(a, 'GET', '/v1/ereporting/periods/P-20261001-20261031/comparison')).json();
        expect(pfinal.told).toEqual(pfinal.books);
        expect(pfinal.books).toEqual([
          { rate: '20', taxableAmount: '0.00', taxAmount: '0.00', collected: '732.52' },
          { rate: '5.5', taxableAmount: '0.00', taxAmount: '0.00', collected: '17.48' },
        ]);
        expect(pfinal.differences).toHaveLength(4);
        // An empty period: nothing to report, said so.
        expect(await period(a, 'S-20261011-20261020')).toMatchObject({ status: 'NothingToReport', entries: 0, late: false });
      }, 300_000);
    });

    describe('payments tied to the books', () => {
      it('the payments report of a month equals, to the cent, the bank journal of the FEC and the exports: partial payments, several rates, a refund', async () => {
        const { a, api } = await account();
        const jeanne = await consumer(api);
        // Services with VAT on receipt at three rates, paid in three instalments whose shares, each rounded, would not add up.
        const a1 = await api.finalized('Invoice', {
          customerId: jeanne,
          date: '2026-11-02',
          lines: [line('Service', 100, 20), line('Service', 50, 10), line('Service', 20, 5.5)],
        });
        const b1 = await api.finalized('Invoice', { customerId: jeanne, date: '2026-11-03', lines: [line('Service', 300, 20)] });
        // Goods: VAT due on delivery, the payment is not reported.
        const g1 = await api.finalized('Invoice', { customerId: jeanne, date: '2026-11-03', lines: [line('Product', 80, 20)] });
        const av = await api.finalized('Credit', {
          customerId: jeanne,
          date: '2026-11-10',
          correctedInvoiceNumber: b1.number,
          correctedInvoiceDate: b1.date,
          lines: [line('Service', 50, 20)],
        });
        const pay = async (reference: string, date: string, amount: number, links: object[]) => {
          const res = await call(a, 'POST', '/v1/receipts', { amount, date, paymentMethod: 'Transfer', reference, links });
          expect(res.statusCode, res.body).toBe(200);
        };
        await pay('ER-1', '2026-11-04', 30, [{ type: 'Invoice', id: a1.id, amount: 30 }]);
        await pay('ER-2', '2026-11-05', 360, [{ type: 'Invoice', id: b1.id, amount: 360 }]);
        await pay('NR-1', '2026-11-06', 96, [{ type: 'Invoice', id: g1.id, amount: 96 }]);
        await pay('ER-3', '2026-11-07', 30, [{ type: 'Invoice', id: a1.id, amount: 30 }]);
        await pay('ER-4', '2026-11-14', 136.1, [{ type: 'Invoice', id: a1.id, amount: 136.1 }]);
        await pay('ER-5', '2026-11-25', -60, [{ type: 'Credit', id: av.id, amount: -60 }]);
        await pay('NR-2', '2026-11-26', 25, []);

        const xml = await file(a, 'P-20261101-20261130', 'payments 2026-11 (tie)');
        // a1 is 196.10 (120 at 20 %, 55 at 10 %, 21.10 at 5.5 %). Each instalment is the split of what is paid
        // after it minus the split of what was paid before: 30 -> 18.36 / 8.41 / 3.23, 30 -> 18.36 / 8.42 / 3.22,
        // 136.10 -> 83.28 / 38.17 / 14.65, so a1 fully paid has collected its VAT lines exactly (each instalment
        // split on its own would give 54.99 at 10 % and 21.11 at 5.5 %). The refund of 60 on 25 Nov comes off the
        // 20 % collected before it in the month (14 Nov: 83.28 -> 23.28).
        expect(paymentLines(xml)).toEqual([
          'day 20261104 [20:18.36 10:8.41 5.5:3.23]',
          'day 20261105 [20:360.00]',
          'day 20261107 [20:18.36 10:8.42 5.5:3.22]',
          'day 20261114 [20:23.28 10:38.17 5.5:14.65]',
        ]);
        const reported = new Map<string, number>();
        for (const m of xml.matchAll(/<TaxPercent>([^<]*)<\/TaxPercent>[\s\S]*?<Amount>([^<]*)<\/Amount>/g))
          reported.set(m[1], (reported.get(m[1]) ?? 0) + cents(m[2]));

        // The FEC of the year: the bank journal (512) of the receipts of November. Those reported (ER-…) add up to
        // the report; the others are the differences the comparison explains, so the whole journal is accounted for.
        const fec = await fecRows(a);
        const bank = fec.filter((r) => r.JournalCode === 'BQ' && r.CompteNum === '512' && r.EcritureDate.startsWith('202611'));
        const net = (rows: typeof bank) => rows.reduce((s, r) => s + cents(r.Debit) - cents(r.Credit), 0);
        const total = [...reported.values()].reduce((s, v) => s + v, 0);
        expect(total).toBe(49_610);
        expect(net(bank.filter((r) => r.PieceRef.startsWith('ER-')))).toBe(total);
        const seen = (await call(a, 'GET', '/v1/ereporting/periods/P-20261101-20261130/comparison')).json();
        expect(seen.differences.filter((d: { reason: string }) => !d.reason.startsWith('e-reporting:'))).toEqual([
          { document: expect.stringMatching(/^receipt \d+$/), amount: '25.00', reason: expect.stringContaining('without an invoice') },
          { document: g1.number, amount: '96.00', reason: expect.stringContaining('no VAT due on receipt') },
        ]);
        expect(net(bank)).toBe(total + 2_500 + 9_600);

        // Per rate: a1 and b1 are settled in full and the credit refunded in full, so what was collected at each rate is
        // their amounts tax included at that rate in the sales exports, and the VAT in it is the FEC's 44571 at that rate.
        const detail = await exportDetail(a, '2026-11-01', '2026-11-30');
        const settled = [a1.number, b1.number, av.number];
        const expected = new Map<string, { ttc: number; vat: number }>();
        for (const r of detail.filter((d) => settled.includes(d.number))) {
          const sign = r.number === av.number ? -1 : 1;
          const e = expected.get(String(r.vatRate)) ?? { ttc: 0, vat: 0 };
          expected.set(String(r.vatRate), {
            ttc: e.ttc + sign * Math.abs(Math.round(r.taxIncludedAmount * 100)),
            vat: e.vat + sign * Math.abs(Math.round(r.taxAmount * 100)),
          });
        }
        expect(Object.fromEntries([...expected].map(([k, v]) => [k, v.ttc]))).toEqual(Object.fromEntries(reported));
        expect(Object.fromEntries(reported)).toEqual({ '20': 42_000, '10': 5_500, '5.5': 2_110 });
        const vatInFec = new Map<string, number>();
        for (const r of fec.filter((x) => x.JournalCode === 'VT' && settled.includes(x.PieceRef) && x.CompteNum === '44571')) {
          const rate = r.CompteLib.replace(/^TVA collectée /, '')
            .replace(' %', '')
            .replace(',', '.');
          vatInFec.set(rate, (vatInFec.get(rate) ?? 0) + cents(r.Credit) - cents(r.Debit));
        }
        expect(Object.fromEntries(vatInFec)).toEqual(Object.fromEntries([...expected].map(([k, v]) => [k, v.vat])));
        expect(Object.fromEntries(vatInFec)).toEqual({ '20': 7_000, '10': 500, '5.5': 110 });
      }, 300_000);
    });

    describe('purchases from abroad', () => {
      it('reports each purchase from a foreign supplier with the account as buyer (BY), and blocks one whose supplier has no country', async () => {
        const { a, token } = await account();
        const supplier = async (payload: object) => {
          const res = await call(a, 'POST', '/v1/suppliers', payload);
          expect(res.statusCode, res.body).toBe(200);
          return res.json().id as number;
        };
        const munich = await supplier({
          name: 'München Teile GmbH',
          address: { street: 'Marienplatz 1', zipcode: '80331', city: 'München', countryIso: 'DE' },
          companyInformations: { vatNumber: 'DE811128135' },
        });
        const austin = await supplier({
          name: 'Austin Parts LLC',
          address: { street: '1 Congress Ave', zipcode: '78701', city: 'Austin', countryIso: 'US' },
          companyInformations: { siret: '542107651' },
        });
        const nowhere = await supplier({ name: 'Nulle Part Ltd' });
        const purchase = async (reference: string, date: string, supplierId: number, region: string, vats: object[]) => {
          const xml = supplierInvoiceCii({
            supplier: SAMPLE_SUPPLIERS[1],
            buyer: { siren: '123456782', name: 'Moi' },
            number: reference,
            issueDate: date,
            net: '100.00',
            description: 'Pièces',
          });
          const up = await ctx.inject({
            method: 'POST',
            url: '/v1/purchaseinvoices/file',
            headers: { ...a.headers, 'content-type': MULTIPART },
            payload: multipart([{ name: 'file', filename: `${reference}.xml`, type: 'application/xml', content: xml }]),
          });
          expect(up.statusCode, up.body).toBe(200);
          const put = await call(a, 'PUT', `/v1/purchaseinvoices/${up.json().id}`, { supplierId, reference, date, region, vats });
          expect(put.statusCode, put.body).toBe(200);
        };
        await purchase('DE-2026-778', '2026-10-04', munich, 'EU', [{ rate: 0, taxExcludedAmount: 500 }]);
        await purchase('US-4411', '2026-10-06', austin, 'IE', [{ rate: 20, taxExcludedAmount: 250 }]);
        const p1 = await period(a, 'A-20261001-20261010');
        expect(p1).toMatchObject({ kind: 'Purchases', deadline: '2026-10-20', blocking: [], entries: 2 });
        expect(p1.totals).toEqual([
          { rate: '20', taxableAmount: '250.00', taxAmount: '50.00', collected: '0.00' },
          { rate: '0', taxableAmount: '500.00', taxAmount: '0.00', collected: '0.00' },
        ]);
        const xml = await file(a, 'A-20261001-20261010', 'purchases 2026-10 D1');
        expect(xml).toContain('<RoleCode>BY</RoleCode>');
        expect(xml).toContain('<CompanyId schemeId="0223">DE811128135</CompanyId>');
        expect(xml).toContain('<CompanyId schemeId="0227">542107651</CompanyId>');
        expect(xml).toContain('<TaxExemptionReasonCode>VATEX-EU-AE</TaxExemptionReasonCode>');
        const sent = (await call(a, 'POST', '/v1/ereporting/periods/A-20261001-20261010/send')).json();
        expect(sent).toMatchObject({ status: 'Sent', transmission: { typeCode: 'IN' } });
        expect((await sandboxFlows(token)).map((f) => f.flowType)).toEqual(['IndividualCustomerTransactionReport']);
        await later();
        const seen = (await call(a, 'GET', '/v1/ereporting/periods/A-20261001-20261010/comparison')).json();
        expect(seen).toMatchObject({ differences: [], told: seen.books });

        await purchase('NP-1', '2026-10-07', nowhere, 'EU', [{ rate: 0, taxExcludedAmount: 10 }]);
        const p2 = await period(a, 'A-20261001-20261010');
        expect(p2.blocking).toEqual([{ document: 'NP-1', reason: 'the supplier has no country in its address' }]);
        const after = (await call(a, 'GET', '/v1/ereporting/periods/A-20261001-20261010/comparison')).json();
        expect(after.differences).toEqual([
          { document: 'NP-1', amount: '10.00', reason: 'blocking point: the supplier has no country in its address' },
        ]);
      });
    });

    describe('supplier credit notes and billing frameworks', () => {
      it('reports a supplier credit note (381) with the invoice it corrects, and takes the framework from the file or the classification', async () => {
        const { a } = await account();
        const supplier = async (payload: object) => {
          const res = await call(a, 'POST', '/v1/suppliers', payload);
          expect(res.statusCode, res.body).toBe(200);
          return res.json().id as number;
        };
        const munich = await supplier({
          name: 'München Teile GmbH',
          address: { street: 'Marienplatz 1', zipcode: '80331', city: 'München', countryIso: 'DE' },
          companyInformations: { vatNumber: 'DE811128135' },
        });
        const austin = await supplier({
          name: 'Austin Parts LLC',
          address: { street: '1 Congress Ave', zipcode: '78701', city: 'Austin', countryIso: 'US' },
          companyInformations: { siret: '542107651' },
        });
        const noFramework = (xml: string) =>
          xml.replace(
            /<ram:BusinessProcessSpecifiedDocumentContextParameter>[\s\S]*?<\/ram:BusinessProcessSpecifiedDocumentContextParameter>/,
            '',
          );
        const creditOf = (number: string | null, date: string | null) => (xml: string) =>
          noFramework(xml)
            .replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>381</ram:TypeCode>')
            .replace(
              '</ram:ApplicableHeaderTradeSettlement>',
              number
                ? `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${number}</ram:IssuerAssignedID>${
                    date
                      ? `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${date}</qdt:DateTimeString></ram:FormattedIssueDateTime>`
                      : ''
                  }</ram:InvoiceReferencedDocument></ram:ApplicableHeaderTradeSettlement>`
                : '</ram:ApplicableHeaderTradeSettlement>',
            );
        const purchase = async (
          reference: string,
          date: string,
          supplierId: number,
          region: string,
          vats: object[],
          extra: object = {},
          transform: (xml: string) => string = (x) => x,
        ) => {
          const xml = transform(
            supplierInvoiceCii({
              supplier: SAMPLE_SUPPLIERS[1],
              buyer: { siren: '123456782', name: 'Moi' },
              number: reference,
              issueDate: date,
              net: '100.00',
              description: 'Pièces',
            }),
          );
          const up = await ctx.inject({
            method: 'POST',
            url: '/v1/purchaseinvoices/file',
            headers: { ...a.headers, 'content-type': MULTIPART },
            payload: multipart([{ name: 'file', filename: `${reference}.xml`, type: 'application/xml', content: xml }]),
          });
          expect(up.statusCode, up.body).toBe(200);
          const put = await call(a, 'PUT', `/v1/purchaseinvoices/${up.json().id}`, { supplierId, reference, date, region, vats, ...extra });
          expect(put.statusCode, put.body).toBe(200);
          return put.json();
        };
        // The file says S1 (BT-23 of a French-profile e-invoice): it wins. Without BT-23: the classification's account,
        // 607 purchases of goods -> B1, 6226 fees -> S1; neither -> M1.
        await purchase('DE-2026-900', '2026-11-02', munich, 'EU', [{ rate: 0, taxExcludedAmount: 400 }]);
        await purchase(
          'DE-2026-901',
          '2026-11-03',
          munich,
          'EU',
          [{ rate: 0, taxExcludedAmount: 300 }],
          { classificationId: 107 },
          noFramework,
        );
        await purchase('US-77', '2026-11-04', austin, 'IE', [{ rate: 20, taxExcludedAmount: 250 }], { classificationId: 116 }, noFramework);
        await purchase('US-78', '2026-11-05', austin, 'IE', [{ rate: 20, taxExcludedAmount: 10 }], {}, noFramework);
        // A credit note of the German supplier on DE-2026-901, its file naming that invoice and its date.
        const credit = await purchase(
          'DE-AV-12',
          '2026-11-06',
          munich,
          'EU',
          [{ rate: 0, taxExcludedAmount: -50 }],
          { classificationId: 107 },
          creditOf('DE-2026-901', '20261103'),
        );
        expect(Number(credit.taxIncludedAmount)).toBe(-50);
        const p = await period(a, 'A-20261101-20261110');
        expect(p).toMatchObject({ blocking: [], entries: 5 });
        expect(p.totals).toEqual([
          { rate: '20', taxableAmount: '260.00', taxAmount: '52.00', collected: '0.00' },
          { rate: '0', taxableAmount: '650.00', taxAmount: '0.00', collected: '0.00' },
        ]);
        const xml = await file(a, 'A-20261101-20261110', 'purchases 2026-11 D1 (credit, frameworks)');
        const entries = [...xml.matchAll(/<Invoice>([\s\S]*?)<\/Invoice>/g)].map(([, t]) => {
          const v = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(t)?.[1];
          const ref = /<ReferencedDocument>\s*<ID>([^<]*)<\/ID>\s*<IssueDate>([^<]*)<\/IssueDate>/.exec(t);
          const framework = /<BusinessProcess>\s*<ID>([^<]*)<\/ID>/.exec(t)?.[1];
          return `${v('ID')} ${v('TypeCode')} ${framework} ${v('TaxExclusiveAmount')}${ref ? ` corrects ${ref[1]} of ${ref[2]}` : ''}`;
        });
        expect(entries).toEqual([
          'DE-2026-900 380 S1 400.00',
          'DE-2026-901 380 B1 300.00',
          'US-77 380 S1 250.00',
          'US-78 380 M1 10.00',
          'DE-AV-12 381 B1 50.00 corrects DE-2026-901 of 20261103',
        ]);
        expect((await call(a, 'POST', '/v1/ereporting/periods/A-20261101-20261110/send')).json()).toMatchObject({ status: 'Sent' });
        await later();
        const seen = (await call(a, 'GET', '/v1/ereporting/periods/A-20261101-20261110/comparison')).json();
        expect(seen).toMatchObject({ differences: [], told: seen.books });

        // A credit note whose file names no invoice: a blocking point, never a guess.
        await purchase('DE-AV-13', '2026-11-12', munich, 'EU', [{ rate: 0, taxExcludedAmount: -20 }], {}, creditOf(null, null));
        await purchase('DE-AV-14', '2026-11-13', munich, 'EU', [{ rate: 0, taxExcludedAmount: -20 }], {}, creditOf('DE-2026-900', null));
        const p2 = await period(a, 'A-20261111-20261120');
        expect(p2.blocking).toEqual([
          { document: 'DE-AV-13', reason: expect.stringContaining('does not name the invoice it corrects with its date (BT-25, BT-26)') },
          { document: 'DE-AV-14', reason: expect.stringContaining('does not name the invoice it corrects with its date (BT-25, BT-26)') },
        ]);
        expect((await call(a, 'GET', '/v1/ereporting/periods/A-20261111-20261120/file')).statusCode).toBe(400);
      }, 300_000);
    });

    describe('bad input and faults', () => {
      it('lists a document that cannot be classified as a blocking point, and refuses to file or send the period', async () => {
        const { a, api } = await account();
        const nowhere = await ctx.inject({
          method: 'POST',
          url: '/v1/customers',
          headers: a.headers,
          payload: { companyName: 'Sans Pays SARL' },
        });
        expect(nowhere.statusCode, nowhere.body).toBe(200);
        const noSiren = await api.customer({ companyName: 'Anonyme SAS' });
        const x = await api.finalized('Invoice', { customerId: nowhere.json().id, date: '2026-10-02', lines: [line('Product', 10, 20)] });
        const y = await api.finalized('Invoice', { customerId: noSiren, date: '2026-10-03', lines: [line('Product', 10, 20)] });
        const p = await period(a, 'S-20261001-20261010');
        expect(p.status).toBe('Due');
        expect(p.blocking).toEqual([
          { document: x.number, reason: expect.stringContaining('no country') },
          { document: y.number, reason: expect.stringContaining('no SIREN') },
        ]);
        const f = await call(a, 'GET', '/v1/ereporting/periods/S-20261001-20261010/file');
        expect(f.statusCode).toBe(400);
        expect(f.json().detail).toContain(x.number);
        const s = await call(a, 'POST', '/v1/ereporting/periods/S-20261001-20261010/send');
        expect(s.statusCode).toBe(400);
        expect(s.json().detail).toContain('no SIREN');
      });

      it('keeps the report in the outbox while the PA is down, then sends it; a rejected report is sent again as an original', async () => {
        const { a, token, api } = await account({}, 'Reject');
        const jeanne = await consumer(api);
        await api.finalized('Invoice', { customerId: jeanne, date: '2026-10-22', lines: [line('Product', 40, 20)] });
        expect((await pa.control(token, 'POST', '/sandbox/faults', { status: 503, count: 1 })).status).toBe(200);
        const queued = (await call(a, 'POST', '/v1/ereporting/periods/S-20261021-20261031/send')).json();
        expect(queued).toMatchObject({
          status: 'Queued',
          late: true,
          transmission: { state: 'WaitingForTransmission', message: expect.stringContaining('Waiting for transmission') },
        });
        clock.advance(3600_000);
        await ctx.app.outbox.drain();
        await later();
        expect((await sandboxFlows(token)).map((f) => f.flowType)).toEqual(['AggregatedCustomerTransactionReport']);
        const rejected = await period(a, 'S-20261021-20261031');
        expect(rejected).toMatchObject({
          status: 'Rejected',
          transmission: { acknowledgement: 'Error', message: expect.stringContaining('REJECTED') },
        });
        expect((await pa.control(token, 'PUT', '/sandbox/behaviour', { reports: 'Accept' })).status).toBe(200);
        const again = (await call(a, 'POST', '/v1/ereporting/periods/S-20261021-20261031/send')).json();
        expect(again.reports.map((r: { typeCode: string; sequence: number }) => `${r.typeCode}${r.sequence}`)).toEqual(['IN0', 'IN1']);
        await file(a, 'S-20261021-20261031', 'sales D3 resent');
      });

      it('refuses to send an open period, or without a PA; says what is missing from the settings', async () => {
        const { a } = await account({ einvoicing: { platform: null, ereporting: { platformRegistrationNumber: null } } });
        const p = await period(a, 'S-20261021-20261031');
        expect(p.blocking[0].reason).toContain('platformRegistrationNumber');
        const s = await call(a, 'POST', '/v1/ereporting/periods/S-20261021-20261031/send');
        expect(s.statusCode).toBe(400);
        expect(s.json().detail).toContain('No e-invoicing platform is set');
        const today = new Date(clock.now()).toISOString().slice(0, 10);
        const open = (await call(a, 'GET', `/v1/ereporting/periods?from=${today}&to=${today}`)).json().periods[0];
        expect(open.status).toBe('Open');
        const o = await call(a, 'POST', `/v1/ereporting/periods/${open.id}/send`);
        expect(o.statusCode).toBe(400);
        expect(o.json().detail).toContain('runs until');
      });
    });

    describe('other regimes', () => {
      it('a franchise account reports its sales every two months, without VAT, and the file passes', async () => {
        const { a, api } = await account({
          company: {
            siret: '12345678200010',
            vatNumber: null,
            taxRegistrationId: '123456782',
            invoicingAddress: { street: '1 rue', zipcode: '75002', city: 'Paris', countryIso: 'FR' },
          },
          vat: { liableToVat: false },
          einvoicing: { ereporting: { vatRegime: 'Franchise', platformRegistrationNumber: '9999' } },
        });
        const jeanne = await consumer(api);
        await api.finalized('Invoice', { customerId: jeanne, date: '2026-09-15', lines: [line('Service', 120, 0)] });
        await api.finalized('Invoice', { customerId: jeanne, date: '2026-10-15', lines: [line('Product', 80, 0)] });
        const p = await period(a, 'S-20260901-20261031');
        expect(p.totals).toEqual([{ rate: '0', taxableAmount: '200.00', taxAmount: '0.00', collected: '0.00' }]);
        const xml = await file(a, 'S-20260901-20261031', 'franchise sales');
        expect(aggregates(xml)).toEqual(['20260915 TPS1 n=1 120.00/0.00 [0:120.00/0.00]', '20261015 TLB1 n=1 80.00/0.00 [0:80.00/0.00]']);
      });

      it('services sold under the VAT-on-debits option are aggregated apart with TaxDueDateTypeCode 5, and their payments are not reported', async () => {
        const { a, api } = await account({ vat: { vatMode: 'Debit' } });
        const jeanne = await consumer(api);
        const underDebits = await api.finalized('Invoice', { customerId: jeanne, date: '2026-11-02', lines: [line('Service', 100, 20)] });
        await api.finalized('Invoice', { customerId: jeanne, date: '2026-11-02', lines: [line('Product', 50, 20)] });
        const settings = await call(a, 'PUT', '/v1/settings', { vat: { vatMode: 'Collection' } });
        expect(settings.statusCode, settings.body).toBe(200);
        const onReceipt = await api.finalized('Invoice', { customerId: jeanne, date: '2026-11-02', lines: [line('Service', 200, 20)] });
        const xml = await file(a, 'S-20261101-20261110', 'sales 2026-11 D1 (debits option)');
        expect(aggregates(xml)).toEqual([
          '20261102 TLB1 n=1 50.00/10.00 [20:50.00/10.00]',
          '20261102 TPS1 n=1 200.00/40.00 [20:200.00/40.00]',
          '20261102 TPS1 due=5 n=1 100.00/20.00 [20:100.00/20.00]',
        ]);
        await receipt(a, '2026-11-05', Number(underDebits.taxIncludedAmount), [{ type: 'Invoice', id: underDebits.id }]);
        await receipt(a, '2026-11-05', Number(onReceipt.taxIncludedAmount), [{ type: 'Invoice', id: onReceipt.id }]);
        expect(paymentLines(await file(a, 'P-20261101-20261130', 'payments 2026-11 (debits option)'))).toEqual([
          'day 20261105 [20:240.00]',
        ]);
      });

      it('the simplified and quarterly regimes report monthly', async () => {
        for (const vatRegime of ['Simplified', 'NormalQuarterly']) {
          const { a, api } = await account({ einvoicing: { ereporting: { vatRegime, platformRegistrationNumber: '9999' } } });
          const jeanne = await consumer(api);
          await api.finalized('Invoice', {
            customerId: jeanne,
            date: '2026-10-30',
            lines: [line('Service', 10, 10), line('Product', 10, 20)],
          });
          const p = await period(a, 'S-20261001-20261031');
          expect(p.deadline).toBe(vatRegime === 'Simplified' ? '2026-11-25' : '2026-11-10');
          await file(a, 'S-20261001-20261031', `${vatRegime} sales`);
        }
      });
    });

    async function fecRows(a: TestAccount): Promise<Record<string, string>[]> {
      const res = await call(a, 'GET', '/v1/exports/fec?year=2026');
      expect(res.statusCode, res.body).toBe(200);
      const [head, ...lines] = res.body.split('\r\n').filter(Boolean);
      const names = head.split('|');
      return lines.map((l) => Object.fromEntries(l.split('|').map((v, i) => [names[i], v])));
    }

    async function exportDetail(a: TestAccount, from: string, to: string) {
      const rows: { number: string; vatRate: number; taxIncludedAmount: number; taxAmount: number }[] = [];
      for (const dataset of ['salesinvoices', 'salescredits']) {
        const res = await call(a, 'GET', `/v1/exports/${dataset}?format=Json&from=${from}&to=${to}`);
        expect(res.statusCode, res.body).toBe(200);
        rows.push(...(res.json().Detail as typeof rows));
      }
      return rows;
    }

    async function fecTotals(a: TestAccount, from: string, to: string, excluded: string[]) {
      const res = await call(a, 'GET', '/v1/exports/fec?year=2026');
      expect(res.statusCode, res.body).toBe(200);
      const [head, ...lines] = res.body.split('\r\n').filter(Boolean);
      const col = Object.fromEntries(head.split('|').map((name, i) => [name, i]));
      let revenue = 0;
      let vat = 0;
      for (const l of lines.map((x) => x.split('|'))) {
        const date = l[col.EcritureDate];
        if (l[col.JournalCode] !== 'VT' || date < from || date > to || excluded.includes(l[col.PieceRef])) continue;
        const cents = (v: string) => Math.round(Number(v.replace(',', '.')) * 100);
        const net = cents(l[col.Credit]) - cents(l[col.Debit]);
        if (l[col.CompteNum].startsWith('7')) revenue += net;
        if (l[col.CompteNum].startsWith('44571')) vat += net;
      }
      return [(revenue / 100).toFixed(2), (vat / 100).toFixed(2)];
    }

    async function exportedTotals(a: TestAccount, from: string, to: string, excluded: string[]) {
      const rows: { customerName: string; taxExcludedAmount: number; taxAmount: number }[] = [];
      for (const dataset of ['salesinvoices', 'salescredits']) {
        const res = await call(a, 'GET', `/v1/exports/${dataset}?format=Json&from=${from}&to=${to}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        const summary = (Array.isArray(body) ? body : body.Summary) as typeof rows;
        const sign = dataset === 'salescredits' ? -1 : 1;
        for (const r of summary)
          rows.push({ ...r, taxExcludedAmount: sign * Math.abs(r.taxExcludedAmount), taxAmount: sign * Math.abs(r.taxAmount) });
      }
      const kept = rows.filter((r) => !excluded.includes(r.customerName));
      const cents = (k: 'taxExcludedAmount' | 'taxAmount') => kept.reduce((s, r) => s + Math.round(r[k] * 100), 0);
      return [(cents('taxExcludedAmount') / 100).toFixed(2), (cents('taxAmount') / 100).toFixed(2)];
    }
  },
  {},
  () => ({ delivery: { clock: clock.now, platformFetch: (...args: Parameters<typeof fetch>) => pa.fetch(...args) } }),
);

describe('every Flux 10 file of the suite', () => {
  it.skipIf(!flux10OracleAvailable)(
    'passes the official Flux 10 XSD and Schematron',
    async () => {
      oracle ??= await loadFlux10Oracle();
      expect(judged.length).toBeGreaterThanOrEqual(8);
      for (const f of judged) {
        const v = await oracle.validate(f.xml);
        expect(
          [...v.flux10.errors, ...v.xsd.errors].map((e) => e.id),
          f.name,
        ).toEqual([]);
      }
    },
    300_000,
  );
});

/** "date category n=count base/vat [rate:base/vat …]" per B2C aggregate (TG-31). */
function aggregates(xml: string): string[] {
  return [...xml.matchAll(/<Transactions>([\s\S]*?)<\/Transactions>/g)].map(([, t]) => {
    const v = (name: string, s = t) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(s)?.[1];
    const subs = [...t.matchAll(/<TaxSubtotal>([\s\S]*?)<\/TaxSubtotal>/g)].map(
      ([, s]) => `${v('TaxPercent', s)}:${v('TaxableAmount', s)}/${v('TaxTotal', s)}`,
    );
    const head = t.split('<TaxSubtotal>')[0];
    const due = v('TaxDueDateTypeCode') ? ` due=${v('TaxDueDateTypeCode')}` : '';
    return `${v('Date')} ${v('CategoryCode')}${due} n=${v('TransactionsCount')} ${v('TaxExclusiveAmount')}/${v('TaxTotal', head)} [${subs.join(' ')}]`;
  });
}

function invoiceIds(xml: string): string[] {
  return [...xml.matchAll(/<Invoice>\s*<ID>([^<]*)<\/ID>/g)].map((m) => m[1]);
}

function paymentLines(xml: string): string[] {
  const subs = (s: string) =>
    [...s.matchAll(/<TaxPercent>([^<]*)<\/TaxPercent>[\s\S]*?<Amount>([^<]*)<\/Amount>/g)].map((m) => `${m[1]}:${m[2]}`).join(' ');
  const invoices = [...xml.matchAll(/<Invoice>\s*<InvoiceID>([^<]*)<\/InvoiceID>[\s\S]*?<Date>([^<]*)<\/Date>([\s\S]*?)<\/Invoice>/g)].map(
    (m) => `${m[1]} ${m[2]} [${subs(m[3])}]`,
  );
  const days = [...xml.matchAll(/<Transactions>\s*<Payment>\s*<Date>([^<]*)<\/Date>([\s\S]*?)<\/Transactions>/g)].map(
    (m) => `day ${m[1]} [${subs(m[2])}]`,
  );
  return [...invoices, ...days];
}

/** A decimal amount ("12.34" or the FEC's "12,34") in cents. */
function cents(value: string): number {
  return Math.round(Number(value.replace(',', '.')) * 100);
}

/** [taxable, vat] summed over rate lines, to the cent. */
function sum(lines: { taxableAmount: string; taxAmount: string }[]): string[] {
  const cents = (k: 'taxableAmount' | 'taxAmount') => lines.reduce((s, l) => s + Math.round(Number(l[k]) * 100), 0);
  return [(cents('taxableAmount') / 100).toFixed(2), (cents('taxAmount') / 100).toFixed(2)];
}
