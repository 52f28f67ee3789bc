// Owns the built-in conformance check of a CII e-invoice, judged over the XML actually sent: the EN 16931
// rules (errors) and every assert of the French BR-FR rules 1.4.0.03 (errors on a domestic B2B document,
// warnings on any other: our one deliberate deviation, see docs/einvoicing.md). The verdict is the
// official one: valid when no official rule fails, so a document whose only findings are BR-FR warnings is
// still invalid (the severity says how much the finding matters to this document, not whether it fails).
import type { CheckContext, CheckResult, Finding, Rule, Severity } from './types.js';
import { NS, type XmlDocument, nodePath, parseXml, xpathFor } from './xml.js';
import { coreRules } from './rules/core.js';
import { allowanceChargeRules } from './rules/allowances.js';
import { paymentRules } from './rules/payment.js';
import { decimalRules } from './rules/decimals.js';
import { vatCategoryRules } from './rules/vat.js';
import { frenchRules, isDomesticB2B } from './rules/france.js';
import { syntaxRules } from './rules/syntax.js';

export type { CheckResult, Finding, Severity } from './types.js';

export const EN16931_RULES: readonly Rule[] = [
  ...coreRules,
  ...allowanceChargeRules,
  ...paymentRules,
  ...decimalRules,
  ...vatCategoryRules,
  ...syntaxRules,
];
export const FRENCH_RULES: readonly Rule[] = frenchRules;
export const ALL_RULES: readonly Rule[] = [...EN16931_RULES, ...FRENCH_RULES];

/** One check's context: memoized XPath plus a per-check store of shared computations. */
function checkContext(doc: XmlDocument): CheckContext {
  const store = new Map<string, unknown>();
  return {
    x: xpathFor(doc, { memoize: true }),
    root: doc,
    shared<T>(key: string, compute: () => T): T {
      if (store.has(key)) return store.get(key) as T;
      const value = compute();
      store.set(key, value);
      return value;
    },
  };
}

/** Runs every rule over a CII document. Unreadable or non-CII XML yields a single fatal finding. */
export function checkCii(xml: string): Finding[] {
  let doc: XmlDocument;
  try {
    doc = parseXml(xml);
  } catch (err) {
    return [
      {
        ruleId: 'XML-WELLFORMED',
        severity: 'Error',
        message: err instanceof Error ? err.message : String(err),
        businessTerm: null,
        location: null,
      },
    ];
  }
  const rootEl = doc.documentElement;
  if (rootEl.localName !== 'CrossIndustryInvoice' || rootEl.namespaceURI !== NS.rsm) {
    return [
      {
        ruleId: 'CII-ROOT',
        severity: 'Error',
        message: 'The document is not a UN/CEFACT CII CrossIndustryInvoice (D16B).',
        businessTerm: null,
        location: nodePath(rootEl),
      },
    ];
  }
  const ctx = checkContext(doc);
  const findings: Finding[] = [];
  const run = (rules: readonly Rule[], severity?: Severity) => {
    for (const rule of rules) {
      for (const node of rule.check(ctx)) {
        findings.push({
          ruleId: rule.id,
          severity: severity ?? rule.severity,
          message: rule.describe ? rule.describe(node, ctx) : rule.message,
          businessTerm: rule.businessTerm,
          location: nodePath(node),
        });
      }
    }
  };
  run(EN16931_RULES);
  // Deviation: the official BR-FR asserts are all fatal; they bind domestic B2B documents only, so on a
  // consumer or foreign-buyer document the same findings are reported as warnings.
  run(FRENCH_RULES, isDomesticB2B(ctx) ? undefined : 'Warning');
  return findings;
}

/** A rule of the French national rules (FNFE-MPE BR-FR): every one of its official asserts is fatal. */
export const isFrenchRule = (ruleId: string): boolean => ruleId.startsWith('BR-FR');

/**
 * The official verdict: valid when no official rule fails. An error fails; a BR-FR finding fails too
 * whatever severity it is shown with (the official BR-FR asserts are all fatal; a Warning only says
 * that the rule does not bind this buyer). An EN 16931 warning (a rule the CEN flags as a warning) does not.
 */
export function isValidVerdict(findings: readonly Pick<Finding, 'severity' | 'ruleId'>[]): boolean {
  return findings.every((f) => f.severity !== 'Error' && !isFrenchRule(f.ruleId));
}

export function checkEInvoice(xml: string): CheckResult {
  const findings = checkCii(xml);
  return { isValid: isValidVerdict(findings), findings };
}
