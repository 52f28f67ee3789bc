// One use case = one transaction; on SQLite concurrent use cases share a commit (group commit)
// without sharing their fate: each is rolled back alone when it fails, and each caller hears of
// its result only once the commit made it durable.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { transaction, TransactionReentryError, type Trx } from '../../src/db/transaction.js';
import { dialects, freshDatabase } from '../helpers/harness.js';

const insert = (trx: Trx, id: number, label: string) => sql`insert into scratch (id, label) values (${id}, ${label})`.execute(trx);
async function labels(db: Db): Promise<string[]> {
  const { rows } = await sql<{ label: string }>`select label from scratch order by id`.execute(db.kysely);
  return rows.map((r) => r.label);
}

for (const dialect of dialects()) {
  describe(`transaction() on ${dialect}`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ db, dispose } = await freshDatabase(dialect));
      await sql`create table scratch (id integer primary key, label text not null)`.execute(db.kysely);
    });
    afterAll(() => dispose());

    it('refuses a transaction opened inside another at once, and the outer one rolls back when it does not catch', async () => {
      await sql`delete from scratch`.execute(db.kysely);
      const started = Date.now();
      const outer = transaction(db, async (trx) => {
        await insert(trx, 1, 'outer');
        await transaction(db, (inner) => insert(inner, 2, 'inner'));
      });
      await expect(outer).rejects.toBeInstanceOf(TransactionReentryError);
      await expect(outer).rejects.toThrow(/pass the open transaction down/);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await labels(db)).toEqual([]);
      // The database is usable afterwards, and so is a transaction that is not nested.
      await transaction(db, (trx) => insert(trx, 3, 'after'));
      expect(await labels(db)).toEqual(['after']);
    });

    it('still refuses a nested one after every transaction closed (the async context is switched on again)', async () => {
      await sql`delete from scratch`.execute(db.kysely);
      for (let round = 0; round < 3; round++) {
        // Each round starts with no transaction open: the context was switched off at the end of the last.
        const nested = transaction(db, async (trx) => {
          await insert(trx, 10 + round, `round ${round}`);
          await new Promise((resolve) => setImmediate(resolve));
          await transaction(db, (inner) => insert(inner, 20 + round, 'inner'));
        });
        await expect(nested).rejects.toBeInstanceOf(TransactionReentryError);
      }
      expect(await labels(db)).toEqual([]);
    });

    if (dialect === 'postgres') {
      // On SQLite an open use case holds its group, so none runs beside it.
      it('still refuses a nested one when a concurrent transaction closed while it was open', async () => {
        await sql`delete from scratch`.execute(db.kysely);
        let endShort!: () => void;
        const gate = new Promise<void>((resolve) => (endShort = resolve));
        const short = transaction(db, async (trx) => {
          await insert(trx, 30, 'short');
          await gate;
        });
        const nested = transaction(db, async () => {
          endShort();
          await short;
          // `short` closed while this one is open: the context must still be on for this one.
          await transaction(db, (inner) => insert(inner, 31, 'inner'));
        });
        await expect(nested).rejects.toBeInstanceOf(TransactionReentryError);
        expect(await labels(db)).toEqual(['short']);
      });
    }

    it('runs concurrent use cases to their own results; a failing one leaves no write and the others stand', async () => {
      await sql`delete from scratch`.execute(db.kysely);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) =>
          transaction(db, async (trx) => {
            await insert(trx, i + 1, `case ${i + 1}`);
            if (i === 4) throw new Error('case 5 refused after writing');
            if (i === 7) await insert(trx, 1, 'duplicate key'); // a database error mid-way
            return i + 1;
          }),
        ),
      );
      expect(outcomes.map((o) => o.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      expect(outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value)).toEqual([1, 2, 3, 4, 6, 7, 9, 10]);
      expect(((outcomes[4] as PromiseRejectedResult).reason as Error).message).toBe('case 5 refused after writing');
      expect(String((outcomes[7] as PromiseRejectedResult).reason)).toMatch(/unique|duplicate/i);
      expect(await labels(db)).toEqual(['case 1', 'case 2', 'case 3', 'case 4', 'case 6', 'case 7', 'case 9', 'case 10']);
    });

    it('rolls back a lone failing use case entirely', async () => {
      await sql`delete from scratch`.execute(db.kysely);
      await expect(
        transaction(db, async (trx) => {
          await insert(trx, 1, 'written then undone');
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await labels(db)).toEqual([]);
    });

    it('serves more concurrent use cases than one group holds', async () => {
      await sql`delete from scratch`.execute(db.kysely);
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          transaction(db, async (trx) => {
            await insert(trx, i + 1, `n${i + 1}`);
            return i + 1;
          }),
        ),
      );
      expect(results).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect((await labels(db)).length).toBe(200);
    });
  });
}

describe('group commit on a SQLite file', () => {
  let dir: string;
  let db: Db;
  let observer: SQLite.Database;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'facturier-trx-'));
    const file = path.join(dir, 'g.db');
    db = openDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(db);
    await sql`create table scratch (id integer primary key, label text not null)`.execute(db.kysely);
    observer = new SQLite(file, { readonly: true });
  });
  afterAll(async () => {
    observer.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('settles each use case only after its writes are committed (another connection sees them)', async () => {
    const seenByOthers: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        transaction(db, async (trx) => {
          await insert(trx, i + 1, `c${i + 1}`);
          return i + 1;
        }).then((id) => {
          const row = observer.prepare('select label from scratch where id = ?').get(id) as { label: string } | undefined;
          if (row?.label === `c${id}`) seenByOthers.push(id);
        }),
      ),
    );
    expect(seenByOthers.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('lets a use case submitted in the next turn of the event loop join the running commit', async () => {
    await sql`delete from scratch`.execute(db.kysely);
    let second = Promise.resolve() as Promise<unknown>;
    let secondVisibleWhenFirstSettled: boolean | null = null;
    let firstVisibleBeforeCommit: boolean | null = null;
    const first = transaction(db, async (trx) => insert(trx, 1, 'first')).then(() => {
      secondVisibleWhenFirstSettled = (observer.prepare('select count(*) as n from scratch where id = 2').get() as { n: number }).n === 1;
    });
    // As a request arriving meanwhile would: its handler runs in a later turn of the event loop.
    setImmediate(() => {
      firstVisibleBeforeCommit = (observer.prepare('select count(*) as n from scratch where id = 1').get() as { n: number }).n === 1;
      second = transaction(db, async (trx) => insert(trx, 2, 'second'));
    });
    await first;
    await second; // assigned by then: the setImmediate above ran before the group committed
    expect(firstVisibleBeforeCommit).toBe(false); // written, but its commit waits for company
    expect(secondVisibleWhenFirstSettled).toBe(true); // committed together
    expect(await labels(db)).toEqual(['first', 'second']);
  });

  it('fails every use case of a group whose commit fails, and writes none of them', async () => {
    await sql`delete from scratch`.execute(db.kysely);
    await sql`create table if not exists child (id integer primary key, parent_id integer not null references scratch(id))`.execute(
      db.kysely,
    );
    const outcomes = await Promise.allSettled([
      transaction(db, async (trx) => insert(trx, 1, 'first')),
      transaction(db, async (trx) => {
        // A deferred foreign key is only checked at COMMIT: the whole group's commit fails.
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await sql`insert into child (id, parent_id) values (1, 999)`.execute(trx);
      }),
      transaction(db, async (trx) => insert(trx, 3, 'third')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await labels(db)).toEqual([]);
    expect(observer.prepare('select count(*) as n from child').get()).toEqual({ n: 0 });
  });
});
