// VAT rates per VatRegion. Ids are stable: clients store them on products and
// lines, so never renumber; add new rates with new ids.
import type { Vat, VatRegion } from './types.js';

function vat(id: number, region: VatRegion, rate: number, label: string, isDefault = false): Vat {
  return { default: isDefault, id, label, rate, region };
}

export const VATS: readonly Vat[] = [
  // Mainland France (CGI art. 278 to 281 nonies).
  vat(1, 'FR', 20, '20 %', true),
  vat(2, 'FR', 10, '10 %'),
  vat(3, 'FR', 5.5, '5,5 %'),
  vat(4, 'FR', 2.1, '2,1 %'),
  vat(5, 'FR', 0, '0 % (exonéré)'),

  // Intra-EU supplies to a VAT-registered customer: exempt / reverse charge (CGI art. 262 ter, 283-2).
  vat(10, 'EU', 0, '0 % (intracommunautaire)', true),

  // Outside the EU: exports (CGI art. 262 I) and services taxable abroad (art. 259).
  vat(20, 'IE', 0, '0 % (export)', true),

  // Guadeloupe, Martinique, La Réunion (CGI art. 296 and 296 bis).
  vat(30, 'DOM', 8.5, '8,5 %', true),
  vat(31, 'DOM', 2.1, '2,1 %'),
  vat(32, 'DOM', 1.75, '1,75 %'),
  vat(33, 'DOM', 1.05, '1,05 %'),
  vat(34, 'DOM', 0, '0 % (exonéré)'),

  // Corsica (CGI art. 297): 20 % and 5.5 % still apply to what art. 297 does not list.
  vat(40, 'Corse', 20, '20 %', true),
  vat(41, 'Corse', 13, '13 %'),
  vat(42, 'Corse', 10, '10 %'),
  vat(43, 'Corse', 5.5, '5,5 %'),
  vat(44, 'Corse', 2.1, '2,1 %'),
  vat(45, 'Corse', 0.9, '0,9 %'),
  vat(46, 'Corse', 0, '0 % (exonéré)'),

  // Monaco is part of the French VAT territory: same rates as mainland France.
  vat(50, 'Monaco', 20, '20 %', true),
  vat(51, 'Monaco', 10, '10 %'),
  vat(52, 'Monaco', 5.5, '5,5 %'),
  vat(53, 'Monaco', 2.1, '2,1 %'),
  vat(54, 'Monaco', 0, '0 % (exonéré)'),
];

/** Looks a VAT up by id. */
export function vatById(id: number): Vat | undefined {
  return VATS.find((v) => v.id === id);
}

/** The default VAT of a region (exactly one per region). */
export function defaultVatOf(region: VatRegion): Vat {
  const found = VATS.find((v) => v.region === region && v.default);
  if (!found) throw new Error(`no default VAT for region ${region}`);
  return found;
}
