// /v1/webhooks (the reference: list, register, delete by id or url) and our extensions: a change in
// place (PUT), the deliveries of a webhook with their attempts, and a manual redelivery.
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { pageOf, PagingQuery, setPagingHeaders } from '../../http/paging.js';
import { ensureSchema, IdParams, Int32 } from '../../http/schemas.js';
import { systemResolver } from './ssrf.js';
import { DeleteQuery, Webhook, WebhookAttempt, WebhookDelivery, WebhookInput, WebhookType, WebhookUpdate } from './schemas.js';
import * as webhooks from './service.js';

const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };

export function webhookRoutes(app: TypedApp, ctx: webhooks.WebhooksContext): void {
  for (const schema of [WebhookType, Webhook, WebhookAttempt, WebhookDelivery]) ensureSchema(app, schema);
  const tags = ['Webhooks'];
  const ref = Type.Ref(Webhook);

  app.get(
    '/v1/webhooks',
    { schema: { tags, operationId: 'GET_Webhooks_List', summary: 'List all webhooks', response: { 200: Type.Array(ref) } } },
    async (request) => webhooks.listWebhooks(ctx, request.principal.accountId),
  );

  app.post(
    '/v1/webhooks',
    {
      config: { errorBody: 'Error' },
      schema: {
        tags,
        operationId: 'POST_Webhooks_Post',
        summary: 'Register a new webhook (its URL must resolve to public addresses only; the answer carries the signing secret)',
        body: WebhookInput,
        response: { 201: ref, 400: error, 409: error },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.createWebhook(ctx, request.principal.accountId, request.body)),
  );

  app.put(
    '/v1/webhooks/:id',
    {
      config: { errorBody: 'Error' },
      schema: {
        tags,
        operationId: 'PUT_Webhooks_Update',
        summary:
          'Change a webhook in place: name, URL (checked as at registration) and event types; the signing secret and the deliveries are kept (Facturier extension)',
        params: IdParams,
        body: WebhookUpdate,
        response: { 200: ref, 400: error, 404: error },
      },
    },
    async (request) => webhooks.updateWebhook(ctx, request.principal.accountId, request.params.id, request.body),
  );

  app.delete(
    '/v1/webhooks',
    {
      schema: {
        tags,
        operationId: 'DELETE_Webhooks_Delete',
        summary: 'Unregister a webhook, by id or (id absent or 0) by URL; its pending deliveries are dropped',
        querystring: DeleteQuery,
        response: { 200: ref, 400: problem, 404: problem },
      },
    },
    async (request) => webhooks.deleteWebhook(ctx, request.principal.accountId, request.query.id, request.query.url),
  );

  app.get(
    '/v1/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        operationId: 'GET_Webhooks_Deliveries',
        summary: 'Deliveries of a webhook, newest first, with their latest attempts (Facturier extension)',
        params: IdParams,
        querystring: Type.Object({ ...PagingQuery }),
        response: { 200: Type.Array(Type.Ref(WebhookDelivery)), 400: problem, 404: problem },
      },
    },
    async (request, reply) => {
      const page = pageOf(request.query);
      const { items, total } = await webhooks.listDeliveries(ctx, request.principal.accountId, request.params.id, page);
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    '/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        operationId: 'POST_Webhooks_Redeliver',
        summary: 'Deliver an event again, now, with the same event id (Facturier extension)',
        params: Type.Object({ id: Int32, deliveryId: Int32 }),
        response: { 200: Type.Ref(WebhookDelivery), 404: problem },
      },
    },
    async (request) => webhooks.redeliver(ctx, request.principal.accountId, request.params.id, request.params.deliveryId),
  );
}

export function webhooksContext(appCtx: AppContext): webhooks.WebhooksContext {
  return {
    db: appCtx.db,
    config: appCtx.config,
    clock: appCtx.delivery?.clock ?? Date.now,
    resolve: appCtx.delivery?.resolve ?? systemResolver,
  };
}
