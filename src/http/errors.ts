// The one place where errors become HTTP responses. A route chooses the body shape the spec
// gives it (`config.errorBody`: 'Error' or 'ProblemDetails'); everything else is decided here.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, TooManyRequestsError, UnavailableError, ValidationError, type ErrorKind, type FieldError } from '../errors.js';

export type ErrorBodyKind = 'Error' | 'ProblemDetails';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body schema of this route's 4xx/5xx answers, as the spec's Errors table says. */
    errorBody?: ErrorBodyKind;
    /** Where the spec and the issue give one status another body than errorBody (send: 400 Error, 404 ProblemDetails). */
    errorBodyByStatus?: Partial<Record<number, ErrorBodyKind>>;
    /** No API key needed (health checks, documentation). */
    public?: boolean;
  }
}

const TYPE_BY_STATUS: Record<number, string> = {
  400: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  403: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
  404: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
  406: 'https://tools.ietf.org/html/rfc9110#section-15.5.7',
  409: 'https://tools.ietf.org/html/rfc9110#section-15.5.10',
  412: 'https://tools.ietf.org/html/rfc9110#section-15.5.13',
  413: 'https://tools.ietf.org/html/rfc9110#section-15.5.14',
  415: 'https://tools.ietf.org/html/rfc9110#section-15.5.16',
  422: 'https://tools.ietf.org/html/rfc9110#section-15.5.21',
  429: 'https://tools.ietf.org/html/rfc6585#section-4',
  500: 'https://tools.ietf.org/html/rfc9110#section-15.6.1',
  501: 'https://tools.ietf.org/html/rfc9110#section-15.6.2',
  503: 'https://tools.ietf.org/html/rfc9110#section-15.6.4',
};

const TITLE_BY_STATUS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/** The one mapping of domain error kinds to HTTP. */
export const HTTP_BY_KIND: Record<ErrorKind, { status: number; title: string }> = {
  'not-found': { status: 404, title: 'Not Found' },
  invalid: { status: 400, title: 'One or more validation errors occurred.' },
  'invalid-state': { status: 400, title: 'Invalid state' },
  conflict: { status: 409, title: 'Conflict' },
  'precondition-failed': { status: 412, title: 'Precondition Failed' },
  forbidden: { status: 403, title: 'Forbidden' },
  unauthenticated: { status: 401, title: 'Unauthorized' },
  'rate-limited': { status: 429, title: 'Too Many Requests' },
  unavailable: { status: 503, title: 'Service Unavailable' },
  'not-implemented': { status: 501, title: 'Not Implemented' },
  unprocessable: { status: 422, title: 'Unprocessable Content' },
};

interface Normalized {
  status: number;
  title: string;
  detail: string;
  fields?: FieldError[];
  headers?: Record<string, string>;
}

/** "/lines/0/quantity" -> "lines[0].quantity" */
function fieldPath(instancePath: string, prefix?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  let out = '';
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out ? `.${part}` : part;
  return out || prefix || '';
}

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'must be an e-mail address',
  date: 'must be a date (YYYY-MM-DD)',
  'date-time': 'must be a date and time (ISO 8601, e.g. 2026-11-20T10:00:00Z)',
  uri: 'must be an absolute URL',
  uuid: 'must be a UUID',
};

const A_TYPE: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
};

/** "must be one of A, B, C (or null)" / "must be a number (or null)" */
function alternatives(values: unknown[], describe: (v: unknown) => string, joiner: string): string {
  const nullable = values.includes(null);
  const rest = values.filter((v) => v !== null).map(describe);
  return `${rest.join(joiner)}${nullable ? ' (or null)' : ''}`;
}

export function fieldErrorsFromAjv(issues: AjvIssue[], part: string): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    let field = fieldPath(issue.instancePath);
    let message = issue.message ?? 'is invalid';
    if (issue.keyword === 'required') {
      const missing = String(issue.params.missingProperty);
      field = field ? `${field}.${missing}` : missing;
      message = 'is required';
    } else if (issue.keyword === 'additionalProperties') {
      const extra = String(issue.params.additionalProperty);
      field = field ? `${field}.${extra}` : extra;
      message = 'is not a known field';
    } else if (issue.keyword === 'enum') {
      message = `must be one of ${alternatives(issue.params.allowedValues as unknown[], String, ', ')}`;
    } else if (issue.keyword === 'const') {
      message = `must be ${JSON.stringify(issue.params.allowedValue)}`;
    } else if (issue.keyword === 'type') {
      const types = String(issue.params.type).split(',');
      message = `must be ${alternatives(
        types.map((t) => (t === 'null' ? null : t)),
        (t) => A_TYPE[String(t)] ?? String(t),
        ' or ',
      )}`;
    } else if (issue.keyword === 'format' && FORMAT_MESSAGES[String(issue.params.format)]) {
      message = FORMAT_MESSAGES[String(issue.params.format)];
    } else if (issue.keyword === 'anyOf' || issue.keyword === 'oneOf') {
      // The branch errors (e.g. "must be null") are noise once the whole union failed.
      message = 'has an invalid value or type';
    }
    if (!field) field = part === 'body' ? 'body' : part;
    if (!out.some((f) => f.field === field && f.message === message)) out.push({ field, message });
  }
  // A failed union also reports each branch: keep one message per field, the most precise one
  // (a branch's own, when it is the only branch error there), and drop the union's verdict on a
  // field whose parts were reported (lines, when lines[0].type is).
  const UNION = 'has an invalid value or type';
  const within = (f: FieldError, g: FieldError) => g !== f && (g.field.startsWith(`${f.field}.`) || g.field.startsWith(`${f.field}[`));
  const kept = out.filter((f, _, all) => {
    if (f.message.startsWith('must be null')) return !all.some((g) => g.field === f.field && g !== f);
    if (f.message === UNION) {
      const same = all.filter((g) => g.field === f.field && g !== f && !g.message.startsWith('must be null'));
      return same.length !== 1 && !all.some((g) => within(f, g));
    }
    return true;
  });
  return kept.filter((f, _, all) => {
    if (f.message === UNION) return true;
    // Several branch errors on one field: the union's single verdict stands for them.
    const union = all.some((g) => g.field === f.field && g.message === UNION);
    return !union;
  });
}

