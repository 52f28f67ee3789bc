// Owns the vocabulary of the conformance check: findings, rules and what a rule sees.
import type { XPath } from './xml.js';

export type Severity = 'Error' | 'Warning';

export interface Finding {
  ruleId: string;
  severity: Severity;
  message: string;
  businessTerm: string | null;
  /** XPath of the offending node (or of its nearest existing parent). */
  location: string | null;
}

export interface CheckContext {
  x: XPath;
  root: Node;
}

export interface Rule {
  id: string;
  severity: Severity;
  businessTerm: string | null;
  message: string;
  /** Offending nodes; their XPath becomes the finding's location. Empty when the rule holds. */
  check(ctx: CheckContext): Node[];
}

export interface CheckResult {
  isValid: boolean;
  findings: Finding[];
}
