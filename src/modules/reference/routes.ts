// Reference lists: VAT rates, units, classifications, bank providers and homecare activities.
// Static data (src/modules/reference/data), served to authenticated clients.
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { ensureSchema } from '../../http/schemas.js';
import { Str } from '../../http/schemas.js';
import {
  classificationsByType,
  filterBankProviders,
  HOMECARE_SERVICE_ACTIVITIES,
  HOMECARE_SERVICE_TSA_GROUPS,
  UNITS,
  vatsByRegion,
} from './data/index.js';
import {
  BankProvider,
  Classification,
  ClassificationType,
  HomecareServiceActivity,
  HomecareServiceTsaGroup,
  Unit,
  Vat,
  VatRegion,
} from './schemas.js';

function listResponse(app: FastifyInstance, schema: TSchema) {
  ensureSchema(app, schema);
  return { 200: Type.Array(Type.Ref(schema)), 400: { $ref: 'ProblemDetails#' } };
}

export function referenceRoutes(app: TypedApp, _ctx: AppContext): void {
  ensureSchema(app, Vat);

  app.get(
    '/v1/vats',
    {
      schema: {
        tags: ['Vats'],
        operationId: 'GET_Vats_List',
        summary: 'VAT rates, optionally of one region',
        querystring: Type.Object({ region: Type.Optional(VatRegion) }),
        response: listResponse(app, Vat),
      },
    },
    async (request) => vatsByRegion(request.query.region),
  );

  app.get(
    '/v1/units',
    { schema: { tags: ['Units'], operationId: 'GET_Units_List', summary: 'Units of measure', response: listResponse(app, Unit) } },
    async () => UNITS,
  );

  app.get(
    '/v1/classifications',
    {
      schema: {
        tags: ['Classifications'],
        operationId: 'GET_Classifications_List',
        summary: 'Classifications (chart of accounts), optionally of one type',
        querystring: Type.Object({ type: Type.Optional(ClassificationType) }),
        response: listResponse(app, Classification),
      },
    },
    async (request) => classificationsByType(request.query.type),
  );

  app.get(
    '/v1/bankaccounts/providers',
    {
      schema: {
        tags: ['BankAccounts'],
        operationId: 'GET_BankAccounts_Providers',
        summary: 'Bank providers, with an optional full-text search',
        querystring: Type.Object({ query: Type.Optional(Str(200, 'Full-text search')) }),
        response: listResponse(app, BankProvider),
      },
    },
    async (request) => filterBankProviders(request.query.query),
  );

  app.get(
    '/v1/homecareservices/tsa-groups',
    {
      schema: {
        tags: ['HomecareServices'],
        operationId: 'GET_HomecareServices_TsaGroups',
        summary: 'Groups of homecare service activities',
        response: listResponse(app, HomecareServiceTsaGroup),
      },
    },
    async () => HOMECARE_SERVICE_TSA_GROUPS,
  );

  app.get(
    '/v1/homecareservices/activities',
    {
      schema: {
        tags: ['HomecareServices'],
        operationId: 'GET_HomecareServices_Activities',
        summary: 'Homecare service activities (Code du travail, art. D7231-1)',
        response: listResponse(app, HomecareServiceActivity),
      },
    },
    async () => HOMECARE_SERVICE_ACTIVITIES,
  );
}
