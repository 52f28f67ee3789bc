// The console's types come from the typed client (console/src/api-types.ts → clients/typescript/src/
// schema.d.ts, docs/console.md "Types"): an API change must break the console's build, not its users.
// This compiles the console with its own tsconfig twice with the TypeScript compiler API: as it is
// (no error), and with fields renamed in the generated schema (as `npm run client:generate` would
// write them after a rename in the API), which must fail in the console files that read those fields.
// The schema is changed in memory only (the compiler host answers the edited text for that one
// file), so the second program reuses the first one's unchanged files: two compilations, no copy.
// No database: this is a build check, the same on SQLite and PostgreSQL.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsconfig = path.join(root, 'console/tsconfig.json');
const schemaPath = path.join(root, 'clients/typescript/src/schema.d.ts');

function parsedConfig(): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('console/tsconfig.json: unreadable');
  return parsed;
}

/** Renames one property inside one schema of components['schemas'] (the block `        Name: {` … `        };`). */
function renameField(schema: string, name: string, field: string, to: string): string {
  const start = schema.indexOf(`\n        ${name}: {\n`);
  if (start < 0) throw new Error(`schema ${name} not found`);
  const end = schema.indexOf('\n        };\n', start);
  const block = schema.slice(start, end);
  const pattern = new RegExp(`\\n {12}${field}(\\??): `);
  if (!pattern.test(block)) throw new Error(`${name}.${field} not found`);
  return schema.slice(0, start) + block.replace(pattern, `\n            ${to}$1: `) + schema.slice(end);
}

/** Renames one field of an operation's request body (inline in operations['…']). */
function renameBodyField(schema: string, operation: string, field: string, to: string): string {
  const start = schema.indexOf(`\n    ${operation}: {\n`);
  if (start < 0) throw new Error(`operation ${operation} not found`);
  const body = schema.indexOf('requestBody', start);
  const end = schema.indexOf('responses:', body);
  const block = schema.slice(body, end);
  const pattern = new RegExp(`\\n(\\s+)${field}(\\??): `);
  if (!pattern.test(block)) throw new Error(`${operation} body.${field} not found`);
  return schema.slice(0, body) + block.replace(pattern, `\n$1${to}$2: `) + schema.slice(end);
}

interface Diagnostic {
  file: string;
  text: string;
}

