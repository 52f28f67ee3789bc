// The official CDAR rules (../shared/einvoicing-oracle: BR-FR-CDV Schematron + CDAR D22B XSD), loaded
// once per test file. Tests skip with a clear line when the oracle is absent (it is not part of the
// repository), or fail under FACTURIER_REQUIRE_REFEREES=1 (test/helpers/referees.ts).
import { ORACLE_DIR, oracleMissing } from './referees.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export { ORACLE_DIR };
/** The official rules can run here; otherwise one line says why (a failure under FACTURIER_REQUIRE_REFEREES=1). */
export const oracleAvailable = !oracleMissing('the CDAR checks (cdar.oracle.test.ts, platform.test.ts)');

interface Issue {
  id: string;
  text?: string;
}
export interface CdarVerdict {
  kind: string;
  invoices: string[];
  statuses: string[];
  cdar: { valid: boolean; errors: Issue[]; warnings: Issue[] };
  xsd: { valid: boolean; errors: Issue[] };
}
export interface CdarOracle {
  validate(xml: string): Promise<CdarVerdict>;
}

export async function loadCdarOracle(): Promise<CdarOracle> {
  const mod = (await import(pathToFileURL(path.join(ORACLE_DIR, 'lib/oracle.mjs')).href)) as {
    prepare(dir?: string, keys?: string[]): void;
    loadRules(keys?: string[]): unknown;
    validateBytes(bytes: Uint8Array, rules: unknown, options?: { kind?: string }): Promise<CdarVerdict>;
  };
  mod.prepare(undefined, ['cdar']);
  const rules = mod.loadRules(['cdar']);
  return { validate: (xml) => mod.validateBytes(new TextEncoder().encode(xml), rules, { kind: 'cdar' }) };
}
