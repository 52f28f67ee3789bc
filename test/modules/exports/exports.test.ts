// /v1/exports/*: the datasets over HTTP on generated documents (several VAT rates, line and global
// discounts, shipping, tax-included prices, negative lines, credits, receipts): Summary equals the
// sum of Detail to the cent, the formats' headers and bytes, filters, bad input, account isolation,
// and a cursor read over several batches.
import { PLATFORM_TABLES } from '../../../src/db/migrations/024_einvoicing_platform.js';
import { EREPORTING_TABLES } from '../../../src/db/migrations/025_ereporting.js';
import { GETTING_PAID_TABLES } from '../../../src/db/migrations/026_getting_paid.js';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCustomers, generateInvoices } from '../../../bench/generate.js';
import { buildApp } from '../../../src/app.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { completeDetailUpgrade } from '../../../src/modules/sales/index.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { expectProblem, salesClient, type DocBody, type SalesClient } from '../../helpers/sales.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const cents = (value: number | string) => Math.round(Number(value) * 100);
const sum = (rows: Json[], key: string) => rows.reduce((s, r) => s + cents(r[key]), 0);

describeEachDb('exports', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let sa: SalesClient;
  let dupont: number;
  let martin: number;
  let otherCustomer: number;
  const invoices: DocBody[] = [];
  const credits: DocBody[] = [];

  const get = (url: string, account = a) => ctx.inject({ method: 'GET', url, headers: account.headers });
  const json = async (url: string, account = a) => {
    const res = await get(url, account);
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body) as Json;
  };

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier SAS');
    // No SIREN in b's settings (the FEC test's 400).
    b = await ctx.newAccount('Autre SAS', { sellerIdentity: false });
    sa = salesClient(ctx, a);
    await sa.settings({ company: { siret: '73282932000074', vatNumber: 'FR44732829320' } });
    dupont = await sa.customer({
      companyName: 'Dupont SARL',
      companyInformations: { siret: '55210055400013', vatNumber: 'FR96552100554' },
    });
    martin = await sa.customer({ companyName: '=cmd|" /C calc"!A0', email: 'martin@example.com' });
    const service = await sa.product({ name: 'Audit', type: 'Service', unitPrice: 250, vat: { rate: 20 }, classification: { id: 4 } });
    const sb = salesClient(ctx, b);
    // A VAT number lets b issue conforming invoices (BR-S-02) without a SIREN.
    await sb.settings({ company: { vatNumber: 'FR11123456782' } });
    otherCustomer = await sb.customer({ companyName: 'Client de B' });
    await sb.finalized(
      'Invoice',
      {
        customerId: otherCustomer,
        date: '2026-01-05',
        lines: [{ type: 'Product', quantity: 1, taxExcludedPrice: 999, vat: { rate: 20 } }],
      },
      { finalizationDate: '2026-01-05' },
    );

    const finalize = async (kind: 'Invoice' | 'Credit', date: string, payload: object) => {
      const doc = await sa.finalized(kind, { date, ...payload }, { finalizationDate: date });
      (kind === 'Invoice' ? invoices : credits).push(doc);
      return doc;
    };
    await finalize('Invoice', '2026-01-10', {
      customerId: dupont,
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
        {
          type: 'Service',
          description: 'Pose',
          quantity: 2,
          taxExcludedPrice: 33.33,
          vat: { rate: 10 },
          discount: { type: 'Fixed', value: 5 },
        },
      ],
      globalDiscount: { type: 'Percent', value: 7.5 },
      shippingAmount: 12.5,
      shippingVat: { rate: 20 },
    });
    await finalize('Invoice', '2026-02-15', {
      customerId: martin,
      useTaxIncludedPrices: true,
      lines: [
        { type: 'Product', description: '+33 6 12 34 56 78', quantity: 3, taxIncludedPrice: 9.99, vat: { rate: 20 } },
        { type: 'Product', description: 'Confiture', quantity: 7, taxIncludedPrice: 1.05, vat: { rate: 5.5 } },
        { type: 'Service', productId: service.id, quantity: 1, taxIncludedPrice: 300, vat: { rate: 20 } },
      ],
    });
    await finalize('Invoice', '2026-03-20', {
      customerId: dupont,
      lines: [
        { type: 'Product', description: 'Écran', quantity: 2, taxExcludedPrice: 149.9, vat: { rate: 20 } },
        { type: 'Product', description: 'Retour', quantity: -1, taxExcludedPrice: 49.95, vat: { rate: 20 } },
        { type: 'Service', description: 'Formation', quantity: 1.5, taxExcludedPrice: 80, vat: { rate: 0 } },
      ],
      globalDiscount: { type: 'Fixed', value: 10 },
    });
    await finalize('Credit', '2026-03-25', {
      customerId: dupont,
      lines: [
        { type: 'Product', description: 'Geste commercial', quantity: 1, taxExcludedPrice: 15.01, vat: { rate: 20 } },
        { type: 'Product', description: 'Livre abîmé', quantity: 1, taxExcludedPrice: 20, vat: { rate: 5.5 } },
      ],
    });
    // One invoice still a draft: drafts are no accounting documents and are never exported.
    await sa.draft('Invoice', { customerId: dupont, lines: [{ type: 'Product', quantity: 1, taxExcludedPrice: 1, vat: { rate: 20 } }] });

    const pay = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices/markaspaid',
      headers: a.headers,
      payload: { invoiceId: invoices[0].id, amount: invoices[0].taxIncludedAmount, date: '2026-01-20', paymentMethod: 'Transfer' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const part = await ctx.inject({
      method: 'POST',
      url: '/v1/receipts',
      headers: a.headers,
      payload: {
        date: '2026-02-20',
        amount: 150,
        paymentMethod: 'Cash',
        customerId: martin,
        links: [{ type: 'Invoice', id: invoices[1].id, amount: 100 }],
      },
    });
    expect(part.statusCode, part.body).toBe(200);
  });

  describe('sale invoices', () => {
    it('Json, all sheets: Summary as the API answers the invoices, Detail adds up to Summary per document to the cent', async () => {
      const body = await json('/v1/exports/salesinvoices?format=Json');
      expect(Object.keys(body)).toEqual(['Summary', 'Detail', 'Analysis']);
      const summary = body.Summary as Json[];
      expect(summary.map((r) => r.number)).toEqual(invoices.map((i) => i.number));
      summary.forEach((row, k) => {
        const inv = invoices[k];
        expect(row).toMatchObject({
          date: inv.date,
          customerName: inv.customerName,
          taxExcludedAmount: inv.taxExcludedAmount,
          taxAmount: inv.taxAmount,
          taxIncludedAmount: inv.taxIncludedAmount,
        });
        expect(cents(row.taxExcludedAmount) + cents(row.taxAmount)).toBe(cents(row.taxIncludedAmount));
        const lines = (body.Detail as Json[]).filter((d) => d.number === row.number);
        expect(sum(lines, 'taxExcludedAmount')).toBe(cents(row.taxExcludedAmount));
        expect(sum(lines, 'taxAmount')).toBe(cents(row.taxAmount));
        expect(sum(lines, 'taxIncludedAmount')).toBe(cents(row.taxIncludedAmount));
        for (const l of lines) expect(cents(l.taxExcludedAmount) + cents(l.taxAmount)).toBe(cents(l.taxIncludedAmount));
        // The VAT of each rate is split over that rate's rows: per rate, Detail equals the invoice's breakdown.
        for (const v of inv.vats) {
          const atRate = lines.filter((l) => l.vatRate === v.vat.rate);
          expect(sum(atRate, 'taxExcludedAmount')).toBe(cents(v.taxExcludedAmount));
          expect(sum(atRate, 'taxAmount')).toBe(cents(v.vatAmount));
        }
      });
      expect(sum(body.Detail, 'taxIncludedAmount')).toBe(sum(summary, 'taxIncludedAmount'));
      // The first invoice: three lines, the global discount at each of its three rates, shipping.
      const first = (body.Detail as Json[]).filter((d) => d.number === invoices[0].number);
      expect(first.map((d) => [d.lineType, d.vatRate, d.accountNumber])).toEqual([
        ['Produit', 20, '707'],
        ['Produit', 5.5, '707'],
        ['Service', 10, '706'],
        ['Remise globale', 20, '709'],
        ['Remise globale', 10, '709'],
        ['Remise globale', 5.5, '709'],
        ['Frais de port', 20, '7085'],
      ]);
      expect(first[0]).toMatchObject({
        lineNumber: 1,
        quantity: 3,
        unitPrice: 19.99,
        discountRate: 10,
        discountAmount: 6,
        taxExcludedAmount: 53.97,
      });
      expect(first[2]).toMatchObject({ discountAmount: 5, taxExcludedAmount: 61.66 });
      // The product's classification (Travaux, 704) gives the account of its line.
      expect((body.Detail as Json[]).find((d) => d.number === invoices[1].number && d.lineType === 'Service')).toMatchObject({
        accountNumber: '704',
      });
      expect(summary[0]).toMatchObject({ settledAmount: invoices[0].taxIncludedAmount, balance: 0, status: 'Réglé' });
      expect(summary[1]).toMatchObject({ settledAmount: 100, status: 'À régler' });
    });

    it('Analysis: totals by month, customer and VAT rate, each grouping adding up to the Summary', async () => {
      const body = await json('/v1/exports/salesinvoices?format=Json');
      const analysis = body.Analysis as Json[];
      const total = (field: string) => sum(body.Summary, field);
      for (const grouping of ['Mois', 'Client', 'Taux de TVA']) {
        const rows = analysis.filter((r) => r.grouping === grouping);
        expect(sum(rows, 'taxExcludedAmount'), grouping).toBe(total('taxExcludedAmount'));
        expect(sum(rows, 'taxAmount'), grouping).toBe(total('taxAmount'));
      }
      expect(analysis.filter((r) => r.grouping === 'Mois').map((r) => [r.key, r.label, r.documents])).toEqual([
        ['2026-01', 'janvier 2026', 1],
        ['2026-02', 'février 2026', 1],
        ['2026-03', 'mars 2026', 1],
      ]);
      expect(analysis.filter((r) => r.grouping === 'Client').map((r) => [r.label, r.documents])).toEqual([
        ['=cmd|" /C calc"!A0', 1],
        ['Dupont SARL', 2],
      ]);
      expect(analysis.filter((r) => r.grouping === 'Taux de TVA').map((r) => r.key)).toEqual(['20', '10', '5.5', '0']);
    });

    it('Excel: the file name of the period, a workbook of typed cells, amounts as numbers', async () => {
      const res = await get('/v1/exports/salesinvoices?format=Excel&from=2026-01-01&to=2026-12-31');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe('attachment; filename="factures-2026-01-01_2026-12-31.xlsx"');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Synthèse', 'Détail', 'Analyse']);
      const ws = wb.worksheets[0];
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.rowCount).toBe(1 + invoices.length);
      const row = ws.getRow(2);
      expect(row.getCell(1).value).toBe(invoices[0].number);
      expect(row.getCell(2).value).toEqual(new Date(`${invoices[0].date}T00:00:00Z`));
      expect(row.getCell(8).type).toBe(ExcelJS.ValueType.Number);
      expect(row.getCell(8).value).toBe(invoices[0].taxExcludedAmount);
      expect(row.getCell(8).numFmt).toBe('#,##0.00');
      expect(row.getCell(10).value).toBe(invoices[0].taxIncludedAmount);
      // The customer named like a formula is text, shown as typed after an apostrophe.
      expect(ws.getRow(3).getCell(5).value).toBe(`'=cmd|" /C calc"!A0`);
      const detail = wb.worksheets[1];
      expect(detail.getRow(1).getCell(15).value).toBe('Montant HT');
      // 3 lines, a global discount at 3 rates and shipping; 3 lines; 3 lines and a global discount at 2 rates.
      expect(detail.rowCount).toBe(1 + 7 + 3 + 5);
    });

    it('EuropeanCsv: BOM, semicolons, decimal comma, French dates, neutralised text; AmericanCsv and Tsv beside it', async () => {
      const res = await get('/v1/exports/salesinvoices?format=EuropeanCsv');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="factures-tout.csv"');
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe(
        'Numéro;Date;Échéance;N° client;Client;N° TVA client;Objet;Total HT;TVA;Total TTC;Réglé;Reste dû;État;Document lié',
      );
      const ht = invoices[0].taxExcludedAmount.toFixed(2).replace('.', ',');
      expect(lines[1]).toMatch(new RegExp(`^${invoices[0].number};10/01/2026;[0-9/]+;C?[^;]*;Dupont SARL;FR96552100554;;${ht};`));
      expect(lines[2]).toContain(`;"'=cmd|"" /C calc""!A0";`);
      expect(lines).toHaveLength(2 + invoices.length);

      const us = await get('/v1/exports/salesinvoices?format=AmericanCsv&sheets=Detail');
      expect(us.rawPayload[0]).not.toBe(0xef);
      expect(us.body.split('\r\n')[1]).toContain(',53.97,');
      const tsv = await get('/v1/exports/salesinvoices?format=Tsv&sheets=Detail');
      expect(tsv.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
      // A description starting with + is text: neutralised.
      expect(tsv.body).toContain(`\t'+33 6 12 34 56 78\t`);
    });

    it('Markdown: a table per sheet', async () => {
      const res = await get('/v1/exports/salesinvoices?format=Markdown&sheets=Summary');
      expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="factures-tout.md"');
      const lines = res.body.split('\n');
      expect(lines[0]).toBe('## Synthèse');
      expect(lines[3]).toMatch(/^\| --- \| --- \|/);
      expect(lines[5]).toContain('=cmd\\|" /C calc"!A0');
    });

    it('filters: period (inclusive), customer, search term; the file name says the period', async () => {
      const feb = await get('/v1/exports/salesinvoices?format=Json&sheets=Summary&from=2026-02-15&to=2026-03-20');
      expect(JSON.parse(feb.body).map((r: Json) => r.number)).toEqual([invoices[1].number, invoices[2].number]);
      expect(feb.headers['content-disposition']).toBe('attachment; filename="factures-2026-02-15_2026-03-20.json"');
      const since = await get('/v1/exports/salesinvoices?format=Json&sheets=Summary&from=2026-03-01');
      expect(since.headers['content-disposition']).toBe('attachment; filename="factures-depuis-2026-03-01.json"');
      const byCustomer = await json(`/v1/exports/salesinvoices?format=Json&sheets=Summary&customerId=${martin}`);
      expect(byCustomer.map((r: Json) => r.number)).toEqual([invoices[1].number]);
      const bySearch = await json(`/v1/exports/salesinvoices?format=Json&sheets=Summary&searchTerm=${encodeURIComponent('dupont')}`);
      expect(bySearch.map((r: Json) => r.number)).toEqual([invoices[0].number, invoices[2].number]);
      const byNumber = await json(
        `/v1/exports/salesinvoices?format=Json&sheets=Summary&searchTerm=${encodeURIComponent(invoices[2].number)}`,
      );
      expect(byNumber.map((r: Json) => r.number)).toEqual([invoices[2].number]);
      const percent = await json('/v1/exports/salesinvoices?format=Json&sheets=Summary&searchTerm=%25');
      expect(percent).toEqual([]);
    });

    it('bad input: unknown format or sheets, from after to, a sheet the dataset lacks: 400 naming it; another account’s customer: 404', async () => {
      const format = expectProblem(await get('/v1/exports/salesinvoices?format=Pdf'), 400);
      expect(JSON.stringify(format)).toContain('format');
      const sheets = expectProblem(await get('/v1/exports/salesinvoices?sheets=Everything'), 400);
      expect(JSON.stringify(sheets)).toContain('sheets');
      const period = expectProblem(await get('/v1/exports/salesinvoices?from=2026-12-31&to=2026-01-01'), 400);
      expect(period.detail).toContain('from (2026-12-31) is after to (2026-01-01)');
      expectProblem(await get('/v1/exports/salesinvoices?from=2026-13-01'), 400);
      expectProblem(await get('/v1/exports/salesinvoices?customerId=abc'), 400);
      const analysis = expectProblem(await get('/v1/exports/products?sheets=Analysis'), 400);
      expect(analysis.detail).toContain('products has no Analysis sheet');
      const foreign = expectProblem(await get(`/v1/exports/salesinvoices?customerId=${otherCustomer}`), 404);
      expect(foreign.detail).toContain(`Customer ${otherCustomer} not found`);
      expect((await get('/v1/exports/salesinvoices')).statusCode).toBe(200);
      expect((await ctx.inject({ method: 'GET', url: '/v1/exports/salesinvoices' })).statusCode).toBe(401);
    });

    it('routes match case-insensitively; an unknown export path is 404', async () => {
      const res = await get('/v1/Exports/SalesInvoices?format=Json&sheets=Summary');
      expect(res.statusCode).toBe(200);
      expect((await get('/v1/exports/purchaseorders')).statusCode).toBe(404);
      expect((await get('/v1/exports/banktransactions')).statusCode).toBe(404);
    });

    it('another account sees only its own documents', async () => {
      const body = await json('/v1/exports/salesinvoices?format=Json&sheets=Summary', b);
      expect(body).toHaveLength(1);
      expect(body[0]).toMatchObject({ customerName: 'Client de B', taxExcludedAmount: 999 });
    });
  });

  describe('the Detail stored at finalization (migration 022)', () => {
    it('every finalized document has its Detail stored, a draft none; a database from before 022 gets it from the snapshots when the app starts, and exports the same rows', async () => {
      const draft = await sa.draft('Invoice', {
        customerId: dupont,
        lines: [{ type: 'Service', description: 'Brouillon', quantity: 1, taxExcludedPrice: 10, vat: { rate: 20 } }],
      });
      const stored = async () =>
        (
          await ctx.db.kysely
            .selectFrom('saleDocuments')
            .leftJoin('saleDocumentLines', 'saleDocumentLines.documentId', 'saleDocuments.id')
            .select(['saleDocuments.id', 'saleDocuments.isDraft', 'saleDocumentLines.detail'])
            .where('saleDocuments.accountId', '=', a.accountId)
            .execute()
        ).map((r) => ({ id: r.id, draft: Boolean(r.isDraft), detail: r.detail }));
      const rows = await stored();
      expect(rows.filter((r) => !r.draft && r.detail === null)).toEqual([]);
      expect(rows.find((r) => r.id === draft.id)).toEqual({ id: draft.id, draft: true, detail: null });
      expect(rows.filter((r) => !r.draft)).toHaveLength(invoices.length + credits.length);
      const detail = async () =>
        [
          await json('/v1/exports/salesinvoices?format=Json&sheets=Detail'),
          await json('/v1/exports/salescredits?format=Json&sheets=Detail'),
          (await get('/v1/exports/salesinvoices?format=EuropeanCsv&sheets=Detail')).body,
        ] as const;
      const before = await detail();
      expect((before[0] as unknown as Json[]).length).toBeGreaterThan(invoices.length);

      // As a database of the version before 022: no table, migrations 022 and later not applied. The
      // migration leaves the Detail of the documents it finds to the sales module, which stores it at start.
      const raw = ctx.db.kysely.withoutPlugins();
      await raw.schema.dropTable('sale_document_lines').execute();
      await raw.schema.dropTable('pending_upgrades').execute();
      await raw.schema.alterTable('sale_documents').dropColumn('einvoicing_warnings').execute();
      await raw.schema.alterTable('sale_documents').dropColumn('einvoicing_status').execute();
      for (const table of GETTING_PAID_TABLES) await raw.schema.dropTable(table).execute();
      for (const table of EREPORTING_TABLES) await raw.schema.dropTable(table).execute();
      for (const table of PLATFORM_TABLES) await raw.schema.dropTable(table).execute();
      await sql`delete from kysely_migration where name > '022'`.execute(raw);
      expect(await migrateToLatest(ctx.db)).toEqual([
        '022_sale_document_lines',
        '023_einvoicing_warnings',
        '024_einvoicing_platform',
        '025_ereporting',
        '026_getting_paid',
        '027_read_path',
        '028_einvoicing_status',
      ]);
      const finalized = await ctx.db.kysely
        .selectFrom('saleDocuments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('isDraft', '=', false)
        .executeTakeFirstOrThrow();
      expect(Number(finalized.n)).toBeGreaterThan(invoices.length + credits.length);
      expect((await stored()).filter((r) => r.detail !== null)).toEqual([]);
      // An app starting on it stores them all…
      await (await buildApp(ctx.config, ctx.db)).close();
      expect(await ctx.db.kysely.selectFrom('pendingUpgrades').selectAll().execute()).toEqual([]);
      // …once: the next start finds nothing to do.
      expect(await completeDetailUpgrade(ctx.db.kysely)).toBe(0);

      const after = await stored();
      expect(after).toEqual(rows);
      expect(await detail()).toEqual(before);
    });
  });

  describe('sale credits', () => {
    it('Summary and Detail of credits, Detail adding up to Summary', async () => {
      const body = await json('/v1/exports/salescredits?format=Json');
      expect(body.Summary.map((r: Json) => r.number)).toEqual(credits.map((c) => c.number));
      expect(body.Summary[0]).toMatchObject({ taxExcludedAmount: 35.01, taxAmount: 4.1, taxIncludedAmount: 39.11 });
      expect(sum(body.Detail, 'taxAmount')).toBe(sum(body.Summary, 'taxAmount'));
      expect(sum(body.Detail, 'taxIncludedAmount')).toBe(sum(body.Summary, 'taxIncludedAmount'));
      const res = await get('/v1/exports/salescredits?format=AmericanCsv&from=2026-01-01&to=2026-12-31');
      expect(res.headers['content-disposition']).toBe('attachment; filename="avoirs-2026-01-01_2026-12-31.csv"');
    });
  });

  describe('master data', () => {
    it('products: Summary and Detail, searchTerm', async () => {
      const body = await json('/v1/exports/products?format=Json');
      expect(body.Summary).toEqual([
        {
          number: expect.any(String),
          name: 'Audit',
          type: 'Service',
          family: null,
          taxExcludedUnitPrice: 250,
          vatRate: 20,
          unit: null,
          accountNumber: '704',
          active: 'Oui',
        },
      ]);
      expect(body.Detail[0]).toMatchObject({
        name: 'Audit',
        unitPrice: 250,
        isUnitPriceTaxIncluded: 'Non',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      expect(await json('/v1/exports/products?format=Json&sheets=Summary&searchTerm=nothing')).toEqual([]);
      const res = await get('/v1/exports/products?format=EuropeanCsv');
      expect(res.headers['content-disposition']).toBe('attachment; filename="produits.csv"');
      expect(res.body).toContain(';Audit;Service;;250;20;;704;Oui\r\n');
    });

    it('customers: a formula-like name is neutralised in CSV and kept as is in Json; suppliers', async () => {
      const csv = await get('/v1/exports/customers?format=AmericanCsv&sheets=Summary');
      expect(csv.body).toContain(`"'=cmd|"" /C calc""!A0",martin@example.com,`);
      const body = await json('/v1/exports/customers?format=Json&sheets=Detail');
      expect(body.map((c: Json) => c.name)).toEqual(['Dupont SARL', '=cmd|" /C calc"!A0']);
      expect(body[0]).toMatchObject({ vatNumber: 'FR96552100554', city: 'Paris', street: '3 place du Marché', type: 'Business' });
      const search = await json('/v1/exports/customers?format=Json&sheets=Summary&searchTerm=dupont');
      expect(search.map((c: Json) => c.name)).toEqual(['Dupont SARL']);
      const created = await ctx.inject({
        method: 'POST',
        url: '/v1/suppliers',
        headers: a.headers,
        payload: { name: 'Papeterie Martin', email: 'p@example.com' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const suppliers = await json('/v1/exports/suppliers?format=Json&sheets=Summary');
      expect(suppliers).toEqual([expect.objectContaining({ name: 'Papeterie Martin', email: 'p@example.com' })]);
      expect(await json('/v1/exports/suppliers?format=Json&sheets=Summary', b)).toEqual([]);
    });
  });

  describe('receipts book', () => {
    it('Summary per receipt, Detail per allocation (and what is left unallocated), adding up', async () => {
      const body = await json('/v1/exports/receiptsbook?format=Json&from=2026-01-01&to=2026-12-31');
      expect(body.Summary.map((r: Json) => [r.date, r.amount, r.paymentMethod, r.documents])).toEqual([
        ['2026-01-20', invoices[0].taxIncludedAmount, 'Virement', invoices[0].number],
        ['2026-02-20', 150, 'Espèces', invoices[1].number],
      ]);
      expect(body.Detail.map((r: Json) => [r.documentType, r.documentNumber, r.amount])).toEqual([
        ['Facture', invoices[0].number, invoices[0].taxIncludedAmount],
        ['Facture', invoices[1].number, 100],
        ['Non affecté', null, 50],
      ]);
      expect(sum(body.Detail, 'amount')).toBe(sum(body.Summary, 'amount'));
      expect(body.Analysis.filter((r: Json) => r.grouping === 'Mode de règlement').map((r: Json) => [r.label, r.amount])).toEqual([
        ['Virement', invoices[0].taxIncludedAmount],
        ['Espèces', 150],
      ]);
      const res = await get('/v1/exports/receiptsbook?format=Excel&from=2026-01-01&to=2026-06-30');
      expect(res.headers['content-disposition']).toBe('attachment; filename="livre-des-recettes-2026-01-01_2026-06-30.xlsx"');
    });
  });

  describe('FEC', () => {
    const parse = (res: LightMyRequestResponse, separator = '|') => {
      const lines = res.body.split('\r\n');
      expect(lines.pop()).toBe('');
      return { header: lines[0].split(separator), rows: lines.slice(1).map((l) => l.split(separator)) };
    };

    it('18 columns, the prescribed name, balanced entries for invoices, credits and receipts', async () => {
      const res = await get('/v1/exports/fec?year=2026');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="732829320FEC20261231.txt"');
      const { header, rows } = parse(res);
      expect(header).toEqual([
        'JournalCode',
        'JournalLib',
        'EcritureNum',
        'EcritureDate',
        'CompteNum',
        'CompteLib',
        'CompAuxNum',
        'CompAuxLib',
        'PieceRef',
        'PieceDate',
        'EcritureLib',
        'Debit',
        'Credit',
        'EcritureLet',
        'DateLet',
        'ValidDate',
        'Montantdevise',
        'Idevise',
      ]);
      const entries = new Map<string, string[][]>();
      for (const r of rows) {
        expect(r).toHaveLength(18);
        expect(r[3]).toMatch(/^2026\d{4}$/);
        expect(r[9]).toBe(r[3]);
        expect(r[15]).toMatch(/^\d{8}$/);
        expect(r[11]).toMatch(/^\d+,\d{2}$/);
        expect(r[12]).toMatch(/^\d+,\d{2}$/);
        expect(r[11] === '0,00' || r[12] === '0,00').toBe(true);
        entries.set(r[2], [...(entries.get(r[2]) ?? []), r]);
      }
      const c = (v: string) => cents(v.replace(',', '.'));
      for (const [number, lines] of entries) {
        const debit = lines.reduce((s, l) => s + c(l[11]), 0);
        const credit = lines.reduce((s, l) => s + c(l[12]), 0);
        expect(debit, number).toBe(credit);
        expect(new Set(lines.map((l) => l[0] + l[3] + l[8])).size, number).toBe(1);
      }
      // 3 invoices and 1 credit in the sales journal, 1 transfer and 1 cash receipt.
      expect([...entries.keys()]).toEqual(['VT000001', 'BQ000001', 'VT000002', 'CA000001', 'VT000003', 'VT000004']);
      const vt = rows.filter((r) => r[0] === 'VT');
      const customers = vt.filter((r) => r[4] === '411');
      const ttc = invoices.reduce((s, i) => s + cents(i.taxIncludedAmount), 0);
      expect(customers.reduce((s, r) => s + c(r[11]), 0)).toBe(ttc);
      expect(customers.reduce((s, r) => s + c(r[12]), 0)).toBe(cents(credits[0].taxIncludedAmount));
      const vat = vt.filter((r) => r[4] === '44571');
      expect(vat.reduce((s, r) => s + c(r[12]) - c(r[11]), 0)).toBe(
        invoices.reduce((s, i) => s + cents(i.taxAmount), 0) - cents(credits[0].taxAmount),
      );
      expect(entries.get('VT000001')!.map((l) => [l[4], l[6]])).toEqual([
        ['411', expect.any(String)],
        ['707', ''],
        ['706', ''],
        ['709', ''],
        ['7085', ''],
        ['44571', ''],
        ['44571', ''],
        ['44571', ''],
      ]);
      expect(entries.get('CA000001')!.map((l) => [l[4], l[11], l[12]])).toEqual([
        ['530', '150,00', '0,00'],
        ['411', '0,00', '150,00'],
      ]);
      expect(entries.get('VT000004')![0]).toEqual(expect.arrayContaining(['411', '0,00', '39,11']));
    });

    it('tab-separated on demand; a year with nothing is a header alone; no SIREN in settings: 400 saying what to set; bad year: 400', async () => {
      const tab = await get('/v1/exports/fec?year=2026&separator=Tab');
      const { header, rows } = parse(tab, '\t');
      expect(header).toHaveLength(18);
      expect(rows.every((r) => r.length === 18)).toBe(true);
      const empty = await get('/v1/exports/fec?year=2019');
      expect(empty.body.split('\r\n')).toHaveLength(2);
      expect(empty.headers['content-disposition']).toBe('attachment; filename="732829320FEC20191231.txt"');
      const noSiren = expectProblem(await get('/v1/exports/fec?year=2026', b), 400);
      expect(noSiren.detail).toContain('company.siret');
      expectProblem(await get('/v1/exports/fec'), 400);
      expectProblem(await get('/v1/exports/fec?year=26.5'), 400);
    });
  });

  describe('large exports', () => {
    it('reads its cursor over several batches: every finalized document once, in date order, Detail adding up', async () => {
      const c = await ctx.newAccount('Volume SAS');
      const ids = await generateCustomers(ctx.db, c.accountId, 20);
      await generateInvoices(ctx.db, ctx.keyring, c.accountId, ids, 1300);
      const finalized = await ctx.db.kysely
        .selectFrom('saleDocuments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('accountId', '=', c.accountId)
        .where('isDraft', '=', false)
        .executeTakeFirstOrThrow();
      const body = await json('/v1/exports/salesinvoices?format=Json&sheets=All', c);
      const summary = body.Summary as Json[];
      expect(summary).toHaveLength(Number(finalized.n));
      expect(Number(finalized.n)).toBeGreaterThan(1000);
      expect(new Set(summary.map((r) => r.number)).size).toBe(summary.length);
      for (let k = 1; k < summary.length; k++) expect(summary[k].date >= summary[k - 1].date).toBe(true);
      expect(sum(body.Detail, 'taxExcludedAmount')).toBe(sum(summary, 'taxExcludedAmount'));
      expect(sum(body.Detail, 'taxAmount')).toBe(sum(summary, 'taxAmount'));
      const csv = await get('/v1/exports/salesinvoices?format=EuropeanCsv&sheets=Detail', c);
      expect(csv.body.split('\r\n')).toHaveLength((body.Detail as Json[]).length + 2);
    }, 120_000);
  });
});
