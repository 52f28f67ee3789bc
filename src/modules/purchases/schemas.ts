// Wire schema of purchase invoices (reference: PurchaseInvoice, ExpenseStatus). `supplier` is null
// while the uploaded file did not say who the supplier is. The fields after `vatReverseCharge` are
// our extension (the ledger: docs/purchases.md): the reference's PurchaseInvoice has none of them.
import { Type, type Static } from '@sinclair/typebox';
import { VatRegion } from '../reference/index.js';
import { Int32, Nullable, Opt, Str } from '../../http/schemas.js';
import { Supplier } from '../suppliers/index.js';

export const ExpenseStatus = Type.Union([Type.Literal('Done'), Type.Literal('Pending'), Type.Literal('Paid')], {
  description: 'Done: supplier, date and amount known; Pending: to be completed by hand; Paid: fully paid by supplier payments',
});
export type ExpenseStatusT = Static<typeof ExpenseStatus>;

/**
 * The one length limit of a purchase invoice's subject, in characters (code points, as the schema's
 * maxLength counts them): PUT refuses more, an upload's subject (the file's name, or the invoice's
 * number and seller) is cut to it, and a subject stored longer by an earlier version is read cut.
 */
export const SUBJECT_MAX_LENGTH = 200;

/** A subject within SUBJECT_MAX_LENGTH (cut between characters, never inside a surrogate pair). */
export function limitSubject(subject: string | null): string | null {
  if (subject === null || subject.length <= SUBJECT_MAX_LENGTH) return subject;
  return Array.from(subject).slice(0, SUBJECT_MAX_LENGTH).join('');
}

/** Beyond any purchase invoice (docs/decisions.md: within what storage holds exactly). */
export const MAX_PURCHASE_AMOUNT = 1e11;
const Amount = (description: string) => Type.Number({ minimum: -MAX_PURCHASE_AMOUNT, maximum: MAX_PURCHASE_AMOUNT, description });

export const PurchaseVat = Type.Object(
  {
    rate: Type.Number({ description: 'VAT rate in percent (20, 10, 5.5, 2.1, 0)' }),
    taxExcludedAmount: Type.Number({ description: 'Base, tax excluded' }),
    vatAmount: Type.Number({ description: 'VAT at that rate' }),
  },
  { $id: 'PurchaseVat', additionalProperties: false, description: 'Amounts of one VAT rate (extension)' },
);

export const PurchaseVatInput = Type.Object(
  {
    rate: Type.Number({ minimum: 0, maximum: 100, description: 'VAT rate in percent' }),
    taxExcludedAmount: Amount('Base, tax excluded (negative on a credit note)'),
    vatAmount: Opt(Amount('VAT at that rate; null: base × rate, rounded half-up to the cent')),
  },
  { additionalProperties: false },
);
export type PurchaseVatInputT = Static<typeof PurchaseVatInput>;

export const PurchaseInvoice = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'Date' }),
    id: Type.Integer({ format: 'int32', description: 'Expense ID' }),
    notes: Nullable(Type.String({ description: 'Notes' })),
    pdfUrl: Nullable(Type.String({ description: 'Pdf url (the original file, GET /v1/purchaseinvoices/download/{id})' })),
    reference: Nullable(Type.String({ description: 'Reference (the supplier’s invoice number)' })),
    region: VatRegion,
    status: ExpenseStatus,
    subject: Nullable(Type.String({ description: `Subject, at most ${SUBJECT_MAX_LENGTH} characters` })),
    supplier: Nullable(Type.Ref(Supplier)),
    taxIncludedAmount: Type.Number({ description: 'Tax included amount' }),
    vatReverseCharge: Type.Boolean({ description: 'Vat reverse charge' }),
    supplierId: Nullable(Type.Integer({ description: 'Supplier id (extension)' })),
    dueDate: Nullable(Type.String({ format: 'date', description: 'Due date (extension)' })),
    taxExcludedAmount: Nullable(Type.Number({ description: 'Tax excluded amount (extension); null while unknown' })),
    vatAmount: Nullable(Type.Number({ description: 'VAT amount (extension); null while unknown' })),
    vats: Nullable(Type.Array(Type.Ref(PurchaseVat), { description: 'Amounts per VAT rate (extension)' })),
    classificationId: Nullable(Type.Integer({ description: 'Expense classification, GET /v1/classifications?type=Expense (extension)' })),
    paidAmount: Type.Number({ description: 'Settled by supplier payments of status Success (extension)' }),
    balance: Type.Number({ description: 'What remains to pay: taxIncludedAmount − paidAmount (extension)' }),
    isPaid: Type.Boolean({ description: 'balance is 0 and the amount is not (extension)' }),
    duplicateIds: Type.Array(Type.Integer(), {
      description: 'Other purchase invoices of the same supplier with the same reference: a warning, nothing is refused (extension)',
    }),
    supplierIdentifiers: Type.Optional(
      Nullable(
        Type.Object(
          {
            siret: Nullable(Type.String()),
            vatNumber: Nullable(Type.String()),
            countryIso: Nullable(Type.String()),
            verified: Type.Boolean(),
            problems: Type.Array(Type.String()),
          },
          {
            additionalProperties: false,
            description:
              'Facturier extension: the supplier identifiers of an uploaded file that our checks do not know (foreign VAT or tax numbers), kept as given and flagged',
          },
        ),
      ),
    ),
  },
  { $id: 'PurchaseInvoice', additionalProperties: false, description: 'Purchase invoice' },
);
export type PurchaseInvoiceT = Static<typeof PurchaseInvoice>;

/** PUT /v1/purchaseinvoices/{id}: the extracted data a person corrects; absent fields are kept. */
export const PurchaseInvoiceUpdate = Type.Object(
  {
    supplierId: Opt(Int32),
    reference: Opt(Str(200)),
    date: Type.Optional(Type.String({ format: 'date' })),
    dueDate: Opt(Type.String({ format: 'date' })),
    subject: Opt(Str(SUBJECT_MAX_LENGTH)),
    notes: Opt(Str(4000)),
    region: Type.Optional(VatRegion),
    vatReverseCharge: Type.Optional(Type.Boolean()),
    vats: Opt(Type.Array(PurchaseVatInput, { maxItems: 20 })),
    taxIncludedAmount: Type.Optional(Amount('Tax included amount; with vats, must equal their sum')),
    classificationId: Opt(Int32),
  },
  {
    additionalProperties: true,
    description: 'Purchase invoice update: the read-only fields of PurchaseInvoice (id, status, supplier, amounts paid…) are ignored',
  },
);
export type PurchaseInvoiceUpdateT = Static<typeof PurchaseInvoiceUpdate>;

export const PURCHASE_STATUS_FILTERS = ['Paid', 'Unpaid', 'Done', 'Pending'] as const;
export type PurchaseStatusFilterT = (typeof PURCHASE_STATUS_FILTERS)[number];
