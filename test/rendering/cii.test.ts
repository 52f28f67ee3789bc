import { describe, expect, it } from 'vitest';
import { buildCii, escapeXml } from '../../src/rendering/cii.js';
import { parseXml, xpathFor } from '../../src/einvoicing/xml.js';
import { baseInvoice, scenarios } from '../fixtures/einvoicing/documents.js';

const read = (xml: string) => xpathFor(parseXml(xml));

describe('buildCii', () => {
  it('declares the EN 16931 guideline and the invoice header', () => {
    const x = read(buildCii(baseInvoice()));
    expect(x.str('//ram:GuidelineSpecifiedDocumentContextParameter/ram:ID')).toBe('urn:cen.eu:en16931:2017');
    expect(x.str('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID')).toBe('F-2024-0042');
    expect(x.str('//ram:IssueDateTime/udt:DateTimeString[@format="102"]')).toBe('20240315');
  });

  it('follows the CII XSD sequence of the transaction and of the settlement', () => {
    const xml = buildCii(scenarios.globalDiscount);
    const order = (names: string[]) => names.map((n) => xml.indexOf(`<${n}`));
    const tx = order([
      'ram:IncludedSupplyChainTradeLineItem',
      'ram:ApplicableHeaderTradeAgreement',
      'ram:ApplicableHeaderTradeDelivery',
      'ram:ApplicableHeaderTradeSettlement',
    ]);
    expect([...tx].sort((a, b) => a - b)).toEqual(tx);
    const settlement = order([
      'ram:PaymentReference',
      'ram:InvoiceCurrencyCode',
      'ram:SpecifiedTradeSettlementPaymentMeans',
      'ram:ApplicableTradeTax>\n        <ram:CalculatedAmount',
      'ram:SpecifiedTradeAllowanceCharge',
      'ram:SpecifiedTradePaymentTerms',
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
    ]);
    expect(settlement.every((i) => i > 0)).toBe(true);
    expect([...settlement].sort((a, b) => a - b)).toEqual(settlement);
  });

  it('escapes markup and drops characters XML cannot carry', () => {
    expect(escapeXml(`a<b>&"c'\u0001`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    const x = read(buildCii(baseInvoice({ lines: [{ ...baseInvoice().lines[0], description: 'R&D <urgent> "x"' }] })));
    expect(x.str('//ram:SpecifiedTradeProduct/ram:Name')).toBe('R&D <urgent> "x"');
  });

  it('is deterministic', () => {
    expect(buildCii(scenarios.mixedRates)).toBe(buildCii(scenarios.mixedRates));
  });

  it('sends only priced lines, and Text lines as notes', () => {
    const x = read(buildCii(scenarios.lineDiscount));
    expect(x.nodes('//ram:IncludedSupplyChainTradeLineItem')).toHaveLength(1);
    expect(x.exists("//rsm:ExchangedDocument/ram:IncludedNote[ram:Content='Prestations du mois de mars']")).toBe(true);
    expect(x.str('//ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount')).toBe('25.00');
  });

  it('numbers a draft provisionally', () => {
    const x = read(buildCii(baseInvoice({ isDraft: true, number: null }), { draftNumber: 'DRAFT-12' }));
    expect(x.str('//rsm:ExchangedDocument/ram:ID')).toBe('DRAFT-12');
  });

  it('marks a credit note 381 and references the corrected invoice', () => {
    const x = read(buildCii(scenarios.creditNote));
    expect(x.str('//rsm:ExchangedDocument/ram:TypeCode')).toBe('381');
    expect(x.str('//ram:InvoiceReferencedDocument/ram:IssuerAssignedID')).toBe('F-2024-0001');
    expect(x.str('//ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString')).toBe('20240301');
  });

  it('sends the SIREN, SIRET, VAT number, electronic address and IBAN of the seller', () => {
    const x = read(buildCii(baseInvoice()));
    const seller = '//ram:SellerTradeParty';
    expect(x.str(`${seller}/ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']`)).toBe('732829320');
    expect(x.str(`${seller}/ram:GlobalID[@schemeID='0009']`)).toBe('73282932000074');
    expect(x.str(`${seller}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`)).toBe('FR44732829320');
    expect(x.str(`${seller}/ram:URIUniversalCommunication/ram:URIID[@schemeID='0225']`)).toBe('732829320');
    expect(x.str('//ram:PayeePartyCreditorFinancialAccount/ram:IBANID')).toBe('FR7630006000011234567890189');
    expect(x.str('//ram:PayeeSpecifiedCreditorFinancialInstitution/ram:BICID')).toBe('AGRIFRPP');
  });

  it('spells several instalments out in the payment terms and keeps the last due date', () => {
    const x = read(buildCii(scenarios.businessBuyer));
    expect(x.str('//ram:SpecifiedTradePaymentTerms/ram:Description')).toContain('2024-05-14 600.00 EUR');
    expect(x.str('//ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString')).toBe('20240514');
  });
});
