import { describe, expect, it } from 'vitest';
import { buildCii } from '../../src/rendering/cii.js';
import { checkEInvoice } from '../../src/einvoicing/check.js';
import { parseXml, xpathFor } from '../../src/einvoicing/xml.js';
import { baseInvoice, buyerBusinessFR, scenarios, sellerFR } from '../fixtures/einvoicing/documents.js';

const TOT = '//ram:SpecifiedTradeSettlementHeaderMonetarySummation';

/** What each scenario must say, read back by XPath: type code, totals and VAT breakdown. */
const expected: Record<string, { type: string; totals: [string, string, string, string]; vats: string[] }> = {
  rate20: { type: '380', totals: ['1000.00', '1000.00', '200.00', '1200.00'], vats: ['S 20 1000.00 200.00'] },
  rate10: { type: '380', totals: ['99.99', '99.99', '10.00', '109.99'], vats: ['S 10 99.99 10.00'] },
  rate5_5: { type: '380', totals: ['50.00', '50.00', '2.75', '52.75'], vats: ['S 5.5 50.00 2.75'] },
  rate2_1: { type: '380', totals: ['150.00', '150.00', '3.15', '153.15'], vats: ['S 2.1 150.00 3.15'] },
  rate0: { type: '380', totals: ['80.00', '80.00', '0.00', '80.00'], vats: ['Z 0 80.00 0.00'] },
  mixedRates: {
    type: '380',
    totals: ['422.00', '422.00', '70.31', '492.31'],
    vats: ['S 20 300.00 60.00', 'S 5.5 42.00 2.31', 'S 10 80.00 8.00'],
  },
  lineDiscount: { type: '380', totals: ['225.00', '225.00', '45.00', '270.00'], vats: ['S 20 225.00 45.00'] },
  globalDiscount: { type: '380', totals: ['300.00', '270.00', '40.95', '310.95'], vats: ['S 20 180.00 36.00', 'S 5.5 90.00 4.95'] },
  shipping: { type: '380', totals: ['120.00', '135.00', '27.00', '162.00'], vats: ['S 20 135.00 27.00'] },
  taxIncludedPrices: { type: '380', totals: ['24.98', '24.98', '5.00', '29.98'], vats: ['S 20 24.98 5.00'] },
  reverseChargeEU: { type: '380', totals: ['1500.00', '1500.00', '0.00', '1500.00'], vats: ['AE 0 1500.00 0.00 VATEX-EU-AE'] },
  intraEUGoods: { type: '380', totals: ['1000.00', '1000.00', '0.00', '1000.00'], vats: ['K 0 1000.00 0.00 VATEX-EU-IC'] },
  exportOutsideEU: { type: '380', totals: ['2500.00', '2500.00', '0.00', '2500.00'], vats: ['G 0 2500.00 0.00 VATEX-EU-G'] },
  nonLiableSeller: { type: '380', totals: ['300.00', '300.00', '0.00', '300.00'], vats: ['E 0 300.00 0.00 VATEX-FR-FRANCHISE'] },
  consumerBuyer: { type: '380', totals: ['49.90', '49.90', '9.98', '59.88'], vats: ['S 20 49.90 9.98'] },
  businessBuyer: { type: '380', totals: ['1000.00', '1000.00', '200.00', '1200.00'], vats: ['S 20 1000.00 200.00'] },
  creditNote: { type: '381', totals: ['100.00', '100.00', '20.00', '120.00'], vats: ['S 20 100.00 20.00'] },
};

