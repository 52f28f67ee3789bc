// /v1/commitments and /v1/settlements (our extension): the views the exports of the same names read;
// /v1/dashboard (our extension): the figures of the console's landing page, in one request.
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { ValidationError } from '../../errors.js';
import type { TypedApp } from '../../http/module.js';
import { pageOf, PagingQuery, setPagingHeaders } from '../../http/paging.js';
import { ensureSchema, Int32, Str } from '../../http/schemas.js';
import { timezoneOf } from '../sales/index.js';
import { getAccountSettings } from '../settings/index.js';
import { todayIn } from '../../domain/dates.js';
import { dashboardFigures } from './dashboard.js';
import {
  COMMITMENT_TYPES,
  CommitmentEntry,
  Dashboard,
  DashboardDocument,
  DashboardMonth,
  SETTLEMENT_TYPES,
  SettlementEntry,
} from './schemas.js';
import { listCommitments, listSettlements } from './views.js';

const problem = { $ref: 'ProblemDetails#' };
const Types = Type.Optional(
  Type.Union([Str(200), Type.Array(Str(50), { maxItems: 10 })], {
    description: 'Kinds to include, repeated (`types[]=A&types[]=B`) or comma-separated; all when absent',
  }),
);
const ViewQuery = Type.Object({
  ...PagingQuery,
  From: Type.Optional(Type.String({ format: 'date' })),
  To: Type.Optional(Type.String({ format: 'date' })),
  types: Types,
  'types[]': Types,
});

/** The kinds asked for, each one of `allowed` (matched case-insensitively), or a 400 naming `types`. */
function typesOf<T extends string>(query: { types?: string | string[]; 'types[]'?: string | string[] }, allowed: readonly T[]): T[] {
  const raw = [query.types, query['types[]']].flat().filter((v): v is string => typeof v === 'string');
  if (!raw.length) return [...allowed];
  const out: T[] = [];
  for (const value of raw
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean)) {
    const hit = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    if (!hit) throw ValidationError.field('types', `"${value.slice(0, 50)}" is not one of ${allowed.join(', ')}`);
    if (!out.includes(hit)) out.push(hit);
  }
  return out;
}

export function ledgerRoutes(app: TypedApp, appCtx: AppContext): void {
  ensureSchema(app, CommitmentEntry);
  ensureSchema(app, SettlementEntry);
  for (const schema of [DashboardMonth, DashboardDocument, Dashboard]) ensureSchema(app, schema);
  const db = appCtx.db.kysely;

  app.get(
    '/v1/commitments',
    {
      schema: {
        tags: ['Ledgers'],
        operationId: 'GET_Commitments_List',
        summary:
          'What is owed to us and by us, earliest due first (extension): unpaid sale invoices, unpaid purchase invoices, approved expense reports',
        querystring: ViewQuery,
        response: { 200: Type.Array(Type.Ref(CommitmentEntry)), 400: problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.OrderBy) throw ValidationError.field('OrderBy', 'commitments are listed by due date: no other order');
      const page = pageOf(q);
      const { items, total } = await listCommitments(
        db,
        request.principal.accountId,
        typesOf(q, COMMITMENT_TYPES),
        { from: q.From, to: q.To },
        page,
      );
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );

  app.get(
    '/v1/settlements',
    {
      schema: {
        tags: ['Ledgers'],
        operationId: 'GET_Settlements_List',
        summary: 'What was paid, by kind, oldest first (extension): customer receipts, supplier payments, colleague repayments',
        querystring: ViewQuery,
        response: { 200: Type.Array(Type.Ref(SettlementEntry)), 400: problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.OrderBy) throw ValidationError.field('OrderBy', 'settlements are listed by date: no other order');
      const page = pageOf(q);
      const { items, total } = await listSettlements(
        db,
        request.principal.accountId,
        typesOf(q, SETTLEMENT_TYPES),
        { from: q.From, to: q.To },
        page,
      );
      setPagingHeaders(request, reply, page, total);
      return items;
    },
  );

  app.get(
    '/v1/dashboard',
    {
      schema: {
        tags: ['Ledgers'],
        operationId: 'GET_Dashboard_Get',
        summary:
          "The figures of a dashboard in one request (extension): revenue and cash by month, what customers owe by lateness, the documents waiting for an action, as of the account's day",
        querystring: Type.Object({
          Months: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 24, description: 'How many calendar months, ending with the current one (default 12)' }),
          ),
          CustomerId: Type.Optional(
            Type.Integer({
              ...Int32,
              description:
                "Facturier extension: one customer's figures (their documents, receipts and quotes only), as the lists filtered by CustomerId; another account's customer reads as one with no document",
            }),
          ),
        }),
        response: { 200: Type.Ref(Dashboard), 400: problem },
      },
    },
    async (request) => {
      const accountId = request.principal.accountId;
      const today = todayIn(timezoneOf(await getAccountSettings(db, accountId)));
      return dashboardFigures(db, accountId, today, request.query.Months ?? 12, request.query.CustomerId || undefined);
    },
  );
}
