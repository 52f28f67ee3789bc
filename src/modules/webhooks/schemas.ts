// Webhook (the reference's schema, with its 15 event types) and our extensions: the event types of
// credits, receipts, payments and e-mails, and the deliveries with their attempts.
import { Type, type Static } from '@sinclair/typebox';
import type { EventType } from '../../jobs/outbox.js';
import { Int32, Literals, Nullable, Str } from '../../http/schemas.js';

/** The reference's WebhookType, in its order. */
export const REFERENCE_EVENT_TYPES = [
  'CustomerCreated',
  'InvoiceCreated',
  'CustomerDeleted',
  'CustomerUpdated',
  'ProductCreated',
  'ProductUpdated',
  'ProductDeleted',
  'InvoiceUpdated',
  'ContactUpdated',
  'ContactCreated',
  'QuoteUpdated',
  'QuoteCreated',
  'ContactDeleted',
  'QuoteDeleted',
  'InvoiceDeleted',
] as const;

type Subscribable = EventType | (typeof REFERENCE_EVENT_TYPES)[number];

/**
 * Every type a webhook may subscribe to. A Record over the union, so that an event type added to
 * jobs/outbox.ts without being listed here fails the type check.
 */
const SUBSCRIBABLE: Record<Subscribable, true> = {
  CustomerCreated: true,
  InvoiceCreated: true,
  CustomerDeleted: true,
  CustomerUpdated: true,
  ProductCreated: true,
  ProductUpdated: true,
  ProductDeleted: true,
  InvoiceUpdated: true,
  ContactUpdated: true,
  ContactCreated: true,
  QuoteUpdated: true,
  QuoteCreated: true,
  ContactDeleted: true,
  QuoteDeleted: true,
  InvoiceDeleted: true,
  ColleagueCreated: true,
  ColleagueUpdated: true,
  ColleagueDeleted: true,
  SupplierCreated: true,
  SupplierUpdated: true,
  SupplierDeleted: true,
  InvoiceFinalized: true,
  InvoiceCancelled: true,
  InvoicePaid: true,
  InvoiceSent: true,
  PurchaseInvoiceCreated: true,
  PurchaseInvoiceUpdated: true,
  PurchaseInvoiceDeleted: true,
  PurchaseInvoicePaid: true,
  SupplierPaymentCreated: true,
  SupplierPaymentUpdated: true,
  SupplierPaymentDeleted: true,
  ExpenseReportCreated: true,
  ExpenseReportUpdated: true,
  ExpenseReportDeleted: true,
  ExpenseReportSubmitted: true,
  ExpenseReportApproved: true,
  ExpenseReportReimbursed: true,
  BankAccountCreated: true,
  BankAccountUpdated: true,
  BankAccountDeleted: true,
  BankStatementImported: true,
  BankTransactionMatched: true,
  BankTransactionUnmatched: true,
  CreditCreated: true,
  CreditUpdated: true,
  CreditDeleted: true,
  CreditFinalized: true,
  CreditSent: true,
  ReceiptCreated: true,
  ReceiptUpdated: true,
  ReceiptDeleted: true,
  EmailSent: true,
  EmailFailed: true,
  BankTransactionCreated: true,
  BankTransactionUpdated: true,
  BankTransactionDeleted: true,
  ExpenseReportReimbursementCancelled: true,
  InvoiceEInvoicingStatusChanged: true,
  CreditEInvoicingStatusChanged: true,
  PurchaseInvoiceReceived: true,
  PurchaseInvoiceEInvoicingStatusChanged: true,
  InvoiceReminded: true,
  RecurringInvoiceCreated: true,
  RecurringInvoiceUpdated: true,
  RecurringInvoiceDeleted: true,
  RecurringInvoiceIssued: true,
  RecurringInvoiceStopped: true,
};

export const EVENT_TYPES = [
  ...REFERENCE_EVENT_TYPES,
  ...(Object.keys(SUBSCRIBABLE) as Subscribable[]).filter((t) => !(REFERENCE_EVENT_TYPES as readonly string[]).includes(t)),
];

export const WebhookType = Literals(EVENT_TYPES, {
  $id: 'WebhookType',
  description: "The reference's 15 types, then our extensions (credits, receipts, payments, e-mails): docs/delivery.md",
});

export const MIN_SECRET_LENGTH = 16;

export const Webhook = Type.Object(
  {
    id: Int32,
    name: Type.String({ minLength: 1, description: 'Name' }),
    secretKey: Nullable(
      Type.String({ description: 'The HMAC key of the X-Signature header: answered by the registration only, null in lists' }),
    ),
    types: Type.Array(Type.Ref(WebhookType)),
    url: Type.String({ minLength: 1, description: 'Webhook Uri' }),
  },
  { $id: 'Webhook', additionalProperties: false, description: 'Webhook' },
);
export type WebhookT = Static<typeof Webhook>;

export const WebhookInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    url: Type.String({ minLength: 1, maxLength: 2000, description: 'Absolute http(s) URL; loopback and private addresses are refused' }),
    types: Type.Array(Literals(EVENT_TYPES), { minItems: 1, maxItems: EVENT_TYPES.length * 2 }),
    secretKey: Type.Optional(
      Nullable(
        Type.String({
          minLength: MIN_SECRET_LENGTH,
          maxLength: 200,
          description: `At least ${MIN_SECRET_LENGTH} characters; generated (and answered once) when absent`,
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type WebhookInputT = Static<typeof WebhookInput>;

/**
 * PUT /v1/webhooks/{id} (Facturier extension): the name, URL and event types replaced in place. The
 * signing secret is kept: `secretKey` may be sent back as the list answers it (null), and `id` as the
 * record has it, both ignored; a new secret means deleting and registering again.
 */
export const WebhookUpdate = Type.Object(
  {
    name: WebhookInput.properties.name,
    url: WebhookInput.properties.url,
    types: WebhookInput.properties.types,
    id: Type.Optional(Type.Integer({ description: 'Read-only, ignored' })),
    secretKey: Type.Optional(Type.Null({ description: 'Read-only: the secret is kept (null, as lists answer it)' })),
  },
  { additionalProperties: false },
);
export type WebhookUpdateT = Static<typeof WebhookUpdate>;

export const WebhookAttempt = Type.Object(
  {
    attemptedAt: Type.String({ format: 'date-time' }),
    statusCode: Nullable(Type.Integer({ description: "The receiver's HTTP status; null when no answer came" })),
    error: Nullable(Type.String()),
    durationMs: Type.Integer(),
  },
  { $id: 'WebhookAttempt', additionalProperties: false },
);

export const WebhookDelivery = Type.Object(
  {
    id: Int32,
    webhookId: Int32,
    eventId: Type.String({ description: "The envelope's id (evt_…): the same for every attempt and redelivery" }),
    eventType: Type.String(),
    status: Literals(['Pending', 'Delivered', 'Failed'] as const),
    attempts: Type.Integer(),
    nextAttemptAt: Nullable(Type.String({ format: 'date-time' })),
    lastStatusCode: Nullable(Type.Integer()),
    lastError: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    deliveredAt: Nullable(Type.String({ format: 'date-time' })),
    history: Type.Array(Type.Ref(WebhookAttempt), { description: 'The latest attempts, newest first (at most 20)' }),
  },
  { $id: 'WebhookDelivery', additionalProperties: false, description: 'Facturier extension' },
);
export type WebhookDeliveryT = Static<typeof WebhookDelivery>;

export const DeleteQuery = Type.Object({
  id: Type.Optional(Int32),
  url: Type.Optional(Str(2000)),
});
