// Owns the mapping from a stored sale document (src/modules/sales) to the IssuedDocument every output
// is built from (PDF, Factur-X CII, conformance check). Pure: the caller supplies the seller — the
// snapshot frozen at finalization, or the current settings for a draft — and the logo bytes.
// The choices (electronic address schemes, payment means, legal notes) are in docs/einvoicing.md.
import { plainText } from '../../domain/text.js';
import Big from 'big.js';
import { isFrenchCtcTerritory } from '../../domain/countries.js';
import type { AccountSettings } from '../settings/index.js';
import type { DocumentKind, SellerSnapshot, StoredDocument } from './document.js';
import type {
  AllowanceCharge,
  DocumentLine,
  ElectronicAddress,
  IssuedDocument,
  Party,
  PaymentInstructions,
  PostalAddress,
} from '../../rendering/model.js';

/**
 * The seller part of the settings, in the shape frozen with a document at finalization (with the
 * token of the logo it is issued with) and used as is for drafts.
 */
export function sellerFromSettings(settings: AccountSettings, logoToken?: string | null): SellerSnapshot {
  return {
    company: settings.company,
    vat: settings.vat,
    bankDetails: settings.bankDetails,
    documentDefaults: settings.documentDefaults,
    invoices: settings.sales.invoices,
    paymentMethod: settings.sales.paymentMethod,
    ...(logoToken !== undefined ? { logoToken } : {}),
  };
}

export interface SnapshotSource {
  isDraft: boolean;
  data: StoredDocument;
}

export interface SnapshotOptions {
  /** The account's payment method, used when no IBAN is known (settings.sales.paymentMethod). */
  paymentMethod?: string | null;
  logo?: Uint8Array | null;
}

export const AAB_NOTE = 'Pas d’escompte pour paiement anticipé.';
export const PMT_CONSUMER_NOTE = 'Indemnité forfaitaire pour frais de recouvrement : non applicable (client non professionnel).';

const clean = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);
const digits = (v: string | null | undefined): string => (v ?? '').replace(/[\s.-]/g, '');

function identifiers(raw: string | null | undefined): { siren: string | null; siret: string | null } {
  const value = digits(raw);
  if (/^\d{14}$/.test(value)) return { siren: value.slice(0, 9), siret: value };
  if (/^\d{9}$/.test(value)) return { siren: value, siret: null };
  return { siren: null, siret: null };
}

/**
 * An electronic address as typed in settings or on a customer, with its EAS scheme: an e-mail is
 * `EM`; anything else is read as a French directory address (SIREN, SIREN_SIRET, SIREN_SIRET_CODE…)
 * and sent with scheme 0225, the scheme the French CTC rules (BR-FR-21) require for B2B.
 */
export function electronicAddressOf(value: string | null | undefined): ElectronicAddress | null {
  const v = clean(value);
  if (!v) return null;
  if (/^[^@\s]+@[^@\s]+$/.test(v)) return { scheme: 'EM', value: v };
  const prefixed = /^(\d{4}):(.+)$/.exec(v);
  if (prefixed) return { scheme: prefixed[1], value: prefixed[2] };
  return { scheme: '0225', value: v.replace(/\s/g, '') };
}

function address(
  a: { street?: string | null; zipcode?: string | null; city?: string | null; countryIso?: string | null } | null | undefined,
): PostalAddress {
  return {
    street: clean(a?.street),
    zipcode: clean(a?.zipcode),
    city: clean(a?.city),
    countryIso: (clean(a?.countryIso) ?? 'FR').toUpperCase(),
  };
}

function hasAddress(a: StoredDocument['shippingAddress']): boolean {
  return Boolean(a && (clean(a.street) || clean(a.city) || clean(a.zipcode)));
}

function sellerParty(s: SellerSnapshot): Party {
  const c = s.company;
  const { siren, siret } = identifiers(c.siret);
  const capital = c.capital === null || c.capital === undefined ? null : `${new Intl.NumberFormat('fr-FR').format(c.capital)} €`;
  return {
    name: clean(c.name) ?? '',
    tradingName: clean(c.businessName),
    siren,
    siret,
    vatNumber: clean(c.vatNumber),
    taxRegistrationId: clean(c.taxRegistrationId),
    legalForm: clean(c.legalStatus),
    shareCapital: capital,
    rcs: clean(c.registrationNumber),
    address: address(c.invoicingAddress),
    electronicAddress: electronicAddressOf(c.electronicAddress) ?? (siren ? { scheme: '0225', value: siren } : null),
    contactName: clean(c.contact?.displayName),
    email: clean(c.contact?.email),
    phone: clean(c.contact?.phone) ?? clean(c.contact?.cellPhone),
  };
}

