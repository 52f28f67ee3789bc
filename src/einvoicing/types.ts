// Owns the vocabulary of the conformance check: findings, rules and what a rule sees.
import type { XPath, XmlNode } from './xml.js';

export type Severity = 'Error' | 'Warning';

export interface Finding {
  ruleId: string;
  severity: Severity;
  message: string;
  businessTerm: string | null;
  /** XPath of the offending node (or of its nearest existing parent). */
  location: string | null;
}

/** What a rule sees: one per check, over a document that does not change during the check. */
export interface CheckContext {
  /** XPath over the document; context-free expressions are evaluated once per check. */
  x: XPath;
  root: XmlNode;
  /** Computes a value shared by several rules (node sets, sums) once per check. */
  shared<T>(key: string, compute: () => T): T;
}

export interface Rule {
  id: string;
  severity: Severity;
  businessTerm: string | null;
  message: string;
  /** Offending nodes; their XPath becomes the finding's location. Empty when the rule holds. */
  check(ctx: CheckContext): XmlNode[];
  /** The message for one offending node, when it quotes values of the document (else `message`). */
  describe?(node: XmlNode, ctx: CheckContext): string;
}

export interface CheckResult {
  isValid: boolean;
  findings: Finding[];
}
