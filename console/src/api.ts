// The console's one way to the server: the same /v1 API integrators use, authenticated by the
// session cookie (sent by the browser, HttpOnly) and, for every change, the session's CSRF token.
// Errors come back as ApiError with the API's own message and its per-field messages.
import type { ApiPaths } from './api-types';

let csrfToken: string | null = null;
let onSignedOut: (() => void) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called once by the app: a 401 means the session ended (expired, signed out elsewhere). */
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Messages per field, as the API names fields ("company.siret", "lines[0].quantity"). */
    readonly fields: Record<string, string[]>,
  ) {
    super(message);
  }
}

interface ProblemLike {
  detail?: string | null;
  title?: string | null;
  message?: string | null;
  errors?: Record<string, string[]> | string[] | null;
}

function errorOf(status: number, body: ProblemLike | null): ApiError {
  const fields: Record<string, string[]> = {};
  const errors = body?.errors;
  if (Array.isArray(errors)) {
    // Error bodies list "field: message" strings.
    for (const line of errors) {
      const at = line.indexOf(': ');
      if (at > 0) (fields[line.slice(0, at)] ??= []).push(line.slice(at + 2));
    }
  } else if (errors && typeof errors === 'object') {
    Object.assign(fields, errors);
  }
  const message = body?.detail ?? body?.message ?? body?.title ?? `HTTP ${status}`;
  return new ApiError(message, status, fields);
}

export interface Answer<T> {
  data: T;
  etag: string | null;
  headers: Headers;
}

// ---- Typed by the OpenAPI paths -------------------------------------------------------------
// A call names the OpenAPI path as the document writes it ('/v1/customers/{id}') and its method;
// the path parameters, the query, the JSON body and the answer's type are read from the typed
// client's generated `paths` (clients/typescript/src/schema.d.ts) through ApiPaths (api-types.ts),
// so a path or a field renamed in the API fails `npm run typecheck` at the call (docs/console.md,
// Types; test/console/typed-client.test.ts).

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
type Lower<M extends Method> = Lowercase<M>;

/** The operation of `path` for `method` (a union when `path` is a union of paths). */
export type OperationOf<P extends keyof ApiPaths, M extends Method> = ApiPaths[P] extends infer Item
  ? Item extends Record<Lower<M>, infer O>
    ? O
    : never
  : never;

/** The paths that have an operation for `method`. */
export type PathsFor<M extends Method> = {
  [P in keyof ApiPaths]: ApiPaths[P] extends Record<Lower<M>, object> ? P : never;
}[keyof ApiPaths];

type ParametersOf<O> = O extends { parameters: infer X } ? X : never;
type PathOption<O> =
  ParametersOf<O> extends { path: infer X } ? ([X] extends [undefined] ? { path?: never } : { path: X }) : { path?: never };
type QueryOption<O> =
  ParametersOf<O> extends { query: infer Q }
    ? { query: Q }
    : ParametersOf<O> extends { query?: infer Q }
      ? [NonNullable<Q>] extends [never]
        ? { query?: never }
        : { query?: NonNullable<Q> }
      : { query?: never };
type JsonOf<C> = C extends { content: { 'application/json': infer B } } ? B : never;
type BodyOption<O> = O extends { requestBody: infer R }
  ? [JsonOf<R>] extends [never]
    ? { body?: never }
    : { body: JsonOf<R> }
  : O extends { requestBody?: infer R }
    ? [JsonOf<NonNullable<R>>] extends [never]
      ? { body?: never }
      : { body?: JsonOf<NonNullable<R>> }
    : { body?: never };

/** What a successful answer carries: the JSON of its 200/201/202, null for a 204. */
export type AnswerOf<O> = O extends { responses: infer R }
  ? | (R extends { 200: infer A } ? JsonOf<A> : never)
    | (R extends { 201: infer A } ? JsonOf<A> : never)
    | (R extends { 202: infer A } ? JsonOf<A> : never)
    | (R extends { 204: unknown } ? null : never)
  : never;

interface Common {
  ifMatch?: string | null;
  /** A multipart upload (statements, purchase invoices, receipts): the browser sets its content type. */
  form?: FormData;
}

export type CallOptions<O> = PathOption<O> & QueryOption<O> & BodyOption<O> & Common;

/** Whether the options argument may be left out (no required path parameter, no required body). */
export type Rest<O> = object extends PathOption<O> & QueryOption<O> & BodyOption<O>
  ? [options?: CallOptions<O>]
  : [options: CallOptions<O>];

