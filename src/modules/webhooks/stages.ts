// The outbox worker's webhook stages. `dispatch` hands each new outbox event to the webhooks of
// its account that subscribe to its type (one delivery row per webhook), one dispatcher at a time
// (an advisory lock on PostgreSQL), so that a resource's deliveries are created in event order.
// `deliver` claims due deliveries (the oldest pending one per webhook and resource, so order holds
// even across worker processes), leases them, POSTs the signed envelope, and records the attempt:
// delivered on 2xx; retried with exponential backoff for three days on network errors, timeouts,
// 5xx, 408 and 429; failed at once on any other answer.
import { sql } from 'kysely';
import { transaction } from '../../db/transaction.js';
import { backoffMs, RETRY_WINDOW_MS, type Stage } from '../../jobs/runner.js';
import { VERSION } from '../../version.js';
import { postSigned, signature } from './post.js';
import * as repo from './repo.js';
import { eventIdOf, type WebhooksContext } from './service.js';

const DISPATCH_BATCH = 200;
const DELIVER_BATCH = 200;

/** "InvoicePaid" -> "Invoice": deliveries for one resource go out in order. */
export function resourceOf(type: string): string {
  return type.replace(/(Created|Updated|Deleted|Finalized|Cancelled|Paid|Sent|Failed)$/, '') || type;
}

function resourceKey(type: string, payload: string): string {
  let id: unknown = null;
  try {
    id = (JSON.parse(payload) as { id?: unknown } | null)?.id ?? null;
  } catch {
    // a payload that is not an object is keyed by type alone
  }
  return `${resourceOf(type)}:${typeof id === 'number' || typeof id === 'string' ? String(id) : ''}`;
}

export function dispatchStage(ctx: WebhooksContext): Stage {
  return {
    name: 'webhooks:dispatch',
    run: (now) =>
      transaction(ctx.db, async (trx) => {
        if (ctx.db.dialect === 'postgres') {
          const lock = await sql<{
            ok: boolean;
          }>`select pg_try_advisory_xact_lock(hashtext(current_schema() || '.facturier-outbox-dispatch')) as ok`.execute(trx);
          if (!lock.rows[0]?.ok) return 0;
        }
        const events = await repo.pendingEvents(trx, DISPATCH_BATCH);
        if (!events.length) return 0;
        const hooks = await repo.webhooksOf(trx, [...new Set(events.map((e) => e.accountId))]);
        const byAccount = new Map<number, { id: number; from: number; types: Set<string> }[]>();
        for (const h of hooks) {
          const list = byAccount.get(h.accountId) ?? [];
          list.push({ id: h.id, from: h.fromEventId, types: new Set(JSON.parse(h.types) as string[]) });
          byAccount.set(h.accountId, list);
        }
        const at = new Date(now).toISOString();
        const rows: Parameters<typeof repo.insertDeliveries>[1] = [];
        for (const event of events) {
          const subscribed = (byAccount.get(event.accountId) ?? []).filter((h) => h.from < event.id && h.types.has(event.type));
          if (!subscribed.length) continue;
          const key = resourceKey(event.type, event.payload);
          for (const h of subscribed) {
            rows.push({
              accountId: event.accountId,
              webhookId: h.id,
              eventId: event.id,
              eventType: event.type,
              resourceKey: key,
              status: 'pending',
              nextAttemptAt: now,
              lockedUntil: null,
              firstAttemptAt: null,
              lastStatusCode: null,
              lastError: null,
              createdAt: at,
              deliveredAt: null,
            });
          }
        }
        await repo.insertDeliveries(trx, rows);
        await repo.markDispatched(
          trx,
          events.map((e) => e.id),
          at,
        );
        return events.length;
      }),
  };
}

function retryable(statusCode: number | null): boolean {
  return statusCode === null || statusCode >= 500 || statusCode === 408 || statusCode === 429;
}

/** The envelope's bytes: {id, type, createdAt, accountId, data} with data the stored payload as is. */
export function envelope(d: Pick<repo.ClaimedDelivery, 'eventId' | 'eventType' | 'eventCreatedAt' | 'accountId' | 'payload'>): string {
  const head = JSON.stringify({ id: eventIdOf(d.eventId), type: d.eventType, createdAt: d.eventCreatedAt, accountId: d.accountId });
  return `${head.slice(0, -1)},"data":${d.payload}}`;
}

export function deliverStage(ctx: WebhooksContext): Stage {
  const options = {
    resolve: ctx.resolve,
    allowPrivate: ctx.config.webhookAllowPrivate,
    timeoutMs: ctx.config.webhookTimeoutMs,
    userAgent: `Facturier-Webhooks/${VERSION}`,
  };
  return {
    name: 'webhooks:deliver',
    async run(now) {
      const leaseUntil = now + ctx.config.outboxLeaseSeconds * 1000;
      const ids = await transaction(ctx.db, (trx) => repo.claimDue(trx, ctx.db.dialect === 'postgres', now, leaseUntil, DELIVER_BATCH));
      if (!ids.length) return 0;
      const claimed = await repo.claimedDeliveries(ctx.db.kysely, ids);
      const outcomes = await Promise.all(
        claimed.map(async (d) => {
          const body = envelope(d);
          const timestamp = Math.floor(ctx.clock() / 1000);
          const result = await postSigned(
            d.url,
            body,
            {
              'x-signature': signature(d.secretKey, timestamp, body),
              'x-signature-timestamp': String(timestamp),
              'x-event-id': eventIdOf(d.eventId),
              'x-event-type': d.eventType,
              'x-webhook-id': String(d.webhookId),
              'x-delivery-id': String(d.id),
              'x-delivery-attempt': String(d.attempts),
            },
            options,
          );
          const at = ctx.clock();
          const first = d.firstAttemptAt === null ? now : Number(d.firstAttemptAt);
          const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
          const error = ok ? null : (result.error ?? `the receiver answered ${String(result.statusCode)}`);
          let changes: repo.AttemptOutcome['changes'];
          if (ok) changes = { status: 'delivered', deliveredAt: new Date(at).toISOString() };
          else {
            const next = at + backoffMs(d.attempts);
            const giveUp = !retryable(result.statusCode) || next - first > RETRY_WINDOW_MS;
            changes = giveUp ? { status: 'failed' } : { status: 'pending', nextAttemptAt: next };
          }
          return {
            id: d.id,
            changes: { ...changes, lockedUntil: null, firstAttemptAt: first, lastStatusCode: result.statusCode, lastError: error },
            attempt: { attemptedAt: new Date(at).toISOString(), statusCode: result.statusCode, error, durationMs: result.durationMs },
          };
        }),
      );
      // One transaction for the round's outcomes: a commit per attempt was what bounded throughput.
      await transaction(ctx.db, (trx) => repo.recordAttempts(trx, outcomes));
      return claimed.length;
    },
  };
}
