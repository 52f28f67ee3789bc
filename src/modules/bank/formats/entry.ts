// What every statement format is read into: entries with a signed amount (money in > 0, out < 0),
// and what the statement says of its account, checked against the bank account it is imported to.
// A statement that cannot be read is a StatementError: the import answers 400 naming `file`.
import { createHash } from 'node:crypto';
import type Big from 'big.js';
import { round2, toDecimal } from '../../../domain/money.js';
import { isIsoDate } from '../../../domain/dates.js';

export interface StatementEntry {
  date: string;
  valueDate: string | null;
  /** Signed: > 0 money in, < 0 money out; exact to the cent. */
  amount: Big;
  label: string;
  reference: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** The bank's own id of the entry (CAMT AcctSvcrRef, OFX FITID), when it gives one. */
  bankReference: string | null;
}

export interface StatementAccount {
  iban: string | null;
  /** OFX: BANKID + BRANCHID + ACCTID, found inside a French IBAN. */
  domesticNumber: string | null;
  currency: string | null;
}

export class StatementError extends Error {
  override readonly name = 'StatementError';
}

/** Most entries one import may hold (docs/bank.md). */
export const MAX_ENTRIES = 200_000;
export const MAX_LABEL = 500;

/** An amount as written by a bank, to the cent; `where` names the place for the message. */
export function parseAmount(raw: string, where: string, decimalSeparator: '.' | ',' = '.'): Big {
  let text = raw.replace(/[\s\u00a0\u202f€]/g, '');
  if (decimalSeparator === ',') text = text.replace(/\./g, '').replace(',', '.');
  else text = text.replace(/,/g, '');
  if (text.startsWith('+')) text = text.slice(1);
  if (!/^-?\d{1,13}(\.\d+)?$/.test(text)) throw new StatementError(`${where}: "${raw.slice(0, 40)}" is not an amount`);
  const value = toDecimal(text);
  if (!round2(value).eq(value)) throw new StatementError(`${where}: "${raw.slice(0, 40)}" has more than 2 decimals`);
  return value;
}

export function checkDate(value: string, where: string): string {
  if (!isIsoDate(value)) throw new StatementError(`${where}: "${String(value).slice(0, 40)}" is not a date`);
  return value;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]+/g;

export function cleanText(value: string | null | undefined, max = MAX_LABEL): string | null {
  // Control characters are never stored (the input guard's rule for request text).
  const text = value?.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
}

/**
 * The key that recognises an entry when the same statement, or an overlapping one, is imported
 * again: the bank's own id when it gives one, else a hash of what the entry says, with the rank of
 * identical entries in the file (two coffees of 3.50 the same day are two entries, on every import).
 */
export function dedupKeys(entries: StatementEntry[], seen = new Map<string, number>()): string[] {
  return entries.map((e) => {
    if (e.bankReference) return `ref:${e.bankReference}`;
    const hash = createHash('sha256')
      .update([e.date, e.valueDate ?? '', e.amount.toFixed(2), e.label, e.reference ?? ''].join('\u0001'))
      .digest('hex')
      .slice(0, 40);
    const rank = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, rank);
    return `h:${hash}#${rank}`;
  });
}

/** Windows-1252 beyond Latin-1 (0x80-0x9F); Node's TextDecoder reads this label as Latin-1. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Text of bytes in windows-1252 (every byte is a character: this never fails). */
export function decodeWindows1252(bytes: Buffer): string {
  const latin1 = bytes.toString('latin1');
  return /[\u0080-\u009f]/.test(latin1) ? latin1.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]) : latin1;
}
