// GET /v1/exports/<dataset> (one route per dataset of the registry) and GET /v1/exports/fec. The
// file streams: the response starts with the first batch of rows and ends with the last.
import { PassThrough } from 'node:stream';
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { Int32, Literals, Str } from '../../http/schemas.js';
import type { ExportParams, ParamName } from './dataset.js';
import { DATASETS } from './datasets/index.js';
import { type ExportFormat, type ExportSheetsValue } from './formats.js';
import { ExportFileFormat, ExportSheets } from './schemas.js';
import { prepareExport, prepareFec, type PreparedExport } from './service.js';
import { ExportAbortedError } from './writers/output.js';

const problem = { $ref: 'ProblemDetails#' };

const Types = Type.Union([Str(200), Type.Array(Str(50), { maxItems: 10 })], {
  description: 'Kinds to include, repeated (`types[]=A&types[]=B`) or comma-separated; all when absent',
});

const PARAMS: Record<Exclude<ParamName, 'types'>, TSchema> = {
  from: Type.String({ format: 'date', description: 'First date included (YYYY-MM-DD)' }),
  to: Type.String({ format: 'date', description: 'Last date included (YYYY-MM-DD)' }),
  customerId: { ...Int32, description: 'Only the documents of this customer' },
  supplierId: { ...Int32, description: 'Only the documents of this supplier' },
  colleagueId: { ...Int32, description: 'Only the reports of this colleague' },
  searchTerm: Str(200, 'Full-text search'),
};

/** Content-Disposition of a file name made of ASCII letters, digits, dashes, underscores and dots. */
function disposition(name: string): string {
  return `attachment; filename="${name}"`;
}

/** Sends the file as it is written; a failure after the first byte can only cut the response short. */
function stream(request: FastifyRequest, reply: FastifyReply, prepared: PreparedExport) {
  const out = new PassThrough();
  reply.raw.once('close', () => {
    if (!out.writableFinished) out.destroy();
  });
  prepared.write(out).catch((err: unknown) => {
    if (!(err instanceof ExportAbortedError)) request.log.error({ err }, 'export failed while streaming');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', prepared.contentType)
    .header('content-disposition', disposition(prepared.fileName))
    .header('cache-control', 'no-store')
    .send(out);
}

export function exportRoutes(app: TypedApp, ctx: AppContext): void {
  const tags = ['Exports'];
  for (const dataset of DATASETS) {
    const querystring = Type.Object({
      format: Type.Optional(ExportFileFormat),
      sheets: Type.Optional(ExportSheets),
      ...Object.fromEntries(
        dataset.params.flatMap((p): [string, TSchema][] =>
          p === 'types'
            ? [
                ['types', Type.Optional(Types)],
                ['types[]', Type.Optional(Types)],
              ]
            : [[p, Type.Optional(PARAMS[p])]],
        ),
      ),
    });
    const pathId = dataset.pathId;
    app.get(
      `/v1/exports/${dataset.path}${pathId ? '/:id' : ''}`,
      {
        schema: {
          tags,
          operationId: `GET_Exports_${dataset.path}`,
          summary: dataset.summary,
          querystring,
          ...(pathId && { params: Type.Object({ id: { ...Int32, description: pathId } }) }),
          produces: [
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'text/csv',
            'text/tab-separated-values',
            'application/json',
            'text/markdown',
          ],
          response: { 200: Type.String({ format: 'binary', description: 'The exported file' }), 400: problem, 404: problem },
        },
      },
      async (request, reply) => {
        const q = request.query as Omit<ExportParams, 'types'> & {
          format?: ExportFormat;
          sheets?: ExportSheetsValue;
          types?: string | string[];
          'types[]'?: string | string[];
        };
        const { format, sheets, types, 'types[]': typesBracket, ...rest } = q;
        const params: ExportParams = { ...rest };
        if (types !== undefined || typesBracket !== undefined) params.types = [types ?? [], typesBracket ?? []].flat();
        if (pathId) params.id = (request.params as { id: number }).id;
        const prepared = await prepareExport(ctx.db.reader(), request.principal.accountId, dataset, { format, sheets, params });
        return stream(request, reply, prepared);
      },
    );
  }

  app.get(
    '/v1/exports/fec',
    {
      schema: {
        tags,
        operationId: 'GET_Exports_Fec',
        summary: 'Fichier des Écritures Comptables of a year (article A47 A-1 LPF): sales, credits and receipts as balanced entries',
        querystring: Type.Object({
          year: Type.Integer({ minimum: 1900, maximum: 9999, description: 'Fiscal year (January to December)' }),
          separator: Type.Optional(Literals(['Pipe', 'Tab'] as const, { description: 'Field separator: | (default) or tab' })),
        }),
        produces: ['text/plain'],
        response: { 200: Type.String({ format: 'binary', description: 'The FEC file' }), 400: problem },
      },
    },
    async (request, reply) => {
      const prepared = await prepareFec(ctx.db.reader(), request.principal.accountId, request.query.year, request.query.separator);
      return stream(request, reply, prepared);
    },
  );
}
