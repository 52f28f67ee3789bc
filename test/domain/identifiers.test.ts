import { describe, expect, it } from 'vitest';
import {
  frenchVatKey,
  frenchVatNumberOf,
  identifierProblem,
  isValidBic,
  isValidFrenchVatNumber,
  isValidIban,
  isValidSiren,
  isValidSiret,
  isValidVatNumberFormat,
  luhnChecksumIsValid,
  normalizeIdentifier,
  sirenOfSiret,
} from '../../src/domain/identifiers.js';

describe('normalizeIdentifier', () => {
  it('strips spaces, dots, dashes and non-breaking spaces and upper-cases', () => {
    expect(normalizeIdentifier(' 732 829.320-00074 ')).toBe('73282932000074');
    expect(normalizeIdentifier('fr\u00a040 303 265 045')).toBe('FR40303265045');
  });
});

describe('SIREN', () => {
  it('accepts real SIRENs that pass Luhn (Google France, TotalEnergies, Danone, La Poste)', () => {
    for (const siren of ['732829320', '542051180', '552032534', '356000000', '303265045']) {
      expect(isValidSiren(siren)).toBe(true);
    }
  });
  it('accepts a SIREN typed with spaces', () => {
    expect(isValidSiren('542 051 180')).toBe(true);
  });
  it('rejects a wrong check digit, a wrong length and letters', () => {
    expect(isValidSiren('542051181')).toBe(false);
    expect(isValidSiren('54205118')).toBe(false);
    expect(isValidSiren('5420511800')).toBe(false);
    expect(isValidSiren('54205118A')).toBe(false);
    expect(isValidSiren('')).toBe(false);
  });
  it('explains why a SIREN is refused', () => {
    expect(identifierProblem('siren', '1234')).toBe('siren must be 9 digits');
    expect(identifierProblem('siren', '542051181')).toBe('siren fails the Luhn check');
    expect(identifierProblem('siren', '542051180')).toBeNull();
  });
});

describe('Luhn', () => {
  it('computes the mod 10 checksum', () => {
    expect(luhnChecksumIsValid('79927398713')).toBe(true);
    expect(luhnChecksumIsValid('79927398710')).toBe(false);
    expect(luhnChecksumIsValid('12a')).toBe(false);
  });
});

describe('SIRET', () => {
  it('accepts SIRETs that pass Luhn', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('732 829 320 00074')).toBe(true);
  });
  it('rejects a SIRET failing Luhn or of the wrong length', () => {
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(identifierProblem('siret', '123')).toBe('siret must be 14 digits');
    expect(identifierProblem('siret', '73282932000075')).toBe('siret fails the Luhn check');
  });
  it('accepts the La Poste head office, which keeps the Luhn key', () => {
    expect(isValidSiret('35600000000048')).toBe(true);
  });
  it('checks other La Poste establishments on the digit sum (multiple of 5), not Luhn', () => {
    expect(isValidSiret('35600000000001')).toBe(true); // digit sum 15, fails Luhn
    expect(luhnChecksumIsValid('35600000000001')).toBe(false);
    expect(isValidSiret('35600000000014')).toBe(false); // digit sum 19
    expect(identifierProblem('siret', '35600000000014')).toMatch(/La Poste/);
  });
  it('gives the SIREN of a SIRET', () => {
    expect(sirenOfSiret('732 829 320 00074')).toBe('732829320');
    expect(sirenOfSiret('7328293200007')).toBeNull();
  });
});