/** A path or query parameter's text (they are strings, numbers and booleans). */
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);

/** The URL of an OpenAPI path: its {parameters} replaced (encoded), the query appended. */
export function urlOf(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  let url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(textOf(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.append(name, textOf(value));
  }
  const qs = search.toString();
  if (qs) url += `?${qs}`;
  return url;
}

async function send(method: Method, url: string, options: Common & { body?: unknown; blob?: boolean }): Promise<Answer<unknown>> {
  // X-Requested-With marks the console's own calls (a 401's challenge is not Basic: no browser
  // prompts for it, with or without this header).
  const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  if (options.ifMatch) headers['if-match'] = options.ifMatch;
  if (options.blob) headers.accept = '*/*';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
  } catch {
    throw new ApiError('network', 0, {});
  }
  if (!response.ok) {
    const text = await response.text();
    let body: ProblemLike | null = null;
    try {
      body = JSON.parse(text) as ProblemLike;
    } catch {
      body = { detail: text || null };
    }
    const error = errorOf(response.status, body);
    if (response.status === 401 && onSignedOut && !url.startsWith('/v1/users/signin')) onSignedOut();
    throw error;
  }
  const etag = response.headers.get('etag');
  if (options.blob) return { data: await response.blob(), etag, headers: response.headers };
  const text = await response.text();
  return { data: text ? (JSON.parse(text) as unknown) : null, etag, headers: response.headers };
}

/**
 * A form refused before it is sent, the way the API would refuse it: its field names and its English
 * messages (shown beside the fields in French by localMessage). The bodies are typed: a number the
 * user did not type as one is not sent as text for the API to name.
 */
export function refuse(fields: Record<string, string[]>): ApiError {
  const [name, messages] = Object.entries(fields)[0] ?? ['', ['is invalid']];
  return new ApiError(`${name}: ${messages[0]}`, 400, fields);
}

/** The JSON body of an operation. */
export type BodyOf<P extends keyof ApiPaths, M extends Method> = JsonOf<
  NonNullable<OperationOf<P, M> extends { requestBody?: infer R } ? R : never>
>;

/** The item of a list's answer. */
export type ItemOf<P extends PathsFor<'GET'>> = AnswerOf<OperationOf<P, 'GET'>> extends (infer T)[] ? T : never;

/** The options of a GET of `path` (path parameters, query). */
export type GetOptions<P extends PathsFor<'GET'>> = CallOptions<OperationOf<P, 'GET'>>;

type Loose = { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } & Common;

/**
 * One call of the API, typed by its OpenAPI path: call('PUT', '/v1/customers/{id}', { path: { id }, body, ifMatch }).
 * The answer's data is the operation's JSON answer (null for a 204).
 */
export async function call<M extends Method, P extends PathsFor<M>>(
  method: M,
  path: P,
  ...[options]: Rest<OperationOf<P, M>>
): Promise<Answer<AnswerOf<OperationOf<P, M>>>> {
  const o = (options ?? {}) as Loose;
  return (await send(method, urlOf(path, o.path, o.query), o)) as Answer<AnswerOf<OperationOf<P, M>>>;
}

/** The data of a GET. */
export async function get<P extends PathsFor<'GET'>>(
  path: P,
  ...rest: Rest<OperationOf<P, 'GET'>>
): Promise<AnswerOf<OperationOf<P, 'GET'>>> {
  return (await call('GET', path, ...rest)).data;
}

/** A page of a list, with the count the API gives in x-record-count. */
export async function getPage<P extends PathsFor<'GET'>>(
  path: P,
  ...rest: Rest<OperationOf<P, 'GET'>>
): Promise<{ items: ItemOf<P>[]; total: number; pages: number }> {
  const answer = await call('GET', path, ...rest);
  const items = answer.data as ItemOf<P>[];
  return {
    items,
    total: Number(answer.headers.get('x-record-count') ?? items.length),
    pages: Number(answer.headers.get('x-page-count') ?? 1),
  };
}

/**
 * A file the API answers (PDF, CSV, FEC, statement file): the same typed path and parameters,
 * the body read as a Blob whatever its content type.
 */
export async function callBlob<P extends PathsFor<'GET'>>(path: P, ...[options]: Rest<OperationOf<P, 'GET'>>): Promise<Answer<Blob>> {
  const o = (options ?? {}) as Loose;
  return (await send('GET', urlOf(path, o.path, o.query), { ...o, blob: true })) as Answer<Blob>;
}
