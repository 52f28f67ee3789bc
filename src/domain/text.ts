// Text helpers shared by search, validation and documents: accent- and case-insensitive
// normalisation for full-text filters, a pragmatic e-mail check, and rich text made plain.

/** Lower-case, strip diacritics (NFD), turn ligatures into letters, collapse whitespace: `Société  Générale` → `societe generale`. */
export function normalizeForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Normalised words of a text, split on anything that is not a letter or a digit, without duplicates. */
export function searchTokens(value: string): string[] {
  const tokens = normalizeForSearch(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length > 0);
  return [...new Set(tokens)];
}

/** True when every token of the query is a prefix of a token of one of the texts (AND of the query tokens). */
export function matchesSearch(query: string, texts: readonly (string | null | undefined)[]): boolean {
  const queryTokens = searchTokens(query);
  if (queryTokens.length === 0) return true;
  const haystack = texts.flatMap((text) => (text ? searchTokens(text) : []));
  return queryTokens.every((q) => haystack.some((token) => token.startsWith(q)));
}

export const EMAIL_MAX_LENGTH = 254;

// Dot-atom local part (RFC 5322 subset, no quoted strings or comments) and a
// domain of LDH labels with a top-level label of at least two letters.
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export function isValidEmail(value: string): boolean {
  if (value.length === 0 || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !EMAIL_LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return /^[A-Za-z]{2,}$/.test(labels[labels.length - 1]) || /^xn--[A-Za-z0-9-]+$/.test(labels[labels.length - 1]);
}

/** HTML a rich-text editor may have left in a description, reduced to plain text ('' when none). */
export function plainText(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