/**
 * EAS schemes (CEF list, those the EN 16931 schematron accepts) of the VAT numbers of other countries,
 * by VAT prefix: a foreign business buyer with neither an electronic address nor an e-mail is reached
 * at its VAT number (BT-49 is mandatory for the French rules, BR-FR-12).
 */
const VAT_EAS: Readonly<Record<string, string>> = {
  HU: '9910',
  AT: '9914',
  ES: '9920',
  AD: '9922',
  AL: '9923',
  BA: '9924',
  BE: '9925',
  BG: '9926',
  CH: '9927',
  CY: '9928',
  CZ: '9929',
  DE: '9930',
  EE: '9931',
  GB: '9932',
  EL: '9933',
  HR: '9934',
  IE: '9935',
  LI: '9936',
  LT: '9937',
  LU: '9938',
  LV: '9939',
  MC: '9940',
  ME: '9941',
  MK: '9942',
  MT: '9943',
  NL: '9944',
  PL: '9945',
  PT: '9946',
  RO: '9947',
  RS: '9948',
  SI: '9949',
  SK: '9950',
  SM: '9951',
  TR: '9952',
  VA: '9953',
  FR: '9957',
};

/**
 * BT-49 when none is typed: a business in a French CTC territory (France and the overseas
 * departments and collectivities) with a SIREN gets 0225 + SIREN (BR-FR-21); otherwise the contact's or
 * the customer's e-mail (EM), else the VAT number under its country's EAS scheme.
 */
function defaultBuyerAddress(
  siren: string | null,
  countryIso: string,
  email: string | null,
  vatNumber: string | null,
): ElectronicAddress | null {
  if (siren && isFrenchCtcTerritory(countryIso)) return { scheme: '0225', value: siren };
  if (email && /^[^@\s]+@[^@\s]+$/.test(email)) return { scheme: 'EM', value: email };
  const vat = vatNumber?.replace(/\s/g, '').toUpperCase() ?? null;
  const scheme = vat ? VAT_EAS[vat.slice(0, 2)] : undefined;
  return vat && scheme ? { scheme, value: vat } : null;
}

function buyerParty(d: StoredDocument): Party {
  const isBusiness = d.customerType !== 'Consumer';
  const { siren, siret } = isBusiness ? identifiers(d.customerSiret) : { siren: null, siret: null };
  const addr = address(d.billingAddress);
  const email = clean(d.billingContact?.email);
  const vatNumber = isBusiness ? clean(d.customerVatNumber) : null;
  let electronic = electronicAddressOf(d.customerElectronicAddress);
  if (!electronic && isBusiness) electronic = defaultBuyerAddress(siren, addr.countryIso, email ?? clean(d.customerEmail), vatNumber);
  return {
    name: clean(d.customerName) ?? '',
    siren,
    siret,
    vatNumber,
    address: addr,
    electronicAddress: isBusiness ? electronic : null,
    contactName: clean(d.billingContact?.displayName),
    email,
    phone: clean(d.billingContact?.phone),
    isBusiness,
  };
}

