// /v1/receipts (list, create, find, get, update, delete) and the two payment actions of sale
// documents, /v1/saleinvoices/markaspaid and /v1/salecredits/markasrefunded. Error bodies follow
// the spec: Error on receipt create, ProblemDetails elsewhere.
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../../http/etag.js';
import type { TypedApp } from '../../http/module.js';
import { pageOf, PagingQuery, parseOrderBy, setPagingHeaders } from '../../http/paging.js';
import { ensureSchema, NoBody } from '../../http/schemas.js';
import { Commitment, Credit, Invoice, SaleDocumentLine, VatSummary } from '../sales/index.js';
import { IdParams, Int32, Str } from '../../http/schemas.js';
import type { SortColumn } from './repo.js';
import { PayInvoice, Receipt, ReceiptInput, ReceiptLink, RefundCredit } from './schemas.js';
import * as receipts from './service.js';

const ORDER_BY: Record<string, SortColumn> = { id: 'id', date: 'date', amount: 'amount' };
const DEFAULT_ORDER = [
  { column: 'date' as const, direction: 'desc' as const },
  { column: 'id' as const, direction: 'desc' as const },
];

const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };

export function receiptRoutes(app: TypedApp, appCtx: AppContext): void {
  for (const schema of [ReceiptLink, Receipt, SaleDocumentLine, VatSummary, Commitment, Invoice, Credit]) ensureSchema(app, schema);
  const ctx: receipts.ReceiptsContext = {
    db: appCtx.db,
    publicUrl: appCtx.config.publicUrl,
    keyring: appCtx.keyring,
    workers: appCtx.workers,
  };
  const ref = Type.Ref(Receipt);
  const tags = ['Receipts'];

  app.get(
    '/v1/receipts',
    {
      schema: {
        tags,
        operationId: 'GET_Receipts_List',
        summary: 'List receipts',
        querystring: Type.Object({
          ...PagingQuery,
          query: Type.Optional(Str(200, 'Full-text search: reference, notes, customer, document numbers')),
          CustomerId: Type.Optional(
            Type.Integer({
              ...Int32,
              description: "Facturier extension: the receipts of this customer (by id, whatever the customer's name or number since)",
            }),
          ),
        }),
        response: { 200: Type.Array(ref), 400: problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = pageOf(q);
      const order = parseOrderBy(q.OrderBy, ORDER_BY, DEFAULT_ORDER);
      const { items, total } = await receipts.listReceipts(
        ctx,
        request.principal.accountId,
        { query: q.query, customerId: q.CustomerId },
        page,
        order,
      );
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    '/v1/receipts',
    {
      config: { errorBody: 'Error' },
      schema: {
        tags,
        operationId: 'POST_Receipts_Post',
        summary: 'Create a receipt',
        body: ReceiptInput,
        response: { 200: ref, 400: error, 409: error },
      },
    },
    async (request, reply) => withETag(reply, await receipts.createReceipt(ctx, request.principal.accountId, request.body)),
  );

  // The reference declares Customer as the element schema: a defect; receipts are what is found.
  app.get(
    '/v1/receipts/find',
    {
      schema: {
        tags,
        operationId: 'GET_Receipts_Find',
        summary: 'Find receipts by internal id (answers Receipt records)',
        querystring: Type.Object({ internalId: Type.Optional(Str(200)) }),
        response: { 200: Type.Array(ref), 404: problem },
      },
    },
    async (request) => receipts.findReceipts(ctx, request.principal.accountId, request.query.internalId),
  );

  app.get(
    '/v1/receipts/:id',
    {
      schema: { tags, operationId: 'GET_Receipts_Get', summary: 'Get a receipt', params: IdParams, response: { 200: ref, 404: problem } },
    },
    async (request, reply) => withETag(reply, await receipts.getReceipt(ctx, request.principal.accountId, request.params.id)),
  );

  app.put(
    '/v1/receipts/:id',
    {
      schema: {
        tags,
        operationId: 'PUT_Receipts_Update',
        summary: 'Update a receipt: absent fields kept, null clears (links absent or null: kept; []: removed)',
        params: IdParams,
        headers: IfMatchHeaders,
        body: Type.Partial(ReceiptInput),
        response: { 200: ref, 400: problem, 404: problem, 409: problem, 412: problem },
      },
    },
    async (request, reply) =>
      withETag(reply, await receipts.updateReceipt(ctx, request.principal.accountId, request.params.id, request.body, ifMatchOf(request))),
  );

  app.delete(
    '/v1/receipts/:id',
    {
      schema: {
        tags,
        operationId: 'DELETE_Receipts_Delete',
        summary: 'Delete a receipt; the documents it settled are due again',
        params: IdParams,
        headers: IfMatchHeaders,
        response: { 200: NoBody, 400: problem, 404: problem, 409: problem, 412: problem },
      },
    },
    async (request, reply) => {
      await receipts.deleteReceipt(ctx, request.principal.accountId, request.params.id, ifMatchOf(request));
      return reply.code(200).send();
    },
  );

  app.post(
    '/v1/saleinvoices/markaspaid',
    {
      config: { textVariants: true },
      schema: {
        tags: ['SaleInvoices'],
        operationId: 'POST_SaleInvoices_MarkAsPaid',
        summary: 'Record a payment of an invoice (a receipt) and answer the invoice',
        body: PayInvoice,
        response: { 200: Type.Ref(Invoice), 400: problem, 404: problem, 409: problem },
      },
    },
    async (request) => receipts.payInvoice(ctx, request.principal.accountId, request.body),
  );

  app.post(
    '/v1/salecredits/markasrefunded',
    {
      config: { textVariants: true },
      schema: {
        tags: ['SaleCredits'],
        operationId: 'POST_SaleCredits_MarkAsRefunded',
        summary: 'Record a refund of a credit (a receipt of negative amount) and answer the credit',
        body: RefundCredit,
        response: { 200: Type.Ref(Credit), 400: problem, 404: problem, 409: problem },
      },
    },
    async (request) => receipts.refundCredit(ctx, request.principal.accountId, request.body),
  );
}
