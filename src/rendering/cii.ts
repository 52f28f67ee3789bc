// Owns the Factur-X XML: an IssuedDocument rendered as a UN/CEFACT CII D16B CrossIndustryInvoice at the
// EN 16931 (COMFORT) profile. Element order follows the D16B XSD sequences. Pure and deterministic.
import { isFrenchCtcTerritory } from '../domain/countries.js';
import type {
  AllowanceCharge,
  DocumentLine,
  ElectronicAddress,
  IssuedDocument,
  Party,
  PostalAddress,
  VatBreakdown,
  VatCategory,
} from './model.js';

export const EN16931_GUIDELINE_ID = 'urn:cen.eu:en16931:2017';

export interface BuildCiiOptions {
  /** BT-1 used while the document has no number yet (conformance check of a draft). */
  draftNumber?: string;
}

/** Default exemption reasons (BT-120) and VATEX codes (BT-121) when the snapshot gives none. */
const DEFAULT_EXEMPTIONS: Partial<Record<VatCategory, { reason: string; code: string }>> = {
  AE: { reason: 'Autoliquidation', code: 'VATEX-EU-AE' },
  K: { reason: 'Exonération de TVA, article 262 ter, I du CGI', code: 'VATEX-EU-IC' },
  G: { reason: 'Exonération de TVA, article 262 I du CGI', code: 'VATEX-EU-G' },
  O: { reason: 'Non soumis à la TVA', code: 'VATEX-EU-O' },
};
const FRANCHISE_EXEMPTION = { reason: 'TVA non applicable, art. 293 B du CGI', code: 'VATEX-FR-FRANCHISE' };
/** Categories whose breakdown must not carry an exemption reason (BR-S-10, BR-Z-10, BR-AF-10, BR-AG-10). */
const NO_EXEMPTION: ReadonlySet<VatCategory> = new Set<VatCategory>(['S', 'Z', 'L', 'M']);

export function buildCii(doc: IssuedDocument, options: BuildCiiOptions = {}): string {
  const w = new XmlWriter();
  w.raw('<?xml version="1.0" encoding="UTF-8"?>');
  w.open(
    'rsm:CrossIndustryInvoice',
    ' xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"' +
      ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"' +
      ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"' +
      ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
  );
  writeContext(w, doc);
  writeHeader(w, doc, options);
  w.open('rsm:SupplyChainTradeTransaction');
  for (const line of doc.lines) if (isPriced(line)) writeLine(w, line);
  writeAgreement(w, doc);
  writeDelivery(w, doc);
  writeSettlement(w, doc);
  w.close('rsm:SupplyChainTradeTransaction');
  w.close('rsm:CrossIndustryInvoice');
  return w.toString();
}

/** Only priced lines are EN 16931 invoice lines (BG-25); Text lines travel as notes, layout lines are dropped. */
export function isPriced(line: DocumentLine): boolean {
  return line.kind === 'Product' || line.kind === 'Service';
}

/** BT-23 business process, as the French CTC billing frame: B1 goods, S1 services, M1 mixed. */
export function billingFrame(doc: IssuedDocument): 'B1' | 'S1' | 'M1' {
  const priced = doc.lines.filter(isPriced);
  const goods = priced.some((l) => l.kind === 'Product');
  const services = priced.some((l) => l.kind === 'Service');
  if (goods && services) return 'M1';
  return goods ? 'B1' : 'S1';
}

/**
 * French CTC processing note (subject BAR): B2B, B2BINT or B2C, from the buyer. A business in France,
 * in an overseas department (GP, MQ, GF, RE, YT) or in PM, BL, MF is domestic (B2B).
 */
export function buyerTreatment(doc: IssuedDocument): 'B2B' | 'B2BINT' | 'B2C' {
  if (doc.buyer.isBusiness === false) return 'B2C';
  return isFrenchCtcTerritory(doc.buyer.address.countryIso) ? 'B2B' : 'B2BINT';
}

function writeContext(w: XmlWriter, doc: IssuedDocument): void {
  w.open('rsm:ExchangedDocumentContext');
  w.open('ram:BusinessProcessSpecifiedDocumentContextParameter');
  w.leaf('ram:ID', billingFrame(doc));
  w.close('ram:BusinessProcessSpecifiedDocumentContextParameter');
  w.open('ram:GuidelineSpecifiedDocumentContextParameter');
  w.leaf('ram:ID', EN16931_GUIDELINE_ID);
  w.close('ram:GuidelineSpecifiedDocumentContextParameter');
  w.close('rsm:ExchangedDocumentContext');
}

