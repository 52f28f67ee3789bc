// The audit key at start: a key that did not seal the trail stops the server before anything is
// sealed with it; a new key put in front of the old one (rotation) continues every chain from the
// first start, and entries of a retired key cannot be appended after those of the new one.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { canonicalJson, entryMac } from '../../../src/domain/audit.js';
import { loadConfig, type Config } from '../../../src/config.js';
import { Keyring } from '../../../src/modules/audit/index.js';
import { verifyAuditTrail } from '../../../src/modules/sales/index.js';
import { createAccount } from '../../../src/modules/accounts/index.js';
import { dialects, freshDatabase, TEST_SELLER_IDENTITY } from '../../helpers/harness.js';
import { simpleLine } from '../../helpers/sales.js';

for (const dialect of dialects()) {
  describe(`audit keys at start [${dialect}]`, () => {
    let fresh: Awaited<ReturnType<typeof freshDatabase>>;
    const [k1, k2] = [randomBytes(32).toString('hex'), randomBytes(32).toString('hex')];
    const config = (keys: string): Config => ({ ...loadConfig({ LOG_LEVEL: 'silent', AUDIT_KEY: keys }), database: fresh.config });
    const ring = (...keys: string[]) =>
      new Keyring(
        keys.map((k) => Buffer.from(k, 'hex')),
        'test',
      );
    let headers: Record<string, string>;
    let accountId: number;

    beforeAll(async () => {
      fresh = await freshDatabase(dialect);
      const account = await createAccount(fresh.db, 'Clés SAS');
      accountId = account.accountId;
      headers = { 'x-api-key': account.apiKey };
    });
    afterAll(async () => {
      await fresh?.dispose();
    });

    async function finalizeOne(keys: string) {
      const app = await buildApp(config(keys), fresh.db);
      try {
        await app.inject({ method: 'PUT', url: '/v1/settings', headers, payload: TEST_SELLER_IDENTITY });
        const draft = await app.inject({
          method: 'POST',
          url: '/v1/saleinvoices',
          headers,
          payload: { customerName: 'Dupont', lines: [simpleLine()] },
        });
        const fin = await app.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${draft.json<{ id: number }>().id}`, headers });
        expect(fin.statusCode, fin.body).toBe(200);
      } finally {
        await app.close();
      }
    }
    const events = async () =>
      await fresh.db.kysely
        .selectFrom('auditEntries')
        .select(['seq', 'event', 'keyId'])
        .where('accountId', '=', accountId)
        .orderBy('seq')
        .execute();

    it('refuses to start with a key that did not seal the trail', async () => {
      await finalizeOne(k1);
      await expect(buildApp(config(k2), fresh.db)).rejects.toThrow(
        new RegExp(
          `^The audit key in AUDIT_KEY \\(id ${ring(k2).currentId}\\) is not the key this database's audit trail was sealed with \\(key id ${ring(k1).currentId}\\)`,
        ),
      );
      expect((await events()).length).toBe(1);
    });

    it('continues every chain with a new key put in front of the old one, from the first start', async () => {
      const app = await buildApp(config(`${k2},${k1}`), fresh.db);
      await app.close();
      expect((await events()).map((e) => [e.seq, e.event, e.keyId])).toEqual([
        [1, 'finalized', ring(k1).currentId],
        [2, 'keyRotated', ring(k2).currentId],
      ]);
      await finalizeOne(`${k2},${k1}`);
      expect((await events()).map((e) => e.keyId)).toEqual([ring(k1).currentId, ring(k2).currentId, ring(k2).currentId]);
      expect((await verifyAuditTrail(fresh.db.kysely, ring(k2, k1), accountId))[0]).toMatchObject({ ok: true, entries: 3 });
      // The old key alone no longer starts the server; without the old key, its entries cannot be verified.
      await expect(buildApp(config(k1), fresh.db)).rejects.toThrow("is not the key this database's audit trail was sealed with");
      const withoutOld = (await verifyAuditTrail(fresh.db.kysely, ring(k2), accountId))[0];
      expect(withoutOld.problems.map((p) => [p.reason, p.chainIndex, p.stored])).toEqual([['key', 1, ring(k1).currentId]]);
    });

    it('reports an entry sealed with the retired key after entries of the new one', async () => {
      const head = await fresh.db.kysely
        .selectFrom('documentHeads')
        .selectAll()
        .where('accountId', '=', accountId)
        .where('kind', '=', 'Invoice')
        .executeTakeFirstOrThrow();
      // Whoever kept the old key appends an entry that authenticates under it.
      const content = canonicalJson({
        v: 1,
        account: accountId,
        chain: 'Invoice',
        seq: 4,
        previous: head.lastHash,
        key: ring(k1).currentId,
        at: new Date().toISOString(),
        event: 'keyRotated',
      });
      const mac = entryMac(Buffer.from(k1, 'hex'), content);
      await fresh.db.kysely
        .insertInto('auditEntries')
        .values({
          accountId,
          kind: 'Invoice',
          seq: 4,
          documentId: null,
          event: 'keyRotated',
          keyId: ring(k1).currentId,
          content,
          mac,
          createdAt: new Date().toISOString(),
        })
        .execute();
      await fresh.db.kysely
        .updateTable('documentHeads')
        .set({ chainIndex: 4, lastHash: mac, keyId: ring(k1).currentId })
        .where('accountId', '=', accountId)
        .where('kind', '=', 'Invoice')
        .execute();
      const report = (await verifyAuditTrail(fresh.db.kysely, ring(k2, k1), accountId))[0];
      expect(report.problems).toEqual([
        {
          reason: 'key',
          documentId: null,
          number: null,
          chainIndex: 4,
          field: 'key',
          expected: "a key no older than the previous entry's",
          stored: ring(k1).currentId,
        },
      ]);
    });
  });
}

describe('an in-memory database without AUDIT_KEY', () => {
  it('keeps the key made up for it for every app opened on it', async () => {
    const fresh = await freshDatabase('sqlite');
    try {
      const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), database: fresh.config };
      const account = await createAccount(fresh.db, 'Mémoire SAS');
      const headers = { 'x-api-key': account.apiKey };
      const first = await buildApp(config, fresh.db);
      await first.inject({ method: 'PUT', url: '/v1/settings', headers, payload: TEST_SELLER_IDENTITY });
      const draft = await first.inject({
        method: 'POST',
        url: '/v1/saleinvoices',
        headers,
        payload: { customerName: 'Dupont', lines: [simpleLine()] },
      });
      const { id } = draft.json<{ id: number }>();
      expect((await first.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${id}`, headers })).statusCode).toBe(200);
      await first.close();
      const second = await buildApp(config, fresh.db);
      const paid = await second.inject({ method: 'POST', url: '/v1/saleinvoices/markaspaid', headers, payload: { invoiceId: id } });
      expect(paid.statusCode, paid.body).toBe(200);
      await second.close();
    } finally {
      await fresh.dispose();
    }
  });
});
