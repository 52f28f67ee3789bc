// From quote to cash with deposits (acomptes), over HTTP: deposit invoices (type code 386, the VAT of
// each rate due on the deposit), the final invoice deducting them (BT-113, each referenced in BG-3)
// with a balance exact to the cent, on a quote with three VAT rates, a line discount, a global
// discount and shipping. The finalized deposit and final invoices are judged by the official
// EN 16931 and BR-FR rules (../shared/einvoicing-oracle) when that folder is there.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SELLERS } from '../../../scripts/samples/fixtures.js';
import { todayIn } from '../../../src/domain/dates.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { inspectPdf } from '../../helpers/pdf-inspect.js';
import { expectProblem, salesClient, type DocBody, type SalesClient } from '../../helpers/sales.js';
import { quotesClient } from '../../helpers/quotes.js';
import { ORACLE_DIR, oracleMissing } from '../../helpers/referees.js';

const T = todayIn('Europe/Paris');
const year = T.slice(0, 4);
const F = (n: number) => `F-${year}-${String(n).padStart(5, '0')}`;

const oracleReady = !oracleMissing('deposits.test.ts');
interface OracleResult {
  en16931: { errors: { id: string; text: string }[] };
  brfr?: { errors: { id: string; text: string }[] };
}
type Validate = (bytes: Uint8Array) => Promise<OracleResult>;
let validate: Validate | null = null;
async function oracle(): Promise<Validate> {
  if (!validate) {
    const mod = (await import(pathToFileURL(path.join(ORACLE_DIR, 'lib/oracle.mjs')).href)) as {
      prepare(): void;
      loadRules(): unknown;
      validateBytes(bytes: Uint8Array, rules: unknown): Promise<OracleResult>;
    };
    mod.prepare();
    const rules = mod.loadRules();
    validate = (bytes) => mod.validateBytes(bytes, rules);
  }
  return validate;
}

/** Three VAT rates, a line discount, a 5 % global discount and shipping: every rounding path. */
const QUOTE = {
  date: T,
  subject: 'Aménagement de la boutique',
  globalDiscount: { type: 'Percent', value: 5 },
  shippingAmount: 12.5,
  shippingVat: { rate: 20 },
  deposit: { type: 'Percent', value: 30 },
  lines: [
    { type: 'Product', description: 'Étagère murale', quantity: 3, taxExcludedPrice: 33.33, vat: { rate: 20 } },
    { type: 'Product', description: 'Livres de recettes', quantity: 7, taxExcludedPrice: 12.35, vat: { rate: 5.5 } },
    {
      type: 'Service',
      description: 'Pose',
      quantity: 1,
      taxExcludedPrice: 41.67,
      discount: { type: 'Percent', value: 10 },
      vat: { rate: 10 },
    },
  ],
};

const vatRows = (doc: DocBody) => doc.vats.map((v: DocBody) => [v.vat.rate, v.taxExcludedAmount, v.vatAmount]);

