// /v1/purchaseinvoices: create a purchase invoice from an uploaded file (multipart, one part named
// `file`), and download that file back, byte for byte.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { ValidationError } from '../../errors.js';
import { checkFileName } from '../../http/input-guard.js';
import { ensureSchema } from '../../http/schemas.js';
import { IdParams, NoBody, Int32, Str } from '../../http/schemas.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../../http/etag.js';
import { pageOf, PagingQuery, parseOrderBy, setPagingHeaders } from '../../http/paging.js';
import { Supplier } from '../suppliers/index.js';
import { PURCHASE_STATUS_FILTERS, PurchaseInvoice, PurchaseInvoiceUpdate, PurchaseVat } from './schemas.js';
import { deletePurchaseInvoice, getPurchaseInvoice, listPurchaseInvoices, updatePurchaseInvoice } from './ledger.js';
import type { SortColumn } from './repo.js';
import { createFromFile, downloadPurchase, MAX_PURCHASE_FILE_BYTES, type PurchasesContext, type UploadedFile } from './service.js';

const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };
const MB = MAX_PURCHASE_FILE_BYTES / 1024 / 1024;

const MULTIPART_PROBLEMS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `the file is larger than ${MB} MB`,
  FST_FILES_LIMIT: 'send exactly one file, in a part named "file"',
  FST_PARTS_LIMIT: 'too many parts in the multipart body',
  FST_FIELDS_LIMIT: 'too many fields in the multipart body',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'send multipart/form-data with one part named "file"',
};

/** Euros for one unit of the invoice's currency: a positive decimal, at most 10 decimals, below 1,000,000. */
function checkExchangeRate(text: string): string {
  const value = text.trim().replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,10})?$/.test(value) || !/[1-9]/.test(value))
    throw ValidationError.field(
      'exchangeRate',
      `"${text.slice(0, 40)}" is not a rate: give the euros for one unit of the invoice's currency, e.g. 0.9215`,
    );
  return value;
}

/** The part named `file`; every failure (no part, too large, broken body) is a 400 naming `file`. */
async function readFilePart(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw ValidationError.field('file', MULTIPART_PROBLEMS.FST_INVALID_MULTIPART_CONTENT_TYPE);
  let file: UploadedFile | null = null;
  let exchangeRate: string | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_PURCHASE_FILE_BYTES, files: 1 } })) {
      if (part.type !== 'file') {
        if (part.fieldname.toLowerCase() === 'exchangerate') exchangeRate = String(part.value);
        continue;
      }
      const content = await part.toBuffer();
      if (part.fieldname.toLowerCase() === 'file') file = { content, fileName: part.filename || null };
    }
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    throw ValidationError.field('file', MULTIPART_PROBLEMS[code] ?? `malformed multipart body: ${(e as Error).message}`);
  }
  if (!file) throw ValidationError.field('file', 'no part named "file" in the multipart body');
  checkFileName(file.fileName ?? undefined);
  return { ...file, exchangeRate: exchangeRate === null ? null : checkExchangeRate(exchangeRate) };
}

const ORDER_BY: Record<string, SortColumn> = {
  id: 'id',
  date: 'date',
  dueDate: 'dueDate',
  reference: 'reference',
  taxIncludedAmount: 'taxIncludedAmount',
  amount: 'taxIncludedAmount',
};
const DEFAULT_ORDER = [
  { column: 'date' as const, direction: 'desc' as const },
  { column: 'id' as const, direction: 'desc' as const },
];

export const DateRangeQuery = {
  From: Type.Optional(Type.String({ format: 'date', description: 'From this date (inclusive)' })),
  To: Type.Optional(Type.String({ format: 'date', description: 'Up to this date (inclusive)' })),
};