function writeHeader(w: XmlWriter, doc: IssuedDocument, options: BuildCiiOptions): void {
  w.open('rsm:ExchangedDocument');
  w.leaf('ram:ID', doc.number ?? options.draftNumber ?? 'BROUILLON');
  w.leaf('ram:TypeCode', doc.typeCode ?? (doc.kind === 'Credit' ? '381' : '380'));
  w.open('ram:IssueDateTime');
  w.leaf('udt:DateTimeString', date102(doc.issueDate), { format: '102' });
  w.close('ram:IssueDateTime');
  const notes: { text: string; subjectCode?: string | null }[] = [];
  if (doc.subject) notes.push({ text: doc.subject });
  for (const line of doc.lines) if (line.kind === 'Text' && line.description.trim()) notes.push({ text: line.description });
  notes.push(...doc.notes);
  if (!doc.notes.some((n) => n.subjectCode === 'BAR')) notes.push({ text: buyerTreatment(doc), subjectCode: 'BAR' });
  for (const note of notes) {
    w.open('ram:IncludedNote');
    w.leaf('ram:Content', note.text);
    if (note.subjectCode) w.leaf('ram:SubjectCode', note.subjectCode);
    w.close('ram:IncludedNote');
  }
  w.close('rsm:ExchangedDocument');
}

function writeLine(w: XmlWriter, line: DocumentLine): void {
  const [name, ...rest] = line.description.split('\n');
  const category = line.vatCategory ?? 'S';
  w.open('ram:IncludedSupplyChainTradeLineItem');
  w.open('ram:AssociatedDocumentLineDocument');
  w.leaf('ram:LineID', String(line.lineNumber ?? ''));
  w.close('ram:AssociatedDocumentLineDocument');
  w.open('ram:SpecifiedTradeProduct');
  w.optLeaf('ram:SellerAssignedID', line.productNumber);
  w.leaf('ram:Name', (name ?? '').trim() || line.description.trim());
  if (rest.length > 0) w.leaf('ram:Description', line.description);
  w.close('ram:SpecifiedTradeProduct');
  w.open('ram:SpecifiedLineTradeAgreement');
  w.open('ram:NetPriceProductTradePrice');
  w.leaf('ram:ChargeAmount', line.unitPrice ?? '0');
  w.close('ram:NetPriceProductTradePrice');
  w.close('ram:SpecifiedLineTradeAgreement');
  w.open('ram:SpecifiedLineTradeDelivery');
  w.leaf('ram:BilledQuantity', line.quantity ?? '1', { unitCode: line.unitCode || 'C62' });
  w.close('ram:SpecifiedLineTradeDelivery');
  w.open('ram:SpecifiedLineTradeSettlement');
  writeCategoryTax(w, 'ram:ApplicableTradeTax', category, line.vatRate ?? '0');
  if (line.discountAmount && Number(line.discountAmount) !== 0) {
    w.open('ram:SpecifiedTradeAllowanceCharge');
    w.open('ram:ChargeIndicator');
    w.leaf('udt:Indicator', 'false');
    w.close('ram:ChargeIndicator');
    w.leaf('ram:ActualAmount', line.discountAmount);
    w.leaf('ram:ReasonCode', '95');
    w.leaf('ram:Reason', line.discountLabel ? `Remise ${line.discountLabel}` : 'Remise');
    w.close('ram:SpecifiedTradeAllowanceCharge');
  }
  w.open('ram:SpecifiedTradeSettlementLineMonetarySummation');
  w.leaf('ram:LineTotalAmount', line.netAmount ?? '0.00');
  w.close('ram:SpecifiedTradeSettlementLineMonetarySummation');
  w.close('ram:SpecifiedLineTradeSettlement');
  w.close('ram:IncludedSupplyChainTradeLineItem');
}

function writeCategoryTax(w: XmlWriter, element: string, category: VatCategory, rate: string): void {
  w.open(element);
  w.leaf('ram:TypeCode', 'VAT');
  w.leaf('ram:CategoryCode', category);
  if (category !== 'O') w.leaf('ram:RateApplicablePercent', normalizeDecimal(rate));
  w.close(element);
}

