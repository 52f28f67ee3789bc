// Bank accounts and transactions (/v1/bankaccounts, /v1/banktransactions): accounts, statement
// imports (CAMT.053, OFX, CSV), matching with receipts, supplier payments and expense repayments.
import { modulePlugin } from '../../http/module.js';
import { bankRoutes } from './routes.js';

export const bankPlugin = modulePlugin('bank', bankRoutes);
export * from './read.js';
