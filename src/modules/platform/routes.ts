// The e-invoicing platform's routes (Facturier extensions, docs/einvoicing-platform.md): the
// connection test, sending a sale document on demand, reading the platform now, the review list, the
// buyer's answers to a received purchase invoice and its timeline, the directory look-up of a customer.
// The statuses of sale documents are answered as fields of Invoice and Credit (see index.ts).
import { Type } from '@sinclair/typebox';
import type { TypedApp } from '../../http/module.js';
import { ensureSchema, IdParams } from '../../http/schemas.js';
import { BUYER_REASON_CODES } from '../../domain/lifecycle.js';
import { ValidationError } from '../../errors.js';
import {
  DirectoryLookup,
  EInvoicingStatus,
  EInvoicingStatusEntry,
  PlatformHealth,
  PurchaseAnswer,
  ReviewItem,
  SyncResult,
} from './schemas.js';
import * as platform from './service.js';

const problem = { $ref: 'ProblemDetails#' };

export function platformRoutes(app: TypedApp, p: platform.PlatformContext): void {
  for (const schema of [PlatformHealth, SyncResult, ReviewItem, DirectoryLookup]) ensureSchema(app, schema);
  const tags = ['E-invoicing platform'];

  app.get(
    '/v1/einvoicing/platform/healthcheck',
    {
      schema: {
        tags,
        operationId: 'GET_EInvoicing_PlatformHealth',
        summary: 'Test the connection to the e-invoicing platform (its Flow and Directory Services healthchecks)',
        response: { 200: Type.Ref(PlatformHealth), 400: problem },
      },
    },
    async (request) =>
      platform.testConnection(p, request.principal.accountId, p.ctx.config.publicUrl ?? `${request.protocol}://${request.host}`),
  );

  app.post(
    '/v1/einvoicing/platform/webhook/:key',
    {
      config: { public: true },
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        operationId: 'POST_EInvoicing_PlatformWebhook',
        summary:
          "The platform's webhook (XP Z12-013 WebhookCallbackContent): no API key, the URL's key names the account (GET /v1/einvoicing/platform/healthcheck answers it). The call is only a signal: the account's flows are read at once through the platform's API",
        params: Type.Object({ key: Type.String({ maxLength: 200 }) }),
        body: Type.Unknown({
          description: 'WebhookCallbackContent: { "flowInfo": Flow }, checked against the official Flow Service document',
        }),
        response: { 200: Type.Null({ description: 'Taken into account' }), 400: problem, 404: problem },
      },
    },
    async (request, reply) => {
      await platform.acceptCallback(p, request.params.key, request.body);
      return reply.code(200).send(null);
    },
  );

  for (const [path, kind] of [
    ['saleinvoices', 'Invoice'],
    ['salecredits', 'Credit'],
  ] as const) {
    app.post(
      `/v1/${path}/transmit/:id`,
      {
        schema: {
          tags,
          operationId: `POST_${kind === 'Invoice' ? 'SaleInvoices' : 'SaleCredits'}_Transmit`,
          summary: `Send a finalized ${kind === 'Invoice' ? 'invoice' : 'credit note'} to the e-invoicing platform now (once: never twice)`,
          params: IdParams,
          response: { 200: Type.Ref(EInvoicingStatus), 400: problem, 404: problem },
        },
      },
      async (request) => {
        const accountId = request.principal.accountId;
        await platform.transmitNow(p, accountId, kind, request.params.id);
        return (await platform.documentStatuses(p.ctx.db.kysely, accountId, kind, [request.params.id])).get(request.params.id)!
          .einvoicingStatus;
      },
    );
  }

  app.post(
    '/v1/einvoicing/sync',
    {
      schema: {
        tags,
        operationId: 'POST_EInvoicing_Sync',
        summary: "Submit what waits and read the platform's flows (statuses, supplier invoices) now, instead of at the next minute",
        response: { 200: Type.Ref(SyncResult), 400: problem },
      },
    },
    async (request) => platform.syncNow(p, request.principal.accountId),
  );

  app.get(
    '/v1/einvoicing/review',
    {
      schema: {
        tags,
        operationId: 'GET_EInvoicing_Review',
        summary:
          'What was read from the platform and not applied: statuses naming no document of the account, unreadable messages, invoices not received',
        response: { 200: Type.Array(Type.Ref(ReviewItem)) },
      },
    },
    async (request) => platform.reviewList(p, request.principal.accountId),
  );

  app.post(
    '/v1/purchaseinvoices/einvoicingstatus/:id',
    {
      schema: {
        tags,
        operationId: 'POST_PurchaseInvoices_EInvoicingStatus',
        summary:
          'Answer a supplier invoice received through the platform: take it in, approve, dispute or refuse it (with a reason), or say the payment was sent',
        params: IdParams,
        querystring: PurchaseAnswer,
        response: { 200: Type.Array(Type.Ref(EInvoicingStatusEntry)), 400: problem, 404: problem },
      },
    },
    async (request) => {
      const { action, reasonCode = null, reason = null } = request.query;
      const code = platform.BUYER_ACTIONS[action];
      if (code === '207' || code === '210') {
        if (!reasonCode)
          throw ValidationError.field(
            'reasonCode',
            `a reason code is required to ${action === 'Disputed' ? 'dispute' : 'refuse'} an invoice (BR-FR-CDV-15)`,
          );
        if (!BUYER_REASON_CODES[code].includes(reasonCode))
          throw ValidationError.field(
            'reasonCode',
            `${reasonCode} is not a reason to ${action === 'Disputed' ? 'dispute' : 'refuse'}: one of ${BUYER_REASON_CODES[code].join(', ')}`,
          );
      } else if (reasonCode) throw ValidationError.field('reasonCode', `a reason code goes with Disputed or Refused only`);
      return platform.answerPurchase(p, request.principal.accountId, request.params.id, action, reasonCode, reason);
    },
  );

  app.get(
    '/v1/purchaseinvoices/einvoicingstatuses/:id',
    {
      schema: {
        tags,
        operationId: 'GET_PurchaseInvoices_EInvoicingStatuses',
        summary: 'The lifecycle statuses of a purchase invoice received through the platform, its own answers included',
        params: IdParams,
        response: { 200: Type.Array(Type.Ref(EInvoicingStatusEntry)), 404: problem },
      },
    },
    async (request) => platform.purchaseTimeline(p, request.principal.accountId, request.params.id),
  );

  app.post(
    '/v1/einvoicing/directory/customers/:id',
    {
      schema: {
        tags,
        operationId: 'POST_EInvoicing_DirectoryCustomer',
        summary: "Look up the customer's electronic address (BT-49) in the platform's Directory Service, by SIREN, and store it",
        params: IdParams,
        response: { 200: Type.Ref(DirectoryLookup), 400: problem, 404: problem, 503: problem },
      },
    },
    async (request) => platform.lookUpCustomer(p, request.principal.accountId, request.params.id),
  );
}
