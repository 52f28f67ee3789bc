// Registers the standard routes of a master-data resource, as the spec's tables list them:
// list (paged, `query`), create, find, get-by-internal-id, get, update, delete. Error bodies
// follow the spec: `Error` on create, `ProblemDetails` elsewhere.
import { Type, type TProperties, type TSchema } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import { IfMatchHeaders, ifMatchOf, withETag } from '../../http/etag.js';
import { answerThroughCache } from '../../http/fragments.js';
import { fragmentsFor } from '../../app/fragments.js';
import type { SchemaOf, TypedApp } from '../../http/module.js';
import { pageOf, PagingQuery, parseOrderBy, setPagingHeaders, type SortKey } from '../../http/paging.js';
import { ensureSchema, FindQuery, IdParams, InternalIdParams, NoBody, Str } from '../../http/schemas.js';
import type { ListQuery, ResourceService } from './service.js';
import type { SortColumn } from './store.js';

type FindField = 'email' | 'internalId' | 'number';

export interface ResourceRoutes<Input, Out> {
  path: string;
  /** OpenAPI tag and operationId stem, e.g. "Customers". */
  tag: string;
  service: ResourceService<Input, Out>;
  input: SchemaOf<Input>;
  /** Response schema; must carry a `$id` (its name in the OpenAPI components). */
  output: TSchema;
  orderBy: Record<string, SortColumn>;
  defaultOrder?: SortKey<SortColumn>[];
  find?: FindField[];
  getByInternalId?: boolean;
  update?: boolean;
  /** Extra list filters (e.g. products' familyId), turned into list options. */
  listFilters?: { schema: TProperties; toOptions(query: Record<string, unknown>): Partial<ListQuery> };
}

/** The usual default order of a list: by name, A to Z. */
export const BY_NAME: SortKey<SortColumn>[] = [{ column: 'name', direction: 'asc' }];

/** The list, find and update options resources named like a person or a company share (customers, suppliers, colleagues). */
export const PARTY_ROUTES = {
  orderBy: { id: 'id', name: 'name', number: 'number', email: 'email', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultOrder: BY_NAME,
  find: ['email', 'internalId', 'number'],
  getByInternalId: true,
  update: true,
} satisfies Partial<ResourceRoutes<unknown, unknown>>;

/** Sortable fields of customer and product families: `label` sorts as the name. */
export const FAMILY_ORDER_BY = {
  id: 'id',
  label: 'name',
  name: 'name',
  number: 'number',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
} satisfies Record<string, SortColumn>;

const problem = { $ref: 'ProblemDetails#' };
const error = { $ref: 'Error#' };

export function resourceRoutes<Input, Out>(app: TypedApp, ctx: AppContext, r: ResourceRoutes<Input, Out>): void {
  // The type provider types each route's body from its schema, but TypeScript cannot resolve that
  // type through this registrar's generic parameter: the one conversion, of a body that `r.input`
  // has validated, is here.
  const bodyOf = (request: { body: unknown }): Input => request.body as Input;
  ensureSchema(app, r.output);
  const ref = Type.Ref(r.output);
  const tags = [r.tag];
  const defaultOrder = r.defaultOrder ?? [{ column: 'id', direction: 'asc' }];
  const listQuery = Type.Object({
    ...PagingQuery,
    query: Type.Optional(Str(200, 'Full-text search')),
    ...(r.listFilters?.schema ?? {}),
  });

  app.get(
    r.path,
    {
      schema: {
        tags,
        operationId: `GET_${r.tag}_List`,
        summary: `List ${r.tag.toLowerCase()}`,
        querystring: listQuery,
        response: { 200: Type.Array(ref), 400: problem },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const page = pageOf(q);
      const order = parseOrderBy(q.OrderBy, r.orderBy, defaultOrder);
      const { items, total } = await r.service.list(ctx.db, request.principal.accountId, {
        page,
        order,
        query: q.query,
        ...(r.listFilters?.toOptions(q) ?? {}),
      });
      setPagingHeaders(request, reply, page, total);
      // Resources whose answers are cached answer lazy items (records/service.ts); others plain ones.
      answerThroughCache(reply, fragmentsFor(ctx.db.kysely));
      return items;
    },
  );

  app.post(
    r.path,
    {
      config: { errorBody: 'Error' },
      schema: {
        tags,
        operationId: `POST_${r.tag}_Post`,
        summary: `Create a ${r.tag.toLowerCase().replace(/s$/, '')}`,
        body: r.input,
        response: { 200: ref, 400: error },
      },
    },
    async (request, reply) => withETag(reply, await r.service.create(ctx.db, request.principal.accountId, bodyOf(request))),
  );

  if (r.find) {
    const fields = r.find;
    const props = Object.fromEntries(fields.map((f) => [f, FindQuery.properties[f]]));
    app.get(
      `${r.path}/find`,
      {
        schema: {
          tags,
          operationId: `GET_${r.tag}_Find`,
          summary: `Find ${r.tag.toLowerCase()} by ${fields.join(', ')}`,
          querystring: Type.Object(props),
          response: { 200: Type.Array(ref), 404: problem },
        },
      },
      async (request) => {
        const q: Partial<Record<FindField, string>> = request.query;
        // With no criterion, find answers nothing rather than the whole table.
        if (!fields.some((f) => q[f] !== undefined)) return [];
        return r.service.find(ctx.db, request.principal.accountId, q);
      },
    );
  }

  if (r.getByInternalId) {
    app.get(
      `${r.path}/getbyinternalid/:internalId`,
      {
        schema: {
          tags,
          operationId: `GET_${r.tag}_GetByInternalId`,
          summary: 'Get by your internal id',
          params: InternalIdParams,
          response: { 200: ref, 404: problem },
        },
      },
      async (request, reply) =>
        withETag(reply, await r.service.getByInternalId(ctx.db, request.principal.accountId, request.params.internalId)),
    );
  }

  app.get(
    `${r.path}/:id`,
    {
      schema: {
        tags,
        operationId: `GET_${r.tag}_Get`,
        summary: 'Get by id',
        params: IdParams,
        response: { 200: ref, 404: problem },
      },
    },
    async (request, reply) => {
      const answer = withETag(reply, await r.service.answer(ctx.db, request.principal.accountId, request.params.id));
      answerThroughCache(reply, fragmentsFor(ctx.db.kysely));
      return answer;
    },
  );

  if (r.update) {
    app.put(
      `${r.path}/:id`,
      {
        schema: {
          tags,
          operationId: `PUT_${r.tag}_Put`,
          summary: 'Update: absent fields keep their value, null clears',
          params: IdParams,
          headers: IfMatchHeaders,
          body: r.input,
          response: { 200: ref, 400: problem, 404: problem, 412: problem },
        },
      },
      async (request, reply) =>
        withETag(
          reply,
          await r.service.update(ctx.db, request.principal.accountId, request.params.id, bodyOf(request), ifMatchOf(request)),
        ),
    );
  }

  app.delete(
    `${r.path}/:id`,
    {
      schema: {
        tags,
        operationId: `DELETE_${r.tag}_Delete`,
        summary: 'Delete',
        params: IdParams,
        headers: IfMatchHeaders,
        response: { 200: NoBody, 404: problem, 412: problem },
      },
    },
    async (request, reply) => {
      await r.service.remove(ctx.db, request.principal.accountId, request.params.id, ifMatchOf(request));
      return reply.code(200).send();
    },
  );
}
