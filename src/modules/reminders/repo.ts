// SQL of reminders: the invoices the schedule looks at, and the reminders sent (invoice_reminders,
// unique per invoice and step).
import type Big from 'big.js';
import type { Kysely } from 'kysely';
import { fromStoredAmount, toStoredAmount } from '../../db/money.js';
import type { Database, InvoiceRemindersTable } from '../../db/schema.js';

type Db = Kysely<Database>;

export type ReminderRow = Omit<InvoiceRemindersTable, 'id' | 'amountDue' | 'formalNotice'> & {
  id: number;
  amountDue: Big;
  formalNotice: boolean;
};

function decode(db: Db, row: Omit<InvoiceRemindersTable, 'id'> & { id: number }): ReminderRow {
  return { ...row, amountDue: fromStoredAmount(db, row.amountDue), formalNotice: Boolean(row.formalNotice) };
}

export async function remindersOf(db: Db, accountId: number, invoiceId: number): Promise<ReminderRow[]> {
  const rows = await db
    .selectFrom('invoiceReminders')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('invoiceId', '=', invoiceId)
    .orderBy('step')
    .execute();
  return rows.map((r) => decode(db, r));
}

export async function sentStepsOf(db: Db, invoiceIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!invoiceIds.length) return out;
  const rows = await db.selectFrom('invoiceReminders').select(['invoiceId', 'step']).where('invoiceId', 'in', invoiceIds).execute();
  for (const r of rows) out.set(r.invoiceId, [...(out.get(r.invoiceId) ?? []), r.step]);
  return out;
}

/**
 * Records a reminder; undefined when that step of that invoice is already recorded (by another
 * process, or an earlier run): the unique (invoice_id, step) decides, never a check in memory.
 */
export async function insertReminder(db: Db, row: Omit<ReminderRow, 'id'>): Promise<number | undefined> {
  const found = await db
    .insertInto('invoiceReminders')
    .values({ ...row, amountDue: toStoredAmount(db, row.amountDue), formalNotice: row.formalNotice ? 1 : 0 })
    .onConflict((oc) => oc.columns(['invoiceId', 'step']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return found?.id;
}

export async function setEmailId(db: Db, id: number, emailId: number): Promise<void> {
  await db.updateTable('invoiceReminders').set({ emailId }).where('id', '=', id).execute();
}

/** Finalized invoices still due, not cancelled, due on or before `dueBefore`: what a schedule may remind. */
export async function openInvoices(db: Db, dueBefore: string): Promise<{ id: number; accountId: number }[]> {
  return db
    .selectFrom('saleDocuments')
    .select(['id', 'accountId'])
    .where('kind', '=', 'Invoice')
    .where('isDraft', '=', false)
    .where('isPaid', '=', false)
    .where('isCancelled', '=', false)
    .where('dueDate', 'is not', null)
    .where('dueDate', '<=', dueBefore)
    .orderBy('accountId')
    .orderBy('id')
    .execute();
}
