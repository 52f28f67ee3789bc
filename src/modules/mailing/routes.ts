// POST {path}/send/{id} for each sendable kind (invoices and credits here; quotes register theirs
// with registerSendRoute), and GET /v1/emails/{id} (our extension) to follow a message.
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { pageOf, PagingQuery, setPagingHeaders } from '../../http/paging.js';
import { ensureSchema, IdParams, Int32, Literals } from '../../http/schemas.js';
import { EmailMessage, SendBody } from './schemas.js';
import { CREDIT_SENDABLE, INVOICE_SENDABLE, registerSendable, type Sendable } from './sendables.js';
import { getEmail, listEmails, queueSend } from './service.js';

const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };

/** Registers `${sendable.path}/send/:id`, and the kind for the worker. */
export function registerSendRoute(app: TypedApp, ctx: AppContext, sendable: Sendable): void {
  ensureSchema(app, EmailMessage);
  registerSendable(sendable);
  const clock = ctx.delivery?.clock ?? Date.now;
  app.post(
    `${sendable.path}/send/:id`,
    {
      // No body at all (WooCommerce, the n8n node with an empty list) is an empty list.
      preValidation: (request, _reply, done) => {
        request.body ??= [];
        done();
      },
      // The issue asks for an Error naming the bad address; the spec's 404 is ProblemDetails.
      config: { errorBodyByStatus: { 400: 'Error' } },
      schema: {
        tags: [sendable.tag],
        operationId: `POST_${sendable.tag}_Send`,
        summary:
          `Send the ${sendable.label} by e-mail with its PDF, using the account's templates (Settings.emailing.${sendable.templates}); ` +
          'answers once the message is queued, with the queued message (Facturier extension)',
        params: IdParams,
        body: Type.Optional(SendBody),
        response: { 200: Type.Ref(EmailMessage), 400: error, 404: problem, 503: problem },
      },
    },
    async (request) => queueSend(ctx, clock, sendable, request.principal.accountId, request.params.id, request.body),
  );
}

export function mailingRoutes(app: TypedApp, ctx: AppContext): void {
  registerSendRoute(app, ctx, INVOICE_SENDABLE);
  registerSendRoute(app, ctx, CREDIT_SENDABLE);
  ensureSchema(app, EmailMessage);
  app.get(
    '/v1/emails',
    {
      schema: {
        tags: ['Emails'],
        operationId: 'GET_Emails_List',
        summary: 'The e-mails queued by the send endpoints, newest first, with their status (Facturier extension)',
        querystring: Type.Object({
          PageIndex: PagingQuery.PageIndex,
          PageSize: PagingQuery.PageSize,
          DocumentType: Type.Optional(
            Literals(['Invoice', 'Credit', 'Quote'] as const, { description: 'Only the e-mails of this kind of document' }),
          ),
          DocumentId: Type.Optional({ ...Int32, description: 'Only the e-mails of this document (with DocumentType)' }),
          Status: Type.Optional(Literals(['Queued', 'Sent', 'Failed'] as const, { description: 'Only the e-mails in this state' })),
        }),
        response: { 200: Type.Array(Type.Ref(EmailMessage)), 400: problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = pageOf(q);
      const { items, total } = await listEmails(
        ctx,
        request.principal.accountId,
        { documentType: q.DocumentType, documentId: q.DocumentId, status: q.Status },
        page,
      );
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );
  app.get(
    '/v1/emails/:id',
    {
      schema: {
        tags: ['Emails'],
        operationId: 'GET_Emails_Get',
        summary: 'An e-mail queued by a send endpoint, with its status (Facturier extension)',
        params: IdParams,
        response: { 200: Type.Ref(EmailMessage), 404: problem },
      },
    },
    async (request) => getEmail(ctx, request.principal.accountId, request.params.id),
  );
}
