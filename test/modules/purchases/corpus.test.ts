// Real supplier e-invoices of each class issue #27 found misread, uploaded over HTTP on both databases
// and judged against an independent reading of the same file (scripts/purchases-corpus/oracle.ts:
// pdf-lib for the attachment, a saxes tree for the XML): number, dates, seller name and identifiers,
// currency, net, VAT, total, VAT breakdown, credit sign. The files are committed in
// test/fixtures/purchases-corpus/ (sources and licences in its README); the classes no public file of a
// small size shows are made from them here. Nothing is downloaded.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judge, type Upload } from '../../../scripts/purchases-corpus/judge.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/purchases-corpus/${name}`, import.meta.url));
const UBL_TZ = fixture('mustang-ubl-date-with-time-zone.xml').toString('utf8');

describeEachDb('supplier e-invoices of the public corpora', (ctx) => {
  /** Each upload in an account of its own unless `who` is given: no supplier is matched across tests. */
  const upload = async (bytes: Buffer, who?: TestAccount): Promise<Upload> => {
    const account = who ?? (await ctx.newAccount(undefined, { sellerIdentity: false }));
    const res = await ctx.inject({
      method: 'POST',
      url: '/v1/purchaseinvoices/file',
      headers: { ...account.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename: 'invoice', content: bytes }]),
    });
    const body = res.json<Record<string, unknown>>();
    let data: Record<string, unknown> | null = null;
    if (res.statusCode === 200) {
      const row = await ctx.db.kysely
        .selectFrom('purchaseInvoices')
        .select('data')
        .where('id', '=', Number(body.id))
        .executeTakeFirstOrThrow();
      data = JSON.parse(row.data) as Record<string, unknown>;
    }
    return { status: res.statusCode, body, data };
  };
  /** Uploads and judges; answers the purchase when it is read right. */
  const readRight = async (bytes: Buffer, who?: TestAccount) => {
    let up: Upload | undefined;
    const verdict = await judge(bytes, async (b) => (up = await upload(b, who)));
    expect(verdict.details, verdict.verdict).toEqual([]);
    expect(verdict.verdict).toBe('right');
    return up!;
  };

  describe('files of the corpora', () => {
    it('ZUGFeRD 1.0 in a PDF (Intarsys BASIC) is read, not refused as "Not an invoice"', async () => {
      const { body } = await readRight(fixture('intarsys-zugferd-1p0-basic-einfach.pdf'));
      expect(body).toMatchObject({ reference: '471102', date: '2013-03-05', status: 'Done', taxIncludedAmount: 235.62 });
      expect(body.notes).toContain('(ZUGFeRD 1.0)');
    });

    it('ZUGFeRD 1.0 XML (Mustang) is read', async () => {
      const { body } = await readRight(fixture('mustang-zugferd1-invoice.xml'));
      expect(body.notes).toContain('(ZUGFeRD 1.0)');
    });

    it('a 2014 ZUGFeRD release candidate (CBFBUY:5, no namespace below the root) is read', async () => {
      const { body } = await readRight(fixture('mustang-zugferd-1p0-rc-RE-20140519_499.pdf'));
      expect(body).toMatchObject({
        reference: 'RE-20140519/499',
        date: '2014-05-19',
        dueDate: '2014-06-09',
        taxExcludedAmount: 496,
        vatAmount: 63.84,
        taxIncludedAmount: 559.84,
      });
      expect(body.notes).toContain('(ZUGFeRD 1.0 RC)');
    });

    it('MINIMUM: net and VAT are the document totals BT-109 and BT-110 when there is no VAT breakdown', async () => {
      const { body } = await readRight(fixture('fnfe-facture-fr-minimum.pdf'));
      expect(body.vats).toBeNull();
      expect(body.taxExcludedAmount).not.toBeNull();
      expect(body.vatAmount).not.toBeNull();
      expect(Number(body.taxExcludedAmount) + Number(body.vatAmount)).toBeCloseTo(Number(body.taxIncludedAmount), 2);
      expect(body.status).toBe('Done');
    });

    it('BASIC WL: the document totals; a SIRET failing the Luhn check is kept and flagged, never dropped', async () => {
      const { body } = await readRight(fixture('fnfe-facture-fr-basicwl.pdf'));
      expect(body.taxExcludedAmount).not.toBeNull();
      expect(body.vatAmount).not.toBeNull();
      expect(body.supplierIdentifiers).toMatchObject({ siret: '99999999800010', verified: false });
      expect((body.supplierIdentifiers as { problems: string[] }).problems.join(' ')).toContain('Luhn');
      expect(body.notes).toContain('99999999800010');
    });

    it('a UBL CreditNote without a type code is a credit: stored negative', async () => {
      const { body } = await readRight(fixture('mustang-ubl-creditnote-no-type-code.xml'));
      expect(Number(body.taxIncludedAmount)).toBeLessThan(0);
      expect(String(body.subject)).toMatch(/^Avoir /);
    });

    it('a UBL date with a time zone (2016-04-04+01:00) is read, not replaced by today', async () => {
      const { body } = await readRight(Buffer.from(UBL_TZ));
      expect(body).toMatchObject({ date: '2016-04-04', taxExcludedAmount: 314.86, vatAmount: 22.04, taxIncludedAmount: 336.9 });
      expect(body.vats).toEqual([{ rate: 7, taxExcludedAmount: 314.86, vatAmount: 22.04 }]);
    });
  });

  describe('classes made from them', () => {
    it('inconsistent totals: the document’s own BT-109 is kept, the disagreement said in the notes, Pending', async () => {
      const xml = UBL_TZ.replace('<cbc:TaxExclusiveAmount currencyID="EUR">314.86<', '<cbc:TaxExclusiveAmount currencyID="EUR">300.00<');
      const { body } = (await upload(Buffer.from(xml))) as { body: Record<string, unknown> };
      expect(body).toMatchObject({ taxExcludedAmount: 300, vatAmount: 22.04, taxIncludedAmount: 336.9, status: 'Pending' });
      expect(body.notes).toContain('Totaux incohérents dans le fichier : HT 300.00 + TVA 22.04 ≠ TTC 336.90');
      expect(body.notes).toContain('La ventilation de TVA donne une base de 314.86, le total HT du document 300.00.');
    });

    it('a date that cannot be read is said in the notes, never silently replaced by today', async () => {
      const { body } = (await upload(Buffer.from(UBL_TZ.replace('2016-04-04+01:00', '04/04/2016')))) as { body: Record<string, unknown> };
      expect(body.status).toBe('Pending');
      expect(body.notes).toContain('Date de facture illisible (« 04/04/2016 »)');
    });

    it('foreign currency: amounts kept in the invoice currency, the currency named, Pending', async () => {
      const up = await readRight(Buffer.from(UBL_TZ.replaceAll('"EUR"', '"USD"').replace('>EUR<', '>USD<')));
      expect(up.body).toMatchObject({ taxExcludedAmount: 314.86, vatAmount: 22.04, taxIncludedAmount: 336.9, status: 'Pending' });
      expect(up.body.notes).toContain('Montants en USD, la devise de la facture : non convertis en euros');
      expect(up.data).toMatchObject({ invoice: { currency: 'USD', amountsCurrency: 'USD' } });
    });

    it('foreign currency with the VAT in euros (BT-111): converted at the rate the file implies, said in the notes', async () => {
      const xml = UBL_TZ.replaceAll('"EUR"', '"USD"')
        .replace('>EUR<', '>USD<')
        .replace('<cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode>', '$&<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>')
        .replace('<cac:LegalMonetaryTotal>', '<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">20.00</cbc:TaxAmount></cac:TaxTotal>$&');
      const up = await readRight(Buffer.from(xml));
      // 1 USD = 20.00 / 22.04 EUR: 314.86 → 285.72, 336.90 → 305.72, the VAT 20.00 as the file says.
      expect(up.body).toMatchObject({ taxExcludedAmount: 285.72, vatAmount: 20, taxIncludedAmount: 305.72, status: 'Done' });
      expect(up.body.notes).toContain('Montants convertis de USD en EUR');
      expect(up.data).toMatchObject({ invoice: { currency: 'USD', amountsCurrency: 'EUR' } });
    });

    it('foreign currency with a rate given at upload (exchangeRate): converted, the rate and the original amounts in the notes, Done', async () => {
      const usd = Buffer.from(UBL_TZ.replaceAll('"EUR"', '"USD"').replace('>EUR<', '>USD<'));
      const account = await ctx.newAccount(undefined, { sellerIdentity: false });
      const send = (rate: string, bytes = usd) =>
        ctx.inject({
          method: 'POST',
          url: '/v1/purchaseinvoices/file',
          headers: { ...account.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          payload: multipart([
            { name: 'exchangeRate', content: rate },
            { name: 'file', filename: 'invoice.xml', content: bytes },
          ]),
        });
      const res = await send('0,92');
      expect(res.statusCode, res.body).toBe(200);
      // 314.86 × 0.92 = 289.6712 → 289.67; 22.04 × 0.92 = 20.2768 → 20.28; 336.90 × 0.92 = 309.948 → 309.95.
      expect(res.json()).toMatchObject({
        taxExcludedAmount: 289.67,
        vatAmount: 20.28,
        taxIncludedAmount: 309.95,
        vats: [{ rate: 7, taxExcludedAmount: 289.67, vatAmount: 20.28 }],
        status: 'Done',
      });
      expect(res.json().notes).toContain(
        "Montants convertis de USD en EUR au taux donné à l'envoi (1 USD = 0.92 EUR) ; montants d'origine : HT 314.86, TVA 22.04, TTC 336.90 USD.",
      );
      for (const [rate, message] of [
        ['0', /is not a rate/],
        ['-1.2', /is not a rate/],
        ['abc', /is not a rate/],
      ] as const) {
        const bad = await send(rate);
        expect(bad.statusCode, rate).toBe(400);
        expect(bad.json().errors[0], rate).toMatch(/^exchangeRate: /);
        expect(JSON.stringify(bad.json()), rate).toMatch(message);
      }
      const inEuros = await send('0.92', Buffer.from(UBL_TZ));
      expect(inEuros.statusCode).toBe(400);
      expect(inEuros.json().errors).toEqual(['exchangeRate: the invoice is in EUR: no exchange rate applies']);
      const count = await ctx.inject({ method: 'GET', url: '/v1/purchaseinvoices', headers: account.headers });
      expect(count.json()).toHaveLength(1);
    });

    it('an unverifiable VAT number (United Kingdom) stays on every purchase, flagged, not only the first', async () => {
      const own = await ctx.newAccount(undefined, { sellerIdentity: false });
      const gb = Buffer.from(UBL_TZ.replace('DE 123456789', 'GB 123 4567 89').replace('[Seller name]', 'Widgets Ltd'));
      const first = await upload(gb, own);
      const second = await upload(gb, own);
      expect(second.body.supplierId).toBe(first.body.supplierId);
      for (const up of [first, second]) {
        expect(up.status).toBe(200);
        expect(up.body.supplierIdentifiers).toMatchObject({ vatNumber: 'GB 123 4567 89', verified: false });
        expect(up.body.notes).toContain('non vérifiés : GB 123 4567 89');
      }
    });

    it('a supplier matched on its VAT number under another name: said in the notes; identifiers verified', async () => {
      const own = await ctx.newAccount(undefined, { sellerIdentity: false });
      const first = await upload(Buffer.from(UBL_TZ.replace('[Seller name]', 'Verlag Muster GmbH')), own);
      const second = await upload(Buffer.from(UBL_TZ.replace('[Seller name]', 'Muster Vertrieb GmbH')), own);
      expect(first.body.supplierIdentifiers).toEqual({
        siret: null,
        vatNumber: 'DE 123456789',
        countryIso: 'DE',
        verified: true,
        problems: [],
      });
      expect(second.body.supplierId).toBe(first.body.supplierId);
      expect(second.body.supplierIdentifiers).toMatchObject({ vatNumber: 'DE 123456789', verified: true });
      expect(second.body.notes).toContain(
        'Fournisseur reconnu par ses identifiants : « Verlag Muster GmbH » dans la fiche, « Muster Vertrieb GmbH » sur la facture.',
      );
      expect(first.body.notes).not.toContain('Fournisseur reconnu');
    });
  });
});
