// Owns the checks of the AFNOR XP Z12-013 API, as its official OpenAPI documents state them: which
// operation a method and path name, and whether a request body, a parameter or an answer conforms
// to that operation's schemas (ajv on the OpenAPI 3.0 schemas: `nullable`, `example` and the
// `binary` format understood). Both sides use it: the sandbox platform on what it receives and
// answers, Facturier's client on what it sends and accepts.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import directoryDocument from './directory-service-1.1.0.json' with { type: 'json' };
import flowDocument from './flow-service-1.1.0.json' with { type: 'json' };

export type AfnorApiName = 'flow' | 'directory';

interface OpenApiOperation {
  operationId: string;
  parameters?: ({ $ref: string } | OpenApiParameter)[];
  requestBody?: { $ref?: string; content?: Record<string, { schema?: object }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: object }> }>;
}
interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: object;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
}

const DOCUMENTS: Record<AfnorApiName, OpenApiDocument> = {
  flow: readable(flowDocument as unknown as OpenApiDocument),
  directory: directoryDocument as unknown as OpenApiDocument,
};

/**
 * The one reading of the documents that departs from their letter: the Flow Service's `ReasonCode` is
 * written `oneOf: [ReasonCodeEnum, string]`, meant as "a predefined code, or one of the platform's own"
 * (its description), but under `oneOf` every predefined code matches both branches and so no answer
 * carrying `InvalidSchema`, `ChecksumMismatch`… could ever conform. It is read as `anyOf` (on a copy:
 * the files stay as published). README.md says so.
 */
