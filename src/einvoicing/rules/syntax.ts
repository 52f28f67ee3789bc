// EN 16931 CII syntax bindings: the fatal CII-SR (syntax restriction) and CII-DT (data type) asserts and the
// BR-CL code-list rules of the official CEN CII Schematron 1.3.16, plus BR-B-01/02 and BR-DEC-15. Contexts
// follow the official rules, including Schematron's "first matching rule wins" inside a pattern (for
// instance the document TypeCode is taken by the `//ram:TypeCode` rule, so CII-DT-010…012 never fire).
// Messages are the official texts (en16931-messages.ts); code lists are the official lists (codelists-data.ts).
import type { CheckContext, Rule } from '../types.js';
import type { XmlElement, XmlNode } from '../xml.js';
import { NS } from '../xml.js';
import { CODE_LISTS } from './codelists-data.js';
import { EN16931_MESSAGES } from './en16931-messages.js';
import { AGREEMENT, CONTEXT, HEADER, LINES, ROOT, SETTLEMENT, TOTALS, dec } from './helpers.js';

const nsp = (s: string): string => s.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');

function rule(id: string, check: (c: CheckContext) => XmlNode[]): Rule {
  const message = EN16931_MESSAGES[id];
  if (!message) throw new Error(`No official message for ${id}`);
  return { id, severity: 'Error', businessTerm: null, message, check };
}

/** Fails on each node of `context` where `holds` is false. */
const each = (id: string, context: string | ((c: CheckContext) => XmlNode[]), holds: (n: XmlNode, c: CheckContext) => boolean) =>
  rule(id, (c) => (typeof context === 'string' ? c.x.nodes(context) : context(c)).filter((n) => !holds(n, c)));

const count = (c: CheckContext, path: string, n: XmlNode) => c.x.nodes(path, n).length;
const has = (c: CheckContext, path: string, n: XmlNode) => c.x.node(path, n) !== null;
const attr = (n: XmlNode, name: string): string | null => (n.nodeType === 1 ? n.getAttribute(name) : null);

/** Every element of the document, in document order (computed once per check). */
function allElements(c: CheckContext): XmlElement[] {
  return c.shared('syntax:elements', () => {
    const out: XmlElement[] = [];
    const walk = (n: XmlNode) => {
      for (let child = n.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === 1) {
          out.push(child);
          walk(child);
        }
      }
    };
    walk(c.root);
    return out;
  });
}

/** The elements of the document by local name (computed once per check). */
function byLocalName(c: CheckContext): Map<string, XmlElement[]> {
  return c.shared('syntax:by-local-name', () => {
    const index = new Map<string, XmlElement[]>();
    for (const e of allElements(c)) {
      const list = index.get(e.localName);
      if (list) list.push(e);
      else index.set(e.localName, [e]);
    }
    return index;
  });
}

/** `//ram:*[ends-with(name(), suffix)]`: ram elements whose name ends with `suffix` (once per check). */
const ramEndingWith = (suffix: string, except?: (e: XmlElement) => boolean) => (c: CheckContext) => {
  const all = c.shared(`syntax:ending-with:${suffix}`, () => {
    const names = [...byLocalName(c).keys()].filter((local) => local.endsWith(suffix));
    // One name: its list is already in document order. Several: one pass over every element keeps that order.
    if (names.length <= 1) return (names.length ? byLocalName(c).get(names[0])! : []).filter((e) => e.namespaceURI === NS.ram);
    const wanted = new Set(names);
    return allElements(c).filter((e) => e.namespaceURI === NS.ram && wanted.has(e.localName));
  });
  return except ? all.filter((e) => !except(e)) : all;
};

const ancestorNamed = (e: XmlNode, local: string): boolean => {
  for (let p = e.parentNode; p && p.nodeType === 1; p = p.parentNode) if (p.namespaceURI === NS.ram && p.localName === local) return true;
  return false;
};

