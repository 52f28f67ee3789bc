// /v1/expensereports (our extension): reports, their lines, the receipt file of a line, and the
// actions of their life (submit, approve, reject, reimburse).
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../../http/etag.js';
import { checkFileName } from '../../http/input-guard.js';
import type { TypedApp } from '../../http/module.js';
import { pageOf, PagingQuery, setPagingHeaders } from '../../http/paging.js';
import { ensureSchema, IdParams, Int32, NoBody, Str } from '../../http/schemas.js';
import {
  EXPENSE_REPORT_STATUSES,
  ExpenseLineInput,
  ExpenseReport,
  ExpenseReportInput,
  ExpenseReportLine,
  ExpenseReportUpdate,
  Reimbursement,
} from './schemas.js';
import * as expenses from './service.js';

const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };
const LineParams = Type.Object({ id: Int32, lineId: Int32 });

async function readFilePart(request: FastifyRequest): Promise<{ content: Buffer; fileName: string | null }> {
  if (!request.isMultipart()) throw ValidationError.field('file', 'send multipart/form-data with one part named "file"');
  let file: { content: Buffer; fileName: string | null } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: expenses.MAX_RECEIPT_FILE_BYTES, files: 1 } })) {
      if (part.type !== 'file') continue;
      const content = await part.toBuffer();
      if (part.fieldname.toLowerCase() === 'file') file = { content, fileName: part.filename || null };
    }
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    throw ValidationError.field(
      'file',
      code === 'FST_REQ_FILE_TOO_LARGE'
        ? `the file is larger than ${expenses.MAX_RECEIPT_FILE_BYTES / 1024 / 1024} MB`
        : `malformed multipart body: ${(e as Error).message}`,
    );
  }
  if (!file) throw ValidationError.field('file', 'no part named "file" in the multipart body');
  checkFileName(file.fileName ?? undefined);
  return file;
}

