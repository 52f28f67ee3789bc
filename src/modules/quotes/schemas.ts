// Wire schemas of sale quotes (reference: Quote, QuoteStatus). The input is the invoice input plus the
// quote's own fields (validityDate, deposit); read-only fields (id, number, status, dates of the
// state changes, totals) exist only in responses and are dropped from requests.
import { Type, type Static } from '@sinclair/typebox';
import { AddressFields, ContactPerson, Discount, Literals, Metadata, Nullable, Opt } from '../../http/schemas.js';
import { InvoiceInput, SaleCustomerFields, SaleDocumentLine, Vat, VatSummary } from '../sales/index.js';

export const QuoteStatus = Literals(['Pending', 'Accepted', 'Refused', 'Closed', 'Sent', 'Invoiced']);
export type QuoteStatusT = Static<typeof QuoteStatus>;
/** The list filter: a status, or Expired (Pending or Sent past their validity date; Facturier extension). */
export const QuoteStatusFilter = Literals(['Pending', 'Accepted', 'Refused', 'Closed', 'Sent', 'Invoiced', 'Expired']);

export const QuoteInput = Type.Object(
  {
    ...InvoiceInput.properties,
    validityDate: Opt(
      Type.String({ format: 'date', description: 'Last day the offer holds; default: date + settings sales.quotes.validityDuration days' }),
    ),
    deposit: Opt({ ...Discount, description: 'Deposit asked on acceptance: Percent of the total, or a Fixed amount tax included' }),
  },
  { additionalProperties: false, description: 'Quote' },
);
export type QuoteInputT = Static<typeof QuoteInput>;

const ContactFields = Type.Omit(ContactPerson, ['internalId']);

export const Quote = Type.Object(
  {
    id: Type.Integer(),
    acceptedAt: Nullable(Type.String({ format: 'date-time' })),
    balance: Type.Number({ description: 'The total less the deposits invoiced on the quote' }),
    billingAddress: Nullable(AddressFields),
    billingContact: Nullable(ContactFields),
    ...SaleCustomerFields,
    date: Type.String({ format: 'date' }),
    deposit: Nullable(Discount),
    footerNotes: Nullable(Type.String()),
    globalDiscount: Nullable(Discount),
    grossTaxExcludedAmount: Type.Number(),
    headerNotes: Nullable(Type.String()),
    internalId: Nullable(Type.String()),
    internalNotes: Nullable(Type.String()),
    liableToVat: Type.Boolean(),
    lines: Type.Array(Type.Ref(SaleDocumentLine)),
    metadata: Nullable(Metadata),
    number: Nullable(Type.String({ description: 'Given when the quote is issued; null while it is a draft' })),
    pdfUrl: Nullable(Type.String()),
    publicLink: Nullable(Type.String()),
    refusedAt: Nullable(Type.String({ format: 'date-time' })),
    region: Nullable(Type.String()),
    sentAt: Nullable(Type.String({ format: 'date-time' })),
    shippingAddress: Nullable(AddressFields),
    shippingAmount: Type.Number(),
    shippingContact: Nullable(ContactFields),
    shippingVat: Nullable(Vat),
    status: QuoteStatus,
    subject: Nullable(Type.String()),
    taxAmount: Type.Number(),
    taxExcludedAmount: Type.Number(),
    taxIncludedAmount: Type.Number(),
    useTaxIncludedPrices: Type.Boolean(),
    validityDate: Nullable(Type.String({ format: 'date' })),
    vatNote: Nullable(Type.String()),
    vatReverseCharge: Type.Boolean(),
    vats: Type.Array(Type.Ref(VatSummary)),
    vendorReference: Nullable(Type.String()),
    isExpired: Type.Boolean({
      description: 'Facturier extension: Pending or Sent and past its validity date (computed on read, never stored)',
    }),
    closedAt: Nullable(Type.String({ format: 'date-time', description: 'Facturier extension: when it was closed' })),
    invoiceId: Nullable(Type.Integer({ description: 'Facturier extension: the invoice made from the quote' })),
    depositInvoiceIds: Type.Array(Type.Integer(), { description: 'Facturier extension: the deposit invoices asked on the quote' }),
  },
  { $id: 'Quote', additionalProperties: false, description: 'Quote' },
);
export type QuoteT = Static<typeof Quote>;

/** Body of POST /v1/salequotes/deposit/{id}: optional; default the quote's `deposit`, else the settings' percentage. */
export const DepositInput = Type.Object(
  {
    type: Type.Optional(Literals(['Percent', 'Fixed'])),
    value: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9, description: 'Percent (0..100] or amount tax included' })),
  },
  { additionalProperties: false, description: 'Deposit request' },
);
export type DepositInputT = Static<typeof DepositInput>;
