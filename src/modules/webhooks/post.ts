// One webhook attempt: a signed JSON POST to the receiver, connecting only to addresses the SSRF
// guard checked for this very connection (http.request's `lookup`), with a time limit, no
// redirects followed, and at most 64 KB of the answer read.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkedAddresses, hostOf, type Resolver } from './ssrf.js';

export interface PostOptions {
  resolve: Resolver;
  allowPrivate: boolean;
  timeoutMs: number;
  userAgent: string;
}

export interface PostResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** The X-Signature header: HMAC-SHA256 of `${timestamp}.${body}` with the webhook's secret, in hex. */
export function signature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 64 }), https: new https.Agent({ keepAlive: true, maxSockets: 64 }) };

function guardedLookup(options: PostOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    checkedAddresses(hostname, options.resolve, options.allowPrivate).then(
      (addresses) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = addresses.filter((a) => wanted === 0 || isIP(a) === wanted);
        if (!usable.length) {
          callback(Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (lookupOptions.all) {
          (callback as unknown as (err: null, all: { address: string; family: number }[]) => void)(
            null,
            usable.map((address) => ({ address, family: isIP(address) })),
          );
        } else callback(null, usable[0], isIP(usable[0]));
      },
      (err: unknown) => {
        callback(Object.assign(err instanceof Error ? err : new Error(String(err)), { code: 'EFORBIDDEN' }), '', 0);
      },
    );
  };
}

export async function postSigned(url: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): PostResult => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  let target: URL;
  try {
    target = new URL(url);
    // An address in the URL is never looked up: check it here.
    if (isIP(hostOf(target))) await checkedAddresses(hostOf(target), options.resolve, options.allowPrivate);
  } catch (err) {
    return done(null, err instanceof Error ? err.message : String(err));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: target.protocol === 'https:' ? agents.https : agents.http,
        lookup: guardedLookup(options),
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': options.userAgent,
          ...headers,
        },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 64 * 1024) response.destroy();
        });
        response.on('end', () => {
          resolve(done(response.statusCode ?? null, null));
        });
        response.on('error', () => {
          resolve(done(response.statusCode ?? null, null));
        });
        response.on('close', () => {
          resolve(done(response.statusCode ?? null, null));
        });
      },
    );
    request.on('error', (err: NodeJS.ErrnoException) => {
      const message = err.name === 'AbortError' || err.name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : err.message;
      resolve(done(null, message));
    });
    request.end(body);
  });
}
