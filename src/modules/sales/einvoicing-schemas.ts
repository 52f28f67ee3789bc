// The `einvoicingStatus` and `einvoicingStatuses` fields of Invoice and Credit (Facturier extensions,
// issue #26): where the document stands on the e-invoicing platform and its lifecycle statuses. The
// platform module (modules/platform) fills them; they are declared here, with the documents they belong to.
import { Type, type Static } from '@sinclair/typebox';
import { Literals, Nullable } from '../../http/schemas.js';

export const EInvoicingStatusEntry = Type.Object(
  {
    code: Type.String({ description: 'Lifecycle status code (MDT-105), e.g. 200 Déposée, 210 Refusée, 212 Encaissée' }),
    label: Nullable(Type.String()),
    statusAt: Type.String({ format: 'date-time', description: 'When the status was reached (MDT-78): statuses apply in this order' }),
    emitter: Literals(['Platform', 'Buyer', 'Seller', 'Other'] as const),
    reasonCode: Nullable(Type.String({ description: 'MDT-113, e.g. DOUBLON, TX_TVA_ERR' })),
    reason: Nullable(Type.String()),
    amounts: Nullable(
      Type.Array(Type.Object({ amount: Nullable(Type.String()), currency: Nullable(Type.String()), percent: Nullable(Type.String()) }), {
        description: '212 Encaissée: the amount collected per VAT rate',
      }),
    ),
    applied: Type.Boolean({ description: 'False for a status set aside (a duplicate submission rejected while the first goes on)' }),
    note: Nullable(Type.String()),
  },
  { $id: 'EInvoicingStatusEntry', additionalProperties: false, description: 'Facturier extension: one lifecycle status (CDAR)' },
);

export const EInvoicingStatus = Type.Object(
  {
    transmission: Literals(['NotSent', 'WaitingForTransmission', 'Transmitted', 'TransmissionRefused'] as const, {
      description: 'Whether the document reached the e-invoicing platform',
    }),
    transmissionMessage: Nullable(Type.String({ description: "Why it waits or was refused, with the platform's own text" })),
    flowId: Nullable(Type.String()),
    code: Nullable(Type.String({ description: 'The status in force (by status date, not arrival order), or null' })),
    label: Nullable(Type.String()),
    statusAt: Nullable(Type.String({ format: 'date-time' })),
    reasonCode: Nullable(Type.String()),
    reason: Nullable(Type.String()),
    processed: Type.Boolean({
      description: 'A terminal status is in force: 210 Refusée, 212 Encaissée, 213 Rejetée, 220 Annulée or 501 Irrecevable',
    }),
    nextStep: Nullable(Type.String({ description: 'What to do now, for a rejected, refused or disputed document' })),
  },
  {
    $id: 'EInvoicingStatus',
    additionalProperties: false,
    description: 'Facturier extension: where the document stands on the e-invoicing platform',
  },
);
export type EInvoicingStatusT = Static<typeof EInvoicingStatus>;
