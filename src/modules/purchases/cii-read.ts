// Owns reading an incoming supplier e-invoice (Factur-X/ZUGFeRD 2 CII, ZUGFeRD 1.0 and its 2014 release
// candidates, UBL 2.1 Invoice/CreditNote) into the facts a purchase invoice needs, as the file gives
// them: nothing is validated or dropped here (the service flags what its checks do not accept).
// Untrusted input: parsed through the XXE-safe parser only.
import { ValidationError } from '../../errors.js';
import { NS, type XPath, type XmlDocument, type XmlElement, type XmlNode, parseXml, xpathFor } from '../../einvoicing/xml.js';

export interface IncomingParty {
  name: string | null;
  /** The SIREN as given (scheme 0002, or a 9-digit legal id without scheme), or the first 9 digits of the SIRET. */
  siren: string | null;
  /** The SIRET as given (scheme 0009), check digit unchecked. */
  siret: string | null;
  vatNumber: string | null;
  countryIso: string | null;
  /** Every other identifier the file gives the party (tax numbers, registers, GLNs), as `scheme:value`. */
  otherIds: string[];
}

export interface IncomingVat {
  category: string;
  rate: string | null;
  taxableAmount: string | null;
  taxAmount: string | null;
}

export interface IncomingInvoice {
  format: 'CII' | 'UBL';
  /** The syntax read: CII D16B (Factur-X, ZUGFeRD 2, XRechnung), ZUGFeRD 1.0, its 2014 release candidate, or UBL 2.1. */
  syntax: 'CII' | 'ZUGFeRD 1.0' | 'ZUGFeRD 1.0 RC' | 'UBL';
  /** BT-24, the specification identifier (the Factur-X/ZUGFeRD profile), as given. */
  profile: string | null;
  typeCode: string;
  /** A credit note: a UBL CreditNote root whatever its type code, or a credit note type code. */
  isCredit: boolean;
  number: string;
  /** BT-2 as an ISO date, null when absent or unreadable (then `issueDateText` says what the file gave). */
  issueDate: string | null;
  issueDateText: string | null;
  dueDate: string | null;
  currency: string | null;
  /** BT-6, the VAT accounting currency, when the file gives one. */
  taxCurrency: string | null;
  /** BT-111, the VAT total in the VAT accounting currency. */
  taxAmountInTaxCurrency: string | null;
  seller: IncomingParty;
  buyer: IncomingParty;
  taxExclusiveAmount: string | null;
  taxAmount: string | null;
  taxInclusiveAmount: string | null;
  payableAmount: string | null;
  vatReverseCharge: boolean;
  vats: IncomingVat[];
  /** BT-23, the business process: in a French e-invoice, its billing framework (B1 goods, S1 services, M1 mixed…). */
  businessProcess: string | null;
  /** BT-25 / BT-26: the invoices a credit note (or a corrective invoice) corrects, with their dates when given. */
  precedingInvoices: { number: string; issueDate: string | null }[];
}

/** The file is not a readable CII or UBL invoice; the message says why. */
export class NotAnInvoiceError extends ValidationError {
  constructor(message: string) {
    super([{ field: 'file', message }], message);
    this.name = 'NotAnInvoiceError';
  }
}

/** Well-formed XML that is not an invoice we read (another root, no number): a PDF carrying it is still a PDF. */
export class UnreadInvoiceError extends NotAnInvoiceError {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadInvoiceError';
  }
}

/** Incoming files may embed attachments, so the bound is larger than for our own XML. */
const MAX_INCOMING_BYTES = 10 * 1024 * 1024;

