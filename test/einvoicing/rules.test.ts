import { describe, expect, it } from 'vitest';
import { buildCii } from '../../src/rendering/cii.js';
import { ALL_RULES, checkCii } from '../../src/einvoicing/check.js';
import type { IssuedDocument } from '../../src/rendering/model.js';
import { outOfScopeInvoice, scenarios } from '../fixtures/einvoicing/documents.js';
import { type Mutator, allowanceCharge, mutate } from '../fixtures/einvoicing/mutate.js';

const H = '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument';
const AGR = '//ram:ApplicableHeaderTradeAgreement';
const SELL = '//ram:SellerTradeParty';
const BUY = '//ram:BuyerTradeParty';
const SET = '//ram:ApplicableHeaderTradeSettlement';
const TOT = '//ram:SpecifiedTradeSettlementHeaderMonetarySummation';
const BD = `${SET}/ram:ApplicableTradeTax`;
const HAC = `${SET}/ram:SpecifiedTradeAllowanceCharge`;
const LSET = '//ram:IncludedSupplyChainTradeLineItem[1]/ram:SpecifiedLineTradeSettlement';
const LTAX = `${LSET}/ram:ApplicableTradeTax`;
const LAC = `${LSET}/ram:SpecifiedTradeAllowanceCharge`;
const SELLER_VAT = `${SELL}/ram:SpecifiedTaxRegistration`;
const PERIOD = (start: string, end: string) =>
  `<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">${start}</udt:DateTimeString></ram:StartDateTime>` +
  `<ram:EndDateTime><udt:DateTimeString format="102">${end}</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>`;
const TAX_REP = (inner: string) => `<ram:SellerTaxRepresentativeTradeParty>${inner}</ram:SellerTaxRepresentativeTradeParty>`;
const REP_ADDRESS = '<ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>';
const REP_VAT = '<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR11999999999</ram:ID></ram:SpecifiedTaxRegistration>';
const LINE_CHARGE = (inner: string) =>
  `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>true</udt:Indicator></ram:ChargeIndicator>${inner}</ram:SpecifiedTradeAllowanceCharge>`;

const bases: Record<string, IssuedDocument> = { ...scenarios, outOfScope: outOfScopeInvoice };
type Case = [ruleId: string, base: string, edit: (m: Mutator) => void];

/** For each VAT family: the base scenario, how to take the seller/buyer ids away, and mutations for 01-10. */
function vatFamily(
  family: string,
  cat: string,
  base: string,
  breakParties: (m: Mutator) => void,
  rate: { bad: string },
  exemption: 'add' | 'remove',
): Case[] {
  const id = (n: number) => `${family}-${String(n).padStart(2, '0')}`;
  const ruleRate = cat === 'O' ? '0' : rate.bad;
  return [
    [id(1), base, (m) => m.remove(`${BD}[ram:CategoryCode='${cat}']`)],
    [id(2), base, breakParties],
    [
      id(3),
      base,
      (m) => {
        m.add(SET, allowanceCharge(false, cat, cat === 'O' ? null : '0'));
        breakParties(m);
      },
    ],
    [
      id(4),
      base,
      (m) => {
        m.add(SET, allowanceCharge(true, cat, cat === 'O' ? null : '0'));
        breakParties(m);
      },
    ],
    [
      id(5),
      base,
      (m) =>
        cat === 'O'
          ? m.add(LTAX, `<ram:RateApplicablePercent>${ruleRate}</ram:RateApplicablePercent>`)
          : m.set(`${LTAX}/ram:RateApplicablePercent`, rate.bad),
    ],
    [id(6), base, (m) => m.add(SET, allowanceCharge(false, cat, ruleRate))],
    [id(7), base, (m) => m.add(SET, allowanceCharge(true, cat, ruleRate))],
    [id(8), base, (m) => m.set(`${BD}[ram:CategoryCode='${cat}']/ram:BasisAmount`, '5000.00')],
    [id(9), base, (m) => m.set(`${BD}[ram:CategoryCode='${cat}']/ram:CalculatedAmount`, '150.00')],
    [
      id(10),
      base,
      (m) =>
        exemption === 'add'
          ? m.add(`${BD}[ram:CategoryCode='${cat}']`, '<ram:ExemptionReason>Exonération</ram:ExemptionReason>')
          : m
              .remove(`${BD}[ram:CategoryCode='${cat}']/ram:ExemptionReason`)
              .remove(`${BD}[ram:CategoryCode='${cat}']/ram:ExemptionReasonCode`),
    ],
  ];
}

