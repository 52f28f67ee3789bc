// One check, before validation, of every string a request carries: JSON body values and property
// names, query parameters, path parameters, and (through checkFileName) multipart file names.
// Control characters and unpaired surrogates are refused with a 400 naming the field, so both
// databases see the same text (PostgreSQL refuses NUL where SQLite would store it, and either
// would silently turn a lone surrogate into U+FFFD). Bodies nested deeper than MAX_DEPTH are
// refused too: the JSON writers and readers further on recurse, and a deep enough value would
// exhaust the stack. The check does not depend on the route schemas, so validation
// (src/http/validation.ts) may change how it reads fields without touching this.
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { ValidationError, type FieldError } from '../errors.js';

/** How deep objects and arrays may nest in a JSON body (the deepest schema needs 6). */
export const MAX_DEPTH = 32;

/** C0 controls but TAB, LF and CR; DEL; C1 controls; unpaired surrogates. */
const FORBIDDEN_IN_TEXT =
  // eslint-disable-next-line no-control-regex -- control characters are what this finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** In names, URLs and file names TAB, LF and CR are refused as well. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const FORBIDDEN_IN_NAME = /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function describe(value: string, at: number): string {
  const code = value.charCodeAt(at);
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code >= 0xd800 && code <= 0xdfff
    ? `must be valid Unicode text: unpaired surrogate ${hex} at position ${at + 1}`
    : `must not contain control characters: ${hex} at position ${at + 1}`;
}

/** Why `value` is refused, or null; `multiline` allows TAB, LF and CR (free text). */
export function textProblem(value: string, multiline: boolean): string | null {
  const match = (multiline ? FORBIDDEN_IN_TEXT : FORBIDDEN_IN_NAME).exec(value);
  return match ? describe(value, match.index) : null;
}

/** "lines[0].description" from the path of a body value. */
function fieldName(path: (string | number)[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${part}` : part;
  return out;
}

/**
 * The problems of a parsed JSON body: walked without recursion (a hostile body must not be able
 * to exhaust the stack here), stopping at MAX_DEPTH. At most `limit` problems are reported.
 */
export function bodyProblems(body: unknown, limit = 20): FieldError[] {
  const problems: FieldError[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  while (stack.length && problems.length < limit) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value, true);
      if (problem) problems.push({ field: fieldName(path) || 'body', message: problem });
    } else if (typeof value === 'object' && value !== null) {
      if (path.length >= MAX_DEPTH) {
        problems.push({ field: fieldName(path) || 'body', message: `is nested deeper than ${MAX_DEPTH} levels` });
        continue;
      }
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
      } else {
        const entries = Object.entries(value as Record<string, unknown>);
        for (let i = entries.length - 1; i >= 0; i--) {
          const [key, child] = entries[i];
          const problem = textProblem(key, false);
          if (problem) problems.push({ field: fieldName(path) || 'body', message: `has a property name that ${problem}` });
          else stack.push({ value: child, path: [...path, key] });
        }
      }
    }
  }
  return problems;
}

/** The problems of query or path parameters (names and values), named as the client sent them. */
function parameterProblems(parameters: unknown): FieldError[] {
  if (typeof parameters !== 'object' || parameters === null) return [];
  const problems: FieldError[] = [];
  for (const [name, raw] of Object.entries(parameters)) {
    const nameProblem = textProblem(name, false);
    if (nameProblem) {
      problems.push({ field: JSON.stringify(name), message: `is not a valid parameter name: it ${nameProblem}` });
      continue;
    }
    for (const value of Array.isArray(raw) ? (raw as unknown[]) : [raw]) {
      const problem = typeof value === 'string' ? textProblem(value, false) : null;
      if (problem) {
        problems.push({ field: name, message: problem });
        break;
      }
    }
  }
  return problems;
}

/** Refuses a multipart file name the way body text is refused (400 naming `field`). */
export function checkFileName(name: string | undefined, field = 'file'): void {
  const problem = name ? textProblem(name, false) : null;
  if (problem) throw ValidationError.field(`${field} (file name)`, problem);
}

/** Installs the check on every route, before validation. */
export function registerInputGuard(app: FastifyInstance): void {
  const guard: preValidationHookHandler = (request, _reply, done) => {
    const problems = [...parameterProblems(request.params), ...parameterProblems(request.query)];
    if (request.body !== undefined && request.body !== null) problems.push(...bodyProblems(request.body));
    done(problems.length ? new ValidationError(problems) : undefined);
  };
  app.addHook('preValidation', guard);
}
