import { describe, expect, it } from 'vitest';
import { isValidBic } from '../../../src/domain/identifiers.js';
import { isValidCountryIso } from '../../../src/domain/countries.js';
import {
  BANK_PROVIDERS,
  CLASSIFICATIONS,
  CLASSIFICATION_TYPES,
  HOMECARE_SERVICE_ACTIVITIES,
  HOMECARE_SERVICE_TSA_GROUPS,
  MICRO_BUSINESS_DECLARATION_TYPES,
  UNITS,
  UNIT_TYPES,
  VATS,
  VAT_REGIONS,
  classificationsByType,
  defaultVatOf,
  filterBankProviders,
  unitByCode,
  vatsByRegion,
} from '../../../src/modules/reference/data/index.js';

function duplicates<T>(values: readonly T[]): T[] {
  return values.filter((v, i) => values.indexOf(v) !== i);
}

describe('VAT rates', () => {
  it('have unique integer ids', () => {
    expect(duplicates(VATS.map((v) => v.id))).toEqual([]);
    expect(VATS.every((v) => Number.isInteger(v.id) && v.id > 0)).toBe(true);
  });
  it('have exactly one default per region, and every region has rates', () => {
    for (const region of VAT_REGIONS) {
      expect(
        VATS.filter((v) => v.region === region && v.default),
        region,
      ).toHaveLength(1);
    }
  });
  it('never repeat a rate within a region', () => {
    for (const region of VAT_REGIONS) {
      expect(duplicates(vatsByRegion(region).map((v) => v.rate)), region).toEqual([]);
    }
  });
  it('carry the French mainland, DOM and Corsica rates', () => {
    expect(vatsByRegion('FR').map((v) => v.rate)).toEqual([20, 10, 5.5, 2.1, 0]);
    expect(vatsByRegion('DOM').map((v) => v.rate)).toEqual([8.5, 2.1, 1.75, 1.05, 0]);
    expect(vatsByRegion('Corse').map((v) => v.rate)).toEqual([20, 13, 10, 5.5, 2.1, 0.9, 0]);
    expect(vatsByRegion('Monaco').map((v) => v.rate)).toEqual(vatsByRegion('FR').map((v) => v.rate));
    expect(defaultVatOf('FR').rate).toBe(20);
    expect(defaultVatOf('DOM').rate).toBe(8.5);
    expect(defaultVatOf('EU').rate).toBe(0);
    expect(defaultVatOf('IE').rate).toBe(0);
  });
  it('returns every rate when no region is given', () => {
    expect(vatsByRegion()).toHaveLength(VATS.length);
  });
});

describe('units', () => {
  it('have unique ids, names and UN/ECE codes of a known type', () => {
    expect(duplicates(UNITS.map((u) => u.id))).toEqual([]);
    expect(duplicates(UNITS.map((u) => u.code))).toEqual([]);
    expect(duplicates(UNITS.map((u) => u.name))).toEqual([]);
    expect(UNITS.every((u) => (UNIT_TYPES as readonly string[]).includes(u.type))).toBe(true);
    expect(UNITS.every((u) => /^[A-Z0-9]{2,3}$/.test(u.code) && u.conversion > 0 && u.decimals >= 0)).toBe(true);
  });
  it('use the Recommendation 20 codes invoices need', () => {
    const codes: Record<string, string> = {
      Unité: 'C62',
      Heure: 'HUR',
      Jour: 'DAY',
      Semaine: 'WEE',
      Mois: 'MON',
      Année: 'ANN',
      Kilogramme: 'KGM',
      Gramme: 'GRM',
      Tonne: 'TNE',
      Mètre: 'MTR',
      'Mètre carré': 'MTK',
      'Mètre cube': 'MTQ',
      Kilomètre: 'KMT',
      Litre: 'LTR',
    };
    for (const [name, code] of Object.entries(codes)) {
      expect(UNITS.find((u) => u.name === name)?.code, name).toBe(code);
    }
    expect(unitByCode('hur')?.name).toBe('Heure');
  });
  it('have exactly one base unit (conversion 1) per measured type', () => {
    for (const type of UNIT_TYPES.filter((t) => t !== 'Other')) {
      expect(
        UNITS.filter((u) => u.type === type && u.conversion === 1),
        type,
      ).toHaveLength(1);
    }
  });
});

