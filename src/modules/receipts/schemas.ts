// Wire schemas of receipts and of the two payment actions (reference: Receipt, ReceiptLink,
// ReceiptLinkType, PaymentMethod, PaymentStatus, PayInvoice, RefundCredit).
import { Type, type Static } from '@sinclair/typebox';
import { Int32, Metadata, Nullable, Opt, Str } from '../../http/schemas.js';

export const MAX_AMOUNT = 1e11;
export const MAX_LINKS = 500;

/** A string enum as JSON Schema `enum`, so a wrong value is reported as "must be one of …". */
const StringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

export const PAYMENT_METHODS = ['Transfer', 'Order', 'Check', 'Cash', 'Card', 'Bill', 'Usec', 'Other'] as const;
export type PaymentMethodT = (typeof PAYMENT_METHODS)[number];
export const PaymentMethod = StringEnum(PAYMENT_METHODS);
export const PAYMENT_STATUSES = ['Success', 'Pending', 'Failed'] as const;
export type PaymentStatusT = (typeof PAYMENT_STATUSES)[number];
export const PaymentStatus = StringEnum(PAYMENT_STATUSES, 'Receipt status: only Success settles documents');
export const RECEIPT_LINK_TYPES = ['Commitment', 'Invoice', 'Credit'] as const;
export type ReceiptLinkTypeT = (typeof RECEIPT_LINK_TYPES)[number];
export const ReceiptLinkType = StringEnum(RECEIPT_LINK_TYPES);

const Amount = (description: string) => Type.Number({ minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT, description });

export const ReceiptLinkInput = Type.Object(
  {
    type: ReceiptLinkType,
    id: { ...Int32, description: 'Invoice or credit id; for a commitment, invoiceId * 1000 + position (1-based)' },
    amount: Opt(Amount('Signed amount settled: > 0 on invoices and commitments, < 0 on credits; null: what remains due')),
  },
  { additionalProperties: false },
);

export const ReceiptLink = Type.Object(
  {
    amount: Nullable(Type.Number()),
    id: Type.Integer({ description: 'Linked document ID' }),
    type: ReceiptLinkType,
    number: Nullable(
      Type.String({
        description:
          'Number of the linked document (of the invoice, for a commitment); null while it is a draft (Facturier extension: saves a request per link)',
      }),
    ),
  },
  { $id: 'ReceiptLink', additionalProperties: false, description: 'ReceiptLink' },
);

export const ReceiptInput = Type.Object(
  {
    amount: Amount('Amount received (> 0) or refunded (< 0)'),
    customerId: Opt(Int32),
    customerInternalId: Opt(Str(200)),
    customerNumber: Opt(Str(50)),
    date: Opt(Type.String({ format: 'date' })),
    internalId: Opt(Str(200)),
    links: Opt(Type.Array(ReceiptLinkInput, { maxItems: MAX_LINKS })),
    metadata: Opt(Metadata),
    notes: Opt(Str(4000)),
    paymentMethod: Type.Optional(PaymentMethod),
    reference: Opt(Str(200)),
    status: Type.Optional(PaymentStatus),
  },
  { additionalProperties: false, description: 'Receipt to create or update (customerName and id are read-only)' },
);
export type ReceiptInputT = Static<typeof ReceiptInput>;

export const Receipt = Type.Object(
  {
    amount: Type.Number(),
    customerId: Nullable(Type.Integer()),
    customerInternalId: Nullable(Type.String()),
    customerName: Nullable(Type.String()),
    customerNumber: Nullable(Type.String()),
    date: Type.String({ format: 'date' }),
    id: Type.Integer(),
    internalId: Nullable(Type.String()),
    links: Nullable(Type.Array(Type.Ref(ReceiptLink))),
    metadata: Nullable(Metadata),
    notes: Nullable(Type.String()),
    paymentMethod: PaymentMethod,
    reference: Nullable(Type.String()),
    status: PaymentStatus,
  },
  { $id: 'Receipt', additionalProperties: false, description: 'Receipt' },
);
export interface ReceiptT {
  amount: number;
  customerId: number | null;
  customerInternalId: string | null;
  customerName: string | null;
  customerNumber: string | null;
  date: string;
  id: number;
  internalId: string | null;
  links: { amount: number | null; id: number; type: ReceiptLinkTypeT }[] | null;
  metadata: Record<string, unknown> | null;
  notes: string | null;
  paymentMethod: PaymentMethodT;
  reference: string | null;
  status: PaymentStatusT;
}

export const PayInvoice = Type.Object(
  {
    invoiceId: Int32,
    amount: Opt(Amount('Amount paid; null: the whole balance')),
    date: Opt(Type.String({ format: 'date' })),
    paymentMethod: Type.Optional(PaymentMethod),
    paymentReference: Opt(Str(200)),
    status: Type.Optional(PaymentStatus),
    metadata: Opt(Metadata),
    finalizeInvoice: Opt(Type.Boolean()),
    allowUpdate: Opt(Type.Boolean()),
  },
  { additionalProperties: false, description: 'Pay invoice' },
);
export type PayInvoiceT = Static<typeof PayInvoice>;

export const RefundCredit = Type.Object(
  {
    creditId: Int32,
    amount: Opt(Amount('Amount refunded (> 0); null: the whole balance')),
    date: Opt(Type.String({ format: 'date' })),
    paymentMethod: Type.Optional(PaymentMethod),
    refundReference: Opt(Str(200)),
    status: Type.Optional(PaymentStatus),
    metadata: Opt(Metadata),
    finalizeCredit: Opt(Type.Boolean()),
  },
  { additionalProperties: false, description: 'Refund credit' },
);
export type RefundCreditT = Static<typeof RefundCredit>;