const cases: Case[] = [
  ['BR-01', 'rate20', (m) => m.remove('//ram:GuidelineSpecifiedDocumentContextParameter/ram:ID')],
  ['BR-02', 'rate20', (m) => m.remove(`${H}/ram:ID`)],
  ['BR-03', 'rate20', (m) => m.remove('//ram:IssueDateTime/udt:DateTimeString')],
  ['BR-04', 'rate20', (m) => m.remove(`${H}/ram:TypeCode`)],
  ['BR-05', 'rate20', (m) => m.remove('//ram:InvoiceCurrencyCode')],
  ['BR-06', 'rate20', (m) => m.remove(`${SELL}/ram:Name`)],
  ['BR-07', 'rate20', (m) => m.remove(`${BUY}/ram:Name`)],
  ['BR-08', 'rate20', (m) => m.remove(`${SELL}/ram:PostalTradeAddress`)],
  ['BR-09', 'rate20', (m) => m.remove(`${SELL}/ram:PostalTradeAddress/ram:CountryID`)],
  ['BR-10', 'rate20', (m) => m.remove(`${BUY}/ram:PostalTradeAddress`)],
  ['BR-11', 'rate20', (m) => m.remove(`${BUY}/ram:PostalTradeAddress/ram:CountryID`)],
  ['BR-12', 'rate20', (m) => m.remove(`${TOT}/ram:LineTotalAmount`)],
  ['BR-13', 'rate20', (m) => m.remove(`${TOT}/ram:TaxBasisTotalAmount`)],
  ['BR-14', 'rate20', (m) => m.remove(`${TOT}/ram:GrandTotalAmount`)],
  ['BR-15', 'rate20', (m) => m.remove(`${TOT}/ram:DuePayableAmount`)],
  ['BR-16', 'rate20', (m) => m.remove('//ram:IncludedSupplyChainTradeLineItem')],
  ['BR-17', 'rate20', (m) => m.add(SET, '<ram:PayeeTradeParty><ram:ID>P1</ram:ID></ram:PayeeTradeParty>')],
  ['BR-18', 'rate20', (m) => m.add(AGR, TAX_REP(REP_ADDRESS + REP_VAT))],
  ['BR-19', 'rate20', (m) => m.add(AGR, TAX_REP('<ram:Name>Rep</ram:Name>' + REP_VAT))],
  [
    'BR-20',
    'rate20',
    (m) =>
      m.add(
        AGR,
        TAX_REP('<ram:Name>Rep</ram:Name><ram:PostalTradeAddress><ram:CityName>Paris</ram:CityName></ram:PostalTradeAddress>' + REP_VAT),
      ),
  ],
  ['BR-21', 'rate20', (m) => m.remove('//ram:AssociatedDocumentLineDocument/ram:LineID')],
  ['BR-22', 'rate20', (m) => m.remove('//ram:BilledQuantity')],
  ['BR-23', 'rate20', (m) => m.remove('//ram:BilledQuantity/@unitCode')],
  ['BR-24', 'rate20', (m) => m.remove('//ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount')],
  ['BR-25', 'rate20', (m) => m.remove('//ram:SpecifiedTradeProduct/ram:Name')],
  ['BR-26', 'rate20', (m) => m.remove('//ram:NetPriceProductTradePrice/ram:ChargeAmount')],
  ['BR-27', 'rate20', (m) => m.set('//ram:NetPriceProductTradePrice/ram:ChargeAmount', '-1.00')],
  [
    'BR-28',
    'rate20',
    (m) =>
      m.add(
        '//ram:SpecifiedLineTradeAgreement',
        '<ram:GrossPriceProductTradePrice><ram:ChargeAmount>-5</ram:ChargeAmount></ram:GrossPriceProductTradePrice>',
      ),
  ],
  ['BR-29', 'rate20', (m) => m.add(SET, PERIOD('20240310', '20240301'))],
  ['BR-30', 'rate20', (m) => m.add(LSET, PERIOD('20240310', '20240301'))],
  ['BR-31', 'globalDiscount', (m) => m.remove(`${HAC}[1]/ram:ActualAmount`)],
  ['BR-32', 'globalDiscount', (m) => m.remove(`${HAC}[1]/ram:CategoryTradeTax/ram:CategoryCode`)],
  ['BR-33', 'globalDiscount', (m) => m.remove(`${HAC}[1]/ram:Reason`).remove(`${HAC}[1]/ram:ReasonCode`)],
  ['BR-36', 'shipping', (m) => m.remove(`${HAC}/ram:ActualAmount`)],
  ['BR-37', 'shipping', (m) => m.remove(`${HAC}/ram:CategoryTradeTax/ram:CategoryCode`)],
  ['BR-38', 'shipping', (m) => m.remove(`${HAC}/ram:Reason`).remove(`${HAC}/ram:ReasonCode`)],
  ['BR-41', 'lineDiscount', (m) => m.remove(`${LAC}/ram:ActualAmount`)],
  ['BR-42', 'lineDiscount', (m) => m.remove(`${LAC}/ram:Reason`).remove(`${LAC}/ram:ReasonCode`)],
  ['BR-43', 'rate20', (m) => m.add(LSET, LINE_CHARGE('<ram:Reason>Emballage</ram:Reason>'))],
  ['BR-44', 'rate20', (m) => m.add(LSET, LINE_CHARGE('<ram:ActualAmount>1.00</ram:ActualAmount>'))],
  ['BR-45', 'rate20', (m) => m.remove(`${BD}/ram:BasisAmount`)],
  ['BR-46', 'rate20', (m) => m.remove(`${BD}/ram:CalculatedAmount`)],
  ['BR-47', 'rate20', (m) => m.remove(`${BD}/ram:CategoryCode`)],
  ['BR-48', 'rate20', (m) => m.remove(`${BD}/ram:RateApplicablePercent`)],
  ['BR-49', 'rate20', (m) => m.remove('//ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode')],
  ['BR-50', 'rate20', (m) => m.remove('//ram:PayeePartyCreditorFinancialAccount/ram:IBANID')],
  [
    'BR-52',
    'rate20',
    (m) => m.add(AGR, '<ram:AdditionalReferencedDocument><ram:TypeCode>916</ram:TypeCode></ram:AdditionalReferencedDocument>'),
  ],
  ['BR-53', 'rate20', (m) => m.add(SET, '<ram:TaxCurrencyCode>USD</ram:TaxCurrencyCode>')],
  [
    'BR-54',
    'rate20',
    (m) =>
      m.add(
        '//ram:SpecifiedTradeProduct',
        '<ram:ApplicableProductCharacteristic><ram:Description>Couleur</ram:Description></ram:ApplicableProductCharacteristic>',
      ),
  ],
  ['BR-55', 'creditNote', (m) => m.remove('//ram:InvoiceReferencedDocument/ram:IssuerAssignedID')],
  ['BR-56', 'rate20', (m) => m.add(AGR, TAX_REP('<ram:Name>Rep</ram:Name>' + REP_ADDRESS))],
  ['BR-57', 'shipping', (m) => m.remove('//ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID')],
  ['BR-61', 'rate20', (m) => m.remove('//ram:PayeePartyCreditorFinancialAccount')],
  ['BR-62', 'rate20', (m) => m.remove(`${SELL}/ram:URIUniversalCommunication/ram:URIID/@schemeID`)],
  ['BR-63', 'rate20', (m) => m.remove(`${BUY}/ram:URIUniversalCommunication/ram:URIID/@schemeID`)],
  ['BR-64', 'rate20', (m) => m.add('//ram:SpecifiedTradeProduct', '<ram:GlobalID>3017620422003</ram:GlobalID>')],
  [
    'BR-65',
    'rate20',
    (m) =>
      m.add(
        '//ram:SpecifiedTradeProduct',
        '<ram:DesignatedProductClassification><ram:ClassCode>123</ram:ClassCode></ram:DesignatedProductClassification>',
      ),
  ],
  ['BR-66', 'globalDiscount', (m) => m.remove(`${HAC}[1]/ram:ChargeIndicator`)],
  [
    'BR-CO-03',
    'rate20',
    (m) =>
      m.add(
        BD,
        '<ram:TaxPointDate><udt:DateString format="102">20240315</udt:DateString></ram:TaxPointDate><ram:DueDateTypeCode>5</ram:DueDateTypeCode>',
      ),
  ],
  ['BR-CO-04', 'rate20', (m) => m.remove(`${LTAX}/ram:CategoryCode`)],
  ['BR-CO-09', 'rate20', (m) => m.set(`${SELLER_VAT}/ram:ID`, 'XX44732829320')],
  ['BR-CO-10', 'rate20', (m) => m.set(`${TOT}/ram:LineTotalAmount`, '999.00')],
  ['BR-CO-11', 'globalDiscount', (m) => m.set(`${TOT}/ram:AllowanceTotalAmount`, '31.00')],
  ['BR-CO-12', 'shipping', (m) => m.set(`${TOT}/ram:ChargeTotalAmount`, '16.00')],
  ['BR-CO-13', 'rate20', (m) => m.set(`${TOT}/ram:TaxBasisTotalAmount`, '1001.00')],
  ['BR-CO-14', 'rate20', (m) => m.set(`${TOT}/ram:TaxTotalAmount`, '201.00')],
  ['BR-CO-15', 'rate20', (m) => m.set(`${TOT}/ram:GrandTotalAmount`, '1201.00')],
  ['BR-CO-16', 'rate20', (m) => m.set(`${TOT}/ram:DuePayableAmount`, '1100.00')],
  ['BR-CO-17', 'rate20', (m) => m.set(`${BD}/ram:CalculatedAmount`, '150.00')],
  ['BR-CO-18', 'rate20', (m) => m.remove(BD)],
  ['BR-CO-19', 'rate20', (m) => m.add(SET, '<ram:BillingSpecifiedPeriod/>')],
  ['BR-CO-20', 'rate20', (m) => m.add(LSET, '<ram:BillingSpecifiedPeriod/>')],
  ['BR-CO-21', 'globalDiscount', (m) => m.remove(`${HAC}[1]/ram:Reason`).remove(`${HAC}[1]/ram:ReasonCode`)],
  ['BR-CO-22', 'shipping', (m) => m.remove(`${HAC}/ram:Reason`).remove(`${HAC}/ram:ReasonCode`)],
  ['BR-CO-23', 'lineDiscount', (m) => m.remove(`${LAC}/ram:Reason`).remove(`${LAC}/ram:ReasonCode`)],
  ['BR-CO-24', 'rate20', (m) => m.add(LSET, LINE_CHARGE('<ram:ActualAmount>1.00</ram:ActualAmount>'))],
  ['BR-CO-25', 'rate20', (m) => m.remove('//ram:SpecifiedTradePaymentTerms')],
  ['BR-CO-26', 'rate20', (m) => m.remove(`${SELL}/ram:GlobalID`).remove(`${SELL}/ram:SpecifiedLegalOrganization`).remove(SELLER_VAT)],
  ['BR-DEC-01', 'globalDiscount', (m) => m.addDecimal(`${HAC}[1]/ram:ActualAmount`)],
  ['BR-DEC-02', 'globalDiscount', (m) => m.addDecimal(`${HAC}[1]/ram:BasisAmount`)],
  ['BR-DEC-05', 'shipping', (m) => m.addDecimal(`${HAC}/ram:ActualAmount`)],
  ['BR-DEC-06', 'shipping', (m) => m.add(HAC, '<ram:BasisAmount>120.001</ram:BasisAmount>')],
  ['BR-DEC-09', 'rate20', (m) => m.addDecimal(`${TOT}/ram:LineTotalAmount`)],
  ['BR-DEC-10', 'rate20', (m) => m.addDecimal(`${TOT}/ram:AllowanceTotalAmount`)],
  ['BR-DEC-11', 'rate20', (m) => m.addDecimal(`${TOT}/ram:ChargeTotalAmount`)],
  ['BR-DEC-12', 'rate20', (m) => m.addDecimal(`${TOT}/ram:TaxBasisTotalAmount`)],
  ['BR-DEC-13', 'rate20', (m) => m.addDecimal(`${TOT}/ram:TaxTotalAmount`)],
  ['BR-DEC-14', 'rate20', (m) => m.addDecimal(`${TOT}/ram:GrandTotalAmount`)],
  ['BR-DEC-16', 'rate20', (m) => m.addDecimal(`${TOT}/ram:TotalPrepaidAmount`)],
  ['BR-DEC-17', 'rate20', (m) => m.add(TOT, '<ram:RoundingAmount>0.001</ram:RoundingAmount>')],
  ['BR-DEC-18', 'rate20', (m) => m.addDecimal(`${TOT}/ram:DuePayableAmount`)],
  ['BR-DEC-19', 'rate20', (m) => m.addDecimal(`${BD}/ram:BasisAmount`)],
  ['BR-DEC-20', 'rate20', (m) => m.addDecimal(`${BD}/ram:CalculatedAmount`)],
  ['BR-DEC-23', 'rate20', (m) => m.addDecimal('//ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount')],
  ['BR-DEC-24', 'lineDiscount', (m) => m.addDecimal(`${LAC}/ram:ActualAmount`)],
  ['BR-DEC-25', 'lineDiscount', (m) => m.add(LAC, '<ram:BasisAmount>250.001</ram:BasisAmount>')],
  ['BR-DEC-27', 'rate20', (m) => m.add(LSET, LINE_CHARGE('<ram:ActualAmount>1.001</ram:ActualAmount><ram:Reason>Emballage</ram:Reason>'))],
  [
    'BR-DEC-28',
    'rate20',
    (m) =>
      m.add(
        LSET,
        LINE_CHARGE('<ram:BasisAmount>1.001</ram:BasisAmount><ram:ActualAmount>1.00</ram:ActualAmount><ram:Reason>Emballage</ram:Reason>'),
      ),
  ],
  ...vatFamily('BR-S', 'S', 'shippingAndDiscount', (m) => m.remove(SELLER_VAT), { bad: '0' }, 'add'),
  ...vatFamily('BR-Z', 'Z', 'rate0', (m) => m.remove(SELLER_VAT), { bad: '5' }, 'add'),
  ...vatFamily('BR-E', 'E', 'nonLiableSeller', (m) => m.remove(SELLER_VAT), { bad: '5' }, 'remove'),
  ...vatFamily('BR-AE', 'AE', 'reverseChargeEU', (m) => m.remove(`${BUY}/ram:SpecifiedTaxRegistration`), { bad: '20' }, 'remove'),
  ...vatFamily('BR-IC', 'K', 'intraEUGoods', (m) => m.remove(`${BUY}/ram:SpecifiedTaxRegistration`), { bad: '20' }, 'remove'),
  ...vatFamily('BR-G', 'G', 'exportOutsideEU', (m) => m.remove(SELLER_VAT), { bad: '20' }, 'remove'),
  ...vatFamily(
    'BR-O',
    'O',
    'outOfScope',
    (m) => m.add(SELL, '<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR44732829320</ram:ID></ram:SpecifiedTaxRegistration>'),
    { bad: '0' },
    'remove',
  ),
  ['BR-IC-11', 'intraEUGoods', (m) => m.remove('//ram:ActualDeliverySupplyChainEvent')],
  ['BR-IC-12', 'intraEUGoods', (m) => m.remove('//ram:ShipToTradeParty')],
  [
    'BR-O-11',
    'outOfScope',
    (m) =>
      m.add(
        SET,
        '<ram:ApplicableTradeTax><ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>0.00</ram:BasisAmount><ram:CategoryCode>Z</ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:ApplicableTradeTax>',
      ),
  ],
  ['BR-O-12', 'outOfScope', (m) => m.set(`${LTAX}/ram:CategoryCode`, 'S')],
  ['BR-O-13', 'outOfScope', (m) => m.add(SET, allowanceCharge(false, 'S', '20'))],
  ['BR-O-14', 'outOfScope', (m) => m.add(SET, allowanceCharge(true, 'S', '20'))],
  ['BR-FR-01', 'rate20', (m) => m.set(`${H}/ram:ID`, 'F'.repeat(40))],
  ['BR-FR-02', 'rate20', (m) => m.set(`${H}/ram:ID`, 'F 2024 42')],
  ['BR-FR-03', 'rate20', (m) => m.set('//ram:IssueDateTime/udt:DateTimeString', '19991231')],
  ['BR-FR-04', 'rate20', (m) => m.set(`${H}/ram:TypeCode`, '326')],
  ['BR-FR-05', 'rate20', (m) => m.remove(`${H}/ram:IncludedNote[ram:SubjectCode='PMT']`)],
  [
    'BR-FR-06',
    'rate20',
    (m) => m.add(H, '<ram:IncludedNote><ram:Content>Encore</ram:Content><ram:SubjectCode>PMD</ram:SubjectCode></ram:IncludedNote>'),
  ],
  ['BR-FR-08', 'rate20', (m) => m.set('//ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID', 'Z9')],
  ['BR-FR-09', 'rate20', (m) => m.set(`${SELL}/ram:GlobalID`, '12345678900011')],
  ['BR-FR-10', 'rate20', (m) => m.remove(`${SELL}/ram:SpecifiedLegalOrganization`)],
  ['BR-FR-11', 'rate20', (m) => m.remove(`${BUY}/ram:SpecifiedLegalOrganization`)],
  ['BR-FR-12', 'rate20', (m) => m.remove(`${BUY}/ram:URIUniversalCommunication`)],
  ['BR-FR-13', 'rate20', (m) => m.remove(`${SELL}/ram:URIUniversalCommunication`)],
  ['BR-FR-15', 'rate20', (m) => m.set(`${LTAX}/ram:CategoryCode`, 'L')],
  ['BR-FR-16', 'rate20', (m) => m.set(`${LTAX}/ram:RateApplicablePercent`, '19')],
  ['BR-FR-20', 'rate20', (m) => m.set(`${H}/ram:IncludedNote[ram:SubjectCode='BAR']/ram:Content`, 'B2X')],
  ['BR-FR-21', 'rate20', (m) => m.set(`${BUY}/ram:URIUniversalCommunication/ram:URIID`, '999999999')],
  ['BR-FR-23', 'rate20', (m) => m.set(`${SELL}/ram:URIUniversalCommunication/ram:URIID`, '732 829 320')],
  ['BR-FR-25', 'rate20', (m) => m.set(`${SELL}/ram:URIUniversalCommunication/ram:URIID`, 'a'.repeat(130))],
];

