// Wire schema of the conformance check (EInvoicingCheckResult; the reference names it without
// showing its fields, the spec and docs/einvoicing.md give them).
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas.js';

export const EInvoicingFinding = Type.Object(
  {
    ruleId: Type.String({
      description: 'Rule identifier, e.g. BR-CO-15 (EN 16931) or BR-FR-12_BT-49 (French CTC rules, official assert id)',
    }),
    severity: Type.Union([Type.Literal('Error'), Type.Literal('Warning')], {
      description:
        'Error: blocks the document (EN 16931; French rules on a domestic B2B document); Warning: advice only (French rules on a consumer or foreign-buyer document)',
    }),
    message: Type.String(),
    businessTerm: Nullable(Type.String({ description: 'EN 16931 business term, e.g. BT-112' })),
    location: Nullable(Type.String({ description: 'XPath of the offending node in the generated CII XML' })),
  },
  { $id: 'EInvoicingFinding', additionalProperties: false, description: 'One failed rule' },
);

export const EInvoicingCheckResult = Type.Object(
  {
    isValid: Type.Boolean({ description: 'True when no finding is an Error (warnings alone leave the document valid)' }),
    findings: Type.Array(Type.Ref(EInvoicingFinding)),
  },
  { $id: 'EInvoicingCheckResult', additionalProperties: false, description: 'Result of the e-invoicing conformance check of a draft' },
);
export type EInvoicingCheckResultT = Static<typeof EInvoicingCheckResult>;
