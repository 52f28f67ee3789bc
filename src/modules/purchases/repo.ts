// SQL of purchase invoices (table purchase_invoices). The file bytes are read only by `getContent`.
import type { Kysely } from 'kysely';
import type { Database, PurchaseInvoicesTable } from '../../db/schema.js';

type Db = Kysely<Database>;
export type PurchaseRow = Omit<PurchaseInvoicesTable, 'id' | 'content'> & { id: number };

const COLUMNS = [
  'id', 'accountId', 'supplierId', 'date', 'reference', 'status', 'taxIncludedAmount', 'vatReverseCharge', 'data',
  'fileName', 'contentType', 'size', 'sha256', 'createdAt', 'updatedAt',
] as const;

export async function insertPurchase(db: Db, values: Omit<PurchaseInvoicesTable, 'id'>): Promise<number> {
  const { id } = await db.insertInto('purchaseInvoices').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function getPurchase(db: Db, accountId: number, id: number): Promise<PurchaseRow | undefined> {
  return db.selectFrom('purchaseInvoices').select(COLUMNS).where('accountId', '=', accountId).where('id', '=', id).executeTakeFirst();
}

export async function getContent(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('purchaseInvoices')
    .select(['content', 'contentType', 'fileName', 'reference'])
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}
