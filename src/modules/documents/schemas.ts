// Wire schema of the conformance check (EInvoicingCheckResult; the reference names it without
// showing its fields, the spec and docs/einvoicing.md give them).
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../http/schemas.js';

export const EInvoicingFinding = Type.Object(
  {
    ruleId: Type.String({ description: 'Rule identifier, e.g. BR-CO-15 (EN 16931) or BR-FR-12 (French CTC rules)' }),
    severity: Type.Union([Type.Literal('Error'), Type.Literal('Warning')], {
      description: 'Error: EN 16931 rule; Warning: French national rule (still makes isValid false)',
    }),
    message: Type.String(),
    businessTerm: Nullable(Type.String({ description: 'EN 16931 business term, e.g. BT-112' })),
    location: Nullable(Type.String({ description: 'XPath of the offending node in the generated CII XML' })),
  },
  { $id: 'EInvoicingFinding', additionalProperties: false, description: 'One failed rule' },
);

export const EInvoicingCheckResult = Type.Object(
  {
    isValid: Type.Boolean({ description: 'True only when there is no finding at all, warnings included' }),
    findings: Type.Array(Type.Ref(EInvoicingFinding)),
  },
  { $id: 'EInvoicingCheckResult', additionalProperties: false, description: 'Result of the e-invoicing conformance check of a draft' },
);
export type EInvoicingCheckResultT = Static<typeof EInvoicingCheckResult>;
