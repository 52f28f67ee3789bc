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
