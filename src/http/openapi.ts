// OpenAPI 3.1 generated from the route schemas, served at /openapi.json, and interactive
// documentation at /docs from the npm-installed swagger-ui assets (no CDN), reading /openapi.json.
// The generated document is then completed for generators and people (docs/openapi.md): enums as
// `enum`, the descriptions, examples and response names of src/http/openapi-docs.ts, every error
// status the server can answer with the media type it really sends, `servers` from PUBLIC_URL,
// public routes without security, and tags described.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { CHALLENGE } from './auth.js';
import { OPERATION_DOCS, TAG_DESCRIPTIONS } from './openapi-docs.js';
import { enumsOf } from './serialization.js';

type Json = Record<string, unknown>;

/** What the document needs to know of a route beyond its schema: which error body it sends, whether it needs a key. */
export interface RouteFacts {
  errorBody: 'Error' | 'ProblemDetails';
  public: boolean;
}

/** "/v1/customers/:id" -> "/v1/customers/{id}" */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Reference paths that differ only in a parameter's name; OpenAPI forbids them, so one name is used. */
const PATH_ALIASES: Record<string, { path: string; from: string; to: string }> = {
  '/v1/productimages/{id}': { path: '/v1/productimages/{productId}', from: 'id', to: 'productId' },
};

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Invalid request: each error names the field (and, for an enum, the allowed values)',
  '401': 'Missing or invalid API key',
  '403': 'Forbidden',
  '404': 'Not found (a record of another account is not found either)',
  '409': 'Conflict with the state of the record (e.g. a finalized document is immutable)',
  '412': 'If-Match does not match the current ETag: read the record again',
  '413': 'Request body larger than the limit (BODY_LIMIT_BYTES)',
  '415': 'Unsupported media type: send JSON (multipart/form-data for file uploads)',
  '422': 'Idempotency-Key already used for another request in the last 24 hours: use a new key',
  '429': 'Too many failed authentications from this address with this key prefix (Retry-After)',
  '501': 'Disabled on this server (EINVOICING_CHECK=off)',
  '503': 'Busy or unavailable: retry after Retry-After',
};

/** Statuses whose body is always ProblemDetails, whatever the route's own error body. */
const ALWAYS_PROBLEM = new Set(['401', '412', '429']);

