// The document snapshot that every output (PDF, Factur-X CII XML, conformance check) is built from.
// It is shaped after the EN 16931 semantic model so that the XML and the PDF say the same thing.
// Amounts are decimal strings with exactly 2 decimals ("1234.50"); quantities and unit prices are
// decimal strings with up to 4 decimals. Dates are ISO "YYYY-MM-DD". Nothing here is computed:
// the sale-documents module computes totals (src/domain/) and fills this snapshot.

export type DocumentKind = 'Invoice' | 'Credit';

/** UNTDID 5305 VAT category codes used by EN 16931. */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';

export interface PostalAddress {
  street: string | null; // may contain several lines separated by "\n"
  zipcode: string | null;
  city: string | null;
  countryIso: string; // ISO 3166-1 alpha-2
}

export interface ElectronicAddress {
  scheme: string; // EAS code, e.g. "0225" (French SIREN-based), "0009" (SIRET), "EM" (e-mail)
  value: string;
}

export interface Party {
  name: string;
  tradingName?: string | null;
  siren?: string | null; // 9 digits: legal registration, scheme 0002
  siret?: string | null; // 14 digits
  vatNumber?: string | null; // e.g. FR40303265045
  /** BT-32 seller tax registration identifier (scheme FC), for a seller without a VAT number (e.g. art. 293 B). */
  taxRegistrationId?: string | null;
  legalForm?: string | null; // "SAS", "SARL"...
  shareCapital?: string | null; // printed as is, e.g. "10 000 €"
  rcs?: string | null; // "RCS Paris B 123 456 789"
  address: PostalAddress;
  electronicAddress?: ElectronicAddress | null;
  contactName?: string | null;
  email?: string | null;
  phone?: string | null;
  /** Buyer only: true for a business, false for a consumer. */
  isBusiness?: boolean;
}

export type LineKind = 'Product' | 'Service' | 'Text' | 'Subtotal' | 'Empty' | 'NewPage';

export interface DocumentLine {
  kind: LineKind;
  /** Sequence number of priced lines (BT-126), null for Text/Subtotal/Empty/NewPage. */
  lineNumber: number | null;
  description: string; // plain text (HTML already stripped)
  productNumber?: string | null;
  quantity?: string | null; // priced lines only
  unitCode?: string | null; // UN/ECE rec 20, e.g. "C62" (unit), "HUR" (hour), "DAY"
  unitLabel?: string | null; // printed label, e.g. "h", "jour"
  unitPrice?: string | null; // net unit price, tax excluded (BT-146)
  discountLabel?: string | null; // printed, e.g. "-10 %"
  discountAmount?: string | null; // line allowance amount (BT-136), tax excluded
  netAmount?: string | null; // BT-131 = quantity × unitPrice − discountAmount, 2 decimals
  vatCategory?: VatCategory | null;
  vatRate?: string | null; // "20", "5.5", "0"
  /** Subtotal lines: the running sum printed on the PDF. */
  subtotalAmount?: string | null;
}

export interface AllowanceCharge {
  isCharge: boolean; // false: allowance (e.g. global discount), true: charge (e.g. shipping)
  reason: string; // "Remise globale", "Frais de port"
  reasonCode?: string | null; // UNTDID 5189 (allowance) / 7161 (charge), e.g. "95", "FC"
  amount: string;
  baseAmount?: string | null;
  percent?: string | null;
  vatCategory: VatCategory;
  vatRate: string;
}

export interface VatBreakdown {
  category: VatCategory;
  rate: string;
  taxableAmount: string; // BT-116
  taxAmount: string; // BT-117
  exemptionReason?: string | null; // BT-120, required for E, AE, K, G, O
  exemptionReasonCode?: string | null; // BT-121, e.g. "VATEX-EU-AE"
}

export interface Totals {
  lineTotal: string; // BT-106 sum of line net amounts
  allowanceTotal: string; // BT-107
  chargeTotal: string; // BT-108
  taxExclusive: string; // BT-109
  taxTotal: string; // BT-110
  taxInclusive: string; // BT-112
  prepaid: string; // BT-113
  payable: string; // BT-115
}

export interface PaymentInstructions {
  meansCode: string; // UNTDID 4461: "30" credit transfer, "58" SEPA credit transfer, "49" direct debit...
  iban?: string | null;
  bic?: string | null;
  accountName?: string | null;
  remittanceInformation?: string | null; // usually the document number
}

export interface PaymentTerm {
  dueDate: string;
  amount: string;
}

export interface IssuedDocument {
  kind: DocumentKind;
  /** true while the document is a draft: the PDF says BROUILLON and carries no XML. */
  isDraft: boolean;
  number: string | null; // null for drafts
  issueDate: string;
  dueDate?: string | null;
  currency: 'EUR';
  subject?: string | null;
  buyerReference?: string | null; // BT-10 (service code / customer reference)
  orderReference?: string | null; // BT-13
  /** Credit notes: the invoice they correct (BT-25 / BT-26). */
  precedingInvoice?: { number: string; date: string | null } | null;
  /** UNTDID 1001 type code when not the kind's own (380 invoice, 381 credit): 386 for a deposit invoice. */
  typeCode?: '386' | null;
  /** Preceding invoices referenced (BG-3) besides `precedingInvoice`: the deposit invoices a final invoice deducts. */
  precedingInvoices?: { number: string; date: string | null; amount: string }[] | null;
  /** Set for a quote (devis): printed as a quote with its validity and signature block; never an e-invoice. */
  quote?: QuoteFacts | null;
  /**
   * Credit notes that cancel their invoice (POST /v1/saleinvoices/cancel): what had been paid on
   * the invoice, now to refund ("0.00": the invoice was unpaid, nothing is due either way).
   */
  cancellation?: { paidOnInvoice: string } | null;
  seller: Party;
  buyer: Party;
  shippingAddress?: PostalAddress | null;
  /** BT-72 actual delivery date; required with intra-community supplies (K, BR-IC-11). */
  deliveryDate?: string | null;
  /** BT-8 VAT point date code (UNTDID 2005): "5" (invoice date) for a seller who pays VAT on debits. */
  vatDueDateTypeCode?: string | null;
  lines: DocumentLine[];
  allowancesCharges: AllowanceCharge[];
  vats: VatBreakdown[];
  totals: Totals;
  payment: PaymentInstructions;
  paymentTerms: PaymentTerm[];
  /** Free text of the settlement term, printed and sent as BT-20. */
  paymentTermsText?: string | null;
  /** Legal mentions printed and sent as notes: late-payment penalties, 40 € indemnity, VAT mentions. */
  notes: { subjectCode?: string | null; text: string }[];
  headerNotes?: string | null;
  footerNotes?: string | null;
  /** PNG or JPEG bytes of the seller's logo, if any. */
  logo?: Uint8Array | null;
  vatReverseCharge: boolean;
  sellerLiableToVat: boolean;
}

/** What a quote's PDF prints beside the document's content. */
export interface QuoteFacts {
  validityDate: string | null;
  /** The deposit asked on acceptance, tax included: its percentage of the total (null for a fixed amount) and amount. */
  deposit: { percent: string | null; amount: string } | null;
  /** Printed state when the quote is no longer open (Acceptée, Refusée…), else null. */
  stateLabel?: string | null;
}