function lines(d: StoredDocument): DocumentLine[] {
  let n = 0;
  return d.lines.map((line, i): DocumentLine => {
    const t = d.totals.lines[i];
    if (!t || !t.priced) {
      return {
        kind: line.type,
        lineNumber: null,
        description: plainText(line.description),
        subtotalAmount: line.type === 'Subtotal' ? (t?.subtotal?.taxExcludedAmount ?? null) : null,
      };
    }
    // EN 16931 forbids a negative item price (BR-27): a negative price is sent as a positive price
    // over a negative quantity, which keeps quantity × price, the discount and the net amount.
    const negative = new Big(t.taxExcludedUnitPrice ?? '0').lt(0);
    const quantity = negative ? new Big(t.quantity ?? '1').times(-1).toString() : (t.quantity ?? '1');
    const unitPrice = negative ? new Big(t.taxExcludedUnitPrice!).times(-1).toString() : (t.taxExcludedUnitPrice ?? '0');
    const net = t.taxExcludedAmount ?? '0.00';
    // BT-136 is net of tax whatever the pricing basis: what separates quantity × price from the net.
    const gross = new Big(quantity).times(unitPrice).round(2, Big.roundHalfUp);
    const discount = line.discount?.value ? gross.minus(net) : new Big(0);
    const discountLabel = line.discount?.value
      ? line.discount.type === 'Percent'
        ? `-${String(line.discount.value).replace('.', ',')} %`
        : 'Remise'
      : null;
    return {
      kind: line.type,
      lineNumber: ++n,
      description: plainText(line.description) || (line.type === 'Service' ? 'Prestation' : 'Article'),
      productNumber: clean(line.productNumber),
      quantity,
      unitCode: line.unit?.code ?? 'C62',
      unitLabel: line.unit?.name ?? null,
      unitPrice,
      discountLabel: discount.gt(0) ? discountLabel : null,
      discountAmount: discount.gt(0) ? discount.toFixed(2) : null,
      netAmount: net,
      vatCategory: t.vatCategory ?? null,
      vatRate: t.vatRate,
    };
  });
}

function allowancesCharges(d: StoredDocument): AllowanceCharge[] {
  return d.totals.allowancesCharges.map((a) => ({
    isCharge: a.isCharge,
    reason: a.reason,
    reasonCode: a.reasonCode,
    amount: a.amount,
    baseAmount: a.isCharge ? null : a.baseAmount,
    percent: a.isCharge ? null : d.totals.globalDiscountPercent,
    vatCategory: a.category,
    vatRate: a.rate,
  }));
}

const MEANS_BY_METHOD: Record<string, string> = { Check: '20', Cash: '10', Card: '48' };

/**
 * With an IBAN: SEPA credit transfer (58) to it. Without one a credit-transfer code would break BR-61
 * (payee account required), so the account's payment method decides: cheque 20, cash 10, card 48,
 * else ZZZ (mutually defined).
 */
function payment(s: SellerSnapshot, number: string | null, method: string | null | undefined): PaymentInstructions {
  const iban = clean(s.bankDetails.iban)?.replace(/\s/g, '') ?? null;
  if (iban) {
    return {
      meansCode: '58',
      iban,
      bic: clean(s.bankDetails.bic),
      accountName: clean(s.bankDetails.accountHolder) ?? clean(s.company.name),
      remittanceInformation: number,
    };
  }
  return { meansCode: MEANS_BY_METHOD[method ?? ''] ?? 'ZZZ', remittanceInformation: number };
}

function notes(d: StoredDocument, s: SellerSnapshot, isBusiness: boolean): IssuedDocument['notes'] {
  const rate = s.documentDefaults.latePaymentPenaltyRate;
  const penalty =
    rate !== null && rate !== undefined
      ? `En cas de retard de paiement, pénalités au taux annuel de ${String(rate).replace('.', ',')} % (art. L441-10 du Code de commerce).`
      : clean(s.invoices.latePaymentPenalty);
  const out: IssuedDocument['notes'] = [];
  if (penalty) out.push({ subjectCode: 'PMD', text: penalty });
  const indemnity = isBusiness ? clean(s.invoices.collectionCosts) : PMT_CONSUMER_NOTE;
  if (indemnity) out.push({ subjectCode: 'PMT', text: indemnity });
  out.push({ subjectCode: 'AAB', text: AAB_NOTE });
  const vatNote = clean(d.vatNote) ?? (!d.liableToVat ? clean(s.vat.nonLiableTextToPrint) : null);
  if (vatNote) out.push({ subjectCode: 'TXD', text: vatNote });
  const mentions = clean(s.company.legalMentions);
  if (mentions) out.push({ subjectCode: null, text: mentions });
  return out;
}

/**
 * The invoice a credit note corrects (BT-25/BT-26): ours when it names one (cancelledInvoiceId,
 * or a cancellation), else the one issued elsewhere it names (correctedInvoiceNumber/Date).
 */
export function correctedInvoice(d: StoredDocument): { number: string; date: string | null } | null {
  if (d.links?.cancelledInvoiceNumber) return { number: d.links.cancelledInvoiceNumber, date: d.links.cancelledInvoiceDate ?? null };
  const number = clean(d.correctedInvoiceNumber);
  return number ? { number, date: d.correctedInvoiceDate ?? null } : null;
}