export function readIncomingInvoice(xml: string): IncomingInvoice {
  let doc: XmlDocument;
  try {
    doc = parseXml(xml, { maxBytes: MAX_INCOMING_BYTES });
  } catch (err) {
    throw new NotAnInvoiceError(`Not an invoice: ${err instanceof Error ? err.message : String(err)}`);
  }
  const root = doc.documentElement;
  const x = xpathFor(doc);
  let invoice: IncomingInvoice;
  if (root.namespaceURI === NS.rsm && root.localName === 'CrossIndustryInvoice') invoice = readCii(x);
  else if (root.namespaceURI === ZUGFERD1_NS && root.localName === 'CrossIndustryDocument') invoice = readZugferd1(root, 'ZUGFeRD 1.0');
  else if (root.namespaceURI === ZUGFERD1_RC_NS && root.localName === 'Invoice') invoice = readZugferd1(root, 'ZUGFeRD 1.0 RC');
  else if (root.namespaceURI === NS.ubl && root.localName === 'Invoice') invoice = readUbl(x, 'ubl:Invoice', 'cbc:InvoiceTypeCode');
  else if (root.namespaceURI === NS.ublcn && root.localName === 'CreditNote')
    invoice = readUbl(x, 'ublcn:CreditNote', 'cbc:CreditNoteTypeCode');
  else
    throw new UnreadInvoiceError(
      `Not an invoice: the root element <${root.nodeName}>${root.namespaceURI ? ` (namespace ${root.namespaceURI})` : ''} is neither a CII CrossIndustryInvoice (Factur-X, ZUGFeRD 1.0 or 2), nor a UBL 2.1 Invoice or CreditNote.`,
    );
  if (!invoice.number) throw new UnreadInvoiceError('Not an invoice: the invoice number (BT-1) is missing.');
  return invoice;
}

const orNull = (value: string): string | null => (value === '' ? null : value);

/** ZUGFeRD 1.0 (2014) and the namespace of its 2014 release candidates. */
const ZUGFERD1_NS = 'urn:ferd:CrossIndustryDocument:invoice:1p0';
const ZUGFERD1_RC_NS = 'urn:un:unece:uncefact:data:standard:CBFBUY:5';

/** EN 16931's credit note type codes (UNTDID 1001, the subset of the code list for BT-3). */
const CREDIT_TYPE_CODES = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532']);

/** A date as the file gives it: CII format 102 (`20240315`) or an xsd:date, with or without a time zone. */
function isoDate(value: string): string | null {
  const v = value.replace(/\s+/g, '');
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:T[\d:.]+)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(v);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

function currencyOf(node: XmlNode): string | null {
  return node.nodeType === 1 ? node.getAttribute('currencyID') : null;
}

const digits = (value: string): string => value.replace(/[\s.\-\u00a0\u202f]/g, '');

/** The SIREN as given: a legal id of scheme 0002 (or a 9-digit one without scheme), else from the SIRET. */
function sirenFrom(legal: string, legalScheme: string | null, siret: string | null): string | null {
  if (legal && (legalScheme === '0002' || (legalScheme === null && /^\d{9}$/.test(digits(legal))))) return legal;
  return siret && /^\d{14}$/.test(digits(siret)) ? digits(siret).slice(0, 9) : null;
}

/** Picks the amount in `currency` among several (BT-110 and BT-111 share an element name), else the first. */
function amountIn(nodes: XmlNode[], currency: string | null): string | null {
  const hit = nodes.find((n) => currency !== null && currencyOf(n) === currency) ?? nodes.find((n) => !currencyOf(n)) ?? nodes[0];
  return hit ? orNull(hit.textContent.trim()) : null;
}

