// Wire schema of the conformance check (EInvoicingCheckResult; the reference names it without
// showing its fields, the spec and docs/einvoicing.md give them).
import { Type, type Static } from '@sinclair/typebox';
import { EInvoicingFinding } from '../sales/index.js';

export { EInvoicingFinding };

export const EInvoicingCheckResult = Type.Object(
  {
    isValid: Type.Boolean({
      description:
        'The official verdict: false whenever an official rule fails (an EN 16931 error, or any French rule BR-FR, whatever the severity it is shown with)',
    }),
    findings: Type.Array(Type.Ref(EInvoicingFinding)),
  },
  { $id: 'EInvoicingCheckResult', additionalProperties: false, description: 'Result of the e-invoicing conformance check of a draft' },
);
export type EInvoicingCheckResultT = Static<typeof EInvoicingCheckResult>;