describe('classifications', () => {
  it('have unique ids and unique account numbers', () => {
    expect(duplicates(CLASSIFICATIONS.map((c) => c.id))).toEqual([]);
    expect(duplicates(CLASSIFICATIONS.map((c) => c.accountNumber))).toEqual([]);
  });
  it('are non-empty for every type and filter by type', () => {
    for (const type of CLASSIFICATION_TYPES) {
      const ofType = classificationsByType(type);
      expect(ofType.length, type).toBeGreaterThan(0);
      expect(ofType.every((c) => c.type === type)).toBe(true);
    }
    expect(classificationsByType()).toHaveLength(CLASSIFICATIONS.length);
  });
  it('follow the PCG classes: 7 for sales, 6 for expenses', () => {
    expect(classificationsByType('Sale').every((c) => c.accountNumber.startsWith('7'))).toBe(true);
    expect(classificationsByType('Expense').every((c) => c.accountNumber.startsWith('6'))).toBe(true);
    expect(classificationsByType('Sale').map((c) => c.accountNumber)).toEqual(expect.arrayContaining(['706', '707', '708', '701', '7085']));
  });
  it('mark every sale as product or service, and nothing else', () => {
    for (const c of CLASSIFICATIONS) {
      if (c.type === 'Sale') expect(c.isProduct !== c.isService, c.accountNumber).toBe(true);
      else expect(c.isProduct || c.isService, c.accountNumber).toBe(false);
    }
  });
  it('reference existing VAT rates and micro-business declaration types', () => {
    for (const c of CLASSIFICATIONS) {
      if (c.defaultVat) expect(VATS).toContainEqual(c.defaultVat);
      if (c.microBusinessDeclarationType) expect(MICRO_BUSINESS_DECLARATION_TYPES).toContain(c.microBusinessDeclarationType);
    }
  });
});

describe('bank providers', () => {
  it('have unique ids and names, valid BICs and ISO country codes', () => {
    expect(duplicates(BANK_PROVIDERS.map((b) => b.id))).toEqual([]);
    expect(duplicates(BANK_PROVIDERS.map((b) => b.name))).toEqual([]);
    for (const b of BANK_PROVIDERS) {
      if (b.bic !== null) expect(isValidBic(b.bic), b.name).toBe(true);
      expect(b.countryCodes.length, b.name).toBeGreaterThan(0);
      expect(b.countryCodes.every(isValidCountryIso), b.name).toBe(true);
    }
  });
  it('returns wire records without the BIC', () => {
    const [first] = filterBankProviders();
    expect(Object.keys(first).sort()).toEqual(['countryCodes', 'id', 'logoUri', 'markets', 'name']);
    expect(filterBankProviders()).toHaveLength(BANK_PROVIDERS.length);
    expect(filterBankProviders('  ')).toHaveLength(BANK_PROVIDERS.length);
  });
  it('searches the name without case or accents', () => {
    expect(filterBankProviders('societe generale').map((b) => b.id)).toEqual(['societe-generale']);
    expect(filterBankProviders('CAISSE EPARGNE').map((b) => b.id)).toEqual(['caisse-d-epargne']);
    expect(filterBankProviders('crédit agri').length).toBeGreaterThan(1);
  });
  it('searches the BIC and the country, by code or French name', () => {
    expect(filterBankProviders('qntofrp1').map((b) => b.id)).toEqual(['qonto']);
    expect(filterBankProviders('belgique').map((b) => b.id)).toEqual(expect.arrayContaining(['kbc', 'belfius']));
    expect(filterBankProviders('NL').map((b) => b.id)).toEqual(expect.arrayContaining(['rabobank', 'abn-amro']));
    expect(filterBankProviders('pays-bas rabo').map((b) => b.id)).toEqual(['rabobank']);
  });
  it('returns nothing for an unknown bank', () => {
    expect(filterBankProviders('zzzz bank')).toEqual([]);
  });
});

describe('homecare services', () => {
  it('list the 26 activities of article D7231-1: 5 under agrément, 21 under declaration', () => {
    expect(HOMECARE_SERVICE_ACTIVITIES).toHaveLength(26);
    expect(HOMECARE_SERVICE_ACTIVITIES.filter((a) => a.regime === 'Agrement')).toHaveLength(5);
    expect(HOMECARE_SERVICE_ACTIVITIES.filter((a) => a.regime === 'Declaration')).toHaveLength(21);
  });
  it('have unique ids, codes and labels', () => {
    expect(duplicates(HOMECARE_SERVICE_ACTIVITIES.map((a) => a.id))).toEqual([]);
    expect(duplicates(HOMECARE_SERVICE_ACTIVITIES.map((a) => a.code))).toEqual([]);
    expect(duplicates(HOMECARE_SERVICE_ACTIVITIES.map((a) => a.label))).toEqual([]);
    expect(duplicates(HOMECARE_SERVICE_TSA_GROUPS.map((g) => g.id))).toEqual([]);
    expect(duplicates(HOMECARE_SERVICE_TSA_GROUPS.map((g) => g.code))).toEqual([]);
  });
  it('reference existing groups, and every group has activities', () => {
    const groupIds = HOMECARE_SERVICE_TSA_GROUPS.map((g) => g.id);
    expect(HOMECARE_SERVICE_ACTIVITIES.every((a) => groupIds.includes(a.tsaGroupId))).toBe(true);
    for (const id of groupIds) {
      expect(HOMECARE_SERVICE_ACTIVITIES.some((a) => a.tsaGroupId === id)).toBe(true);
    }
  });
  it('number the activities as the article does', () => {
    expect(HOMECARE_SERVICE_ACTIVITIES.find((a) => a.code === 'II-01')?.label).toBe('Entretien de la maison et travaux ménagers');
    expect(HOMECARE_SERVICE_ACTIVITIES.find((a) => a.code === 'I-1')?.regime).toBe('Agrement');
  });
});
