// Every message the upload routes can answer about a file (bank statements, purchase invoices,
// expense receipts) is shown in French by the console (console/src/messages.ts, issue #31). The
// messages are read from the modules' sources, at each place that makes one: a message added later
// in English fails this test until it is translated. Each `${…}` of a template becomes a sample
// value (the statement's "line 7" for `where`, a column parameter for `name`, 7 otherwise), and
// the message is given as the API answers it ("file: …"). No database: the same on SQLite and PostgreSQL.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
// The console's module, loaded by path: the root tsconfig has no DOM library for the console's sources.
const { localMessage } = (await import(path.join(root, 'console/src/messages.ts'))) as { localMessage: (message: string) => string };
const SOURCES = [
  'src/modules/bank/formats/camt.ts',
  'src/modules/bank/formats/csv.ts',
  'src/modules/bank/formats/entry.ts',
  'src/modules/bank/formats/ofx.ts',
  'src/modules/bank/statements.ts',
  'src/modules/bank/routes.ts',
  'src/modules/purchases/routes.ts',
  'src/modules/purchases/service.ts',
  'src/modules/purchases/tasks.ts',
  'src/modules/purchases/pdf-read.ts',
  'src/modules/purchases/cii-read.ts',
  'src/modules/expenses/routes.ts',
  'src/modules/expenses/service.ts',
  'src/images/reencode.ts',
];
/** The calls that make a message about a file (their first string or template arguments). */
const MAKERS = [
  'new StatementError(',
  "ValidationError.field('file',",
  "ValidationError.field('exchangeRate',",
  'fileError(',
  'new NotAnInvoiceError(',
  'new UnreadInvoiceError(',
  'new PdfReadError(',
  'refuse(',
];

/** The text of a call's arguments: from after `(` to its matching `)` (strings and templates skipped). */
function argumentsAt(text: string, start: number): string {
  let depth = 1;
  let i = start;
  while (i < text.length && depth > 0) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') i = skipString(text, i);
    else {
      if (c === '(' || c === '{' || c === '[') depth++;
      if (c === ')' || c === '}' || c === ']') depth--;
      i++;
    }
  }
  return text.slice(start, i - 1);
}

/** The index after the string or template starting at `i`. */
function skipString(text: string, i: number): number {
  const quote = text[i];
  i++;
  while (i < text.length && text[i] !== quote) {
    if (text[i] === '\\') i += 2;
    else if (quote === '`' && text.startsWith('${', i)) i = skipInterpolation(text, i + 2);
    else i++;
  }
  return i + 1;
}

function skipInterpolation(text: string, i: number): number {
  let depth = 1;
  while (i < text.length && depth > 0) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') i = skipString(text, i);
    else {
      if (c === '{') depth++;
      if (c === '}') depth--;
      i++;
    }
  }
  return i;
}

const sampleOf = (expression: string) => (expression.trim() === 'where' ? 'line 7' : expression.trim() === 'name' ? 'dateColumn' : '7');

/** The messages a literal can be, its interpolations replaced by samples (a nested template's own literals too). */
function literalSamples(text: string, i: number): string[] {
  const quote = text[i];
  let out = '';
  let j = i + 1;
  while (j < text.length && text[j] !== quote) {
    if (text[j] === '\\') {
      out += text[j + 1];
      j += 2;
    } else if (quote === '`' && text.startsWith('${', j)) {
      const end = skipInterpolation(text, j + 2);
      out += sampleOf(text.slice(j + 2, end - 1));
      j = end;
    } else out += text[j++];
  }
  return [out];
}

/** The string and template literals at the top of an argument list (both sides of a `? :` too; codes and names are not messages: a message has a space). */
function literalsOf(args: string): string[] {
  const found: string[] = [];
  let depth = 0;
  for (let i = 0; i < args.length;) {
    const c = args[i];
    if (c === "'" || c === '"' || c === '`') {
      if (depth === 0) found.push(...literalSamples(args, i));
      i = skipString(args, i);
    } else {
      if (c === '(' || c === '{' || c === '[') depth++;
      if (c === ')' || c === '}' || c === ']') depth--;
      i++;
    }
  }
  return found;
}

function emitted(): { source: string; message: string }[] {
  const out: { source: string; message: string }[] = [];
  for (const source of SOURCES) {
    const text = readFileSync(path.join(root, source), 'utf8');
    for (const maker of MAKERS) {
      for (let at = text.indexOf(maker); at >= 0; at = text.indexOf(maker, at + 1)) {
        const args = argumentsAt(text, at + maker.length);
        for (const message of literalsOf(args)) if (message.includes(' ')) out.push({ source, message });
      }
    }
    // Lookup tables of messages (the multipart problems) and the CSV mapping's own messages.
    for (const m of text.matchAll(/^\s+FST_\w+: ['`](.+)['`],$/gm)) out.push({ source, message: m[1].replace(/\$\{\w+\}/g, '7') });
    for (const m of text.matchAll(/field: '\w+Column', message: '([^']+)'/g)) out.push({ source, message: m[1] });
  }
  return out;
}

describe('the upload routes’ messages about a file, in French in the console', () => {
  const messages = emitted();

  it('reads the messages from the modules', () => {
    // The extraction works: the known makers are found, in every module.
    expect(messages.length).toBeGreaterThan(70);
    for (const source of SOURCES)
      expect(
        messages.some((m) => m.source === source),
        source,
      ).toBe(true);
    expect(messages.map((m) => m.message)).toEqual(
      expect.arrayContaining([
        'the CSV file has no header line',
        'the file is empty',
        'Not a PDF: the %PDF- signature is missing',
        'the file is neither a PDF nor an XML e-invoice (CII or UBL)',
        'line 7: a quoted field is not closed',
      ]),
    );
  });

  it('translates every one of them', () => {
    const untranslated = messages
      .map(({ source, message }) => ({ source, message, shown: localMessage(`file: ${message}`) }))
      .filter((m) => m.shown === `file: ${m.message}` || m.shown === m.message);
    expect(untranslated).toEqual([]);
  });

  it('says them in the words a user reads', () => {
    expect(localMessage('file: the CSV file has no header line')).toBe('Ce fichier CSV n’a pas de ligne d’en-tête.');
    expect(localMessage('file: line 4: "12/13/2026" is not a date in the format DD/MM/YYYY')).toBe(
      'Ligne 4 : la date n’est pas au format DD/MM/YYYY.',
    );
    expect(localMessage('file: the file is larger than 20 MB')).toBe('Le fichier dépasse 20 Mo : envoyez un fichier plus petit.');
    expect(localMessage('file: Unreadable PDF: no xref table')).toBe('Ce PDF est illisible (endommagé ou d’un format non pris en charge).');
    expect(localMessage('file: dateColumn: no column "Date" in the header (Jour, Libellé, Montant)')).toBe(
      'la colonne de la date : aucune colonne « Date » dans l’en-tête (Jour, Libellé, Montant).',
    );
  });
});
