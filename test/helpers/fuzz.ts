// Hostile inputs generated from the OpenAPI document: for every operation, its path and query
// parameters and every leaf field of its JSON body (found by walking the schema, `$ref`s
// resolved) are replaced, one at a time, by values chosen for the field's type. The values are
// what clients, proxies and attackers actually send: NUL and other control characters, lone
// surrogates, huge strings, wrong types, numbers out of range, impossible dates, deep nesting.

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

export interface Operation {
  operationId?: string;
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  consumes?: string[];
}

export interface Hostile {
  label: string;
  value: unknown;
  /** JSON text sent instead of `value` (values JSON.stringify cannot write: deeper than its stack). */
  raw?: string;
}

const HUGE = 'x'.repeat(100_000);

/** Strings every text field must survive (answer 2xx or 4xx, never 5xx). */
export const HOSTILE_STRINGS: Hostile[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'C0 controls', value: '\u0001\u0007\u001b[2J' },
  { label: 'DEL and C1 controls', value: 'x\u007f\u0085\u009f' },
  { label: 'lone surrogate', value: 'a\ud800b' },
  { label: 'huge', value: HUGE },
  { label: 'CR LF TAB', value: 'line 1\r\nline 2\tend' },
  { label: 'BOM and RTL override', value: '\ufeff\u202eevil' },
  { label: 'non-characters', value: '\uffff\ufffe' },
  { label: 'astral', value: '💶𝔘🏳️‍🌈' },
  { label: 'combining marks', value: `e${'\u0301'.repeat(300)}` },
  { label: 'multi-byte at limit', value: 'é'.repeat(4000) },
  { label: 'SQL', value: "'; DROP TABLE records; --" },
  { label: 'empty', value: '' },
  { label: 'blank', value: '   ' },
  { label: 'impossible date', value: '2026-02-30' },
  { label: 'number', value: 12 },
  { label: 'object', value: { a: 1 } },
];

export const HOSTILE_INTEGERS: Hostile[] = [
  { label: 'int32 max + 1', value: 2147483648 },
  { label: '1e308', value: 1e308 },
  { label: '-1', value: -1 },
  { label: '0', value: 0 },
  { label: 'int32 max', value: 2147483647 },
  { label: 'int32 min - 1', value: -2147483649 },
  { label: 'beyond safe', value: null, raw: '9007199254740993' },
  { label: 'fraction', value: 1.5 },
  { label: 'string', value: '12' },
  { label: 'boolean', value: true },
  { label: 'array', value: [1] },
];

export const HOSTILE_NUMBERS: Hostile[] = [
  { label: '1e308', value: 1e308 },
  { label: '-1e308', value: -1e308 },
  { label: 'denormal', value: 5e-324 },
  { label: 'many decimals', value: 0.123456789 },
  { label: 'large with cents', value: 999999999999.99 },
  { label: 'negative', value: -0.01 },
  { label: 'string', value: '1' },
  { label: 'boolean', value: false },
];

export const HOSTILE_DATES: Hostile[] = [
  { label: '2026-02-30', value: '2026-02-30' },
  { label: 'year 0', value: '0000-01-01' },
  { label: '2026-02-29', value: '2026-02-29' },
  { label: '2026-13-01', value: '2026-13-01' },
  { label: 'year 9999', value: '9999-12-31' },
  { label: 'year 1000', value: '1000-01-01' },
  { label: 'unpadded', value: '2026-1-1' },
  { label: 'date-time', value: '2026-01-01T25:00:00Z' },
  { label: 'NUL', value: '2026-01-01\u0000' },
];

export const HOSTILE_BOOLEANS: Hostile[] = [
  { label: 'string', value: 'true' },
  { label: 'number', value: 1 },
  { label: 'object', value: {} },
];

export const HOSTILE_CONTAINERS: Hostile[] = [
  { label: 'deep nesting', value: null, raw: `${'['.repeat(50_000)}${']'.repeat(50_000)}` },
  { label: 'deep objects', value: null, raw: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
  { label: 'string', value: 'x' },
  { label: 'number', value: 1 },
  { label: 'empty array', value: [] },
  { label: 'array of nulls', value: new Array(1001).fill(null) },
  { label: 'many keys', value: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])) },
  { label: 'NUL key', value: { 'a\u0000b': 'x' } },
  {
    label: 'proto keys',
    value: JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}') as unknown,
  },
];

/** Query and path values: raw (already percent-encoded) text put in the URL. */
export const HOSTILE_URL_VALUES: Hostile[] = [
  { label: 'NUL', value: 'a%00b' },
  { label: 'C0 control', value: '%01%1B' },
  { label: 'DEL', value: '%7F' },
  { label: 'CR LF', value: 'a%0D%0Ab' },
  { label: 'invalid UTF-8', value: '%FF%FE' },
  { label: 'encoded surrogate', value: '%ED%A0%80' },
  { label: 'broken escape', value: '%E' },
  { label: 'huge', value: 'x'.repeat(5000) },
  { label: 'negative', value: '-1' },
  { label: 'int32 max + 1', value: '2147483648' },
  { label: 'exponent', value: '1e3' },
  { label: 'impossible date', value: '2026-02-30' },
  { label: 'date at year 0', value: '0000-01-01' },
  { label: 'SQL', value: "'%20OR%201=1--" },
  { label: 'astral', value: encodeURIComponent('💶') },
  { label: 'dot segments', value: '..%2F..' },
  { label: 'empty', value: '' },
];

