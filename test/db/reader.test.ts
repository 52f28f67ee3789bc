// The connection long reads (exports) go through: on a SQLite file, a read-only handle of its own
// without the memory map, seeing what the main connection commits; elsewhere the connection itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createAccount } from '../../src/modules/accounts/service.js';
import { dialects, freshDatabase } from '../helpers/harness.js';

describe('the reader of a SQLite file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'facturier-reader-'));
  const db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'reader.db') });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is another connection, without the memory map, read-only, and sees what the main connection commits', async () => {
    await migrateToLatest(db);
    const reader = db.reader();
    expect(reader).not.toBe(db.kysely);
    expect(db.reader()).toBe(reader);
    const pragma = async (k: typeof reader, name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(k)).rows[0] as object)[0];
    expect(await pragma(reader, 'mmap_size')).toBe(0);
    expect(await pragma(db.kysely, 'mmap_size')).toBeGreaterThan(0);
    const { accountId } = await createAccount(db, 'Lecture SAS');
    const seen = await reader.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst();
    expect(seen).toEqual({ name: 'Lecture SAS' });
    await expect(reader.updateTable('accounts').set({ name: 'Écrit' }).where('id', '=', accountId).execute()).rejects.toThrow(/readonly/);
  });
});

for (const dialect of dialects()) {
  describe(`the reader of an in-memory or PostgreSQL database [${dialect}]`, () => {
    it('is the connection itself', async () => {
      const { db, dispose } = await freshDatabase(dialect);
      try {
        expect(db.reader()).toBe(db.kysely);
      } finally {
        await dispose();
      }
    });
  });
}
