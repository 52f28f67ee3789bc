// Lenient model binding, as the ASP.NET Core service our clients were written for does it: before
// validation, each route's query string and JSON body are brought to the shape its schema declares.
// The clients rely on it (docs/compatibility.md): property and query names in any case, enum values
// in any case, numbers sent as strings and strings sent as numbers, date-times where a date is
// expected, and defaults standing for "not set" (empty query parameters, `productId: 0`, `date: ""`).
// Everything else is left as sent, so that validation still names what is wrong (an unknown enum
// value, a string that is no number, a date that is no date).
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { addRouteHook } from './conventions.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Schema {
  type?: string | string[];
  format?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minimum?: number;
  $ref?: string;
  'x-aliases'?: Record<string, string>;
}

const NUMBER = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;
/** A date-time as .NET and JavaScript clients write them: the calendar date is its first ten characters. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const isObject = (value: unknown): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);
const typesOf = (schema: Schema): string[] => (schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]);

/** The members of a union, nested unions flattened (Opt(Literals(…)) is anyOf [anyOf [consts], null]). */
function membersOf(schema: Schema): Schema[] {
  const union = schema.anyOf ?? schema.oneOf;
  return union ? union.flatMap(membersOf) : [schema];
}

/** `x-aliases` of the schema or of any union it nests. */
function aliasesOf(schema: Schema): Record<string, string> | undefined {
  if (schema['x-aliases']) return schema['x-aliases'];
  for (const member of schema.anyOf ?? schema.oneOf ?? []) {
    const found = aliasesOf(member);
    if (found) return found;
  }
  return undefined;
}

/** The value stands for "not set" where the schema's field is optional: the binder drops it. */
const UNSET = Symbol('unset');

function bindValue(schema: Schema, value: Json, part: 'body' | 'query'): Json | typeof UNSET {
  if (schema.$ref !== undefined || schema.allOf) return value;
  const members = membersOf(schema);
  const nullable = members.some((m) => typesOf(m).includes('null'));
  if (value === null) return value;

  // Aliases a schema declares for values the clients send (`company` for `Business`).
  const aliases = aliasesOf(schema);
  if (aliases && typeof value === 'string') {
    const alias = Object.entries(aliases).find(([from]) => from.toLowerCase() === value.toLowerCase());
    if (alias) return alias[1];
  }

  // Enum values in any case: 'success' is 'Success'.
  const literals = members.flatMap((m) => (m.const !== undefined ? [m.const] : (m.enum ?? [])));
  if (literals.length > 0 && typeof value === 'string') {
    if (literals.includes(value)) return value;
    const match = literals.find((l) => typeof l === 'string' && l.toLowerCase() === value.toLowerCase());
    if (match !== undefined) return match as string;
    if (value === '' && (nullable || part === 'query')) return UNSET;
    return value;
  }

  const types = new Set(members.flatMap(typesOf));
  if (types.has('object') && isObject(value)) {
    const objectSchema = members.find((m) => typesOf(m).includes('object') && m.properties) ?? members[0];
    return bindObject(objectSchema, value, part);
  }
  if (types.has('array')) {
    const arraySchema = members.find((m) => typesOf(m).includes('array'));
    if (Array.isArray(value) && arraySchema?.items) {
      const items = arraySchema.items;
      return value.map((v) => {
        const bound = bindValue(items, v, part);
        return bound === UNSET ? null : bound;
      });
    }
    return value;
  }
  if (typeof value === 'string') {
    if (types.has('number') || types.has('integer')) {
      if (value.trim() === '') return nullable || part === 'query' ? UNSET : value;
      if (NUMBER.test(value)) {
        const n = Number(value);
        if (types.has('number') || Number.isInteger(n)) return n;
      }
      return value;
    }
    if (types.has('boolean')) {
      const lower = value.trim().toLowerCase();
      if (lower === 'true' || lower === 'false') return lower === 'true';
      if (lower === '') return nullable || part === 'query' ? UNSET : value;
      return value;
    }
    const dateMember = members.find((m) => m.format === 'date');
    if (dateMember) {
      if (value.trim() === '') return nullable || part === 'query' ? UNSET : value;
      const dateTime = DATE_TIME.exec(value.trim());
      if (dateTime) return dateTime[1];
    }
    // An empty e-mail, URL or other formatted text is no value at all (`shippingContact.email: ""`).
    if (value.trim() === '' && (part === 'query' || (nullable && members.some((m) => m.format !== undefined)))) return UNSET;
    return value;
  }
  if (typeof value === 'number') {
    if (types.has('string') && !types.has('number') && !types.has('integer')) return String(value);
    return value;
  }
  if (typeof value === 'boolean' && types.has('string') && !types.has('boolean')) return String(value);
  return value;
}

function bindObject(schema: Schema, value: Record<string, Json>, part: 'body' | 'query'): Record<string, Json> {
  const properties = schema.properties;
  if (!properties) return value;
  const names = new Map(Object.keys(properties).map((name) => [name.toLowerCase(), name]));
  // The names are the client's (`__proto__`, `constructor`): an object without a prototype holds them.
  const out = Object.create(null) as Record<string, Json>;
  for (const [key, raw] of Object.entries(value)) {
    const name = names.get(key.toLowerCase()) ?? key;
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    let bound: Json | typeof UNSET = raw;
    if (property) bound = bindValue(property, raw, part);
    // Ids are positive: a client's default 0 (`productId: 0`) means no id.
    if (bound === 0 && /id$/i.test(name) && property && (part === 'query' || membersOf(property).some((m) => typesOf(m).includes('null'))))
      continue;
    if (bound === UNSET) continue;
    const existing = out[name];
    // A query parameter given twice (or in two casings) is a list, as ASP.NET binds it.
    out[name] = existing !== undefined && part === 'query' ? ([] as Json[]).concat(existing, bound) : bound;
  }
  return out;
}

/** Binds a body or query object to its schema (exported for tests). */
export function bind(schema: object, value: unknown, part: 'body' | 'query'): unknown {
  if (!isObject(value) && !Array.isArray(value)) return value;
  const bound = bindValue(schema, value as Json, part);
  return bound === UNSET ? undefined : bound;
}

/** Attaches the binder to every route that declares a query string or a JSON body. */
export function registerLenientBinding(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const query = route.schema?.querystring as object | undefined;
    const body = route.schema?.body as object | undefined;
    if (!query && !body) return;
    const hook: preValidationHookHandler = (request, _reply, done) => {
      if (query && isObject(request.query)) request.query = bind(query, request.query, 'query');
      if (body && request.body !== undefined && typeof request.body === 'object') request.body = bind(body, request.body, 'body');
      done();
    };
    route.preValidation = addRouteHook(route.preValidation, hook);
  });
}
