// Wire schemas of e-reporting (Facturier extensions, docs/ereporting.md).
import { Type } from '@sinclair/typebox';
import { Literals, Nullable } from '../../http/schemas.js';

const Amount = (description: string) => Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description });

export const RateTotals = Type.Object(
  {
    rate: Type.String({ description: 'VAT rate in percent ("20", "5.5")' }),
    taxableAmount: Amount('Taxable base (transactions; credits negative)'),
    taxAmount: Amount('VAT (transactions; credits negative)'),
    collected: Amount('Amount collected, tax included (payments; refunds negative)'),
  },
  { $id: 'EReportingRateTotals', additionalProperties: false },
);

const BlockingPoint = Type.Object(
  {
    document: Nullable(Type.String({ description: 'The document concerned, or null for the account' })),
    reason: Type.String(),
  },
  { additionalProperties: false },
);

const Transmission = Type.Object(
  {
    reportId: Type.String({ description: 'TT-1 of the report' }),
    sequence: Type.Integer({ description: '0 the original report, 1.. the rectifying ones' }),
    typeCode: Literals(['IN', 'RE'] as const, { description: 'TT-4: IN initial, RE rectifying' }),
    state: Literals(['WaitingForTransmission', 'Transmitted', 'TransmissionRefused'] as const),
    flowId: Nullable(Type.String()),
    acknowledgement: Nullable(Literals(['Pending', 'Ok', 'Error'] as const, { description: "The PA's acknowledgement of the flow" })),
    message: Nullable(Type.String({ description: 'Why it waits, why the PA refused or rejected it' })),
    createdAt: Type.String({ format: 'date-time' }),
    submittedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);

export const EReportingPeriod = Type.Object(
  {
    id: Type.String({ description: 'S-AAAAMMJJ-AAAAMMJJ (sales transactions), A-… (purchases from abroad) or P-… (payments)' }),
    kind: Literals(['Sales', 'Purchases', 'Payments'] as const),
    start: Type.String({ format: 'date' }),
    end: Type.String({ format: 'date' }),
    deadline: Type.String({ format: 'date', description: 'Last day to transmit it' }),
    status: Literals(['Open', 'Due', 'NothingToReport', 'Queued', 'Sent', 'Accepted', 'Rejected'] as const),
    late: Type.Boolean({ description: 'The deadline passed and no report was received by then' }),
    entries: Type.Integer({ description: 'Invoices and aggregates the report holds' }),
    totals: Type.Array(Type.Ref(RateTotals)),
    blocking: Type.Array(BlockingPoint),
    rectificationDue: Type.Boolean({ description: 'The books changed since the last report received: sending yields a rectifying report' }),
    transmission: Nullable(Transmission),
    reports: Type.Array(Transmission),
  },
  { $id: 'EReportingPeriod', additionalProperties: false },
);

export const EReportingCalendar = Type.Object(
  {
    regime: Literals(['NormalMonthly', 'NormalQuarterly', 'Simplified', 'Franchise'] as const),
    regimeSource: Literals(['Settings', 'DerivedFromVat'] as const),
    today: Type.String({ format: 'date' }),
    periods: Type.Array(Type.Ref(EReportingPeriod)),
  },
  { $id: 'EReportingCalendar', additionalProperties: false },
);

export const EReportingComparison = Type.Object(
  {
    id: Type.String(),
    kind: Literals(['Sales', 'Purchases', 'Payments'] as const),
    start: Type.String({ format: 'date' }),
    end: Type.String({ format: 'date' }),
    books: Type.Array(Type.Ref(RateTotals), { description: 'What the books say' }),
    einvoicing: Type.Array(Type.Ref(RateTotals), { description: 'What e-invoicing told the administration' }),
    ereporting: Type.Array(Type.Ref(RateTotals), { description: 'What the last report received told it' }),
    told: Type.Array(Type.Ref(RateTotals), { description: 'einvoicing + ereporting' }),
    report: Nullable(Transmission),
    differences: Type.Array(
      Type.Object(
        { document: Type.String(), amount: Amount('Tax excluded (sales) or collected (payments)'), reason: Type.String() },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'EReportingComparison', additionalProperties: false },
);
