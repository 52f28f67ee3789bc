import { describe, expect, it } from 'vitest';
import {
  COUNTRY_NAMES_FR,
  EU_MEMBER_STATES,
  countryName,
  euVatPrefix,
  frenchTerritoryIso,
  isCorsica,
  isEuMember,
  isValidCountryIso,
  isVatDom,
  vatRegionOfAddress,
} from '../../src/domain/countries.js';

describe('country codes', () => {
  it('lists the 249 assigned ISO 3166-1 alpha-2 codes in upper case', () => {
    const codes = Object.keys(COUNTRY_NAMES_FR);
    expect(codes).toHaveLength(249);
    expect(codes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
  });
  it('gives French names', () => {
    expect(countryName('FR')).toBe('France');
    expect(countryName('DE')).toBe('Allemagne');
    expect(countryName('BE')).toBe('Belgique');
    expect(countryName('GB')).toBe('Royaume-Uni');
    expect(countryName('US')).toBe('États-Unis');
    expect(countryName('CI')).toBe("Côte d'Ivoire");
  });
  it('is case-insensitive on input', () => {
    expect(isValidCountryIso('fr')).toBe(true);
    expect(isValidCountryIso(' De ')).toBe(true);
    expect(countryName('be')).toBe('Belgique');
  });
  it('rejects unknown, reserved and malformed codes', () => {
    expect(isValidCountryIso('XX')).toBe(false);
    expect(isValidCountryIso('UK')).toBe(false);
    expect(isValidCountryIso('EL')).toBe(false);
    expect(isValidCountryIso('FRA')).toBe(false);
    expect(isValidCountryIso('')).toBe(false);
    expect(countryName('ZZ')).toBeNull();
  });
});

describe('European Union', () => {
  it('has 27 members, all valid ISO codes', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(new Set(EU_MEMBER_STATES).size).toBe(27);
    expect(EU_MEMBER_STATES.every(isValidCountryIso)).toBe(true);
  });
  it('knows who is in and who is out', () => {
    expect(isEuMember('fr')).toBe(true);
    expect(isEuMember('HR')).toBe(true);
    expect(isEuMember('GB')).toBe(false);
    expect(isEuMember('CH')).toBe(false);
    expect(isEuMember('MC')).toBe(false);
  });
  it('uses EL as the VAT prefix of Greece', () => {
    expect(euVatPrefix('GR')).toBe('EL');
    expect(euVatPrefix('de')).toBe('DE');
    expect(euVatPrefix('CH')).toBeNull();
  });
});

describe('French VAT territories', () => {
  it('maps a French DOM postcode to the DOM code', () => {
    expect(frenchTerritoryIso('FR', '97110')).toBe('GP');
    expect(frenchTerritoryIso('FR', '974 00')).toBe('RE');
    expect(frenchTerritoryIso('FR', '75001')).toBe('FR');
    expect(frenchTerritoryIso('DE', '97110')).toBe('DE');
  });
  it('detects the DOM where VAT applies, and not Guyane or Mayotte', () => {
    expect(isVatDom('MQ')).toBe(true);
    expect(isVatDom('FR', '97200')).toBe(true);
    expect(isVatDom('GF')).toBe(false);
    expect(isVatDom('FR', '97600')).toBe(false);
  });
  it('detects Corsica by postcode', () => {
    expect(isCorsica('FR', '20000')).toBe(true);
    expect(isCorsica('FR', '20200')).toBe(true);
    expect(isCorsica('FR', '21000')).toBe(false);
  });
  it('derives the VAT region of an address', () => {
    expect(vatRegionOfAddress('FR', '75001')).toBe('FR');
    expect(vatRegionOfAddress('FR', '20090')).toBe('Corse');
    expect(vatRegionOfAddress('RE')).toBe('DOM');
    expect(vatRegionOfAddress('MC', '98000')).toBe('Monaco');
    expect(vatRegionOfAddress('de')).toBe('EU');
    expect(vatRegionOfAddress('CH')).toBe('IE');
    expect(vatRegionOfAddress('GF')).toBe('IE');
    expect(vatRegionOfAddress('XX')).toBeNull();
  });
});
