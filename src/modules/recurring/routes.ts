// /v1/recurringinvoices (Facturier extension): recurring invoice models and their occurrences.
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { pageOf, PagingQuery, setPagingHeaders } from '../../http/paging.js';
import { ensureSchema, IdParams } from '../../http/schemas.js';
import { RecurringInvoice, RecurringInvoiceInput, RecurringOccurrence } from './schemas.js';
import * as service from './service.js';

const problem = { $ref: 'ProblemDetails#' };
const tags = ['RecurringInvoices'];

export function recurringRoutes(app: TypedApp, ctx: AppContext): void {
  ensureSchema(app, RecurringInvoice);
  ensureSchema(app, RecurringOccurrence);
  const clock = ctx.delivery?.clock ?? Date.now;
  app.get(
    '/v1/recurringinvoices',
    {
      schema: {
        tags,
        operationId: 'GET_RecurringInvoices_List',
        summary: 'The recurring invoice models (Facturier extension)',
        querystring: Type.Object({ PageIndex: PagingQuery.PageIndex, PageSize: PagingQuery.PageSize }),
        response: { 200: Type.Array(Type.Ref(RecurringInvoice)), 400: problem },
      },
    },
    async (request, reply) => {
      const page = pageOf(request.query);
      const { items, total } = await service.listModels(ctx, request.principal.accountId, page);
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );
  app.get(
    '/v1/recurringinvoices/:id',
    {
      schema: {
        tags,
        operationId: 'GET_RecurringInvoices_Get',
        summary: 'A recurring invoice model (Facturier extension)',
        params: IdParams,
        response: { 200: Type.Ref(RecurringInvoice), 404: problem },
      },
    },
    async (request) => service.getModel(ctx, request.principal.accountId, request.params.id),
  );
  app.get(
    '/v1/recurringinvoices/:id/invoices',
    {
      schema: {
        tags,
        operationId: 'GET_RecurringInvoices_Invoices',
        summary: 'The invoices a model issued, one per occurrence, with what went wrong if anything (Facturier extension)',
        params: IdParams,
        response: { 200: Type.Array(Type.Ref(RecurringOccurrence)), 404: problem },
      },
    },
    async (request) => service.occurrencesOf(ctx, request.principal.accountId, request.params.id),
  );
  app.post(
    '/v1/recurringinvoices',
    {
      schema: {
        tags,
        operationId: 'POST_RecurringInvoices_Create',
        summary: 'Create a recurring invoice model; the worker issues its invoices on their dates (Facturier extension)',
        body: RecurringInvoiceInput,
        response: { 200: Type.Ref(RecurringInvoice), 400: problem },
      },
    },
    async (request) => service.createModel(ctx, clock, request.principal.accountId, request.body),
  );
  app.put(
    '/v1/recurringinvoices/:id',
    {
      schema: {
        tags,
        operationId: 'PUT_RecurringInvoices_Update',
        summary: 'Replace a recurring invoice model (a stopped one resumes); the invoices issued stay counted (Facturier extension)',
        params: IdParams,
        body: RecurringInvoiceInput,
        response: { 200: Type.Ref(RecurringInvoice), 400: problem, 404: problem },
      },
    },
    async (request) => service.updateModel(ctx, clock, request.principal.accountId, request.params.id, request.body),
  );
  app.delete(
    '/v1/recurringinvoices/:id',
    {
      schema: {
        tags,
        operationId: 'DELETE_RecurringInvoices_Delete',
        summary: 'Delete a recurring invoice model (the invoices it issued stay) (Facturier extension)',
        params: IdParams,
        response: { 200: Type.Null(), 404: problem },
      },
    },
    async (request) => {
      await service.deleteModel(ctx, request.principal.accountId, request.params.id);
      return null;
    },
  );
}
