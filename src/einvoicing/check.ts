// Owns the built-in conformance check of a CII e-invoice: EN 16931 rules (errors) and French CTC rules
// (warnings), judged over the XML actually sent. The verdict is strict: any finding makes it invalid.
import type { CheckContext, CheckResult, Finding, Rule } from './types.js';
import { NS, type XmlDocument, nodePath, parseXml, xpathFor } from './xml.js';
import { coreRules } from './rules/core.js';
import { allowanceChargeRules } from './rules/allowances.js';
import { paymentRules } from './rules/payment.js';
import { decimalRules } from './rules/decimals.js';
import { vatCategoryRules } from './rules/vat.js';
import { frenchRules } from './rules/france.js';

export type { CheckResult, Finding, Severity } from './types.js';

export const EN16931_RULES: readonly Rule[] = [
  ...coreRules,
  ...allowanceChargeRules,
  ...paymentRules,
  ...decimalRules,
  ...vatCategoryRules,
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
  for (const rule of ALL_RULES) {
    for (const node of rule.check(ctx)) {
      findings.push({
        ruleId: rule.id,
        severity: rule.severity,
        message: rule.message,
        businessTerm: rule.businessTerm,
        location: nodePath(node),
      });
    }
  }
  return findings;
}

/** The verdict of the spec: valid only without any finding, warnings included. */
export function checkEInvoice(xml: string): CheckResult {
  const findings = checkCii(xml);
  return { isValid: findings.length === 0, findings };
}