describeEachDb('quote to deposit to final invoice', (ctx) => {
  let account: TestAccount;
  let quotes: ReturnType<typeof quotesClient>;
  let sales: SalesClient;
  let customerId: number;
  beforeAll(async () => {
    account = await ctx.newAccount('Atelier Numérique SAS');
    quotes = quotesClient(ctx, account);
    sales = salesClient(ctx, account);
    await sales.settings(SELLERS.atelier.settings);
    customerId = await sales.customer(SELLERS.atelier.customers.dupont);
  });

  const download = async (id: number) => {
    const res = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${id}`, headers: account.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };
  const xmlOf = async (pdf: Uint8Array) => {
    const info = await inspectPdf(pdf);
    const xml = info.attachments.find((a) => a.name === 'factur-x.xml');
    expect(xml, 'factur-x.xml attached').toBeDefined();
    return { xml: Buffer.from(xml!.content).toString('utf8'), text: info.pageTexts.join('\n') };
  };

  describe('the whole path, exact to the cent', () => {
    let quote: DocBody;
    let deposit1: DocBody;
    let deposit2: DocBody;
    let final: DocBody;

    it('the quote: 225.24 excl. tax, 29.58 VAT over three rates, 254.82 in all', async () => {
      quote = await quotes.draft({ ...QUOTE, customerId });
      expect(quote).toMatchObject({ taxExcludedAmount: 225.24, taxAmount: 29.58, taxIncludedAmount: 254.82, balance: 254.82 });
      expect(vatRows(quote)).toEqual([
        [20, 107.49, 21.5],
        [10, 35.62, 3.56],
        [5.5, 82.13, 4.52],
      ]);
      expectProblem(await quotes.action('deposit', quote.id), 409);
      quote = await quotes.done('accept', quote.id);
    });

    it('a 30 % deposit (the quote’s own) is a draft deposit invoice of 76.45, split over the rates as the quote is', async () => {
      const res = await quotes.action('deposit', quote.id);
      expect(res.statusCode, res.body).toBe(200);
      deposit1 = res.json();
      expect(deposit1).toMatchObject({
        isDraft: true,
        isDeposit: true,
        quoteId: quote.id,
        quoteNumber: quote.number,
        customerId,
        customerName: 'Boulangerie Dupont & Fils SARL',
        taxIncludedAmount: 76.45,
        taxAmount: 8.88,
        taxExcludedAmount: 67.57,
        balance: 76.45,
        prepaidAmount: 0,
        useTaxIncludedPrices: true,
      });
      expect(vatRows(deposit1)).toEqual([
        [20, 32.25, 6.45],
        [10, 10.68, 1.07],
        [5.5, 24.64, 1.36],
      ]);
      expect(deposit1.lines.map((l: DocBody) => [l.taxIncludedAmount, l.vat.rate])).toEqual([
        [38.7, 20],
        [11.75, 10],
        [26, 5.5],
      ]);
      expect(deposit1.lines[0].description).toBe(`Acompte de 30 % sur le devis ${quote.number} (part à 20 %)`);
    });

    it('invoicing the quote waits for the deposit invoice to be finalized (409)', async () => {
      const refused = expectProblem(await quotes.action('invoice', quote.id), 409);
      expect(refused.detail).toContain(`Deposit invoice ${deposit1.id} of Quote ${quote.number} is still a draft`);
      deposit1 = (await sales.finalize('Invoice', deposit1.id)).json();
      expect(deposit1).toMatchObject({ isDraft: false, number: F(1), balance: 76.45 });
    });

    it('a second deposit of a fixed 100.00, and none beyond what remains of the quote (400)', async () => {
      const res = await quotes.action('deposit', quote.id, { type: 'Fixed', value: 100 });
      expect(res.statusCode, res.body).toBe(200);
      deposit2 = res.json();
      expect(deposit2).toMatchObject({ taxIncludedAmount: 100, taxAmount: 11.61, taxExcludedAmount: 88.39, isDeposit: true });
      expect(vatRows(deposit2)).toEqual([
        [20, 42.18, 8.44],
        [10, 13.98, 1.4],
        [5.5, 32.23, 1.77],
      ]);
      deposit2 = (await sales.finalize('Invoice', deposit2.id)).json();
      expect(deposit2.number).toBe(F(2));
      const tooMuch = expectProblem(await quotes.action('deposit', quote.id, { type: 'Fixed', value: 78.38 }), 400);
      expect(tooMuch.errors).toEqual({
        value: ["the deposit (78.38) exceeds what the earlier deposits leave of the quote's total: 78.37 of 254.82"],
      });
      expectProblem(await quotes.action('deposit', quote.id, { type: 'Percent', value: 40 }), 400);
      expectProblem(await quotes.action('deposit', quote.id, { type: 'Percent', value: 0 }), 400);
      expect((await quotes.get(quote.id)).json()).toMatchObject({ depositInvoiceIds: [deposit1.id, deposit2.id], balance: 78.37 });
    });

    it('the final invoice repeats the quote and deducts both deposits: 254.82 − 176.45 = 78.37 due; the quote is Invoiced and linked', async () => {
      const res = await quotes.action('invoice', quote.id);
      expect(res.statusCode, res.body).toBe(200);
      final = res.json();
      expect(final).toMatchObject({
        isDraft: true,
        isDeposit: false,
        quoteId: quote.id,
        quoteNumber: quote.number,
        taxExcludedAmount: 225.24,
        taxAmount: 29.58,
        taxIncludedAmount: 254.82,
        prepaidAmount: 176.45,
        balance: 78.37,
        globalDiscount: { type: 'Percent', value: 5 },
        shippingAmount: 12.5,
        subject: 'Aménagement de la boutique',
      });
      expect(vatRows(final)).toEqual(vatRows(quote));
      expect(final.lines.map((l: DocBody) => [l.description, l.taxExcludedAmount])).toEqual([
        ['Étagère murale', 99.99],
        ['Livres de recettes', 86.45],
        ['Pose', 37.5],
      ]);
      expect(final.depositInvoices).toEqual([
        { id: deposit1.id, number: F(1), date: deposit1.date, amount: 76.45 },
        { id: deposit2.id, number: F(2), date: deposit2.date, amount: 100 },
      ]);
      expect(final.commitments.map((c: DocBody) => c.amount)).toEqual([78.37]);
      const q = (await quotes.get(quote.id)).json();
      expect(q).toMatchObject({ status: 'Invoiced', invoiceId: final.id });
      const again = expectProblem(await quotes.action('invoice', quote.id), 409);
      expect(again.detail).toContain(`see invoice ${final.id}`);
      expectProblem(await quotes.action('deposit', quote.id), 409);
    });

    it('a PUT on the final draft keeps the deposits; lines below them are refused', async () => {
      const put = await sales.put('Invoice', final.id, { headerNotes: 'Solde du devis' });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ prepaidAmount: 176.45, balance: 78.37, quoteId: quote.id, headerNotes: 'Solde du devis' });
      const below = expectProblem(
        await sales.put('Invoice', final.id, { lines: [{ description: 'x', quantity: 1, taxExcludedPrice: 10, vat: { rate: 20 } }] }),
        400,
      );
      expect(below.detail).toContain('less than the deposits it deducts (176.45)');
    });

    it('finalized, the final invoice owes 78.37; paying that settles it exactly', async () => {
      final = (await sales.finalize('Invoice', final.id)).json();
      expect(final).toMatchObject({ number: F(3), balance: 78.37, isPaid: false, prepaidAmount: 176.45 });
      const paid = await ctx.inject({
        method: 'POST',
        url: '/v1/saleinvoices/markaspaid',
        headers: account.headers,
        payload: { invoiceId: final.id, date: T, paymentMethod: 'Transfer' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const after = (await sales.get('Invoice', final.id)).json();
      expect(after).toMatchObject({ balance: 0, isPaid: true });
      expect(after.commitments).toEqual([expect.objectContaining({ amount: 78.37, dueAmount: 0 })]);
    });

    it('the e-invoices: 386 for deposits, 380 with BT-113 = 176.45, BT-115 = 78.37 and both deposits in BG-3 for the final one', async () => {
      const d1 = await xmlOf(await download(deposit1.id));
      expect(d1.xml).toContain('<ram:TypeCode>386</ram:TypeCode>');
      expect(d1.xml).toContain('<ram:GrandTotalAmount>76.45</ram:GrandTotalAmount>');
      expect(d1.xml).toContain('<ram:TaxTotalAmount currencyID="EUR">8.88</ram:TaxTotalAmount>');
      expect(d1.text).toContain('FACTURE D’ACOMPTE');
      const fin = await xmlOf(await download(final.id));
      expect(fin.xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
      expect(fin.xml).toContain('<ram:GrandTotalAmount>254.82</ram:GrandTotalAmount>');
      expect(fin.xml).toContain('<ram:TotalPrepaidAmount>176.45</ram:TotalPrepaidAmount>');
      expect(fin.xml).toContain('<ram:DuePayableAmount>78.37</ram:DuePayableAmount>');
      const refs = [...fin.xml.matchAll(/<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>([^<]+)</g)].map((m) => m[1]);
      expect(refs).toEqual([F(1), F(2)]);
      expect(fin.text).toContain(`Acompte ${F(1)}`);
      expect(fin.text).toContain('78,37\u00A0€');
    });

    it.skipIf(!oracleReady)(
      'the official EN 16931 and BR-FR rules pass on both deposit invoices and the final invoice',
      async () => {
        const check = await oracle();
        for (const id of [deposit1.id, deposit2.id, final.id]) {
          const result = await check(await download(id));
          expect({ id, en16931: result.en16931.errors, brfr: result.brfr?.errors ?? [] }).toEqual({ id, en16931: [], brfr: [] });
        }
      },
      120_000,
    );
  });

  describe('edge cases', () => {
    it('a deposit with no body uses settings sales.quotes.depositDefaultValue when the quote asks none; none at all is a 400', async () => {
      const acc = await ctx.newAccount();
      const q = quotesClient(ctx, acc);
      const s = salesClient(ctx, acc);
      const quote = await q.draft({ customerName: 'Client', date: T, lines: [{ quantity: 1, taxExcludedPrice: 1000, vat: { rate: 20 } }] });
      await q.done('accept', quote.id);
      const none = expectProblem(await q.action('deposit', quote.id), 400);
      expect(none.detail).toContain('the quote asks for none');
      await s.settings({ sales: { quotes: { depositDefaultValue: 40 } } });
      const res = await q.action('deposit', quote.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ taxIncludedAmount: 480, taxAmount: 80, taxExcludedAmount: 400 });
    });

    it('an invoice draft deleted lets the quote be invoiced again; deleted and cancelled deposits are not deducted', async () => {
      const acc = await ctx.newAccount();
      const q = quotesClient(ctx, acc);
      const s = salesClient(ctx, acc);
      const quote = await q.draft({ customerName: 'Client', date: T, lines: [{ quantity: 1, taxExcludedPrice: 1000, vat: { rate: 20 } }] });
      await q.done('accept', quote.id);
      const dropped = (await q.action('deposit', quote.id, { type: 'Fixed', value: 200 })).json();
      expect((await s.del('Invoice', dropped.id)).statusCode).toBe(200);
      const cancelled = (await q.action('deposit', quote.id, { type: 'Fixed', value: 300 })).json();
      await s.finalize('Invoice', cancelled.id);
      expect((await s.cancel(cancelled.id)).statusCode).toBe(200);
      const kept = (await q.action('deposit', quote.id, { type: 'Percent', value: 10 })).json();
      await s.finalize('Invoice', kept.id);
      const first = (await q.action('invoice', quote.id)).json();
      expect(first).toMatchObject({ taxIncludedAmount: 1200, prepaidAmount: 120, balance: 1080 });
      expect(first.depositInvoices.map((d: DocBody) => d.id)).toEqual([kept.id]);
      expect((await s.del('Invoice', first.id)).statusCode).toBe(200);
      const second = await q.action('invoice', quote.id);
      expect(second.statusCode, second.body).toBe(200);
      expect((await q.get(quote.id)).json()).toMatchObject({ status: 'Invoiced', invoiceId: second.json().id });
    });

    it('a final invoice cancelled unwinds: the quote is invoiced again and the new invoice deducts the same deposits', async () => {
      const acc = await ctx.newAccount();
      const q = quotesClient(ctx, acc);
      const s = salesClient(ctx, acc);
      const quote = await q.draft({ customerName: 'Client', date: T, lines: [{ quantity: 1, taxExcludedPrice: 1000, vat: { rate: 20 } }] });
      await q.done('accept', quote.id);
      const deposit = (await q.action('deposit', quote.id, { type: 'Percent', value: 25 })).json();
      expect((await s.finalize('Invoice', deposit.id)).statusCode).toBe(200);
      const first = (await q.action('invoice', quote.id)).json();
      expect((await s.finalize('Invoice', first.id)).statusCode).toBe(200);
      // Invoiced, with a live final invoice: invoicing again is a 409 naming it.
      const twice = await q.action('invoice', quote.id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().detail).toContain(`see invoice ${first.id}`);
      const cancelled = await s.cancel(first.id);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const again = await q.action('invoice', quote.id);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ taxIncludedAmount: 1200, prepaidAmount: 300, balance: 900, isDraft: true });
      expect(again.json().depositInvoices.map((d: DocBody) => d.id)).toEqual([deposit.id]);
      expect((await q.get(quote.id)).json()).toMatchObject({ status: 'Invoiced', invoiceId: again.json().id });
      const final = (await s.finalize('Invoice', again.json().id)).json();
      expect(final).toMatchObject({ isDraft: false, balance: 900 });
    });

    it('a quote without deposits invoices in full; the invoice keeps the reverse charge of the quote', async () => {
      const acc = await ctx.newAccount();
      const q = quotesClient(ctx, acc);
      const quote = await q.draft({
        customerName: 'Bauer GmbH',
        vatReverseCharge: true,
        date: T,
        lines: [{ quantity: 2, taxExcludedPrice: 150, vat: { rate: 20 } }],
      });
      await q.done('accept', quote.id);
      const invoice = (await q.action('invoice', quote.id)).json();
      expect(invoice).toMatchObject({
        vatReverseCharge: true,
        taxIncludedAmount: 300,
        taxAmount: 0,
        prepaidAmount: 0,
        balance: 300,
        depositInvoices: [],
      });
    });
  });
});
