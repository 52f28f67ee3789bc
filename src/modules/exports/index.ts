// Accounting exports (/v1/exports/*): datasets written as Excel, CSV (European, American), TSV,
// Json or Markdown, streamed from keyset cursors; and the FEC (/v1/exports/fec). The CLI's
// `facturier export` uses the same datasets through prepareExport and prepareFec.
import { modulePlugin } from '../../http/module.js';
import { exportRoutes } from './routes.js';

export const exportsPlugin = modulePlugin('exports', exportRoutes);
export { DATASETS, datasetByPath } from './datasets/index.js';
export { EXPORT_FORMATS, EXPORT_SHEETS, type ExportFormat, type ExportSheetsValue } from './formats.js';
export { prepareExport, prepareFec, type PreparedExport } from './service.js';
export type { ExportParams } from './dataset.js';
