// Accounts and API keys: creation, listing, revocation, regeneration, and key resolution for auth.
// A key is 256 random bits, shown once; only its SHA-256 is stored (a fast hash is right here:
// the key has full entropy, so there is nothing for a slow hash to protect against).
import { transaction } from '../../db/transaction.js';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { Principal, RecordSharedFailure } from '../../app/principal.js';
import * as repo from './repo.js';

export const KEY_PREFIX = 'fk_';

/** The start of a key that names it in listings (`fk_` and 6 characters): not secret. */
export function keyPrefixOf(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Creates a fresh key row and returns the only copy of the key in clear. */
async function issueKey(db: Kysely<Database>, accountId: number, name: string): Promise<CreatedKey> {
  const apiKey = KEY_PREFIX + randomBytes(32).toString('base64url');
  const row = await repo.insertApiKey(db, {
    accountId,
    name,
    keyHash: hashApiKey(apiKey),
    prefix: keyPrefixOf(apiKey),
  });
  return { id: row.id, name: row.name, apiKey };
}

function checkName(name: string, field: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw ValidationError.field(field, 'must not be empty');
  if (trimmed.length > 200) throw ValidationError.field(field, 'must be at most 200 characters');
  return trimmed;
}

export interface CreatedKey {
  id: number;
  name: string;
  apiKey: string;
}

export async function createApiKey(db: Db, accountId: number, name = 'Default'): Promise<CreatedKey> {
  const keyName = checkName(name, 'name');
  if (!(await repo.findAccount(db.kysely, accountId))) throw new NotFoundError('Account', accountId);
  return issueKey(db.kysely, accountId, keyName);
}

export async function createAccount(db: Db, name: string, keyName = 'Default') {
  const accountName = checkName(name, 'name');
  return transaction(db, async (trx) => {
    const accountId = await repo.insertAccount(trx, accountName);
    const key = await issueKey(trx, accountId, checkName(keyName, 'keyName'));
    return { accountId, apiKeyId: key.id, apiKey: key.apiKey };
  });
}

export async function listApiKeys(db: Db, accountId: number) {
  if (!(await repo.findAccount(db.kysely, accountId))) throw new NotFoundError('Account', accountId);
  return repo.listApiKeys(db.kysely, accountId);
}

export async function revokeApiKey(db: Db, accountId: number, keyId: number): Promise<void> {
  if (!(await repo.revokeApiKey(db.kysely, accountId, keyId))) throw new NotFoundError('Active API key', keyId);
}

/** Regenerating = revoking the old key and creating a new one with the same name, atomically. */
export async function regenerateApiKey(db: Db, accountId: number, keyId: number): Promise<CreatedKey> {
  return transaction(db, async (trx) => {
    const keys = await repo.listApiKeys(trx, accountId);
    const old = keys.find((k) => k.id === keyId && !k.revokedAt);
    if (!old || !(await repo.revokeApiKey(trx, accountId, keyId))) throw new NotFoundError('Active API key', keyId);
    return issueKey(trx, accountId, old.name);
  });
}

/** How many resolved keys a process keeps (all are dropped when full: a bound, not an LRU). */
export const KEY_CACHE_SIZE = 10_000;
/** How long a resolved key is kept at most, whatever else happens (a safety net). */
export const KEY_CACHE_TTL_MS = 60_000;

/**
 * Resolves a presented key. A key resolved once is kept in memory (by the key itself, so a hit
 * costs no hash and no join) with the auth generation read before it was resolved; every call
 * reads that generation — one primary-key row, which migration 027's triggers move in the very
 * transaction that revokes a key or renames an account, whichever process (or `facturier keys
 * revoke`) made it — and uses the kept key only while it is unchanged. So a revocation is refused
 * from the next request on, in this process and every other one, as when every call looked the key
 * up. Unknown keys are not kept. `lastUsedAt` is written at most once a minute per key per process,
 * before the answer of the request that writes it (a failure to write it is logged, not answered).
 */
export function keyResolver(db: Db, log: (err: unknown) => void) {
  const lastTouched = new Map<number, number>();
  const findActiveKey = repo.activeKeyFinder(db);
  const readGeneration = repo.authGenerationReader(db);
  const cache = new Map<string, { principal: Principal; generation: string; at: number }>();
  return async (key: string): Promise<Principal | null> => {
    if (key.length > 200) return null;
    // Read before the lookup: a revocation committed in between makes the kept entry stale at once.
    const generation = await readGeneration();
    const now = Date.now();
    let kept = cache.get(key);
    if (!kept || kept.generation !== generation || now - kept.at >= KEY_CACHE_TTL_MS) {
      const row = await findActiveKey(hashApiKey(key));
      if (!row) {
        cache.delete(key);
        return null;
      }
      if (cache.size >= KEY_CACHE_SIZE) cache.clear();
      kept = { principal: row, generation, at: now };
      cache.set(key, kept);
    }
    const principal = kept.principal;
    if ((lastTouched.get(principal.apiKeyId!) ?? 0) < now - 60_000) {
      lastTouched.set(principal.apiKeyId!, now);
      // Awaited (once a minute per key): the answer follows the write, so a listing made after it shows the use.
      await repo.touchApiKey(db.kysely, principal.apiKeyId!, new Date(now).toISOString()).catch(log);
    }
    return { ...principal };
  };
}

/**
 * Failed authentications counted in the auth_failures table, which every server process on
 * PostgreSQL shares; undefined on SQLite (one process: memory is enough, and a flood of failures
 * causes no writes). Windows older than an hour are pruned now and then.
 */
export function sharedFailureRecorder(db: Db): RecordSharedFailure | undefined {
  if (db.sqlite) return undefined;
  let lastPrune = 0;
  return async (bucket, now, windowMs) => {
    const window = await repo.recordAuthFailure(db.kysely, bucket, now, windowMs);
    if (now - lastPrune > 60_000) {
      lastPrune = now;
      await repo.pruneAuthFailures(db.kysely, now - Math.max(windowMs, 3_600_000));
    }
    return window;
  };
}
