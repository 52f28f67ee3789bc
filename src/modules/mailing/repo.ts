// SQL of queued e-mails (email_messages): the send's own outbox, claimed by the worker with a lease.
import type { Kysely } from 'kysely';
import type { Database, EmailMessagesTable } from '../../db/schema.js';

type Db = Kysely<Database>;

export type EmailRow = Omit<EmailMessagesTable, 'id' | 'attempts'> & { id: number; attempts: number };

export async function insertEmail(db: Db, row: Omit<EmailRow, 'id' | 'attempts'>): Promise<EmailRow> {
  const { id } = await db.insertInto('emailMessages').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, attempts: 0, ...row };
}

export function getEmail(db: Db, id: number): Promise<EmailRow | undefined> {
  return db.selectFrom('emailMessages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getAccountEmail(db: Db, accountId: number, id: number): Promise<EmailRow | undefined> {
  return db.selectFrom('emailMessages').selectAll().where('accountId', '=', accountId).where('id', '=', id).executeTakeFirst();
}

export interface EmailFilter {
  documentType?: string;
  documentId?: number;
  status?: EmailRow['status'];
}

/** One page of an account's e-mails, newest first, and how many match. */
export async function listAccountEmails(
  db: Db,
  accountId: number,
  filter: EmailFilter,
  page: { offset: number; size: number },
): Promise<{ rows: EmailRow[]; total: number }> {
  let q = db.selectFrom('emailMessages').where('accountId', '=', accountId);
  if (filter.documentType) q = q.where('documentKind', '=', filter.documentType);
  if (filter.documentId !== undefined) q = q.where('documentId', '=', filter.documentId);
  if (filter.status) q = q.where('status', '=', filter.status);
  const { n } = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute();
  return { rows, total: Number(n) };
}

/** Claims due messages, leased until `leaseUntil` (PostgreSQL: FOR UPDATE SKIP LOCKED). */
export async function claimDue(db: Db, postgres: boolean, now: number, leaseUntil: number, limit: number): Promise<EmailRow[]> {
  let q = db
    .selectFrom('emailMessages')
    .select('id')
    .where('status', '=', 'queued')
    .where('nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
    .orderBy('id')
    .limit(limit);
  if (postgres) q = q.forUpdate().skipLocked();
  const ids = (await q.execute()).map((r) => r.id);
  if (!ids.length) return [];
  await db
    .updateTable('emailMessages')
    .set((eb) => ({ lockedUntil: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', ids)
    .execute();
  return db.selectFrom('emailMessages').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

export async function updateEmail(db: Db, id: number, changes: Partial<Omit<EmailRow, 'id'>>): Promise<void> {
  await db.updateTable('emailMessages').set(changes).where('id', '=', id).execute();
}
