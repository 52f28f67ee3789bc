// Read-only SQL of the exports: keyset cursors over the tables of other modules, a batch at a time,
// always filtered on the account. Nothing here writes.
import { sql, type Kysely } from 'kysely';
import { fromStoredAmount } from '../../db/money.js';
import type { Database } from '../../db/schema.js';
import type Big from 'big.js';

type Db = Kysely<Database>;

/** A LIKE pattern matching `term` anywhere, its wildcards escaped (with `\`). */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface SaleDocumentFilter {
  kind: 'Invoice' | 'Credit';
  from?: string;
  to?: string;
  customerId?: number;
  searchTerm?: string;
  /** Documents finalized after this instant are left out: every sheet of one export reads the same documents. */
  asOf: string;
}

export interface ExportedDocument {
  id: number;
  kind: 'Invoice' | 'Credit';
  number: string;
  date: string;
  dueDate: string | null;
  customerId: number | null;
  isPaid: boolean;
  isCancelled: boolean;
  finalizedAt: string | null;
  balance: Big;
  /** The snapshot as stored (JSON, or deflated JSON on SQLite). */
  data: string | Uint8Array;
}

/** The finalized sale documents an export reads. */
function saleDocumentsOf(db: Db, accountId: number, f: SaleDocumentFilter) {
  let q = db
    .selectFrom('saleDocuments')
    .where('saleDocuments.accountId', '=', accountId)
    .where('saleDocuments.kind', '=', f.kind)
    .where('saleDocuments.isDraft', '=', false)
    .where('saleDocuments.finalizedAt', '<=', f.asOf);
  if (f.from) q = q.where('saleDocuments.date', '>=', f.from);
  if (f.to) q = q.where('saleDocuments.date', '<=', f.to);
  if (f.customerId !== undefined) q = q.where('saleDocuments.customerId', '=', f.customerId);
  if (f.searchTerm?.trim()) {
    const pattern = containsPattern(f.searchTerm.trim());
    q = q.where(
      sql<boolean>`(lower(sale_documents.number) like ${pattern} escape '\\' or lower(sale_documents.customer_name) like ${pattern} escape '\\')`,
    );
  }
  return q;
}

export async function countSaleDocuments(db: Db, accountId: number, f: SaleDocumentFilter): Promise<number> {
  const row = await saleDocumentsOf(db, accountId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Finalized sale documents in (date, id) order after `after`, `limit` at a time. */
export async function saleDocumentsAfter(
  db: Db,
  accountId: number,
  f: SaleDocumentFilter,
  after: { date: string; id: number } | null,
  limit: number,
): Promise<ExportedDocument[]> {
  let q = saleDocumentsOf(db, accountId, f)
    .innerJoin('saleDocumentData', 'saleDocumentData.documentId', 'saleDocuments.id')
    .select([
      'saleDocuments.id',
      'saleDocuments.kind',
      'saleDocuments.number',
      'saleDocuments.date',
      'saleDocuments.dueDate',
      'saleDocuments.customerId',
      'saleDocuments.isPaid',
      'saleDocuments.isCancelled',
      'saleDocuments.finalizedAt',
      'saleDocuments.balance',
      'saleDocumentData.data',
    ]);
  if (after) {
    // A row-value comparison: both databases walk the index from that key on.
    q = q.where((eb) => eb(eb.refTuple('saleDocuments.date', 'saleDocuments.id'), '>', eb.tuple(after.date, after.id)));
  }
  const rows = await q.orderBy('saleDocuments.date').orderBy('saleDocuments.id').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    number: r.number ?? '',
    date: r.date,
    dueDate: r.dueDate,
    customerId: r.customerId,
    isPaid: Boolean(r.isPaid),
    isCancelled: Boolean(r.isCancelled),
    finalizedAt: r.finalizedAt,
    balance: fromStoredAmount(db, r.balance),
    data: r.data,
  }));
}

/** A finalized sale document as its Detail sheet reads it: number, date and stored Detail. */
export interface ExportedDetail {
  id: number;
  number: string;
  date: string;
  /** JSON written at finalization (modules/sales/detail.ts). */
  detail: string;
}

/** The Detail of finalized sale documents in (date, id) order after `after`: no snapshot is read. */
export async function saleDetailsAfter(
  db: Db,
  accountId: number,
  f: SaleDocumentFilter,
  after: { date: string; id: number } | null,
  limit: number,
): Promise<ExportedDetail[]> {
  let q = saleDocumentsOf(db, accountId, f)
    .innerJoin('saleDocumentLines', 'saleDocumentLines.documentId', 'saleDocuments.id')
    .select(['saleDocuments.id', 'saleDocuments.number', 'saleDocuments.date', 'saleDocumentLines.detail']);
  if (after) {
    q = q.where((eb) => eb(eb.refTuple('saleDocuments.date', 'saleDocuments.id'), '>', eb.tuple(after.date, after.id)));
  }
  const rows = await q.orderBy('saleDocuments.date').orderBy('saleDocuments.id').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, number: r.number ?? '', date: r.date, detail: r.detail }));
}