/** A Schematron match pattern `a:x/b:y` (relative: anywhere in the document) as a test on an element. */
function matchesPath(e: XmlNode, steps: string[]): boolean {
  let node: XmlNode | null = e;
  for (let i = steps.length - 1; i >= 0; i--) {
    if (!node || node.nodeType !== 1) return false;
    const [prefix, local] = steps[i].split(':');
    if (node.localName !== local || node.namespaceURI !== NS[prefix as keyof typeof NS]) return false;
    node = node.parentNode;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// CII-SR: cardinalities of the syntax

const GUIDELINE = 'ram:GuidelineSpecifiedDocumentContextParameter';
const PRODUCT = `${LINES}/ram:SpecifiedTradeProduct`;
const SUMMATION_ONCE: [string, string][] = [
  ['CII-SR-477', 'LineTotalAmount'],
  ['CII-SR-478', 'ChargeTotalAmount'],
  ['CII-SR-479', 'AllowanceTotalAmount'],
  ['CII-SR-480', 'TaxBasisTotalAmount'],
  ['CII-SR-481', 'RoundingAmount'],
  ['CII-SR-482', 'GrandTotalAmount'],
  ['CII-SR-483', 'InformationAmount'],
  ['CII-SR-484', 'TotalPrepaidAmount'],
  ['CII-SR-485', 'TotalDiscountAmount'],
  ['CII-SR-486', 'TotalAllowanceChargeAmount'],
  ['CII-SR-487', 'DuePayableAmount'],
  ['CII-SR-488', 'RetailValueExcludingTaxInformationAmount'],
  ['CII-SR-489', 'TotalDepositFeeInformationAmount'],
  ['CII-SR-490', 'ProductValueExcludingTobaccoTaxInformationAmount'],
  ['CII-SR-491', 'TotalRetailValueInformationAmount'],
  ['CII-SR-492', 'GrossLineTotalAmount'],
  ['CII-SR-493', 'NetLineTotalAmount'],
  ['CII-SR-494', 'NetIncludingTaxesLineTotalAmount'],
];
const MEANS_TYPES = '//ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode';
const MEANS_INFO = '//ram:SpecifiedTradeSettlementPaymentMeans/ram:Information';
const allSame = (c: CheckContext, path: string) => {
  const values = c.x.nodes(path).map((n) => nsp(n.textContent));
  return values.every((v) => v === values[0]);
};

const syntaxRestrictions: Rule[] = [
  each('CII-SR-009', CONTEXT, (n, c) => count(c, GUIDELINE, n) === 1),
  each('CII-SR-010', CONTEXT, (n, c) => count(c, `${GUIDELINE}/ram:ID`, n) === 1),
  each('CII-SR-014', HEADER, (n, c) => count(c, 'ram:TypeCode', n) === 1),
  each('CII-SR-046', PRODUCT, (n, c) => !has(c, 'ram:GlobalID', n) || has(c, 'ram:GlobalID/@schemeID', n)),
  each('CII-SR-090', PRODUCT, (n, c) => !has(c, 'ram:OriginTradeCountry', n) || count(c, 'ram:OriginTradeCountry/ram:ID', n) === 1),
  each('CII-SR-069', `${PRODUCT}/ram:ApplicableProductCharacteristic`, (n, c) => count(c, 'ram:Description', n) === 1),
  each('CII-SR-072', `${PRODUCT}/ram:ApplicableProductCharacteristic`, (n, c) => count(c, 'ram:Value', n) === 1),
  each(
    'CII-SR-439',
    `${LINES}/ram:SpecifiedLineTradeAgreement`,
    (n, c) => count(c, 'ram:NetPriceProductTradePrice/ram:ChargeAmount', n) === 1,
  ),
  each(
    'CII-SR-441',
    `${LINES}/ram:SpecifiedLineTradeAgreement`,
    (n, c) => count(c, 'ram:NetPriceProductTradePrice/ram:ChargeAmount', n) <= 1,
  ),
  each('CII-SR-471', '//ram:SpecifiedTradeAllowanceCharge', (n, c) => count(c, 'ram:RateApplicablePercent', n) <= 1),
  each('CII-SR-472', '//ram:SpecifiedTradeAllowanceCharge', (n, c) => count(c, 'ram:CategoryTradeTax', n) <= 1),
  each('CII-SR-473', '//ram:SpecifiedTradeAllowanceCharge', (n, c) => count(c, 'ram:ActualAmount', n) <= 1),
  each('CII-SR-440', '//ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge', (n, c) => count(c, 'ram:ActualAmount', n) <= 1),
  each('CII-SR-455', AGREEMENT, (n, c) => count(c, 'ram:SellerTradeParty/ram:DefinedTradeContact', n) <= 1),
  each('CII-SR-456', AGREEMENT, (n, c) => count(c, 'ram:BuyerTradeParty/ram:DefinedTradeContact', n) <= 1),
  each('CII-SR-459', AGREEMENT, (n, c) => count(c, 'ram:SellerTradeParty/ram:URIUniversalCommunication', n) <= 1),
  each('CII-SR-460', AGREEMENT, (n, c) => count(c, 'ram:BuyerTradeParty/ram:URIUniversalCommunication', n) <= 1),
  each('CII-SR-461', SETTLEMENT, (n, c) => count(c, 'ram:ApplicableTradeTax/ram:TaxPointDate', n) <= 1),
  each(
    'CII-SR-462',
    SETTLEMENT,
    (_n, c) => new Set(c.x.nodes('//ram:ApplicableTradeTax/ram:DueDateTypeCode').map((d) => d.textContent)).size <= 1,
  ),
  each('CII-SR-470', SETTLEMENT, (n, c) =>
    c.x
      .nodes('ram:SpecifiedTradeSettlementPaymentMeans', n)
      .filter((m) => ['30', '58'].includes(nsp(c.x.node('ram:TypeCode', m)?.textContent ?? '')))
      .every(
        (m) =>
          has(c, 'ram:PayeePartyCreditorFinancialAccount/ram:IBANID', m) ||
          has(c, 'ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID', m),
      ),
  ),
  ...SUMMATION_ONCE.map(([id, name]) => each(id, TOTALS, (n, c) => count(c, `ram:${name}`, n) <= 1)),
  each('CII-DT-013', ROOT, (n) => attr(n, 'languageID') === null),
  each('CII-DT-014', ROOT, (n) => attr(n, 'languageLocaleID') === null),
  each('CII-SR-467', ROOT, (_n, c) => allSame(c, MEANS_TYPES)),
  each('CII-SR-468', ROOT, (_n, c) => allSame(c, MEANS_INFO)),
  each('CII-SR-469', ROOT, (_n, c) => c.x.nodes('//ram:ApplicableHeaderTradeSettlement/ram:PaymentReference').length <= 1),
];

// ---------------------------------------------------------------------------------------------
// CII-DT: data type restrictions

const SPECIFIC_IDS = [
  `${CONTEXT}/${GUIDELINE}/ram:ID`,
  `${HEADER}/ram:ID`,
  `${LINES}/ram:AssociatedDocumentLineDocument/ram:LineID`,
  `${PRODUCT}/ram:SellerAssignedID`,
];
const specificIds = (c: CheckContext) => c.shared('syntax:specific-ids', () => new Set<XmlNode>(SPECIFIC_IDS.flatMap((p) => c.x.nodes(p))));
const SCHEME_ATTRS: [string, string][] = [
  ['CII-DT-001', 'schemeName'],
  ['CII-DT-002', 'schemeAgencyName'],
  ['CII-DT-003', 'schemeDataURI'],
  ['CII-DT-004', 'schemeURI'],
  ['CII-DT-005', 'schemeID'],
  ['CII-DT-006', 'schemeAgencyID'],
  ['CII-DT-007', 'schemeVersionID'],
];
const OTHER_ID_ATTRS: [string, string][] = [
  ['CII-DT-101', 'schemeName'],
  ['CII-DT-102', 'schemeAgencyName'],
  ['CII-DT-103', 'schemeDataURI'],
  ['CII-DT-104', 'schemeURI'],
];
const isAdditional = (c: CheckContext, n: XmlNode, types: string[]) =>
  n.nodeType === 1 &&
  n.localName === 'AdditionalReferencedDocument' &&
  c.x.nodes('ram:TypeCode', n).some((t) => types.includes(t.textContent));
const REFERENCED: [string, (n: XmlNode, c: CheckContext) => boolean][] = [
  ['CII-DT-015', (n, c) => !has(c, 'ram:URIID', n) || isAdditional(c, n, ['916'])],
  ['CII-DT-016', (n, c) => !has(c, 'ram:StatusCode', n)],
  ['CII-DT-017', (n, c) => !has(c, 'ram:CopyIndicator', n)],
  ['CII-DT-018', (n, c) => !has(c, 'ram:TypeCode', n) || isAdditional(c, n, ['50', '130', '916'])],
  ['CII-DT-019', (n, c) => !has(c, 'ram:GlobalID', n)],
  ['CII-DT-020', (n, c) => !has(c, 'ram:RevisionID', n)],
  ['CII-DT-021', (n, c) => !has(c, 'ram:Name', n) || isAdditional(c, n, ['916'])],
  ['CII-DT-022', (n, c) => !has(c, 'ram:AttachmentBinaryObject', n) || isAdditional(c, n, ['916'])],
  ['CII-DT-023', (n, c) => !has(c, 'ram:Information', n)],
  ['CII-DT-024', (n, c) => !has(c, 'ram:ReferenceTypeCode', n) || isAdditional(c, n, ['130'])],
  ['CII-DT-025', (n, c) => !has(c, 'ram:SectionName', n)],
  ['CII-DT-026', (n, c) => !has(c, 'ram:PreviousRevisionID', n)],
  ['CII-DT-027', (n, c) => !has(c, 'ram:FormattedIssueDateTime', n) || (n.nodeType === 1 && n.localName === 'InvoiceReferencedDocument')],
  ['CII-DT-028', (n, c) => !has(c, 'ram:EffectiveSpecifiedPeriod', n)],
  ['CII-DT-029', (n, c) => !has(c, 'ram:IssuerTradeParty', n)],
  ['CII-DT-030', (n, c) => !has(c, 'ram:AttachedSpecifiedBinaryFile', n)],
];
const PERIOD_FORBIDDEN: [string, string][] = [
  ['CII-DT-068', 'ram:StartDateTime/udt:DateTime'],
  ['CII-DT-069', 'ram:DurationMeasure'],
  ['CII-DT-070', 'ram:InclusiveIndicator'],
  ['CII-DT-071', 'ram:Description'],
  ['CII-DT-072', 'ram:EndDateTime/udt:DateTime'],
  ['CII-DT-073', 'ram:CompleteDateTime'],
  ['CII-DT-074', 'ram:OpenIndicator'],
  ['CII-DT-075', 'ram:SeasonCode'],
  ['CII-DT-076', 'ram:ID'],
  ['CII-DT-077', 'ram:Name'],
  ['CII-DT-078', 'ram:SequenceNumeric'],
  ['CII-DT-079', 'ram:StartDateFlexibilityCode'],
  ['CII-DT-080', 'ram:ContinuousIndicator'],
  ['CII-DT-081', 'ram:PurposeCode'],
];
const ADDRESS_FORBIDDEN: [string, string][] = [
  ['CII-DT-082', 'ram:ID'],
  ['CII-DT-083', 'ram:PostOfficeBox'],
  ['CII-DT-084', 'ram:BuildingName'],
  ['CII-DT-086', 'ram:LineFour'],
  ['CII-DT-087', 'ram:LineFive'],
  ['CII-DT-088', 'ram:StreetName'],
  ['CII-DT-089', 'ram:CitySubDivisionName'],
  ['CII-DT-090', 'ram:CountryName'],
  ['CII-DT-091', 'ram:CountrySubDivisionID'],
  ['CII-DT-092', 'ram:AttentionOf'],
  ['CII-DT-093', 'ram:CareOf'],
  ['CII-DT-094', 'ram:BuildingNumber'],
  ['CII-DT-095', 'ram:DepartmentName'],
  ['CII-DT-096', 'ram:AdditionalStreetName'],
];

const dataTypes: Rule[] = [
  ...SCHEME_ATTRS.map(([id, a]) =>
    each(
      id,
      (c) => [...specificIds(c)],
      (n) => attr(n, a) === null,
    ),
  ),
  ...OTHER_ID_ATTRS.map(([id, a]) =>
    each(
      id,
      (c) => ramEndingWith('ID')(c).filter((e) => !specificIds(c).has(e)),
      (n) => attr(n, a) === null,
    ),
  ),
  each('CII-DT-008', '//ram:TypeCode', (n) => attr(n, 'name') === null),
  each('CII-DT-009', '//ram:TypeCode', (n) => attr(n, 'listURI') === null),
  ...REFERENCED.map(([id, holds]) => each(id, ramEndingWith('ReferencedDocument'), holds)),
  ...(
    [
      ['CII-DT-031', 'currencyID'],
      ['CII-DT-032', 'currencyCodeListVersionID'],
    ] as const
  ).map(([id, a]) =>
    each(
      id,
      ramEndingWith('Amount', (e) => e.localName === 'TaxTotalAmount'),
      (n) => attr(n, a) === null,
    ),
  ),
  each(
    'CII-DT-033',
    ramEndingWith('Quantity'),
    (n, c) => attr(n, 'unitCode') === null || has(c, `${LINES}/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode`, c.root),
  ),
  ...(
    [
      ['CII-DT-034', 'unitCodeListID'],
      ['CII-DT-035', 'unitCodeListAgencyID'],
      ['CII-DT-036', 'unitCodeListAgencyName'],
    ] as const
  ).map(([id, a]) => each(id, ramEndingWith('Quantity'), (n) => attr(n, a) === null)),
  each(
    'CII-DT-037',
    ramEndingWith('TradeTax'),
    (n, c) => !has(c, 'ram:TypeCode', n) || c.x.nodes('ram:TypeCode', n).some((t) => t.textContent === 'VAT'),
  ),
  ...PERIOD_FORBIDDEN.map(([id, path]) => each(id, '//ram:BillingSpecifiedPeriod', (n, c) => !has(c, path, n))),
  ...ADDRESS_FORBIDDEN.map(([id, path]) => each(id, '//ram:PostalTradeAddress', (n, c) => !has(c, path, n))),
  each('CII-DT-097', "//udt:DateTimeString[@format='102']", (n) =>
    /^\s*(\d{4})(1[0-2]|0[1-9]){1}(3[01]|[12][0-9]|0[1-9]){1}\s*$/.test(n.textContent),
  ),
];

// ---------------------------------------------------------------------------------------------
// BR-CL: code lists (pattern "codes": a node is taken by the first rule whose context it matches)

interface CodeRule {
  id: string;
  /** The nodes of the context. */
  nodes: (c: CheckContext) => XmlNode[];
  /** The coded value of a context node. */
  value: (n: XmlNode) => string;
}
const el = (steps: string) => (c: CheckContext) => {
  const parts = steps.split('/');
  const last = parts[parts.length - 1].split(':')[1];
  return (byLocalName(c).get(last) ?? []).filter((e) => matchesPath(e, parts));
};
const withAttr = (name: string, nodes: (c: CheckContext) => XmlNode[]) => (c: CheckContext) =>
  nodes(c).filter((n) => attr(n, name) !== null);
const text = (n: XmlNode) => n.textContent;
const attrValue = (name: string) => (n: XmlNode) => attr(n, name) ?? '';
const indicator = (c: CheckContext, ac: XmlNode, value: boolean) =>
  c.x.nodes('ram:ChargeIndicator/udt:Indicator', ac).some((i) => {
    const v = nsp(i.textContent);
    return value ? v === 'true' || v === '1' : v === 'false' || v === '0';
  });
const acReason = (value: boolean) => (c: CheckContext) =>
  el('ram:SpecifiedTradeAllowanceCharge/ram:ReasonCode')(c).filter((n) => indicator(c, n.parentNode!, value));

const CODE_RULES: CodeRule[] = [
  { id: 'BR-CL-01', nodes: el('rsm:ExchangedDocument/ram:TypeCode'), value: text },
  { id: 'BR-CL-03', nodes: withAttr('currencyID', el('ram:TaxTotalAmount')), value: attrValue('currencyID') },
  { id: 'BR-CL-04', nodes: el('ram:InvoiceCurrencyCode'), value: text },
  { id: 'BR-CL-05', nodes: el('ram:TaxCurrencyCode'), value: text },
  { id: 'BR-CL-06', nodes: el('ram:DueDateTypeCode'), value: text },
  { id: 'BR-CL-07', nodes: el('ram:ReferenceTypeCode'), value: text },
  { id: 'BR-CL-08', nodes: el('ram:SubjectCode'), value: text },
  {
    id: 'BR-CL-10',
    nodes: (c) =>
      withAttr(
        'schemeID',
        el('ram:GlobalID'),
      )(c).filter((n) => !ancestorNamed(n, 'SpecifiedTradeProduct') && !ancestorNamed(n, 'ShipToTradeParty')),
    value: attrValue('schemeID'),
  },
  {
    id: 'BR-CL-11',
    nodes: (c) => withAttr('schemeID', el('ram:ID'))(c).filter((n) => !ancestorNamed(n, 'SpecifiedTaxRegistration')),
    value: attrValue('schemeID'),
  },
  { id: 'BR-CL-13', nodes: withAttr('listID', el('ram:ClassCode')), value: attrValue('listID') },
  { id: 'BR-CL-14', nodes: el('ram:CountryID'), value: text },
  { id: 'BR-CL-15', nodes: el('ram:OriginTradeCountry/ram:ID'), value: text },
  { id: 'BR-CL-16', nodes: el('ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode'), value: text },
  { id: 'BR-CL-17', nodes: el('ram:CategoryTradeTax/ram:CategoryCode'), value: text },
  { id: 'BR-CL-18', nodes: el('ram:ApplicableTradeTax/ram:CategoryCode'), value: text },
  { id: 'BR-CL-19', nodes: acReason(false), value: text },
  { id: 'BR-CL-20', nodes: acReason(true), value: text },
  { id: 'BR-CL-21', nodes: withAttr('schemeID', el('ram:SpecifiedTradeProduct/ram:GlobalID')), value: attrValue('schemeID') },
  { id: 'BR-CL-22', nodes: el('ram:ExemptionReasonCode'), value: (n) => n.textContent.toUpperCase() },
  {
    id: 'BR-CL-23',
    nodes: (c) => [...withAttr('unitCode', el('ram:BasisQuantity'))(c), ...withAttr('unitCode', el('ram:BilledQuantity'))(c)],
    value: attrValue('unitCode'),
  },
  { id: 'BR-CL-24', nodes: withAttr('mimeCode', el('ram:AttachmentBinaryObject')), value: attrValue('mimeCode') },
  { id: 'BR-CL-25', nodes: withAttr('schemeID', el('ram:URIUniversalCommunication/ram:URIID')), value: attrValue('schemeID') },
  {
    id: 'BR-CL-26',
    nodes: withAttr('schemeID', el('ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:GlobalID')),
    value: attrValue('schemeID'),
  },
];
const MIME_CODES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

const codeListRules: Rule[] = CODE_RULES.map(({ id, nodes, value }) => {
  const list = CODE_LISTS[id] ? new Set(CODE_LISTS[id].codes.split(' ')) : null;
  const valid = list ? (v: string) => !nsp(v).includes(' ') && list.has(nsp(v)) : (v: string) => MIME_CODES.has(v); // BR-CL-24 compares the raw attribute
  return rule(id, (c) => {
    // First matching rule wins: a node already taken by an earlier code rule is not checked again.
    const taken = c.shared('syntax:code-taken', () => new Set<XmlNode>());
    return nodes(c).filter((n) => {
      if (taken.has(n)) return false;
      taken.add(n);
      return !valid(value(n));
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Other fatal rules of the official set

const others: Rule[] = [
  each('BR-B-01', ROOT, (_n, c) => {
    const split = c.x.nodes('//ram:CategoryCode').some((n) => n.textContent === 'B');
    return !split || !c.x.nodes('//ram:CountryID').some((n) => n.textContent !== 'IT');
  }),
  each('BR-B-02', ROOT, (_n, c) => {
    const codes = c.x.nodes('//ram:CategoryCode').map((n) => n.textContent);
    return !codes.includes('B') || !codes.includes('S');
  }),
  each('BR-DEC-15', TOTALS, (n, c) => {
    const taxes = c.x.nodes('ram:TaxTotalAmount', n);
    if (taxes.length === 0) return true;
    const taxCurrency = c.x.nodes(`${SETTLEMENT}/ram:TaxCurrencyCode`).map((t) => t.textContent);
    if (taxCurrency.length === 0) return true;
    return taxes.some((t) => {
      const v = dec(t.textContent);
      return taxCurrency.includes(attr(t, 'currencyID') ?? '\u0000') && v !== null && v.round(2).eq(v);
    });
  }),
];

export const syntaxRules: Rule[] = [...syntaxRestrictions, ...dataTypes, ...codeListRules, ...others];
