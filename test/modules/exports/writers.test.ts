// The formats, on made-up sheets: bytes of the CSV variants, TSV, Json and Markdown; the .xlsx read
// back with exceljs (typed cells, number formats, frozen header, widths); formula neutralisation.
import { createRequire } from 'node:module';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { allocate, centsText, toCents } from '../../../src/domain/cents.js';
import { neutralise, type Column, type Row, type Sheet } from '../../../src/modules/exports/columns.js';
import { chosenSheets, EXPORT_FORMATS, type ExportFormat } from '../../../src/modules/exports/formats.js';
import { writeExport } from '../../../src/modules/exports/write.js';
import { needsDrain } from '../../../src/modules/exports/writers/output.js';

// The stream package archiver (exceljs's zip) is built on, as archiver resolves it.
const fromExceljs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
const fromArchiver = createRequire(fromExceljs.resolve('archiver'));
const { PassThrough: ReadableStreamPassThrough } = fromArchiver('readable-stream') as { PassThrough: new () => unknown };

const COLUMNS: Column[] = [
  { key: 'number', header: 'Numéro', type: 'text', width: 16 },
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'amount', header: 'Montant', type: 'amount' },
  { key: 'quantity', header: 'Quantité', type: 'quantity' },
  { key: 'line', header: 'Ligne', type: 'integer' },
];

function sheet(rows: Row[], name: Sheet['name'] = 'Summary', title = 'Synthèse'): Sheet {
  return {
    name,
    title,
    columns: COLUMNS,
    rows: async function* () {
      // Two batches, as a cursor gives them.
      yield rows.slice(0, 1);
      yield rows.slice(1);
    },
  };
}

const ROWS: Row[] = [
  ['F-001', '2026-01-31', '1234.50', '1.5', 1],
  ['=HYPERLINK("http://x")', '2026-02-01', '-0.07', '2', 2],
  ['Dupont; "Fils"\nParis', '2026-12-31', '0.00', null, null],
];

async function produce(format: ExportFormat, sheets: Sheet[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeExport(out, format, sheets);
  await ended;
  return Buffer.concat(chunks);
}

describe('formula neutralisation', () => {
  it('prefixes text starting with = + - @ tab or carriage return, and nothing else', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutralise(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(neutralise('Dupont')).toBe('Dupont');
    expect(neutralise('a=1')).toBe('a=1');
    expect(neutralise('')).toBe('');
  });
});

describe('cents', () => {
  it('reads and writes decimal text exactly', () => {
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('-3.07')).toBe(-307);
    expect(toCents('100000000000.00')).toBe(10_000_000_000_000);
    expect(centsText(-7)).toBe('-0.07');
    expect(centsText(123456)).toBe('1234.56');
    expect(() => toCents('1.234')).toThrow();
  });
  it('allocates a total over signed weights to the cent, largest remainders first', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(2000, [10000, -1000])).toEqual([2222, -222]);
    expect(allocate(-10, [3, 3, 4])).toEqual([-3, -3, -4]);
    expect(allocate(5, [0, 0])).toEqual([5, 0]);
    for (const [total, weights] of [
      [1999, [333, 333, 334, 1]],
      [-501, [1000, -3, 7]],
      [7, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]],
    ] as const) {
      expect(allocate(total, weights).reduce((a, b) => a + b, 0)).toBe(total);
    }
  });
});

describe('sheets chosen', () => {
  it('defaults to all sheets for Excel, Json and Markdown, to the first for CSV and TSV', () => {
    const all = ['Summary', 'Detail', 'Analysis'] as const;
    expect(chosenSheets(undefined, 'Excel', all)).toEqual(all);
    expect(chosenSheets(undefined, 'EuropeanCsv', all)).toEqual(['Summary']);
    expect(chosenSheets('Detail', 'Json', all)).toEqual(['Detail']);
    expect(chosenSheets('All', 'Tsv', all)).toEqual(all);
    expect(chosenSheets('Analysis', 'Excel', ['Summary', 'Detail'])).toBeNull();
  });
});

