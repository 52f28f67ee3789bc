// Cross-cutting API conventions of the original ASP.NET service: JSON media types, query
// parameter names matched case-insensitively, request ids, and text/plain | text/json variants.
import { OptionalKind } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The response is also offered as text/plain and text/json (same JSON bytes). */
    textVariants?: boolean;
  }
}

const JSON_TYPES = ['application/json', 'application/json-patch+json', 'text/json'];
const VENDOR_JSON = /^application\/[\w.!#$&^-]+\+json$/;

/** Whether the route reads a request body (declares a body schema or takes a multipart upload). */
function routeTakesBody(request: FastifyRequest): boolean {
  const schema = request.routeOptions.schema;
  return Boolean(schema?.body) || Boolean((schema as { consumes?: unknown } | undefined)?.consumes);
}

/** Whether the route's body may be left out (a TypeBox `Type.Optional` body, e.g. the send list). */
function routeBodyOptional(request: FastifyRequest): boolean {
  const body = request.routeOptions.schema?.body as Record<symbol, unknown> | undefined;
  return body !== undefined && body[OptionalKind] === 'Optional';
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a Content-Type names JSON in one of the media types we read. */
function isJsonType(mediaType: string): boolean {
  return JSON_TYPES.includes(mediaType) || VENDOR_JSON.test(mediaType);
}

/** Whether the route takes a multipart upload. */
function routeTakesMultipart(request: FastifyRequest): boolean {
  const consumes = (request.routeOptions.schema as { consumes?: unknown } | undefined)?.consumes;
  return Array.isArray(consumes) && consumes.includes('multipart/form-data');
}

function unsupportedMediaType(): Error {
  return Object.assign(new Error('Unsupported media type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
}

/**
 * JSON in its media types, and bodiless requests in every form clients send them. A POST that needs
 * no body (finalize, cancel…) is accepted without a content type, with a JSON content type and an
 * empty body, or chunked with no bytes (what Node's own HTTP client sends): each is "no body". A
 * body in a media type we do not read is still 415; an empty JSON body where one is needed, 400. Where
 * the body is optional (the recipients of a send), an empty JSON body is no body too: the WooCommerce
 * plugin sends `Content-Type: application/json` with nothing after it.
 */
export function registerJsonParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parse = (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
    const text = body.toString();
    if (text.trim() === '') {
      if (!routeTakesBody(request) || routeBodyOptional(request)) {
        done(null, undefined);
        return;
      }
      done(
        Object.assign(new Error('Request body is empty but its content type is JSON'), {
          code: 'FST_ERR_CTP_EMPTY_JSON_BODY',
          statusCode: 400,
        }),
      );
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (e) {
      done(Object.assign(new Error((e as Error).message), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }));
    }
  };
  // Every change declares JSON (or, where a file is uploaded, multipart/form-data), or no type at
  // all with no body: a page of another site can send text/plain, form-urlencoded or multipart
  // without a CORS preflight, with an empty body too, never a JSON one (docs/decisions.md).
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const raw = request.headers['content-type'];
    if (MUTATIONS.has(request.method) && raw !== undefined && raw.trim() !== '') {
      const mediaType = raw.split(';')[0].trim().toLowerCase();
      if (!isJsonType(mediaType) && !(mediaType === 'multipart/form-data' && routeTakesMultipart(request))) {
        done(unsupportedMediaType());
        return;
      }
    }
    done(null, payload);
  });
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, parse);
  app.addContentTypeParser(VENDOR_JSON, { parseAs: 'string' }, parse);
  // No content type (a chunked body), or one we do not read on a route that reads no body: an empty
  // body is no body; the first byte of a real one is a 415 at once, without reading the rest.
  app.addContentTypeParser('*', (request, payload, done) => {
    const length = request.headers['content-length'];
    const foreignType = request.headers['content-type'] !== undefined && routeTakesBody(request);
    if (foreignType || (length !== undefined && length !== '0')) {
      done(unsupportedMediaType(), undefined);
      return;
    }
    let settled = false;
    const settle = (err: Error | null) => {
      if (settled) return;
      settled = true;
      done(err, undefined);
    };
    payload.on('data', (chunk: Buffer) => {
      if (chunk.length > 0) settle(unsupportedMediaType());
    });
    payload.on('end', () => {
      settle(null);
    });
    payload.on('error', (err) => {
      settle(err);
    });
  });
}

/** Appends a route-level hook to whatever hooks the route already declares. */
export function addRouteHook<T>(existing: T | T[] | undefined, hook: NoInfer<T>): T[] {
  return existing === undefined ? [hook] : ([] as T[]).concat(existing, hook);
}

/** Echo the request id (the client's own `x-request-id` when it is sane) on every response. */
export function requestIdFrom(request: { headers: Record<string, string | string[] | undefined> }): string | null {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w.:-]{1,64}$/.test(incoming) ? incoming : null;
}

function preferredTextType(request: FastifyRequest): string | null {
  const accept = request.headers.accept;
  if (!accept) return null;
  let best: { type: string; q: number } | null = null;
  for (const part of accept.split(',')) {
    const [rawType, ...params] = part.trim().split(';');
    const type = rawType.trim().toLowerCase();
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (['application/json', 'text/json', 'text/plain', '*/*', 'application/*'].includes(type)) {
      if (!best || q > best.q) best = { type, q };
    }
  }
  return best && (best.type === 'text/plain' || best.type === 'text/json') ? best.type : null;
}

/** Routes with `config.textVariants` answer text/plain or text/json when the client prefers it. */
export function registerTextVariants(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.textVariants) return;
    const variant: onSendHookHandler = (request, reply, payload, done) => {
      const textType = reply.statusCode < 300 ? preferredTextType(request) : null;
      if (textType) reply.header('content-type', `${textType}; charset=utf-8`);
      done(null, payload);
    };
    route.onSend = addRouteHook(route.onSend, variant);
  });
}
