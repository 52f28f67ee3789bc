// Writes the sheets of an export in a format to an output stream, reading each sheet's rows as the
// output takes them.
import type { Writable } from 'node:stream';
import type { Sheet } from './columns.js';
import type { ExportFormat } from './formats.js';
import { yieldToLoop, type ExportWriter } from './writers/output.js';
import { textWriter } from './writers/text.js';
import { XlsxWriter } from './writers/xlsx.js';

/** Writes every sheet, then ends the output; answers the number of rows written. */
export async function writeExport(out: Writable, format: ExportFormat, sheets: readonly Sheet[]): Promise<number> {
  const writer: ExportWriter = format === 'Excel' ? await XlsxWriter.create(out) : textWriter(format, out, sheets.length);
  let count = 0;
  for (const sheet of sheets) {
    await writer.startSheet(sheet);
    // The head of the file leaves before the first rows are read: the response starts at once.
    await yieldToLoop();
    for await (const batch of sheet.rows()) {
      if (!batch.length) continue;
      await writer.rows(batch);
      await yieldToLoop();
      count += batch.length;
    }
    await writer.endSheet();
  }
  await writer.end();
  return count;
}
