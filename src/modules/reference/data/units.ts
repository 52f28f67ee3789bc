// Units of measure offered on product and invoice lines. `code` is the UN/ECE
// Recommendation 20 code that Factur-X needs for each line (BT-130), `conversion`
// the factor to the base unit of the type: hour (Time), kilogram (Weight),
// square metre (Area), cubic metre (Volume), metre (Dimension); 1 for Other.
// Ids are stable: never renumber.
import type { Unit, UnitType } from './types.js';

function unit(id: number, name: string, code: string, type: UnitType, conversion: number, decimals = 2): Unit {
  return { code, conversion, decimals, id, name, type };
}

// Calendar durations; a working day or month is a business rule, not a unit.
const HOURS_PER_YEAR = 365 * 24;

export const UNITS: readonly Unit[] = [
  unit(1, 'Unité', 'C62', 'Other', 1),
  unit(2, 'Pièce', 'H87', 'Other', 1, 0),
  unit(3, 'Forfait', 'LS', 'Other', 1),
  unit(4, 'Lot', 'LO', 'Other', 1),
  unit(5, 'Paire', 'PR', 'Other', 1, 0),
  unit(6, 'Page', 'ZP', 'Other', 1),
  unit(7, 'Mot', 'D68', 'Other', 1, 0),
  unit(8, 'Kilowattheure', 'KWH', 'Other', 1, 3),

  unit(20, 'Minute', 'MIN', 'Time', 1 / 60),
  unit(21, 'Heure', 'HUR', 'Time', 1),
  unit(22, 'Jour', 'DAY', 'Time', 24),
  unit(23, 'Semaine', 'WEE', 'Time', 7 * 24),
  unit(24, 'Mois', 'MON', 'Time', HOURS_PER_YEAR / 12),
  unit(25, 'Année', 'ANN', 'Time', HOURS_PER_YEAR),

  unit(40, 'Gramme', 'GRM', 'Weight', 0.001),
  unit(41, 'Kilogramme', 'KGM', 'Weight', 1, 3),
  unit(42, 'Tonne', 'TNE', 'Weight', 1000, 3),

  unit(60, 'Millimètre', 'MMT', 'Dimension', 0.001),
  unit(61, 'Centimètre', 'CMT', 'Dimension', 0.01),
  unit(62, 'Mètre', 'MTR', 'Dimension', 1),
  unit(63, 'Kilomètre', 'KMT', 'Dimension', 1000),

  unit(80, 'Mètre carré', 'MTK', 'Area', 1),
  unit(81, 'Hectare', 'HAR', 'Area', 10_000, 4),

  unit(100, 'Litre', 'LTR', 'Volume', 0.001),
  unit(101, 'Mètre cube', 'MTQ', 'Volume', 1, 3),
];

export function unitById(id: number): Unit | undefined {
  return UNITS.find((u) => u.id === id);
}

/**
 * Short codes the Altoviz clients send (the WooCommerce plugin sends `U` on every product) and the
 * French abbreviations people type, mapped to UN/ECE codes (docs/reference-data.md).
 */
export const UNIT_ALIASES: Readonly<Record<string, string>> = {
  U: 'C62', UN: 'C62', UNITE: 'C62', 'UNITÉ': 'C62', PCE: 'H87', P: 'H87', FORFAIT: 'LS', FFT: 'LS',
  H: 'HUR', HEURE: 'HUR', J: 'DAY', JOUR: 'DAY', MOIS: 'MON', AN: 'ANN',
  G: 'GRM', KG: 'KGM', T: 'TNE', MM: 'MMT', CM: 'CMT', M: 'MTR', KM: 'KMT', M2: 'MTK', 'M²': 'MTK', HA: 'HAR',
  L: 'LTR', M3: 'MTQ', 'M³': 'MTQ', KWH: 'KWH',
};

export function unitByCode(code: string): Unit | undefined {
  const wanted = code.trim().toUpperCase();
  const canonical = UNIT_ALIASES[wanted] ?? wanted;
  return UNITS.find((u) => u.code === canonical);
}
