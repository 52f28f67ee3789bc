// The compiled XPath subset selects exactly the expected nodes (in document order, without duplicates),
// refuses anything outside the subset when compiling, and the rules built on it report the expected
// findings on documents that exercise its corner cases.
import { describe, expect, it } from 'vitest';
import { buildCii } from '../../src/rendering/cii.js';
import { checkCii } from '../../src/einvoicing/check.js';
import { NS, type XmlNode, nodePath, parseXml, xpathFor } from '../../src/einvoicing/xml.js';
import { compileXPath } from '../../src/einvoicing/xpath-compile.js';
import { scenarios } from '../fixtures/einvoicing/documents.js';
import { allowanceCharge, mutate } from '../fixtures/einvoicing/mutate.js';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="${NS.rsm}" xmlns:ram="${NS.ram}" xmlns:udt="${NS.udt}">
  <rsm:ExchangedDocument>
    <ram:ID>F-1</ram:ID>
    <ram:IncludedNote><ram:Content>Pénalités</ram:Content><ram:SubjectCode>PMD</ram:SubjectCode></ram:IncludedNote>
    <ram:IncludedNote><ram:Content>B2B</ram:Content><ram:SubjectCode>BAR</ram:SubjectCode></ram:IncludedNote>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:ApplicableTradeTax>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>2</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode><![CDATA[Z]]></ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:ApplicableTradeTax>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty>
        <ram:Name>Vendeur</ram:Name>
        <ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">732829320</ram:ID></ram:SpecifiedLegalOrganization>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR44732829320</ram:ID></ram:SpecifiedTaxRegistration>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>Acheteur</ram:Name>
        <ram:SpecifiedLegalOrganization><ram:ID>552100554</ram:ID></ram:SpecifiedLegalOrganization>
      </ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:ApplicableTradeTax><ram:CalculatedAmount>20.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode></ram:ApplicableTradeTax>
      <ram:ApplicableTradeTax><ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>50.00</ram:BasisAmount><ram:CategoryCode>Z<!-- zero --></ram:CategoryCode></ram:ApplicableTradeTax>
      <ram:BillingSpecifiedPeriod>
        <ram:StartDateTime><udt:DateTimeString format="102">20240301</udt:DateTimeString></ram:StartDateTime>
        <ram:EndDateTime><udt:DateTimeString format="102">20240331</udt:DateTimeString></ram:EndDateTime>
      </ram:BillingSpecifiedPeriod>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
  <Extension kind="none"><Note>unqualified</Note></Extension>
