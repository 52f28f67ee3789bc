// Owns reading an incoming supplier e-invoice (Factur-X/ZUGFeRD CII or UBL 2.1 Invoice/CreditNote) into
// the few facts a purchase invoice needs. Untrusted input: parsed through the XXE-safe parser only.
import { ValidationError } from '../../errors.js';
import { NS, type XPath, type XmlDocument, type XmlNode, parseXml, xpathFor } from '../../einvoicing/xml.js';

export interface IncomingParty {
  name: string | null;
  siren: string | null;
  siret: string | null;
  vatNumber: string | null;
  countryIso: string | null;
}

export interface IncomingVat {
  category: string;
  rate: string | null;
  taxableAmount: string | null;
  taxAmount: string | null;
}

export interface IncomingInvoice {
  format: 'CII' | 'UBL';
  typeCode: string;
  number: string;
  issueDate: string | null;
  dueDate: string | null;
  currency: string | null;
  seller: IncomingParty;
  buyer: IncomingParty;
  taxExclusiveAmount: string | null;
  taxAmount: string | null;
  taxInclusiveAmount: string | null;
  payableAmount: string | null;
  vatReverseCharge: boolean;
  vats: IncomingVat[];
}

/** The file is not a readable CII or UBL invoice; the message says why. */
export class NotAnInvoiceError extends ValidationError {
  constructor(message: string) {
    super([{ field: 'file', message }], message);
    this.name = 'NotAnInvoiceError';
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
  else if (root.namespaceURI === NS.ubl && root.localName === 'Invoice') invoice = readUbl(x, 'ubl:Invoice', 'cbc:InvoiceTypeCode');
  else if (root.namespaceURI === NS.ublcn && root.localName === 'CreditNote')
    invoice = readUbl(x, 'ublcn:CreditNote', 'cbc:CreditNoteTypeCode');
  else
    throw new NotAnInvoiceError(
      `Not an invoice: the root element <${root.nodeName}> is neither a CII CrossIndustryInvoice nor a UBL 2.1 Invoice or CreditNote.`,
    );
  if (!invoice.number) throw new NotAnInvoiceError('Not an invoice: the invoice number (BT-1) is missing.');
  return invoice;
}

const orNull = (value: string): string | null => (value === '' ? null : value);

/** "20240315" (format 102) -> "2024-03-15"; other formats are returned as sent. */
function isoFrom102(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : orNull(value);
}

function currencyOf(node: XmlNode): string | null {
  return node.nodeType === 1 ? node.getAttribute('currencyID') : null;
}

function sirenFrom(siren: string, siret: string | null): string | null {
  if (/^\d{9}$/.test(siren)) return siren;
  return siret && /^\d{14}$/.test(siret) ? siret.slice(0, 9) : null;
}

function readCii(x: XPath): IncomingInvoice {
  const R = '/rsm:CrossIndustryInvoice';
  const TX = `${R}/rsm:SupplyChainTradeTransaction`;
  const SET = `${TX}/ram:ApplicableHeaderTradeSettlement`;
  const TOT = `${SET}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
  const currency = orNull(x.str(`${SET}/ram:InvoiceCurrencyCode`));
  const party = (path: string): IncomingParty => {
    const siret = orNull(
      x.str(`${path}/ram:GlobalID[@schemeID='0009']`) || x.str(`${path}/ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0009']`),
    );
    const legal =
      x.str(`${path}/ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']`) ||
      x.str(`${path}/ram:SpecifiedLegalOrganization/ram:ID[not(@schemeID)]`);
    return {
      name: orNull(x.str(`${path}/ram:Name`)),
      siren: sirenFrom(legal, siret),
      siret,
      vatNumber: orNull(x.str(`${path}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`)),
      countryIso: orNull(x.str(`${path}/ram:PostalTradeAddress/ram:CountryID`)),
    };
  };
  const taxTotal = x.nodes(`${TOT}/ram:TaxTotalAmount`).find((n) => !currency || currencyOf(n) === currency || !currencyOf(n));
  const vats = x.nodes(`${SET}/ram:ApplicableTradeTax`).map((n) => ({
    category: x.str('ram:CategoryCode', n),
    rate: orNull(x.str('ram:RateApplicablePercent', n)),
    taxableAmount: orNull(x.str('ram:BasisAmount', n)),
    taxAmount: orNull(x.str('ram:CalculatedAmount', n)),
  }));
  return {
    format: 'CII',
    typeCode: x.str(`${R}/rsm:ExchangedDocument/ram:TypeCode`),
    number: x.str(`${R}/rsm:ExchangedDocument/ram:ID`),
    issueDate: isoFrom102(x.str(`${R}/rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString`)),
    dueDate: isoFrom102(x.str(`${SET}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`)),
    currency,
    seller: party(`${TX}/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty`),
    buyer: party(`${TX}/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty`),
    taxExclusiveAmount: orNull(x.str(`${TOT}/ram:TaxBasisTotalAmount`)),
    taxAmount: taxTotal ? orNull(taxTotal.textContent.trim()) : null,
    taxInclusiveAmount: orNull(x.str(`${TOT}/ram:GrandTotalAmount`)),
    payableAmount: orNull(x.str(`${TOT}/ram:DuePayableAmount`)),
    vatReverseCharge: vats.some((v) => v.category === 'AE'),
    vats,
  };
}

