// Conforming by construction: the e-invoice of a document about to be numbered (finalization, and
// the credit note of a cancellation) is written and judged by the built-in check first; a document
// that fails is refused, and nothing is numbered. What is held against which document
// (docs/einvoicing.md, "Finalization gate"):
// - every document: the EN 16931 rules (findings of severity Error that are not BR-FR rules);
// - a domestic B2B document (a business buyer identified by a SIREN in a French CTC territory):
//   the French rules (BR-FR) too, whatever their severity in the built-in check;
// - B2C and foreign-buyer documents: BR-FR findings are warnings only.
import { checkCii, type Finding } from '../../einvoicing/check.js';
import { isFrenchCtcTerritory } from '../../domain/countries.js';
import { buildCii } from '../../rendering/cii.js';
import type { IssuedDocument } from '../../rendering/model.js';
import { ValidationError } from '../../errors.js';

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

export const isFrenchRule = (ruleId: string): boolean => ruleId.startsWith('BR-FR');

/** Sorts the findings of the built-in check on the document's own XML into errors and warnings. */
export function judgeConformance(doc: IssuedDocument): ConformanceVerdict {
  const domestic = isDomesticB2B(doc);
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  for (const finding of checkCii(buildCii(doc))) {
    const refuses = isFrenchRule(finding.ruleId) ? domestic : finding.severity === 'Error';
    (refuses ? errors : warnings).push(finding);
  }
  return { errors, warnings, domesticB2B: domestic };
}

/** Throws a 400 listing every rule the judged document fails (rule id and message), or returns the warnings. */
export function refuseUnlessConforming({ errors, warnings }: ConformanceVerdict, what: string): Finding[] {
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
  throw new ValidationError(
    fields,
    `The ${what} would not be a conforming e-invoice and was not finalized (nothing was numbered): ` +
      fields.map((f) => `${f.field}: ${f.message}`).join('; '),
  );
}
