// /v1/salequotes: the reference's CRUD, find, list and download, and our documented actions (issue,
// markassent, accept, refuse, close, invoice, deposit). State conflicts answer 409 ProblemDetails.
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../../http/etag.js';
import type { TypedApp } from '../../http/module.js';
import { pageOf, PagingQuery, parseOrderBy, setPagingHeaders } from '../../http/paging.js';
import { ensureSchema, IdParams, Int32, Nullable, Str } from '../../http/schemas.js';
import { DEFAULT_DOCUMENT_ORDER, Invoice, SALE_DOCUMENT_ORDER_BY, SaleDocumentLine, VatSummary } from '../sales/index.js';
import type { QuoteSortColumn } from './repo.js';
import { DepositInput, Quote, QuoteInput, QuoteStatusFilter } from './schemas.js';
import * as quotes from './service.js';
import { registerSendRoute } from '../mailing/index.js';

const ORDER_BY: Record<string, QuoteSortColumn> = {
  ...SALE_DOCUMENT_ORDER_BY,
  validityDate: 'validityDate',
  status: 'status',
  createdAt: 'createdAt',
};

const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };
const tags = ['SaleQuotes'];
const PATH = '/v1/salequotes';

const ACTIONS: { path: string; which: quotes.Transition; op: string; summary: string }[] = [
  { path: 'issue', which: 'issue', op: 'Issue', summary: 'Issue a draft quote: it gets its number (Facturier extension)' },
  {
    path: 'markassent',
    which: 'send',
    op: 'MarkAsSent',
    summary: 'Record that the quote was sent to the customer: status Sent, sentAt (Facturier extension)',
  },
  {
    path: 'accept',
    which: 'accept',
    op: 'Accept',
    summary: 'Record the customer’s acceptance: status Accepted, acceptedAt (Facturier extension)',
  },
  {
    path: 'refuse',
    which: 'refuse',
    op: 'Refuse',
    summary: 'Record the customer’s refusal: status Refused, refusedAt (Facturier extension)',
  },
  { path: 'close', which: 'close', op: 'Close', summary: 'Close the quote without invoicing it: status Closed (Facturier extension)' },
];