describe('French VAT number', () => {
  it('computes the key (12 + 3 × (SIREN mod 97)) mod 97 on two digits', () => {
    expect(frenchVatKey('303265045')).toBe('40');
    expect(frenchVatKey('542051180')).toBe('59');
    expect(frenchVatNumberOf('552032534')).toBe('FR27552032534');
    expect(() => frenchVatKey('12')).toThrow(RangeError);
  });
  it('pads a key below 10 with a zero', () => {
    // 000000001 is not Luhn-valid but the key is defined for any 9 digits: (12 + 3) mod 97 = 15.
    expect(frenchVatKey('000000001')).toBe('15');
    // Find a SIREN whose key is a single digit and check the padding.
    expect(frenchVatKey('000000063')).toBe('07');
  });
  it('accepts FR40303265045 and numbers typed with spaces', () => {
    expect(isValidFrenchVatNumber('FR40303265045')).toBe(true);
    expect(isValidFrenchVatNumber('fr 40 303 265 045')).toBe(true);
  });
  it('rejects a key that does not match the SIREN', () => {
    expect(isValidFrenchVatNumber('FR41303265045')).toBe(false);
    expect(identifierProblem('vatNumber', 'FR41303265045')).toBe('vatNumber key does not match the SIREN');
  });
  it('rejects a SIREN failing Luhn and a malformed number', () => {
    expect(isValidFrenchVatNumber('FR40303265046')).toBe(false);
    expect(isValidFrenchVatNumber('FR4030326504')).toBe(false);
    expect(isValidFrenchVatNumber('DE123456789')).toBe(false);
  });
  it('accepts alphanumeric keys on format only, without I or O', () => {
    expect(isValidFrenchVatNumber('FRA1303265045')).toBe(true);
    expect(isValidFrenchVatNumber('FRI1303265045')).toBe(false);
    expect(isValidFrenchVatNumber('FRO1303265045')).toBe(false);
  });
});

describe('EU VAT number formats', () => {
  it('accepts well-formed numbers of other member states', () => {
    for (const vat of [
      'ATU12345678',
      'BE0123456789',
      'DE123456789',
      'EL123456789',
      'ESA1234567B',
      'ES12345678Z',
      'IE1234567T',
      'IE1234567FA',
      'IT12345678901',
      'NL123456789B01',
      'PL1234567890',
      'SE123456789001',
      'LU12345678',
      'PT123456789',
      'RO1234567',
      'CY12345678L',
      'XI123456789',
    ]) {
      expect(isValidVatNumberFormat(vat), vat).toBe(true);
    }
  });
  it('rejects malformed numbers and non-EU prefixes', () => {
    expect(isValidVatNumberFormat('DE12345678')).toBe(false);
    expect(isValidVatNumberFormat('BE2123456789')).toBe(false);
    expect(isValidVatNumberFormat('NL123456789A01')).toBe(false);
    expect(isValidVatNumberFormat('US123456789')).toBe(false);
    expect(isValidVatNumberFormat('GR123456789')).toBe(false);
    expect(identifierProblem('vatNumber', 'GR123456789')).toBe('vatNumber of Greece must use the EL prefix');
    expect(identifierProblem('vatNumber', 'DE12345678')).toBe('vatNumber does not match the DE format');
  });
  it('applies the French key check to FR numbers', () => {
    expect(isValidVatNumberFormat('FR40303265045')).toBe(true);
    expect(isValidVatNumberFormat('FR41303265045')).toBe(false);
  });
});

describe('IBAN', () => {
  it('accepts valid IBANs (mod 97 = 1)', () => {
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('BE68539007547034')).toBe(true);
  });
  it('rejects a wrong check, a wrong length for the country and garbage', () => {
    expect(isValidIban('FR7630006000011234567890188')).toBe(false);
    expect(identifierProblem('iban', 'FR7630006000011234567890188')).toBe('iban fails the mod 97 check');
    expect(identifierProblem('iban', 'FR76300060000112345678901')).toBe('iban of FR must be 27 characters');
    expect(isValidIban('not an iban')).toBe(false);
  });
});

describe('BIC', () => {
  it('accepts 8- and 11-character BICs', () => {
    expect(isValidBic('BNPAFRPP')).toBe(true);
    expect(isValidBic('BNPAFRPPXXX')).toBe(true);
    expect(isValidBic('psstfrpppar')).toBe(true);
  });
  it('rejects other lengths and digits in the bank or country code', () => {
    expect(isValidBic('BNPAFRP')).toBe(false);
    expect(isValidBic('BNPAFRPPXX')).toBe(false);
    expect(isValidBic('BNP1FRPP')).toBe(false);
    expect(isValidBic('BNPA1RPP')).toBe(false);
    expect(identifierProblem('bic', 'X')).toMatch(/^bic must be 8 or 11 characters/);
  });
});