/**
 * The IssuedDocument of a sale document. `seller` is the snapshot frozen at finalization (or, for a
 * draft, `sellerFromSettings` of the current settings).
 */
export function toIssuedDocument(
  kind: DocumentKind,
  row: SnapshotSource,
  seller: SellerSnapshot,
  options: SnapshotOptions = {},
): IssuedDocument {
  const d = row.data;
  const number = row.isDraft ? null : (d.number ?? null);
  const buyer = buyerParty(d);
  const vats = d.totals.vats.map((v) => ({
    category: v.category,
    rate: v.rate,
    taxableAmount: v.taxableAmount,
    taxAmount: v.vatAmount,
    exemptionReason: v.exemptionReason,
    exemptionReasonCode: v.exemptionReasonCode,
  }));
  const intraEu = vats.some((v) => v.category === 'K');
  // BR-O-02: an invoice outside the scope of VAT carries no VAT identifier, the seller's or the buyer's.
  const outOfScope = vats.length > 0 && vats.every((v) => v.category === 'O');
  const footer =
    clean(d.footerNotes) ??
    clean(kind === 'Invoice' ? seller.documentDefaults.invoiceFooterNotes : seller.documentDefaults.creditFooterNotes);
  const t = d.totals;
  const prepaid = kind === 'Invoice' && d.prepaid ? d.prepaid : null;
  return {
    kind,
    isDraft: row.isDraft,
    number,
    // Only when set: the model of an ordinary invoice stays what it was (its PDF's ID hashes it).
    ...(kind === 'Invoice' && d.deposit && { typeCode: '386' as const }),
    ...(prepaid && { precedingInvoices: prepaid.invoices.map((i) => ({ number: i.number, date: i.date, amount: i.amount })) }),
    issueDate: d.date,
    dueDate: d.dueDate ?? null,
    currency: 'EUR',
    subject: clean(d.subject),
    buyerReference: clean(d.buyerReference),
    orderReference: clean(d.customerOrderReference),
    precedingInvoice: kind === 'Credit' ? correctedInvoice(d) : null,
    seller: outOfScope ? { ...sellerParty(seller), vatNumber: null } : sellerParty(seller),
    buyer: outOfScope ? { ...buyer, vatNumber: null } : buyer,
    // BR-IC-12: an intra-community supply names the country it is delivered to: the billing address
    // stands for the ship-to address when none is given.
    shippingAddress: hasAddress(d.shippingAddress)
      ? address(d.shippingAddress)
      : intraEu && hasAddress(d.billingAddress)
        ? buyer.address
        : null,
    // Only on cancellation credits: every other document keeps its model, so its PDF its bytes.
    ...(kind === 'Credit' && d.links?.cancellationPaid !== undefined ? { cancellation: { paidOnInvoice: d.links.cancellationPaid } } : {}),
    // BR-IC-11: an intra-community supply needs its delivery date; the document date when none is given.
    deliveryDate: d.deliveryDate ?? (intraEu ? d.date : null),
    // BT-8: VAT on debits is due at the invoice date (UNTDID 2005 code 5).
    vatDueDateTypeCode: d.vatMode === 'Debit' ? '5' : null,
    lines: lines(d),
    allowancesCharges: allowancesCharges(d),
    vats,
    totals: {
      lineTotal: t.grossTaxExcludedAmount,
      allowanceTotal: t.globalDiscountAmount,
      chargeTotal: t.shippingAmount,
      taxExclusive: t.taxExcludedAmount,
      taxTotal: t.taxAmount,
      taxInclusive: t.taxIncludedAmount,
      prepaid: prepaid ? new Big(prepaid.amount).toFixed(2) : '0.00',
      payable: prepaid ? new Big(t.taxIncludedAmount).minus(prepaid.amount).toFixed(2) : t.taxIncludedAmount,
    },
    payment: payment(seller, number, options.paymentMethod),
    paymentTerms: d.commitments.map((c) => ({ dueDate: c.date, amount: c.amount })),
    paymentTermsText: clean(d.paymentTermsText),
    notes: notes(d, seller, buyer.isBusiness !== false),
    headerNotes: clean(d.headerNotes),
    footerNotes: footer,
    logo: options.logo ?? null,
    vatReverseCharge: d.vatReverseCharge,
    sellerLiableToVat: d.liableToVat,
  };
}
