// The sealed sale document: what sale_documents.data holds for an invoice or a credit note (a
// draft's content, and from finalization on, the frozen snapshot its audit trail seals), in its own
// types. They are not the API's wire types: a change to the API's schemas (src/modules/sales/schemas.ts)
// cannot retype sealed history; the wire mapping stays at the edges (compose.ts for input,
// present.ts for output). The storage codec at the end of this file is the only place that knows how
// the JSON is spelled in the database: two keys keep the spelling they were stored with
// (`cancelledInvoicetId`, `links.cancelledInvoicetNumber`, after the reference API's typo), so that
// documents stored before keep their bytes, their seals and their hashes (no storage migration).
import type { DocumentTotals, VatCategory } from '../../domain/totals.js';
import type { AddressFieldsT } from '../../app/input/address.js';
import type { VatRegionCode } from '../reference/index.js';
import type { AccountSettings } from '../settings/index.js';

export type DocumentKind = 'Invoice' | 'Credit';

export type DocumentVatCategory = Exclude<VatCategory, 'L' | 'M'>;
type VatRegion = VatRegionCode;

/** A VAT rate as a document line (or the shipping) carries it. */
export interface DocumentVat {
  default: boolean;
  id: number | null;
  label: string | null;
  rate: number | null;
  region: 'FR' | 'EU' | 'IE' | 'DOM' | 'Corse' | 'Monaco' | null;
}

export interface DocumentUnit {
  code: string | null;
  conversion: number | null;
  decimals: number | null;
  id: number | null;
  name: string | null;
  type: string | null;
}

/** A contact person printed on the document (billing, shipping). */
export interface DocumentContact {
  cellPhone: string | null;
  companyName: string | null;
  displayName: string | null;
  email: string | null;
  firstName: string | null;
  function: string | null;
  invertedDisplayName: string | null;
  lastName: string | null;
  phone: string | null;
  service: string | null;
  title: string | null;
}

export interface DocumentLine {
  /** Its position in the document, from 1. */
  id: number;
  type: 'Empty' | 'Product' | 'Service' | 'Subtotal' | 'Text' | 'NewPage';
  date: string | null;
  description: string | null;
  discount: { type?: 'Percent' | 'Fixed'; value?: number } | null;
  productId: number | null;
  productNumber: string | null;
  productInternalId: string | null;
  classificationId: number | null;
  purchasePrice: number | null;
  quantity: number | null;
  taxExcludedPrice: number | null;
  taxIncludedPrice: number | null;
  taxExcludedAmount: number | null;
  taxIncludedAmount: number | null;
  marginAmount: number | null;
  marginRate: number;
  product?: null;
  unit: DocumentUnit | null;
  vat: DocumentVat | null;
  vatCategory?: DocumentVatCategory | null;
  vatExemptionCode?: string | null;
}

