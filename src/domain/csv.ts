// Splitting CSV text into records (RFC 4180 as spreadsheets and banks write it): a quoted field may
// hold the separator, doubled quotes ("" for ") and line breaks; records end at LF, CRLF or CR. One
// implementation for the bank statements' import (src/modules/bank/formats/csv.ts) and the console's
// spreadsheet import (console/src/csv.ts), so both read a file the same way. Pure, no imports: the
// console bundles it.

/** A record with the line it starts on (1-based; a quoted line break makes the next record start later). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export interface CsvSplit {
  records: CsvRecord[];
  /** The line of the record whose quoted field is still open at the end of the text, else null. */
  unclosedQuoteLine: number | null;
}

/**
 * The records of `text` split on `delimiter`. A quote opens a quoted field when only spaces precede
 * it in the field (`a; "b;c"` has two fields, `b;c` the second: the spaces are dropped); elsewhere it
 * is an ordinary character. An empty text, or a last line without its line break, is read as is; a
 * text ending with a line break has no empty record after it.
 */
export function splitCsv(text: string, delimiter: string): CsvSplit {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      records.push({ line: start, cells });
      cells = [];
      cell = '';
      line++;
      start = line;
    } else cell += c;
  }
  if (cell !== '' || cells.length || quoted) {
    cells.push(cell);
    records.push({ line: start, cells });
  }
  return { records, unclosedQuoteLine: quoted ? start : null };
}