export function expenseRoutes(app: TypedApp, appCtx: AppContext): void {
  ensureSchema(app, ExpenseReportLine);
  ensureSchema(app, ExpenseReport);
  const ctx: expenses.ExpensesContext = { db: appCtx.db, workers: appCtx.workers, publicUrl: appCtx.config.publicUrl };
  const ref = Type.Ref(ExpenseReport);
  const tags = ['ExpenseReports'];

  app.get(
    '/v1/expensereports',
    {
      schema: {
        tags,
        operationId: 'GET_ExpenseReports_List',
        summary: 'List expense reports (extension): period meeting From/To, colleague, status, words',
        querystring: Type.Object({
          ...PagingQuery,
          From: Type.Optional(Type.String({ format: 'date' })),
          To: Type.Optional(Type.String({ format: 'date' })),
          ColleagueId: Type.Optional(Int32),
          Status: Type.Optional(
            Type.Unsafe<(typeof EXPENSE_REPORT_STATUSES)[number]>({ type: 'string', enum: [...EXPENSE_REPORT_STATUSES] }),
          ),
          query: Type.Optional(Str(200)),
        }),
        response: { 200: Type.Array(ref), 400: problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.OrderBy) throw ValidationError.field('OrderBy', 'expense reports are listed by period, latest first: no other order');
      const page = pageOf(q);
      const filter = { from: q.From, to: q.To, colleagueId: q.ColleagueId, status: q.Status, query: q.query };
      const { items, total } = await expenses.listExpenseReports(ctx, request.principal.accountId, filter, page);
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    '/v1/expensereports',
    {
      config: { errorBody: 'Error' },
      schema: {
        tags,
        operationId: 'POST_ExpenseReports_Post',
        summary: 'Create an expense report (Draft) (extension)',
        body: ExpenseReportInput,
        response: { 200: ref, 400: error },
      },
    },
    async (request, reply) => withETag(reply, await expenses.createExpenseReport(ctx, request.principal.accountId, request.body)),
  );

  app.get(
    '/v1/expensereports/:id',
    {
      schema: {
        tags,
        operationId: 'GET_ExpenseReports_Get',
        summary: 'Get an expense report (extension)',
        params: IdParams,
        response: { 200: ref, 404: problem },
      },
    },
    async (request, reply) => withETag(reply, await expenses.getExpenseReport(ctx, request.principal.accountId, request.params.id)),
  );

  app.put(
    '/v1/expensereports/:id',
    {
      schema: {
        tags,
        operationId: 'PUT_ExpenseReports_Update',
        summary: 'Update a Draft expense report (extension)',
        params: IdParams,
        headers: IfMatchHeaders,
        body: ExpenseReportUpdate,
        response: { 200: ref, 400: problem, 404: problem, 412: problem },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await expenses.updateExpenseReport(ctx, request.principal.accountId, request.params.id, request.body, ifMatchOf(request)),
      ),
  );

  app.delete(
    '/v1/expensereports/:id',
    {
      schema: {
        tags,
        operationId: 'DELETE_ExpenseReports_Delete',
        summary: 'Delete a Draft expense report with its lines and files (extension)',
        params: IdParams,
        headers: IfMatchHeaders,
        response: { 200: NoBody, 400: problem, 404: problem, 412: problem },
      },
    },
    async (request, reply) => {
      await expenses.deleteExpenseReport(ctx, request.principal.accountId, request.params.id, ifMatchOf(request));
      return reply.code(200).send();
    },
  );

  app.post(
    '/v1/expensereports/:id/lines',
    {
      schema: {
        tags,
        operationId: 'POST_ExpenseReports_AddLine',
        summary: 'Add a line to a Draft report (extension)',
        params: IdParams,
        body: ExpenseLineInput,
        response: { 200: ref, 400: problem, 404: problem },
      },
    },
    async (request, reply) => withETag(reply, await expenses.addLine(ctx, request.principal.accountId, request.params.id, request.body)),
  );

  app.put(
    '/v1/expensereports/:id/lines/:lineId',
    {
      schema: {
        tags,
        operationId: 'PUT_ExpenseReports_UpdateLine',
        summary: 'Replace a line of a Draft report (extension)',
        params: LineParams,
        body: ExpenseLineInput,
        response: { 200: ref, 400: problem, 404: problem },
      },
    },
    async (request, reply) =>
      withETag(reply, await expenses.replaceLine(ctx, request.principal.accountId, request.params.id, request.params.lineId, request.body)),
  );

  app.delete(
    '/v1/expensereports/:id/lines/:lineId',
    {
      schema: {
        tags,
        operationId: 'DELETE_ExpenseReports_DeleteLine',
        summary: 'Remove a line (and its file) from a Draft report (extension)',
        params: LineParams,
        response: { 200: ref, 400: problem, 404: problem },
      },
    },
    async (request, reply) =>
      withETag(reply, await expenses.removeLine(ctx, request.principal.accountId, request.params.id, request.params.lineId)),
  );

  app.post(
    '/v1/expensereports/:id/lines/:lineId/file',
    {
      schema: {
        tags,
        operationId: 'POST_ExpenseReports_AttachFile',
        summary: `Attach the receipt of a line (extension): multipart/form-data, one part named "file", a PDF or a PNG/JPEG/WebP image, at most ${expenses.MAX_RECEIPT_FILE_BYTES / 1024 / 1024} MB`,
        consumes: ['multipart/form-data'],
        params: LineParams,
        response: { 200: ref, 400: problem, 404: problem },
      },
    },
    async (request, reply) =>
      withETag(
        reply,
        await expenses.attachFile(ctx, request.principal.accountId, request.params.id, request.params.lineId, await readFilePart(request)),
      ),
  );

  app.get(
    '/v1/expensereports/:id/lines/:lineId/file',
    {
      schema: {
        tags,
        operationId: 'GET_ExpenseReports_DownloadFile',
        summary: 'Download the receipt of a line (extension)',
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
        params: LineParams,
        response: { 200: Type.String({ format: 'binary' }), 404: problem },
      },
    },
    async (request, reply) => {
      const file = await expenses.downloadFile(appCtx.db, request.principal.accountId, request.params.id, request.params.lineId);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );

  for (const action of ['submit', 'approve', 'reject'] as const) {
    app.post(
      `/v1/expensereports/:id/${action}`,
      {
        schema: {
          tags,
          operationId: `POST_ExpenseReports_${action[0].toUpperCase()}${action.slice(1)}`,
          summary: {
            submit: 'Submit a Draft report for approval (extension)',
            approve: 'Approve a Submitted report (extension)',
            reject: 'Send a Submitted report back to Draft (extension)',
          }[action],
          params: IdParams,
          response: { 200: ref, 400: problem, 404: problem },
        },
      },
      async (request, reply) => withETag(reply, await expenses.transition(ctx, request.principal.accountId, request.params.id, action)),
    );
  }

  app.post(
    '/v1/expensereports/:id/reimburse',
    {
      schema: {
        tags,
        operationId: 'POST_ExpenseReports_Reimburse',
        summary: 'Record the repayment of an Approved report to its colleague (a ColleagueRepayment settlement) (extension)',
        params: IdParams,
        body: Type.Optional(Reimbursement),
        response: { 200: ref, 400: problem, 404: problem },
      },
    },
    async (request, reply) =>
      withETag(reply, await expenses.reimburse(ctx, request.principal.accountId, request.params.id, request.body ?? {})),
  );

  app.delete(
    '/v1/expensereports/:id/reimburse',
    {
      schema: {
        tags,
        operationId: 'DELETE_ExpenseReports_Reimburse',
        summary:
          'Undo the repayment of a Reimbursed report (extension): the ColleagueRepayment settlement is deleted, the report is Approved again',
        params: IdParams,
        response: { 200: ref, 400: problem, 404: problem },
      },
    },
    async (request, reply) => withETag(reply, await expenses.cancelReimbursement(ctx, request.principal.accountId, request.params.id)),
  );
}
