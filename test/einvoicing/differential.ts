// The differential harness: runs the built-in check and the official rules (the einvoicing-oracle, CEN
// EN 16931 CII Schematron 1.3.16 + FNFE-MPE BR-FR CII 1.4.0.03 on SaxonJS) on the same XML and compares
// their findings. It takes any list of XML documents, so any corpus plugs in.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkCii, isValidVerdict } from '../../src/einvoicing/check.js';
import { DOMESTIC_COUNTRIES } from '../../src/einvoicing/rules/france.js';
import { parseXml, xpathFor } from '../../src/einvoicing/xml.js';

import { ORACLE_DIR, oracleMissing } from '../helpers/referees.js';

export interface CorpusDocument {
  name: string;
  xml: string | Buffer;
}

interface OracleFinding {
  id: string;
  flag: string;
  text: string;
}
interface OracleResult {
  en16931: { valid: boolean; errors: OracleFinding[]; warnings: OracleFinding[] };
  brfr?: { valid: boolean; errors: OracleFinding[]; warnings: OracleFinding[] };
}
export interface Oracle {
  validate(xml: string | Buffer): Promise<OracleResult>;
}

/** Loads the oracle in-process; null (with the reason) when it is absent or its dependencies are missing. */
export async function loadOracle(): Promise<{ oracle: Oracle | null; reason: string }> {
  const reason = oracleMissing('differential.test.ts');
  if (reason) return { oracle: null, reason };
  const entry = path.join(ORACLE_DIR, 'lib', 'oracle.mjs');
  const mod = (await import(pathToFileURL(entry).href)) as {
    prepare(): void;
    loadRules(): unknown;
    validateBytes(bytes: Uint8Array, rules: unknown, options?: { fr?: boolean }): Promise<OracleResult>;
  };
  mod.prepare();
  const rules = mod.loadRules();
  return {
    oracle: { validate: (xml) => mod.validateBytes(typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml, rules) },
    reason: '',
  };
}

export interface Comparison {
  name: string;
  /** EN 16931: the error ids (one per rule, sorted) of each side, and each side's verdict. */
  oracleEn: string[];
  ourEn: string[];
  oracleEnValid: boolean;
  ourEnValid: boolean;
  /** BR-FR: every failed assert, one entry per occurrence (sorted), and the messages, per side. */
  oracleFr: string[];
  ourFr: string[];
  oracleFrMessages: string[];
  ourFrMessages: string[];
  /** Severity our check gave the BR-FR findings: Error on a domestic B2B document, Warning otherwise. */
  frSeverities: string[];
  /** The whole verdict: the official one (EN 16931 and BR-FR both valid) and our `isValid`. */
  officialValid: boolean;
  ourValid: boolean;
  enAgrees: boolean;
  frAgrees: boolean;
  frMessagesAgree: boolean;
}

const sorted = (values: string[]) => [...values].sort();
const unique = (values: string[]) => sorted([...new Set(values)]);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const isFr = (id: string) => id.startsWith('BR-FR-');

/** Runs both checkers on each document (the oracle one document at a time, in order). */
export async function compareAll(oracle: Oracle, docs: readonly CorpusDocument[]): Promise<Comparison[]> {
  const out: Comparison[] = [];
  for (const doc of docs) {
    const xml = typeof doc.xml === 'string' ? doc.xml : doc.xml.toString('utf8');
    const theirs = await oracle.validate(doc.xml);
    // SaxonJS runs synchronously: give the event loop (and the test runner's heartbeat) a turn.
    await new Promise((resolve) => setImmediate(resolve));
    const ours = checkCii(xml);
    const ourEnErrors = ours.filter((f) => !isFr(f.ruleId) && f.severity === 'Error');
    const ourFr = ours.filter((f) => isFr(f.ruleId));
    const oracleFr = theirs.brfr?.errors ?? [];
    const c: Comparison = {
      name: doc.name,
      oracleEn: unique(theirs.en16931.errors.map((e) => e.id)),
      ourEn: unique(ourEnErrors.map((f) => f.ruleId)),
      oracleEnValid: theirs.en16931.valid,
      ourEnValid: ourEnErrors.length === 0,
      oracleFr: sorted(oracleFr.map((e) => e.id)),
      ourFr: sorted(ourFr.map((f) => f.ruleId)),
      oracleFrMessages: sorted(oracleFr.map((e) => `${e.id} ${e.text}`)),
      ourFrMessages: sorted(ourFr.map((f) => `${f.ruleId} ${f.message}`)),
      frSeverities: unique(ourFr.map((f) => f.severity)),
      officialValid: theirs.en16931.valid && (theirs.brfr?.valid ?? true),
      ourValid: isValidVerdict(ours),
      enAgrees: false,
      frAgrees: false,
      frMessagesAgree: false,
    };
    c.enAgrees = c.oracleEnValid === c.ourEnValid && same(c.oracleEn, c.ourEn);
    c.frAgrees = same(c.oracleFr, c.ourFr);
    c.frMessagesAgree = same(c.oracleFrMessages, c.ourFrMessages);
    out.push(c);
  }
  return out;
}

/** One line per disagreement, for a readable test failure. */
export function describeDisagreement(c: Comparison): string {
  const diff = (a: string[], b: string[]) => ({
    missing: [...new Set(a.filter((x) => !b.includes(x)))],
    extra: [...new Set(b.filter((x) => !a.includes(x)))],
  });
  const parts: string[] = [];
  if (!c.enAgrees) {
    const d = diff(c.oracleEn, c.ourEn);
    parts.push(
      `EN 16931 oracle ${c.oracleEnValid ? 'valid' : 'invalid'}, ours ${c.ourEnValid ? 'valid' : 'invalid'}; missing ${d.missing.join(',') || '-'}; extra ${d.extra.join(',') || '-'}`,
    );
  }
  if (!c.frAgrees) {
    const d = diff(c.oracleFr, c.ourFr);
    parts.push(
      `BR-FR missing ${d.missing.join(',') || '-'}; extra ${d.extra.join(',') || '-'} (oracle ${c.oracleFr.length}, ours ${c.ourFr.length})`,
    );
  } else if (!c.frMessagesAgree) {
    const d = diff(c.oracleFrMessages, c.ourFrMessages);
    parts.push(`BR-FR messages differ: oracle «${d.missing[0] ?? ''}» ours «${d.extra[0] ?? ''}»`);
  }
  return `${c.name}: ${parts.join(' | ')}`;
}

/**
 * Whether the French rules bind the document, read independently of the check: the buyer has a SIREN
 * (legal registration, scheme 0002) and no address outside France and its overseas departments.
 */
export function domesticB2B(xml: string | Buffer): boolean {
  const x = xpathFor(parseXml(typeof xml === 'string' ? xml : xml.toString('utf8')));
  const buyer = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty';
  const siren = x.str(`${buyer}/ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']`);
  const country = x.str(`${buyer}/ram:PostalTradeAddress/ram:CountryID`).toUpperCase();
  return siren !== '' && (country === '' || DOMESTIC_COUNTRIES.has(country));
}
