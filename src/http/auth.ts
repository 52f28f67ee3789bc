// API-key authentication for every route not marked `config.public`. Keys arrive in the header
// `x-api-key`, as HTTP Basic with user `apikey`, or as the query parameter `apikey` (any casing,
// percent-encoded or not; discouraged: it is redacted from logs and never echoed in links).
// Failures are throttled with 429 per (client address, key prefix), so that a client retrying a
// bad key does not lock out the good keys of other clients behind the same address; on
// PostgreSQL the counts are shared by every server process through a table.
// Credentials a browser adds by itself (HTTP Basic it cached, the console's session cookie) are
// refused on a request a page of another site made (403, docs/decisions.md "Cross-site requests"),
// and a 401 challenges with a scheme no browser prompts for, so that it caches no Basic credentials.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../errors.js';
import type { FailureWindow, Principal, RecordSharedFailure } from '../app/principal.js';

export type { FailureWindow, Principal, RecordSharedFailure } from '../app/principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every authenticated route. */
    principal: Principal;
  }
}

export type ResolveApiKey = (key: string) => Promise<Principal | null>;

/**
 * The web console's alternative to a key (src/modules/users/session.ts): the principal of the
 * request's session cookie, null when it carries none. It throws (401, 403) for a session that has
 * expired or a change without its CSRF token. A presented key always wins over a cookie.
 */
export type ResolveSession = (request: FastifyRequest) => Promise<Principal | null>;

export interface AuthOptions {
  resolve: ResolveApiKey;
  failureLimit: number;
  failureWindowSeconds: number;
  /** The non-secret start of a key that names it (what key listings show); '' for no key. */
  keyPrefix: (key: string) => string;
  /** Counts shared by server processes (PostgreSQL); absent, each process counts alone. */
  recordSharedFailure?: RecordSharedFailure;
  onSharedFailureError?: (err: unknown) => void;
  resolveSession?: ResolveSession;
  /** PUBLIC_URL: its origin is the server's own, as is the request's Host (what the browser sent it to). */
  publicUrl?: string | null;
}

/**
 * The 401 challenge: a scheme of our own naming the header, not `Basic`, which would make a browser
 * prompt and then send the cached credentials with every request any site makes to us.
 */
export const CHALLENGE = 'ApiKey realm="facturier", header="x-api-key"';

/** An http(s) URL or origin parsed; null when it is not one (`null`, garbage). */
function webUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The host (name, and port unless the scheme's default) of an origin or URL; null when it is not one. */
function hostOf(origin: string): string | null {
  return webUrl(origin)?.host ?? null;
}

/**
 * Whether a browser says a page of another origin made the request: `Sec-Fetch-Site` other than
 * same-origin or none (typed by the user), or else an `Origin` whose host is neither the Host the
 * request was sent to nor PUBLIC_URL's. Clients that are not browsers send neither header.
 */
export function isCrossOrigin(request: FastifyRequest, publicHost: string | null): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const url = webUrl(origin);
  if (url === null) return true;
  // The Host read with the Origin's scheme, so that default ports compare equal (`:80`, none).
  return url.host !== hostOf(`${url.protocol}//${request.host}`) && url.host !== publicHost;
}

/** Whether the request authenticates with HTTP Basic (credentials a browser may have cached). */
function usesBasic(request: FastifyRequest): boolean {
  const authorization = request.headers.authorization;
  return typeof authorization === 'string' && /^basic /i.test(authorization);
}

function crossOriginRefused(): ForbiddenError {
  return new ForbiddenError(
    'Cross-origin request refused: a page of another site may not use the credentials a browser adds by itself ' +
      '(HTTP Basic, the console session); send the API key in the x-api-key header',
  );
}

/** Whether a query parameter name, as decoded, is the key parameter (`apikey`, any casing). */
export function isKeyParameter(decodedName: string): boolean {
  return decodedName.toLowerCase() === 'apikey';
}

function decodeQueryName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * Text that looks like an API key (`fk_` and key characters; `fk%5F…` percent-encoded), whatever
 * carries it: a parameter of any name (`api_key`, `token`), a header, an error message.
 */
const KEY_LIKE = /fk(?:_|%5f)[\w%-]{4,}/gi;

/** Whether a (decoded) value holds something that looks like a key. */
function looksLikeKey(value: string): boolean {
  KEY_LIKE.lastIndex = 0;
  return KEY_LIKE.test(value);
}

/** `text` with everything that looks like a key replaced by `fk_[REDACTED]`: applied to every log line. */
export function redactKeys(text: string): string {
  return text.replace(KEY_LIKE, 'fk_[REDACTED]');
}

