// Webhooks: registration (the URL checked against SSRF), listing, deletion by id or URL, the
// deliveries of one webhook with their attempts, and a manual redelivery.
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import type { Clock } from '../../jobs/runner.js';
import type { Page } from '../../app/paging.js';
import * as repo from './repo.js';
import type { WebhookDeliveryT, WebhookInputT, WebhookT, WebhookUpdateT } from './schemas.js';
import { isIP } from 'node:net';
import { forbiddenAddress, hostOf, type Resolver } from './ssrf.js';

export interface WebhooksContext {
  db: Db;
  config: Pick<Config, 'webhookAllowPrivate' | 'webhookTimeoutMs' | 'outboxLeaseSeconds'>;
  clock: Clock;
  resolve: Resolver;
}

/** Registrations per account: enough for every integration, bounded so fan-out stays cheap. */
export const MAX_WEBHOOKS = 100;

export function eventIdOf(outboxId: number): string {
  return `evt_${outboxId}`;
}

function present(row: repo.WebhookRow, withSecret: boolean): WebhookT {
  return {
    id: row.id,
    name: row.name,
    secretKey: withSecret ? row.secretKey : null,
    types: JSON.parse(row.types) as WebhookT['types'],
    url: row.url,
  };
}

/** What a host is by its spelling alone: an IP literal that is not public, or a name of this machine. */
function literalProblem(host: string): string | null {
  if (isIP(host)) return forbiddenAddress(host);
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') ? `${host} is this machine (loopback)` : null;
}

/**
 * What a name resolves to now, when it resolves: a name that does not (DNS down, a brand-new name)
 * is registered, since the n8n trigger and Pipedream register their own public hosts and a refusal
 * there breaks them; the delivery checks every address again and reports a failure as a retried
 * delivery. A name that resolves to a private address now is refused at once.
 */
async function resolvedProblem(host: string, resolve: Resolver): Promise<string | null> {
  let addresses: string[];
  try {
    addresses = await Promise.race([
      resolve(host),
      new Promise<never>((_, reject) => {
        setTimeout(() => {
          reject(new Error('timeout'));
        }, REGISTRATION_LOOKUP_MS).unref();
      }),
    ]);
  } catch {
    return null;
  }
  for (const address of addresses) {
    const problem = forbiddenAddress(address);
    if (problem) return `${host} resolves to ${problem.replace(' is a ', ', a ')}`;
  }
  return null;
}

/** How long registration waits for a name to resolve before registering it unresolved. */
const REGISTRATION_LOOKUP_MS = 2000;

