// Wire schemas of the commitments and settlements views (our extension, docs/ledgers.md). The
// spec names the kinds Customer / Supplier and CustomerReceipt / SupplierPayment, and says there is
// a colleague kind of each without naming it: Colleague and ColleagueRepayment.
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas.js';

const StringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

export const COMMITMENT_TYPES = ['Customer', 'Supplier', 'Colleague'] as const;
export type CommitmentTypeT = (typeof COMMITMENT_TYPES)[number];
export const SETTLEMENT_TYPES = ['CustomerReceipt', 'SupplierPayment', 'ColleagueRepayment'] as const;
export type SettlementTypeT = (typeof SETTLEMENT_TYPES)[number];

export const CommitmentEntry = Type.Object(
  {
    type: StringEnum(
      COMMITMENT_TYPES,
      'Customer: owed to us (sale invoice; a sale credit not yet refunded or offset is negative); Supplier: owed by us (purchase invoice; a supplier credit note not yet refunded is negative); Colleague: owed by us (approved expense report)',
    ),
    id: Type.Integer({ description: 'Id of the sale invoice, purchase invoice or expense report' }),
    thirdId: Nullable(Type.Integer({ description: 'Customer, supplier or colleague id' })),
    thirdName: Nullable(Type.String()),
    reference: Nullable(Type.String({ description: 'Invoice number, supplier reference or report title' })),
    date: Type.String({ format: 'date' }),
    dueDate: Type.String({ format: 'date', description: 'Due date (the date itself when none is set)' }),
    amount: Type.Number({ description: 'Total, tax included; negative for a credit' }),
    dueAmount: Type.Number({ description: 'What remains due; negative for a credit (owed the other way)' }),
  },
  { $id: 'CommitmentEntry', additionalProperties: false, description: 'What is owed to us or by us (extension)' },
);
export type CommitmentEntryT = Static<typeof CommitmentEntry>;

export const SettlementEntry = Type.Object(
  {
    type: StringEnum(SETTLEMENT_TYPES),
    id: Type.Integer({ description: 'Id of the receipt, supplier payment or expense report' }),
    date: Type.String({ format: 'date' }),
    amount: Type.Number({ description: 'Cash for the company: > 0 in (receipts, supplier refunds), < 0 out' }),
    paymentMethod: Nullable(Type.String()),
    reference: Nullable(Type.String()),
    thirdId: Nullable(Type.Integer()),
    thirdName: Nullable(Type.String()),
  },
  { $id: 'SettlementEntry', additionalProperties: false, description: 'What was paid, by kind (extension)' },
);
export type SettlementEntryT = Static<typeof SettlementEntry>;

// --- GET /v1/dashboard (our extension): the figures of the console's landing page ---------------

const Amount = (description: string) => Type.Number({ description });
const Count = (description: string) => Type.Integer({ minimum: 0, description });

export const DashboardMonth = Type.Object(
  {
    month: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', description: 'The calendar month, YYYY-MM' }),
    revenue: Amount('Finalized invoices less finalized credit notes dated in the month, excluding VAT (cancelled ones included)'),
    cash: Amount('Receipts of status Success dated in the month (refunds negative, offsets 0)'),
  },
  { $id: 'DashboardMonth', additionalProperties: false },
);

export const DashboardDocument = Type.Object(
  {
    type: StringEnum(['Invoice', 'Credit'] as const),
    id: Type.Integer(),
    number: Nullable(Type.String()),
    customerId: Nullable(Type.Integer()),
    customerName: Nullable(Type.String()),
    dueDate: Nullable(Type.String({ format: 'date' })),
    balance: Amount('What remains due (to refund, for a credit note)'),
  },
  { $id: 'DashboardDocument', additionalProperties: false },
);

export const Dashboard = Type.Object(
  {
    today: Type.String({ format: 'date', description: "The account's day (its time zone), from which lateness is counted" }),
    months: Type.Array(Type.Ref(DashboardMonth), { description: 'The months asked for, ending with the current one, oldest first' }),
    revenue: Amount('Sum of months[].revenue'),
    cash: Amount('Sum of months[].cash'),
    due: Type.Object(
      {
        total: Amount('Balance of the finalized invoices not paid, not cancelled, not processed, that have a due date'),
        notDue: Amount('Part of total due today or later'),
        overdue: Amount('Part of total due before today: upTo30 + upTo60 + over60'),
        upTo30: Amount('1 to 30 days late'),
        upTo60: Amount('31 to 60 days late'),
        over60: Amount('More than 60 days late'),
      },
      { additionalProperties: false, description: 'What customers owe: the Incoming and Expired invoice lists, by lateness' },
    ),
    toRefund: Amount('Balance of the finalized credit notes not cancelled, not processed: still to refund or offset'),
    waiting: Type.Object(
      {
        invoiceDrafts: Count('Invoices of the Draft list'),
        invoicesToSend: Count('Invoices of the ToSend list (finalized, never sent)'),
        overdueInvoices: Count('Invoices of the Expired list'),
        acceptedQuotes: Count('Quotes of status Accepted (to invoice)'),
        creditDrafts: Count('Credit note drafts'),
        turnedDown: Count(
          'Invoices and credit notes not cancelled that the buyer refused (210) or the platform rejected (213), or whose transmission the platform refused',
        ),
      },
      { additionalProperties: false, description: 'Counts of the documents waiting for an action' },
    ),
    oldestOverdue: Type.Array(Type.Ref(DashboardDocument), { description: 'The 5 invoices longest overdue, earliest due first' }),
    turnedDownDocuments: Type.Array(Type.Ref(DashboardDocument), { description: 'The 20 latest turned-down documents, newest first' }),
  },
  { $id: 'Dashboard', additionalProperties: false, description: 'The figures of a dashboard, computed in one request (extension)' },
);
export type DashboardT = Static<typeof Dashboard>;
export type DashboardDocumentT = Static<typeof DashboardDocument>;
