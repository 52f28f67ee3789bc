// Resolved keys are kept in memory per process (issue #29, src/modules/accounts/service.ts
// keyResolver): a kept key must be refused from the very next request once revoked, however and
// wherever the revocation was made — by this process, by another connection to the same database
// (what `facturier keys revoke` or a second server process is), or by SQL by hand — and a renamed
// account must be greeted by its new name at once. Each dialect: SQLite on a file (two connections,
// as two processes have), PostgreSQL in a schema of its own (two pools).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type DatabaseConfig } from '../../src/config.js';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createAccount, createApiKey, revokeApiKey } from '../../src/modules/accounts/service.js';
import { dialects, freshDatabase, TEST_AUDIT_KEY } from '../helpers/harness.js';

for (const dialect of dialects()) {
  describe(`API keys kept in memory, revoked [${dialect}]`, () => {
    let app: FastifyInstance;
    let db: Db;
    let other: Db;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      let config: DatabaseConfig;
      if (dialect === 'sqlite') {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'facturier-keycache-'));
        config = { dialect: 'sqlite', file: path.join(dir, 'keys.db') };
        db = openDatabase(config);
        await migrateToLatest(db);
        cleanup = async () => {
          await db.close();
          rmSync(dir, { recursive: true, force: true });
        };
      } else {
        const fresh = await freshDatabase('postgres');
        config = fresh.config;
        db = fresh.db;
        cleanup = fresh.dispose;
      }
      other = openDatabase(config);
      const appConfig = { ...loadConfig({ LOG_LEVEL: 'silent', AUDIT_KEY: TEST_AUDIT_KEY }), database: config };
      app = await buildApp(appConfig, db);
    });
    afterAll(async () => {
      await app.close();
      await other.close();
      await cleanup();
    });

    const hello = (apiKey: string) => app.inject({ method: 'GET', url: '/hello', headers: { 'x-api-key': apiKey } });

    /** A key that has answered twice (the second time from memory). */
    async function keptKey(name: string) {
      const created = await createAccount(db, name);
      for (let i = 0; i < 2; i++) {
        const res = await hello(created.apiKey);
        expect(res.statusCode).toBe(200);
        expect(res.json().companyName).toBe(name);
      }
      return created;
    }

    it('refuses a kept key at the next request once this process revoked it', async () => {
      const { accountId, apiKeyId, apiKey } = await keptKey('Same Process SAS');
      await revokeApiKey(db, accountId, apiKeyId);
      const res = await hello(apiKey);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('The API key is invalid or has been revoked');
    });

    it('refuses a kept key at the next request once another connection revoked it (keys revoke, another process)', async () => {
      const { accountId, apiKeyId, apiKey } = await keptKey('Other Process SAS');
      await revokeApiKey(other, accountId, apiKeyId);
      expect((await hello(apiKey)).statusCode).toBe(401);
    });

    it('refuses a kept key at the next request once SQL by hand revoked it or deleted it', async () => {
      const first = await keptKey('By Hand SAS');
      await sql`update api_keys set revoked_at = ${new Date().toISOString()} where id = ${first.apiKeyId}`.execute(other.kysely);
      expect((await hello(first.apiKey)).statusCode).toBe(401);
      const second = await keptKey('Deleted Key SAS');
      await sql`delete from api_keys where id = ${second.apiKeyId}`.execute(other.kysely);
      expect((await hello(second.apiKey)).statusCode).toBe(401);
    });

    it('keeps serving the other keys of the account, and a new key at once', async () => {
      const { accountId, apiKeyId, apiKey } = await keptKey('Two Keys SAS');
      const spare = await createApiKey(db, accountId, 'Spare');
      expect((await hello(spare.apiKey)).json().apiKeyName).toBe('Spare');
      await revokeApiKey(other, accountId, apiKeyId);
      expect((await hello(apiKey)).statusCode).toBe(401);
      const res = await hello(spare.apiKey);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ companyName: 'Two Keys SAS', apiKeyName: 'Spare' });
    });

    it('greets a renamed account by its new name at the next request, whoever renamed it', async () => {
      const { apiKey, accountId } = await keptKey('Old Name SAS');
      const renamed = await app.inject({
        method: 'PUT',
        url: '/v1/settings',
        headers: { 'x-api-key': apiKey },
        payload: { company: { name: 'New Name SAS' } },
      });
      expect(renamed.statusCode).toBe(200);
      expect((await hello(apiKey)).json()).toMatchObject({ message: 'Hello New Name SAS', companyName: 'New Name SAS' });
      await sql`update accounts set name = 'Third Name SAS' where id = ${accountId}`.execute(other.kysely);
      expect((await hello(apiKey)).json().companyName).toBe('Third Name SAS');
    });
  });
}
