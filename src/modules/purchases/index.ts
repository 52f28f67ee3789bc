// Purchase invoices (/v1/purchaseinvoices): upload of Factur-X/ZUGFeRD PDFs and CII/UBL XML, download.
import { modulePlugin } from '../../http/module.js';
import { purchaseRoutes } from './routes.js';

export const purchasesPlugin = modulePlugin('purchases', purchaseRoutes);
