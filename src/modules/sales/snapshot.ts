// Owns the mapping from a stored sale document (src/modules/sales) to the IssuedDocument every output
// is built from (PDF, Factur-X CII, conformance check). Pure: the caller supplies the seller — the
// snapshot frozen at finalization, or the current settings for a draft — and the logo bytes.
// The choices (electronic address schemes, payment means, legal notes) are in docs/einvoicing.md.
import Big from 'big.js';
import type { AccountSettings } from '../settings/index.js';
import type { DocumentKind, SellerSnapshot, StoredDocument } from './compose.js';
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

function buyerParty(d: StoredDocument): Party {
  const isBusiness = d.customerType !== 'Consumer';
  const { siren, siret } = isBusiness ? identifiers(d.customerSiret) : { siren: null, siret: null };
  const addr = address(d.billingAddress);
  const email = clean(d.billingContact?.email);
  let electronic = electronicAddressOf(d.customerElectronicAddress);
  if (!electronic && isBusiness) {
    electronic = siren && addr.countryIso === 'FR' ? { scheme: '0225', value: siren } : email ? { scheme: 'EM', value: email } : null;
  }
  return {
    name: clean(d.customerName) ?? '',
    siren,
    siret,
    vatNumber: isBusiness ? clean(d.customerVatNumber) : null,
    address: addr,
    electronicAddress: isBusiness ? electronic : null,
    contactName: clean(d.billingContact?.displayName),
    email,
    phone: clean(d.billingContact?.phone),
    isBusiness,
  };
}

/** HTML a rich-text editor may have left in a description, reduced to plain text. */
function plain(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function lines(d: StoredDocument): DocumentLine[] {
  let n = 0;
  return d.lines.map((line, i): DocumentLine => {
    const t = d.totals.lines[i];
    if (!t || !t.priced) {
      return {
        kind: line.type,
        lineNumber: null,
        description: plain(line.description),
        subtotalAmount: line.type === 'Subtotal' ? (t?.subtotal?.taxExcludedAmount ?? null) : null,
      };
    }
    const quantity = t.quantity ?? '1';
    const unitPrice = t.taxExcludedUnitPrice ?? '0';
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
      description: plain(line.description) || (line.type === 'Service' ? 'Prestation' : 'Article'),
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
    precedingInvoice:
      kind === 'Credit' && d.links?.cancelledInvoicetNumber
        ? { number: d.links.cancelledInvoicetNumber, date: d.links.cancelledInvoiceDate ?? null }
        : null,
    // Only on cancellation credits: every other document keeps its model, so its PDF its bytes.
    ...(kind === 'Credit' && d.links?.cancellationPaid !== undefined ? { cancellation: { paidOnInvoice: d.links.cancellationPaid } } : {}),
    seller: sellerParty(seller),
    buyer,
    shippingAddress: hasAddress(d.shippingAddress) ? address(d.shippingAddress) : null,
    // BR-IC-11: an intra-community supply needs its delivery date; the document date is the best known.
    deliveryDate: vats.some((v) => v.category === 'K') ? d.date : null,
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
