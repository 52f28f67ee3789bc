// French presentation of the snapshot's decimal strings and ISO dates for the PDF.
// Works on strings through big.js (never binary floats), so what is printed is what the JSON says.
import Big from 'big.js';

/** U+202F: thousands separator used by French typography (present in the embedded DejaVu font). */
export const NNBSP = '\u202F';
/** U+00A0: keeps "€" and "%" on the same line as their number. */
export const NBSP = '\u00A0';

function groupThousands(intPart: string): string {
  let out = '';
  for (let i = 0; i < intPart.length; i++) {
    if (i > 0 && (intPart.length - i) % 3 === 0) out += NNBSP;
    out += intPart[i];
  }
  return out;
}

function toBig(value: string | null | undefined): Big | null {
  if (value == null || value.trim() === '') return null;
  try {
    return new Big(value.trim());
  } catch {
    return null;
  }
}

/** Formats a decimal with at least `minDecimals` and at most `maxDecimals` decimals, French style. */
export function formatDecimal(value: string | null | undefined, minDecimals: number, maxDecimals: number): string {
  const n = toBig(value);
  if (n === null) return value ?? '';
  let fixed = n.toFixed(maxDecimals, Big.roundHalfUp);
  const negative = fixed.startsWith('-');
  if (negative) fixed = fixed.slice(1);
  const [intPart, fracPart = ''] = fixed.split('.');
  let frac = fracPart;
  while (frac.length > minDecimals && frac.endsWith('0')) frac = frac.slice(0, -1);
  const isZero = /^0*$/.test(intPart) && /^0*$/.test(frac);
  const body = groupThousands(intPart) + (frac ? ',' + frac : '');
  return (negative && !isZero ? '-' : '') + body;
}

/** "1234.5" -> "1 234,50 €" */
export function formatAmount(value: string | null | undefined): string {
  if (value == null || value === '') return '';
  return formatDecimal(value, 2, 2) + NBSP + '€';
}

/** Negated amount, for allowances and prepaid amounts shown as deductions. */
export function formatNegativeAmount(value: string): string {
  const n = toBig(value);
  if (n === null) return value;
  return formatAmount(n.times(-1).toFixed(2, Big.roundHalfUp));
}

/** Unit prices keep up to 4 decimals: "12.3450" -> "12,345 €". */
export function formatUnitPrice(value: string | null | undefined): string {
  if (value == null || value === '') return '';
  return formatDecimal(value, 2, 4) + NBSP + '€';
}

/** "2.5000" -> "2,5"; "1000" -> "1 000". */
export function formatQuantity(value: string | null | undefined): string {
  if (value == null || value === '') return '';
  return formatDecimal(value, 0, 4);
}

/** "5.5" -> "5,5 %". */
export function formatRate(value: string | null | undefined): string {
  if (value == null || value === '') return '';
  return formatDecimal(value, 0, 2) + NBSP + '%';
}

/** "2026-11-22" -> "22/11/2026"; anything else is printed as is. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** "FR7630006000011234567890189" -> "FR76 3000 6000 0112 3456 7890 189". */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** "12345678900012" -> "123 456 789 00012"; other lengths unchanged. */
export function formatSiret(siret: string): string {
  const s = siret.replace(/\s+/g, '');
  if (/^\d{14}$/.test(s)) return `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6, 9)} ${s.slice(9)}`;
  if (/^\d{9}$/.test(s)) return `${s.slice(0, 3)} ${s.slice(3, 6)} ${s.slice(6, 9)}`;
  return siret;
}

const PAYMENT_MEANS: Record<string, string> = {
  '1': 'Non défini',
  '10': 'Espèces',
  '20': 'Chèque',
  '30': 'Virement bancaire',
  '31': 'Virement bancaire',
  '42': 'Virement bancaire',
  '48': 'Carte bancaire',
  '49': 'Prélèvement',
  '57': 'Ordre permanent',
  '58': 'Virement SEPA',
  '59': 'Prélèvement SEPA',
  '97': 'Compensation',
  ZZZ: 'Autre',
};

/** UNTDID 4461 code -> French label. */
export function paymentMeansLabel(code: string): string {
  return PAYMENT_MEANS[code] ?? `Code ${code}`;
}

const COUNTRY_NAMES: Record<string, string> = {
  FR: 'France',
  BE: 'Belgique',
  CH: 'Suisse',
  LU: 'Luxembourg',
  DE: 'Allemagne',
  ES: 'Espagne',
  IT: 'Italie',
  GB: 'Royaume-Uni',
  NL: 'Pays-Bas',
  PT: 'Portugal',
  MC: 'Monaco',
  US: 'États-Unis',
};

/** Country name for foreign addresses; French addresses omit the country, as is customary. */
export function countryLabel(iso: string, omitFrance: boolean): string | null {
  const code = iso.toUpperCase();
  if (code === 'FR' && omitFrance) return null;
  return COUNTRY_NAMES[code] ?? code;
}
