// SQL of recurring invoice models and their occurrences (unique per model and occurrence).
import type { Kysely } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import type { Database, RecurringInvoiceRunsTable, RecurringInvoicesTable } from '../../db/schema.js';

type Db = Kysely<Database>;
export type ModelRow = Omit<RecurringInvoicesTable, 'id' | 'issuedCount'> & { id: number; issuedCount: number };
export type RunRow = Omit<RecurringInvoiceRunsTable, 'id'> & { id: number };

export async function insertModel(db: Db, row: Omit<ModelRow, 'id' | 'issuedCount'>): Promise<number> {
  const { id } = await db.insertInto('recurringInvoices').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function getModel(db: Db, accountId: number, id: number, forUpdate = false): Promise<ModelRow | undefined> {
  let q = db.selectFrom('recurringInvoices').selectAll().where('accountId', '=', accountId).where('id', '=', id);
  if (forUpdate && !isSqlite(db)) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function listModels(db: Db, accountId: number, page: { offset: number; size: number }) {
  const q = db.selectFrom('recurringInvoices').where('accountId', '=', accountId);
  const { n } = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('id').limit(page.size).offset(page.offset).execute();
  return { rows, total: Number(n) };
}

export async function updateModel(db: Db, accountId: number, id: number, changes: Partial<Omit<ModelRow, 'id' | 'accountId'>>) {
  await db.updateTable('recurringInvoices').set(changes).where('accountId', '=', accountId).where('id', '=', id).execute();
}

export async function deleteModel(db: Db, accountId: number, id: number): Promise<void> {
  await db.deleteFrom('recurringInvoices').where('accountId', '=', accountId).where('id', '=', id).execute();
}

/** Active models whose next invoice is due on or before `day` (in any account). */
export function dueModels(db: Db, day: string): Promise<{ id: number; accountId: number }[]> {
  return db
    .selectFrom('recurringInvoices')
    .select(['id', 'accountId'])
    .where('state', '=', 'Active')
    .where('nextDate', '<=', day)
    .orderBy('id')
    .execute();
}

/** Records occurrence n of a model; false when it is already recorded (the unique constraint decides). */
export async function claimOccurrence(db: Db, row: Omit<RunRow, 'id'>): Promise<number | undefined> {
  const found = await db
    .insertInto('recurringInvoiceRuns')
    .values(row)
    .onConflict((oc) => oc.columns(['modelId', 'occurrence']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return found?.id;
}

export async function updateRun(db: Db, id: number, changes: Partial<Pick<RunRow, 'invoiceId' | 'problem'>>) {
  await db.updateTable('recurringInvoiceRuns').set(changes).where('id', '=', id).execute();
}

export function runsOf(db: Db, accountId: number, modelId: number): Promise<RunRow[]> {
  return db
    .selectFrom('recurringInvoiceRuns')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('modelId', '=', modelId)
    .orderBy('occurrence')
    .execute();
}
