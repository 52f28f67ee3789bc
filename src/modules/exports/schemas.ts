// Wire schemas of an export's query: the file format (ExportFileFormat) and the sheets (ExportSheets).
import { Literals } from '../../http/schemas.js';
import { EXPORT_FORMATS, EXPORT_SHEETS } from './formats.js';

export const ExportFileFormat = Literals(EXPORT_FORMATS, {
  description: 'Excel (.xlsx), EuropeanCsv (; and decimal comma, UTF-8 with BOM), AmericanCsv (, and decimal point), Tsv, Json, Markdown',
});

export const ExportSheets = Literals(EXPORT_SHEETS, {
  description: 'Summary (one row per record), Detail (one row per line), Analysis (totals by month, customer, VAT rate), All',
});