export interface ExportedReceipt {
  id: number;
  date: string;
  amount: Big;
  paymentMethod: string;
  status: string;
  reference: string | null;
  notes: string | null;
  customerId: number | null;
  customerName: string | null;
  customerNumber: string | null;
  internalId: string | null;
  createdAt: string;
}

type ReceiptFilter = { from?: string; to?: string; asOf: string };

function receiptsOf(db: Db, accountId: number, f: ReceiptFilter) {
  let q = db.selectFrom('receipts').where('accountId', '=', accountId).where('status', '=', 'Success').where('createdAt', '<=', f.asOf);
  if (f.from) q = q.where('date', '>=', f.from);
  if (f.to) q = q.where('date', '<=', f.to);
  return q;
}

export async function countReceipts(db: Db, accountId: number, f: ReceiptFilter): Promise<number> {
  const row = await receiptsOf(db, accountId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Receipts of status Success (money that moved) in (date, id) order after `after`, `limit` at a time. */
export async function receiptsAfter(
  db: Db,
  accountId: number,
  f: ReceiptFilter,
  after: { date: string; id: number } | null,
  limit: number,
): Promise<ExportedReceipt[]> {
  let q = receiptsOf(db, accountId, f).select([
    'id',
    'date',
    'amount',
    'paymentMethod',
    'status',
    'reference',
    'notes',
    'customerId',
    'customerName',
    'customerNumber',
    'internalId',
    'createdAt',
  ]);
  if (after) {
    q = q.where((eb) => eb(eb.refTuple('date', 'id'), '>', eb.tuple(after.date, after.id)));
  }
  const rows = await q.orderBy('date').orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ ...r, amount: fromStoredAmount(db, r.amount) }));
}

export interface ExportedReceiptLink {
  receiptId: number;
  position: number;
  type: 'Invoice' | 'Credit' | 'Commitment';
  documentId: number;
  documentNumber: string | null;
  documentDate: string | null;
  amount: Big;
}

/** The allocations of the given receipts to sale documents, with the documents' numbers. */
export async function receiptLinksOf(db: Db, accountId: number, receiptIds: number[]): Promise<ExportedReceiptLink[]> {
  if (!receiptIds.length) return [];
  const rows = await db
    .selectFrom('receiptLinks')
    .leftJoin('saleDocuments', (j) =>
      j.onRef('saleDocuments.id', '=', 'receiptLinks.documentId').onRef('saleDocuments.accountId', '=', 'receiptLinks.accountId'),
    )
    .select([
      'receiptLinks.receiptId',
      'receiptLinks.position',
      'receiptLinks.type',
      'receiptLinks.documentId',
      'receiptLinks.amount',
      'saleDocuments.number as documentNumber',
      'saleDocuments.date as documentDate',
    ])
    .where('receiptLinks.accountId', '=', accountId)
    .where('receiptLinks.receiptId', 'in', receiptIds)
    .orderBy('receiptLinks.receiptId')
    .orderBy('receiptLinks.position')
    .execute();
  return rows.map((r) => ({ ...r, amount: fromStoredAmount(db, r.amount) }));
}

