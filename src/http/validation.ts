// JSON-schema validation: request bodies are validated strictly (no type coercion: "12" is not a
// number), query strings and path parameters are coerced from text as HTTP requires. Every
// offending field is reported, not just the first. Unknown body fields are dropped, as the
// original service ignores them.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

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

export function registerValidation(app: FastifyInstance): void {
  const bodyAjv = makeAjv(false);
  const textAjv = makeAjv('array');
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object));
}
