// The official Flux 10 rules (../shared/einvoicing-oracle: PPF Flux 10 XSD + Schematron), loaded once
// per test file. Tests skip with a clear line when the oracle is absent (it is not part of the
// repository), or fail under FACTURIER_REQUIRE_REFEREES=1 (test/helpers/referees.ts).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ORACLE_DIR, oracleMissing } from './referees.js';

/** The official rules can run here; otherwise one line says why (a failure under FACTURIER_REQUIRE_REFEREES=1). */
export const flux10OracleAvailable = !oracleMissing('the Flux 10 checks (ereporting.test.ts, flux10.oracle.test.ts)');

interface Issue {
  id: string;
  text?: string;
}
export interface Flux10Verdict {
  kind: string;
  report: string;
  flux10: { valid: boolean; errors: Issue[]; warnings: Issue[] };
  xsd: { valid: boolean; errors: Issue[] };
}
export interface Flux10Oracle {
  validate(xml: string): Promise<Flux10Verdict>;
}

export async function loadFlux10Oracle(): Promise<Flux10Oracle> {
  const mod = (await import(pathToFileURL(path.join(ORACLE_DIR, 'lib/oracle.mjs')).href)) as {
    prepare(dir?: string, keys?: string[]): void;
    loadRules(keys?: string[]): unknown;
    validateBytes(bytes: Uint8Array, rules: unknown, options?: { kind?: string }): Promise<Flux10Verdict>;
  };
  mod.prepare(undefined, ['flux10']);
  const rules = mod.loadRules(['flux10']);
  return { validate: (xml) => mod.validateBytes(new TextEncoder().encode(xml), rules, { kind: 'flux10' }) };
}
