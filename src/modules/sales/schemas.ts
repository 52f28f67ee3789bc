// Wire schemas of sale invoices and credit notes (reference: Invoice, Credit, SaleDocumentLine,
// VatSummary, Commitment, Discount, Vat, Unit, AddressFields, ContactFields). Read-only fields
// (ids, totals, state) exist only in the responses: sent in a request, they are ignored.
import { EInvoicingStatus, EInvoicingStatusEntry } from './einvoicing-schemas.js';
import { Type, type Static } from '@sinclair/typebox';
import {
  AddressFields,
  AddressInput,
  ContactPerson,
  ContactPersonInput,
  Discount,
  Int32,
  Metadata,
  Nullable,
  Opt,
  Str,
  Literals,
  CustomerType,
} from '../../http/schemas.js';

export const LineType = Literals(['Empty', 'Product', 'Service', 'Subtotal', 'Text', 'NewPage'], {
  description: 'Line type',
});
export const VatRegion = Literals(['FR', 'EU', 'IE', 'DOM', 'Corse', 'Monaco']);
export const VatMode = Literals(['Auto', 'Debit', 'Collection']);
/** Facturier extension: the EN 16931 VAT category (UNTDID 5305) a French seller writes. */
export const VatCategory = Literals(['S', 'Z', 'E', 'AE', 'K', 'G', 'O'], {
  description:
    'Facturier extension: VAT category (EN 16931 BT-151/BT-95): S standard, Z zero rated, E exempt, AE reverse charge, ' +
    'K intra-EU supply, G export outside the EU, O outside the scope of VAT. Default: from the customer (docs/einvoicing.md)',
});
const VatExemptionCode = Str(30, 'Facturier extension: VATEX code of the exemption (BT-121), e.g. VATEX-FR-CGI261-4');

/** Money and quantities: bounded so that no product of them overflows exact arithmetic sanity. */
export const MAX_PRICE = 1_000_000_000;
export const MAX_QUANTITY = 1_000_000;
export const MAX_LINES = 1000;
/**
 * Largest line amount or document total: exact to the cent as a JSON number and as a stored
 * money column (numeric(16, 2) on PostgreSQL), which quantity × price alone would not ensure.
 */
export const MAX_AMOUNT = 1_000_000_000_000;

const VatInput = Type.Object(
  {
    id: Opt(Int32),
    rate: Opt(Type.Number({ minimum: 0, maximum: 100 })),
    region: Opt(VatRegion),
  },
  { additionalProperties: false },
);
export const Vat = Type.Object(
  {
    default: Type.Boolean(),
    id: Nullable(Type.Integer()),
    label: Nullable(Type.String()),
    rate: Nullable(Type.Number()),
    region: Nullable(VatRegion),
  },
  { additionalProperties: false, description: 'Vat' },
);
export type VatT = Static<typeof Vat>;

