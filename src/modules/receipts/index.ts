// Receipts and the payments they settle (/v1/receipts, markaspaid, markasrefunded).
import { modulePlugin } from '../../http/module.js';
import { receiptRoutes } from './routes.js';

export const receiptsPlugin = modulePlugin('receipts', receiptRoutes);
