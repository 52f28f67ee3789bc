// Wire schemas of colleague expense reports (notes de frais): our extension (docs/expenses.md).
import { Type, type Static } from '@sinclair/typebox';
import { Int32, Nullable, Opt, Str } from '../../http/schemas.js';
import { PaymentMethod } from '../receipts/index.js';

const StringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

export const EXPENSE_REPORT_STATUSES = ['Draft', 'Submitted', 'Approved', 'Reimbursed'] as const;
export type ExpenseReportStatusT = (typeof EXPENSE_REPORT_STATUSES)[number];
export const ExpenseReportStatus = StringEnum(EXPENSE_REPORT_STATUSES, 'Draft → Submitted → Approved → Reimbursed');

const MAX_LINE_AMOUNT = 1e9;

export const ExpenseVatInput = Type.Object(
  {
    rate: Type.Number({ minimum: 0, maximum: 100, description: 'VAT rate in percent' }),
    taxExcludedAmount: Type.Number({ minimum: -MAX_LINE_AMOUNT, maximum: MAX_LINE_AMOUNT, description: 'Base, tax excluded (≥ 0)' }),
    vatAmount: Opt(Type.Number({ minimum: -MAX_LINE_AMOUNT, maximum: MAX_LINE_AMOUNT, description: 'VAT at that rate; null: computed' })),
  },
  { additionalProperties: false },
);

export const ExpenseLineInput = Type.Object(
  {
    date: Type.String({ format: 'date', description: 'Date of the expense, within the report’s period' }),
    merchant: Opt(Str(200)),
    category: Opt(Str(100, 'Free category: Repas, Transport, Hébergement, Carburant…')),
    classificationId: Opt(Int32),
    description: Opt(Str(1000)),
    vats: Type.Array(ExpenseVatInput, { minItems: 1, maxItems: 10, description: 'Amounts per VAT rate' }),
  },
  { additionalProperties: false },
);
export type ExpenseLineInputT = Static<typeof ExpenseLineInput>;

export const ExpenseVat = Type.Object(
  { rate: Type.Number(), taxExcludedAmount: Type.Number(), vatAmount: Type.Number() },
  { additionalProperties: false },
);

export const ExpenseFile = Type.Object(
  {
    fileName: Nullable(Type.String()),
    contentType: Type.String(),
    size: Type.Integer(),
    url: Type.String({ description: 'GET to download it' }),
  },
  { additionalProperties: false },
);

export const ExpenseReportLine = Type.Object(
  {
    id: Type.Integer(),
    date: Type.String({ format: 'date' }),
    merchant: Nullable(Type.String()),
    category: Nullable(Type.String()),
    classificationId: Nullable(Type.Integer()),
    description: Nullable(Type.String()),
    vats: Type.Array(ExpenseVat),
    taxExcludedAmount: Type.Number(),
    vatAmount: Type.Number(),
    taxIncludedAmount: Type.Number(),
    file: Nullable(ExpenseFile),
  },
  { $id: 'ExpenseReportLine', additionalProperties: false },
);
export type ExpenseReportLineT = Static<typeof ExpenseReportLine>;

export const ExpenseReport = Type.Object(
  {
    id: Type.Integer(),
    colleagueId: Type.Integer(),
    colleagueName: Nullable(Type.String()),
    title: Nullable(Type.String()),
    periodStart: Type.String({ format: 'date' }),
    periodEnd: Type.String({ format: 'date' }),
    status: ExpenseReportStatus,
    taxExcludedAmount: Type.Number(),
    vatAmount: Type.Number(),
    taxIncludedAmount: Type.Number({ description: 'What the company owes the colleague' }),
    notes: Nullable(Type.String()),
    submittedAt: Nullable(Type.String({ format: 'date-time' })),
    approvedAt: Nullable(Type.String({ format: 'date-time' })),
    reimbursedDate: Nullable(Type.String({ format: 'date' })),
    reimbursementMethod: Nullable(PaymentMethod),
    reimbursementReference: Nullable(Type.String()),
    lines: Type.Array(Type.Ref(ExpenseReportLine)),
  },
  { $id: 'ExpenseReport', additionalProperties: false, description: 'Expense report of a colleague (extension)' },
);
export type ExpenseReportT = Static<typeof ExpenseReport>;

export const ExpenseReportInput = Type.Object(
  {
    colleagueId: Int32,
    title: Opt(Str(200)),
    periodStart: Type.String({ format: 'date' }),
    periodEnd: Type.String({ format: 'date' }),
    notes: Opt(Str(4000)),
    lines: Opt(Type.Array(ExpenseLineInput, { maxItems: 200 })),
  },
  { additionalProperties: false, description: 'Expense report to create (lines optional; added later through /lines)' },
);
export type ExpenseReportInputT = Static<typeof ExpenseReportInput>;

export const ExpenseReportUpdate = Type.Object(
  {
    colleagueId: Type.Optional(Int32),
    title: Opt(Str(200)),
    periodStart: Type.Optional(Type.String({ format: 'date' })),
    periodEnd: Type.Optional(Type.String({ format: 'date' })),
    notes: Opt(Str(4000)),
  },
  { additionalProperties: false, description: 'Draft expense report update: absent fields kept (lines through /lines)' },
);
export type ExpenseReportUpdateT = Static<typeof ExpenseReportUpdate>;

export const Reimbursement = Type.Object(
  {
    date: Opt(Type.String({ format: 'date', description: 'Date of the repayment (default: today)' })),
    paymentMethod: Type.Optional(PaymentMethod),
    reference: Opt(Str(200)),
  },
  { additionalProperties: false, description: 'The repayment of an approved expense report to its colleague' },
);
export type ReimbursementT = Static<typeof Reimbursement>;
