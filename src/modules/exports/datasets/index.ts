// The registry of exports: one dataset per path under /v1/exports/. The spec's remaining paths
// (salesquotes, expensesbook, banktransactions/{id}, expensecharges, expensereports, settlements,
// commitments) export records Facturier does not hold yet; each becomes one file here when its
// records exist (docs/exports.md, "Not available yet").
import type { Dataset } from '../dataset.js';
import { customersExport, products, suppliersExport } from './records.js';
import { receiptsBook } from './receipts.js';
import { salesCredits, salesInvoices } from './sales.js';

export const DATASETS: readonly Dataset[] = [salesInvoices, salesCredits, products, customersExport, suppliersExport, receiptsBook];

export function datasetByPath(path: string): Dataset | undefined {
  const p = path.toLowerCase();
  return DATASETS.find((d) => d.path === p);
}
