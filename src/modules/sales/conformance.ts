// Conforming by construction: the e-invoice of a document about to be numbered (finalization, and
// the credit note of a cancellation) is written and judged by the built-in check first; a document
// that fails is refused, and nothing is numbered. What is held against which document depends on the
// account's `einvoicing.frenchRules` (docs/einvoicing.md, "Finalization gate"):
// - every document, in both modes: the EN 16931 rules (findings of severity Error that are not BR-FR);
// - Enforce: on a domestic B2B document (a business buyer identified by a SIREN in a French CTC
//   territory) the French rules (BR-FR) too, whatever their severity in the built-in check;
// - Warn (the default), and B2C or foreign-buyer documents in Enforce: BR-FR findings never refuse;
//   they are returned and kept on the document as warnings.
import { checkCii, isFrenchRule, type Finding } from '../../einvoicing/check.js';
import { isFrenchCtcTerritory } from '../../domain/countries.js';
import { buildCii } from '../../rendering/cii.js';
import type { IssuedDocument } from '../../rendering/model.js';
import { ValidationError } from '../../errors.js';
import type { SellerSnapshot } from './document.js';

/** `einvoicing.frenchRules`: whether the French national rules refuse a domestic B2B document. */
export type FrenchRulesMode = 'Warn' | 'Enforce';

export interface ConformanceVerdict {
  /** Findings that refuse the document. */
  errors: Finding[];
  /** Findings reported without refusing it. */
  warnings: Finding[];
  /** The buyer is a French business (SIREN) in a French CTC territory: BR-FR binds the document. */
  domesticB2B: boolean;
}

/** A business buyer identified by a French SIREN, in France or a territory where French rules apply. */
export function isDomesticB2B(doc: IssuedDocument): boolean {
  const buyer = doc.buyer;
  return buyer.isBusiness !== false && Boolean(buyer.siren) && isFrenchCtcTerritory(buyer.address.countryIso);
}

/** Sorts the findings of the built-in check on the document's own XML into errors and warnings. */
export function judgeConformance(doc: IssuedDocument, frenchRules: FrenchRulesMode): ConformanceVerdict {
  const domestic = isDomesticB2B(doc);
  const enforceFrench = domestic && frenchRules === 'Enforce';
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  for (const finding of checkCii(buildCii(doc))) {
    const refuses = isFrenchRule(finding.ruleId) ? enforceFrench : finding.severity === 'Error';
    (refuses ? errors : warnings).push(finding);
  }
  return { errors, warnings, domesticB2B: domestic };
}

/**
 * What is missing from the seller's identity for an e-invoice (names of the settings to fill), so
 * that a refusal caused by it starts by saying so in plain words. Empty when the identity is complete.
 */
export function missingSellerIdentity({ company, vat }: Pick<SellerSnapshot, 'company' | 'vat'>): string[] {
  const missing: string[] = [];
  if (!company.siret?.trim()) missing.push('SIRET (company.siret)');
  if (vat.liableToVat && !company.vatNumber?.trim()) missing.push('VAT number (company.vatNumber)');
  const a = company.invoicingAddress;
  if (!a?.street || !a.city || !a.zipcode || !a.countryIso) missing.push('address (company.invoicingAddress)');
  return missing;
}

/** Throws a 400 listing every rule the judged document fails (rule id and message), or returns the warnings. */
export function refuseUnlessConforming(
  { errors, warnings }: ConformanceVerdict,
  what: string,
  missingIdentity: readonly string[] = [],
): Finding[] {
  if (errors.length === 0) return warnings;
  const seen = new Set<string>();
  const fields = errors
    .filter((f) => {
      const key = `${f.ruleId}|${f.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((f) => ({ field: f.ruleId, message: f.message.trim() }));
  const first = missingIdentity.length
    ? `Your company's identity is incomplete: fill in its ${listOf(missingIdentity)} in the settings (PUT /v1/settings, ` +
      'or Paramètres in the console), then finalize again. '
    : '';
  throw new ValidationError(
    fields,
    first +
      `The ${what} would not be a conforming e-invoice and was not finalized (nothing was numbered): ` +
      fields.map((f) => `${f.field}: ${f.message}`).join('; '),
  );
}

const listOf = (items: readonly string[]): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** The warnings kept on a finalized document (its `einvoicing_warnings` column): null when there are none. */
export function encodeWarnings(warnings: readonly Finding[]): string | null {
  return warnings.length ? JSON.stringify(warnings) : null;
}

export function decodeWarnings(stored: string | null | undefined): Finding[] {
  return stored ? (JSON.parse(stored) as Finding[]) : [];
}
