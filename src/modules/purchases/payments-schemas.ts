// Wire schema of supplier payments (/v1/supplierpayments, our extension): the mirror of Receipt for
// money paid to suppliers. The sign is the direction of the cash: > 0 paid to the supplier,
// < 0 refunded by the supplier (on a supplier credit note).
import { Type, type Static } from '@sinclair/typebox';
import { Int32, Metadata, Nullable, Opt, Str } from '../../http/schemas.js';
import { PaymentMethod, PaymentStatus, type PaymentMethodT, type PaymentStatusT } from '../receipts/index.js';
import { MAX_PURCHASE_AMOUNT } from './schemas.js';

export const MAX_PAYMENT_LINKS = 500;
const Amount = (description: string) => Type.Number({ minimum: -MAX_PURCHASE_AMOUNT, maximum: MAX_PURCHASE_AMOUNT, description });

export const SupplierPaymentLinkInput = Type.Object(
  {
    id: { ...Int32, description: 'Purchase invoice id' },
    amount: Opt(Amount('Signed amount settled: > 0 on an invoice, < 0 on a credit note; null: what remains due')),
  },
  { additionalProperties: false },
);

export const SupplierPaymentLink = Type.Object(
  {
    amount: Type.Number(),
    id: Type.Integer({ description: 'Purchase invoice id' }),
  },
  { $id: 'SupplierPaymentLink', additionalProperties: false, description: 'Purchase invoice settled by a supplier payment' },
);

export const SupplierPaymentInput = Type.Object(
  {
    amount: Amount('Amount paid to the supplier (> 0) or refunded by the supplier (< 0)'),
    date: Opt(Type.String({ format: 'date' })),
    internalId: Opt(Str(200)),
    links: Opt(Type.Array(SupplierPaymentLinkInput, { maxItems: MAX_PAYMENT_LINKS })),
    metadata: Opt(Metadata),
    notes: Opt(Str(4000)),
    paymentMethod: Type.Optional(PaymentMethod),
    reference: Opt(Str(200)),
    status: Type.Optional(PaymentStatus),
    supplierId: Opt(Int32),
  },
  { additionalProperties: false, description: 'Supplier payment to create or update (id and supplierName are read-only)' },
);
export type SupplierPaymentInputT = Static<typeof SupplierPaymentInput>;

export const SupplierPayment = Type.Object(
  {
    amount: Type.Number(),
    date: Type.String({ format: 'date' }),
    id: Type.Integer(),
    internalId: Nullable(Type.String()),
    links: Type.Array(Type.Ref(SupplierPaymentLink)),
    metadata: Nullable(Metadata),
    notes: Nullable(Type.String()),
    paymentMethod: PaymentMethod,
    reference: Nullable(Type.String()),
    status: PaymentStatus,
    supplierId: Nullable(Type.Integer()),
    supplierName: Nullable(Type.String()),
  },
  { $id: 'SupplierPayment', additionalProperties: false, description: 'Supplier payment (extension)' },
);
export interface SupplierPaymentT {
  amount: number;
  date: string;
  id: number;
  internalId: string | null;
  links: { amount: number; id: number }[];
  metadata: Record<string, unknown> | null;
  notes: string | null;
  paymentMethod: PaymentMethodT;
  reference: string | null;
  status: PaymentStatusT;
  supplierId: number | null;
  supplierName: string | null;
}