function writeAgreement(w: XmlWriter, doc: IssuedDocument): void {
  w.open('ram:ApplicableHeaderTradeAgreement');
  w.optLeaf('ram:BuyerReference', doc.buyerReference);
  writeParty(w, 'ram:SellerTradeParty', doc.seller, true);
  writeParty(w, 'ram:BuyerTradeParty', doc.buyer, false);
  if (doc.orderReference) {
    w.open('ram:BuyerOrderReferencedDocument');
    w.leaf('ram:IssuerAssignedID', doc.orderReference);
    w.close('ram:BuyerOrderReferencedDocument');
  }
  w.close('ram:ApplicableHeaderTradeAgreement');
}

function writeParty(w: XmlWriter, element: string, party: Party, isSeller: boolean): void {
  w.open(element);
  if (party.siret) w.leaf('ram:GlobalID', party.siret, { schemeID: '0009' });
  w.leaf('ram:Name', party.name);
  if (isSeller) {
    const legal = [party.legalForm, party.shareCapital ? `au capital de ${party.shareCapital}` : null, party.rcs]
      .filter(Boolean)
      .join(' - ');
    if (legal) w.leaf('ram:Description', legal);
  }
  if (party.siren || party.tradingName) {
    w.open('ram:SpecifiedLegalOrganization');
    if (party.siren) w.leaf('ram:ID', party.siren, { schemeID: '0002' });
    w.optLeaf('ram:TradingBusinessName', party.tradingName);
    w.close('ram:SpecifiedLegalOrganization');
  }
  if (party.contactName || party.phone || party.email) {
    w.open('ram:DefinedTradeContact');
    w.optLeaf('ram:PersonName', party.contactName);
    if (party.phone) {
      w.open('ram:TelephoneUniversalCommunication');
      w.leaf('ram:CompleteNumber', party.phone);
      w.close('ram:TelephoneUniversalCommunication');
    }
    if (party.email) {
      w.open('ram:EmailURIUniversalCommunication');
      w.leaf('ram:URIID', party.email);
      w.close('ram:EmailURIUniversalCommunication');
    }
    w.close('ram:DefinedTradeContact');
  }
  writeAddress(w, party.address);
  writeElectronicAddress(w, party.electronicAddress);
  if (party.vatNumber) writeTaxRegistration(w, party.vatNumber.replace(/\s+/g, ''), 'VA');
  if (isSeller && party.taxRegistrationId) writeTaxRegistration(w, party.taxRegistrationId, 'FC');
  w.close(element);
}

function writeTaxRegistration(w: XmlWriter, id: string, scheme: 'VA' | 'FC'): void {
  w.open('ram:SpecifiedTaxRegistration');
  w.leaf('ram:ID', id, { schemeID: scheme });
  w.close('ram:SpecifiedTaxRegistration');
}

function writeElectronicAddress(w: XmlWriter, address: ElectronicAddress | null | undefined): void {
  if (!address || !address.value) return;
  w.open('ram:URIUniversalCommunication');
  w.leaf('ram:URIID', address.value, { schemeID: address.scheme });
  w.close('ram:URIUniversalCommunication');
}

