// Wire schema of purchase invoices (reference: PurchaseInvoice, ExpenseStatus). `supplier` is null
// while the uploaded file did not say who the supplier is.
import { Type, type Static } from '@sinclair/typebox';
import { VatRegion } from '../reference/index.js';
import { Nullable } from '../../http/schemas.js';
import { Supplier } from '../suppliers/index.js';

export const ExpenseStatus = Type.Union([Type.Literal('Done'), Type.Literal('Pending'), Type.Literal('Paid')], {
  description: 'Done: recorded from a structured e-invoice; Pending: to be completed by hand; Paid',
});
export type ExpenseStatusT = Static<typeof ExpenseStatus>;

export const PurchaseInvoice = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'Date' }),
    id: Type.Integer({ format: 'int32', description: 'Expense ID' }),
    notes: Nullable(Type.String({ description: 'Notes' })),
    pdfUrl: Nullable(Type.String({ description: 'Pdf url (the original file, GET /v1/purchaseinvoices/download/{id})' })),
    reference: Nullable(Type.String({ description: 'Reference (the supplier’s invoice number)' })),
    region: VatRegion,
    status: ExpenseStatus,
    subject: Nullable(Type.String({ description: 'Subject' })),
    supplier: Nullable(Type.Ref(Supplier)),
    taxIncludedAmount: Type.Number({ description: 'Tax included amount' }),
    vatReverseCharge: Type.Boolean({ description: 'Vat reverse charge' }),
  },
  { $id: 'PurchaseInvoice', additionalProperties: false, description: 'Purchase invoice' },
);
export type PurchaseInvoiceT = Static<typeof PurchaseInvoice>;
