// The referees some suites need that a fresh clone may not have: Debian's chromium (the browser
// suites) and the official e-invoicing rules beside the repository (../shared/einvoicing-oracle, with
// its dependencies installed). Without one, the suites that need it skip, and say so in one line with
// how to get it. With FACTURIER_REQUIRE_REFEREES=1 (.ci/run sets it) a missing referee fails the
// run instead: CI never passes with those suites skipped.
import { existsSync } from 'node:fs';
import path from 'node:path';

export const ORACLE_DIR = path.resolve(import.meta.dirname, '../../../shared/einvoicing-oracle');
export const CHROMIUM = '/usr/bin/chromium';
const REQUIRED = process.env.FACTURIER_REQUIRE_REFEREES === '1';

function judged(reason: string | null, file: string): string | null {
  if (!reason) return null;
  if (REQUIRED) throw new Error(`${file}: ${reason}, and FACTURIER_REQUIRE_REFEREES=1 forbids skipping it`);
  console.warn(`${file}: skipped: ${reason}`);
  return reason;
}

/** Why the official rules cannot run here (null when they can); throws instead under FACTURIER_REQUIRE_REFEREES=1. */
export function oracleMissing(file: string): string | null {
  const reason = !existsSync(path.join(ORACLE_DIR, 'lib', 'oracle.mjs'))
    ? `the official e-invoicing rules are not at ${ORACLE_DIR}`
    : !existsSync(path.join(ORACLE_DIR, 'node_modules'))
      ? `the official e-invoicing rules' dependencies are not installed (cd ${ORACLE_DIR} && npm ci)`
      : null;
  return judged(reason, file);
}

/** Why the browser suites cannot run here (null when they can); throws instead under FACTURIER_REQUIRE_REFEREES=1. */
export function browserMissing(file: string): string | null {
  const reason = existsSync(CHROMIUM) ? null : `Debian's chromium is not installed (apt-get install chromium)`;
  return judged(reason, file);
}