function readCii(x: XPath): IncomingInvoice {
  const R = '/rsm:CrossIndustryInvoice';
  const TX = `${R}/rsm:SupplyChainTradeTransaction`;
  const SET = `${TX}/ram:ApplicableHeaderTradeSettlement`;
  const TOT = `${SET}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
  const currency = orNull(x.str(`${SET}/ram:InvoiceCurrencyCode`));
  const taxCurrency = orNull(x.str(`${SET}/ram:TaxCurrencyCode`));
  const party = (path: string): IncomingParty => {
    const siret = orNull(
      x.str(`${path}/ram:GlobalID[@schemeID='0009']`) ||
        x.str(`${path}/ram:ID[@schemeID='0009']`) ||
        x.str(`${path}/ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0009']`),
    );
    const legalNode = x.node(`${path}/ram:SpecifiedLegalOrganization/ram:ID`);
    const legal = legalNode ? legalNode.textContent.trim() : '';
    const legalScheme = legalNode && legalNode.nodeType === 1 ? legalNode.getAttribute('schemeID') : null;
    const siren = sirenFrom(legal, legalScheme, siret);
    const vatNumber = orNull(x.str(`${path}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`));
    const otherIds = [
      ...x.nodes(`${path}/ram:SpecifiedTaxRegistration/ram:ID`),
      ...x.nodes(`${path}/ram:SpecifiedLegalOrganization/ram:ID`),
      ...x.nodes(`${path}/ram:GlobalID`),
      ...x.nodes(`${path}/ram:ID`),
    ]
      .map((n) => ({ scheme: n.nodeType === 1 ? (n.getAttribute('schemeID') ?? '') : '', value: n.textContent.trim() }))
      .filter((id) => id.value && id.value !== vatNumber && id.value !== siret && id.value !== siren)
      .map((id) => (id.scheme ? `${id.scheme}:${id.value}` : id.value));
    return {
      name: orNull(x.str(`${path}/ram:Name`)),
      siren,
      siret,
      vatNumber,
      countryIso: orNull(x.str(`${path}/ram:PostalTradeAddress/ram:CountryID`)),
      otherIds: [...new Set(otherIds)],
    };
  };
  const vats = x.nodes(`${SET}/ram:ApplicableTradeTax`).map((n) => ({
    category: x.str('ram:CategoryCode', n),
    rate: orNull(x.str('ram:RateApplicablePercent', n)),
    taxableAmount: orNull(x.str('ram:BasisAmount', n)),
    taxAmount: orNull(x.str('ram:CalculatedAmount', n)),
  }));
  const typeCode = x.str(`${R}/rsm:ExchangedDocument/ram:TypeCode`);
  const issueDateText = orNull(x.str(`${R}/rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString`));
  const precedingInvoices = x
    .nodes(`${SET}/ram:InvoiceReferencedDocument`)
    .map((n) => ({
      number: x.str('ram:IssuerAssignedID', n),
      issueDate: isoDate(x.str('ram:FormattedIssueDateTime/qdt:DateTimeString', n)),
    }))
    .filter((p) => p.number !== '');
  const taxTotals = x.nodes(`${TOT}/ram:TaxTotalAmount`);
  return {
    format: 'CII',
    syntax: 'CII',
    profile: orNull(x.str(`${R}/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID`)),
    businessProcess: orNull(x.str(`${R}/rsm:ExchangedDocumentContext/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID`)),
    precedingInvoices,
    typeCode,
    isCredit: CREDIT_TYPE_CODES.has(typeCode),
    number: x.str(`${R}/rsm:ExchangedDocument/ram:ID`),
    issueDate: issueDateText ? isoDate(issueDateText) : null,
    issueDateText,
    dueDate: isoDate(x.str(`${SET}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`)),
    currency,
    taxCurrency,
    taxAmountInTaxCurrency:
      taxCurrency && taxCurrency !== currency
        ? amountIn(
            taxTotals.filter((n) => currencyOf(n) === taxCurrency),
            taxCurrency,
          )
        : null,
    seller: party(`${TX}/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty`),
    buyer: party(`${TX}/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty`),
    taxExclusiveAmount: orNull(x.str(`${TOT}/ram:TaxBasisTotalAmount`)),
    taxAmount: amountIn(
      taxCurrency && taxCurrency !== currency ? taxTotals.filter((n) => currencyOf(n) !== taxCurrency) : taxTotals,
      currency,
    ),
    taxInclusiveAmount: orNull(x.str(`${TOT}/ram:GrandTotalAmount`)),
    payableAmount: orNull(x.str(`${TOT}/ram:DuePayableAmount`)),
    vatReverseCharge: vats.some((v) => v.category === 'AE'),
    vats,
  };
}

// ---- ZUGFeRD 1.0 and its release candidates: the same element names in other namespaces (none at all
// below the root in the 2014 release candidates), walked by local name.

function childrenNamed(node: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1 && c.localName === name) out.push(c);
  return out;
}

/** Every element at the end of a path of local names (`A/B/C`) below `node`. */
function all(node: XmlElement | null, path: string): XmlElement[] {
  let level = node ? [node] : [];
  for (const step of path.split('/')) level = level.flatMap((n) => childrenNamed(n, step));
  return level;
}

const text = (node: XmlElement | null | undefined): string => (node ? node.textContent.trim() : '');
const first = (node: XmlElement | null, path: string): XmlElement | null => all(node, path)[0] ?? null;
const str = (node: XmlElement | null, path: string): string => text(first(node, path));

/** A date element of ZUGFeRD 1.0 (`udt:DateTimeString format="102"`) or of the release candidates (the text itself). */
function dateOf(node: XmlElement | null): string {
  if (!node) return '';
  return text(first(node, 'DateTimeString')) || text(node);
}

