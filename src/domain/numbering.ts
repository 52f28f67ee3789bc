// Document number patterns such as "F-{yyyy}-{seq:5}": validation, formatting, and the scope
// within which the sequence counts. A sequence restarts at 1 whenever the date tokens of the
// pattern produce a new value (yearly for {yyyy}, monthly for {yyyy}{mm}), and never restarts
// for a pattern without date tokens. Numbers stay gapless because the caller takes the next
// sequence value of the scope in the same transaction as the finalization.

import { assertIsoDate, dateParts, type IsoDate } from './dates.js';
import { DomainValidationError } from './errors.js';

export const DEFAULT_INVOICE_NUMBER_PATTERN = 'F-{yyyy}-{seq:5}';
export const DEFAULT_CREDIT_NUMBER_PATTERN = 'AV-{yyyy}-{seq:5}';
export const DEFAULT_QUOTE_NUMBER_PATTERN = 'D-{yyyy}-{seq:5}';

/** Longest accepted pattern, and longest number a pattern may produce (with a 6-digit sequence). */
export const MAX_PATTERN_LENGTH = 40;
export const MAX_NUMBER_LENGTH = 30;
export const MAX_SEQUENCE_WIDTH = 10;

type Token = { kind: 'text'; text: string } | { kind: 'date'; name: 'yyyy' | 'yy' | 'mm' | 'dd' } | { kind: 'seq'; width: number };

const LITERAL = /^[A-Za-z0-9\-_/.# ]$/;

/** Splits a pattern into tokens, or returns the reason it is malformed. */
function tokenize(pattern: string): Token[] | string {
  const tokens: Token[] = [];
  let text = '';
  let i = 0;
  while (i < pattern.length) {
    const char = pattern[i];
    if (char === '{') {
      const close = pattern.indexOf('}', i);
      if (close < 0) return `Unclosed "{" at position ${i + 1}.`;
      const name = pattern.slice(i + 1, close);
      const seq = /^seq(?::(\d+))?$/.exec(name);
      let token: Token;
      if (name === 'yyyy' || name === 'yy' || name === 'mm' || name === 'dd') token = { kind: 'date', name };
      else if (seq) {
        const width = seq[1] === undefined ? 0 : Number(seq[1]);
        if (seq[1] !== undefined && (width < 1 || width > MAX_SEQUENCE_WIDTH)) {
          return `The sequence width must be between 1 and ${MAX_SEQUENCE_WIDTH}, got {${name}}.`;
        }
        token = { kind: 'seq', width };
      } else return `Unknown token {${name}}; known tokens are {yyyy}, {yy}, {mm}, {dd}, {seq} and {seq:N}.`;
      if (text) tokens.push({ kind: 'text', text });
      text = '';
      tokens.push(token);
      i = close + 1;
      continue;
    }
    if (char === '}') return `Unexpected "}" at position ${i + 1}.`;
    if (!LITERAL.test(char)) {
      return `Character "${char}" is not allowed; use letters, digits, spaces and - _ / . #.`;
    }
    text += char;
    i += 1;
  }
  if (text) tokens.push({ kind: 'text', text });
  return tokens;
}

/** null when the pattern is usable, otherwise an English message saying what is wrong. */
export function validateNumberPattern(pattern: string): string | null {
  if (typeof pattern !== 'string' || pattern.trim() === '') return 'The number pattern is empty.';
  if (pattern !== pattern.trim()) return 'The number pattern must not start or end with a space.';
  if (pattern.length > MAX_PATTERN_LENGTH) return `The number pattern is longer than ${MAX_PATTERN_LENGTH} characters.`;
  const tokens = tokenize(pattern);
  if (typeof tokens === 'string') return tokens;
  const seqCount = tokens.filter((t) => t.kind === 'seq').length;
  if (seqCount !== 1) return `The number pattern must contain exactly one {seq} token, found ${seqCount}.`;
  const dates = new Set(tokens.flatMap((t) => (t.kind === 'date' ? [t.name] : [])));
  const hasYear = dates.has('yyyy') || dates.has('yy');
  if (dates.has('mm') && !hasYear) return 'A pattern with {mm} must also contain {yyyy} or {yy}.';
  if (dates.has('dd') && !(dates.has('mm') && hasYear)) return 'A pattern with {dd} must also contain {mm} and {yyyy} or {yy}.';
  const sample = formatTokens(tokens, '2000-12-31', 999_999, false);
  if (sample.length > MAX_NUMBER_LENGTH) return `Numbers produced by the pattern would be longer than ${MAX_NUMBER_LENGTH} characters.`;
  return null;
}

/** Valid patterns already tokenized: an account uses one or two, on every finalization. */
const validTokens = new Map<string, Token[]>();

function tokensOf(pattern: string): Token[] {
  let tokens = validTokens.get(pattern);
  if (tokens) return tokens;
  const error = validateNumberPattern(pattern);
  if (error !== null) throw new DomainValidationError('numberPattern', error);
  tokens = tokenize(pattern) as Token[];
  if (validTokens.size >= 1_000) validTokens.clear();
  validTokens.set(pattern, tokens);
  return tokens;
}

function formatTokens(tokens: Token[], date: IsoDate, seq: number | null, keepSeq: boolean): string {
  const { year, month, day } = dateParts(date);
  return tokens
    .map((t) => {
      if (t.kind === 'text') return t.text;
      if (t.kind === 'seq') return keepSeq || seq === null ? '{seq}' : String(seq).padStart(t.width, '0');
      if (t.name === 'yyyy') return String(year).padStart(4, '0');
      if (t.name === 'yy') return String(year % 100).padStart(2, '0');
      if (t.name === 'mm') return String(month).padStart(2, '0');
      return String(day).padStart(2, '0');
    })
    .join('');
}

/** The document number for sequence value `seq` (>= 1) at `date`; the sequence is never truncated. */
export function formatDocumentNumber(pattern: string, date: IsoDate, seq: number): string {
  const tokens = tokensOf(pattern);
  assertIsoDate(date, 'date');
  if (!Number.isSafeInteger(seq) || seq < 1) throw new DomainValidationError('seq', 'The sequence number must be an integer >= 1.');
  return formatTokens(tokens, date, seq, false);
}

/**
 * The key within which the sequence counts: the pattern with its date tokens expanded and the
 * sequence token written "{seq}" whatever its width ("F-{yyyy}-{seq:5}" at 2025-03-14 ->
 * "F-2025-{seq}"), so changing only the width continues the same sequence.
 */
export function sequenceScope(pattern: string, date: IsoDate): string {
  const tokens = tokensOf(pattern);
  assertIsoDate(date, 'date');
  return formatTokens(tokens, date, null, true);
}
