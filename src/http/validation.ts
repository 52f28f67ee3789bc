// JSON-schema validation: request bodies are validated strictly (no type coercion: "12" is not a
// number), query strings and path parameters are coerced from text as HTTP requires. Every
// offending field is reported, not just the first. Unknown body fields are dropped, as the
// original service ignores them.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

export const NUMERIC_FORMATS = ['int32', 'int64', 'double', 'float'];

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
  return ajv;
}

export function registerValidation(app: FastifyInstance): void {
  const bodyAjv = makeAjv(false);
  const textAjv = makeAjv('array');
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object),
  );
}