export function purchaseRoutes(app: TypedApp, appCtx: AppContext): void {
  ensureSchema(app, Supplier);
  ensureSchema(app, PurchaseVat);
  ensureSchema(app, PurchaseInvoice);
  const ctx: PurchasesContext = { db: appCtx.db, publicUrl: appCtx.config.publicUrl, workers: appCtx.workers };
  const tags = ['PurchaseInvoices'];

  app.post(
    '/v1/purchaseinvoices/file',
    {
      config: { errorBody: 'Error' },
      schema: {
        tags,
        operationId: 'POST_PurchaseInvoices_CreateFromFile',
        summary: `Create a purchase invoice from a file: multipart/form-data, one part named "file", a PDF (Factur-X/ZUGFeRD read when present) or a CII/UBL XML invoice, at most ${MB} MB`,
        consumes: ['multipart/form-data'],
        response: { 200: Type.Ref(PurchaseInvoice), 400: error, 503: error },
      },
    },
    async (request) => createFromFile(ctx, request.principal.accountId, await readFilePart(request)),
  );

  const ref = Type.Ref(PurchaseInvoice);
  app.get(
    '/v1/purchaseinvoices',
    {
      schema: {
        tags,
        operationId: 'GET_PurchaseInvoices_List',
        summary: 'List purchase invoices (extension): dates, supplier, status (Paid, Unpaid, Done, Pending), full-text search',
        querystring: Type.Object({
          ...PagingQuery,
          ...DateRangeQuery,
          SupplierId: Type.Optional(Int32),
          Status: Type.Optional(
            Type.Unsafe<(typeof PURCHASE_STATUS_FILTERS)[number]>({ type: 'string', enum: [...PURCHASE_STATUS_FILTERS] }),
          ),
          query: Type.Optional(Str(200, 'Full-text search: reference, subject, notes, supplier name and number')),
        }),
        response: { 200: Type.Array(ref), 400: problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = pageOf(q);
      const order = parseOrderBy(q.OrderBy, ORDER_BY, DEFAULT_ORDER);
      const filter = { from: q.From, to: q.To, supplierId: q.SupplierId, status: q.Status, query: q.query };
      const { items, total } = await listPurchaseInvoices(ctx, request.principal.accountId, filter, page, order);
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );

  app.get(
    '/v1/purchaseinvoices/:id',
    {
      schema: {
        tags,
        operationId: 'GET_PurchaseInvoices_Get',
        summary: 'Get a purchase invoice (extension)',
        params: IdParams,
        response: { 200: ref, 404: problem },
      },
    },
    async (request, reply) => withETag(reply, await getPurchaseInvoice(ctx, request.principal.accountId, request.params.id)),
  );

  app.put(
    '/v1/purchaseinvoices/:id',
    {
      schema: {
        tags,
        operationId: 'PUT_PurchaseInvoices_Update',
        summary: 'Correct the extracted data of a purchase invoice (extension): absent fields kept, null clears',
        params: IdParams,
        headers: IfMatchHeaders,
        body: PurchaseInvoiceUpdate,
        response: { 200: ref, 400: problem, 404: problem, 412: problem },
      },
    },
    async (request, reply) =>
      withETag(reply, await updatePurchaseInvoice(ctx, request.principal.accountId, request.params.id, request.body, ifMatchOf(request))),
  );

  app.delete(
    '/v1/purchaseinvoices/:id',
    {
      schema: {
        tags,
        operationId: 'DELETE_PurchaseInvoices_Delete',
        summary: 'Delete a purchase invoice and its file (extension); refused while supplier payments settle it',
        params: IdParams,
        headers: IfMatchHeaders,
        response: { 200: NoBody, 400: problem, 404: problem, 412: problem },
      },
    },
    async (request, reply) => {
      await deletePurchaseInvoice(ctx, request.principal.accountId, request.params.id, ifMatchOf(request));
      return reply.code(200).send();
    },
  );

  app.get(
    '/v1/purchaseinvoices/download/:id',
    {
      schema: {
        tags,
        operationId: 'GET_PurchaseInvoices_Download',
        summary: 'Download the file the purchase invoice was created from, unchanged (PDF or XML)',
        produces: ['application/pdf', 'application/xml'],
        params: IdParams,
        response: { 200: Type.String({ format: 'binary', description: 'The original file' }), 404: problem },
      },
    },
    async (request, reply) => {
      const file = await downloadPurchase(appCtx.db.kysely, request.principal.accountId, request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );
}
