// SQL of webhooks, their deliveries and attempts. Times of the delivery schedule are epoch
// milliseconds (bigint), compared in SQL; the others ISO strings like everywhere else.
import { sql, type Kysely } from 'kysely';
import type { Database, WebhookDeliveriesTable } from '../../db/schema.js';

type Db = Kysely<Database>;

export interface WebhookRow {
  id: number;
  accountId: number;
  name: string;
  url: string;
  types: string;
  secretKey: string;
  fromEventId: number;
  createdAt: string;
}

export async function insertWebhook(db: Db, row: Omit<WebhookRow, 'id'>): Promise<number> {
  const { id } = await db.insertInto('webhooks').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The id of the latest outbox event (0 when none). */
export async function lastEventId(db: Db): Promise<number> {
  const r = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}

export function listWebhooks(db: Db, accountId: number): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().where('accountId', '=', accountId).orderBy('id').execute();
}

export async function countWebhooks(db: Db, accountId: number): Promise<number> {
  const r = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accountId', '=', accountId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function getWebhook(db: Db, accountId: number, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('accountId', '=', accountId).where('id', '=', id).executeTakeFirst();
}

/** Name, URL and types replaced; false when the account has no such webhook. */
export async function updateWebhook(
  db: Db,
  accountId: number,
  id: number,
  values: Pick<WebhookRow, 'name' | 'url' | 'types'>,
): Promise<boolean> {
  const result = await db.updateTable('webhooks').set(values).where('accountId', '=', accountId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteWebhooks(db: Db, accountId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('webhooks').where('accountId', '=', accountId).where('id', 'in', ids).execute();
}

/** The webhooks of these accounts (the dispatcher's fan-out). */
export function webhooksOf(db: Db, accountIds: number[]): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().where('accountId', 'in', accountIds).orderBy('id').execute();
}

export type DeliveryRow = Omit<WebhookDeliveriesTable, 'id' | 'attempts'> & { id: number; attempts: number };

export function listDeliveries(db: Db, accountId: number, webhookId: number, offset: number, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('webhookId', '=', webhookId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countDeliveries(db: Db, accountId: number, webhookId: number): Promise<number> {
  const r = await db
    .selectFrom('webhookDeliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accountId', '=', accountId)
    .where('webhookId', '=', webhookId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function getDelivery(db: Db, accountId: number, webhookId: number, id: number): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('webhookId', '=', webhookId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface AttemptRow {
  deliveryId: number;
  attemptedAt: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** The latest `perDelivery` attempts of each delivery, newest first. */
export async function attemptsOf(db: Db, deliveryIds: number[], perDelivery = 20): Promise<Map<number, AttemptRow[]>> {
  const out = new Map<number, AttemptRow[]>();
  if (!deliveryIds.length) return out;
  const rows = await db
    .selectFrom('webhookAttempts')
    .select(['deliveryId', 'attemptedAt', 'statusCode', 'error', 'durationMs'])
    .where('deliveryId', 'in', deliveryIds)
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const list = out.get(row.deliveryId) ?? [];
    if (list.length < perDelivery) list.push(row);
    out.set(row.deliveryId, list);
  }
  return out;
}

export async function resetDelivery(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('webhookDeliveries')
    .set({ status: 'pending', nextAttemptAt: now, firstAttemptAt: null, lockedUntil: null, deliveredAt: null })
    .where('id', '=', id)
    .execute();
}

// --- the worker --------------------------------------------------------------------------------

export interface OutboxEvent {
  id: number;
  accountId: number;
  type: string;
  payload: string;
  createdAt: string;
}

/** The oldest events not yet handed to webhooks (the dispatcher holds a lock: one at a time). */
export function pendingEvents(db: Db, limit: number): Promise<OutboxEvent[]> {
  return db
    .selectFrom('outbox')
    .select(['id', 'accountId', 'type', 'payload', 'createdAt'])
    .where('deliveredAt', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markDispatched(db: Db, ids: number[], at: string): Promise<void> {
  await db.updateTable('outbox').set({ deliveredAt: at }).where('id', 'in', ids).execute();
}

export async function insertDeliveries(db: Db, rows: Omit<DeliveryRow, 'id' | 'attempts'>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('webhookDeliveries')
      .values(rows.slice(i, i + 200))
      .execute();
}

/**
 * Claims due deliveries: each the oldest pending one of its webhook and resource (so a resource's
 * events go out in order), not leased by another worker; leased until `leaseUntil`. PostgreSQL
 * skips rows another worker is claiming (FOR UPDATE SKIP LOCKED).
 */
export async function claimDue(db: Db, postgres: boolean, now: number, leaseUntil: number, limit: number): Promise<number[]> {
  let q = db
    .selectFrom('webhookDeliveries as d')
    .select('d.id')
    .where('d.status', '=', 'pending')
    .where('d.nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('d.lockedUntil', 'is', null), eb('d.lockedUntil', '<', now)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhookDeliveries as p')
            .select(sql`1`.as('one'))
            .whereRef('p.webhookId', '=', 'd.webhookId')
            .whereRef('p.resourceKey', '=', 'd.resourceKey')
            .where('p.status', '=', 'pending')
            .whereRef('p.eventId', '<', 'd.eventId'),
        ),
      ),
    )
    .orderBy('d.eventId')
    .limit(limit);
  if (postgres) q = q.forUpdate().skipLocked();
  const ids = (await q.execute()).map((r) => r.id);
  if (ids.length) {
    await db
      .updateTable('webhookDeliveries')
      .set((eb) => ({ lockedUntil: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', ids)
      .execute();
  }
  return ids;
}

export interface ClaimedDelivery {
  id: number;
  accountId: number;
  webhookId: number;
  eventId: number;
  eventType: string;
  attempts: number;
  firstAttemptAt: number | string | null;
  url: string;
  secretKey: string;
  payload: string;
  eventCreatedAt: string;
}

export function claimedDeliveries(db: Db, ids: number[]): Promise<ClaimedDelivery[]> {
  return db
    .selectFrom('webhookDeliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhookId')
    .innerJoin('outbox as o', 'o.id', 'd.eventId')
    .select([
      'd.id',
      'd.accountId',
      'd.webhookId',
      'd.eventId',
      'd.eventType',
      'd.attempts',
      'd.firstAttemptAt',
      'w.url',
      'w.secretKey',
      'o.payload',
      'o.createdAt as eventCreatedAt',
    ])
    .where('d.id', 'in', ids)
    .orderBy('d.eventId')
    .execute();
}

export interface AttemptOutcome {
  id: number;
  changes: Partial<Omit<DeliveryRow, 'id'>>;
  attempt: Omit<AttemptRow, 'deliveryId'>;
}

/** Records a round's outcomes; a delivery gone meanwhile (its webhook was deleted) is skipped. */
export async function recordAttempts(db: Db, outcomes: AttemptOutcome[]): Promise<void> {
  const kept = new Set<number>();
  for (const o of outcomes) {
    const updated = await db.updateTable('webhookDeliveries').set(o.changes).where('id', '=', o.id).executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) kept.add(o.id);
  }
  const attempts = outcomes.filter((o) => kept.has(o.id)).map((o) => ({ deliveryId: o.id, ...o.attempt }));
  for (let i = 0; i < attempts.length; i += 200)
    await db
      .insertInto('webhookAttempts')
      .values(attempts.slice(i, i + 200))
      .execute();
}
