// Idempotent writes: a POST, PUT or DELETE carrying an `Idempotency-Key` header has its first
// answer (status, body and the headers a client reads) stored for 24 hours per account and key,
// and replayed to a retry of the same request, with `Idempotent-Replayed: true`. The same key with
// another request (method, path, query or body) is a 422. A duplicate arriving while the first is
// still being processed waits for its answer (on every process: the key is a row in the database).
// 5xx answers are not stored (the retry runs again), nor are streamed bodies (downloads).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection.js';
import { ConflictError, UnprocessableError, ValidationError } from '../errors.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** A key whose first request has not answered within this time (its process died) is taken over. */
const PENDING_LEASE_MS = 60_000;
/** How long a duplicate waits for the first request's answer before a 409. */
const WAIT_LIMIT_MS = 30_000;
const KEY = /^[\x21-\x7e]{1,255}$/;
const REPLAYED_HEADERS = ['content-type', 'etag', 'location'];

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { accountId: number; key: string } | null;
  }
}

export interface IdempotencyOptions {
  clock?: () => number;
  /** Pause between two looks at a key still being processed (ms). */
  pollMs?: number;
}

function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  const type = request.headers['content-type'] ?? '';
  // JSON bodies by value (the same JSON, however formatted, is the same request); others by their
  // declared type and length (multipart uploads are read by the handler, after this hook).
  if (request.body !== undefined) hash.update(JSON.stringify(request.body));
  else hash.update(`${type} ${request.headers['content-length'] ?? ''}`);
  return hash.digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerIdempotency(app: FastifyInstance, db: Db, options: IdempotencyOptions = {}): void {
  const clock = options.clock ?? Date.now;
  const pollMs = options.pollMs ?? 25;
  const kysely = db.kysely;
  app.decorateRequest('idempotency', null);

  // Both hooks take a callback and answer at once when there is nothing to do (a read, a write without
  // the header): an async hook costs a promise and a turn of microtasks on every request (issue #29).
  app.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const write = request.method === 'POST' || request.method === 'PUT' || request.method === 'DELETE' || request.method === 'PATCH';
    const raw = request.headers['idempotency-key'];
    if (!write || raw === undefined || !request.principal) {
      done();
      return;
    }
    // Once it has answered (a replay), Fastify runs nothing more for the request.
    claim(request, reply, raw).then(() => {
      done();
    }, done);
  });

  async function claim(request: FastifyRequest, reply: FastifyReply, raw: string | string[]): Promise<unknown> {
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!KEY.test(key)) throw ValidationError.field('Idempotency-Key', 'must be 1 to 255 visible ASCII characters (a UUID will do)');
    const accountId = request.principal.accountId;
    const fingerprint = fingerprintOf(request);
    const started = clock();
    for (;;) {
      const now = clock();
      const inserted = await kysely
        .insertInto('idempotencyKeys')
        .values({
          accountId,
          key,
          fingerprint,
          status: 'pending',
          responseStatus: null,
          responseHeaders: null,
          responseBody: null,
          lockedUntil: now + PENDING_LEASE_MS,
          expiresAt: now + IDEMPOTENCY_TTL_MS,
        })
        .onConflict((oc) => oc.columns(['accountId', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
        request.idempotency = { accountId, key };
        return;
      }
      const found = await kysely
        .selectFrom('idempotencyKeys')
        .selectAll()
        .where('accountId', '=', accountId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!found) continue;
      if (Number(found.expiresAt) <= now) {
        await kysely
          .deleteFrom('idempotencyKeys')
          .where('accountId', '=', accountId)
          .where('key', '=', key)
          .where('expiresAt', '<=', now)
          .execute();
        continue;
      }
      if (found.fingerprint !== fingerprint) {
        throw new UnprocessableError(
          `Idempotency-Key "${key}" was used for another request (method, path or body differ) in the last 24 hours; use a new key for a new request`,
        );
      }
      if (found.status === 'done') {
        const headers = JSON.parse(found.responseHeaders ?? '{}') as Record<string, string>;
        for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
        void reply.header('idempotent-replayed', 'true');
        return reply.code(found.responseStatus ?? 200).send(found.responseBody ?? undefined);
      }
      if (Number(found.lockedUntil) <= now) {
        // The first request's process went away without answering: this one takes the key over.
        const taken = await kysely
          .updateTable('idempotencyKeys')
          .set({ lockedUntil: now + PENDING_LEASE_MS })
          .where('accountId', '=', accountId)
          .where('key', '=', key)
          .where('status', '=', 'pending')
          .where('lockedUntil', '=', found.lockedUntil)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) > 0) {
          request.idempotency = { accountId, key };
          return;
        }
        continue;
      }
      if (clock() - started > WAIT_LIMIT_MS)
        throw new ConflictError(`A request with Idempotency-Key "${key}" is still being processed; retry later`);
      await sleep(pollMs);
    }
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    const held = request.idempotency;
    if (!held) {
      done(null, payload);
      return;
    }
    request.idempotency = null;
    record(reply, held, payload).then(() => {
      done(null, payload);
    }, done);
  });

  /** Keeps the answer for replays (a 5xx, or an answer that is not text, frees the key instead). */
  async function record(reply: FastifyReply, held: { accountId: number; key: string }, payload: unknown): Promise<void> {
    const where = kysely.deleteFrom('idempotencyKeys').where('accountId', '=', held.accountId).where('key', '=', held.key);
    const body =
      typeof payload === 'string'
        ? payload
        : Buffer.isBuffer(payload)
          ? payload.toString('utf8') // answers serialized from the cache of answers (src/http/fragments.ts)
          : payload === null || payload === undefined
            ? ''
            : null;
    if (reply.statusCode >= 500 || body === null) {
      await where.where('status', '=', 'pending').execute();
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await kysely
      .updateTable('idempotencyKeys')
      .set({ status: 'done', responseStatus: reply.statusCode, responseHeaders: JSON.stringify(headers), responseBody: body })
      .where('accountId', '=', held.accountId)
      .where('key', '=', held.key)
      .execute();
  }
}

/** Deletes the keys whose 24 hours are over (run by the outbox worker). */
export async function purgeIdempotencyKeys(db: Db, now: number): Promise<number> {
  const result = await db.kysely.deleteFrom('idempotencyKeys').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
