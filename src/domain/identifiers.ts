// Pure validators for the business identifiers that appear on French invoices:
// SIREN, SIRET, VAT numbers (French key check, EU formats), IBAN and BIC.
// Every `isValid*` returns a boolean; the `*Problem` functions return an English
// reason for a 400 message (or null when the value is valid).

/** Removes the separators people type in identifiers: spaces (incl. NBSP), dots, dashes. */
export function normalizeIdentifier(value: string): string {
  return value.replace(/[\s.\-\u00a0\u202f]/g, '').toUpperCase();
}

/** Luhn (mod 10) checksum over a string of digits. */
export function luhnChecksumIsValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** La Poste's SIREN: its establishments' SIRETs use a digit-sum rule instead of Luhn. */
export const LA_POSTE_SIREN = '356000000';
/** La Poste's head office, the one La Poste SIRET that keeps the Luhn key. */
export const LA_POSTE_HEAD_OFFICE_SIRET = '35600000000048';

export function sirenProblem(value: string): string | null {
  const siren = normalizeIdentifier(value);
  if (!/^\d{9}$/.test(siren)) return 'siren must be 9 digits';
  if (!luhnChecksumIsValid(siren)) return 'siren fails the Luhn check';
  return null;
}

export function isValidSiren(value: string): boolean {
  return sirenProblem(value) === null;
}

export function siretProblem(value: string): string | null {
  const siret = normalizeIdentifier(value);
  if (!/^\d{14}$/.test(siret)) return 'siret must be 14 digits';
  if (siret.startsWith(LA_POSTE_SIREN) && siret !== LA_POSTE_HEAD_OFFICE_SIRET) {
    const digitSum = Array.from(siret).reduce((sum, c) => sum + Number(c), 0);
    return digitSum % 5 === 0 ? null : 'siret fails the La Poste check (digit sum must be a multiple of 5)';
  }
  if (!luhnChecksumIsValid(siret)) return 'siret fails the Luhn check';
  return null;
}

export function isValidSiret(value: string): boolean {
  return siretProblem(value) === null;
}

/** The SIREN (first 9 digits) of a SIRET, or null when the value is not 14 digits. */
export function sirenOfSiret(siret: string): string | null {
  const normalized = normalizeIdentifier(siret);
  return /^\d{14}$/.test(normalized) ? normalized.slice(0, 9) : null;
}

/** The numeric key of a French VAT number: (12 + 3 × (SIREN mod 97)) mod 97, on 2 digits. */
export function frenchVatKey(siren: string): string {
  const normalized = normalizeIdentifier(siren);
  if (!/^\d{9}$/.test(normalized)) throw new RangeError('siren must be 9 digits');
  const key = (12 + 3 * (Number(normalized) % 97)) % 97;
  return String(key).padStart(2, '0');
}

/** Builds FR + key + SIREN from a SIREN. */
export function frenchVatNumberOf(siren: string): string {
  const normalized = normalizeIdentifier(siren);
  return `FR${frenchVatKey(normalized)}${normalized}`;
}

// The old-style alphanumeric keys use digits and letters except I and O.
const FRENCH_VAT_PATTERN = /^FR([0-9A-HJ-NP-Z]{2})(\d{9})$/;

export function frenchVatNumberProblem(value: string): string | null {
  const vat = normalizeIdentifier(value);
  if (!vat.startsWith('FR')) return 'vatNumber must start with FR';
  const match = FRENCH_VAT_PATTERN.exec(vat);
  if (!match) return 'vatNumber must be FR, a 2-character key and a 9-digit SIREN';
  const [, key, siren] = match;
  if (!luhnChecksumIsValid(siren)) return 'vatNumber contains a SIREN that fails the Luhn check';
  // Numeric keys are computed from the SIREN; the rare alphanumeric keys are
  // accepted on format only, since their algorithm is not public.
  if (/^\d{2}$/.test(key) && key !== frenchVatKey(siren)) return 'vatNumber key does not match the SIREN';
  return null;
}

export function isValidFrenchVatNumber(value: string): boolean {
  return frenchVatNumberProblem(value) === null;
}

/**
 * VAT number formats of the EU member states (VIES prefixes: Greece is EL) and
 * Northern Ireland (XI). Format only: no national check digit is verified
 * except for France.
 */
export const EU_VAT_NUMBER_PATTERNS: Readonly<Record<string, RegExp>> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: FRENCH_VAT_PATTERN,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO[1-9]\d{1,9}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

export function vatNumberProblem(value: string): string | null {
  const vat = normalizeIdentifier(value);
  const prefix = vat.slice(0, 2);
  if (prefix === 'FR') return frenchVatNumberProblem(vat);
  if (prefix === 'GR') return 'vatNumber of Greece must use the EL prefix';
  const pattern = EU_VAT_NUMBER_PATTERNS[prefix];
  if (!pattern) return 'vatNumber must start with the VAT prefix of an EU member state';
  if (!pattern.test(vat)) return `vatNumber does not match the ${prefix} format`;
  return null;
}

/** Any EU (or XI) VAT number: format per country, plus the key check for France. */
export function isValidVatNumberFormat(value: string): boolean {
  return vatNumberProblem(value) === null;
}

// Total IBAN length per country (SWIFT IBAN registry) for the countries most
// invoices deal with; other countries are checked on the generic shape and mod 97.
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

function mod97(numeric: string): number {
  let remainder = 0;
  for (let i = 0; i < numeric.length; i += 7) {
    remainder = Number(String(remainder) + numeric.slice(i, i + 7)) % 97;
  }
  return remainder;
}

export function ibanProblem(value: string): string | null {
  const iban = normalizeIdentifier(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return 'iban must be a country code, 2 check digits and up to 30 letters or digits';
  const expectedLength = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expectedLength !== undefined && iban.length !== expectedLength) {
    return `iban of ${iban.slice(0, 2)} must be ${expectedLength} characters`;
  }
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const numeric = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  if (mod97(numeric) !== 1) return 'iban fails the mod 97 check';
  return null;
}

export function isValidIban(value: string): boolean {
  return ibanProblem(value) === null;
}

export function bicProblem(value: string): string | null {
  const bic = normalizeIdentifier(value);
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) {
    return 'bic must be 8 or 11 characters: bank code, country code, location and optional branch';
  }
  return null;
}

export function isValidBic(value: string): boolean {
  return bicProblem(value) === null;
}

export type IdentifierKind = 'siren' | 'siret' | 'vatNumber' | 'iban' | 'bic';

/** The reason a value is not a valid identifier of that kind, or null when it is valid. */
export function identifierProblem(kind: IdentifierKind, value: string): string | null {
  switch (kind) {
    case 'siren':
      return sirenProblem(value);
    case 'siret':
      return siretProblem(value);
    case 'vatNumber':
      return vatNumberProblem(value);
    case 'iban':
      return ibanProblem(value);
    case 'bic':
      return bicProblem(value);
  }
}
