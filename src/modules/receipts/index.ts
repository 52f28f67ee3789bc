// Receipts and the payments they settle (/v1/receipts, markaspaid, markasrefunded).
import { modulePlugin } from '../../http/module.js';
import { receiptRoutes } from './routes.js';

export const receiptsPlugin = modulePlugin('receipts', receiptRoutes);
export { PaymentMethod, PaymentStatus, PAYMENT_METHODS, type PaymentMethodT, type PaymentStatusT } from './schemas.js';
export {
  getReceiptRow,
  paymentsOf,
  receiptBatches,
  receiptLinksOf,
  receiptsOfAmount,
  settlementsOfDocuments,
  type DocumentSettlementRow,
  type ReceiptLinkReadRow,
  type ReceiptReadRow,
} from './read.js';