export function resolve(doc: OpenApiDocument, schema: Json | undefined): Json | undefined {
  let s = schema;
  for (let guard = 0; s && typeof s.$ref === 'string' && guard < 20; guard++) {
    s = doc.components.schemas[s.$ref.replace('#/components/schemas/', '')];
  }
  return s;
}

/** The schema without its null branch: `T | null` -> T. */
function nonNull(doc: OpenApiDocument, schema: Json | undefined): Json | undefined {
  const s = resolve(doc, schema);
  if (!s) return s;
  if (Array.isArray(s.anyOf)) {
    const branches = (s.anyOf as Json[]).filter((b) => b.type !== 'null');
    if (branches.length === 1) return nonNull(doc, branches[0]);
    if (branches.every((b) => typeof b.const === 'string')) return { type: 'string', enum: branches.map((b) => b.const) };
    return branches[0] && nonNull(doc, branches[0]);
  }
  if (Array.isArray(s.type)) return { ...s, type: (s.type as string[]).find((t) => t !== 'null') };
  return s;
}

export interface Leaf {
  /** Property names and array positions from the body's root. */
  path: (string | number)[];
  schema: Json;
}

/** Every field of a body schema, containers included, down to `maxDepth`. */
export function leaves(doc: OpenApiDocument, schema: Json | undefined, maxDepth = 6): Leaf[] {
  const out: Leaf[] = [];
  const walk = (s: Json | undefined, path: (string | number)[]) => {
    const t = nonNull(doc, s);
    if (!t || path.length > maxDepth) return;
    if (path.length) out.push({ path, schema: t });
    if (t.type === 'object' && t.properties) {
      for (const [name, child] of Object.entries(t.properties as Record<string, Json>)) walk(child, [...path, name]);
    } else if (t.type === 'array' && t.items) {
      walk(t.items as Json, [...path, 0]);
    }
  };
  walk(schema, []);
  return out;
}

/** The hostile values of a field's type. */
export function hostileFor(schema: Json): Hostile[] {
  if (schema.type === 'string' && (schema.format === 'date' || schema.format === 'date-time')) return HOSTILE_DATES;
  if (schema.type === 'string' && Array.isArray(schema.enum)) {
    return [
      { label: 'unknown member', value: 'Unknown' },
      { label: 'lower case', value: String(schema.enum[0]).toLowerCase() },
      { label: 'NUL', value: `${String(schema.enum[0])}\u0000` },
      { label: 'number', value: 1 },
    ];
  }
  switch (schema.type) {
    case 'string':
      return HOSTILE_STRINGS;
    case 'integer':
      return HOSTILE_INTEGERS;
    case 'number':
      return HOSTILE_NUMBERS;
    case 'boolean':
      return HOSTILE_BOOLEANS;
    default:
      return HOSTILE_CONTAINERS;
  }
}

/** The JSON text of `base` with the field at `path` set to the hostile value. */
export function bodyWith(base: unknown, path: (string | number)[], hostile: Hostile): string {
  if (hostile.raw === undefined) return JSON.stringify(withField(base, path, hostile.value));
  const marker = '__fuzz_raw_value__';
  return JSON.stringify(withField(base, path, marker)).replace(`"${marker}"`, () => hostile.raw!);
}

/** A copy of `base` with the field at `path` set to `value`, creating the objects and arrays on the way. */
export function withField(base: unknown, path: (string | number)[], value: unknown): unknown {
  const root: unknown = structuredClone(base ?? {});
  let node = root as Json | unknown[];
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    const next = path[i + 1];
    const container = node as Record<string | number, unknown>;
    if (typeof container[key] !== 'object' || container[key] === null) container[key] = typeof next === 'number' ? [] : {};
    node = container[key] as Json | unknown[];
  }
  (node as Record<string | number, unknown>)[path[path.length - 1]] = value;
  return root;
}

/**
 * Names a client may give a field that are also members of Object.prototype: a server that makes
 * them keys of a plain object reads an inherited function (`constructor`) or sets a prototype
 * (`__proto__`). Each is sent as an extra field, in the body and in the query string.
 */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString'];

/** What a field with one of those names holds: text the input guard refuses, an object, a number. */
export const PROTOTYPE_NAME_VALUES: Hostile[] = [
  { label: 'control character', value: 'a\u0001b' },
  { label: 'object', value: { polluted: true } },
  { label: 'number', value: 1 },
];

/**
 * The JSON text of `base` with an extra property `name` (an own key even for `__proto__`, as a
 * client's JSON text makes it) inside the object at `path` ([] for the body itself).
 */
export function bodyWithName(base: unknown, path: (string | number)[], name: string, hostile: Hostile): string {
  const marker = '__fuzz_name__';
  const text = JSON.stringify(withField(base, [...path, marker], hostile.value));
  return text.replace(`"${marker}":`, () => `${JSON.stringify(name)}:`);
}

/** Picks `count` values of `list`, always the first `always`, the others in rotation by `seed`. */
export function pick(list: Hostile[], seed: number, always: number, count: number): Hostile[] {
  if (list.length <= count) return list;
  const chosen = list.slice(0, always);
  const rest = list.slice(always);
  for (let i = 0; chosen.length < count; i++) chosen.push(rest[(seed + i) % rest.length]);
  return chosen;
}
