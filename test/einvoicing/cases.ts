// Mutations of valid generated CII documents, each breaking one known rule: the EN 16931 cases (one per rule
// id the built-in check implements) and the BR-FR cases (at least one per official rule family). Used by
// rules.test.ts (the built-in check) and differential.test.ts (the built-in check against the official rules).
import { buildCii } from '../../src/rendering/cii.js';
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

export const bases: Record<string, IssuedDocument> = { ...scenarios, outOfScope: outOfScopeInvoice };
export type Case = [ruleId: string, base: string, edit: (m: Mutator) => void];

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

/** EN 16931 rules: one mutation of a valid base per rule id, each making that rule fail. */
const enCases: Case[] = [
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
  ['BR-61', 'rate20', (m) => m.remove('//ram:PayeePartyCreditorFinancialAccount/ram:IBANID')],
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
  ['CII-SR-463', 'globalDiscount', (m) => m.remove(`${HAC}[1]/ram:ChargeIndicator`)],
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

/**
 * The official BR-S-01 counts uses and breakdowns (two S lines without breakdown pass) and BR-O-01 accepts an
 * O use without breakdown: their family mutations (remove the breakdown) are replaced by ones that fail.
 */
const O_BREAKDOWN =
  '<ram:ApplicableTradeTax><ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:ExemptionReason>Non soumis</ram:ExemptionReason><ram:BasisAmount>0.00</ram:BasisAmount><ram:CategoryCode>O</ram:CategoryCode></ram:ApplicableTradeTax>';
export const cases: Case[] = enCases.map((c): Case => {
  if (c[0] === 'BR-S-01') return ['BR-S-01', 'rate20', (m) => m.remove(`${BD}[ram:CategoryCode='S']`)];
  if (c[0] === 'BR-O-01') return ['BR-O-01', 'outOfScope', (m) => m.add(SET, O_BREAKDOWN)];
  return c;
});

// ---------------------------------------------------------------------------------------------
// BR-FR: at least one mutation per official rule family, each expected to fire the official assert id.

const TX = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction';
const LINE1 = '//ram:IncludedSupplyChainTradeLineItem[1]';
const FRAME = '//ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID';
const note = (code: string, text: string) =>
  `<ram:IncludedNote><ram:Content>${text}</ram:Content><ram:SubjectCode>${code}</ram:SubjectCode></ram:IncludedNote>`;
const ard = (id: string, type: string, extra = '') =>
  `<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>${id}</ram:IssuerAssignedID><ram:TypeCode>${type}</ram:TypeCode>${extra}</ram:AdditionalReferencedDocument>`;
const afl = (id: string) => ard(id, '130', '<ram:ReferenceTypeCode>AFL</ram:ReferenceTypeCode>');
const characteristic = (inner: string) => `<ram:ApplicableProductCharacteristic>${inner}</ram:ApplicableProductCharacteristic>`;
/** Line 1 becomes a GROUP line of a multi-vendor invoice (frame `frame`). */
const groupLine = (m: Mutator, frame: string) =>
  m.set(FRAME, frame).add(`${LINE1}/ram:AssociatedDocumentLineDocument`, '<ram:LineStatusReasonCode>GROUP</ram:LineStatusReasonCode>');
const subLine = (id: string, parent: string, status: string, net: string) =>
  `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${id}</ram:LineID><ram:ParentLineID>${parent}</ram:ParentLineID>` +
  `<ram:LineStatusReasonCode>${status}</ram:LineStatusReasonCode></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>Sous-ligne</ram:Name></ram:SpecifiedTradeProduct>` +
  `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${net}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>` +
  `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>` +
  `<ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:ApplicableTradeTax>` +
  `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${net}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>` +
  `</ram:IncludedSupplyChainTradeLineItem>`;
const ITEM_SELLER = (siren: string) =>
  `<ram:ItemSellerTradeParty><ram:Name>Vendeur</ram:Name><ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${siren}</ram:ID></ram:SpecifiedLegalOrganization></ram:ItemSellerTradeParty>`;

export const frenchCases: Case[] = [
  ['BR-FR-01_BT-1', 'rate20', (m) => m.set(`${H}/ram:ID`, 'F'.repeat(40))],
  ['BR-FR-01_BT-25', 'creditNote', (m) => m.set(`${SET}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`, 'F'.repeat(36))],
  ['BR-FR-02_BT-1', 'rate20', (m) => m.set(`${H}/ram:ID`, 'F 2024 42')],
  ['BR-FR-02_BT-25', 'creditNote', (m) => m.set(`${SET}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`, 'F#2024')],
  ['BR-FR-03_BT-2', 'rate20', (m) => m.set('//ram:IssueDateTime/udt:DateTimeString', '19991231')],
  ['BR-FR-03_BT-9', 'rate20', (m) => m.set('//ram:DueDateDateTime/udt:DateTimeString', '20240231')],
  ['BR-FR-03_BT-26', 'creditNote', (m) => m.set('//ram:FormattedIssueDateTime/qdt:DateTimeString', '21000101')],
  [
    'BR-FR-03_BT-72',
    'intraEUGoods',
    (m) => m.set('//ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString', '20230229'),
  ],
  ['BR-FR-04_BT-3', 'rate20', (m) => m.set(`${H}/ram:TypeCode`, '326')],
  ['BR-FR-05_BT-22_PMT', 'rate20', (m) => m.remove(`${H}/ram:IncludedNote[ram:SubjectCode='PMT']`)],
  ['BR-FR-05_BT-22_AAB', 'rate20', (m) => m.remove(`${H}/ram:IncludedNote[ram:SubjectCode='AAB']`)],
  ['BR-FR-06_BT-21_PMD', 'rate20', (m) => m.add(H, note('PMD', 'Encore'))],
  ['BR-FR-06_BT-21_TXD', 'nonLiableSeller', (m) => m.add(H, note('TXD', 'Encore'))],
  ['BR-FR-08_BT-23', 'rate20', (m) => m.set(FRAME, 'Z9')],
  ['BR-FR-09_BT-29', 'rate20', (m) => m.set(`${SELL}/ram:GlobalID`, '12345678900011')],
  ['BR-FR-09_BT-46', 'rate20', (m) => m.set(`${BUY}/ram:GlobalID`, '5521005540001')],
  ['BR-FR-10_BT-30', 'rate20', (m) => m.remove(`${SELL}/ram:SpecifiedLegalOrganization`)],
  ['BR-FR-11_BT-47', 'rate20', (m) => m.remove(`${BUY}/ram:SpecifiedLegalOrganization`)],
  ['BR-FR-12_BT-49', 'rate20', (m) => m.remove(`${BUY}/ram:URIUniversalCommunication`)],
  ['BR-FR-13_BT-34', 'rate20', (m) => m.remove(`${SELL}/ram:URIUniversalCommunication`)],
  ['BR-FR-15_BT-95_BT-151', 'rate20', (m) => m.set(`${LTAX}/ram:CategoryCode`, 'B')],
  ['BR-FR-15_BT-95_BT-151_LM', 'rate20', (m) => m.set(`${LTAX}/ram:CategoryCode`, 'L')],
  ['BR-FR-15_BT-95_BT-118_LM', 'rate20', (m) => m.set(`${BD}/ram:CategoryCode`, 'M')],
  ['BR-FR-15_BT-95_BT-102', 'globalDiscount', (m) => m.set(`${HAC}[1]/ram:CategoryTradeTax/ram:CategoryCode`, 'AA')],
  ['BR-FR-16_BT-152', 'rate20', (m) => m.set(`${LTAX}/ram:RateApplicablePercent`, '19')],
  ['BR-FR-16_BT-119', 'rate20', (m) => m.set(`${BD}/ram:RateApplicablePercent`, '20.5')],
  ['BR-FR-16_BT-96_BT-103', 'shipping', (m) => m.set(`${HAC}/ram:CategoryTradeTax/ram:RateApplicablePercent`, '21')],
  ['BR-FR-17_BT-123', 'rate20', (m) => m.add(AGR, ard('PJ-1', '916', '<ram:Name>FACTURE</ram:Name>'))],
  [
    'BR-FR-18_BT-123',
    'rate20',
    (m) => m.add(AGR, ard('PJ-1', '916', '<ram:Name>LISIBLE</ram:Name>') + ard('PJ-2', '916', '<ram:Name>LISIBLE</ram:Name>')),
  ],
  ['BR-FR-20_BT-21', 'rate20', (m) => m.set(`${H}/ram:IncludedNote[ram:SubjectCode='BAR']/ram:Content`, 'B2X')],
  ['BR-FR-21_BT-49', 'rate20', (m) => m.set(`${BUY}/ram:URIUniversalCommunication/ram:URIID`, '999999999')],
  [
    'BR-FR-22_BT-34',
    'rate20',
    (m) => m.set(`${H}/ram:TypeCode`, '389').set(`${SELL}/ram:URIUniversalCommunication/ram:URIID`, '999999999'),
  ],
  ['BR-FR-23_BT-34', 'rate20', (m) => m.set(`${SELL}/ram:URIUniversalCommunication/ram:URIID`, '732 829 320')],
  ['BR-FR-23_BT-49', 'rate20', (m) => m.set(`${BUY}/ram:URIUniversalCommunication/ram:URIID`, '552100554@x')],
  ['BR-FR-24_BT-29', 'rate20', (m) => m.add(SELL, '<ram:GlobalID schemeID="0224">code privé</ram:GlobalID>')],
  ['BR-FR-25_BT-34', 'rate20', (m) => m.set(`${SELL}/ram:URIUniversalCommunication/ram:URIID`, 'a'.repeat(130))],
  ['BR-FR-26_BT-46', 'rate20', (m) => m.add(BUY, `<ram:GlobalID schemeID="0224">${'A'.repeat(101)}</ram:GlobalID>`)],
  ['BR-FR-27_BG-32', 'rate20', (m) => m.add(`${LINE1}/ram:SpecifiedTradeProduct`, characteristic('<ram:Value>Rouge</ram:Value>'))],
  [
    'BR-FR-27_BT-160',
    'rate20',
    (m) => m.add(`${LINE1}/ram:SpecifiedTradeProduct`, characteristic('<ram:Description> </ram:Description><ram:Value>Rouge</ram:Value>')),
  ],
  [
    'BR-FR-28-Value',
    'rate20',
    (m) => m.add(`${LINE1}/ram:SpecifiedTradeProduct`, characteristic('<ram:Description>Couleur</ram:Description>')),
  ],
  ['BR-FR-29_BT-18', 'rate20', (m) => m.add(AGR, afl('LOT-1') + afl('LOT-2'))],
  ['BR-FR-29_AFL', 'rate20', (m) => m.add(AGR, afl(' '))],
  ['BR-FR-30_BT-128', 'rate20', (m) => m.add(LINE1, afl('LOT-1') + afl('LOT-2'))],
  ['BR-FR-31_BT-21', 'rate20', (m) => m.add(H, note('BAR', 'B2C'))],
  ['BR-FR-32-LEGALID', 'rate20', (m) => m.set(`${BUY}/ram:SpecifiedLegalOrganization/ram:ID`, '55210055')],
  ['BR-FR-32-GLOBALID', 'rate20', (m) => m.add(BUY, '<ram:GlobalID schemeID="0002">5521</ram:GlobalID>')],
  ['BR-FR-CO-03_BT-3', 'rate20', (m) => m.set(`${H}/ram:TypeCode`, '262')],
  ['BR-FR-CO-04_BT-4', 'rate20', (m) => m.set(`${H}/ram:TypeCode`, '384')],
  ['BR-FR-CO-05_BT-3', 'creditNote', (m) => m.remove(`${SET}/ram:InvoiceReferencedDocument`)],
  ['BR-FR-CO-05_BT-3', 'creditNote', (m) => m.remove(`${SET}/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime`)],
  ['BR-FR-CO-07_BT-9', 'rate20', (m) => m.set('//ram:DueDateDateTime/udt:DateTimeString', '20240301')],
  ['BR-FR-CO-08_BT-23', 'rate20', (m) => m.set(FRAME, 'B4').set(`${H}/ram:TypeCode`, '386')],
  ['BR-FR-CO-09_BT-23-1', 'rate20', (m) => m.set(FRAME, 'S2')],
  [
    'BR-FR-CO-09_BT-23-3',
    'rate20',
    (m) =>
      m
        .set(FRAME, 'B2')
        .set(`${TOT}/ram:TotalPrepaidAmount`, '1200.00')
        .set(`${TOT}/ram:DuePayableAmount`, '0.00')
        .remove('//ram:DueDateDateTime'),
  ],
  ['BR-FR-CO-10_BT-29-1', 'rate20', (m) => m.add(SELL, '<ram:GlobalID>123</ram:GlobalID>')],
  ['BR-FR-CO-10_BT-46-2', 'rate20', (m) => m.add(BUY, '<ram:GlobalID schemeID="0009">55210055400021</ram:GlobalID>')],
  ['BR-FR-CO-12_BT-5', 'rate20', (m) => m.set(`${SET}/ram:InvoiceCurrencyCode`, 'USD')],
  ['BR-FR-CO-14_BT-29-1', 'rate20', (m) => m.add(SELL, '<ram:GlobalID schemeID="0231">732829320</ram:GlobalID>')],
  [
    'BR-FR-CO-15_BT-29-1',
    'rate20',
    (m) => m.add(SELL, '<ram:GlobalID schemeID="0231">732829320</ram:GlobalID>').add(H, note('TXD', 'MEMBRE_ASSUJETTI_UNIQUE')),
  ],
  ['BR-FR-DEC-01_BT-106', 'rate20', (m) => m.set(`${TOT}/ram:LineTotalAmount`, '1000.001')],
  ['BR-FR-DEC-01_BT-110', 'rate20', (m) => m.set(`${TOT}/ram:TaxTotalAmount`, '200.001')],
  [
    'BR-FR-DEC-01_BT-131',
    'rate20',
    (m) => m.set(`${LSET}/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`, '1000.000'),
  ],
  ['BR-FR-DEC-02_BT-129', 'rate20', (m) => m.set(`${LINE1}/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity`, '2.00001')],
  [
    'BR-FR-DEC-03_BT-146',
    'rate20',
    (m) => m.set(`${LINE1}/ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount`, '-500.00'),
  ],
  ['BR-FR-DEC-04_BT-152', 'rate20', (m) => m.set(`${LTAX}/ram:RateApplicablePercent`, '20.000')],
  ['BR-FR-DEC-04_BT-119', 'rate20', (m) => m.set(`${BD}/ram:RateApplicablePercent`, '-20')],
  [
    'BR-FR-MV-01_EXT-FR-FE-163',
    'rate20',
    (m) => m.set(FRAME, 'S8').add(`${LINE1}/ram:AssociatedDocumentLineDocument`, '<ram:LineStatusReasonCode> </ram:LineStatusReasonCode>'),
  ],
  ['BR-FR-MV-02_EXT-FR-FE-163', 'rate20', (m) => m.set(FRAME, 'M8')],
  ['BR-FR-MV-03_EXT-FR-FE-164', 'rate20', (m) => groupLine(m, 'B8')],
  ['BR-FR-MV-03_EXT-FR-FE-182', 'rate20', (m) => groupLine(m, 'B8').add(SET, '<ram:TaxCurrencyCode>EUR</ram:TaxCurrencyCode>')],
  [
    'BR-FR-MV-03_BT-128_AFL',
    'rate20',
    (m) => groupLine(m, 'S8').add(LSET, ard('LOT-1', '50', '<ram:ReferenceTypeCode>AFL</ram:ReferenceTypeCode>')),
  ],
  ['BR-FR-MV-05_EXT-FR-FE-BG-12', 'rate20', (m) => groupLine(m, 'S8').add(TX, subLine('2', '1', 'DETAIL', '10.00'))],
  ['BR-FR-MV-06_EXT-FR-FE-167', 'rate20', (m) => m.set(FRAME, 'S8')],
  ['BR-FR-MV-07_BT-128', 'rate20', (m) => m.set(FRAME, 'S8')],
  [
    'BR-FR-MV-08_BT-128',
    'rate20',
    (m) =>
      m.set(FRAME, 'S8').add(`${LINE1}/ram:AssociatedDocumentLineDocument`, '<ram:LineStatusReasonCode>DETAIL</ram:LineStatusReasonCode>'),
  ],
  ['BR-FR-MV-09_EXT-FR-FE-181', 'rate20', (m) => groupLine(m, 'S8')],
  [
    'BR-FR-MV-10_EXT-FR-FE-184',
    'rate20',
    (m) =>
      groupLine(m, 'S8').add(
        `${LSET}/ram:SpecifiedTradeSettlementLineMonetarySummation`,
        '<ram:GrandTotalAmount>1.00</ram:GrandTotalAmount>',
      ),
  ],
  ['BR-FR-MV-11_BT-128', 'rate20', (m) => groupLine(m, 'S8').add(`${LINE1}/ram:SpecifiedLineTradeAgreement`, ITEM_SELLER('732829320'))],
  [
    'BR-FR-MV-12_BT-128',
    'rate20',
    (m) =>
      groupLine(m, 'S8')
        .add(LSET, afl('SF-1'))
        .add(
          TX,
          subLine('2', '', 'GROUP', '10.00')
            .replace('<ram:ParentLineID></ram:ParentLineID>', '')
            .replace('</ram:SpecifiedLineTradeSettlement>', `${afl('SF-1')}</ram:SpecifiedLineTradeSettlement>`),
        ),
  ],
  ['BR-FR-MV-13_BT-3', 'rate20', (m) => m.set(FRAME, 'S8').set(`${H}/ram:TypeCode`, '389')],
  ['BR-FR-MV-14-EXT-FR-FE-136', 'creditNote', (m) => groupLine(m, 'M8')],
  ['BR-FR-BD-02_EXT-FR-FE-163', 'rate20', (m) => m.set(FRAME, 'S9').set(`${H}/ram:TypeCode`, '389')],
  ['BR-FR-BD-02_BT-31', 'rate20', (m) => groupLine(m, 'B9').set(`${H}/ram:TypeCode`, '389')],
  ['BR-FR-BD-13_BT-3', 'rate20', (m) => m.set(FRAME, 'M9')],
  ['BR-FR-BD-14-EXT-FR-FE-138', 'rate20', (m) => groupLine(m, 'S9').set(`${H}/ram:TypeCode`, '261')],
];

/** The XML of a case: its base built by the CII writer, then mutated. */
export function caseXml([, base, edit]: Case): string {
  return mutate(buildCii(bases[base]), edit);
}
