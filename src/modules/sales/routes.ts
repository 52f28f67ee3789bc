// /v1/saleinvoices and /v1/salecredits: drafts, lists with the spec's filters, finalization,
// cancellation. Error bodies follow the spec's table (Error on get-by-id of both kinds).
import { Type, type TSchema } from '@sinclair/typebox';
import type { preValidationHookHandler } from 'fastify';
import type { AppContext } from '../../context.js';
import { TURNED_SIGNS_NOTICE, turnRefundSigns } from '../../domain/credit-signs.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../../http/etag.js';
import type { SchemaOf, TypedApp } from '../../http/module.js';
import { pageOf, PagingQuery, parseOrderBy, setPagingHeaders } from '../../http/paging.js';
import { bind } from '../../http/binding.js';
import { answerThroughCache } from '../../http/fragments.js';
import { fragmentsFor } from '../../app/fragments.js';
import { ensureSchema } from '../../http/schemas.js';
import { EInvoicingStatus, EInvoicingStatusEntry } from './einvoicing-schemas.js';
import { IdParams, Int32, Str } from '../../http/schemas.js';
import type { DocumentKind } from './document.js';
import type { SortColumn } from './repo.js';
import {
  Commitment,
  Credit,
  CreditInput,
  EInvoicingFinding,
  FinalizationDateAdjustment,
  InclusionFilter,
  Invoice,
  InvoiceInput,
  InvoiceStatusFilter,
  SaleDocumentLine,
  VatSummary,
  type DocumentInputT,
} from './schemas.js';
import * as sales from './service.js';
import { DEFAULT_DOCUMENT_ORDER, SALE_DOCUMENT_ORDER_BY } from './ordering.js';
import { fileRoutes } from './files-routes.js';

const ORDER_BY: Record<string, SortColumn> = { ...SALE_DOCUMENT_ORDER_BY, balance: 'balance', dueDate: 'dueDate', createdAt: 'createdAt' };

interface KindRoutes {
  kind: DocumentKind;
  path: string;
  tag: string;
  input: SchemaOf<DocumentInputT>;
  output: TSchema;
  /** The spec has credit delete answer with the Invoice schema. */
  deleteOutput: TSchema;
}

const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };

/**
 * A credit written as a refund with signs is read as the amounts credited, and the answer says so.
 * Before validation (a negative shipping amount would be refused), on the body as binding reads it.
 */
function readAsCredited(input: TSchema): preValidationHookHandler {
  return (request, reply, done) => {
    const turned = turnRefundSigns(bind(input, request.body, 'body') as DocumentInputT);
    if (turned) {
      request.body = turned;
      reply.header('x-facturier-notice', TURNED_SIGNS_NOTICE);
    }
    done();
  };
}

