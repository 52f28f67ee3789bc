// /v1/exports/ of quotes, purchases, expense reports, bank transactions, settlements and
// commitments: amounts to the cent, Summary equal to the sum of Detail, every format parsing,
// inclusive periods, filters (supplierId, colleagueId, types[]), another account's ids (404) and
// bad parameters (400).
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { quotesClient } from '../../helpers/quotes.js';
import { expectProblem, salesClient, type DocBody } from '../../helpers/sales.js';

const UBL = readFileSync(new URL('../../fixtures/einvoicing/ubl-invoice.xml', import.meta.url));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const cents = (value: number | string | null) => Math.round(Number(value ?? 0) * 100);
const sum = (rows: Json[], key: string) => rows.reduce((s, r) => s + cents(r[key]), 0);
/** Sums of `key` by `by`, in cents. */
const sumsBy = (rows: Json[], by: string, key: string) => {
  const out: Record<string, number> = {};
  for (const r of rows) out[r[by]] = (out[r[by]] ?? 0) + cents(r[key]);
  return out;
};

describeEachDb('exports of quotes and ledgers', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let supplierB: number;
  let colleagueB: number;
  let bankB: number;
  let otherSupplier: number;
  let jeanne: number;
  let paul: number;
  let bank: number;
  let invoice: DocBody;
  const quotes: DocBody[] = [];
  const purchases: Json[] = [];
  const payments: Json[] = [];
  const reports: Json[] = [];

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who = a) =>
    ctx.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who = a) => {
    const res = await call(method, url, payload, who);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const json = async (url: string, who = a) => {
    const res = await call('GET', url, undefined, who);
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body) as Json;
  };
  const upload = async (who = a) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/v1/purchaseinvoices/file',
      headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename: 'inv.xml', type: 'application/xml', content: UBL }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Every format answers 200, parses, and has one data row per Json row of each sheet. */
  const everyFormat = async (url: string, sheetTitles: string[]) => {
    const sep = url.includes('?') ? '&' : '?';
    const all = await json(`${url}${sep}format=Json&sheets=All`);
    const counts = sheetTitles.length === 1 ? [(all as Json[]).length] : Object.values(all).map((rows) => (rows as Json[]).length);
    const xlsx = await call('GET', `${url}${sep}format=Excel`);
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(sheetTitles);
    wb.worksheets.forEach((ws, i) => {
      expect(ws.rowCount, ws.name).toBe(1 + counts[i]);
    });
    const eu = await call('GET', `${url}${sep}format=EuropeanCsv&sheets=Summary`);
    expect([...eu.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(eu.rawPayload.subarray(3).toString('utf8').split('\r\n')).toHaveLength(2 + counts[0]);
    const us = await call('GET', `${url}${sep}format=AmericanCsv&sheets=Summary`);
    expect(us.body.split('\r\n')).toHaveLength(2 + counts[0]);
    const tsv = await call('GET', `${url}${sep}format=Tsv&sheets=Summary`);
    const tsvLines = tsv.body.split('\r\n');
    expect(tsvLines).toHaveLength(2 + counts[0]);
    expect(new Set(tsvLines.slice(0, -1).map((l) => l.split('\t').length)).size).toBe(1);
    const md = await call('GET', `${url}${sep}format=Markdown&sheets=Summary`);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.body.split('\n').filter((l) => l.startsWith('|'))).toHaveLength(2 + counts[0]);
    return { all, eu, us };
  };

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Facturier SAS');
    b = await ctx.newAccount('Autre SARL');
    const sales = salesClient(ctx, a);
    const customerId = await sales.customer({ companyName: 'Dupont SARL' });
    const other = await sales.customer({ companyName: '@Martin & Fils' });

    // Quotes: two issued (several rates, discounts, shipping), one never issued.
    const q = quotesClient(ctx, a);
    const body = (date: string, customer: number, extra: object = {}) => ({
      customerId: customer,
      date,
      lines: [
        {
          type: 'Product',
          description: 'Chaise',
          quantity: 3,
          taxExcludedPrice: 19.99,
          vat: { rate: 20 },
          discount: { type: 'Percent', value: 10 },
        },
        { type: 'Product', description: 'Livre', quantity: 1, taxExcludedPrice: 100, vat: { rate: 5.5 } },
        { type: 'Service', description: 'Pose', quantity: 2, taxExcludedPrice: 33.33, vat: { rate: 10 } },
      ],
      ...extra,
    });
    for (const [date, customer, extra] of [
      ['2026-01-10', customerId, { globalDiscount: { type: 'Percent', value: 7.5 }, shippingAmount: 12.5, shippingVat: { rate: 20 } }],
      ['2026-02-28', other, {}],
    ] as const) {
      const draft = await q.draft(body(date, customer, extra));
      quotes.push(await q.done('issue', draft.id));
    }
    await q.draft(body('2026-02-01', customerId));

    invoice = await sales.finalized(
      'Invoice',
      { customerId, date: '2026-01-15', lines: [{ type: 'Product', quantity: 1, taxExcludedPrice: 100, vat: { rate: 20 } }] },
      { finalizationDate: '2026-01-15' },
    );
    await ok('POST', '/v1/saleinvoices/markaspaid', { invoiceId: invoice.id, amount: 20, date: '2026-01-20', paymentReference: 'CHQ-1' });

    // Purchases: three invoices of the UBL's supplier, one moved to another supplier, with VAT at
    // two rates; a payment settling part of one, a payment left unallocated.
    otherSupplier = (await ok('POST', '/v1/suppliers', { name: 'Papeterie Durand' })).id;
    for (const [date, vats, extra] of [
      [
        '2026-01-05',
        [
          { rate: 20, taxExcludedAmount: 100.01 },
          { rate: 5.5, taxExcludedAmount: 33.33 },
        ],
        { dueDate: '2026-02-05' },
      ],
      ['2026-01-31', [{ rate: 20, taxExcludedAmount: 49.99 }], { supplierId: otherSupplier, reference: 'DUR-7', dueDate: null }],
      ['2026-02-01', null, { dueDate: null }],
    ] as const) {
      const created = await upload();
      purchases.push(await ok('PUT', `/v1/purchaseinvoices/${created.id}`, { date, ...(vats ? { vats } : {}), ...extra }));
    }
    payments.push(
      await ok('POST', '/v1/supplierpayments', {
        amount: 50.5,
        date: '2026-01-31',
        paymentMethod: 'Check',
        links: [{ id: purchases[0].id, amount: 50.5 }],
      }),
      await ok('POST', '/v1/supplierpayments', { amount: 12.34, date: '2026-02-01', supplierId: otherSupplier, reference: 'VIR-2' }),
    );

    // Expense reports: Jeanne's approved (two rates on a line), Paul's reimbursed, a draft.
    jeanne = (await ok('POST', '/v1/colleagues', { firstName: 'Jeanne', lastName: 'Martin' })).id;
    paul = (await ok('POST', '/v1/colleagues', { firstName: 'Paul', lastName: 'Durand' })).id;
    const report = async (colleagueId: number, periodStart: string, periodEnd: string, lines: object[], actions: string[]) => {
      const r = await ok('POST', '/v1/expensereports', { colleagueId, periodStart, periodEnd, title: `Frais ${periodStart}`, lines });
      for (const action of actions)
        await ok(
          'POST',
          `/v1/expensereports/${r.id}/${action}`,
          action === 'reimburse' ? { date: '2026-03-03', reference: 'NDF-1' } : undefined,
        );
      const got = await ok('GET', `/v1/expensereports/${r.id}`);
      reports.push(got);
      return got;
    };
    await report(
      jeanne,
      '2026-02-01',
      '2026-02-28',
      [
        {
          date: '2026-02-04',
          merchant: 'Hôtel',
          category: 'Hébergement',
          vats: [
            { rate: 10, taxExcludedAmount: 38.18 },
            { rate: 20, taxExcludedAmount: 4.17 },
          ],
        },
        { date: '2026-02-05', merchant: 'SNCF', category: 'Transport', vats: [{ rate: 10, taxExcludedAmount: 61.82 }] },
      ],
      ['submit', 'approve'],
    );
    await report(
      paul,
      '2026-01-01',
      '2026-01-31',
      [{ date: '2026-01-04', category: 'Repas', vats: [{ rate: 20, taxExcludedAmount: 10.01 }] }],
      ['submit', 'approve', 'reimburse'],
    );
    await report(jeanne, '2026-03-01', '2026-03-31', [{ date: '2026-03-02', vats: [{ rate: 20, taxExcludedAmount: 1 }] }], []);

    // A bank account with four transactions.
    bank = (await ok('POST', '/v1/bankaccounts', { name: 'Compte courant', iban: 'FR7630004008190001012345632' })).id;
    const csv =
      'Date;Libelle;Montant\r\n05/01/2026;VIR DUPONT;120,00\r\n20/01/2026;CHQ 1;-50,50\r\n31/01/2026;=HYPERLINK("x");-0,01\r\n01/02/2026;FRAIS;-7,99\r\n';
    const imported = await ctx.inject({
      method: 'POST',
      url: `/v1/bankaccounts/${bank}/statements?format=CSV&dateColumn=Date&labelColumn=Libelle&amountColumn=Montant`,
      headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename: 'releve.csv', type: 'text/csv', content: Buffer.from(csv) }]),
    });
    expect(imported.statusCode, imported.body).toBe(200);

    supplierB = (await ok('POST', '/v1/suppliers', { name: 'Fournisseur de B' }, b)).id;
    colleagueB = (await ok('POST', '/v1/colleagues', { firstName: 'Zoé', lastName: 'B' }, b)).id;
    bankB = (await ok('POST', '/v1/bankaccounts', { name: 'Compte B', iban: 'FR7630003012340005098765487' }, b)).id;
  });

  describe('salesquotes', () => {
    it('Summary per issued quote, Detail adding up to it per quote and rate, Analysis, every format', async () => {
      const { all } = await everyFormat('/v1/exports/salesquotes', ['Synthèse', 'Détail', 'Analyse']);
      const summary = all.Summary as Json[];
      expect(summary.map((r) => r.number)).toEqual(quotes.map((q) => q.number));
      expect(summary[0]).toMatchObject({
        date: '2026-01-10',
        customerName: 'Dupont SARL',
        taxExcludedAmount: quotes[0].taxExcludedAmount,
        taxIncludedAmount: quotes[0].taxIncludedAmount,
        status: 'En attente',
      });
      const detail = all.Detail as Json[];
      for (const q of summary) {
        const rows = detail.filter((d) => d.number === q.number);
        expect(sum(rows, 'taxExcludedAmount')).toBe(cents(q.taxExcludedAmount));
        expect(sum(rows, 'taxAmount')).toBe(cents(q.taxAmount));
        expect(sum(rows, 'taxIncludedAmount')).toBe(cents(q.taxIncludedAmount));
      }
      const analysis = all.Analysis as Json[];
      for (const grouping of ['Mois', 'Client', 'Taux de TVA']) {
        expect(
          sum(
            analysis.filter((r) => r.grouping === grouping),
            'taxIncludedAmount',
          ),
          grouping,
        ).toBe(sum(summary, 'taxIncludedAmount'));
      }
    });

    it('from/to inclusive, customerId, searchTerm; another account’s customer 404', async () => {
      expect(await json('/v1/exports/salesquotes?format=Json&sheets=Summary&from=2026-01-10&to=2026-01-10')).toHaveLength(1);
      expect(await json('/v1/exports/salesquotes?format=Json&sheets=Summary&from=2026-01-11&to=2026-02-27')).toHaveLength(0);
      const [one] = (await json(`/v1/exports/salesquotes?format=Json&sheets=Summary&searchTerm=martin`)) as Json[];
      expect(one.number).toBe(quotes[1].number);
      const csv = await call('GET', '/v1/exports/salesquotes?format=AmericanCsv&searchTerm=martin');
      expect(csv.body).toContain("'@Martin & Fils");
      const foreign = await call('GET', `/v1/exports/salesquotes?customerId=${supplierB}`);
      expectProblem(foreign, 404);
    });
  });

  describe('expensecharges', () => {
    it('Summary per purchase invoice, Detail by VAT rate adding up to it, Analysis, every format', async () => {
      const { all, eu } = await everyFormat('/v1/exports/expensecharges', ['Synthèse', 'Détail', 'Analyse']);
      const summary = all.Summary as Json[];
      expect(summary.map((r) => r.id)).toEqual(purchases.map((p) => p.id));
      expect(summary[0]).toMatchObject({
        date: '2026-01-05',
        dueDate: '2026-02-05',
        supplierName: 'Lieferant GmbH',
        taxExcludedAmount: 133.34,
        vatAmount: 21.83,
        taxIncludedAmount: 155.17,
        paidAmount: 50.5,
        balance: 104.67,
        status: 'À régler',
      });
      expect(summary[1]).toMatchObject({ supplierName: 'Papeterie Durand', reference: 'DUR-7', taxIncludedAmount: 59.99 });
      // The third keeps the UBL's amounts (800 TTC).
      const detail = all.Detail as Json[];
      expect(detail.filter((d) => d.id === purchases[0].id).map((d) => [d.vatRate, d.taxExcludedAmount, d.vatAmount])).toEqual([
        [20, 100.01, 20],
        [5.5, 33.33, 1.83],
      ]);
      for (const p of summary) {
        const rows = detail.filter((d) => d.id === p.id);
        expect(sum(rows, 'taxIncludedAmount'), String(p.id)).toBe(cents(p.taxIncludedAmount));
        expect(sum(rows, 'vatAmount')).toBe(cents(p.vatAmount));
      }
      const analysis = all.Analysis as Json[];
      for (const grouping of ['Mois', 'Fournisseur', 'Taux de TVA', 'Compte']) {
        expect(
          sum(
            analysis.filter((r) => r.grouping === grouping),
            'taxIncludedAmount',
          ),
          grouping,
        ).toBe(sum(summary, 'taxIncludedAmount'));
      }
      expect(eu.headers['content-disposition']).toBe('attachment; filename="charges-tout.csv"');
      expect(eu.body).toContain(';155,17;50,50;104,67;');
    });

    it('from/to inclusive, supplierId, searchTerm; another account’s supplier 404', async () => {
      const range = (await json('/v1/exports/expensecharges?format=Json&sheets=Summary&from=2026-01-05&to=2026-01-31')) as Json[];
      expect(range.map((r) => r.id)).toEqual([purchases[0].id, purchases[1].id]);
      const bySupplier = (await json(`/v1/exports/expensecharges?format=Json&sheets=Summary&supplierId=${otherSupplier}`)) as Json[];
      expect(bySupplier.map((r) => r.id)).toEqual([purchases[1].id]);
      const search = (await json('/v1/exports/expensecharges?format=Json&sheets=Summary&searchTerm=durand')) as Json[];
      expect(search.map((r) => r.id)).toEqual([purchases[1].id]);
      const foreign = await call('GET', `/v1/exports/expensecharges?supplierId=${supplierB}`);
      expectProblem(foreign, 404);
      expect(foreign.json().detail).toContain(`Supplier ${supplierB} not found`);
      expectProblem(await call('GET', '/v1/exports/expensecharges?supplierId=abc'), 400);
    });
  });

  describe('expensesbook', () => {
    it('Summary per supplier payment, Detail per allocation and what is left, Analysis', async () => {
      const { all } = await everyFormat('/v1/exports/expensesbook', ['Synthèse', 'Détail', 'Analyse']);
      const summary = all.Summary as Json[];
      expect(summary).toEqual([
        expect.objectContaining({
          id: payments[0].id,
          date: '2026-01-31',
          amount: 50.5,
          paymentMethod: 'Chèque',
          supplierName: 'Lieferant GmbH',
        }),
        expect.objectContaining({ id: payments[1].id, amount: 12.34, reference: 'VIR-2', documents: null }),
      ]);
      const detail = all.Detail as Json[];
      expect(detail).toEqual([
        expect.objectContaining({ id: payments[0].id, documentId: purchases[0].id, documentDate: '2026-01-05', amount: 50.5 }),
        expect.objectContaining({ id: payments[1].id, documentReference: 'Non affecté', amount: 12.34 }),
      ]);
      expect(sumsBy(detail, 'id', 'amount')).toEqual(sumsBy(summary, 'id', 'amount'));
      for (const grouping of ['Mois', 'Fournisseur', 'Mode de règlement']) {
        expect(
          sum(
            (all.Analysis as Json[]).filter((r) => r.grouping === grouping),
            'amount',
          ),
        ).toBe(6284);
      }
      expect(await json('/v1/exports/expensesbook?format=Json&sheets=Summary&from=2026-02-01&to=2026-02-01')).toHaveLength(1);
    });
  });

  describe('expensereports', () => {
    it('Summary per report (drafts excepted), Detail per line and rate adding up, Analysis, every format', async () => {
      const { all } = await everyFormat('/v1/exports/expensereports', ['Synthèse', 'Détail', 'Analyse']);
      const summary = all.Summary as Json[];
      expect(summary.map((r) => r.id)).toEqual([reports[0].id, reports[1].id]);
      expect(summary[0]).toMatchObject({
        colleagueName: 'Jeanne Martin',
        status: 'Approuvée',
        lines: 2,
        taxExcludedAmount: 104.17,
        vatAmount: 10.83,
      });
      expect(summary[0].taxIncludedAmount).toBe(reports[0].taxIncludedAmount);
      expect(summary[1]).toMatchObject({
        status: 'Remboursée',
        reimbursedDate: '2026-03-03',
        reimbursementReference: 'NDF-1',
        taxIncludedAmount: 12.01,
      });
      const detail = all.Detail as Json[];
      expect(detail.filter((d) => d.reportId === reports[0].id)).toHaveLength(3);
      for (const key of ['taxExcludedAmount', 'vatAmount', 'taxIncludedAmount']) {
        expect(sumsBy(detail, 'reportId', key)).toEqual(sumsBy(summary, 'id', key));
        for (const grouping of ['Mois', 'Collaborateur', 'Catégorie']) {
          expect(
            sum(
              (all.Analysis as Json[]).filter((r) => r.grouping === grouping),
              key,
            ),
            `${grouping} ${key}`,
          ).toBe(sum(summary, key));
        }
      }
    });

    it('colleagueId and the period; another account’s colleague 404', async () => {
      const paulOnly = (await json(`/v1/exports/expensereports?format=Json&sheets=Summary&colleagueId=${paul}`)) as Json[];
      expect(paulOnly.map((r) => r.id)).toEqual([reports[1].id]);
      const feb = (await json('/v1/exports/expensereports?format=Json&sheets=Summary&from=2026-02-28&to=2026-02-28')) as Json[];
      expect(feb.map((r) => r.id)).toEqual([reports[0].id]);
      expectProblem(await call('GET', `/v1/exports/expensereports?colleagueId=${colleagueB}`), 404);
      expect((await json(`/v1/exports/expensereports?format=Json&sheets=Summary&colleagueId=${jeanne}&from=2026-03-01`)) as Json[]).toEqual(
        [],
      );
    });
  });

  describe('banktransactions/{id}', () => {
    it('Summary per transaction with debit and credit, Analysis by month, the file named with the account', async () => {
      const { all, eu } = await everyFormat(`/v1/exports/banktransactions/${bank}`, ['Opérations', 'Analyse']);
      const summary = all.Summary as Json[];
      expect(summary.map((t) => [t.date, t.label, t.debit, t.credit, t.amount])).toEqual([
        ['2026-01-05', 'VIR DUPONT', null, 120, 120],
        ['2026-01-20', 'CHQ 1', 50.5, null, -50.5],
        ['2026-01-31', '=HYPERLINK("x")', 0.01, null, -0.01],
        ['2026-02-01', 'FRAIS', 7.99, null, -7.99],
      ]);
      expect(eu.headers['content-disposition']).toBe(`attachment; filename="operations-bancaires-${bank}-tout.csv"`);
      expect(eu.body).toContain(`;"'=HYPERLINK(""x"")";`);
      const months = (all.Analysis as Json[]).filter((r) => r.grouping === 'Mois');
      expect(months.map((m) => [m.key, m.transactions, m.debit, m.credit, m.amount])).toEqual([
        ['2026-01', 3, 50.51, 120, 69.49],
        ['2026-02', 1, 7.99, 0, -7.99],
      ]);
      const jan = (await json(`/v1/exports/banktransactions/${bank}?format=Json&sheets=Summary&from=2026-01-20&to=2026-01-31`)) as Json[];
      expect(jan).toHaveLength(2);
    });

    it('another account’s bank account or an unknown one: 404; not an id: 400; no such sheet: 400', async () => {
      expectProblem(await call('GET', `/v1/exports/banktransactions/${bankB}`), 404);
      expectProblem(await call('GET', '/v1/exports/banktransactions/999999'), 404);
      expectProblem(await call('GET', '/v1/exports/banktransactions/abc'), 400);
      const res = await call('GET', `/v1/exports/banktransactions/${bank}?sheets=Detail`);
      expectProblem(res, 400);
      expect(res.body).toContain('sheets');
    });
  });

  describe('settlements', () => {
    it('every kind signed as cash, Detail adding up per settlement, Analysis, every format', async () => {
      const { all } = await everyFormat('/v1/exports/settlements', ['Synthèse', 'Détail', 'Analyse']);
      const summary = all.Summary as Json[];
      expect(summary.map((s) => [s.type, s.amount])).toEqual([
        ['Encaissement client', 20],
        ['Paiement fournisseur', -50.5],
        ['Paiement fournisseur', -12.34],
        ['Remboursement de frais', -12.01],
      ]);
      const key = (r: Json) => `${r.type}#${r.id}`;
      const detail = all.Detail as Json[];
      const bySettlement = (rows: Json[]) => {
        const out: Record<string, number> = {};
        for (const r of rows) out[key(r)] = (out[key(r)] ?? 0) + cents(r.amount);
        return out;
      };
      expect(bySettlement(detail)).toEqual(bySettlement(summary));
      expect(detail.find((d) => d.type === 'Encaissement client')).toMatchObject({ documentNumber: invoice.number, amount: 20 });
      const analysis = all.Analysis as Json[];
      for (const grouping of ['Mois', 'Nature', 'Mode de règlement']) {
        const rows = analysis.filter((r) => r.grouping === grouping);
        expect(sum(rows, 'amount'), grouping).toBe(2000 - 5050 - 1234 - 1201);
        expect(sum(rows, 'received')).toBe(2000);
      }
    });

    it('types[] (repeated, comma-separated, any case), the period; an unknown kind: 400 naming types', async () => {
      const two = (await json(
        '/v1/exports/settlements?format=Json&sheets=Summary&types[]=supplierpayment&types[]=ColleagueRepayment',
      )) as Json[];
      expect(two.map((s) => s.type)).toEqual(['Paiement fournisseur', 'Paiement fournisseur', 'Remboursement de frais']);
      const comma = (await json(
        '/v1/exports/settlements?format=Json&sheets=Summary&types=CustomerReceipt,ColleagueRepayment&from=2026-01-20&to=2026-03-03',
      )) as Json[];
      expect(comma.map((s) => s.amount)).toEqual([20, -12.01]);
      const none = (await json('/v1/exports/settlements?format=Json&sheets=Summary&from=2026-01-21&to=2026-01-30')) as Json[];
      expect(none).toEqual([]);
      const bad = await call('GET', '/v1/exports/settlements?types[]=Employee');
      expectProblem(bad, 400);
      expect(bad.body).toContain('types');
      expect(await json('/v1/exports/settlements?format=Json&sheets=Summary', b)).toEqual([]);
    });
  });

  describe('commitments', () => {
    it('open invoices owed to us, unpaid purchases and approved reports owed by us, Analysis adding up', async () => {
      const { all } = await everyFormat('/v1/exports/commitments', ['Échéances', 'Analyse']);
      const summary = all.Summary as Json[];
      expect(summary.map((c) => [c.type, c.id, c.amount, c.settledAmount, c.dueAmount])).toEqual([
        ['Client', invoice.id, 120, 20, 100],
        ['Fournisseur', purchases[0].id, 155.17, 50.5, 104.67],
        ['Fournisseur', purchases[1].id, 59.99, 0, 59.99],
        ['Fournisseur', purchases[2].id, 800, 0, 800],
        ['Collaborateur', reports[0].id, 115, 0, 115],
      ]);
      for (const grouping of ['Nature', "Mois d'échéance", 'Tiers']) {
        const rows = (all.Analysis as Json[]).filter((r) => r.grouping === grouping);
        expect(sum(rows, 'dueAmount'), grouping).toBe(sum(summary, 'dueAmount'));
        expect(sum(rows, 'amount'), grouping).toBe(sum(summary, 'amount'));
      }
    });

    it('types[] and the period on the due date', async () => {
      const supplier = (await json(
        '/v1/exports/commitments?format=Json&sheets=Summary&types[]=Supplier&from=2026-02-05&to=2026-02-05',
      )) as Json[];
      expect(supplier.map((c) => c.id)).toEqual([purchases[0].id]);
      const colleague = (await json('/v1/exports/commitments?format=Json&sheets=Summary&types=colleague&to=2026-02-28')) as Json[];
      expect(colleague.map((c) => c.id)).toEqual([reports[0].id]);
      expectProblem(await call('GET', '/v1/exports/commitments?types=CustomerReceipt'), 400);
      expectProblem(await call('GET', '/v1/exports/commitments?sheets=Detail'), 400);
    });
  });

  it('bad parameters: from after to, a bad date, an unknown format: 400 naming it', async () => {
    for (const path of [
      'salesquotes',
      'expensesbook',
      `banktransactions/${bank}`,
      'expensecharges',
      'expensereports',
      'settlements',
      'commitments',
    ]) {
      const late = await call('GET', `/v1/exports/${path}?from=2026-02-01&to=2026-01-01`);
      expectProblem(late, 400);
      expect(late.body, path).toContain('from');
      expectProblem(await call('GET', `/v1/exports/${path}?from=2026-13-01`), 400);
      const format = await call('GET', `/v1/exports/${path}?format=Pdf`);
      expectProblem(format, 400);
      expect(format.body).toContain('format');
    }
  });
});
