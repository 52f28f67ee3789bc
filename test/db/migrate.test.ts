// Migrations on PostgreSQL in the schema that DATABASE_URL chooses (`options=-c search_path=…`),
// with another Facturier schema in the same database (as on a shared server, or in CI).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';

const url = process.env.TEST_PG_URL;

describe.runIf(url)('migrations in the PostgreSQL schema of DATABASE_URL', () => {
  const schemas = [0, 1].map(() => `t_${process.pid}_${randomBytes(4).toString('hex')}`);
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query<{ name: string }>(query);
    } finally {
      await client.end();
    }
  };
  const urlFor = (schema: string) => {
    const u = new URL(url!);
    u.searchParams.set('options', `-c search_path=${schema}`);
    return u.toString();
  };
  afterAll(async () => {
    for (const schema of schemas) await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  it('migrates each schema on its own, its bookkeeping inside it', async () => {
    for (const schema of schemas) {
      await admin(`CREATE SCHEMA ${schema}`);
      const config = loadConfig({ DATABASE_URL: urlFor(schema) });
      expect(config.database).toMatchObject({ dialect: 'postgres', schema });
      const db = openDatabase(config.database);
      try {
        expect(await migrateToLatest(db)).toEqual(migrations.map((m) => m.name));
        expect(await migrateToLatest(db)).toEqual([]);
      } finally {
        await db.close();
      }
      const applied = await admin(`SELECT name FROM ${schema}.kysely_migration ORDER BY name`);
      expect(applied.rows.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
    }
  });
});