function documentRoutes(app: TypedApp, ctx: sales.SalesContext, r: KindRoutes): void {
  const ref = Type.Ref(r.output);
  const tags = [r.tag];
  const config = { textVariants: true };
  const listQuery = Type.Object({
    ...PagingQuery,
    From: Type.Optional(Type.String({ format: 'date', description: 'Documents dated on or after (inclusive)' })),
    To: Type.Optional(Type.String({ format: 'date', description: 'Documents dated on or before (inclusive)' })),
    CustomerId: Type.Optional(Int32),
    query: Type.Optional(
      Str(
        100,
        "Part of the number or of the customer's name (any case), or an exact amount with or without VAT (1234,50) (Facturier extension)",
      ),
    ),
    // Credits too (Facturier extension: the reference lists credits without a status filter).
    Status: Type.Optional(InvoiceStatusFilter),
    Cancelled: Type.Optional(InclusionFilter),
    IncludeCancelled: Type.Optional(Type.Boolean({ description: "The n8n node's spelling: true is Cancelled=All" })),
    Processed: Type.Optional(InclusionFilter),
    EInvoicingStatus: Type.Optional(
      Type.String({
        maxLength: 200,
        pattern: '^[0-9]{3}(,[0-9]{3})*$',
        description:
          'Facturier extension: documents whose lifecycle status in force (einvoicingStatus.code) is one of these codes, comma-separated (e.g. 210,213). Processed then defaults to All',
      }),
    ),
  });

  app.get(
    r.path,
    {
      config,
      schema: {
        tags,
        operationId: `GET_${r.tag}_List`,
        summary: 'List documents',
        querystring: listQuery,
        response: { 200: Type.Array(ref), 400: problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = pageOf(q);
      const order = parseOrderBy(q.OrderBy, ORDER_BY, DEFAULT_DOCUMENT_ORDER);
      const { items, total } = await sales.listDocuments(
        ctx,
        request.principal.accountId,
        r.kind,
        {
          from: q.From,
          to: q.To,
          customerId: q.CustomerId,
          query: q.query,
          status: q.Status,
          cancelled: q.Cancelled ?? (q.IncludeCancelled ? 'All' : 'Excluded'),
          processed: q.Processed ?? (q.EInvoicingStatus ? 'All' : 'Excluded'),
          einvoicingStatus: q.EInvoicingStatus ? [...new Set(q.EInvoicingStatus.split(','))] : undefined,
        },
        page,
        order,
      );
      setPagingHeaders(request, reply, page, total);
      answerThroughCache(reply, fragmentsFor(ctx.db.kysely));
      return items;
    },
  );

  app.post(
    r.path,
    {
      config: { ...config, errorBody: 'Error' },
      schema: { tags, operationId: `POST_${r.tag}_Post`, summary: 'Create a draft', body: r.input, response: { 200: ref, 400: error } },
      ...(r.kind === 'Credit' ? { preValidation: readAsCredited(r.input) } : {}),
    },
    async (request, reply) => withETag(reply, await sales.createDraft(ctx, request.principal.accountId, r.kind, request.body)),
  );

  app.get(
    `${r.path}/find`,
    {
      config,
      schema: {
        tags,
        operationId: `GET_${r.tag}_Find`,
        summary: 'Find by number or internal id',
        querystring: Type.Object({ number: Type.Optional(Str(50)), internalId: Type.Optional(Str(200)) }),
        response: { 200: Type.Array(ref) },
      },
    },
    async (request) => sales.findDocuments(ctx, request.principal.accountId, r.kind, request.query),
  );

  app.get(
    `${r.path}/:id`,
    {
      config: { ...config, errorBody: 'Error' },
      schema: { tags, operationId: `GET_${r.tag}_Get`, summary: 'Get by id', params: IdParams, response: { 200: ref, 404: error } },
    },
    async (request, reply) => {
      const answer = withETag(reply, await sales.getDocument(ctx, request.principal.accountId, r.kind, request.params.id));
      answerThroughCache(reply, fragmentsFor(ctx.db.kysely));
      return answer;
    },
  );

  app.put(
    `${r.path}/:id`,
    {
      config,
      schema: {
        tags,
        operationId: `PUT_${r.tag}_Put`,
        summary: 'Update a draft: absent fields keep their value, null clears, lines replace',
        params: IdParams,
        headers: IfMatchHeaders,
        body: r.input,
        response: { 200: ref, 400: problem, 404: problem, 409: problem, 412: problem },
      },
      ...(r.kind === 'Credit' ? { preValidation: readAsCredited(r.input) } : {}),
    },
    async (request, reply) =>
      withETag(
        reply,
        await sales.updateDraft(ctx, request.principal.accountId, r.kind, request.params.id, request.body, ifMatchOf(request)),
      ),
  );

  app.delete(
    `${r.path}/:id`,
    {
      config,
      schema: {
        tags,
        operationId: `DELETE_${r.tag}_Delete`,
        summary: 'Delete a draft; answers the deleted document',
        params: IdParams,
        headers: IfMatchHeaders,
        response: { 200: Type.Ref(r.deleteOutput), 400: problem, 404: problem, 409: problem, 412: problem },
      },
    },
    async (request) => sales.deleteDraft(ctx, request.principal.accountId, r.kind, request.params.id, ifMatchOf(request)),
  );

  app.post(
    `${r.path}/finalize/:id`,
    {
      config,
      schema: {
        tags,
        operationId: `POST_${r.tag}_Finalize`,
        summary: 'Finalize a draft: number, date and due dates become final',
        params: IdParams,
        querystring: Type.Object({
          finalizationDate: Type.Optional(Type.String({ format: 'date' })),
          dateAdjustment: Type.Optional(FinalizationDateAdjustment),
        }),
        response: { 200: ref, 400: problem, 404: problem, 409: problem },
      },
    },
    async (request, reply) => {
      const { finalizationDate, dateAdjustment } = request.query;
      const { warnings, ...finalized } = await sales.finalize(ctx, request.principal.accountId, r.kind, request.params.id, {
        finalizationDate,
        dateAdjustment,
      });
      // Rules reported without refusing (BR-FR on B2C and foreign-buyer documents): docs/einvoicing.md.
      if (warnings.length) reply.header('x-einvoicing-warnings', [...new Set(warnings.map((w) => w.ruleId))].join(', '));
      return withETag(reply, finalized);
    },
  );
}

export function salesRoutes(app: TypedApp, appCtx: AppContext): void {
  for (const schema of [
    EInvoicingStatus,
    EInvoicingStatusEntry,
    SaleDocumentLine,
    VatSummary,
    Commitment,
    EInvoicingFinding,
    Invoice,
    Credit,
  ])
    ensureSchema(app, schema);
  const ctx: sales.SalesContext = { db: appCtx.db, publicUrl: appCtx.config.publicUrl, keyring: appCtx.keyring, workers: appCtx.workers };
  documentRoutes(app, ctx, {
    kind: 'Invoice',
    path: '/v1/saleinvoices',
    tag: 'SaleInvoices',
    input: InvoiceInput,
    output: Invoice,
    deleteOutput: Invoice,
  });
  documentRoutes(app, ctx, {
    kind: 'Credit',
    path: '/v1/salecredits',
    tag: 'SaleCredits',
    input: CreditInput,
    output: Credit,
    deleteOutput: Invoice,
  });

  app.post(
    '/v1/saleinvoices/cancel/:id',
    {
      config: { textVariants: true },
      schema: {
        tags: ['SaleInvoices'],
        operationId: 'POST_SaleInvoices_Cancel',
        summary: 'Cancel a finalized invoice with a full credit note (Facturier extension)',
        params: IdParams,
        response: { 200: Type.Ref(Invoice), 400: problem, 404: problem, 409: problem },
      },
    },
    async (request) => sales.cancelInvoice(ctx, request.principal.accountId, request.params.id),
  );

  // The documents as files: PDF download and the conformance check of drafts (files-routes.ts).
  fileRoutes(app, appCtx);
}
