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
    const broken = compile(parsed, drifted, clean.program);
    const errorsIn = (file: string, field: string) => broken.diagnostics.filter((d) => d.file === file && d.text.includes(`"${field}"`));
    expect(errorsIn('console/src/pages/customers.tsx', 'companyName').length).toBeGreaterThan(0);
    expect(errorsIn('console/src/pages/documents.tsx', 'validityDate').length).toBeGreaterThan(0);
    expect(errorsIn('console/src/pages/recurring.tsx', 'nextDate').length).toBeGreaterThan(0);
    expect(errorsIn('console/src/pages/receipts.tsx', 'paymentMethod').length).toBeGreaterThan(0);
    // The errors are the console's (its use sites), not the schema's own.
    for (const d of broken.diagnostics) expect(d.file).toMatch(/^console\/src\//);
  }, 60_000);
});
