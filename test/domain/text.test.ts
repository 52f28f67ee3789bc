import { describe, expect, it } from 'vitest';
import { isValidEmail, matchesSearch, normalizeForSearch, searchTokens } from '../../src/domain/text.js';

describe('normalizeForSearch', () => {
  it('lower-cases and strips diacritics', () => {
    expect(normalizeForSearch('Société')).toBe('societe');
    expect(normalizeForSearch('Crédit Agricole Île-de-France')).toBe('credit agricole ile-de-france');
    expect(normalizeForSearch('ÇA GÈRE Ñ')).toBe('ca gere n');
  });
  it('collapses and trims whitespace', () => {
    expect(normalizeForSearch('  Caisse \t d\u00a0Épargne\n ')).toBe('caisse d epargne');
  });
  it('expands ligatures', () => {
    expect(normalizeForSearch('Œuvre Cæsar Straße')).toBe('oeuvre caesar strasse');
  });
});

describe('searchTokens', () => {
  it('splits on punctuation and removes duplicates', () => {
    expect(searchTokens("Caisse d'Épargne, caisse!")).toEqual(['caisse', 'd', 'epargne']);
    expect(searchTokens('   ')).toEqual([]);
  });
});

describe('matchesSearch', () => {
  it('needs every query word to prefix a word of the texts', () => {
    expect(matchesSearch('soc gen', ['Société Générale'])).toBe(true);
    expect(matchesSearch('GENERALE', ['Société Générale'])).toBe(true);
    expect(matchesSearch('soc poste', ['Société Générale'])).toBe(false);
    expect(matchesSearch('', ['anything'])).toBe(true);
  });
});

describe('isValidEmail', () => {
  it('accepts usual addresses', () => {
    for (const email of [
      'a@b.fr',
      'jean.dupont@example.com',
      'facture+2024@sous.domaine.co.uk',
      "o'brien@example.ie",
      'x@xn--bcher-kva.example',
    ]) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });
  it('rejects malformed addresses', () => {
    for (const email of [
      '',
      'plainaddress',
      '@example.com',
      'a@',
      'a@b',
      'a..b@example.com',
      '.a@example.com',
      'a@-example.com',
      'a@example.c0m',
      'a b@example.com',
      'a@exa_mple.com',
    ]) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });
  it('enforces 254 characters overall and 64 for the local part', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.fr`;
    expect(isValidEmail(`x@${domain}`)).toBe(true);
    expect(isValidEmail(`${'x'.repeat(64)}@${'d'.repeat(50)}.fr`)).toBe(true);
    expect(isValidEmail(`${'x'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`${'x'.repeat(60)}@${domain}`)).toBe(false);
  });
});
