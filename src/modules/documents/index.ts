// Issued documents: Factur-X PDF downloads and the e-invoicing conformance check of sale invoices
// and credit notes (download/{id}, checkeinvoicing/{id}).
import { modulePlugin } from '../../http/module.js';
import { documentRoutes } from './routes.js';

export const documentsPlugin = modulePlugin('documents', documentRoutes);
export { downloadSaleDocument, type DocumentsContext, type DownloadedFile } from './service.js';
export { logoForPdf } from './service.js';
