// CSV statements, as each bank lays them out: the request gives the column mapping (by header
// name, case- and accent-insensitive, or by 1-based position), the date format, the decimal
// separator, the delimiter, the encoding and how many lines precede the header (docs/bank.md).
import { splitCsv, type CsvRecord } from '../../../domain/csv.js';
import { normalizeForSearch } from '../../../domain/text.js';
import type Big from 'big.js';
import { checkDate, cleanText, decodeWindows1252, MAX_ENTRIES, parseAmount, StatementError, type StatementEntry } from './entry.js';

export const DATE_FORMATS = ['DD/MM/YYYY', 'DD/MM/YY', 'YYYY-MM-DD', 'DD-MM-YYYY', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const ENCODINGS = ['utf-8', 'windows-1252', 'iso-8859-1'] as const;
export type Encoding = (typeof ENCODINGS)[number];

export interface CsvMapping {
  dateColumn: string;
  labelColumn: string;
  amountColumn?: string;
  debitColumn?: string;
  creditColumn?: string;
  valueDateColumn?: string;
  referenceColumn?: string;
  dateFormat?: DateFormat;
  decimalSeparator?: ',' | '.';
  delimiter?: ';' | ',' | 'tab';
  encoding?: Encoding;
  skipLines?: number;
}

export function decodeCsv(bytes: Buffer, encoding: Encoding = 'utf-8'): string {
  if (encoding !== 'utf-8') return decodeWindows1252(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new StatementError('the CSV file is not valid UTF-8: give its encoding (encoding=windows-1252 for most French banks’ exports)');
  }
}

/** RFC 4180 records (src/domain/csv.ts); a quoted field still open at the end is an error. */
function rows(text: string, delimiter: string): CsvRecord[] {
  const { records, unclosedQuoteLine } = splitCsv(text, delimiter);
  if (unclosedQuoteLine !== null) throw new StatementError(`line ${unclosedQuoteLine}: a quoted field is not closed`);
  return records;
}

function parseDate(raw: string, format: DateFormat, where: string): string {
  const v = raw.trim();
  let iso: string | null = null;
  if (format === 'YYYY-MM-DD') iso = /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
  else if (format === 'DD/MM/YY') {
    const m = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(v);
    iso = m ? `20${m[3]}-${m[2]}-${m[1]}` : null;
  } else {
    const sep = format[2] === '/' ? '\\/' : format[2] === '-' ? '-' : '\\.';
    const m = new RegExp(`^(\\d{2})${sep}(\\d{2})${sep}(\\d{4})$`).exec(v);
    iso = m ? `${m[3]}-${m[2]}-${m[1]}` : null;
  }
  if (!iso) throw new StatementError(`${where}: "${v.slice(0, 30)}" is not a date in the format ${format}`);
  return checkDate(iso, where);
}

export function readCsv(text: string, mapping: CsvMapping): StatementEntry[] {
  const body = text.replace(/^\uFEFF/, '');
  const skip = mapping.skipLines ?? 0;
  const firstLines = body.split(/\r?\n/, skip + 1);
  const headerLine = firstLines[skip] ?? '';
  const delimiter =
    mapping.delimiter === 'tab' ? '\t' : (mapping.delimiter ?? (headerLine.split(';').length >= headerLine.split(',').length ? ';' : ','));
  const decimal = mapping.decimalSeparator ?? ',';
  const format = mapping.dateFormat ?? 'DD/MM/YYYY';

  let header: string[] | null = null;
  const index = (column: string | undefined, name: string): number | null => {
    if (column === undefined) return null;
    if (/^\d+$/.test(column)) {
      const i = Number(column) - 1;
      if (i < 0 || i >= header!.length)
        throw new StatementError(`${name}: column ${column} is beyond the ${header!.length} columns of the header`);
      return i;
    }
    const wanted = normalizeForSearch(column).trim();
    const i = header!.findIndex((h) => normalizeForSearch(h).trim() === wanted);
    if (i < 0)
      throw new StatementError(
        `${name}: no column "${column}" in the header (${header!
          .map((h) => h.trim())
          .join(', ')
          .slice(0, 300)})`,
      );
    return i;
  };
  let cols: Record<'date' | 'label' | 'amount' | 'debit' | 'credit' | 'valueDate' | 'reference', number | null> | null = null;
  const entries: StatementEntry[] = [];
  let n = 0;
  for (const { cells, line } of rows(body, delimiter)) {
    n++;
    if (n <= skip) continue;
    if (!header) {
      header = cells;
      cols = {
        date: index(mapping.dateColumn, 'dateColumn'),
        label: index(mapping.labelColumn, 'labelColumn'),
        amount: index(mapping.amountColumn, 'amountColumn'),
        debit: index(mapping.debitColumn, 'debitColumn'),
        credit: index(mapping.creditColumn, 'creditColumn'),
        valueDate: index(mapping.valueDateColumn, 'valueDateColumn'),
        reference: index(mapping.referenceColumn, 'referenceColumn'),
      };
      continue;
    }
    const c = cols!;
    const get = (i: number | null) => (i === null ? '' : (cells[i] ?? '').trim());
    const where = `line ${line}`;
    const amountText = get(c.amount);
    const debitText = get(c.debit);
    const creditText = get(c.credit);
    // Blank lines and the totals some banks add under the table carry no date.
    if (!get(c.date) || (!amountText && !debitText && !creditText)) continue;
    let amount: Big;
    if (c.amount !== null) amount = parseAmount(amountText, where, decimal);
    else {
      if (debitText && creditText) throw new StatementError(`${where}: both a debit and a credit`);
      if (creditText) {
        amount = parseAmount(creditText, where, decimal);
        if (amount.lt(0))
          throw new StatementError(`${where}: the credit ${creditText.slice(0, 30)} is negative; a credit column holds money in`);
      } else amount = parseAmount(debitText, where, decimal).abs().times(-1);
    }
    if (entries.length >= MAX_ENTRIES) throw new StatementError(`more than ${MAX_ENTRIES} lines in one file: split the statement`);
    entries.push({
      date: parseDate(get(c.date), format, where),
      valueDate: c.valueDate !== null && get(c.valueDate) ? parseDate(get(c.valueDate), format, where) : null,
      amount,
      label: cleanText(get(c.label)) ?? '(sans libellé)',
      reference: cleanText(get(c.reference), 200),
      counterpartyName: null,
      counterpartyIban: null,
      bankReference: null,
    });
  }
  if (!header) throw new StatementError('the CSV file has no header line');
  return entries;
}