/** The URL parsed and checked: absolute http(s), no credentials, and (unless allowed) no private address. */
export async function checkWebhookUrl(ctx: WebhooksContext, raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw ValidationError.field('url', 'must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw ValidationError.field('url', `must be http or https, not ${url.protocol}`);
  if (url.username || url.password) throw ValidationError.field('url', 'must not carry a user name or password');
  if (!ctx.config.webhookAllowPrivate) {
    const problem = literalProblem(hostOf(url)) ?? (await resolvedProblem(hostOf(url), ctx.resolve));
    if (problem) {
      throw ValidationError.field('url', `${problem}: webhooks may only reach public addresses (WEBHOOK_ALLOW_PRIVATE=1 lifts this)`);
    }
  }
  return url.toString();
}

export async function createWebhook(ctx: WebhooksContext, accountId: number, input: WebhookInputT): Promise<WebhookT> {
  const name = input.name.trim();
  if (!name) throw ValidationError.field('name', 'must not be blank');
  const url = await checkWebhookUrl(ctx, input.url);
  if ((await repo.countWebhooks(ctx.db.kysely, accountId)) >= MAX_WEBHOOKS)
    throw new ConflictError(`An account may register at most ${MAX_WEBHOOKS} webhooks; delete one first`);
  const row = {
    accountId,
    name,
    url,
    types: JSON.stringify([...new Set(input.types)]),
    secretKey: input.secretKey ?? `whsec_${randomBytes(32).toString('base64url')}`,
    fromEventId: await repo.lastEventId(ctx.db.kysely),
    createdAt: new Date(ctx.clock()).toISOString(),
  };
  const id = await repo.insertWebhook(ctx.db.kysely, row);
  return present({ id, ...row }, true);
}

/**
 * Name, URL (checked as at registration) and event types changed in place; the secret and the
 * deliveries are kept (a pending one goes to the new URL at its next attempt, the new types apply to
 * the events after the change). Another account's webhook is a missing one.
 */
export async function updateWebhook(ctx: WebhooksContext, accountId: number, id: number, input: WebhookUpdateT): Promise<WebhookT> {
  const db = ctx.db.kysely;
  if (!(await repo.getWebhook(db, accountId, id))) throw new NotFoundError('Webhook', id);
  const name = input.name.trim();
  if (!name) throw ValidationError.field('name', 'must not be blank');
  const url = await checkWebhookUrl(ctx, input.url);
  if (!(await repo.updateWebhook(db, accountId, id, { name, url, types: JSON.stringify([...new Set(input.types)]) }))) {
    throw new NotFoundError('Webhook', id);
  }
  return present((await repo.getWebhook(db, accountId, id))!, false);
}

export async function listWebhooks(ctx: WebhooksContext, accountId: number): Promise<WebhookT[]> {
  return (await repo.listWebhooks(ctx.db.kysely, accountId)).map((row) => present(row, false));
}

/** Deletes by id (when not 0, as the n8n node sends it by default) or else every registration of the URL. */
export async function deleteWebhook(ctx: WebhooksContext, accountId: number, id: number | undefined, url: string | undefined) {
  const all = await repo.listWebhooks(ctx.db.kysely, accountId);
  let found: repo.WebhookRow[];
  if (id) found = all.filter((w) => w.id === id);
  else if (url) {
    let normalized = url.trim();
    try {
      normalized = new URL(normalized).toString();
    } catch {
      // compared as given
    }
    found = all.filter((w) => w.url === normalized || w.url === url);
  } else throw ValidationError.field('id', 'give the id or the url of the webhook to delete');
  if (!found.length) throw new NotFoundError('Webhook', id || url);
  await repo.deleteWebhooks(
    ctx.db.kysely,
    accountId,
    found.map((w) => w.id),
  );
  return present(found[0], false);
}

function iso(ms: number | string | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString();
}

const STATUS = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' } as const;

function presentDelivery(row: repo.DeliveryRow, attempts: repo.AttemptRow[]): WebhookDeliveryT {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventId: eventIdOf(row.eventId),
    eventType: row.eventType,
    status: STATUS[row.status],
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
    history: attempts.map((a) => ({ attemptedAt: a.attemptedAt, statusCode: a.statusCode, error: a.error, durationMs: a.durationMs })),
  };
}

export async function listDeliveries(ctx: WebhooksContext, accountId: number, webhookId: number, page: Page) {
  const db = ctx.db.kysely;
  if (!(await repo.getWebhook(db, accountId, webhookId))) throw new NotFoundError('Webhook', webhookId);
  const rows = await repo.listDeliveries(db, accountId, webhookId, page.offset, page.size);
  const attempts = await repo.attemptsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => presentDelivery(r, attempts.get(r.id) ?? [])),
    total: await repo.countDeliveries(db, accountId, webhookId),
  };
}

/** Delivers the event again (same envelope id), at once, with a new three-day window. */
export async function redeliver(ctx: WebhooksContext, accountId: number, webhookId: number, deliveryId: number) {
  const db = ctx.db.kysely;
  if (!(await repo.getDelivery(db, accountId, webhookId, deliveryId))) throw new NotFoundError('Delivery', deliveryId);
  await repo.resetDelivery(db, deliveryId, ctx.clock());
  const row = (await repo.getDelivery(db, accountId, webhookId, deliveryId))!;
  return presentDelivery(row, (await repo.attemptsOf(db, [deliveryId])).get(deliveryId) ?? []);
}
