// Wire schemas of the e-invoicing platform (Facturier extensions): the connection test, the buyer's
// answers to a received invoice, the review list, the directory look-up. A document's status and
// timeline are fields of Invoice and Credit: their schemas live in sales (einvoicing-schemas.ts).
import { Type } from '@sinclair/typebox';
import { BUYER_REASON_CODES } from '../../domain/lifecycle.js';
import { Literals, Nullable, Str } from '../../http/schemas.js';
export { EInvoicingStatus, EInvoicingStatusEntry, type EInvoicingStatusT } from '../sales/index.js';

const ServiceCheck = Type.Object({ ok: Type.Boolean(), message: Nullable(Type.String()) }, { additionalProperties: false });
export const PlatformHealth = Type.Object(
  {
    flowService: ServiceCheck,
    directoryService: ServiceCheck,
    webhookUrl: Type.String({
      description:
        "The URL to give the platform for its webhook calls (XP Z12-013 WebhookCallbackContent): a call makes Facturier read the account's flows at once instead of at the next minute. Keep it secret: it names the account",
    }),
  },
  { $id: 'PlatformHealth', additionalProperties: false, description: 'Facturier extension: the e-invoicing platform connection test' },
);

export const SyncResult = Type.Object(
  {
    flowsRead: Type.Integer(),
    transmissionsTried: Type.Integer(),
    statusesSent: Type.Integer(),
    lastError: Nullable(Type.String()),
    polledAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'PlatformSync', additionalProperties: false },
);

const ALL_REASONS = [...new Set([...BUYER_REASON_CODES['207'], ...BUYER_REASON_CODES['210']])];
export const PurchaseAnswer = Type.Object(
  {
    action: Literals(['TakenOver', 'Approved', 'Disputed', 'Refused', 'PaymentSent'] as const, {
      description: '204 Prise en charge, 205 Approuvée, 207 En litige, 210 Refusée, 211 Paiement transmis',
    }),
    reasonCode: Type.Optional(Nullable(Literals(ALL_REASONS, { description: 'Required to dispute or refuse (BR-FR-CDV-15)' }))),
    reason: Type.Optional(Nullable(Str(1000))),
  },
  { additionalProperties: false },
);

export const ReviewItem = Type.Object(
  {
    kind: Literals(['UnmatchedStatus', 'MalformedFlow', 'RefusedInvoice'] as const),
    flowId: Nullable(Type.String()),
    invoiceNumber: Nullable(Type.String()),
    code: Nullable(Type.String()),
    statusAt: Nullable(Type.String()),
    problem: Nullable(Type.String()),
  },
  { $id: 'EInvoicingReviewItem', additionalProperties: false },
);

export const DirectoryLookup = Type.Object(
  {
    siren: Nullable(Type.String()),
    found: Type.Boolean(),
    electronicAddress: Nullable(
      Type.String({ description: "BT-49, scheme 0225: now the customer's companyInformations.electronicAddress" }),
    ),
    message: Type.String(),
  },
  { $id: 'EInvoicingDirectoryLookup', additionalProperties: false },
);
