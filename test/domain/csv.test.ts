import { describe, expect, it } from 'vitest';
import { splitCsv } from '../../src/domain/csv.js';

const cells = (text: string, delimiter = ';') => splitCsv(text, delimiter).records.map((r) => r.cells);

describe('splitCsv', () => {
  it('splits records on the delimiter and LF, without an empty record after the last line break', () => {
    expect(cells('a;b;c\n1;2;3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(cells('a,b\n1,2', ',')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cells('a\tb\n', '\t')).toEqual([['a', 'b']]);
    expect(cells('')).toEqual([]);
    expect(cells('a;;\n')).toEqual([['a', '', '']]);
  });

  it('keeps the separator and line breaks inside a quoted field', () => {
    expect(cells('"MAISON DUPONT, SARL",transfer\n', ',')).toEqual([['MAISON DUPONT, SARL', 'transfer']]);
    expect(cells('1;"a;b;c";2\n')).toEqual([['1', 'a;b;c', '2']]);
    const split = splitCsv('Date;Libellé\r\n03/02/2025;"VIR SEPA\r\nREF 42";1\r\n05/02/2025;x\r\n', ';');
    expect(split.records).toEqual([
      { line: 1, cells: ['Date', 'Libellé'] },
      { line: 2, cells: ['03/02/2025', 'VIR SEPA\r\nREF 42', '1'] },
      { line: 4, cells: ['05/02/2025', 'x'] },
    ]);
    expect(split.unclosedQuoteLine).toBeNull();
  });

  it('reads doubled quotes as one quote, inside a quoted field only', () => {
    expect(cells('"Loyer ""Bureau"" février",-1250.00\n', ',')).toEqual([['Loyer "Bureau" février', '-1250.00']]);
    expect(cells('""""\n')).toEqual([['"']]);
    expect(cells('"";x\n')).toEqual([['', 'x']]);
    // A quote inside an unquoted field is an ordinary character.
    expect(cells('12" screen;2\n')).toEqual([['12" screen', '2']]);
  });

  it('ends records at CRLF, LF or a lone CR alike', () => {
    expect(cells('a;b\r\n1;2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cells('a;b\r1;2\r')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(splitCsv('a\r\n\r\nb\n', ';').records).toEqual([
      { line: 1, cells: ['a'] },
      { line: 2, cells: [''] },
      { line: 3, cells: ['b'] },
    ]);
  });

  it('opens a quoted field after spaces, dropping them; text after the closing quote is kept', () => {
    expect(cells('1; "a;b" ;2\n')).toEqual([['1', 'a;b ', '2']]);
    expect(cells('  "x"\n')).toEqual([['x']]);
    expect(cells('ab "c;d"\n')).toEqual([['ab "c', 'd"']]);
  });

  it('reports the line of a quoted field left open at the end', () => {
    const split = splitCsv('a;b\n1;"open\nstill open', ';');
    expect(split.unclosedQuoteLine).toBe(2);
    expect(split.records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', 'open\nstill open'] },
    ]);
  });
});