const problemContent = { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } };
const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/** Completes the generated document (see the file's header). */
export function polishDocument(doc: Json, facts: Map<string, RouteFacts>, publicUrl: string | undefined): Json {
  const paths = doc.paths as Record<string, Record<string, Json>>;
  for (const [alias, target] of Object.entries(PATH_ALIASES)) {
    const ops = paths[alias];
    if (!ops) continue;
    for (const [method, op] of Object.entries(ops)) {
      for (const p of (op.parameters ?? []) as Json[]) if (p.in === 'path' && p.name === target.from) p.name = target.to;
      const key = `${method.toUpperCase()} ${alias}`;
      const known = facts.get(key);
      if (known) facts.set(`${method.toUpperCase()} ${target.path}`, known);
      (paths[target.path] ??= {})[method] = op;
    }
    delete paths[alias];
  }

  const usedTags = new Set<string>();
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method.toUpperCase()} ${path}`;
      const fact = facts.get(key) ?? { errorBody: 'ProblemDetails', public: false };
      const words = OPERATION_DOCS[key];
      if (words) {
        op.description = words.description;
        if (words.operationId) op.operationId = words.operationId;
      }
      for (const tag of (op.tags ?? []) as string[]) usedTags.add(tag);
      if (fact.public) op.security = [];

      const upload = typeof op.summary === 'string' && op.summary.includes('multipart/form-data');
      if (upload) {
        op.requestBody = {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', format: 'binary', description: 'The file' } },
              },
            },
          },
        };
      }
      const body = op.requestBody as { content?: Record<string, Json> } | undefined;
      if (body?.content && words?.example) {
        for (const media of Object.values(body.content)) media.example = words.example;
      }

      const responses = (op.responses ??= {}) as Record<string, Json>;
      if (words?.okMedia && !responses['200']) {
        const binary = { schema: { type: 'string', format: 'binary' } };
        responses['200'] = { content: Object.fromEntries(words.okMedia.map((m) => [m, binary])) };
      }
      if (!fact.public) {
        responses['401'] ??= {};
        responses['429'] ??= {};
      }
      // Every authenticated write may be retried safely with an Idempotency-Key (docs/delivery.md).
      if (!fact.public && ['post', 'put', 'delete'].includes(method) && path.startsWith('/v1/')) {
        const parameters = (op.parameters ??= []) as Json[];
        if (!parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key')) {
          parameters.push({
            in: 'header',
            name: 'Idempotency-Key',
            required: false,
            schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
            description:
              'Makes a retry safe: the first answer is stored 24 h for this account and key and replayed (Idempotent-Replayed: true); the same key with another request is a 422 (docs/delivery.md)',
          });
        }
        responses['422'] ??= {};
      }
      if (body) {
        responses['400'] ??= {};
        responses['413'] ??= {};
        responses['415'] ??= {};
      }
      for (const [status, response] of Object.entries(responses)) {
        if (/^2/.test(status)) {
          if (words?.ok && (response.description === 'Default Response' || !response.description || status === '200'))
            response.description = words.ok;
          if (response.description === 'Default Response') response.description = 'Success';
          continue;
        }
        const declared = Object.values((response.content ?? {}) as Record<string, Json>)[0]?.schema as Json | undefined;
        if (declared && !(typeof declared.$ref === 'string' && /\/(Error|ProblemDetails)$/.test(declared.$ref))) {
          // A body of the route's own (readiness: {status}), sent as JSON.
          if (!response.description || response.description === 'Default Response')
            response.description = ERROR_DESCRIPTIONS[status] ?? 'Error';
          continue;
        }
        response.description = ERROR_DESCRIPTIONS[status] ?? 'Error';
        const asError = fact.errorBody === 'Error' && !ALWAYS_PROBLEM.has(status);
        response.content = asError ? errorContent : problemContent;
        if (status === '429' || status === '503')
          response.headers = { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } };
        if (status === '401') response.headers = { 'WWW-Authenticate': { schema: { type: 'string' }, description: CHALLENGE } };
      }
      ops[method] = enumsOf(op) as Json;
    }
  }
  const components = doc.components as { schemas?: Json };
  if (components.schemas) components.schemas = enumsOf(components.schemas) as Json;
  const problem = components.schemas?.ProblemDetails as Json | undefined;
  if (problem?.properties) {
    (problem.properties as Json).errors = {
      type: 'object',
      additionalProperties: { type: 'array', items: { type: 'string' } },
      description: 'Messages per field (validation errors)',
    };
    (problem.properties as Json).traceId = { type: 'string', description: 'The request id (x-request-id)' };
  }
  if (components.schemas) components.schemas = withoutUnused(doc, components.schemas);
  doc.servers = [{ url: publicUrl ?? '/', description: publicUrl ? 'This server (PUBLIC_URL)' : 'This server' }];
  doc.tags = [...usedTags].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return doc;
}

/**
 * The shared schemas some operation still refers to, directly or through another schema: those of
 * routes left out of the document (the console's session API, `hide: true`) are dropped with them.
 */
function withoutUnused(doc: Json, schemas: Json): Json {
  const refsIn = (value: unknown): string[] => [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
  const used = new Set(refsIn(doc.paths));
  for (let pending = [...used]; pending.length;) {
    const next = pending.flatMap((name) => refsIn(schemas[name] ?? {})).filter((name) => !used.has(name));
    for (const name of next) used.add(name);
    pending = next;
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}

const DOCS_CSS = `.swagger-ui .topbar { background-color: #1f3a5f; }
.swagger-ui .topbar .download-url-wrapper { display: none; }
.swagger-ui .topbar-wrapper::after { content: 'Facturier API'; color: #fff; font: 600 20px sans-serif; margin-left: 12px; }
.swagger-ui .topbar-wrapper a svg { display: none; }`;

export async function registerOpenApi(app: FastifyInstance, version: string, publicUrl?: string): Promise<void> {
  const facts = new Map<string, RouteFacts>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      facts.set(`${method.toUpperCase()} ${openApiPath(route.url)}`, {
        errorBody: route.config?.errorBody ?? 'ProblemDetails',
        public: route.config?.public === true,
      });
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Facturier API',
        version,
        description:
          'Self-hostable invoicing and accounting API for French small businesses: customers, products, invoices and credit notes ' +
          'issued as Factur-X PDFs, payments. Wire-compatible with the Altoviz v1 API. Authenticate with the header ' +
          '`x-api-key` (HTTP Basic with user `apikey` works too). Errors are RFC 9457 ProblemDetails ' +
          '(`application/problem+json`), except on create endpoints, which answer `Error` (`application/json`).',
      },
      components: {
        securitySchemes: {
          ApiKey: { type: 'apiKey', name: 'x-api-key', in: 'header', description: 'The API key (fk_…)' },
          Basic: { type: 'http', scheme: 'basic', description: 'user "apikey", password: the API key' },
          ApiKeyQuery: { type: 'apiKey', name: 'apikey', in: 'query', description: 'discouraged: appears in logs' },
        },
      },
      security: [{ ApiKey: [] }, { Basic: [] }, { ApiKeyQuery: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    transformObject: (documentObject) => polishDocument((documentObject as { openapiObject: Json }).openapiObject, facts, publicUrl),
  });
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await scope.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      // The plugin's policy ends with upgrade-insecure-requests: on the default plain-HTTP install the
      // browser then fetched https://…/openapi.json and showed "Failed to load API definition". The
      // page's own requests stay same-origin ('self'), which is what the policy is for. swagger-ui also
      // sets style attributes as it renders (hashes cannot list them): styles may be inline, scripts not.
      transformStaticCSP: (header: string) =>
        header.replace(/\s*upgrade-insecure-requests;?/g, '').replace(/style-src [^;]*;/, "style-src 'self' https: 'unsafe-inline';"),
      theme: { title: 'Facturier API', css: [{ filename: 'facturier.css', content: DOCS_CSS }] },
      uiConfig: { docExpansion: 'none', persistAuthorization: true, tryItOutEnabled: false },
      // The page reads ./json, which is the document of /openapi.json: one document, one address.
      uiHooks: {
        onRequest: (request, reply, done) => {
          if (/\/docs\/json$/i.test(request.url.split('?')[0])) void reply.redirect('../openapi.json', 302);
          else done();
        },
      },
    });
    scope.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  });
}
