import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { buildCii } from '../../../src/rendering/cii.js';
import { renderDocumentPdf } from '../../../src/rendering/pdf.js';
import { baseInvoice, buyerBusinessFR, sellerFR } from '../../fixtures/einvoicing/documents.js';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

const fileBody = (content: Buffer | string, filename = 'facture.pdf', type = 'application/pdf') =>
  multipart([{ name: 'file', filename, type, content }]);

/** A supplier's Factur-X invoice to us, built from the e-invoicing fixtures: 1200.00 TTC. */
async function facturX(): Promise<Buffer> {
  const doc = baseInvoice({ seller: { ...sellerFR, name: 'Fournitures Martin SAS' }, buyer: buyerBusinessFR, number: 'FM-2024-117' });
  return renderDocumentPdf(doc, { xml: buildCii(doc) });
}

async function plainPdf(): Promise<Buffer> {
  return renderDocumentPdf(baseInvoice({ isDraft: true, number: null }));
}

const UBL = readFileSync(new URL('../../fixtures/einvoicing/ubl-invoice.xml', import.meta.url));

describeEachDb('purchase invoices from files', (ctx) => {
  let a: TestAccount;
  let facturXPdf: Buffer;

  const upload = (payload: Buffer, who = a, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
    ctx.inject({ method: 'POST', url: '/v1/purchaseinvoices/file', headers: { ...who.headers, 'content-type': contentType }, payload });
  const download = (id: number, who = a) => ctx.inject({ method: 'GET', url: `/v1/purchaseinvoices/download/${id}`, headers: who.headers });

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Facturier SAS');
    facturXPdf = await facturX();
  });

  it('a Factur-X PDF fills the purchase invoice and creates its supplier', async () => {
    const res = await upload(fileBody(facturXPdf));
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json();
    expect(inv).toMatchObject({
      reference: 'FM-2024-117',
      date: '2024-03-15',
      taxIncludedAmount: 1200,
      vatReverseCharge: false,
      status: 'Done',
      region: 'FR',
      pdfUrl: `/v1/purchaseinvoices/download/${inv.id}`,
    });
    expect(inv.supplier).toMatchObject({
      name: 'Fournitures Martin SAS',
      companyInformations: expect.objectContaining({ siret: '73282932000074', vatNumber: 'FR44732829320' }),
    });
    const row = await ctx.db.kysely.selectFrom('purchaseInvoices').select('data').where('id', '=', inv.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.data).invoice.vats).toEqual([{ category: 'S', rate: '20', taxableAmount: '1000.00', taxAmount: '200.00' }]);
  });

  it('a second invoice of the same supplier is matched to it, not duplicated', async () => {
    const first = (await upload(fileBody(facturXPdf))).json();
    const second = (await upload(fileBody(facturXPdf))).json();
    expect(second.supplier.id).toBe(first.supplier.id);
    const list = await ctx.inject({ method: 'GET', url: '/v1/suppliers', headers: a.headers });
    expect(list.json().filter((s: { name: string }) => s.name === 'Fournitures Martin SAS')).toHaveLength(1);
  });

  it('a UBL XML invoice is read too (reverse charge, foreign supplier)', async () => {
    const res = await upload(fileBody(UBL, 'invoice.xml', 'application/xml'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      reference: 'INV-2024-9',
      date: '2024-04-20',
      taxIncludedAmount: 800,
      vatReverseCharge: true,
      status: 'Done',
      region: 'EU',
    });
    expect(res.json().supplier).toMatchObject({ name: 'Lieferant GmbH' });
  });

  it('stores the amount read from a file to the cent, half-up, on both databases; an absurd one as 0', async () => {
    const withTotal = (total: string) =>
      Buffer.from(UBL.toString('utf8').replace(/(<cbc:(?:TaxInclusive|Payable)Amount currencyID="EUR">)800\.00</g, `$1${total}<`));
    for (const [total, stored] of [
      ['800.005', 800.01],
      ['-12.345', -12.35],
      ['1e13', 0],
    ] as const) {
      const res = await upload(fileBody(withTotal(total), 'invoice.xml', 'application/xml'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().taxIncludedAmount, total).toBe(stored);
    }
  });

  it('a plain PDF is stored as Pending with what can be known', async () => {
    const res = await upload(fileBody(await plainPdf(), 'scan.pdf'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Pending',
      reference: null,
      supplier: null,
      taxIncludedAmount: 0,
      vatReverseCharge: false,
      subject: 'scan.pdf',
    });
  });

  it('the download returns the original bytes unchanged, with their content type', async () => {
    const pdf = (await upload(fileBody(facturXPdf))).json();
    const res = await download(pdf.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="FM-2024-117.pdf"');
    expect(Buffer.compare(res.rawPayload, facturXPdf)).toBe(0);
    const xml = (await upload(fileBody(UBL, 'invoice.xml', 'text/xml'))).json();
    const x = await download(xml.id);
    expect(x.headers['content-type']).toMatch(/^application\/xml/);
    expect(Buffer.compare(x.rawPayload, UBL)).toBe(0);
  });

  it('a missing or foreign purchase invoice is a 404 ProblemDetails', async () => {
    const mine = (await upload(fileBody(facturXPdf))).json();
    const other = await ctx.newAccount();
    for (const res of [await download(999999), await download(mine.id, other)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
    }
  });

  const expectFileError = (res: { statusCode: number; json(): unknown }, pattern: RegExp) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors: string[] };
    expect(body.message).toMatch(pattern);
    expect(body.errors[0]).toMatch(/^file: /);
  };

  it('refuses empty, missing, unknown and oversized files with a 400 Error', async () => {
    expectFileError(await upload(fileBody(Buffer.alloc(0))), /empty/);
    expectFileError(
      await upload(multipart([{ name: 'other', filename: 'x.pdf', type: 'application/pdf', content: facturXPdf }])),
      /no part named "file"/,
    );
    expectFileError(await upload(fileBody(Buffer.from('GIF89a not an invoice'), 'x.gif', 'image/gif')), /neither a PDF nor an XML/);
    expectFileError(await upload(Buffer.from('{}'), a, 'application/json'), /multipart/);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20 * 1024 * 1024 + 1, 0x20)]);
    expectFileError(await upload(fileBody(big)), /larger than 20 MB/);
  });

  it('refuses malformed and hostile files with a 400 Error', async () => {
    expectFileError(await upload(fileBody(facturXPdf.subarray(0, 400))), /PDF/);
    const doctype =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">&e;</Invoice>';
    expectFileError(await upload(fileBody(doctype, 'x.xml', 'application/xml')), /DOCTYPE/);
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    expectFileError(await upload(fileBody(bomb, 'bomb.xml', 'application/xml')), /DOCTYPE|entity/i);
    expectFileError(await upload(fileBody('<html><body>hello</body></html>', 'x.xml', 'application/xml')), /Not an invoice/);
    expectFileError(await upload(fileBody('<Invoice', 'x.xml', 'application/xml')), /Not an invoice/);
  });

  it('a PDF whose attached XML is hostile or not well-formed is kept as a Pending plain PDF, saying why', async () => {
    const doc = baseInvoice();
    const cases: [string, string, RegExp][] = [
      ['hostile', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', /DOCTYPE/],
      ['truncated', '<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:x"><a>', /Not an invoice/],
    ];
    for (const [label, xml, reason] of cases) {
      const pdf = await renderDocumentPdf(doc, { xml });
      const res = await upload(fileBody(pdf, `${label}.pdf`));
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
      const body = res.json();
      expect(body.status, label).toBe('Pending');
      expect(body.taxIncludedAmount, label).toBe(0);
      expect(body.notes, label).toMatch(/Le XML joint au PDF n'a pas été lu comme une facture/);
      expect(body.notes, label).toMatch(reason);
      const file = await download(body.id);
      expect(file.statusCode).toBe(200);
      expect(Buffer.compare(file.rawPayload, pdf), `${label}: the bytes are kept unchanged`).toBe(0);
    }
  });
});
