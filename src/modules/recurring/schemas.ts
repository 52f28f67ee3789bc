// Wire schemas of recurring invoices (Facturier extension): the model (customer, the invoice to
// issue, its calendar, what to do with each invoice) and the occurrences it issued.
import { Type, type Static } from '@sinclair/typebox';
import { Int32, Literals, Nullable } from '../../http/schemas.js';
import { InvoiceInput } from '../sales/index.js';

const Frequency = Literals(['Monthly', 'Quarterly', 'Yearly', 'EveryNDays'] as const);
const Mode = Literals(['Draft', 'Finalize', 'FinalizeAndSend'] as const, {
  description: 'Draft: each invoice is left as a draft; Finalize: finalized; FinalizeAndSend: finalized and sent by e-mail to the customer',
});
const Template = Type.Omit(InvoiceInput, ['customerId', 'date'], {
  description: 'The invoice each occurrence issues, as the body of POST /v1/saleinvoices (its customer and date come from the model)',
});

const calendar = {
  frequency: Frequency,
  intervalDays: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 3660, description: 'EveryNDays: the interval' }))),
  startDate: Type.String({ format: 'date' }),
  endDate: Type.Optional(Nullable(Type.String({ format: 'date', description: 'Last possible issue date (inclusive)' }))),
  count: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000, description: 'How many invoices in all' }))),
  dayOfIssue: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: 31, description: 'Monthly, Quarterly, Yearly: day of the month (31: the last day)' })),
  ),
};

export const RecurringInvoiceInput = Type.Object(
  { customerId: Int32, invoice: Template, ...calendar, mode: Type.Optional(Mode) },
  { additionalProperties: false, description: 'A recurring invoice model' },
);
export type RecurringInvoiceInputT = Static<typeof RecurringInvoiceInput>;

export const RecurringInvoice = Type.Object(
  {
    id: Int32,
    customerId: Int32,
    invoice: Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true }),
    frequency: Frequency,
    intervalDays: Nullable(Type.Integer()),
    startDate: Type.String({ format: 'date' }),
    endDate: Nullable(Type.String({ format: 'date' })),
    count: Nullable(Type.Integer()),
    dayOfIssue: Nullable(Type.Integer()),
    mode: Mode,
    status: Literals(['Active', 'Stopped', 'Finished'] as const),
    stoppedReason: Nullable(Type.String({ description: 'Why the model stopped, when it did' })),
    issuedCount: Type.Integer(),
    nextDate: Nullable(Type.String({ format: 'date', description: 'Date of the next invoice; null when finished or stopped' })),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'RecurringInvoice', additionalProperties: false, description: 'A recurring invoice model (Facturier extension)' },
);
export type RecurringInvoiceT = Static<typeof RecurringInvoice>;

export const RecurringOccurrence = Type.Object(
  {
    occurrence: Type.Integer({ description: '0-based' }),
    issueDate: Type.String({ format: 'date' }),
    invoiceId: Nullable(Int32),
    problem: Nullable(Type.String({ description: 'What went wrong (e.g. finalization refused); the invoice stays a draft' })),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'RecurringOccurrence', additionalProperties: false },
);
export type RecurringOccurrenceT = Static<typeof RecurringOccurrence>;