function readUbl(x: XPath, root: string, typeCodeElement: string): IncomingInvoice {
  const R = `/${root}`;
  const currency = orNull(x.str(`${R}/cbc:DocumentCurrencyCode`));
  const party = (path: string): IncomingParty => {
    const p = `${R}/${path}/cac:Party`;
    const siret = orNull(
      x.str(`${p}/cac:PartyIdentification/cbc:ID[@schemeID='0009']`) || x.str(`${p}/cac:PartyLegalEntity/cbc:CompanyID[@schemeID='0009']`),
    );
    const legal =
      x.str(`${p}/cac:PartyLegalEntity/cbc:CompanyID[@schemeID='0002']`) ||
      x.str(`${p}/cac:PartyLegalEntity/cbc:CompanyID[not(@schemeID)]`);
    return {
      name: orNull(x.str(`${p}/cac:PartyLegalEntity/cbc:RegistrationName`) || x.str(`${p}/cac:PartyName/cbc:Name`)),
      siren: sirenFrom(legal, siret),
      siret,
      vatNumber: orNull(x.str(`${p}/cac:PartyTaxScheme[cac:TaxScheme/cbc:ID='VAT']/cbc:CompanyID`)),
      countryIso: orNull(x.str(`${p}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`)),
    };
  };
  const taxTotals = x.nodes(`${R}/cac:TaxTotal`);
  const mainTaxTotal = taxTotals.find((t) => x.exists('cac:TaxSubtotal', t)) ?? taxTotals[0] ?? null;
  const vats = x.nodes(`${R}/cac:TaxTotal/cac:TaxSubtotal`).map((n) => ({
    category: x.str('cac:TaxCategory/cbc:ID', n),
    rate: orNull(x.str('cac:TaxCategory/cbc:Percent', n)),
    taxableAmount: orNull(x.str('cbc:TaxableAmount', n)),
    taxAmount: orNull(x.str('cbc:TaxAmount', n)),
  }));
  const M = `${R}/cac:LegalMonetaryTotal`;
  return {
    format: 'UBL',
    typeCode: x.str(`${R}/${typeCodeElement}`),
    number: x.str(`${R}/cbc:ID`),
    issueDate: orNull(x.str(`${R}/cbc:IssueDate`)),
    dueDate: orNull(x.str(`${R}/cbc:DueDate`) || x.str(`${R}/cac:PaymentMeans/cbc:PaymentDueDate`)),
    currency,
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