/**
 * The URL as logged: the value of every parameter that names the key — however it is spelled or
 * percent-encoded (`APIKEY`, `api%6Bey`) — or holds something that looks like a key, whatever the
 * parameter's name (`api_key`, `token`), is replaced by [REDACTED].
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const end = hash < 0 ? url.length : hash;
  const parts = url
    .slice(q + 1, end)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq < 0 ? part : part.slice(0, eq);
      const value = eq < 0 ? '' : part.slice(eq + 1);
      const secret = isKeyParameter(decodeQueryName(rawName)) || looksLikeKey(decodeQueryName(value)) || looksLikeKey(value);
      return secret ? `${rawName}=[REDACTED]` : part;
    });
  return `${url.slice(0, q + 1)}${parts.join('&')}${url.slice(end)}`;
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
      if (isKeyParameter(name) && typeof query[name] === 'string') return query[name];
    }
  }
  return null;
}

/**
 * Counts failures per bucket in fixed windows. The memory answers "is this bucket blocked?" with
 * no I/O on every request; when a store is shared, each failure is counted there and the memory
 * takes the shared count back, so a bucket blocked by other processes is blocked here from this
 * process's next failure on. Memory is bounded by pruning old windows.
 */
class FailureThrottle {
  private readonly windows = new Map<string, FailureWindow>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  retryAfterSeconds(bucket: string, now: number): number | null {
    const w = this.windows.get(bucket);
    if (!w || now - w.start >= this.windowMs || w.count < this.limit) return null;
    return Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
  }

  /** Counts a failure locally; answers the window. */
  fail(bucket: string, now: number): FailureWindow {
    let w = this.windows.get(bucket);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 1 };
      this.windows.set(bucket, w);
    } else {
      w.count += 1;
    }
    if (this.windows.size > 10_000) {
      for (const [key, value] of this.windows) if (now - value.start >= this.windowMs) this.windows.delete(key);
    }
    return w;
  }

  /** Takes the shared store's view of a bucket (it includes this process's failures). */
  adopt(bucket: string, window: FailureWindow): void {
    this.windows.set(bucket, { ...window });
  }

  /** Whether this window holds more failures than allowed (the last one came over the limit). */
  exceeded(window: FailureWindow): boolean {
    return window.count > this.limit;
  }
}

/** The throttling bucket of a request: its address and the prefix of the key it presented. */
export function failureBucket(address: string, prefix: string): string {
  // Prefixes are stored (PostgreSQL refuses NUL in text): anything but printable ASCII is hex.
  const safe = /^[\x21-\x7e]*$/.test(prefix) ? prefix : `~${Buffer.from(prefix, 'utf8').toString('hex').slice(0, 32)}`;
  return `${address} ${safe}`;
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const windowMs = options.failureWindowSeconds * 1000;
  const throttle = new FailureThrottle(options.failureLimit, windowMs);
  const tooMany = (retryAfter: number) =>
    new TooManyRequestsError(`Too many failed authentications from this address with this key; retry in ${retryAfter} s`, retryAfter);

  /** Counts a failure; answers the seconds to wait when other processes had already reached the limit. */
  async function recordFailure(bucket: string, now: number): Promise<number | null> {
    if (!options.recordSharedFailure) {
      throttle.fail(bucket, now);
      return null;
    }
    try {
      const shared = await options.recordSharedFailure(bucket, now, windowMs);
      throttle.adopt(bucket, shared);
      return throttle.exceeded(shared) ? throttle.retryAfterSeconds(bucket, now) : null;
    } catch (err) {
      // The store is out of reach: count here, as a lone process would, rather than fail the request.
      options.onSharedFailureError?.(err);
      throttle.fail(bucket, now);
      return null;
    }
  }

  const publicHost = options.publicUrl ? hostOf(options.publicUrl) : null;
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request, reply) => {
    // Every answer, error or not, carries the request id (one hook instead of two on the hot path).
    reply.header('x-request-id', request.id);
    if (request.routeOptions.config?.public || request.is404) return;
    const now = Date.now();
    const key = presentedKey(request);
    // Basic is refused cross-origin before it is even checked: the page learns nothing of the key.
    if (usesBasic(request) && isCrossOrigin(request, publicHost)) throw crossOriginRefused();
    if (!key && options.resolveSession) {
      const session = await options.resolveSession(request);
      if (session) {
        if (isCrossOrigin(request, publicHost)) throw crossOriginRefused();
        request.principal = session;
        return;
      }
    }
    const bucket = failureBucket(request.ip, key ? options.keyPrefix(key) : '');
    const retryAfter = throttle.retryAfterSeconds(bucket, now);
    if (retryAfter !== null) throw tooMany(retryAfter);
    const principal = key ? await options.resolve(key) : null;
    if (!principal) {
      const blocked = await recordFailure(bucket, now);
      if (blocked !== null) throw tooMany(blocked);
      reply.header('www-authenticate', CHALLENGE);
      throw new UnauthorizedError(
        key
          ? 'The API key is invalid or has been revoked'
          : 'An API key is required: send it in the x-api-key header, as HTTP Basic (user "apikey") or as the apikey query parameter',
      );
    }
    request.principal = principal;
  });
}
