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

/** Rewrites every route's response schemas; shared schemas go through compactSchema when added. */
export function registerCompactResponses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Json | undefined;
    if (!response) return;
    for (const code of Object.keys(response)) response[code] = compactSchema(response[code]);
  });
}