function compile(
  parsed: ts.ParsedCommandLine,
  schemaText: string | null,
  oldProgram?: ts.Program,
): { program: ts.Program; diagnostics: Diagnostic[] } {
  const host = ts.createCompilerHost(parsed.options);
  if (schemaText !== null) {
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
      path.resolve(fileName) === schemaPath
        ? ts.createSourceFile(fileName, schemaText, languageVersion)
        : getSourceFile(fileName, languageVersion, onError, shouldCreate);
  }
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host, oldProgram });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ({
    file: d.file ? path.relative(root, d.file.fileName) : '',
    text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
  return { program, diagnostics };
}

describe('the console is typed by the typed client', () => {
  it('compiles as it is, and fails in the file that reads a field the API renamed', () => {
    const parsed = parsedConfig();
    const original = ts.sys.readFile(schemaPath);
    if (original === undefined) throw new Error('no schema.d.ts');

    const clean = compile(parsed, null);
    expect(clean.diagnostics).toEqual([]);
    // The console really is built on the generated schema (not a copy of its own).
    expect(clean.program.getSourceFile(schemaPath)).toBeDefined();

    let drifted = renameField(original, 'Customer', 'companyName', 'companyLabel');
    drifted = renameField(drifted, 'Quote', 'validityDate', 'validUntil');
    drifted = renameField(drifted, 'RecurringInvoice', 'nextDate', 'nextIssueDate');
    drifted = renameField(drifted, 'Receipt', 'paymentMethod', 'method');
    // The requests are typed too: a path renamed in the API fails the call that names it…
    drifted = drifted.replaceAll('"/v1/expensereports"', '"/v1/expenses"');
    // …and a request body field renamed fails the page that sends it (POST /v1/receipts's paymentMethod).
    drifted = renameBodyField(drifted, 'POST_Receipts_Post', 'paymentMethod', 'method');
    const broken = compile(parsed, drifted, clean.program);
    const errorsIn = (file: string, field: string) => broken.diagnostics.filter((d) => d.file === file && d.text.includes(`"${field}"`));
    expect(errorsIn('console/src/pages/customers.tsx', 'companyName').length).toBeGreaterThan(0);
    expect(errorsIn('console/src/pages/documents.tsx', 'validityDate').length).toBeGreaterThan(0);
    expect(errorsIn('console/src/pages/recurring.tsx', 'nextDate').length).toBeGreaterThan(0);
    expect(errorsIn('console/src/pages/receipts.tsx', 'paymentMethod').length).toBeGreaterThan(0);
    // The errors are the console's (its use sites), not the schema's own.
    for (const d of broken.diagnostics) expect(d.file).toMatch(/^console\/src\//);

    expect(broken.diagnostics.some((d) => d.file === 'console/src/pages/expenses.tsx' && d.text.includes('"/v1/expensereports"'))).toBe(
      true,
    );
    // An excess property: "'paymentMethod' does not exist in type …".
    expect(
      broken.diagnostics.some((d) => d.file === 'console/src/pages/offset.tsx' && d.text.includes("'paymentMethod' does not exist")),
    ).toBe(true);
  }, 600_000);

  it('refuses a wrong path, method, body field, path parameter or query parameter at compile time', () => {
    // A fixture compiled with the console's options, next to its sources: every line marked with an
    // expect-error directive must be an error (an unused directive is itself an error), the rest compiles.
    const parsed = parsedConfig();
    const fixture = path.join(root, 'console/src/__typed-fixture.ts');
    const text = [
      "import { call, get, getPage } from './api';",
      'export async function fixture(id: number) {',
      "  const customer = await call('GET', '/v1/customers/{id}', { path: { id } });",
      '  const name: string | null = customer.data.companyName;',
      "  await call('POST', '/v1/customers', { body: { companyName: 'Dupont SARL' } });",
      "  await call('PUT', '/v1/customers/{id}', { path: { id }, body: { companyName: 'Dupont SARL' }, ifMatch: customer.etag });",
      "  const page = await getPage('/v1/customers', { query: { PageSize: 20, query: 'dup' } });",
      "  const session = await get('/v1/users/session');",
      '  // @ts-expect-error a body field the API does not take',
      "  await call('POST', '/v1/customers', { body: { companyLabel: 'Dupont SARL' } });",
      '  // @ts-expect-error a path the API does not have',
      "  await call('GET', '/v1/customer/{id}', { path: { id } });",
      '  // @ts-expect-error a method the path does not have',
      "  await call('PATCH', '/v1/customers/{id}', { path: { id } });",
      '  // @ts-expect-error a path parameter left out',
      "  await call('GET', '/v1/customers/{id}');",
      '  // @ts-expect-error a query parameter the list does not take',
      "  await getPage('/v1/customers', { query: { PageLength: 20 } });",
      '  // @ts-expect-error a field the answer does not have',
      '  const missing: unknown = customer.data.companyLabel;',
      '  // @ts-expect-error a body where the operation takes none',
      "  await call('POST', '/v1/saleinvoices/finalize/{id}', { path: { id }, body: { date: '2026-01-01' } });",
      '  return [name, page.items[0]?.companyName, session.csrfToken, missing];',
      '}',
      '',
    ].join('\n');
    const host = ts.createCompilerHost(parsed.options);
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
      path.resolve(fileName) === fixture
        ? ts.createSourceFile(fileName, text, languageVersion)
        : getSourceFile(fileName, languageVersion, onError, shouldCreate);
    const fileExists = host.fileExists.bind(host);
    host.fileExists = (fileName) => path.resolve(fileName) === fixture || fileExists(fileName);
    const program = ts.createProgram({ rootNames: [...parsed.fileNames, fixture], options: parsed.options, host });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ({
      file: d.file ? path.relative(root, d.file.fileName) : '',
      line: d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0,
      text: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }));
    // No error: every @ts-expect-error line is an error, and the correct calls compile.
    expect(diagnostics).toEqual([]);
    // The directives really are used: without them, each marked line fails.
    const bare = text.replace(/ *\/\/ @ts-expect-error.*\n/g, '');
    host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
      path.resolve(fileName) === fixture
        ? ts.createSourceFile(fileName, bare, languageVersion)
        : getSourceFile(fileName, languageVersion, onError, shouldCreate);
    const unmarked = ts.createProgram({ rootNames: [...parsed.fileNames, fixture], options: parsed.options, host, oldProgram: program });
    const failing = ts
      .getPreEmitDiagnostics(unmarked)
      .filter((d) => d.file && path.resolve(d.file.fileName) === fixture)
      .map((d) => d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1);
    expect(new Set(failing).size).toBe(7);
  }, 600_000);
});
