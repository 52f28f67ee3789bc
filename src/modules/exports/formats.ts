// The file formats of an export and the sheets asked for: their values (wire schemas in schemas.ts),
// media types and file extensions.
import type { SheetName } from './columns.js';

export const EXPORT_FORMATS = ['Excel', 'EuropeanCsv', 'AmericanCsv', 'Tsv', 'Json', 'Markdown'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_SHEETS = ['Summary', 'Detail', 'Analysis', 'All'] as const;
export type ExportSheetsValue = (typeof EXPORT_SHEETS)[number];

interface FormatInfo {
  contentType: string;
  extension: string;
  /** Opened by spreadsheets: text cells are neutralised against formula injection. */
  spreadsheet: boolean;
}

export const FORMAT_INFO: Record<ExportFormat, FormatInfo> = {
  Excel: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', spreadsheet: true },
  EuropeanCsv: { contentType: 'text/csv; charset=utf-8', extension: 'csv', spreadsheet: true },
  AmericanCsv: { contentType: 'text/csv; charset=utf-8', extension: 'csv', spreadsheet: true },
  Tsv: { contentType: 'text/tab-separated-values; charset=utf-8', extension: 'tsv', spreadsheet: true },
  Json: { contentType: 'application/json; charset=utf-8', extension: 'json', spreadsheet: false },
  Markdown: { contentType: 'text/markdown; charset=utf-8', extension: 'md', spreadsheet: false },
};

/**
 * The sheets an export writes. Without `sheets`: every sheet the dataset has in Excel, Json and
 * Markdown (a workbook, an object of sheets, sections), only the first (Summary) in CSV and TSV, so
 * that a CSV file is one table unless several are asked for.
 */
export function chosenSheets(
  asked: ExportSheetsValue | undefined,
  format: ExportFormat,
  available: readonly SheetName[],
): SheetName[] | null {
  const value = asked ?? (format === 'Excel' || format === 'Json' || format === 'Markdown' ? 'All' : available[0]);
  if (value === 'All') return [...available];
  return available.includes(value) ? [value] : null;
}
