// Migrations 010 and 011 on a database of the previous version: rows written before have version 1,
// answered as ETag "1", and If-Match works on them at once; the auth_failures table exists.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import type { Db } from '../../../src/db/connection.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { authFailures } from '../../../src/db/migrations/010_auth_failures.js';
import { migrations } from '../../../src/db/migrations/index.js';
import { createAccount } from '../../../src/modules/accounts/index.js';
import { customers } from '../../../src/modules/customers/index.js';
import { dialects, freshDatabase, TEST_AUDIT_KEY } from '../../helpers/harness.js';

const BEFORE_010 = migrations.slice(0, migrations.indexOf(authFailures));

for (const dialect of dialects()) {
  describe(`migrations 010 and 011 on a database of the previous version [${dialect}]`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let headers: Record<string, string>;
    let customerId: number;

    beforeAll(async () => {
      ({ db, dispose } = await freshDatabase(dialect, BEFORE_010));
      const account = await createAccount(db, 'Ancienne SARL');
      headers = { 'x-api-key': account.apiKey };
      // A customer document as the API stores it, made on a database of today, written into the old one.
      const today = await freshDatabase(dialect);
      const other = await createAccount(today.db, 'Modèle SARL');
      await customers.create(today.db, other.accountId, { companyName: 'Ancien client' });
      const model = await today.db.kysely.selectFrom('records').select(['data', 'name', 'searchText', 'number']).executeTakeFirstOrThrow();
      await today.dispose();
      const now = '2026-01-15T10:00:00.000Z';
      const inserted = await sql<{
        id: number;
      }>`insert into records (account_id, kind, number, name, search_text, data, created_at, updated_at)
        values (${account.accountId}, 'customer', ${model.number}, ${model.name}, ${model.searchText}, ${model.data}, ${now}, ${now})
        returning id`.execute(db.kysely.withoutPlugins());
      customerId = inserted.rows[0].id;
      expect(await migrateToLatest(db)).toEqual([
        '010_auth_failures',
        '011_record_versions',
        '012_audit_trail',
        '013_delivery',
        '014_sale_quotes',
        '015_ledgers',
        '017_console_users',
        '019_export_index',
        '021_bank_search',
        '022_sale_document_lines',
        '023_einvoicing_warnings',
        '024_einvoicing_platform',
        '025_ereporting',
        '026_getting_paid',
        '027_read_path',
        '028_einvoicing_status',
      ]);
    });
    afterAll(() => dispose());

    it('gives rows written before version 1, and a PUT with If-Match "1" moves them to "2"', async () => {
      // The audit key given: this in-memory or PostgreSQL database has no key file beside it.
      const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', AUDIT_KEY: TEST_AUDIT_KEY }), db);
      try {
        const read = await app.inject({ method: 'GET', url: `/v1/customers/${customerId}`, headers });
        expect(read.statusCode, read.body).toBe(200);
        expect(read.headers.etag).toBe('"1"');
        const put = await app.inject({
          method: 'PUT',
          url: `/v1/customers/${customerId}`,
          headers: { ...headers, 'if-match': '"1"' },
          payload: { companyName: 'Nouveau nom' },
        });
        expect(put.statusCode, put.body).toBe(200);
        expect(put.headers.etag).toBe('"2"');
        expect(put.json().name).toBe('Nouveau nom');
        const settings = await app.inject({ method: 'GET', url: '/v1/settings', headers });
        expect(settings.headers.etag).toBe('"1"');
      } finally {
        await app.close();
      }
    });

    it('creates the table shared failure counts live in', async () => {
      await db.kysely.insertInto('authFailures').values({ bucket: '10.0.0.1 fk_abcdef', windowStart: Date.now(), failures: 1 }).execute();
      const rows = await db.kysely.selectFrom('authFailures').selectAll().execute();
      expect(rows.map((r) => r.failures)).toEqual([1]);
    });
  });
}