function readZugferd1(root: XmlElement, syntax: 'ZUGFeRD 1.0' | 'ZUGFeRD 1.0 RC'): IncomingInvoice {
  const header = first(root, 'HeaderExchangedDocument');
  const tx = first(root, 'SpecifiedSupplyChainTradeTransaction');
  const agreement = first(tx, 'ApplicableSupplyChainTradeAgreement');
  const settlement = first(tx, 'ApplicableSupplyChainTradeSettlement');
  const totals = first(settlement, 'SpecifiedTradeSettlementMonetarySummation');
  const currency = orNull(str(settlement, 'InvoiceCurrencyCode'));
  const party = (node: XmlElement | null): IncomingParty => {
    const ids = [...all(node, 'ID'), ...all(node, 'GlobalID'), ...all(node, 'SpecifiedLegalOrganization/ID')];
    const registrations = all(node, 'SpecifiedTaxRegistration/ID');
    const scheme = (n: XmlElement) => n.getAttribute('schemeID');
    const siret = orNull(text(ids.find((n) => scheme(n) === '0009')));
    const legalNode = ids.find((n) => scheme(n) === '0002') ?? null;
    const siren = sirenFrom(text(legalNode), legalNode ? '0002' : null, siret);
    const vatNumber = orNull(text(registrations.find((n) => scheme(n) === 'VA')));
    const otherIds = [...registrations, ...ids]
      .map((n) => ({ scheme: scheme(n) ?? '', value: text(n) }))
      .filter((id) => id.value && id.value !== vatNumber && id.value !== siret && id.value !== siren)
      .map((id) => (id.scheme ? `${id.scheme}:${id.value}` : id.value));
    return {
      name: orNull(str(node, 'Name')),
      siren,
      siret,
      vatNumber,
      countryIso: orNull(str(node, 'PostalTradeAddress/CountryID')),
      otherIds: [...new Set(otherIds)],
    };
  };
  const vats = all(settlement, 'ApplicableTradeTax').map((n) => ({
    category: str(n, 'CategoryCode'),
    rate: orNull(str(n, 'ApplicablePercent') || str(n, 'RateApplicablePercent')),
    taxableAmount: orNull(str(n, 'BasisAmount')),
    taxAmount: orNull(str(n, 'CalculatedAmount')),
  }));
  const typeCode = str(header, 'TypeCode');
  const issueDateText = orNull(dateOf(first(header, 'IssueDateTime')));
  return {
    format: 'CII',
    syntax,
    profile: orNull(str(root, 'SpecifiedExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID')),
    businessProcess: null,
    precedingInvoices: [],
    typeCode,
    isCredit: CREDIT_TYPE_CODES.has(typeCode),
    number: str(header, 'ID'),
    issueDate: issueDateText ? isoDate(issueDateText) : null,
    issueDateText,
    dueDate: isoDate(dateOf(first(settlement, 'SpecifiedTradePaymentTerms/DueDateDateTime'))),
    currency,
    taxCurrency: null,
    taxAmountInTaxCurrency: null,
    seller: party(first(agreement, 'SellerTradeParty')),
    buyer: party(first(agreement, 'BuyerTradeParty')),
    taxExclusiveAmount: orNull(str(totals, 'TaxBasisTotalAmount')),
    taxAmount: amountIn(all(totals, 'TaxTotalAmount'), currency),
    taxInclusiveAmount: orNull(str(totals, 'GrandTotalAmount')),
    payableAmount: orNull(str(totals, 'DuePayableAmount')),
    vatReverseCharge: vats.some((v) => v.category === 'AE'),
    vats,
  };
}

