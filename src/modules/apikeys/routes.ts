// API access (/v1/apikeys): the account's keys as the console's "API access" page shows them
// (name, prefix, created, last used, revoked), and their creation, regeneration and revocation.
// Only an Admin user signed in to the console may call these routes: the spec has keys created "by
// the account holder in the application's settings", so a key cannot mint or revoke keys (403).
// A created or regenerated key is in the answer once; only its hash is stored (accounts module).
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ForbiddenError } from '../../errors.js';
import type { TypedApp } from '../../http/module.js';
import { ensureSchema, Nullable } from '../../http/schemas.js';
import { createApiKey, listApiKeys, regenerateApiKey, revokeApiKey } from '../accounts/index.js';

export const ApiKey = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    prefix: Type.String({ description: 'The first characters of the key: tells keys apart, not secret' }),
    createdAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Nullable(Type.String({ format: 'date-time', description: 'Within a minute' })),
    revokedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'ApiKey', additionalProperties: false, description: 'An API key (never the key itself)' },
);

export const CreatedApiKey = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    apiKey: Type.String({ description: 'The key: shown this once, it cannot be read again' }),
  },
  { $id: 'CreatedApiKey', additionalProperties: false, description: 'A new API key' },
);

const problem = { $ref: 'ProblemDetails#' };
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

function adminOnly(request: FastifyRequest): number {
  if (request.principal.user?.profile !== 'Admin')
    throw new ForbiddenError('API keys are managed by an Admin user signed in to the console (API access), not with a key');
  return request.principal.accountId;
}

export function apiKeyRoutes(app: TypedApp, ctx: AppContext): void {
  ensureSchema(app, ApiKey);
  ensureSchema(app, CreatedApiKey);
  const tags = ['API access'];
  // The console's own API (an Admin session with its CSRF token; a key gets 403): left out of the
  // integrators' OpenAPI document and typed client, described in docs/console.md.
  const config = { errorBody: 'ProblemDetails' as const };

  app.get(
    '/v1/apikeys',
    {
      config,
      schema: {
        hide: true,
        tags,
        summary: "The account's API keys, revoked ones included",
        response: { 200: Type.Array(Type.Ref(ApiKey)), 403: problem },
      },
    },
    async (request) =>
      (await listApiKeys(ctx.db, adminOnly(request))).map((k) => ({
        id: k.id,
        name: k.name,
        prefix: k.prefix,
        createdAt: k.createdAt,
        lastUsedAt: k.lastUsedAt,
        revokedAt: k.revokedAt,
      })),
  );

  app.post(
    '/v1/apikeys',
    {
      config,
      schema: {
        hide: true,
        tags,
        summary: 'Create an API key (shown once in the answer)',
        body: Type.Object({ name: Type.String({ maxLength: 200 }) }, { additionalProperties: false }),
        response: { 201: Type.Ref(CreatedApiKey), 400: problem, 403: problem },
      },
    },
    async (request, reply) => {
      const key = await createApiKey(ctx.db, adminOnly(request), request.body.name);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(key);
    },
  );

  app.post(
    '/v1/apikeys/regenerate/:id',
    {
      config,
      schema: {
        hide: true,
        tags,
        summary: 'Regenerate an API key: revokes it and creates a new one with its name (shown once)',
        params: IdParams,
        response: { 201: Type.Ref(CreatedApiKey), 403: problem, 404: problem },
      },
    },
    async (request, reply) => {
      const key = await regenerateApiKey(ctx.db, adminOnly(request), request.params.id);
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(key);
    },
  );

  app.delete(
    '/v1/apikeys/:id',
    {
      config,
      schema: {
        hide: true,
        tags,
        summary: 'Revoke an API key (at once, in every server process)',
        params: IdParams,
        response: { 204: Type.Null(), 403: problem, 404: problem },
      },
    },
    async (request, reply) => {
      await revokeApiKey(ctx.db, adminOnly(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
