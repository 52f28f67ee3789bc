// Purchase invoices (/v1/purchaseinvoices): upload of Factur-X/ZUGFeRD PDFs and CII/UBL XML,
// download, and the ledger (list, get, update, delete); supplier payments (/v1/supplierpayments).
// The read API (read.ts) is what the exports and the ledgers views read.
import { modulePlugin } from '../../http/module.js';
import { supplierPaymentRoutes } from './payments-routes.js';
import { purchaseRoutes } from './routes.js';

export const purchasesPlugin = modulePlugin('purchases', async (app, ctx) => {
  purchaseRoutes(app, ctx);
  supplierPaymentRoutes(app, ctx);
});
export { DateRangeQuery } from './routes.js';
export * from './read.js';
export { checkPdfUpload, createFromFile as createPurchaseFromFile, getPurchaseInvoice } from './service.js';
export type { IncomingInvoice } from './cii-read.js';

/** The sandbox platform (src/sandbox) reads the CII of a Factur-X flow with the purchases' own PDF reader. */
export { extractEmbeddedInvoiceXml, PdfReadError } from './pdf-read.js';
