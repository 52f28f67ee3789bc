// Wire schemas of bank accounts, their transactions, statement imports and matching: all our
// extension (docs/bank.md). The reference defines only BankProvider (/v1/bankaccounts/providers),
// whose `id` a bank account's `providerId` names.
import { Type, type Static } from '@sinclair/typebox';
import { Int32, Nullable, Opt, Str } from '../../http/schemas.js';

const StringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

export const MAX_BANK_AMOUNT = 1e11;

export const BankAccountInput = Type.Object(
  {
    name: Str(100, 'Name shown to people, e.g. "Compte courant BNP"'),
    iban: Str(42, 'IBAN (spaces allowed; checked with its mod-97 key)'),
    bic: Opt(Str(11, 'BIC (8 or 11 characters)')),
    providerId: Opt(Str(100, 'Id of a bank provider of GET /v1/bankaccounts/providers')),
    currency: Opt(Type.String({ pattern: '^[A-Za-z]{3}$', maxLength: 3, description: 'ISO 4217 currency (default EUR)' })),
    openingBalance: Opt(
      Type.Number({ minimum: -MAX_BANK_AMOUNT, maximum: MAX_BANK_AMOUNT, description: 'Balance before the first transaction' }),
    ),
    openingDate: Opt(Type.String({ format: 'date' })),
    notes: Opt(Str(4000)),
  },
  { additionalProperties: false, description: 'Bank account to create or update (id, balance and providerName are read-only)' },
);
export type BankAccountInputT = Static<typeof BankAccountInput>;

export const BankAccount = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    iban: Type.String({ description: 'IBAN, without spaces' }),
    bic: Nullable(Type.String()),
    providerId: Nullable(Type.String()),
    providerName: Nullable(Type.String()),
    currency: Type.String(),
    openingBalance: Type.Number(),
    openingDate: Nullable(Type.String({ format: 'date' })),
    balance: Type.Number({ description: 'openingBalance plus every transaction' }),
    transactionCount: Type.Integer(),
    lastTransactionDate: Nullable(Type.String({ format: 'date' })),
    notes: Nullable(Type.String()),
  },
  { $id: 'BankAccount', additionalProperties: false, description: 'Bank account of the company (extension)' },
);
export type BankAccountT = Static<typeof BankAccount>;

export const MATCH_TYPES = ['Receipt', 'SupplierPayment', 'ExpenseReport'] as const;
export type MatchTypeT = (typeof MATCH_TYPES)[number];
export const MatchType = StringEnum(MATCH_TYPES, 'Receipt (customer), SupplierPayment, ExpenseReport (a colleague repaid)');

export const BankTransaction = Type.Object(
  {
    id: Type.Integer(),
    bankAccountId: Type.Integer(),
    importId: Nullable(Type.Integer()),
    date: Type.String({ format: 'date', description: 'Booking date' }),
    valueDate: Nullable(Type.String({ format: 'date' })),
    amount: Type.Number({ description: '> 0 money in, < 0 money out' }),
    label: Type.String(),
    reference: Nullable(Type.String({ description: 'End-to-end id, cheque number…' })),
    counterpartyName: Nullable(Type.String()),
    counterpartyIban: Nullable(Type.String()),
    bankReference: Nullable(Type.String({ description: 'The bank’s id of the entry (AcctSvcrRef, FITID)' })),
    matchType: Nullable(MatchType),
    matchId: Nullable(Type.Integer()),
    matchedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'BankTransaction', additionalProperties: false, description: 'Bank transaction (extension)' },
);
export type BankTransactionT = Static<typeof BankTransaction>;

export const BankStatementImport = Type.Object(
  {
    id: Type.Integer(),
    bankAccountId: Type.Integer(),
    format: StringEnum(['CAMT053', 'OFX', 'CSV'] as const),
    fileName: Nullable(Type.String()),
    readCount: Type.Integer({ description: 'Booked entries read from the file' }),
    insertedCount: Type.Integer({ description: 'New transactions stored' }),
    duplicateCount: Type.Integer({ description: 'Entries already imported (recognised by their key), skipped' }),
    pendingCount: Type.Integer({ description: 'Entries not booked (CAMT status PDNG/INFO), skipped' }),
    firstDate: Nullable(Type.String({ format: 'date' })),
    lastDate: Nullable(Type.String({ format: 'date' })),
  },
  { $id: 'BankStatementImport', additionalProperties: false, description: 'Result of a statement import (extension)' },
);
export type BankStatementImportT = Static<typeof BankStatementImport>;

export const MatchSuggestion = Type.Object(
  {
    type: MatchType,
    id: Type.Integer(),
    date: Type.String({ format: 'date' }),
    amount: Type.Number({ description: 'As the bank sees it: > 0 money in' }),
    thirdName: Nullable(Type.String()),
    reference: Nullable(Type.String()),
    score: Type.Integer({ description: '0..100: amount (50), date proximity (up to 30), reference found in the label (20)' }),
  },
  { $id: 'MatchSuggestion', additionalProperties: false, description: 'A settlement a bank transaction may be (extension)' },
);
export type MatchSuggestionT = Static<typeof MatchSuggestion>;

export const MatchInput = Type.Object(
  { type: MatchType, id: { ...Int32, description: 'Id of the receipt, supplier payment or expense report' } },
  { additionalProperties: false },
);
export type MatchInputT = Static<typeof MatchInput>;

export const BankTransactionInput = Type.Object(
  {
    bankAccountId: { ...Int32, description: 'The bank account (of this account: another one is 404)' },
    date: Type.String({ format: 'date', description: 'Booking date; not before the bank account’s openingDate' }),
    valueDate: Opt(Type.String({ format: 'date', description: 'Value date, at most 31 days from the booking date' })),
    amount: Type.Number({
      minimum: -MAX_BANK_AMOUNT,
      maximum: MAX_BANK_AMOUNT,
      description: 'Signed: > 0 money in (credit), < 0 money out (debit); not 0, 2 decimals at most',
    }),
    direction: Opt(StringEnum(['Credit', 'Debit'] as const, 'Optional check of the sign: Credit needs amount > 0, Debit amount < 0')),
    label: Str(500, 'Label as the bank shows it'),
    reference: Opt(Str(140, 'End-to-end id, cheque number…')),
    counterpartyName: Opt(Str(140)),
    counterpartyIban: Opt(Str(42, 'IBAN of the counterparty (spaces allowed; checked with its mod-97 key)')),
  },
  {
    additionalProperties: false,
    description: 'A bank transaction entered by hand (extension); imported ones are read-only except their match',
  },
);
export type BankTransactionInputT = Static<typeof BankTransactionInput>;
