// /v1/supplierpayments (our extension): list, create, get, update, delete of payments to suppliers.
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../../http/etag.js';
import type { TypedApp } from '../../http/module.js';
import { pageOf, PagingQuery, parseOrderBy, setPagingHeaders } from '../../http/paging.js';
import { ensureSchema, IdParams, Int32, NoBody, Str } from '../../http/schemas.js';
import type { PaymentSortColumn } from './payments-repo.js';
import { SupplierPayment, SupplierPaymentInput, SupplierPaymentLink } from './payments-schemas.js';
import * as payments from './payments.js';
import { DateRangeQuery } from './routes.js';

const ORDER_BY: Record<string, PaymentSortColumn> = { id: 'id', date: 'date', amount: 'amount' };
const DEFAULT_ORDER = [
  { column: 'date' as const, direction: 'desc' as const },
  { column: 'id' as const, direction: 'desc' as const },
];
const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };

export function supplierPaymentRoutes(app: TypedApp, appCtx: AppContext): void {
  ensureSchema(app, SupplierPaymentLink);
  ensureSchema(app, SupplierPayment);
  const ctx: payments.PaymentsContext = { db: appCtx.db, publicUrl: appCtx.config.publicUrl };
  const ref = Type.Ref(SupplierPayment);
  const tags = ['SupplierPayments'];

  app.get(
    '/v1/supplierpayments',
    {
      schema: {
        tags,
        operationId: 'GET_SupplierPayments_List',
        summary: 'List supplier payments (extension)',
        querystring: Type.Object({
          ...PagingQuery,
          ...DateRangeQuery,
          SupplierId: Type.Optional(Int32),
          PurchaseInvoiceId: Type.Optional(
            Type.Integer({
              ...Int32,
              minimum: 1,
              description: 'Only the payments settling this purchase invoice or supplier credit note (extension)',
            }),
          ),
          query: Type.Optional(Str(200, 'Full-text search: reference, notes, internal id, supplier')),
        }),
        response: { 200: Type.Array(ref), 400: problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = pageOf(q);
      const order = parseOrderBy(q.OrderBy, ORDER_BY, DEFAULT_ORDER);
      const filter = { from: q.From, to: q.To, supplierId: q.SupplierId, purchaseInvoiceId: q.PurchaseInvoiceId, query: q.query };
      const { items, total } = await payments.listSupplierPayments(ctx, request.principal.accountId, filter, page, order);
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    '/v1/supplierpayments',
    {
      config: { errorBody: 'Error' },
      schema: {
        tags,
        operationId: 'POST_SupplierPayments_Post',
        summary: 'Record a supplier payment (extension), settling one or several purchase invoices',
        body: SupplierPaymentInput,
        response: { 200: ref, 400: error },
      },
    },
    async (request, reply) => withETag(reply, await payments.createSupplierPayment(ctx, request.principal.accountId, request.body)),
  );

  app.get(
    '/v1/supplierpayments/:id',
    {
      schema: {
        tags,
        operationId: 'GET_SupplierPayments_Get',
        summary: 'Get a supplier payment (extension)',
        params: IdParams,
        response: { 200: ref, 404: problem },
      },
    },
    async (request, reply) => withETag(reply, await payments.getSupplierPayment(ctx, request.principal.accountId, request.params.id)),
  );

  app.put(
    '/v1/supplierpayments/:id',
    {
      schema: {
        tags,
        operationId: 'PUT_SupplierPayments_Update',
        summary: 'Update a supplier payment (extension): absent fields kept, null clears (links absent or null: kept; []: removed)',
        params: IdParams,
        headers: IfMatchHeaders,
        body: Type.Partial(SupplierPaymentInput),
        response: { 200: ref, 400: problem, 404: problem, 412: problem },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await payments.updateSupplierPayment(ctx, request.principal.accountId, request.params.id, request.body, ifMatchOf(request)),
      ),
  );

  app.delete(
    '/v1/supplierpayments/:id',
    {
      schema: {
        tags,
        operationId: 'DELETE_SupplierPayments_Delete',
        summary: 'Delete a supplier payment (extension); the purchase invoices it settled are due again',
        params: IdParams,
        headers: IfMatchHeaders,
        response: { 200: NoBody, 404: problem, 412: problem },
      },
    },
    async (request, reply) => {
      await payments.deleteSupplierPayment(ctx, request.principal.accountId, request.params.id, ifMatchOf(request));
      return reply.code(200).send();
    },
  );
}