function readable(doc: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(doc);
  const reason = copy.components.schemas?.ReasonCode as { oneOf?: unknown[]; anyOf?: unknown[] } | undefined;
  if (reason?.oneOf) {
    reason.anyOf = reason.oneOf;
    delete reason.oneOf;
  }
  return copy;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addFormat('binary', true);
for (const [name, doc] of Object.entries(DOCUMENTS)) ajv.addSchema(doc, name);

export interface AfnorOperation {
  api: AfnorApiName;
  method: string;
  /** The path template of the document, e.g. /v1/siren/code-insee:{siren}. */
  template: string;
  operationId: string;
  params: Record<string, string>;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** A "#/components/..." reference as the location ajv resolves within the document. */
function resolveRef(api: AfnorApiName, ref: string): { location: string; value: Record<string, unknown> } {
  const parts = ref.replace(/^#\//, '').split('/');
  let value: unknown = DOCUMENTS[api];
  for (const p of parts) value = (value as Record<string, unknown>)[p.replace(/~1/g, '/').replace(/~0/g, '~')];
  return { location: ref.replace(/^#\//, ''), value: value as Record<string, unknown> };
}

const compiled = new Map<string, ValidateFunction>();
function validatorAt(api: AfnorApiName, location: string): ValidateFunction {
  const key = `${api}#/${location}`;
  let v = compiled.get(key);
  if (!v) {
    v = ajv.getSchema(key);
    if (!v) throw new Error(`no schema at ${key}`);
    compiled.set(key, v);
  }
  return v;
}

function explain(errors: ErrorObject[] | null | undefined, where: string): string[] {
  return (errors ?? []).map(
    (e) =>
      `${where}${e.instancePath || ''} ${e.message ?? 'is invalid'}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as string[]).join(', ')})` : ''}`,
  );
}

/** The operation a method and path name in `api`, with its path parameters, or null. */
export function findOperation(api: AfnorApiName, method: string, path: string): AfnorOperation | null {
  const m = method.toLowerCase();
  for (const [template, ops] of Object.entries(DOCUMENTS[api].paths)) {
    const op = ops[m];
    if (!op) continue;
    const names: string[] = [];
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_all, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const match = new RegExp(`^${pattern}$`).exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((n, i) => (params[n] = decodeURIComponent(match[i + 1])));
    return { api, method: m, template, operationId: op.operationId, params };
  }
  return null;
}

function operationOf(api: AfnorApiName, operationId: string): { template: string; method: string; op: OpenApiOperation } {
  for (const [template, ops] of Object.entries(DOCUMENTS[api].paths)) {
    for (const [method, op] of Object.entries(ops)) if (op.operationId === operationId) return { template, method, op };
  }
  throw new Error(`no operation ${operationId} in the ${api} service`);
}

/** Problems with the path and query parameters of a request (empty when it conforms). */
export function checkParameters(
  api: AfnorApiName,
  operationId: string,
  values: { path?: Record<string, string>; query?: Record<string, string | undefined>; headers?: Record<string, string | undefined> },
): string[] {
  const { template, method, op } = operationOf(api, operationId);
  const problems: string[] = [];
  (op.parameters ?? []).forEach((p, i) => {
    const location = '$ref' in p ? resolveRef(api, p.$ref).location : pointer('paths', template, method, 'parameters', String(i));
    const param = ('$ref' in p ? resolveRef(api, p.$ref).value : p) as unknown as OpenApiParameter;
    const source = param.in === 'path' ? values.path : param.in === 'query' ? values.query : values.headers;
    const raw = source?.[param.in === 'header' ? param.name.toLowerCase() : param.name];
    if (raw === undefined) {
      if (param.required) problems.push(`${param.in} parameter ${param.name} is required`);
      return;
    }
    if (!param.schema) return;
    const v = validatorAt(api, `${location}/schema`);
    const schemaType = (
      ('$ref' in param.schema ? resolveRef(api, (param.schema as { $ref: string }).$ref).value : param.schema) as { type?: string }
    ).type;
    const value = schemaType === 'integer' || schemaType === 'number' ? Number(raw) : raw;
    if (!v(value)) problems.push(...explain(v.errors, `${param.in} parameter ${param.name}`));
  });
  return problems;
}

/**
 * Problems with a request body (empty when it conforms). A multipart body is checked as the object
 * of its parts: `{ flowInfo: <the parsed JSON part>, file: '<bytes>' }`.
 */
export function checkRequestBody(api: AfnorApiName, operationId: string, contentType: string, body: unknown): string[] {
  const { template, method, op } = operationOf(api, operationId);
  if (!op.requestBody) return [];
  const ref = op.requestBody.$ref;
  const { location, value } = ref
    ? resolveRef(api, ref)
    : { location: pointer('paths', template, method, 'requestBody'), value: op.requestBody as Record<string, unknown> };
  const content = value.content as Record<string, { schema?: object }>;
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (!content[type]) return [`content type ${type || '(none)'} is not one of ${Object.keys(content).join(', ')}`];
  if (!content[type].schema) return [];
  const v = validatorAt(api, `${location}/${pointer('content', type, 'schema')}`);
  return v(body) ? [] : explain(v.errors, 'body');
}

/** Whether the operation's answer with this status has a body at all (many error answers of the Directory Service have none). */
export function declaresBody(api: AfnorApiName, operationId: string, status: number): boolean {
  const { op } = operationOf(api, operationId);
  const declared = op.responses[String(status)] ?? op.responses.default;
  if (!declared) return false;
  const value = declared.$ref ? resolveRef(api, declared.$ref).value : (declared as Record<string, unknown>);
  return Boolean(value.content);
}

/** Problems with an answer (empty when it conforms): its status must be one the operation declares, its JSON body its schema. */
export function checkResponse(api: AfnorApiName, operationId: string, status: number, contentType: string | null, body: unknown): string[] {
  const { template, method, op } = operationOf(api, operationId);
  const declared = op.responses[String(status)] ?? op.responses.default;
  if (!declared) return [`status ${status} is not an answer of ${operationId} (${Object.keys(op.responses).join(', ')})`];
  const { location, value } = declared.$ref
    ? resolveRef(api, declared.$ref)
    : { location: pointer('paths', template, method, 'responses', String(status)), value: declared as Record<string, unknown> };
  const content = value.content as Record<string, { schema?: object }> | undefined;
  if (!content) return body === undefined || body === null || body === '' ? [] : [`status ${status} of ${operationId} has no body`];
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (!content[type]) return [`content type ${type || '(none)'} is not one of ${Object.keys(content).join(', ')}`];
  if (!content[type].schema) return [];
  const v = validatorAt(api, `${location}/${pointer('content', type, 'schema')}`);
  return v(body) ? [] : explain(v.errors, 'answer');
}

/**
 * Problems with the body of a Flow Service webhook call (`WebhookCallbackContent`: `{ flowInfo: Flow }`),
 * empty when it conforms. The document defines the call's content, not how a webhook is registered:
 * each platform sets its callback URL its own way.
 */
export function checkWebhookCallback(body: unknown): string[] {
  const v = validatorAt('flow', 'components/schemas/WebhookCallbackContent');
  return v(body) ? [] : explain(v.errors, 'body');
}
