// Replays a client's requests as it sends them (docs/clients/requests.md §0.1): its headers, its
// path casing, its query strings (empty values included) and its bodies, byte for byte where the
// client serializes them itself.
import type { LightMyRequestResponse } from 'fastify';
import type { TestAccount, TestContext } from '../helpers/harness.js';

export interface ClientRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query string exactly as the client builds them. */
  url: string;
  body?: unknown;
}

export function replayer(
  ctx: TestContext,
  account: () => TestAccount,
  headers: Record<string, string>,
  options: { jsonTypeWithoutBody: boolean },
) {
  return async function send(request: ClientRequest): Promise<LightMyRequestResponse> {
    const hasBody = request.body !== undefined;
    const all: Record<string, string> = { ...headers, 'x-api-key': account().apiKey };
    if (!hasBody && !options.jsonTypeWithoutBody) delete all['content-type'];
    return ctx.inject({
      method: request.method,
      url: request.url,
      headers: all,
      ...(hasBody ? { payload: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) } : {}),
    });
  };
}