describe('text formats', () => {
  it('EuropeanCsv: UTF-8 BOM, semicolons, decimal comma, French dates, RFC 4180 quoting, neutralised text', async () => {
    const bytes = await produce('EuropeanCsv', [sheet(ROWS)]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'Numéro;Date;Montant;Quantité;Ligne\r\n' +
        'F-001;31/01/2026;1234,50;1,5;1\r\n' +
        `"'=HYPERLINK(""http://x"")";01/02/2026;-0,07;2;2\r\n` +
        '"Dupont; ""Fils""\nParis";31/12/2026;0,00;;\r\n',
    );
  });

  it('AmericanCsv: commas, decimal point, ISO dates, no BOM', async () => {
    const text = (await produce('AmericanCsv', [sheet(ROWS)])).toString('utf8');
    expect(text).toBe(
      'Numéro,Date,Montant,Quantité,Ligne\r\n' +
        'F-001,2026-01-31,1234.50,1.5,1\r\n' +
        `"'=HYPERLINK(""http://x"")",2026-02-01,-0.07,2,2\r\n` +
        '"Dupont; ""Fils""\nParis",2026-12-31,0.00,,\r\n',
    );
  });

  it('Tsv: tabs, line breaks of a text turned into spaces, negative amounts untouched', async () => {
    const text = (await produce('Tsv', [sheet(ROWS)])).toString('utf8');
    expect(text.split('\r\n')).toEqual([
      'Numéro\tDate\tMontant\tQuantité\tLigne',
      'F-001\t2026-01-31\t1234.50\t1.5\t1',
      `'=HYPERLINK("http://x")\t2026-02-01\t-0.07\t2\t2`,
      'Dupont; "Fils" Paris\t2026-12-31\t0.00\t\t',
      '',
    ]);
  });

  it('CSV of several sheets: one section per sheet, after its title', async () => {
    const text = (await produce('AmericanCsv', [sheet(ROWS.slice(0, 1)), sheet(ROWS.slice(0, 1), 'Detail', 'Détail')])).toString('utf8');
    expect(text).toBe(
      'Synthèse\r\nNuméro,Date,Montant,Quantité,Ligne\r\nF-001,2026-01-31,1234.50,1.5,1\r\n' +
        '\r\nDétail\r\nNuméro,Date,Montant,Quantité,Ligne\r\nF-001,2026-01-31,1234.50,1.5,1\r\n',
    );
  });

  it('Json: an array of objects with exact numbers for one sheet, an object of sheets for several; text not neutralised', async () => {
    const one = JSON.parse((await produce('Json', [sheet(ROWS)])).toString('utf8'));
    expect(one).toEqual([
      { number: 'F-001', date: '2026-01-31', amount: 1234.5, quantity: 1.5, line: 1 },
      { number: '=HYPERLINK("http://x")', date: '2026-02-01', amount: -0.07, quantity: 2, line: 2 },
      { number: 'Dupont; "Fils"\nParis', date: '2026-12-31', amount: 0, quantity: null, line: null },
    ]);
    const raw = (await produce('Json', [sheet(ROWS.slice(0, 1))])).toString('utf8');
    expect(raw).toContain('"amount":1234.50');
    const several = JSON.parse((await produce('Json', [sheet(ROWS), sheet([], 'Detail')])).toString('utf8'));
    expect(Object.keys(several)).toEqual(['Summary', 'Detail']);
    expect(several.Summary).toHaveLength(3);
    expect(several.Detail).toEqual([]);
  });

  it('Markdown: a title and a pipe table per sheet, pipes escaped, line breaks as <br>, numbers right-aligned', async () => {
    const text = (await produce('Markdown', [sheet([['a|b', '2026-01-31', '1.00', '1', 1], ...ROWS.slice(2)])])).toString('utf8');
    expect(text).toBe(
      '## Synthèse\n\n| Numéro | Date | Montant | Quantité | Ligne |\n| --- | --- | ---: | ---: | ---: |\n' +
        '| a\\|b | 2026-01-31 | 1.00 | 1 | 1 |\n| Dupont; "Fils"<br>Paris | 2026-12-31 | 0.00 |  |  |\n',
    );
  });
});

describe('Excel', () => {
  it('writes a real .xlsx: one worksheet per sheet, typed cells, 2-decimal amounts, frozen bold header, widths', async () => {
    const bytes = await produce('Excel', [sheet(ROWS), sheet(ROWS.slice(0, 1), 'Detail', 'Détail')]);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Synthèse', 'Détail']);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(1).values).toEqual([undefined, 'Numéro', 'Date', 'Montant', 'Quantité', 'Ligne']);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(1).width).toBe(16);
    expect(ws.getColumn(3).width).toBe(14);

    const first = ws.getRow(2);
    expect(first.getCell(1).value).toBe('F-001');
    expect(first.getCell(2).value).toEqual(new Date('2026-01-31T00:00:00Z'));
    expect(first.getCell(2).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(3).value).toBe(1234.5);
    expect(first.getCell(3).numFmt).toBe('#,##0.00');
    expect(first.getCell(4).value).toBe(1.5);
    expect(first.getCell(5).value).toBe(1);

    const second = ws.getRow(3);
    expect(second.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(second.getCell(1).value).toBe(`'=HYPERLINK("http://x")`);
    expect(second.getCell(3).value).toBe(-0.07);
    expect(ws.getRow(4).getCell(4).value).toBeNull();
  });

  it("sees when the zip's entry stream is full: archiver's streams (readable-stream) have no writableNeedDrain", () => {
    // exceljs hands the worksheet's XML to such a stream without looking at write()'s answer; the
    // writer waits on it. Read through writableNeedDrain, it was never full, and a million-line
    // export piled 144 MB of XML in front of deflate (bench/results/exports.md).
    const entry = new ReadableStreamPassThrough() as Writable;
    expect(needsDrain(entry)).toBe(false);
    entry.write(Buffer.alloc(64 * 1024));
    expect(entry.writableNeedDrain).toBeUndefined();
    expect(needsDrain(entry)).toBe(true);
    const node = new PassThrough();
    node.write(Buffer.alloc(64 * 1024));
    expect(needsDrain(node)).toBe(true);
  });

  it('every format is known to the writer', () => {
    expect(EXPORT_FORMATS).toEqual(['Excel', 'EuropeanCsv', 'AmericanCsv', 'Tsv', 'Json', 'Markdown']);
  });
});
