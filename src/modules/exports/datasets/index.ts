// The registry of exports: one dataset per path under /v1/exports/ (the spec's thirteen).
import type { Dataset } from '../dataset.js';
import { bankTransactions } from './bank.js';
import { expenseReports } from './expenses.js';
import { commitments, settlements } from './ledgers.js';
import { expenseCharges, expensesBook } from './purchases.js';
import { salesQuotes } from './quotes.js';
import { customersExport, products, suppliersExport } from './records.js';
import { receiptsBook } from './receipts.js';
import { salesCredits, salesInvoices } from './sales.js';

export const DATASETS: readonly Dataset[] = [
  salesInvoices,
  salesQuotes,
  salesCredits,
  products,
  customersExport,
  suppliersExport,
  expensesBook,
  receiptsBook,
  bankTransactions,
  expenseCharges,
  expenseReports,
  settlements,
  commitments,
];

export function datasetByPath(path: string): Dataset | undefined {
  const p = path.toLowerCase();
  return DATASETS.find((d) => d.path === p);
}
