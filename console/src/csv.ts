// Reading a spreadsheet saved as CSV, as French businesses have them: `;` or `,` (or tab) between
// fields, whichever the header line has most of; quoted fields holding the separator, doubled quotes
// or line breaks (split by src/domain/csv.ts, as the bank statements are); UTF-8 with or without its
// BOM. Pure functions: the import page maps the columns.
import { splitCsv } from '../../src/domain/csv';

export interface CsvTable {
  delimiter: ';' | ',' | '\t';
  header: string[];
  /** Data rows with their line number in the spreadsheet (the header is line 1). */
  rows: { line: number; cells: string[] }[];
}

function countOutsideQuotes(line: string, ch: string): number {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ch && !quoted) n++;
  }
  return n;
}

export function detectDelimiter(firstLine: string): ';' | ',' | '\t' {
  const counts = ([';', ',', '\t'] as const).map((d) => [d, countOutsideQuotes(firstLine, d)] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ';';
}

export function parseCsv(raw: string): CsvTable {
  const text = raw.replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = detectDelimiter(firstLine);
  const all = splitCsv(text, delimiter).records.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [head, ...rows] = all;
  return { delimiter, header: (head?.cells ?? []).map((h) => h.trim()), rows };
}

/** A header compared loosely: case, accents, spaces and punctuation ignored ("Code postal" = "codepostal"). */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * An amount as spreadsheets write it: "1 234,50", "1234.5", "12,00 €", "1.234,50". Null when empty,
 * NaN when it is not an amount.
 */
export function parseAmount(text: string): number | null {
  let s = text.replace(/[\s\u00a0\u202f€]/g, '');
  if (!s) return null;
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}
