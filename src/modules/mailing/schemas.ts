// The body of the send endpoints (a JSON array of addresses, as the reference) and the e-mail
// record they answer (our extension: the reference answers 200 with no body).
import { Type, type Static } from '@sinclair/typebox';
import { Int32, Literals, Nullable } from '../../http/schemas.js';

export const SendBody = Type.Array(Type.String({ maxLength: 254 }), {
  maxItems: 50,
  description: "E-mail addresses; empty (or no body): the customer's address",
});

export const EmailMessage = Type.Object(
  {
    id: Int32,
    documentType: Type.String({ description: 'Invoice, Credit or Quote' }),
    documentId: Int32,
    documentNumber: Nullable(Type.String()),
    status: Literals(['Queued', 'Sent', 'Failed'] as const),
    to: Type.Array(Type.String()),
    cc: Type.Array(Type.String()),
    bcc: Type.Array(Type.String()),
    subject: Type.String(),
    attachment: Nullable(Type.String({ description: 'File name of the attached PDF' })),
    attempts: Type.Integer(),
    lastError: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    sentAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'EmailMessage', additionalProperties: false, description: 'An e-mail queued by a send endpoint (Facturier extension)' },
);
export type EmailMessageT = Static<typeof EmailMessage>;