// A standard-rated invoice with both a document allowance and a charge, to exercise BR-S-03/04/06/07.
bases.shippingAndDiscount = {
  ...scenarios.globalDiscount,
  allowancesCharges: [
    ...scenarios.globalDiscount.allowancesCharges,
    { isCharge: true, reason: 'Frais de port', reasonCode: 'FC', amount: '10.00', vatCategory: 'S', vatRate: '20' },
  ],
  // 20 %: 200.00 − 20.00 + 10.00 = 190.00 → 38.00; 5.5 %: 90.00 → 4.95; HT 280.00, VAT 42.95, TTC 322.95
  vats: [
    { category: 'S', rate: '20', taxableAmount: '190.00', taxAmount: '38.00' },
    { category: 'S', rate: '5.5', taxableAmount: '90.00', taxAmount: '4.95' },
  ],
  totals: {
    lineTotal: '300.00',
    allowanceTotal: '30.00',
    chargeTotal: '10.00',
    taxExclusive: '280.00',
    taxTotal: '42.95',
    taxInclusive: '322.95',
    prepaid: '0.00',
    payable: '322.95',
  },
};

const ruleIds = (xml: string) => checkCii(xml).map((f) => f.ruleId);

describe('every rule fails on a mutated document and holds on its valid base', () => {
  it.each(cases)('%s is reported when broken (base %s)', (ruleId, base, edit) => {
    const xml = mutate(buildCii(bases[base]), edit);
    const findings = checkCii(xml).filter((f) => f.ruleId === ruleId);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0].location).toMatch(/^\/rsm:CrossIndustryInvoice/);
    expect(findings[0].severity).toBe(ruleId.startsWith('BR-FR') ? 'Warning' : 'Error');
  });

  it.each(cases)('%s holds on the valid base %s', (ruleId, base) => {
    expect(ruleIds(buildCii(bases[base]))).not.toContain(ruleId);
  });

  it('every implemented rule has a triggering case', () => {
    const tested = new Set(cases.map(([id]) => id));
    expect(ALL_RULES.map((r) => r.id).filter((id) => !tested.has(id))).toEqual([]);
  });
});

describe('checkCii', () => {
  it('reports a non-CII document as a single error', () => {
    const findings = checkCii('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    expect(findings.map((f) => f.ruleId)).toEqual(['CII-ROOT']);
  });

  it('reports malformed XML instead of throwing', () => {
    expect(checkCii('<rsm:CrossIndustryInvoice').map((f) => f.ruleId)).toEqual(['XML-WELLFORMED']);
  });

  it('locates a finding at the offending node with positional predicates', () => {
    const xml = mutate(buildCii(scenarios.mixedRates), (m) => m.set(`${BD}[2]/ram:CalculatedAmount`, '9.00'));
    const finding = checkCii(xml).find((f) => f.ruleId === 'BR-S-09');
    expect(finding?.location).toBe(
      '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax[2]',
    );
    expect(finding?.businessTerm).toBe('BT-117');
  });
});
