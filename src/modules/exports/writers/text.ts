// The text formats: EuropeanCsv, AmericanCsv, Tsv, Json and Markdown. Rows are turned into text a
// batch at a time and written with backpressure (a slow client pauses the reading of rows).
import type { Writable } from 'node:stream';
import { isNumeric, neutralise, type Cell, type Column, type Row, type Sheet } from '../columns.js';
import type { ExportFormat } from '../formats.js';
import { writeChunk, type ExportWriter } from './output.js';

type TextFormat = Exclude<ExportFormat, 'Excel'>;

const BOM = '\uFEFF';

/** RFC 4180: a field with the separator, a quote or a line break is quoted, its quotes doubled. */
function csvText(text: string, separator: string): string {
  return text.includes(separator) || text.includes('"') || text.includes('\n') || text.includes('\r')
    ? `"${text.replace(/"/g, '""')}"`
    : text;
}

/** 'YYYY-MM-DD' as French Excel reads a date. */
const frenchDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * How a delimited format writes the cells of a column: a function per column, chosen once per
 * sheet (a million-row export calls it 18 million times). `null` (and a missing cell) is empty.
 */
type CellWriter = (column: Column) => (value: Cell | undefined) => string;

function csvCells(european: boolean): CellWriter {
  const separator = european ? ';' : ',';
  // What makes a text need more than itself: a formula-like start, or a character to quote.
  const special = european ? /^[=+\-@\t\r]|[;"\r\n]/ : /^[=+\-@\t\r]|[,"\r\n]/;
  return (column) => {
    if (column.type === 'date') return european ? (v) => (v == null ? '' : frenchDate(String(v))) : (v) => (v == null ? '' : String(v));
    if (isNumeric(column.type))
      return european ? (v) => (v == null ? '' : String(v).replace('.', ',')) : (v) => (v == null ? '' : String(v));
    return (v) => {
      if (v == null) return '';
      const text = String(v);
      return special.test(text) ? csvText(neutralise(text), separator) : text;
    };
  };
}

const tsvCells: CellWriter = (column) => {
  if (column.type !== 'text') return (v) => (v == null ? '' : String(v));
  // A TSV field cannot hold a tab or a line break: they become spaces.
  return (v) => (v == null ? '' : neutralise(String(v)).replace(/[\t\r\n]+/g, ' '));
};

const markdownCell = (value: Cell, column: Column): string => {
  if (value === null) return '';
  const text = String(value);
  if (column.type !== 'text') return text;
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n|\r/g, '<br>');
};

/** A delimited format (CSV, TSV): one table per sheet; several sheets are sections after a title line. */
class DelimitedWriter implements ExportWriter {
  private cells: ((value: Cell | undefined) => string)[] = [];
  private sheetIndex = 0;
  private readonly text: (value: Cell | undefined) => string;
  constructor(
    private readonly out: Writable,
    private readonly separator: string,
    private readonly cellWriter: CellWriter,
    private readonly bom: boolean,
    private readonly sheetCount: number,
  ) {
    this.text = cellWriter({ key: '', header: '', type: 'text' });
  }
  async startSheet(sheet: Sheet): Promise<void> {
    this.cells = sheet.columns.map(this.cellWriter);
    let head = this.sheetIndex === 0 && this.bom ? BOM : '';
    if (this.sheetIndex > 0) head += '\r\n';
    if (this.sheetCount > 1) head += `${this.text(sheet.title)}\r\n`;
    head += `${sheet.columns.map((c) => this.text(c.header)).join(this.separator)}\r\n`;
    this.sheetIndex++;
    await writeChunk(this.out, head);
  }
  async rows(rows: Row[]): Promise<void> {
    const cells = this.cells;
    const separator = this.separator;
    let chunk = '';
    for (const row of rows) {
      let line = cells[0](row[0]);
      for (let i = 1; i < cells.length; i++) line += separator + cells[i](row[i]);
      chunk += `${line}\r\n`;
    }
    await writeChunk(this.out, chunk);
  }
  async endSheet(): Promise<void> {}
  async end(): Promise<void> {
    this.out.end();
  }
}

function jsonValue(value: Cell, column: Column): string {
  if (value === null) return 'null';
  // Decimals are written as they are held (exact text), never through a binary float.
  if (isNumeric(column.type)) return String(value);
  return JSON.stringify(String(value));
}

/** Json: an array of objects for one sheet; an object of such arrays, by sheet name, for several. */
class JsonWriter implements ExportWriter {
  private columns: readonly Column[] = [];
  private keys: string[] = [];
  private sheetIndex = 0;
  private rowCount = 0;
  constructor(
    private readonly out: Writable,
    private readonly sheetCount: number,
  ) {}
  async startSheet(sheet: Sheet): Promise<void> {
    this.columns = sheet.columns;
    this.keys = sheet.columns.map((c) => `${JSON.stringify(c.key)}:`);
    this.rowCount = 0;
    let head = '';
    if (this.sheetCount > 1) head = `${this.sheetIndex === 0 ? '{' : ','}${JSON.stringify(sheet.name)}:`;
    this.sheetIndex++;
    await writeChunk(this.out, `${head}[`);
  }
  async rows(rows: Row[]): Promise<void> {
    let chunk = '';
    for (const row of rows) {
      let object = this.rowCount++ ? ',\n{' : '\n{';
      for (let i = 0; i < this.columns.length; i++) object += `${i ? ',' : ''}${this.keys[i]}${jsonValue(row[i] ?? null, this.columns[i])}`;
      chunk += `${object}}`;
    }
    await writeChunk(this.out, chunk);
  }
  async endSheet(): Promise<void> {
    await writeChunk(this.out, this.rowCount ? '\n]' : ']');
  }
  async end(): Promise<void> {
    await writeChunk(this.out, this.sheetCount > 1 ? '}\n' : '\n');
    this.out.end();
  }
}

/** Markdown: a second-level title and a pipe table per sheet, numbers right-aligned. */
class MarkdownWriter implements ExportWriter {
  private columns: readonly Column[] = [];
  private sheetIndex = 0;
  constructor(private readonly out: Writable) {}
  async startSheet(sheet: Sheet): Promise<void> {
    this.columns = sheet.columns;
    const text = (s: string) => markdownCell(s, { key: '', header: '', type: 'text' });
    const head =
      `${this.sheetIndex++ ? '\n' : ''}## ${text(sheet.title)}\n\n` +
      `| ${sheet.columns.map((c) => text(c.header)).join(' | ')} |\n` +
      `|${sheet.columns.map((c) => (isNumeric(c.type) ? ' ---: ' : ' --- ')).join('|')}|\n`;
    await writeChunk(this.out, head);
  }
  async rows(rows: Row[]): Promise<void> {
    let chunk = '';
    for (const row of rows) chunk += `| ${this.columns.map((c, i) => markdownCell(row[i] ?? null, c)).join(' | ')} |\n`;
    await writeChunk(this.out, chunk);
  }
  async endSheet(): Promise<void> {}
  async end(): Promise<void> {
    this.out.end();
  }
}

export function textWriter(format: TextFormat, out: Writable, sheetCount: number): ExportWriter {
  switch (format) {
    case 'EuropeanCsv':
      return new DelimitedWriter(out, ';', csvCells(true), true, sheetCount);
    case 'AmericanCsv':
      return new DelimitedWriter(out, ',', csvCells(false), false, sheetCount);
    case 'Tsv':
      return new DelimitedWriter(out, '\t', tsvCells, false, sheetCount);
    case 'Json':
      return new JsonWriter(out, sheetCount);
    case 'Markdown':
      return new MarkdownWriter(out);
  }
}
