// French formats first: amounts "1 234,50 €", dates "24/11/2026"; English when chosen.
import { lang } from './i18n';

export function money(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return new Intl.NumberFormat(lang() === 'fr' ? 'fr-FR' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(value);
}

export function decimal(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return new Intl.NumberFormat(lang() === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 4 }).format(value);
}

export function date(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value.length === 10 ? `${value}T12:00:00` : value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(
    lang() === 'fr' ? 'fr-FR' : 'en-GB',
    value.length === 10 ? { dateStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' },
  ).format(d);
}

/** A number typed the French way ("1 234,5") or the English way ("1234.5"); null when empty, NaN when not a number. */
export function parseNumber(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!cleaned) return null;
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** A number shown in an input the way the user types it in their language. */
export function inputNumber(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return lang() === 'fr' ? String(value).replace('.', ',') : String(value);
}