</rsm:CrossIndustryInvoice>`;

const R = '/rsm:CrossIndustryInvoice';
const DOC = `${R}/rsm:ExchangedDocument`;
const TX = `${R}/rsm:SupplyChainTradeTransaction`;
const LINE = `${TX}/ram:IncludedSupplyChainTradeLineItem`;
const SELLER = `${TX}/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty`;
const BUYER = `${TX}/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty`;
const SET = `${TX}/ram:ApplicableHeaderTradeSettlement`;

const doc = parseXml(XML);
const plain = xpathFor(doc);
const memo = xpathFor(doc, { memoize: true });
const line2 = plain.nodes(LINE)[1];

const paths = (nodes: XmlNode[]) => nodes.map((n) => nodePath(n));
const texts = (nodes: XmlNode[]) => nodes.map((n) => n.textContent);

describe('compiled XPath subset', () => {
  it.each<[string, string[]]>([
    [R, [R]],
    [`${DOC}/ram:ID`, [`${DOC}/ram:ID`]],
    ['/rsm:CrossIndustryInvoice/*', [DOC, TX, `${R}/Extension`]],
    [
      '//ram:ID/..',
      [
        DOC,
        `${SELLER}/ram:SpecifiedLegalOrganization`,
        `${SELLER}/ram:SpecifiedTaxRegistration`,
        `${BUYER}/ram:SpecifiedLegalOrganization`,
      ],
    ],
    [
      '//ram:ID/@schemeID',
      [`${SELLER}/ram:SpecifiedLegalOrganization/ram:ID/@schemeID`, `${SELLER}/ram:SpecifiedTaxRegistration/ram:ID/@schemeID`],
    ],
    ['//ram:ID/@schemeID/..', [`${SELLER}/ram:SpecifiedLegalOrganization/ram:ID`, `${SELLER}/ram:SpecifiedTaxRegistration/ram:ID`]],
    [
      "//ram:ApplicableTradeTax[ram:CategoryCode='Z']",
      [`${LINE}[2]/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`, `${SET}/ram:ApplicableTradeTax[2]`],
    ],
    ['//ram:IncludedSupplyChainTradeLineItem[ram:AssociatedDocumentLineDocument/ram:LineID]', [`${LINE}[1]`, `${LINE}[2]`]],
    [
      `${SET}/ram:BillingSpecifiedPeriod/*`,
      [`${SET}/ram:BillingSpecifiedPeriod/ram:StartDateTime`, `${SET}/ram:BillingSpecifiedPeriod/ram:EndDateTime`],
    ],
    [`${R}/Extension/@kind`, [`${R}/Extension/@kind`]],
    ['//ram:SellerTradeParty | //ram:BuyerTradeParty | //rsm:ExchangedDocument', [DOC, SELLER, BUYER]],
  ])('%s selects the expected nodes', (expr, expected) => {
    expect(paths(plain.nodes(expr))).toEqual(expected);
  });

  it.each<[string, string[]]>([
    ['//ram:ID', ['F-1', '732829320', 'FR44732829320', '552100554']],
    ["//ram:ID[@schemeID='VA']", ['FR44732829320']],
    ['//ram:ID[@schemeID="0002"]', ['732829320']],
    ['//ram:ID[@schemeID]', ['732829320', 'FR44732829320']],
    ['//ram:ID[not(@schemeID)]', ['F-1', '552100554']],
    ["//ram:ID[ not( @schemeID ) ][ @unknown = 'x' ]", []],
    ["//ram:IncludedNote[ram:SubjectCode='BAR']/ram:Content", ['B2B']],
    ["//ram:IncludedNote[ram:SubjectCode = 'PMD']/ram:Content", ['Pénalités']],
    ["//ram:ApplicableTradeTax[ram:TypeCode='VAT'][ram:CategoryCode='S']/ram:RateApplicablePercent", ['20']],
    ["//ram:ApplicableTradeTax[ram:CategoryCode='Z']/ram:BasisAmount", ['50.00']],
    [
      "//ram:IncludedSupplyChainTradeLineItem[ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode='Z']/ram:AssociatedDocumentLineDocument/ram:LineID",
      ['2'],
    ],
    ["//ram:IncludedSupplyChainTradeLineItem[ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode='E']", []],
    [`${TX}/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty[not(ram:SpecifiedTaxRegistration/ram:ID)]/ram:Name`, ['Acheteur']],
    [`${TX}/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty[not(ram:SpecifiedTaxRegistration/ram:ID)]/ram:Name`, []],
    [`${TX}/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty[not(ram:URIUniversalCommunication)]/ram:Name`, ['Vendeur']],
    ['//ram:CategoryCode', ['S', 'Z', 'S', 'Z']],
    [`${SET}/ram:BillingSpecifiedPeriod/*/udt:DateTimeString`, ['20240301', '20240331']],
    ['//ram:Name | //ram:Name', ['Vendeur', 'Acheteur']],
    ['//ram:BuyerTradeParty/ram:Name | //ram:SellerTradeParty/ram:Name', ['Vendeur', 'Acheteur']],
    ['//ram:ID | //ram:SpecifiedLegalOrganization/ram:ID', ['F-1', '732829320', 'FR44732829320', '552100554']],
    [`${R}/Extension/Note`, ['unqualified']],
    ['//Note', ['unqualified']],
    ['//ram:Nothing', []],
    ['ram:Nothing/ram:ID', []],
  ])('%s selects the expected values', (expr, expected) => {
    expect(texts(plain.nodes(expr))).toEqual(expected);
  });

  it('matches names case-sensitively, as XML requires', () => {
    for (const expr of [
      '//ram:id',
      '/rsm:crossindustryinvoice',
      '//ram:ID/@schemeid',
      "//ram:ID[@schemeID='va']",
      "//ram:IncludedNote[ram:subjectcode='BAR']",
      '//note',
      '//ram:Note',
    ]) {
      expect(plain.nodes(expr), expr).toEqual([]);
    }
  });

  it('compares predicates with the untrimmed string-value, CDATA included, comments excluded', () => {
    const other = xpathFor(
      parseXml(
        `<a xmlns:ram="${NS.ram}"><ram:X><ram:C> S </ram:C></ram:X><ram:X><ram:C>S<!--c-->S</ram:C></ram:X><ram:X><ram:C><![CDATA[S]]></ram:C></ram:X></a>`,
      ),
    );
    expect(paths(other.nodes("/a/ram:X[ram:C='S']"))).toEqual(['/a/ram:X[3]']);
    expect(paths(other.nodes("/a/ram:X[ram:C='SS']"))).toEqual(['/a/ram:X[2]']);
    expect(paths(other.nodes("/a/ram:X[ram:C=' S ']"))).toEqual(['/a/ram:X[1]']);
  });

  it('evaluates relative paths from the context node, absolute and // paths from its document', () => {
    expect(texts(plain.nodes('ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode', line2))).toEqual(['Z']);
    expect(texts(plain.nodes('./ram:AssociatedDocumentLineDocument/ram:LineID', line2))).toEqual(['2']);
    expect(paths(plain.nodes('.', line2))).toEqual([`${LINE}[2]`]);
    expect(paths(plain.nodes('..', line2))).toEqual([TX]);
    expect(paths(plain.nodes('../..', line2))).toEqual([R]);
    expect(texts(plain.nodes('../ram:IncludedSupplyChainTradeLineItem/ram:AssociatedDocumentLineDocument/ram:LineID', line2))).toEqual([
      '1',
      '2',
    ]);
    expect(texts(plain.nodes(`${DOC}/ram:ID`, line2))).toEqual(['F-1']);
    expect(texts(plain.nodes('//ram:LineID', line2))).toEqual(['1', '2']);
    expect(
      texts(
        plain.nodes(
          "ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax[ram:TypeCode='VAT'][ram:CategoryCode='Z']/../../ram:AssociatedDocumentLineDocument/ram:LineID",
          line2,
        ),
      ),
    ).toEqual(['2']);
    const attr = plain.node('//ram:ID/@schemeID')!;
    expect(paths(plain.nodes('..', attr))).toEqual([`${SELLER}/ram:SpecifiedLegalOrganization/ram:ID`]);
    expect(plain.nodes('ram:ID', attr)).toEqual([]);
  });

  it('str trims the string-value of the first match; node and exists agree with nodes', () => {
    expect(plain.str('//ram:Name')).toBe('Vendeur');
    expect(plain.str(`${SET}/ram:BillingSpecifiedPeriod`)).toBe('20240301\n        20240331');
    expect(plain.str('//ram:Nothing')).toBe('');
  });

  it('memoized evaluation selects the same nodes, from any context, in frozen shared arrays', () => {
    const expressions = [
      R,
      '//ram:ID',
      '//ram:ID/..',
      '//ram:ID/@schemeID',
      '//ram:ID[not(@schemeID)]',
      "//ram:ApplicableTradeTax[ram:CategoryCode='Z']",
      '//ram:Name | //ram:Name',
      '//ram:ID | //ram:SpecifiedLegalOrganization/ram:ID',
      `${SET}/ram:BillingSpecifiedPeriod/*/udt:DateTimeString`,
      'ram:AssociatedDocumentLineDocument/ram:LineID',
      '.',
      '..',
      '//Note',
    ];
    for (const ctx of [doc, line2, plain.nodes(LINE)[0]]) {
      for (const expr of expressions) {
        const expected = plain.nodes(expr, ctx);
        expect(memo.nodes(expr, ctx), expr).toEqual(expected);
        expect(memo.node(expr, ctx), expr).toBe(expected[0] ?? null);
        expect(plain.node(expr, ctx), expr).toBe(expected[0] ?? null);
        expect(memo.exists(expr, ctx), expr).toBe(expected.length > 0);
      }
    }
    expect(Object.isFrozen(memo.nodes('//ram:ID'))).toBe(true);
    expect(memo.nodes('//ram:ID')).toBe(memo.nodes('//ram:ID'));
  });

  it.each([
    'count(//ram:ID)',
    'string(//ram:ID)',
    '//ram:ID[1]',
    '//ram:ID[last()]',
    "//ram:ID[. = 'x']",
    "//ram:ID[@schemeID!='VA']",
    "//ram:ID[not(@schemeID='VA')]",
    '//foo:ID',
    '//ram:ID[',
    '//ram:ID]',
    '',
    '/',
    '//',
    'ancestor::ram:ID',
    '//ram:A//ram:B',
    '//*',
    '//ram:A[ram:B[ram:C]]',
    "//ram:ID[@schemeID='VA' or @schemeID='FC']",
    'ram:A / ram:B',
  ])('refuses %j when compiling, as a programming error', (expr) => {
    expect(() => compileXPath(expr, NS)).toThrow(/is outside the supported subset/);
    expect(() => plain.nodes(expr)).toThrow(Error);
  });
});

const BASE_SET = '//ram:ApplicableHeaderTradeSettlement';
const LSET = '//ram:IncludedSupplyChainTradeLineItem[1]/ram:SpecifiedLineTradeSettlement';
const LINE_CHARGE = (charge: boolean, amount: string) =>
  `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${amount}</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge>`;
const C = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction';
const CSET = `${C}/ram:ApplicableHeaderTradeSettlement`;
const CTOT = `${CSET}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
const CLINE = `${C}/ram:IncludedSupplyChainTradeLineItem`;

/** Documents that break rules in ways that exercise unions, predicates, `..` steps and string-values. */
function documents(): [string, string, [string, string][]][] {
  const base = buildCii(scenarios.mixedRates);
  return [
    [
      'allowances and charges',
      mutate(base, (m) =>
        m
          .add(BASE_SET, allowanceCharge(false, 'S', '20', '1.005'))
          .add(BASE_SET, allowanceCharge(true, 'S', '5.5'))
          .add(BASE_SET, allowanceCharge(true, 'O', null))
          .add(BASE_SET, allowanceCharge(false, 'K', '0'))
          .add(LSET, LINE_CHARGE(true, '2.00'))
          .add(LSET, LINE_CHARGE(false, '1.123')),
      ),
      [
        ['BR-CO-11', CTOT],
        ['BR-CO-12', CTOT],
        ['BR-42', `${CLINE}[1]/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge[2]`],
        ['BR-44', `${CLINE}[1]/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge[1]`],
        ['BR-CO-23', `${CLINE}[1]/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge[2]`],
        ['BR-CO-24', `${CLINE}[1]/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge[1]`],
        ['BR-DEC-01', `${CSET}/ram:SpecifiedTradeAllowanceCharge[1]/ram:ActualAmount`],
        ['BR-DEC-24', `${CLINE}[1]/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge[2]/ram:ActualAmount`],
        ['BR-S-08', `${CSET}/ram:ApplicableTradeTax[1]`],
        ['BR-S-08', `${CSET}/ram:ApplicableTradeTax[2]`],
        ['BR-IC-01', CSET],
        // No BR-O-01: the official test accepts an O charge without O breakdown.
        ['BR-O-04', `${CSET}/ram:SpecifiedTradeAllowanceCharge[3]/ram:CategoryTradeTax`],
        ['BR-FR-DEC-01_BT-92_BT-99', `${CSET}/ram:SpecifiedTradeAllowanceCharge[1]/ram:ActualAmount`],
        [
          'BR-FR-DEC-01_BT-136_BT-141',
          `${CLINE}[1]/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge[2]/ram:ActualAmount`,
        ],
      ],
    ],
    [
      'missing parts',
      mutate(base, (m) =>
        m
          .remove('//ram:SellerTradeParty/ram:Name')
          .remove('//ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:LineTotalAmount')
          .remove('//ram:IncludedSupplyChainTradeLineItem[1]/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode')
          .remove('//ram:IncludedSupplyChainTradeLineItem[2]/ram:SpecifiedTradeProduct/ram:Name'),
      ),
      [
        ['BR-06', `${C}/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty`],
        ['BR-12', CTOT],
        ['BR-23', `${CLINE}[1]`],
        ['BR-25', `${CLINE}[2]`],
        // An absent BT-106 makes the official BR-CO-10 and BR-CO-13 tests false.
        ['BR-CO-10', CTOT],
        ['BR-CO-13', CTOT],
      ],
    ],
    [
      'no lines, no breakdown',
      mutate(base, (m) => m.remove('//ram:IncludedSupplyChainTradeLineItem').remove(`${BASE_SET}/ram:ApplicableTradeTax`)),
      [
        ['BR-16', C],
        ['BR-CO-10', CTOT],
        ['BR-CO-14', `${CTOT}/ram:TaxTotalAmount`],
        ['BR-CO-18', CSET],
      ],
    ],
    [
      'two category codes on a line',
      mutate(base, (m) =>
        m.add(`${LSET}/ram:ApplicableTradeTax`, '<ram:CategoryCode>Z</ram:CategoryCode><ram:CategoryCode>S</ram:CategoryCode>'),
      ),
      [
        ['BR-Z-01', CSET],
        ['BR-Z-05', `${CLINE}[1]/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`],
      ],
    ],
    [
      'nested allowance',
      mutate(base, (m) =>
        m.add(BASE_SET, `<ram:SpecifiedTradeAllowanceCharge>${LINE_CHARGE(true, '1.00')}</ram:SpecifiedTradeAllowanceCharge>`),
      ),
      // Without a charge indicator the outer element is neither an allowance nor a charge (the official
      // contexts test `udt:Indicator = false()` / `true()`): only the syntax rule fires.
      [['CII-SR-463', `${CSET}/ram:SpecifiedTradeAllowanceCharge`]],
    ],
    // Names are case-sensitive: a misspelt element or attribute is as good as absent.
    [
      'letter case of names',
      base
        .replace('<ram:Name>', '<ram:name>')
        .replace('</ram:Name>', '</ram:name>')
        .replace('schemeID="VA"', 'schemeid="VA"')
        .replace('<ram:TypeCode>VAT', '<ram:typecode>VAT')
        .replace(/(<ram:typecode>VAT)<\/ram:TypeCode>/, '$1</ram:typecode>'),
      [
        ['BR-25', `${CLINE}[1]`],
        ['BR-CO-04', `${CLINE}[1]`],
        ['BR-S-02', `${CLINE}[2]/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`],
        ['BR-S-02', `${CLINE}[3]/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`],
        ['BR-S-08', `${CSET}/ram:ApplicableTradeTax[1]`],
      ],
    ],
    // String-values: CDATA counts, comments do not, and predicates do not trim.
    [
      'CDATA and comments in values',
      base
        .replace(/<ram:CategoryCode>S<\/ram:CategoryCode>/, '<ram:CategoryCode><![CDATA[S]]></ram:CategoryCode>')
        .replace(/<ram:CategoryCode>S<\/ram:CategoryCode>/, '<ram:CategoryCode>S<!-- c --></ram:CategoryCode>')
        .replace('<ram:TypeCode>VAT</ram:TypeCode>', '<ram:TypeCode> VAT </ram:TypeCode>'),
      [
        ['BR-CO-04', `${CLINE}[1]`],
        ['BR-S-08', `${CSET}/ram:ApplicableTradeTax[1]`],
        ['CII-DT-037', `${CLINE}[1]/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`],
      ],
    ],
  ];
}

describe('rules over the compiled XPath', () => {
  it.each(documents())('%s: reports the expected findings at the expected nodes', (_name, xml, expected) => {
    expect(checkCii(xml).map((f) => [f.ruleId, f.location])).toEqual(expected);
  });

  it('the valid scenarios have no error, and no finding at all for a French business buyer', () => {
    for (const [name, scenario] of Object.entries(scenarios)) {
      const findings = checkCii(buildCii(scenario));
      expect(
        findings.filter((f) => f.severity === 'Error'),
        name,
      ).toEqual([]);
      if (scenario.buyer.siren) expect(findings, name).toEqual([]);
    }
  });
});
