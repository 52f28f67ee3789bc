// fast-json-stringify serializes an `anyOf` by validating each branch at run time, which is slow
// on large responses (a page of 100 invoices). Response schemas are therefore rewritten, once,
// into equivalent forms it handles natively: a union of string constants becomes an `enum`, and
// "T or null" becomes `type: [T, "null"]`.
import type { FastifyInstance } from 'fastify';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function compactSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(compactSchema) as T;
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) out[key] = compactSchema(value);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || !branches.every(isObject)) return out as T;
  const nulls = branches.filter((b) => b.type === 'null');
  const consts = branches.filter((b) => typeof b.const === 'string');
  const others = branches.filter((b) => b.type !== 'null' && typeof b.const !== 'string');
  const { anyOf: _anyOf, ...rest } = out;
  if (consts.length && !others.length && nulls.length <= 1) {
    return {
      ...rest,
      type: nulls.length ? ['string', 'null'] : 'string',
      enum: [...consts.map((c) => c.const), ...(nulls.length ? [null] : [])],
    } as T;
  }
  if (others.length === 1 && nulls.length === 1 && !consts.length) {
    const only = others[0];
    if (typeof only.type === 'string') return { ...only, ...rest, type: [only.type, 'null'] } as T;
    if (Array.isArray(only.type) && !only.type.includes('null'))
      return { ...only, ...rest, type: [...(only.type as string[]), 'null'] } as T;
  }
  return out as T;
}

/**
 * Unions of string constants become one `enum` (with null when the union allows it), so that
 * generators and the "Try it out" form see the allowed values instead of "string".
 */
export function enumsOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(enumsOf);
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) out[key] = enumsOf(value);
  const branches = out.anyOf;
  if (!Array.isArray(branches) || !branches.every(isObject)) return out;
  // Flatten nested unions (an optional enum is anyOf [anyOf [consts], null]), keeping their words.
  const flat: Json[] = [];
  const words: Json = {};
  for (const b of branches) {
    if (Array.isArray(b.anyOf) && Object.keys(b).every((k) => k === 'anyOf' || k === 'description' || k.startsWith('x-'))) {
      const { anyOf, ...rest } = b;
      Object.assign(words, rest);
      flat.push(...(anyOf as Json[]));
    } else flat.push(b);
  }
  const nulls = flat.filter((b) => b.type === 'null' && Object.keys(b).length === 1);
  const strings = flat.filter((b) => b !== nulls[0]);
  const values = strings.map((b) =>
    typeof b.const === 'string' ? [b.const] : Array.isArray(b.enum) && b.enum.every((v) => typeof v === 'string') ? b.enum : null,
  );
  if (!strings.length || values.some((v) => v === null)) return out;
  const { anyOf: _anyOf, ...rest } = out;
  const all = [...new Set(values.flat())];
  return { ...words, ...rest, type: nulls.length ? ['string', 'null'] : 'string', enum: nulls.length ? [...all, null] : all };
}

/** Rewrites every route's response schemas; shared schemas go through compactSchema when added. */
export function registerCompactResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Json | undefined;
    if (!response) return;
    for (const code of Object.keys(response)) response[code] = compactSchema(response[code]);
  });
}
