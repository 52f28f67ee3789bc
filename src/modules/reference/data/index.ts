// Static reference data (VAT rates, units, classifications, bank providers,
// homecare activities) and the pure filters the reference routes answer with.
import { matchesSearch } from '../../../domain/text.js';
import { countryName } from '../../../domain/countries.js';
import { BANK_PROVIDERS, toBankProvider } from './bankProviders.js';
import { CLASSIFICATIONS } from './classifications.js';
import type { BankProvider, Classification, ClassificationType, Vat, VatRegion } from './types.js';
import { VATS } from './vats.js';

export * from './types.js';
export { VATS, vatById, defaultVatOf } from './vats.js';
export { UNITS, unitById, unitByCode } from './units.js';
export { CLASSIFICATIONS, classificationById } from './classifications.js';
export { BANK_PROVIDERS, toBankProvider } from './bankProviders.js';
export {
  HOMECARE_SERVICE_TSA_GROUPS,
  HOMECARE_SERVICE_ACTIVITIES,
  HOMECARE_GROUP_FAMILY,
  HOMECARE_GROUP_DAILY_LIFE,
  HOMECARE_GROUP_DEPENDENT,
} from './homecare.js';

/**
 * Bank providers matching a full-text query, case- and accent-insensitive, over
 * the name, the BIC, the country codes and the French country names. Every word
 * of the query must prefix a word of the provider. An empty or missing query
 * returns them all. Results are wire records (no BIC field).
 */
export function filterBankProviders(query?: string | null): BankProvider[] {
  const q = query ?? '';
  return BANK_PROVIDERS.filter((entry) =>
    matchesSearch(q, [
      entry.name,
      entry.bic,
      ...entry.countryCodes,
      ...entry.countryCodes.map((code) => countryName(code)),
    ]),
  ).map(toBankProvider);
}

/** Classifications of a type, or all of them when no type is given. */
export function classificationsByType(type?: ClassificationType | null): Classification[] {
  return CLASSIFICATIONS.filter((c) => !type || c.type === type);
}

/** VAT rates of a region, or all of them when no region is given. */
export function vatsByRegion(region?: VatRegion | null): Vat[] {
  return VATS.filter((v) => !region || v.region === region);
}
