// Cross-cutting API conventions of the original ASP.NET service: JSON media types, query
// parameter names matched case-insensitively, request ids, and text/plain | text/json variants.
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The response is also offered as text/plain and text/json (same JSON bytes). */
    textVariants?: boolean;
  }
}

const JSON_TYPES = ['application/json', 'application/json-patch+json', 'text/json'];
const VENDOR_JSON = /^application\/[\w.!#$&^-]+\+json$/;

export function registerJsonParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parse = (_request: FastifyRequest, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(Object.assign(new Error('Request body is empty but its content type is JSON'), { code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 }));
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (e) {
      done(Object.assign(new Error((e as Error).message), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }));
    }
  };
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, parse);
  app.addContentTypeParser(VENDOR_JSON, { parseAs: 'string' }, parse);
}

/** Appends a route-level hook to whatever hooks the route already declares. */
function addRouteHook<T>(existing: T | T[] | undefined, hook: NoInfer<T>): T[] {
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