/** What is stored in sale_documents.data for a draft; finalization adds `number`, dates and `frozen`. */
export interface StoredDocument {
  billingAddress: AddressFieldsT | null;
  billingContact: DocumentContact | null;
  customerElectronicAddress: string | null;
  customerId: number | null;
  customerName: string | null;
  customerNumber: string | null;
  customerOrderReference: string | null;
  customerSiret: string | null;
  customerType: 'Business' | 'Consumer' | 'Government' | null;
  customerVatNumber: string | null;
  /** The invoice of ours this credit note corrects (BT-25); stored as `cancelledInvoicetId` (storage codec below). */
  cancelledInvoiceId: number | null;
  date: string;
  footerNotes: string | null;
  globalDiscount: { type?: 'Percent' | 'Fixed'; value?: number } | null;
  headerNotes: string | null;
  internalId: string | null;
  internalNotes: string | null;
  liableToVat: boolean;
  lines: DocumentLine[];
  metadata: Record<string, unknown> | null;
  region: VatRegion | null;
  shippingAddress: AddressFieldsT | null;
  shippingAmount: number;
  shippingContact: DocumentContact | null;
  shippingVat: DocumentVat | null;
  subject: string | null;
  useTaxIncludedPrices: boolean;
  vatMode: 'Auto' | 'Debit' | 'Collection' | null;
  vatNote: string | null;
  vatReverseCharge: boolean;
  vendorReference: string | null;
  /** BT-10, from the customer's billing options. */
  buyerReference: string | null;
  /** Facturier extension: the document's VAT category as given (null: per line, or derived from the customer). */
  vatCategory?: DocumentVatCategory | null;
  /** Facturier extension: the document's VATEX code as given. */
  vatExemptionCode?: string | null;
  /** BT-72, as given (K supplies default to the document date). */
  deliveryDate?: string | null;
  /** Credit notes: BT-25/BT-26 of a corrected invoice issued elsewhere (Facturier extension). */
  correctedInvoiceNumber?: string | null;
  correctedInvoiceDate?: string | null;
  /** The customer's e-mail, the buyer's electronic address (BT-49, scheme EM) when nothing better is known. */
  customerEmail?: string | null;
  totals: DocumentTotals;
  /** Due date and commitments: from the draft's date, recomputed from the final date. */
  dueDate: string;
  commitments: { date: string; amount: string; percent: string }[];
  paymentTermsText: string;
  /** Set at finalization. */
  number?: string;
  /** The seller as the account's settings described it at finalization (frozen with the document). */
  seller?: SellerSnapshot;
  /** A deposit invoice (acompte, EN 16931 type code 386) asked on a quote (src/modules/quotes). */
  deposit?: { quoteId: number; quoteNumber: string | null; label: string };
  /** An invoice made from a quote (src/modules/quotes): the quote it invoices. */
  quote?: { id: number; number: string | null };
  /**
   * Deposits deducted from this invoice (BT-113), each a finalized deposit invoice referenced as a
   * preceding invoice (BG-3): what remains payable is the total minus `amount`.
   */
  prepaid?: { amount: string; invoices: { id: number; number: string; date: string; amount: string }[] };
  /** State links written after finalization (not part of the hashed content). */
  links?: {
    cancellationCreditId?: number;
    cancellationCreditNumber?: string;
    /** Stored as `cancelledInvoicetNumber` (storage codec below). */
    cancelledInvoiceNumber?: string;
    cancelledInvoiceDate?: string;
    /** Credit notes made by cancelling their invoice: what had been paid on it (to refund). */
    cancellationPaid?: string;
  };
}

export type SellerSnapshot = Pick<AccountSettings, 'company' | 'vat' | 'bankDetails' | 'documentDefaults'> & {
  invoices: AccountSettings['sales']['invoices'];
  /** Printed as the payment means. */
  paymentMethod?: AccountSettings['sales']['paymentMethod'];
  /** The logo the document was issued with (logo_versions), null without one. */
  logoToken?: string | null;
};

/** The customer as a sale document (or a quote) names it, after its addresses and contacts. */
export function customerOf(d: StoredDocument) {
  return {
    customerElectronicAddress: d.customerElectronicAddress,
    customerId: d.customerId,
    customerName: d.customerName,
    customerNumber: d.customerNumber,
    customerOrderReference: d.customerOrderReference,
    customerSiret: d.customerSiret,
    customerType: d.customerType,
    customerVatNumber: d.customerVatNumber,
  };
}

// --- the storage codec -------------------------------------------------------------------------

/** Keys spelled otherwise in storage: the domain's name -> the stored one (kept as first stored). */
const STORED_KEY: Record<string, string> = { cancelledInvoiceId: 'cancelledInvoicetId' };
const STORED_LINK_KEY: Record<string, string> = { cancelledInvoiceNumber: 'cancelledInvoicetNumber' };
const invert = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [v, k]));
const DOMAIN_KEY = invert(STORED_KEY);
const DOMAIN_LINK_KEY = invert(STORED_LINK_KEY);

/** The object with its keys renamed by `names`, in their order (the stored JSON keeps its key order). */
function renamed(value: object, names: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [names[k] ?? k, v]));
}

/** The document as stored (and as its seals and hashes cover it): the stored spelling of its keys. */
export function storedForm(doc: StoredDocument): Record<string, unknown> {
  const out = renamed(doc, STORED_KEY);
  if (doc.links) out.links = renamed(doc.links, STORED_LINK_KEY);
  return out;
}

/** The JSON text stored for a document (sale_documents.data before compression, sale_quotes.data). */
export function encodeDocument(doc: StoredDocument): string {
  return JSON.stringify(storedForm(doc));
}

/** The stored document of a JSON text as stored (either spelling reads). Throws SyntaxError on text that is not JSON. */
export function decodeDocument(json: string): StoredDocument {
  const stored = JSON.parse(json) as Record<string, unknown>;
  const doc = renamed(stored, DOMAIN_KEY);
  if (stored.links && typeof stored.links === 'object') doc.links = renamed(stored.links, DOMAIN_LINK_KEY);
  return doc as unknown as StoredDocument;
}
