// E-reporting routes (Facturier extensions, docs/ereporting.md): the calendar of periods, the Flux 10
// file of a period, its sending through the PA, and what the tax office sees beside the books.
import { Type } from '@sinclair/typebox';
import type { TypedApp } from '../../http/module.js';
import { ensureSchema } from '../../http/schemas.js';
import { EReportingCalendar, EReportingComparison, EReportingPeriod, RateTotals } from './schemas.js';
import * as service from './service.js';

const problem = { $ref: 'ProblemDetails#' };
const PeriodParams = Type.Object({ id: Type.String({ maxLength: 40, description: 'Period id, e.g. S-20260901-20260910' }) });

export function ereportingRoutes(app: TypedApp, p: service.EReportingContext): void {
  for (const schema of [RateTotals, EReportingPeriod, EReportingCalendar, EReportingComparison]) ensureSchema(app, schema);
  const tags = ['E-reporting'];

  app.get(
    '/v1/ereporting/periods',
    {
      schema: {
        tags,
        operationId: 'GET_EReporting_Periods',
        summary: "The account's e-reporting periods between from and to (default: the previous month to today), with status and deadline",
        querystring: Type.Object({
          from: Type.Optional(Type.String({ maxLength: 30, description: 'First date (YYYY-MM-DD)' })),
          to: Type.Optional(Type.String({ maxLength: 30, description: 'Last date (YYYY-MM-DD), default today' })),
        }),
        response: { 200: Type.Ref(EReportingCalendar), 400: problem },
      },
    },
    async (request) => service.listPeriods(p, request.principal.accountId, request.query),
  );

  app.get(
    '/v1/ereporting/periods/:id',
    {
      schema: {
        tags,
        operationId: 'GET_EReporting_Period',
        summary: 'One e-reporting period',
        params: PeriodParams,
        response: { 200: Type.Ref(EReportingPeriod), 404: problem },
      },
    },
    async (request) => service.getPeriod(p, request.principal.accountId, request.params.id),
  );

  app.get(
    '/v1/ereporting/periods/:id/file',
    {
      schema: {
        tags,
        operationId: 'GET_EReporting_PeriodFile',
        summary: 'The Flux 10 XML of a period: the report last sent if the books did not change since, else the one sending would transmit',
        params: PeriodParams,
        querystring: Type.Object({
          sequence: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'A report already sent, by its sequence' })),
        }),
        produces: ['application/xml'],
        response: { 200: Type.String({ description: 'PPF Flux 10 XML' }), 400: problem, 404: problem },
      },
    },
    async (request, reply) => {
      const file = await service.periodFile(p, request.principal.accountId, request.params.id, request.query.sequence);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.reportId}.xml"`)
        .send(file.xml);
    },
  );

  app.post(
    '/v1/ereporting/periods/:id/send',
    {
      schema: {
        tags,
        operationId: 'POST_EReporting_PeriodSend',
        summary: 'Send the period through the e-invoicing platform (idempotent; a rectifying report when the books changed since)',
        params: PeriodParams,
        response: { 200: Type.Ref(EReportingPeriod), 400: problem, 404: problem },
      },
    },
    async (request) => service.sendPeriod(p, request.principal.accountId, request.params.id),
  );

  app.get(
    '/v1/ereporting/periods/:id/comparison',
    {
      schema: {
        tags,
        operationId: 'GET_EReporting_PeriodComparison',
        summary: 'What the tax office sees for the period (e-invoicing + e-reporting) beside the books, every difference explained',
        params: PeriodParams,
        response: { 200: Type.Ref(EReportingComparison), 404: problem },
      },
    },
    async (request) => service.comparison(p, request.principal.accountId, request.params.id),
  );
}
