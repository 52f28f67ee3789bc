// Owns running one use case as one transaction.
//
// PostgreSQL: each use case gets its own transaction, as usual.
//
// SQLite: the single connection serializes every write, and the commit (writing the transaction's
// pages to the WAL, and every thousand pages a checkpoint) costs as much as the rest of a small use
// case. So use cases are committed in groups (group commit): once the queued ones have run, the
// transaction waits one turn of the event loop, in which requests already received reach their
// handlers and queue their use cases, and those join the same commit. Each runs in its own savepoint,
// in arrival order, so one that fails rolls back alone and leaves the others' writes in place; every
// caller's promise settles only after the commit that made its writes durable, with its own result or
// error. Without concurrency a group is one use case, delayed by one event-loop turn.
//
// A use case never opens a transaction inside its own: on SQLite the inner one would wait for the
// group that waits for it, forever; on PostgreSQL it would commit apart from the outer one. Such a
// call is refused at once (TransactionReentryError); pass the open `trx` down instead. The async
// context that tells (an AsyncLocalStorage) is switched on only while a transaction is open: once
// switched on, Node runs a hook on every promise of the process, which cost a sixth of the CPU of
// every read answer (issue #29, docs/decisions.md). With none open, no caller is inside one.
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely } from 'kysely';
import type { Db } from './connection.js';
import type { Database } from './schema.js';

export type Trx = Kysely<Database>;
type Work<T> = (trx: Trx) => Promise<T>;

/**
 * At most this many use cases share a commit: a group holds the connection, and reads that are not
 * part of it (lists, get-by-id) wait for it; 32 finalizations take ~10 ms.
 */
const MAX_GROUP = 32;

interface Pending {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

class GroupCommit {
  private readonly queue: Pending[] = [];
  private draining = false;

  constructor(private readonly kysely: Kysely<Database>) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) await this.commitGroup();
    } finally {
      this.draining = false;
    }
  }

  /** Runs queued use cases (those arriving meanwhile included) in one transaction, then settles them. */
  private async commitGroup(): Promise<void> {
    const settled: { pending: Pending; ok: boolean; value: unknown }[] = [];
    let commitError: unknown = null;
    try {
      await this.kysely.transaction().execute(async (trx) => {
        while (settled.length < MAX_GROUP) {
          if (this.queue.length === 0) {
            // Requests already received are parsed and handled in the next turn of the event loop:
            // wait for it once, so that their use cases can join this commit.
            await new Promise((resolve) => setImmediate(resolve));
            if (this.queue.length === 0) break;
          }
          const pending = this.queue.shift()!;
          await sql`savepoint use_case`.execute(trx);
          try {
            const value = await insideTransaction.run(this.kysely, () => pending.work(trx));
            await sql`release use_case`.execute(trx);
            settled.push({ pending, ok: true, value });
          } catch (error) {
            settled.push({ pending, ok: false, value: error });
            // If the database already undid the whole transaction (it does on some I/O errors),
            // this throws and every use case of the group fails with that error below.
            await sql`rollback to use_case`.execute(trx);
            await sql`release use_case`.execute(trx);
          }
        }
      });
    } catch (error) {
      commitError = error;
    }
    for (const { pending, ok, value } of settled) {
      if (!ok) pending.reject(value);
      else if (commitError !== null) pending.reject(commitError);
      else pending.resolve(value);
    }
  }
}

const groups = new WeakMap<Kysely<Database>, GroupCommit>();

/** The database whose transaction the current async context runs in, if any. */
const insideTransaction = new AsyncLocalStorage<Kysely<Database>>();

export class TransactionReentryError extends Error {
  override readonly name = 'TransactionReentryError';
  constructor() {
    super('transaction() called inside a transaction of the same database: pass the open transaction down instead');
  }
}

/** Transactions open in this process, of any database: the async context is on while there is one. */
let open = 0;

/** Runs `work` as one transaction (on SQLite, possibly sharing its commit with concurrent use cases). */
export async function transaction<T>(db: Db, work: Work<T>): Promise<T> {
  if (insideTransaction.getStore() === db.kysely) throw new TransactionReentryError();
  open++;
  try {
    if (db.dialect !== 'sqlite') {
      return await db.kysely.transaction().execute((trx) => insideTransaction.run(db.kysely, () => work(trx)));
    }
    let group = groups.get(db.kysely);
    if (!group) {
      group = new GroupCommit(db.kysely);
      groups.set(db.kysely, group);
    }
    return await group.run(work);
  } finally {
    // The last one closed: every later getStore() answers undefined until the next run() switches it on.
    if (--open === 0) insideTransaction.disable();
  }
}
