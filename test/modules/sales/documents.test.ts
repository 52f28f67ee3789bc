import { beforeAll, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { extractEmbeddedInvoiceXml } from '../../../src/modules/purchases/pdf-read.js';
import { checkEInvoice } from '../../../src/einvoicing/check.js';
import { parseXml, xpathFor } from '../../../src/einvoicing/xml.js';
import { todayIn } from '../../../src/domain/dates.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { LINES, setUpSeller } from './documents.fixtures.js';

const today = todayIn('Europe/Paris');

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describeEachDb('sale document downloads', (ctx) => {
  let a: TestAccount;
  let customerId: number;
  let invoiceId: number;
  let invoiceNumber: string;
  let draftId: number;

  const download = (path: string, who = a) => ctx.inject({ method: 'GET', url: path, headers: who.headers });

  beforeAll(async () => {
    ({ account: a, customerId } = await setUpSeller(ctx));
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: a.headers,
      payload: { customerId, date: today, lines: LINES, shippingAmount: 15 },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    invoiceId = draft.json().id;
    const fin = await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${invoiceId}`, headers: a.headers });
    expect(fin.statusCode, fin.body).toBe(200);
    invoiceNumber = fin.json().number;
    const other = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: a.headers,
      payload: { customerId, date: today, lines: LINES },
    });
    draftId = other.json().id;
  });

  it('a finalized invoice downloads as a PDF attachment named after its number', async () => {
    const res = await download(`/v1/saleinvoices/download/${invoiceId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoiceNumber}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('the finalized PDF embeds a factur-x.xml whose CII has no EN 16931 error', async () => {
    const res = await download(`/v1/saleinvoices/download/${invoiceId}`);
    const embedded = extractEmbeddedInvoiceXml(res.rawPayload);
    expect(embedded?.fileName).toBe('factur-x.xml');
    const result = checkEInvoice(embedded!.xml);
    expect(result.findings.filter((f) => f.severity === 'Error')).toEqual([]);
    expect(result.findings).toEqual([]);
    const x = xpathFor(parseXml(embedded!.xml));
    expect(x.str('//rsm:ExchangedDocument/ram:ID')).toBe(invoiceNumber);
    expect(x.str('//rsm:ExchangedDocument/ram:TypeCode')).toBe('380');
    expect(x.str("//ram:SellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']")).toBe('732829320');
    expect(x.str("//ram:BuyerTradeParty/ram:URIUniversalCommunication/ram:URIID[@schemeID='0225']")).toBe('552100554');
    expect(x.str('//ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode')).toBe('58');
    expect(x.str("//ram:IncludedNote[ram:SubjectCode='PMT']/ram:Content")).toMatch(/40 €/);
  });

  it('downloading twice gives the same bytes, whose hash is the one stored at finalization', async () => {
    const first = await download(`/v1/saleinvoices/download/${invoiceId}`);
    const second = await download(`/v1/saleinvoices/download/${invoiceId}`);
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
    const stored = await ctx.db.kysely
      .selectFrom('documentFiles')
      .select(['sha256', 'size'])
      .where('documentId', '=', invoiceId)
      .executeTakeFirstOrThrow();
    expect(stored.sha256).toBe(sha256(first.rawPayload));
    expect(Number(stored.size)).toBe(first.rawPayload.length);
  });

  it('the PDF of a finalized invoice does not change when the settings do', async () => {
    const before = await download(`/v1/saleinvoices/download/${invoiceId}`);
    await ctx.inject({ method: 'PUT', url: '/v1/settings', headers: a.headers, payload: { company: { legalStatus: 'SARL' } } });
    const after = await download(`/v1/saleinvoices/download/${invoiceId}`);
    expect(Buffer.compare(before.rawPayload, after.rawPayload)).toBe(0);
    await ctx.inject({ method: 'PUT', url: '/v1/settings', headers: a.headers, payload: { company: { legalStatus: 'SAS' } } });
  });

  it('a draft downloads as a BROUILLON without e-invoice', async () => {
    const res = await download(`/v1/saleinvoices/download/${draftId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="brouillon-${draftId}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(extractEmbeddedInvoiceXml(res.rawPayload)).toBeNull();
  });

  it('a credit note cancelling an invoice downloads with type 381 and the corrected invoice', async () => {
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: a.headers,
      payload: { customerId, date: today, lines: LINES },
    });
    await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${draft.json().id}`, headers: a.headers });
    const cancelled = await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/cancel/${draft.json().id}`, headers: a.headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const creditId = cancelled.json().cancellationCreditId;
    const res = await download(`/v1/salecredits/download/${creditId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${cancelled.json().cancellationCreditNumber}.pdf"`);
    const xml = extractEmbeddedInvoiceXml(res.rawPayload)!.xml;
    expect(checkEInvoice(xml).findings).toEqual([]);
    const x = xpathFor(parseXml(xml));
    expect(x.str('//rsm:ExchangedDocument/ram:TypeCode')).toBe('381');
    expect(x.str('//ram:InvoiceReferencedDocument/ram:IssuerAssignedID')).toBe(cancelled.json().number);
    // BT-26: the corrected invoice's date, as YYYYMMDD.
    expect(x.str('//ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString')).toBe(
      cancelled.json().date.replaceAll('-', ''),
    );
  });

  it('a partial credit note naming its invoice carries the invoice number and date (BT-25, BT-26)', async () => {
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: a.headers,
      payload: { customerId, date: today, lines: LINES },
    });
    const invoice = (await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${draft.json().id}`, headers: a.headers })).json();
    const credit = await ctx.inject({
      method: 'POST',
      url: '/v1/salecredits',
      headers: a.headers,
      payload: { customerId, date: today, cancelledInvoicetId: invoice.id, lines: [LINES[0]] },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const fin = await ctx.inject({ method: 'POST', url: `/v1/salecredits/finalize/${credit.json().id}`, headers: a.headers });
    expect(fin.statusCode, fin.body).toBe(200);
    const xml = extractEmbeddedInvoiceXml((await download(`/v1/salecredits/download/${credit.json().id}`)).rawPayload)!.xml;
    const x = xpathFor(parseXml(xml));
    expect(x.str('//ram:InvoiceReferencedDocument/ram:IssuerAssignedID')).toBe(invoice.number);
    expect(x.str('//ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString')).toBe(invoice.date.replaceAll('-', ''));
    expect(checkEInvoice(xml).findings).toEqual([]);
  });

  it('a missing, foreign or wrong-kind document is a 404 ProblemDetails', async () => {
    const other = await ctx.newAccount();
    for (const [path, who] of [
      ['/v1/saleinvoices/download/999999', a],
      [`/v1/saleinvoices/download/${invoiceId}`, other],
      [`/v1/salecredits/download/${invoiceId}`, a],
    ] as const) {
      const res = await download(path, who);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
    }
  });

  it('routes match case-insensitively, as the reference spells them', async () => {
    const res = await download(`/v1/SaleInvoices/Download/${invoiceId}`);
    expect(res.statusCode).toBe(200);
  });
});
