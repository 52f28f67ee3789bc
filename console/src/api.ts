// The console's one way to the server: the same /v1 API integrators use, authenticated by the
// session cookie (sent by the browser, HttpOnly) and, for every change, the session's CSRF token.
// Errors come back as ApiError with the API's own message and its per-field messages.

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

export interface CallOptions {
  body?: unknown;
  ifMatch?: string | null;
  /** Answer the raw response body as a Blob (PDF downloads). */
  blob?: boolean;
  /** A multipart upload (statements, purchase invoices): the browser sets its content type. */
  form?: FormData;
}

export async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  // X-Requested-With marks the console's own calls (a 401's challenge is not Basic: no browser
  // prompts for it, with or without this header).
  const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
  if (options.ifMatch) headers['if-match'] = options.ifMatch;
  if (options.blob) headers.accept = '*/*';
  let response: Response;
  try {
    response = await fetch(path, {
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
    if (response.status === 401 && onSignedOut && !path.startsWith('/v1/users/signin')) onSignedOut();
    throw error;
  }
  const etag = response.headers.get('etag');
  if (options.blob) return { data: (await response.blob()) as T, etag, headers: response.headers };
  const text = await response.text();
  return { data: (text ? JSON.parse(text) : null) as T, etag, headers: response.headers };
}

export async function get<T>(path: string): Promise<T> {
  return (await call<T>('GET', path)).data;
}

/** A page of a list, with the count the API gives in x-record-count. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the type of the JSON it expects
export async function getPage<T>(path: string): Promise<{ items: T[]; total: number; pages: number }> {
  const answer = await call<T[]>('GET', path);
  return {
    items: answer.data,
    total: Number(answer.headers.get('x-record-count') ?? answer.data.length),
    pages: Number(answer.headers.get('x-page-count') ?? 1),
  };
}
