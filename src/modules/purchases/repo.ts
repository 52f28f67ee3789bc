// SQL of purchase invoices (table purchase_invoices). The file bytes are read only by `getContent`.
import type Big from 'big.js';
import type { Kysely } from 'kysely';
import { fromStoredAmount, toStoredAmount } from '../../db/money.js';
import type { Database, PurchaseInvoicesTable } from '../../db/schema.js';

type Db = Kysely<Database>;
/** A purchase invoice as this module sees it: its amount as an exact decimal, without the file bytes. */
export type PurchaseRow = Omit<PurchaseInvoicesTable, 'id' | 'content' | 'taxIncludedAmount'> & { id: number; taxIncludedAmount: Big };
export type PurchaseValues = Omit<PurchaseInvoicesTable, 'id' | 'taxIncludedAmount'> & { taxIncludedAmount: Big };

const COLUMNS = [
  'id',
  'accountId',
  'supplierId',
  'date',
  'reference',
  'status',
  'taxIncludedAmount',
  'vatReverseCharge',
  'data',
  'fileName',
  'contentType',
  'size',
  'sha256',
  'createdAt',
  'updatedAt',
] as const;

export async function insertPurchase(db: Db, values: PurchaseValues): Promise<number> {
  const row = { ...values, taxIncludedAmount: toStoredAmount(db, values.taxIncludedAmount) };
  const { id } = await db.insertInto('purchaseInvoices').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function getPurchase(db: Db, accountId: number, id: number): Promise<PurchaseRow | undefined> {
  const row = await db
    .selectFrom('purchaseInvoices')
    .select(COLUMNS)
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, taxIncludedAmount: fromStoredAmount(db, row.taxIncludedAmount) };
}

export async function getContent(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('purchaseInvoices')
    .select(['content', 'contentType', 'fileName', 'reference'])
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}
