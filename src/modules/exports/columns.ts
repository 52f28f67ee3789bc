// What an export is made of, whatever its format: sheets of typed columns and rows of cells. A cell
// holds text, a date ('YYYY-MM-DD') or an exact decimal as text ('1234.50'); writers decide how
// each type is written (an Excel number with a format, a decimal comma, a JSON number…), so that no
// amount ever goes through a binary float on its way to text.

/** How a column's cells are typed and written. */
export type ColumnType =
  | 'text'
  /** 'YYYY-MM-DD'. */
  | 'date'
  /** Exact decimal with 2 decimals: money. */
  | 'amount'
  /** Exact decimal with up to 4 decimals: unit prices. */
  | 'price'
  /** Exact decimal: quantities. */
  | 'quantity'
  /** A percentage as a number (20 for 20 %). */
  | 'rate'
  /** A whole number: counts, line numbers. */
  | 'integer';

export interface Column {
  /** Name of the field in Json output (camelCase). */
  key: string;
  /** Heading in spreadsheets and Markdown. */
  header: string;
  type: ColumnType;
  /** Width in characters in Excel (defaults per type). */
  width?: number;
}

export type Cell = string | number | null;
export type Row = Cell[];

/** What one sheet of an export is: its columns, then its rows in batches (read with a cursor). */
export interface Sheet {
  name: SheetName;
  /** Worksheet title (Excel) and section title (CSV, Markdown). */
  title: string;
  columns: readonly Column[];
  rows: () => AsyncIterable<Row[]>;
}

export const SHEET_NAMES = ['Summary', 'Detail', 'Analysis'] as const;
export type SheetName = (typeof SHEET_NAMES)[number];

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text as a spreadsheet must show it: a value that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return would be read as a formula (CSV injection), so it gets a leading apostrophe and
 * is shown as text. Only text cells pass here: typed numbers are never altered.
 */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export const DEFAULT_WIDTH: Record<ColumnType, number> = {
  text: 24,
  date: 12,
  amount: 14,
  price: 14,
  quantity: 10,
  rate: 8,
  integer: 8,
};

/** Whether a column holds a number (right-aligned, never neutralised). */
export function isNumeric(type: ColumnType): boolean {
  return type !== 'text' && type !== 'date';
}
