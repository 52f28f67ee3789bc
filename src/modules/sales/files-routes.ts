// /v1/saleinvoices/download, /v1/salecredits/download (PDF files) and the e-invoicing conformance
// check /v1/salecredits/checkeinvoicing (spec) and /v1/saleinvoices/checkeinvoicing (extension).
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { ensureSchema } from '../../http/schemas.js';
import { IdParams } from '../../http/schemas.js';
import type { DocumentKind } from './document.js';
import { checkDraft, downloadSaleDocument, type FilesContext } from './files.js';
import { EInvoicingCheckResult, EInvoicingFinding } from './schemas.js';

const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };

const KINDS: { kind: DocumentKind; path: string; tag: string; label: string }[] = [
  { kind: 'Invoice', path: '/v1/saleinvoices', tag: 'SaleInvoices', label: 'invoice' },
  { kind: 'Credit', path: '/v1/salecredits', tag: 'SaleCredits', label: 'credit' },
];

export function fileRoutes(app: TypedApp, appCtx: AppContext): void {
  ensureSchema(app, EInvoicingFinding);
  ensureSchema(app, EInvoicingCheckResult);
  const ctx: FilesContext = { db: appCtx.db, config: appCtx.config, log: app.log, workers: appCtx.workers, keyring: appCtx.keyring };

  for (const k of KINDS) {
    app.get(
      `${k.path}/download/:id`,
      {
        schema: {
          tags: [k.tag],
          operationId: `GET_${k.tag}_Download`,
          summary: `Download the ${k.label} as a PDF file: Factur-X (EN 16931) once finalized, a BROUILLON without e-invoice while a draft`,
          produces: ['application/pdf'],
          params: IdParams,
          response: { 200: Type.String({ format: 'binary', description: 'PDF file' }), 404: problem, 409: problem, 503: problem },
        },
      },
      async (request, reply) => {
        const file = await downloadSaleDocument(ctx, request.principal.accountId, k.kind, request.params.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .send(file.content);
      },
    );

    app.post(
      `${k.path}/checkeinvoicing/:id`,
      {
        config: { errorBody: 'Error' },
        schema: {
          tags: [k.tag],
          operationId: `POST_${k.tag}_CheckEInvoicing`,
          summary:
            `Check the e-invoice of a draft ${k.label} against EN 16931 and the French rules, without finalizing or transmitting it` +
            (k.kind === 'Invoice' ? ' (Facturier extension)' : ''),
          params: IdParams,
          response: { 200: Type.Ref(EInvoicingCheckResult), 404: error, 409: error, 501: error, 503: error },
        },
      },
      async (request) => checkDraft(ctx, request.principal.accountId, k.kind, request.params.id),
    );
  }
}
