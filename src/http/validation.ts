// JSON-schema validation: request bodies are validated strictly (no type coercion: "12" is not a
// number), query strings and path parameters are coerced from text as HTTP requires. Every
// offending field is reported, not just the first. Unknown body fields are dropped, as the
// original service ignores them.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { compactSchema, enumsOf } from './serialization.js';

export const NUMERIC_FORMATS = ['int32', 'int64', 'double', 'float'];

/**
 * `x-maxJsonBytes`: the most bytes a value may take serialized as JSON (UTF-8), e.g. metadata's
 * 16 KB. An OpenAPI extension keyword, so the limit shows in the document as it is enforced.
 */
export const MAX_JSON_BYTES = 'x-maxJsonBytes';

function addMaxJsonBytes(ajv: Ajv.default): void {
  const check = (limit: number, data: unknown): boolean => {
    const bytes = Buffer.byteLength(JSON.stringify(data), 'utf8');
    if (bytes <= limit) return true;
    check.errors = [{ keyword: MAX_JSON_BYTES, message: `must be at most ${limit} bytes serialized (got ${bytes})`, params: { limit } }];
    return false;
  };
  check.errors = [] as { keyword: string; message: string; params: Record<string, unknown> }[];
  ajv.addKeyword({ keyword: MAX_JSON_BYTES, schemaType: 'number', errors: true, validate: check });
}

function makeAjv(coerceTypes: boolean | 'array') {
  const ajv = new Ajv.default({
    allErrors: true,
    removeAdditional: true,
    useDefaults: true,
    coerceTypes,
    strict: false,
  });
  addFormats.default(ajv, ['date', 'date-time', 'email', 'uri', 'uuid']);
  // OpenAPI's numeric formats: documentation only, the schema's own bounds do the checking.
  for (const name of NUMERIC_FORMATS) ajv.addFormat(name, true);
  addMaxJsonBytes(ajv);
  return ajv;
}

/**
 * The form of a route schema that validation compiles: the same values accepted, but unions of
 * string constants as one `enum` and (bodies) "T or null" as `type: [T, "null"]`, so that each
 * error is reported once, naming the allowed values, instead of once per branch of a union.
 * Lenient binding and the OpenAPI document read the route's own schema.
 */
export function validationForm(schema: object, httpPart: string | undefined): object {
  const form = enumsOf(schema) as object;
  return httpPart === 'body' ? compactSchema(form) : form;
}

export function registerValidation(app: FastifyInstance): void {
  const bodyAjv = makeAjv(false);
  const textAjv = makeAjv('array');
  // One form per schema object: a schema shared by several routes is compiled once, as before.
  const forms = new Map<string, WeakMap<object, object>>();
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const part = httpPart ?? 'body';
    let cache = forms.get(part);
    if (!cache) forms.set(part, (cache = new WeakMap()));
    let form = cache.get(schema);
    if (!form) cache.set(schema, (form = validationForm(schema, part)));
    return (part === 'body' ? bodyAjv : textAjv).compile(form);
  });
}
