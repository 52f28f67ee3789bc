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
