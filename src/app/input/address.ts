// Addresses as stored and returned: the derived fields (countryName, formattedAddress,
// inlineAddress) are computed here and never taken from input.
import { countryName, isValidCountryIso } from '../../domain/countries.js';
import { ValidationError, type FieldError } from '../../errors.js';
import { clean } from './text.js';

/** An address as a request gives it (the wire schema AddressInput, src/http/schemas.ts). */
export interface AddressInputT {
  street?: string | null;
  zipcode?: string | null;
  city?: string | null;
  countryIso?: string | null;
}

/** An address as stored and answered (the wire schema AddressFields). */
export interface AddressFieldsT {
  street: string | null;
  zipcode: string | null;
  city: string | null;
  countryIso: string | null;
  countryName: string | null;
  formattedAddress: string | null;
  inlineAddress: string | null;
}

export function checkAddress(input: AddressInputT | null | undefined, field: string, errors: FieldError[]): void {
  const iso = clean(input?.countryIso);
  if (iso && !isValidCountryIso(iso)) {
    errors.push({ field: `${field}.countryIso`, message: `"${iso}" is not an ISO 3166-1 alpha-2 country code` });
  }
}

export function toAddress(input: AddressInputT | null | undefined): AddressFieldsT | null {
  if (!input) return null;
  const street = clean(input.street);
  const zipcode = clean(input.zipcode);
  const city = clean(input.city);
  const iso = clean(input.countryIso)?.toUpperCase() ?? null;
  if (!street && !zipcode && !city && !iso) return null;
  const country = iso ? countryName(iso) : null;
  const cityLine = [zipcode, city].filter(Boolean).join(' ') || null;
  const lines = [street, cityLine, iso && iso !== 'FR' ? country : null].filter((l): l is string => Boolean(l));
  return {
    street,
    zipcode,
    city,
    countryIso: iso,
    countryName: country,
    formattedAddress: lines.length ? lines.join('\n') : null,
    inlineAddress: [street?.replace(/\s*\n\s*/g, ', '), cityLine, country].filter(Boolean).join(', ') || null,
  };
}

/** Throws one ValidationError carrying every collected field error. */
export function throwIfAny(errors: FieldError[]): void {
  if (errors.length) throw new ValidationError(errors);
}