/**
 * Database errors a request can meet under concurrency, though every rule is checked before the
 * write: two writers racing for one unique number, a row deleted meanwhile, a busy database or a
 * deadlock victim. None is a server fault; each gets a 4xx/503 that says to retry.
 */
function fromDatabase(error: { code?: unknown }): Normalized | null {
  switch (error.code) {
    case '23505': // PostgreSQL unique_violation
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
      return {
        status: 409,
        title: TITLE_BY_STATUS[409],
        detail: 'Another request wrote the same unique value at the same time; read the record again and retry',
      };
    case '23503': // foreign_key_violation
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
      return { status: 409, title: TITLE_BY_STATUS[409], detail: 'A record this request refers to was removed meanwhile; retry' };
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
    case 'SQLITE_BUSY':
    case 'SQLITE_BUSY_SNAPSHOT':
    case 'SQLITE_LOCKED':
      return { status: 503, title: TITLE_BY_STATUS[503], detail: 'The database is busy; retry shortly', headers: { 'retry-after': '1' } };
    default:
      return null;
  }
}

export function normalize(error: FastifyError | Error): Normalized | null {
  const database = fromDatabase(error as { code?: unknown });
  if (database) return database;
  if (error instanceof AppError) {
    const n: Normalized = { ...HTTP_BY_KIND[error.kind], detail: error.message };
    if (error instanceof ValidationError) n.fields = error.fields;
    if (error instanceof TooManyRequestsError) n.headers = { 'retry-after': String(error.retryAfterSeconds) };
    if (error instanceof UnavailableError && error.retryAfterSeconds !== undefined)
      n.headers = { 'retry-after': String(error.retryAfterSeconds) };
    return n;
  }

  const fe = error as FastifyError & { validation?: AjvIssue[]; validationContext?: string };
  if (fe.validation) {
    const fields = fieldErrorsFromAjv(fe.validation, fe.validationContext ?? 'body');
    return {
      status: 400,
      title: 'One or more validation errors occurred.',
      detail: fields.map((f) => `${f.field}: ${f.message}`).join('; '),
      fields,
    };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        title: TITLE_BY_STATUS[415],
        detail:
          'Unsupported media type: send application/json, application/json-patch+json, text/json or application/*+json' +
          ' (multipart/form-data for file uploads)',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, title: TITLE_BY_STATUS[413], detail: 'Request body is larger than the allowed limit' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, title: TITLE_BY_STATUS[400], detail: 'Request body is empty but its content type is JSON' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, title: TITLE_BY_STATUS[400], detail: `Malformed JSON body: ${fe.message}` };
    default:
      break;
  }
  if (error instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
    return { status: 400, title: TITLE_BY_STATUS[400], detail: `Malformed request body: ${error.message}` };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    return { status, title: TITLE_BY_STATUS[status] ?? 'Bad Request', detail: fe.message };
  }
  return null;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, n: Normalized): FastifyReply {
  const kind: ErrorBodyKind =
    n.status === 401 || n.status === 412 || n.status === 429
      ? 'ProblemDetails'
      : (request.routeOptions.config?.errorBodyByStatus?.[n.status] ?? request.routeOptions.config?.errorBody ?? 'ProblemDetails');
  if (n.headers) reply.headers(n.headers);
  reply.code(n.status);
  if (kind === 'Error') {
    const errors = n.fields ? n.fields.map((f) => `${f.field}: ${f.message}`) : [n.detail];
    return reply.type('application/json; charset=utf-8').send({ message: n.detail, errors });
  }
  const body: Record<string, unknown> = {
    type: TYPE_BY_STATUS[n.status] ?? null,
    title: n.title,
    status: n.status,
    detail: n.detail,
    instance: request.url.split('?')[0],
    traceId: request.id,
  };
  if (n.fields) {
    // Field names come from the client (`constructor`, `__proto__`): keys of an object without a prototype.
    const grouped = Object.create(null) as Record<string, string[]>;
    for (const f of n.fields) (grouped[f.field] ??= []).push(f.message);
    body.errors = grouped;
  }
  return reply.type('application/problem+json; charset=utf-8').send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const normalized = normalize(error);
    if (normalized) return sendError(request, reply, normalized);
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    return sendError(request, reply, {
      status: 500,
      title: TITLE_BY_STATUS[500],
      detail: `An unexpected error occurred. Quote request id ${request.id} when reporting it.`,
    });
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, {
      status: 404,
      title: TITLE_BY_STATUS[404],
      detail: `No route ${request.method} ${request.url.split('?')[0]}`,
    }),
  );
}
