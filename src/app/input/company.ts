// A company's identifiers as customers and suppliers store them: SIRET/SIREN and VAT number
// with separators stripped and checked with their keys, and the e-invoicing address derived.
import { frenchVatNumberProblem, normalizeIdentifier, siretProblem, sirenProblem, vatNumberProblem } from '../../domain/identifiers.js';
import type { FieldError } from '../../errors.js';
import { clean } from './text.js';

/** A company's identifiers as a request gives them (the wire schema CompanyInfoInput, src/http/schemas.ts). */
export interface CompanyInfoInputT {
  siret?: string | null;
  vatNumber?: string | null;
  electronicAddress?: string | null;
}

/** A company's identifiers as stored and answered (the wire schema CompanyInfo). */
export interface CompanyInfoT {
  siret: string | null;
  vatNumber: string | null;
  electronicAddress: string | null;
  effectiveElectronicAddress: string | null;
}

/** Pushes a field error for each bad identifier; the e-invoicing address defaults to the SIREN. */
export function toCompanyInfo(input: CompanyInfoInputT | null | undefined, errors: FieldError[]): CompanyInfoT {
  const siret = input?.siret ? normalizeIdentifier(input.siret) : null;
  const vat = input?.vatNumber ? normalizeIdentifier(input.vatNumber) : null;
  if (siret) {
    const problem = siret.length === 9 ? sirenProblem(siret) : siretProblem(siret);
    if (problem) errors.push({ field: 'companyInformations.siret', message: problem });
  }
  if (vat) {
    const problem = vat.startsWith('FR') ? frenchVatNumberProblem(vat) : vatNumberProblem(vat);
    if (problem) errors.push({ field: 'companyInformations.vatNumber', message: problem });
  }
  const electronicAddress = clean(input?.electronicAddress);
  return {
    siret,
    vatNumber: vat,
    electronicAddress,
    effectiveElectronicAddress: electronicAddress ?? (siret ? siret.slice(0, 9) : null),
  };
}
