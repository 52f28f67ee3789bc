// The bytes of every kind of PDF a client downloads, parsed as a strict PDF/A-3 validator would
// (issue #32): the embedded factur-x.xml's /Params /CheckSum is the 16-byte MD5 of the file's
// bytes, no dictionary carries a key beside its lower-case twin (the XMP stream's stray /length),
// and the Info dictionary's dates are the XMP's. A quote embeds nothing and is checked all the same.
import { beforeAll, expect, it } from 'vitest';
import { SELLERS } from '../../../scripts/samples/fixtures.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { inspectPdf, pdfaByteFacts } from '../../helpers/pdf-inspect.js';
import { quotesClient } from '../../helpers/quotes.js';
import { salesClient, type SalesClient } from '../../helpers/sales.js';

const DATE = '2026-03-09';
const LINES = [
  { type: 'Product', description: 'Étagère murale', quantity: 3, taxExcludedPrice: 33.33, vat: { rate: 20 } },
  { type: 'Service', description: 'Pose', quantity: 1, taxExcludedPrice: 41.67, vat: { rate: 10 } },
];

describeEachDb('the PDF/A-3 bytes of every downloadable document', (ctx) => {
  let account: TestAccount;
  let sales: SalesClient;
  const pdfs = new Map<string, Buffer>();
  /** Each document's issue date: the deposit invoice is dated the day the quote's deposit is asked. */
  const dates = new Map<string, string>([
    ['invoice', DATE],
    ['credit note', DATE],
    ['quote', DATE],
  ]);

  const download = async (url: string): Promise<Buffer> => {
    const res = await ctx.inject({ method: 'GET', url, headers: account.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    return res.rawPayload;
  };

  beforeAll(async () => {
    account = await ctx.newAccount('Atelier Numérique SAS');
    sales = salesClient(ctx, account);
    const quotes = quotesClient(ctx, account);
    await sales.settings(SELLERS.atelier.settings);
    const customerId = await sales.customer(SELLERS.atelier.customers.dupont);
    const invoice = await sales.finalized('Invoice', { customerId, date: DATE, lines: LINES });
    pdfs.set('invoice', await download(`/v1/saleinvoices/download/${invoice.id}`));
    const credit = await sales.finalized('Credit', { customerId, date: DATE, cancelledInvoicetId: invoice.id, lines: LINES.slice(0, 1) });
    pdfs.set('credit note', await download(`/v1/salecredits/download/${credit.id}`));
    const quote = await quotes.draft({ customerId, date: DATE, lines: LINES, deposit: { type: 'Percent', value: 30 } });
    await quotes.done('issue', quote.id);
    pdfs.set('quote', await download(`/v1/salequotes/download/${quote.id}`));
    await quotes.done('accept', quote.id);
    const deposit = await quotes.done('deposit', quote.id);
    const finalDeposit = (await sales.finalize('Invoice', deposit.id)).json<{ id: number; date: string }>();
    pdfs.set('deposit invoice', await download(`/v1/saleinvoices/download/${finalDeposit.id}`));
    dates.set('deposit invoice', finalDeposit.date.slice(0, 10));
  });

  for (const kind of ['invoice', 'credit note', 'deposit invoice']) {
    it(`a ${kind}: /CheckSum is the 16-byte MD5 of the attached factur-x.xml, written as a hexadecimal string`, async () => {
      const pdf = pdfs.get(kind)!;
      const facts = await pdfaByteFacts(pdf);
      expect(facts.embeddedFiles).toHaveLength(1);
      const [file] = facts.embeddedFiles;
      expect(file.checkSum).toHaveLength(16);
      expect(Buffer.from(file.checkSum!).toString('hex')).toBe(Buffer.from(file.md5).toString('hex'));
      expect(file.checkSumIsHex).toBe(true);
      expect(file.size).toBe(file.length);
      // The attachment is the invoice's CII, the one the checksum covers.
      const xml = (await inspectPdf(pdf)).attachments.find((a) => a.name === 'factur-x.xml');
      expect(Buffer.from(xml!.content).toString('utf8')).toContain('<rsm:CrossIndustryInvoice');
      expect(pdf.toString('latin1')).toMatch(new RegExp(`/CheckSum <${Buffer.from(file.md5).toString('hex')}>`, 'i'));
    });
  }

  it('a quote embeds no file at all', async () => {
    const facts = await pdfaByteFacts(pdfs.get('quote')!);
    expect(facts.embeddedFiles).toEqual([]);
    expect((await inspectPdf(pdfs.get('quote')!)).fileSpecs).toEqual([]);
  });

  for (const kind of ['invoice', 'credit note', 'deposit invoice', 'quote']) {
    it(`a ${kind}: no dictionary has a key beside its lower-case twin; the metadata stream has /Length only`, async () => {
      const pdf = pdfs.get(kind)!;
      expect((await pdfaByteFacts(pdf)).twinKeys).toEqual([]);
      const metadataDict = /<<\s*\/Type \/Metadata[^>]*>>/.exec(pdf.toString('latin1'))?.[0];
      expect(metadataDict).toBeDefined();
      expect(metadataDict).toContain('/Length ');
      expect(metadataDict).not.toContain('/length');
    });

    it(`a ${kind}: the Info dates are the XMP dates, the issue date at 12:00 UTC`, async () => {
      const { info, xmp } = await pdfaByteFacts(pdfs.get(kind)!);
      const noon = `${dates.get(kind)}T12:00:00Z`;
      expect(info).toEqual({ creationDate: noon, modDate: noon });
      expect(xmp).toEqual({ createDate: info.creationDate, modifyDate: info.modDate, metadataDate: info.modDate });
    });
  }
});
