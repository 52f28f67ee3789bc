// The OrderBy fields every list of sale documents shares (invoices, credits, quotes), and their
// default order: the newest first.

/** Public OrderBy names -> the columns every sale document's table has. */
export const SALE_DOCUMENT_ORDER_BY = {
  id: 'id',
  date: 'date',
  number: 'number',
  customer: 'customerName',
  customerName: 'customerName',
  amount: 'taxIncludedAmount',
  taxIncludedAmount: 'taxIncludedAmount',
  taxExcludedAmount: 'taxExcludedAmount',
} as const;

export const DEFAULT_DOCUMENT_ORDER = [
  { column: 'date' as const, direction: 'desc' as const },
  { column: 'id' as const, direction: 'desc' as const },
];
