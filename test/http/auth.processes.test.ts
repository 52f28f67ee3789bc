// What every server process must agree on: a revoked key stops working at once, and failed
// authentications are counted together. Two apps on two separate PostgreSQL pools over the same
// schema behave as two processes would (no shared memory).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Db } from '../../src/db/connection.js';
import { createAccount, revokeApiKey } from '../../src/modules/accounts/service.js';
import { freshDatabase, TEST_AUDIT_KEY } from '../helpers/harness.js';

describe.skipIf(!process.env.TEST_PG_URL)('API keys across server processes [postgres]', () => {
  let dispose: () => Promise<void>;
  let first: { db: Db; app: FastifyInstance };
  let second: { db: Db; app: FastifyInstance };

  beforeAll(async () => {
    const fresh = await freshDatabase('postgres');
    dispose = fresh.dispose;
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', AUTH_FAILURE_LIMIT: '3', AUTH_FAILURE_WINDOW_SECONDS: '600', AUDIT_KEY: TEST_AUDIT_KEY }),
      database: fresh.config,
    };
    first = { db: fresh.db, app: await buildApp(config, fresh.db) };
    const otherDb = openDatabase(fresh.config);
    second = { db: otherDb, app: await buildApp(config, otherDb) };
  });
  afterAll(async () => {
    await second.app.close();
    await second.db.close();
    await first.app.close();
    await dispose();
  });

  it('a key revoked through one process is refused by the other at its next request', async () => {
    const { accountId, apiKeyId, apiKey } = await createAccount(first.db, 'Two processes SAS');
    const hello = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/hello', headers: { 'x-api-key': apiKey } });
    expect((await hello(first.app)).statusCode).toBe(200);
    expect((await hello(second.app)).statusCode).toBe(200);
    await revokeApiKey(first.db, accountId, apiKeyId);
    expect((await hello(second.app)).statusCode).toBe(401);
    expect((await hello(first.app)).statusCode).toBe(401);
  });

  it('counts failed authentications across processes: the limit is not multiplied by their number', async () => {
    const { apiKey } = await createAccount(first.db, 'Throttled across processes SAS');
    const bad = { 'x-api-key': 'fk_Shared-bad-key' };
    const hello = (app: FastifyInstance, headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/hello', headers, remoteAddress: '10.1.2.3' });
    expect((await hello(first.app, bad)).statusCode).toBe(401);
    expect((await hello(second.app, bad)).statusCode).toBe(401);
    expect((await hello(first.app, bad)).statusCode).toBe(401);
    // Three failures in all (limit 3): each process refuses the fourth attempt, having seen only one or two.
    const fourth = await hello(second.app, bad);
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await hello(first.app, bad)).statusCode).toBe(429);
    // Both processes still serve a good key from the same address.
    expect((await hello(first.app, { 'x-api-key': apiKey })).statusCode).toBe(200);
    expect((await hello(second.app, { 'x-api-key': apiKey })).statusCode).toBe(200);
  });
});