function writeAddress(w: XmlWriter, address: PostalAddress): void {
  const lines = (address.street ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  w.open('ram:PostalTradeAddress');
  w.optLeaf('ram:PostcodeCode', address.zipcode);
  w.optLeaf('ram:LineOne', lines[0]);
  w.optLeaf('ram:LineTwo', lines[1]);
  w.optLeaf('ram:LineThree', lines.slice(2).join(', '));
  w.optLeaf('ram:CityName', address.city);
  w.leaf('ram:CountryID', address.countryIso.toUpperCase());
  w.close('ram:PostalTradeAddress');
}

function writeDelivery(w: XmlWriter, doc: IssuedDocument): void {
  w.open('ram:ApplicableHeaderTradeDelivery');
  if (doc.shippingAddress) {
    w.open('ram:ShipToTradeParty');
    w.leaf('ram:Name', doc.buyer.name);
    writeAddress(w, doc.shippingAddress);
    w.close('ram:ShipToTradeParty');
  }
  if (doc.deliveryDate) {
    w.open('ram:ActualDeliverySupplyChainEvent');
    w.open('ram:OccurrenceDateTime');
    w.leaf('udt:DateTimeString', date102(doc.deliveryDate), { format: '102' });
    w.close('ram:OccurrenceDateTime');
    w.close('ram:ActualDeliverySupplyChainEvent');
  }
  w.close('ram:ApplicableHeaderTradeDelivery');
}

function writeSettlement(w: XmlWriter, doc: IssuedDocument): void {
  const { payment, totals } = doc;
  w.open('ram:ApplicableHeaderTradeSettlement');
  w.optLeaf('ram:PaymentReference', payment.remittanceInformation);
  w.leaf('ram:InvoiceCurrencyCode', doc.currency);
  if (payment.meansCode) {
    w.open('ram:SpecifiedTradeSettlementPaymentMeans');
    w.leaf('ram:TypeCode', payment.meansCode);
    if (payment.iban && payment.meansCode !== '49' && payment.meansCode !== '59') {
      w.open('ram:PayeePartyCreditorFinancialAccount');
      w.leaf('ram:IBANID', payment.iban.replace(/\s+/g, ''));
      w.optLeaf('ram:AccountName', payment.accountName);
      w.close('ram:PayeePartyCreditorFinancialAccount');
      if (payment.bic) {
        w.open('ram:PayeeSpecifiedCreditorFinancialInstitution');
        w.leaf('ram:BICID', payment.bic);
        w.close('ram:PayeeSpecifiedCreditorFinancialInstitution');
      }
    }
    w.close('ram:SpecifiedTradeSettlementPaymentMeans');
  }
  for (const vat of doc.vats) writeVatBreakdown(w, vat, doc.sellerLiableToVat, doc.vatDueDateTypeCode ?? null);
  for (const ac of doc.allowancesCharges) writeDocumentAllowanceCharge(w, ac);
  writePaymentTerms(w, doc);
  w.open('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  w.leaf('ram:LineTotalAmount', totals.lineTotal);
  w.leaf('ram:ChargeTotalAmount', totals.chargeTotal);
  w.leaf('ram:AllowanceTotalAmount', totals.allowanceTotal);
  w.leaf('ram:TaxBasisTotalAmount', totals.taxExclusive);
  w.leaf('ram:TaxTotalAmount', totals.taxTotal, { currencyID: doc.currency });
  w.leaf('ram:GrandTotalAmount', totals.taxInclusive);
  w.leaf('ram:TotalPrepaidAmount', totals.prepaid);
  w.leaf('ram:DuePayableAmount', totals.payable);
  w.close('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  if (doc.precedingInvoice) {
    w.open('ram:InvoiceReferencedDocument');
    w.leaf('ram:IssuerAssignedID', doc.precedingInvoice.number);
    if (doc.precedingInvoice.date) {
      w.open('ram:FormattedIssueDateTime');
      w.leaf('qdt:DateTimeString', date102(doc.precedingInvoice.date), { format: '102' });
      w.close('ram:FormattedIssueDateTime');
    }
    w.close('ram:InvoiceReferencedDocument');
  }
  for (const preceding of doc.precedingInvoices ?? []) writePrecedingInvoice(w, preceding);
  w.close('ram:ApplicableHeaderTradeSettlement');
}

/** BG-3: a preceding invoice (number BT-25, date BT-26), e.g. a deposit invoice a final invoice deducts. */
function writePrecedingInvoice(w: XmlWriter, preceding: { number: string; date: string | null }): void {
  w.open('ram:InvoiceReferencedDocument');
  w.leaf('ram:IssuerAssignedID', preceding.number);
  if (preceding.date) {
    w.open('ram:FormattedIssueDateTime');
    w.leaf('qdt:DateTimeString', date102(preceding.date), { format: '102' });
    w.close('ram:FormattedIssueDateTime');
  }
  w.close('ram:InvoiceReferencedDocument');
}

/** BT-120/BT-121 actually sent for a breakdown: none for S/Z, the snapshot's or a default otherwise. */
export function exemptionFor(vat: VatBreakdown, sellerLiableToVat: boolean): { reason: string | null; code: string | null } {
  if (NO_EXEMPTION.has(vat.category)) return { reason: null, code: null };
  const fallback = vat.category === 'E' && !sellerLiableToVat ? FRANCHISE_EXEMPTION : DEFAULT_EXEMPTIONS[vat.category];
  const reason = vat.exemptionReason || (vat.exemptionReasonCode ? null : (fallback?.reason ?? null));
  const code = vat.exemptionReasonCode || (vat.exemptionReason ? null : (fallback?.code ?? null));
  return { reason, code };
}

function writeVatBreakdown(w: XmlWriter, vat: VatBreakdown, sellerLiableToVat: boolean, dueDateTypeCode: string | null): void {
  const exemption = exemptionFor(vat, sellerLiableToVat);
  w.open('ram:ApplicableTradeTax');
  w.leaf('ram:CalculatedAmount', vat.taxAmount);
  w.leaf('ram:TypeCode', 'VAT');
  w.optLeaf('ram:ExemptionReason', exemption.reason);
  w.leaf('ram:BasisAmount', vat.taxableAmount);
  w.leaf('ram:CategoryCode', vat.category);
  w.optLeaf('ram:ExemptionReasonCode', exemption.code);
  w.optLeaf('ram:DueDateTypeCode', dueDateTypeCode);
  if (vat.category !== 'O') w.leaf('ram:RateApplicablePercent', normalizeDecimal(vat.rate));
  w.close('ram:ApplicableTradeTax');
}

function writeDocumentAllowanceCharge(w: XmlWriter, ac: AllowanceCharge): void {
  w.open('ram:SpecifiedTradeAllowanceCharge');
  w.open('ram:ChargeIndicator');
  w.leaf('udt:Indicator', ac.isCharge ? 'true' : 'false');
  w.close('ram:ChargeIndicator');
  if (ac.percent) w.leaf('ram:CalculationPercent', normalizeDecimal(ac.percent));
  w.optLeaf('ram:BasisAmount', ac.baseAmount);
  w.leaf('ram:ActualAmount', ac.amount);
  w.optLeaf('ram:ReasonCode', ac.reasonCode);
  w.optLeaf('ram:Reason', ac.reason);
  writeCategoryTax(w, 'ram:CategoryTradeTax', ac.vatCategory, ac.vatRate);
  w.close('ram:SpecifiedTradeAllowanceCharge');
}

function writePaymentTerms(w: XmlWriter, doc: IssuedDocument): void {
  const terms = [...doc.paymentTerms].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const dueDate = doc.dueDate ?? terms[terms.length - 1]?.dueDate ?? null;
  const parts: string[] = [];
  if (doc.paymentTermsText) parts.push(doc.paymentTermsText);
  // EN 16931 carries a single due date: several instalments are spelled out in BT-20.
  if (terms.length > 1) parts.push('Échéances : ' + terms.map((t) => `${t.dueDate} ${t.amount} ${doc.currency}`).join(' ; '));
  if (!dueDate && parts.length === 0) return;
  w.open('ram:SpecifiedTradePaymentTerms');
  if (parts.length > 0) w.leaf('ram:Description', parts.join('\n'));
  if (dueDate) {
    w.open('ram:DueDateDateTime');
    w.leaf('udt:DateTimeString', date102(dueDate), { format: '102' });
    w.close('ram:DueDateDateTime');
  }
  w.close('ram:SpecifiedTradePaymentTerms');
}

/** "2024-03-05" -> "20240305" (UNTDID 2379 format 102). */
export function date102(iso: string): string {
  return iso.slice(0, 10).replace(/-/g, '');
}

/** "20.00" -> "20", "5.50" -> "5.5": rates and percents as plain decimals. */
function normalizeDecimal(value: string): string {
  const trimmed = value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return trimmed;
  return trimmed.includes('.') ? trimmed.replace(/0+$/, '').replace(/\.$/, '') : trimmed;
}

// Characters XML 1.0 cannot carry at all; they are dropped rather than producing an unreadable file.
// eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are what this removes
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

class XmlWriter {
  private readonly out: string[] = [];
  private depth = 0;

  raw(text: string): void {
    this.out.push(text);
  }
  open(name: string, rawAttributes = ''): void {
    this.out.push(`${'  '.repeat(this.depth)}<${name}${rawAttributes}>`);
    this.depth++;
  }
  close(name: string): void {
    this.depth--;
    this.out.push(`${'  '.repeat(this.depth)}</${name}>`);
  }
  leaf(name: string, value: string, attributes: Record<string, string> = {}): void {
    const attrs = Object.entries(attributes)
      .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
      .join('');
    this.out.push(`${'  '.repeat(this.depth)}<${name}${attrs}>${escapeXml(value)}</${name}>`);
  }
  optLeaf(name: string, value: string | null | undefined): void {
    if (value !== null && value !== undefined && value.trim() !== '') this.leaf(name, value);
  }
  toString(): string {
    return this.out.join('\n') + '\n';
  }
}