/** The largest id of a table's rows of the account at the export's start: readers by id stop there, so the sheets of one file agree. */
export async function maxIdOf(
  db: Db,
  table: 'purchaseInvoices' | 'supplierPayments' | 'expenseReports' | 'bankTransactions' | 'receipts',
  accountId: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .where('accountId', '=', accountId)
    .select((eb) => eb.fn.max<number>('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

export interface QuoteFilter {
  from?: string;
  to?: string;
  customerId?: number;
  searchTerm?: string;
  asOf: string;
}

/** Issued sale quotes (those with a number): drafts never sent are no documents. */
function quotesOf(db: Db, accountId: number, f: QuoteFilter) {
  let q = db
    .selectFrom('saleQuotes')
    .where('saleQuotes.accountId', '=', accountId)
    .where('saleQuotes.number', 'is not', null)
    .where('saleQuotes.issuedAt', '<=', f.asOf);
  if (f.from) q = q.where('saleQuotes.date', '>=', f.from);
  if (f.to) q = q.where('saleQuotes.date', '<=', f.to);
  if (f.customerId !== undefined) q = q.where('saleQuotes.customerId', '=', f.customerId);
  if (f.searchTerm?.trim()) {
    const pattern = containsPattern(f.searchTerm.trim());
    q = q.where(
      sql<boolean>`(lower(sale_quotes.number) like ${pattern} escape '\\' or lower(sale_quotes.customer_name) like ${pattern} escape '\\')`,
    );
  }
  return q;
}

export async function countQuotes(db: Db, accountId: number, f: QuoteFilter): Promise<number> {
  const row = await quotesOf(db, accountId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ExportedQuote {
  id: number;
  number: string;
  date: string;
  validityDate: string | null;
  customerId: number | null;
  status: string;
  acceptedAt: string | null;
  refusedAt: string | null;
  data: string;
}

/** Issued quotes in (date, id) order after `after`, `limit` at a time. */
export async function quotesAfter(
  db: Db,
  accountId: number,
  f: QuoteFilter,
  after: { date: string; id: number } | null,
  limit: number,
): Promise<ExportedQuote[]> {
  let q = quotesOf(db, accountId, f).select([
    'saleQuotes.id',
    'saleQuotes.number',
    'saleQuotes.date',
    'saleQuotes.validityDate',
    'saleQuotes.customerId',
    'saleQuotes.status',
    'saleQuotes.acceptedAt',
    'saleQuotes.refusedAt',
    'saleQuotes.data',
  ]);
  if (after) q = q.where((eb) => eb(eb.refTuple('saleQuotes.date', 'saleQuotes.id'), '>', eb.tuple(after.date, after.id)));
  const rows = await q.orderBy('saleQuotes.date').orderBy('saleQuotes.id').limit(limit).execute();
  return rows.map((r) => ({ ...r, number: r.number ?? '' }));
}

export interface OpenInvoice {
  id: number;
  number: string;
  date: string;
  dueDate: string;
  customerId: number | null;
  customerName: string | null;
  taxIncludedAmount: Big;
  balance: Big;
}

type DueFilter = { from?: string; to?: string; asOf: string };

/** Finalized invoices, not cancelled, not fully paid, due (due date, else date) within [from, to]. */
function openInvoicesOf(db: Db, accountId: number, f: DueFilter) {
  let q = db
    .selectFrom('saleDocuments')
    .where('accountId', '=', accountId)
    .where('kind', '=', 'Invoice')
    .where('isDraft', '=', false)
    .where('isCancelled', '=', false)
    .where('isPaid', '=', false)
    .where('finalizedAt', '<=', f.asOf);
  if (f.from) q = q.where((eb) => eb.fn.coalesce('dueDate', 'date'), '>=', f.from);
  if (f.to) q = q.where((eb) => eb.fn.coalesce('dueDate', 'date'), '<=', f.to);
  return q;
}

export async function countOpenInvoices(db: Db, accountId: number, f: DueFilter): Promise<number> {
  const row = await openInvoicesOf(db, accountId, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Open invoices by id after `afterId`, `limit` at a time. */
export async function openInvoicesAfter(db: Db, accountId: number, f: DueFilter, afterId: number, limit: number): Promise<OpenInvoice[]> {
  const rows = await openInvoicesOf(db, accountId, f)
    .select(['id', 'number', 'date', 'dueDate', 'customerId', 'customerName', 'taxIncludedAmount', 'balance'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    number: r.number ?? '',
    date: r.date,
    dueDate: r.dueDate ?? r.date,
    customerId: r.customerId,
    customerName: r.customerName,
    taxIncludedAmount: fromStoredAmount(db, r.taxIncludedAmount),
    balance: fromStoredAmount(db, r.balance),
  }));
}

/** The reference and date of the given purchase invoices (the documents a supplier payment settles). */
export async function purchaseReferencesOf(
  db: Db,
  accountId: number,
  ids: number[],
): Promise<Map<number, { reference: string | null; date: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('purchaseInvoices')
    .select(['id', 'reference', 'date'])
    .where('accountId', '=', accountId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { reference: r.reference, date: r.date }]));
}

type CountTable = 'purchaseInvoices' | 'supplierPayments' | 'bankTransactions' | 'receipts';

/** How many rows of a table an export reads (progress only: filters done in memory are not counted). */
export async function countRows(
  db: Db,
  table: CountTable,
  accountId: number,
  f: { from?: string; to?: string; bankAccountId?: number; status?: string },
): Promise<number> {
  let q = db.selectFrom(table).where('accountId', '=', accountId);
  if (f.from) q = q.where('date', '>=', f.from);
  if (f.to) q = q.where('date', '<=', f.to);
  if (table === 'bankTransactions' && f.bankAccountId !== undefined) q = q.where(sql<boolean>`bank_account_id = ${f.bankAccountId}`);
  if (f.status && table !== 'purchaseInvoices' && table !== 'bankTransactions') q = q.where(sql<boolean>`status = ${f.status}`);
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countReports(db: Db, accountId: number, f: { colleagueId?: number; status?: string }): Promise<number> {
  let q = db.selectFrom('expenseReports').where('accountId', '=', accountId);
  if (f.colleagueId !== undefined) q = q.where('colleagueId', '=', f.colleagueId);
  if (f.status) q = q.where('status', '=', f.status as 'Draft');
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