export function quoteRoutes(app: TypedApp, appCtx: AppContext): void {
  for (const schema of [SaleDocumentLine, VatSummary, Invoice, Quote]) ensureSchema(app, schema);
  const ctx: quotes.QuotesContext = { db: appCtx.db, publicUrl: appCtx.config.publicUrl, workers: appCtx.workers };
  const ref = Type.Ref(Quote);
  const config = { textVariants: true };

  registerSendRoute(app, appCtx, {
    kind: 'Quote',
    path: PATH,
    tag: 'SaleQuotes',
    label: 'quote',
    title: 'Devis',
    templates: 'quotes',
    draftAdvice: (id) => `issue it (POST ${PATH}/issue/${id})`,
    issueOnSend: async (_appCtx, accountId, id) => {
      await quotes.transition(ctx, accountId, id, 'issue');
    },
    load: (_appCtx, db, accountId, id) => quotes.quoteToSend(db, accountId, id),
    pdf: (_appCtx, accountId, id) => quotes.downloadQuote(ctx, accountId, id),
    markSent: (_appCtx, trx, accountId, id, at) => quotes.markQuoteSent(trx, ctx, accountId, id, at),
  });

  app.get(
    PATH,
    {
      config,
      schema: {
        tags,
        operationId: 'GET_SaleQuotes_List',
        summary: 'List quotes',
        querystring: Type.Object({
          ...PagingQuery,
          From: Type.Optional(Type.String({ format: 'date', description: 'Quotes dated on or after (inclusive)' })),
          To: Type.Optional(Type.String({ format: 'date', description: 'Quotes dated on or before (inclusive)' })),
          CustomerId: Type.Optional(Int32),
          query: Type.Optional(
            Str(
              100,
              "Part of the number or of the customer's name (any case), or an exact amount with or without VAT (1234,50) (Facturier extension)",
            ),
          ),
          Status: Type.Optional({
            ...QuoteStatusFilter,
            description: 'A status, or Expired: Pending or Sent past their validity date (Facturier extension)',
          }),
        }),
        response: { 200: Type.Array(ref), 400: problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = pageOf(q);
      const order = parseOrderBy(q.OrderBy, ORDER_BY, DEFAULT_DOCUMENT_ORDER);
      const { items, total } = await quotes.listQuotes(
        ctx,
        request.principal.accountId,
        { from: q.From, to: q.To, customerId: q.CustomerId, query: q.query, status: q.Status },
        page,
        order,
      );
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    PATH,
    {
      config: { ...config, errorBody: 'Error' },
      schema: {
        tags,
        operationId: 'POST_SaleQuotes_Post',
        summary: 'Create a quote (Pending, not numbered until issued)',
        body: QuoteInput,
        response: { 200: ref, 400: error },
      },
    },
    async (request, reply) => withETag(reply, await quotes.createQuote(ctx, request.principal.accountId, request.body)),
  );

  app.get(
    `${PATH}/find`,
    {
      config,
      schema: {
        tags,
        operationId: 'GET_SaleQuotes_Find',
        summary: 'Find by internal id (or number, Facturier extension)',
        querystring: Type.Object({ internalId: Type.Optional(Str(200)), number: Type.Optional(Str(50)) }),
        response: { 200: Type.Array(ref) },
      },
    },
    async (request) => quotes.findQuotes(ctx, request.principal.accountId, request.query),
  );

  app.get(
    `${PATH}/:id`,
    {
      config: { ...config, errorBody: 'Error' },
      schema: { tags, operationId: 'GET_SaleQuotes_Get', summary: 'Get by id', params: IdParams, response: { 200: ref, 404: error } },
    },
    async (request, reply) => withETag(reply, await quotes.getQuote(ctx, request.principal.accountId, request.params.id)),
  );

  app.put(
    `${PATH}/:id`,
    {
      config,
      schema: {
        tags,
        operationId: 'PUT_SaleQuotes_Put',
        summary: 'Update a Pending or Sent quote: absent fields keep their value, null clears, lines replace (Facturier extension)',
        params: IdParams,
        headers: IfMatchHeaders,
        body: QuoteInput,
        response: { 200: ref, 400: problem, 404: problem, 409: problem, 412: problem },
      },
    },
    async (request, reply) =>
      withETag(reply, await quotes.updateQuote(ctx, request.principal.accountId, request.params.id, request.body, ifMatchOf(request))),
  );

  app.delete(
    `${PATH}/:id`,
    {
      config,
      schema: {
        tags,
        operationId: 'DELETE_SaleQuotes_Delete',
        summary: 'Delete a quote never issued; answers the deleted quote',
        params: IdParams,
        headers: IfMatchHeaders,
        response: { 200: ref, 400: problem, 404: problem, 409: problem, 412: problem },
      },
    },
    async (request) => quotes.deleteQuote(ctx, request.principal.accountId, request.params.id, ifMatchOf(request)),
  );

  app.get(
    `${PATH}/download/:id`,
    {
      schema: {
        tags,
        operationId: 'GET_SaleQuotes_Download',
        summary: 'Download the quote as a PDF file (a devis; never an e-invoice)',
        produces: ['application/pdf'],
        params: IdParams,
        response: { 200: Type.String({ format: 'binary', description: 'PDF file' }), 404: problem, 503: problem },
      },
    },
    async (request, reply) => {
      const file = await quotes.downloadQuote(ctx, request.principal.accountId, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );

  for (const a of ACTIONS) {
    app.post(
      `${PATH}/${a.path}/:id`,
      {
        config,
        schema: {
          tags,
          operationId: `POST_SaleQuotes_${a.op}`,
          summary: a.summary,
          params: IdParams,
          response: { 200: ref, 400: problem, 404: problem, 409: problem },
        },
      },
      async (request, reply) => withETag(reply, await quotes.transition(ctx, request.principal.accountId, request.params.id, a.which)),
    );
  }

  app.post(
    `${PATH}/invoice/:id`,
    {
      config,
      schema: {
        tags,
        operationId: 'POST_SaleQuotes_Invoice',
        summary:
          'Make the draft invoice of an accepted quote, deducting its finalized deposit invoices; the quote becomes Invoiced (Facturier extension)',
        params: IdParams,
        response: { 200: Type.Ref(Invoice), 400: problem, 404: problem, 409: problem },
      },
    },
    async (request, reply) => withETag(reply, await quotes.invoiceQuote(ctx, request.principal.accountId, request.params.id)),
  );

  app.post(
    `${PATH}/deposit/:id`,
    {
      config,
      schema: {
        tags,
        operationId: 'POST_SaleQuotes_Deposit',
        summary:
          'Make a deposit invoice (draft, EN 16931 type code 386) of an accepted quote, for a percentage or an amount tax included (Facturier extension)',
        params: IdParams,
        body: Nullable(DepositInput),
        response: { 200: Type.Ref(Invoice), 400: problem, 404: problem, 409: problem },
      },
    },
    async (request, reply) =>
      withETag(reply, await quotes.createDeposit(ctx, request.principal.accountId, request.params.id, request.body ?? undefined)),
  );
}