describe('scenario matrix: generated Factur-X XML passes the built-in check', () => {
  it('covers every scenario', () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(scenarios).sort());
  });

  it.each(Object.keys(expected))(
    '%s has no error (and no finding at all for a French business buyer) and says the right amounts',
    (name) => {
      const xml = buildCii(scenarios[name]);
      const result = checkEInvoice(xml);
      expect(result.findings.filter((f) => f.severity === 'Error')).toEqual([]);
      // The official verdict: a French rule shown as a warning (BR-FR-12 on a consumer) still fails.
      expect(result.isValid).toBe(result.findings.length === 0);
      if (scenarios[name].buyer === buyerBusinessFR) expect(result.findings).toEqual([]);

      const x = xpathFor(parseXml(xml));
      const want = expected[name];
      expect(x.str('//rsm:ExchangedDocument/ram:TypeCode')).toBe(want.type);
      expect(
        [
          `${TOT}/ram:LineTotalAmount`,
          `${TOT}/ram:TaxBasisTotalAmount`,
          `${TOT}/ram:TaxTotalAmount[@currencyID='EUR']`,
          `${TOT}/ram:GrandTotalAmount`,
        ].map((p) => x.str(p)),
      ).toEqual(want.totals);
      expect(x.str(`${TOT}/ram:DuePayableAmount`)).toBe(want.totals[3]);
      const vats = x
        .nodes('//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax')
        .map((n) =>
          [
            x.str('ram:CategoryCode', n),
            x.str('ram:RateApplicablePercent', n),
            x.str('ram:BasisAmount', n),
            x.str('ram:CalculatedAmount', n),
            x.str('ram:ExemptionReasonCode', n),
          ]
            .filter(Boolean)
            .join(' '),
        );
      expect(vats).toEqual(want.vats);
    },
  );

  it('a consumer buyer carries no SIREN, no VAT number and a B2C processing note', () => {
    const x = xpathFor(parseXml(buildCii(scenarios.consumerBuyer)));
    expect(x.exists('//ram:BuyerTradeParty/ram:SpecifiedLegalOrganization')).toBe(false);
    expect(x.exists('//ram:BuyerTradeParty/ram:SpecifiedTaxRegistration')).toBe(false);
    expect(x.str("//ram:IncludedNote[ram:SubjectCode='BAR']/ram:Content")).toBe('B2C');
  });

  it('a franchise seller without VAT number nor tax registration breaks BR-E-02 only', () => {
    const doc = { ...scenarios.nonLiableSeller, seller: { ...scenarios.nonLiableSeller.seller, taxRegistrationId: null } };
    const result = checkEInvoice(buildCii(doc));
    expect(result.findings.map((f) => f.ruleId)).toEqual(['BR-E-02']);
  });

  it('a consumer invoice breaks the French rules a consumer cannot meet: shown as warnings, and the official verdict is invalid', () => {
    const result = checkEInvoice(buildCii(scenarios.consumerBuyer));
    expect(result.findings.map((f) => [f.ruleId, f.severity])).toEqual([['BR-FR-12_BT-49', 'Warning']]);
    expect(result.findings[0].message).toBe('BR-FR-12/BT-49 : Le BT-49 est obligatoire. Valeur actuelle : BT-49="".');
    expect(result.isValid).toBe(false);
  });

  it('a French B2B invoice missing French data has errors with the official ids and messages', () => {
    const doc = baseInvoice({ seller: { ...sellerFR, electronicAddress: null }, notes: [] });
    const result = checkEInvoice(buildCii(doc));
    expect(result.isValid).toBe(false);
    expect(result.findings.map((f) => [f.ruleId, f.severity])).toEqual([
      ['BR-FR-05_BT-22_PMT', 'Error'],
      ['BR-FR-05_BT-22_PMD', 'Error'],
      ['BR-FR-05_BT-22_AAB', 'Error'],
      ['BR-FR-13_BT-34', 'Error'],
    ]);
    expect(result.findings[3].message).toBe('BR-FR-13/BT-34 : Le BT-34 est obligatoire. Valeur actuelle : BT-34="".');
    expect(result.findings[0].businessTerm).toBe('BT-22');
  });

  it('the same document for a buyer without SIREN has the same French findings as warnings, and is still invalid', () => {
    const doc = baseInvoice({
      seller: { ...sellerFR, electronicAddress: null },
      buyer: { ...buyerBusinessFR, siren: null, siret: null },
      notes: [],
    });
    const result = checkEInvoice(buildCii(doc));
    expect(result.isValid).toBe(false);
    expect(result.findings.every((f) => f.severity === 'Warning')).toBe(true);
    expect(new Set(result.findings.map((f) => f.ruleId))).toEqual(
      // BR-FR-21 holds: the official test reads an absent SIREN as '' (every address starts with it).
      new Set(['BR-FR-05_BT-22_PMT', 'BR-FR-05_BT-22_PMD', 'BR-FR-05_BT-22_AAB', 'BR-FR-11_BT-47', 'BR-FR-13_BT-34']),
    );
  });

  it.each([
    ['RE', true],
    ['GP', true],
    ['MQ', true],
    ['GF', true],
    ['YT', true],
    ['PM', true],
    ['BL', true],
    ['MF', true],
    ['FR', true],
    ['BE', false],
    ['CH', false],
  ])('a business buyer with a SIREN in %s is domestic: %s (French findings are errors only then)', (country, domestic) => {
    const doc = baseInvoice({
      seller: { ...sellerFR, electronicAddress: null },
      buyer: { ...buyerBusinessFR, address: { ...buyerBusinessFR.address, countryIso: country } },
    });
    const result = checkEInvoice(buildCii(doc));
    const french = result.findings.filter((f) => f.ruleId.startsWith('BR-FR-'));
    expect(french.map((f) => f.ruleId)).toContain('BR-FR-13_BT-34');
    expect(new Set(french.map((f) => f.severity))).toEqual(new Set([domestic ? 'Error' : 'Warning']));
    // Whatever the severity shown, a failed French rule makes the official verdict invalid.
    expect(result.isValid).toBe(false);
  });
});