const UnitInput = Type.Object({ id: Opt(Int32), code: Opt(Str(10)), name: Opt(Str(50)) }, { additionalProperties: false });
export const Unit = Type.Object(
  {
    code: Nullable(Type.String()),
    conversion: Nullable(Type.Number()),
    decimals: Nullable(Type.Integer()),
    id: Nullable(Type.Integer()),
    name: Nullable(Type.String()),
    type: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type UnitT = Static<typeof Unit>;

const ContactInput = Type.Omit(ContactPersonInput, ['internalId']);
export const ContactFields = Type.Omit(ContactPerson, ['internalId']);
export type ContactFieldsT = Static<typeof ContactFields>;

const price = Type.Number({ minimum: -MAX_PRICE, maximum: MAX_PRICE });

export const SaleDocumentLineInput = Type.Object(
  {
    type: Opt(LineType),
    date: Opt(Type.String({ format: 'date' })),
    description: Opt(Str(4000)),
    discount: Opt(Discount),
    productId: Opt(Int32),
    productNumber: Opt(Str(50)),
    productInternalId: Opt(Str(200)),
    classificationId: Opt(Int32),
    purchasePrice: Opt(Type.Number({ minimum: 0, maximum: MAX_PRICE })),
    quantity: Opt(Type.Number({ minimum: -MAX_QUANTITY, maximum: MAX_QUANTITY })),
    taxExcludedPrice: Opt(price),
    taxIncludedPrice: Opt(price),
    unit: Opt(UnitInput),
    vat: Opt(VatInput),
    vatCategory: Opt(VatCategory),
    vatExemptionCode: Opt(VatExemptionCode),
  },
  { additionalProperties: false },
);
export type SaleDocumentLineInputT = Static<typeof SaleDocumentLineInput>;

export const SaleDocumentLine = Type.Object(
  {
    id: Type.Integer({ description: 'Line ID (its position in the document, from 1)' }),
    type: LineType,
    date: Nullable(Type.String({ format: 'date' })),
    description: Nullable(Type.String()),
    discount: Nullable(Discount),
    productId: Nullable(Type.Integer()),
    productNumber: Nullable(Type.String()),
    productInternalId: Nullable(Type.String()),
    classificationId: Nullable(Type.Integer()),
    purchasePrice: Nullable(Type.Number()),
    quantity: Nullable(Type.Number()),
    taxExcludedPrice: Nullable(Type.Number()),
    taxIncludedPrice: Nullable(Type.Number()),
    taxExcludedAmount: Nullable(Type.Number()),
    taxIncludedAmount: Nullable(Type.Number()),
    marginAmount: Nullable(Type.Number()),
    marginRate: Type.Number({ description: 'Margin rate, % of the purchase price; 0 when there is no purchase price' }),
    product: Type.Optional(
      Type.Null({ description: 'Always null: the product is named by productId, productNumber and productInternalId' }),
    ),
    unit: Nullable(Unit),
    vat: Nullable(Vat),
    vatCategory: Type.Optional(Nullable(VatCategory)),
    vatExemptionCode: Type.Optional(Nullable(Type.String({ description: 'Facturier extension: VATEX code (BT-121)' }))),
  },
  { $id: 'SaleDocumentLine', additionalProperties: false, description: 'Document line' },
);
export type SaleDocumentLineT = Static<typeof SaleDocumentLine>;

export const VatSummary = Type.Object(
  { taxExcludedAmount: Type.Number(), vat: Vat, vatAmount: Type.Number() },
  { $id: 'VatSummary', additionalProperties: false, description: 'Vat summary' },
);
export const Commitment = Type.Object(
  {
    amount: Type.Number(),
    date: Type.String({ format: 'date' }),
    dueAmount: Type.Number(),
    id: Type.Integer(),
    thirdId: Nullable(Type.Number()),
  },
  { $id: 'Commitment', additionalProperties: false },
);

const documentInputFields = {
  billingAddress: Opt(AddressInput),
  billingContact: Opt(ContactInput),
  customerElectronicAddress: Opt(Str(200)),
  customerId: Opt(Int32),
  customerName: Opt(Str(200)),
  customerNumber: Opt(Str(50)),
  customerOrderReference: Opt(Str(100)),
  customerSiret: Opt(Str(20)),
  customerType: Opt(CustomerType),
  customerVatNumber: Opt(Str(20)),
  date: Opt(Type.String({ format: 'date' })),
  footerNotes: Opt(Str(4000)),
  globalDiscount: Opt(Discount),
  headerNotes: Opt(Str(4000)),
  internalId: Opt(Str(200)),
  internalNotes: Opt(Str(10_000)),
  liableToVat: Opt(Type.Boolean()),
  lines: Opt(Type.Array(SaleDocumentLineInput, { maxItems: MAX_LINES })),
  metadata: Opt(Metadata),
  region: Opt(VatRegion),
  shippingAddress: Opt(AddressInput),
  shippingAmount: Opt(Type.Number({ minimum: 0, maximum: MAX_PRICE })),
  shippingContact: Opt(ContactInput),
  shippingVat: Opt(VatInput),
  subject: Opt(Str(500)),
  useTaxIncludedPrices: Opt(Type.Boolean()),
  vatMode: Opt(VatMode),
  vatNote: Opt(Str(500)),
  vatReverseCharge: Opt(Type.Boolean()),
  vendorReference: Opt(Str(100)),
  vatCategory: Opt(VatCategory),
  vatExemptionCode: Opt(VatExemptionCode),
  deliveryDate: Opt(
    Type.String({ format: 'date', description: 'Facturier extension: actual delivery date (BT-72); intra-EU supplies (K) need one' }),
  ),
};

export const InvoiceInput = Type.Object(documentInputFields, { additionalProperties: false, description: 'Invoice' });
export const CreditInput = Type.Object(
  {
    ...documentInputFields,
    cancelledInvoicetId: Opt({ ...Int32, description: 'The invoice this credit note corrects (BT-25), as the reference spells it' }),
    correctedInvoiceNumber: Opt(
      Str(35, 'Facturier extension: number (BT-25) of the corrected invoice when it was issued elsewhere (not cancelledInvoicetId)'),
    ),
    correctedInvoiceDate: Opt(
      Type.String({
        format: 'date',
        description: 'Facturier extension: issue date (BT-26) of the invoice named by correctedInvoiceNumber',
      }),
    ),
  },
  { additionalProperties: false, description: 'Credit' },
);
export type DocumentInputT = Static<typeof CreditInput>;

/** One finding of the e-invoicing check (the conformance check of a draft, the warnings kept at finalization). */
export const EInvoicingFinding = Type.Object(
  {
    ruleId: Type.String({
      description: 'Rule identifier, e.g. BR-CO-15 (EN 16931) or BR-FR-12_BT-49 (French CTC rules, official assert id)',
    }),
    severity: Type.Union([Type.Literal('Error'), Type.Literal('Warning')], {
      description:
        'Error: the rule binds this document (EN 16931; French rules on a domestic B2B document); Warning: a French rule that fails but does not bind this buyer (consumer or foreign buyer). Which findings refuse finalization: the einvoicing.frenchRules setting (docs/einvoicing.md)',
    }),
    message: Type.String(),
    businessTerm: Nullable(Type.String({ description: 'EN 16931 business term, e.g. BT-112' })),
    location: Nullable(Type.String({ description: 'XPath of the offending node in the generated CII XML' })),
  },
  { $id: 'EInvoicingFinding', additionalProperties: false, description: 'One failed rule' },
);

/** Result of the e-invoicing conformance check (the reference names it without showing its fields; the spec and docs/einvoicing.md give them). */
export const EInvoicingCheckResult = Type.Object(
  {
    isValid: Type.Boolean({
      description:
        'The official verdict: false whenever an official rule fails (an EN 16931 error, or any French rule BR-FR, whatever the severity it is shown with)',
    }),
    findings: Type.Array(Type.Ref(EInvoicingFinding)),
  },
  { $id: 'EInvoicingCheckResult', additionalProperties: false, description: 'Result of the e-invoicing conformance check of a draft' },
);

/** The customer as a sale document (invoice, credit note, quote) answers it, after its addresses and contacts. */
export const SaleCustomerFields = {
  customerElectronicAddress: Nullable(Type.String()),
  customerId: Nullable(Type.Integer()),
  customerName: Nullable(Type.String()),
  customerNumber: Nullable(Type.String()),
  customerOrderReference: Nullable(Type.String()),
  customerSiret: Nullable(Type.String()),
  customerType: Nullable(CustomerType),
  customerVatNumber: Nullable(Type.String()),
};

const documentOutputFields = {
  id: Type.Integer(),
  balance: Type.Number(),
  billingAddress: Nullable(AddressFields),
  billingContact: Nullable(ContactFields),
  commitments: Type.Array(Type.Ref(Commitment)),
  ...SaleCustomerFields,
  date: Type.String({ format: 'date' }),
  dueDate: Nullable(Type.String({ format: 'date', description: 'Facturier extension: due date of the last commitment' })),
  footerNotes: Nullable(Type.String()),
  globalDiscount: Nullable(Discount),
  grossTaxExcludedAmount: Type.Number(),
  headerNotes: Nullable(Type.String()),
  internalId: Nullable(Type.String()),
  internalNotes: Nullable(Type.String()),
  isCancelled: Type.Boolean(),
  isDraft: Type.Boolean(),
  isPaid: Type.Boolean(),
  isProcessed: Type.Boolean({ description: 'Facturier extension: terminal e-invoicing status taken into account' }),
  einvoicingWarnings: Type.Array(Type.Ref(EInvoicingFinding), {
    description:
      'Facturier extension: the e-invoicing findings that did not refuse finalization (French rules under einvoicing.frenchRules Warn, or on a consumer or foreign-buyer document), kept as they were at finalization; empty on a draft (use checkeinvoicing)',
  }),
  liableToVat: Type.Boolean(),
  lines: Type.Array(Type.Ref(SaleDocumentLine)),
  metadata: Nullable(Metadata),
  number: Nullable(Type.String()),
  overdue: Type.Number(),
  pdfUrl: Nullable(Type.String()),
  publicLink: Nullable(Type.String()),
  region: Nullable(VatRegion),
  sentAt: Nullable(Type.String({ format: 'date-time' })),
  shippingAddress: Nullable(AddressFields),
  shippingAmount: Type.Number(),
  shippingContact: Nullable(ContactFields),
  shippingVat: Nullable(Vat),
  subject: Nullable(Type.String()),
  taxAmount: Type.Number(),
  taxExcludedAmount: Type.Number(),
  taxIncludedAmount: Type.Number(),
  useTaxIncludedPrices: Type.Boolean(),
  vatMode: Nullable(VatMode),
  vatNote: Nullable(Type.String()),
  vatReverseCharge: Type.Boolean(),
  vats: Type.Array(Type.Ref(VatSummary)),
  vendorReference: Nullable(Type.String()),
  vatCategory: Type.Optional(Nullable(VatCategory)),
  vatExemptionCode: Type.Optional(Nullable(Type.String({ description: 'Facturier extension: VATEX code (BT-121)' }))),
  deliveryDate: Type.Optional(Nullable(Type.String({ format: 'date', description: 'Facturier extension: BT-72' }))),
  einvoicingStatus: Type.Optional(Nullable(Type.Ref(EInvoicingStatus))),
  einvoicingStatuses: Type.Optional(
    Type.Array(Type.Ref(EInvoicingStatusEntry), {
      description: 'Facturier extension: the lifecycle statuses (CDAR) received and sent, by date',
    }),
  ),
};

export const Invoice = Type.Object(
  {
    ...documentOutputFields,
    cancellationCreditId: Nullable(Type.Integer()),
    cancellationCreditNumber: Nullable(Type.String()),
    isProforma: Type.Boolean(),
    replacedBy: Nullable(Type.Integer()),
    isDeposit: Type.Boolean({ description: 'Facturier extension: a deposit invoice (acompte, EN 16931 type code 386) asked on a quote' }),
    quoteId: Nullable(Type.Integer({ description: 'Facturier extension: the quote this deposit or final invoice was made from' })),
    quoteNumber: Nullable(Type.String({ description: 'Facturier extension: the number of that quote' })),
    prepaidAmount: Type.Number({
      description: 'Facturier extension: deposits deducted from this invoice (BT-113); what is payable is taxIncludedAmount minus this',
    }),
    depositInvoices: Type.Array(
      Type.Object(
        { id: Type.Integer(), number: Type.String(), date: Type.String({ format: 'date' }), amount: Type.Number() },
        { additionalProperties: false },
      ),
      { description: 'Facturier extension: the deposit invoices deducted (referenced as preceding invoices, BG-3)' },
    ),
  },
  { $id: 'Invoice', additionalProperties: false, description: 'Invoice' },
);
export type InvoiceT = Static<typeof Invoice>;

export const Credit = Type.Object(
  {
    ...documentOutputFields,
    cancelledInvoicetId: Nullable(Type.Integer()),
    cancelledInvoicetNumber: Nullable(Type.String()),
    correctedInvoiceNumber: Type.Optional(
      Nullable(Type.String({ description: 'Facturier extension: BT-25 of an invoice issued elsewhere' })),
    ),
    correctedInvoiceDate: Type.Optional(Nullable(Type.String({ format: 'date', description: 'Facturier extension: BT-26' }))),
  },
  { $id: 'Credit', additionalProperties: false, description: 'Credit' },
);
export type CreditT = Static<typeof Credit>;

export const InclusionFilter = Literals(['Excluded', 'Only', 'All']);
export const InvoiceStatusFilter = Literals(['Draft', 'Incoming', 'Expired', 'Paid', 'ToSend']);
export const FinalizationDateAdjustment = Literals(['None', 'MinimumDate', 'Today']);
