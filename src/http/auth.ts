// API-key authentication for every route not marked `config.public`. Keys arrive in the header
// `x-api-key`, as HTTP Basic with user `apikey`, or as the query parameter `apikey` (discouraged:
// it is redacted from logs). Repeated failures from one address are throttled with 429.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TooManyRequestsError, UnauthorizedError } from '../errors.js';

export interface Principal {
  accountId: number;
  accountName: string;
  apiKeyId: number;
  apiKeyName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every authenticated route. */
    principal: Principal;
  }
}

export type ResolveApiKey = (key: string) => Promise<Principal | null>;

export interface AuthOptions {
  resolve: ResolveApiKey;
  failureLimit: number;
  failureWindowSeconds: number;
}

export function presentedKey(request: FastifyRequest): string | null {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const authorization = request.headers.authorization;
  if (authorization && /^basic /i.test(authorization)) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0 && decoded.slice(0, colon).toLowerCase() === 'apikey') return decoded.slice(colon + 1);
  }
  const query = request.query as Record<string, unknown> | undefined;
  if (query) {
    for (const name of Object.keys(query)) {
      if (name.toLowerCase() === 'apikey' && typeof query[name] === 'string') return query[name];
    }
  }
  return null;
}

/** Counts failures per client address in fixed windows; memory is bounded by pruning old windows. */
class FailureThrottle {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(private readonly limit: number, private readonly windowMs: number) {}

  retryAfterSeconds(address: string, now: number): number | null {
    const w = this.windows.get(address);
    if (!w || now - w.start >= this.windowMs || w.count < this.limit) return null;
    return Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
  }

  fail(address: string, now: number): void {
    const w = this.windows.get(address);
    if (!w || now - w.start >= this.windowMs) this.windows.set(address, { start: now, count: 1 });
    else w.count += 1;
    if (this.windows.size > 10_000) {
      for (const [key, value] of this.windows) if (now - value.start >= this.windowMs) this.windows.delete(key);
    }
  }
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const throttle = new FailureThrottle(options.failureLimit, options.failureWindowSeconds * 1000);
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request, reply) => {
    // Every answer, error or not, carries the request id (one hook instead of two on the hot path).
    reply.header('x-request-id', request.id);
    if (request.routeOptions.config?.public || request.is404) return;
    const now = Date.now();
    const retryAfter = throttle.retryAfterSeconds(request.ip, now);
    if (retryAfter !== null) {
      throw new TooManyRequestsError(
        `Too many failed authentications from this address; retry in ${retryAfter} s`,
        retryAfter,
      );
    }
    const key = presentedKey(request);
    const principal = key ? await options.resolve(key) : null;
    if (!principal) {
      throttle.fail(request.ip, now);
      reply.header('www-authenticate', 'Basic realm="facturier", charset="UTF-8"');
      throw new UnauthorizedError(
        key
          ? 'The API key is invalid or has been revoked'
          : 'An API key is required: send it in the x-api-key header, as HTTP Basic (user "apikey") or as the apikey query parameter',
      );
    }
    request.principal = principal;
  });
}
