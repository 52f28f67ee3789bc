// Excel: a real .xlsx written by exceljs's streaming WorkbookWriter, one worksheet per sheet, each
// row committed as soon as it is added (so it leaves memory), inline strings (no shared-strings
// table growing with the file). Cells are typed: dates as dates, amounts as numbers with a
// 2-decimal format, text as text (neutralised against formula injection); the header row is bold
// and frozen, column widths are set.
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { DEFAULT_WIDTH, isNumeric, neutralise, type Cell, type Column, type ColumnType, type Row, type Sheet } from '../columns.js';
import { drained, drainedAll, needsDrain, yieldToLoop, type ExportWriter } from './output.js';

const NUMBER_FORMAT: Record<ColumnType, string | undefined> = {
  text: undefined,
  date: 'dd/mm/yyyy',
  amount: '#,##0.00',
  price: '#,##0.00##',
  quantity: '#,##0.###',
  rate: '0.##',
  integer: '0',
};

/** The style of every data row (none): one object, so that exceljs looks its id up once. */
const ROW_STYLE: Partial<ExcelJS.Style> = {};

function excelValue(value: Cell, type: ColumnType): ExcelJS.CellValue {
  if (value === null) return null;
  if (type === 'text') return neutralise(String(value));
  if (type === 'date') return new Date(`${String(value)}T00:00:00Z`);
  return typeof value === 'number' ? value : Number(value);
}

/** Worksheet names: at most 31 characters, none of []:*?/\ (Excel's rules). */
function worksheetName(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
}

export class XlsxWriter implements ExportWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private worksheet: ExcelJS.Worksheet | null = null;
  private types: ColumnType[] = [];
  /** One style object per column, shared by all its cells. */
  private styles: Partial<ExcelJS.Style>[] = [];
  /** exceljs is loaded by the first Excel export, not when the server starts (bench/results/ledgers.md). */
  static async create(out: Writable): Promise<XlsxWriter> {
    const excel = (await import('exceljs')).default;
    return new XlsxWriter(out, excel);
  }

  private constructor(
    private readonly out: Writable,
    excel: typeof ExcelJS,
  ) {
    this.workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    this.workbook.creator = 'Facturier';
  }
  async startSheet(sheet: Sheet): Promise<void> {
    const ws = this.workbook.addWorksheet(worksheetName(sheet.title), { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c: Column) => ({
      header: c.header,
      key: c.key,
      width: c.width ?? DEFAULT_WIDTH[c.type],
      style: NUMBER_FORMAT[c.type] ? { numFmt: NUMBER_FORMAT[c.type] } : {},
    }));
    const header = ws.getRow(1);
    header.font = { bold: true };
    sheet.columns.forEach((c, i) => {
      if (isNumeric(c.type)) header.getCell(i + 1).alignment = { horizontal: 'right' };
    });
    header.commit();
    this.worksheet = ws;
    this.types = sheet.columns.map((c) => c.type);
    this.styles = sheet.columns.map((c) => (NUMBER_FORMAT[c.type] ? { numFmt: NUMBER_FORMAT[c.type] } : {}));
  }
  async rows(rows: Row[]): Promise<void> {
    const ws = this.worksheet!;
    const types = this.types;
    const styles = this.styles;
    for (let k = 0; k < rows.length; k++) {
      const row = rows[k];
      const added = ws.addRow(types.map((t, i) => excelValue(row[i] ?? null, t)));
      // Each new row and cell gets a style object of its own, which exceljs renders to XML to find
      // its style id: that was a third of an Excel export's time. One object per column (and one
      // for the rows) is found by identity: exceljs keeps the ids of style objects in a WeakMap.
      (added as unknown as { style: Partial<ExcelJS.Style> }).style = ROW_STYLE;
      added.eachCell({ includeEmpty: true }, (cell, column) => {
        cell.style = styles[column - 1];
      });
      added.commit();
      // Every 64 KB of XML, exceljs hands the worksheet's bytes to the zip's entry stream without
      // looking at what write() answers: wait until the zip (archiver, deflating on the thread
      // pool) has taken them, and until a slow reader has taken the zip's output.
      if (k % 100 === 99) await this.backpressure(ws);
    }
    await this.backpressure(ws);
  }
  /** Waits on the zip entry stream of the worksheet, then on the output. */
  private async backpressure(ws: ExcelJS.Worksheet): Promise<void> {
    const entry = (ws as unknown as { _stream?: { pipes?: Writable[] } })._stream;
    if (entry?.pipes?.some(needsDrain)) await drainedAll(entry.pipes);
    else await yieldToLoop();
    await drained(this.out);
  }
  async endSheet(): Promise<void> {
    (this.worksheet as unknown as { commit(): void }).commit();
    this.worksheet = null;
  }
  async end(): Promise<void> {
    await this.workbook.commit();
  }
}
