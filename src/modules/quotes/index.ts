// Sale quotes (/v1/salequotes): drafts, issue with a gapless number, the customer's answer, and the
// invoices made from an accepted quote (deposit invoices, final invoice). Uses the sales module for
// composition, totals, snapshots, invoices and the PDF (its input builder, logo and worker task).
import { modulePlugin } from '../../http/module.js';
import { quoteRoutes } from './routes.js';

export const quotesPlugin = modulePlugin('quotes', quoteRoutes);
