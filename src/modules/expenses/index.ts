// Expense reports of colleagues (/v1/expensereports): reports, lines, receipt files, their life and
// repayment. The read API (read.ts) is what the exports, the bank's matching and the views read.
import { modulePlugin } from '../../http/module.js';
import { expenseRoutes } from './routes.js';

export const expensesPlugin = modulePlugin('expenses', expenseRoutes);
export * from './read.js';