function readUbl(x: XPath, root: string, typeCodeElement: string): IncomingInvoice {
  const R = `/${root}`;
  const currency = orNull(x.str(`${R}/cbc:DocumentCurrencyCode`));
  const taxCurrency = orNull(x.str(`${R}/cbc:TaxCurrencyCode`));
  const party = (path: string): IncomingParty => {
    const p = `${R}/${path}/cac:Party`;
    const siret = orNull(
      x.str(`${p}/cac:PartyIdentification/cbc:ID[@schemeID='0009']`) || x.str(`${p}/cac:PartyLegalEntity/cbc:CompanyID[@schemeID='0009']`),
    );
    const legalNode = x.node(`${p}/cac:PartyLegalEntity/cbc:CompanyID`);
    const legal = legalNode ? legalNode.textContent.trim() : '';
    const legalScheme = legalNode && legalNode.nodeType === 1 ? legalNode.getAttribute('schemeID') : null;
    const siren = sirenFrom(legal, legalScheme, siret);
    const vatNumber = orNull(x.str(`${p}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID='VAT']/cbc:CompanyID`));
    const otherIds = [
      ...x.nodes(`${p}/cac:PartyTaxScheme/cbc:CompanyID`),
      ...x.nodes(`${p}/cac:PartyLegalEntity/cbc:CompanyID`),
      ...x.nodes(`${p}/cac:PartyIdentification/cbc:ID`),
      ...x.nodes(`${p}/cbc:EndpointID`),
    ]
      .map((n) => ({ scheme: n.nodeType === 1 ? (n.getAttribute('schemeID') ?? '') : '', value: n.textContent.trim() }))
      .filter((id) => id.value && id.value !== vatNumber && id.value !== siret && id.value !== siren)
      .map((id) => (id.scheme ? `${id.scheme}:${id.value}` : id.value));
    return {
      name: orNull(x.str(`${p}/cac:PartyLegalEntity/cbc:RegistrationName`) || x.str(`${p}/cac:PartyName/cbc:Name`)),
      siren,
      siret,
      vatNumber,
      countryIso: orNull(x.str(`${p}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`)),
      otherIds: [...new Set(otherIds)],
    };
  };
  const taxTotals = x.nodes(`${R}/cac:TaxTotal`);
  const inCurrency = (t: XmlNode, c: string | null) => {
    const amount = x.node('cbc:TaxAmount', t);
    return amount !== null && c !== null && currencyOf(amount) === c;
  };
  // BT-110 is the TaxTotal in the invoice currency (the one with the breakdown); BT-111 the one in BT-6.
  const mainTaxTotal =
    taxTotals.find((t) => inCurrency(t, currency) && x.exists('cac:TaxSubtotal', t)) ??
    taxTotals.find((t) => inCurrency(t, currency)) ??
    taxTotals.find((t) => x.exists('cac:TaxSubtotal', t)) ??
    taxTotals[0] ??
    null;
  const taxCurrencyTotal = taxCurrency && taxCurrency !== currency ? taxTotals.find((t) => inCurrency(t, taxCurrency)) : undefined;
  const vats = (mainTaxTotal ? x.nodes('cac:TaxSubtotal', mainTaxTotal) : []).map((n) => ({
    category: x.str('cac:TaxCategory/cbc:ID', n),
    rate: orNull(x.str('cac:TaxCategory/cbc:Percent', n)),
    taxableAmount: orNull(x.str('cbc:TaxableAmount', n)),
    taxAmount: orNull(x.str('cbc:TaxAmount', n)),
  }));
  const M = `${R}/cac:LegalMonetaryTotal`;
  const typeCode = x.str(`${R}/${typeCodeElement}`);
  const issueDateText = orNull(x.str(`${R}/cbc:IssueDate`));
  return {
    format: 'UBL',
    syntax: 'UBL',
    profile: orNull(x.str(`${R}/cbc:CustomizationID`)),
    businessProcess: orNull(x.str(`${R}/cbc:ProfileID`)),
    precedingInvoices: x
      .nodes(`${R}/cac:BillingReference/cac:InvoiceDocumentReference`)
      .map((n) => ({ number: x.str('cbc:ID', n), issueDate: isoDate(x.str('cbc:IssueDate', n)) }))
      .filter((p) => p.number !== ''),
    typeCode,
    // The root element says what the document is; a CreditNote's type code only refines it.
    isCredit: root === 'ublcn:CreditNote' || CREDIT_TYPE_CODES.has(typeCode),
    number: x.str(`${R}/cbc:ID`),
    issueDate: issueDateText ? isoDate(issueDateText) : null,
    issueDateText,
    dueDate: isoDate(x.str(`${R}/cbc:DueDate`) || x.str(`${R}/cac:PaymentMeans/cbc:PaymentDueDate`)),
    currency,
    taxCurrency,
    taxAmountInTaxCurrency: taxCurrencyTotal ? orNull(x.str('cbc:TaxAmount', taxCurrencyTotal)) : null,
    seller: party('cac:AccountingSupplierParty'),
    buyer: party('cac:AccountingCustomerParty'),
    taxExclusiveAmount: orNull(x.str(`${M}/cbc:TaxExclusiveAmount`)),
    taxAmount: mainTaxTotal ? orNull(x.str('cbc:TaxAmount', mainTaxTotal)) : null,
    taxInclusiveAmount: orNull(x.str(`${M}/cbc:TaxInclusiveAmount`)),
    payableAmount: orNull(x.str(`${M}/cbc:PayableAmount`)),
    vatReverseCharge: vats.some((v) => v.category === 'AE'),
    vats,
  };
}
