// A database made by the version before the keyed audit trail (chains of unkeyed SHA-256, made
// through that version's API: test/fixtures/audit/previous-version.sql) keeps verifying: its
// chains verify as they are until the first start, which seals each of them with the key (an
// entry holding the old chain's head, then one per finalized document); from then on the keyed
// trail covers its documents too, and a rewrite that recomputes the old chain is detected.
import { existsSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { runCli } from '../../../src/cli.js';
import { loadConfig, type Config } from '../../../src/config.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { chainHash } from '../../../src/domain/audit.js';
import { createApiKey } from '../../../src/modules/accounts/index.js';
import { loadKeyring, type Keyring } from '../../../src/modules/audit/index.js';
import { hashedContent, parseData, verifyAuditTrail } from '../../../src/modules/sales/index.js';
import { decodeSnapshot, encodeSnapshot } from '../../../src/modules/sales/repo.js';
import { dialects, TEST_SELLER_IDENTITY } from '../../helpers/harness.js';
import { PREVIOUS, previousVersionDatabase, type PreviousDatabase } from '../../helpers/previous-version.js';

for (const dialect of dialects()) {
  describe(`a database of the previous version [${dialect}]`, () => {
    let previous: PreviousDatabase;
    let config: Config;
    let app: FastifyInstance | undefined;
    let keyring: Keyring;
    const { acme, other } = PREVIOUS.accounts;
    const headers = { 'x-api-key': '' };
    const env = () =>
      dialect === 'sqlite'
        ? { DATABASE_URL: `sqlite:${(previous.config as { file: string }).file}`, LOG_LEVEL: 'silent' }
        : { DATABASE_URL: 'postgres://unused', LOG_LEVEL: 'silent', AUDIT_KEY: randomBytes(32).toString('hex') };
    const verify = (accountId?: number) => verifyAuditTrail(previous.db.kysely, keyring, accountId);

    beforeAll(async () => {
      previous = await previousVersionDatabase(dialect);
      config = { ...loadConfig(env()), database: previous.config };
    });
    afterAll(async () => {
      await app?.close();
      await previous?.dispose();
    });

    it('verifies its unkeyed chains as they are before the first start, without any key', async () => {
      await migrateToLatest(previous.db);
      const reports = await verifyAuditTrail(previous.db.kysely, null);
      expect(reports.map((r) => [r.accountId, r.kind, r.documents, r.keyed, r.ok])).toEqual([
        [acme, 'Invoice', 4, false, true],
        [acme, 'Credit', 2, false, true],
        [other, 'Invoice', 1, false, true],
        [other, 'Credit', 0, false, true],
      ]);
      if (dialect === 'sqlite') {
        let stdout = '';
        const code = await runCli(['audit', 'verify'], { env: env(), stdout: (t) => void (stdout += t), stderr: () => undefined });
        expect(code).toBe(0);
        expect(stdout.split('\n')[0]).toBe(
          `account ${acme} Invoice: OK (4 finalized, first-generation chain not sealed with a key yet: start the server or run \`facturier migrate\`)`,
        );
        expect(existsSync(`${(previous.config as { file: string }).file}.audit-key`)).toBe(false);
      }
    });

    it('is sealed with the key at the first start: one entry for the old head, one per finalized document', async () => {
      if (dialect === 'sqlite') {
        let stdout = '';
        const code = await runCli(['migrate'], { env: env(), stdout: (t) => void (stdout += t), stderr: () => undefined });
        expect(code).toBe(0);
        const keyFile = `${(previous.config as { file: string }).file}.audit-key`;
        expect(stdout).toBe(
          `Database is up to date\nCreated the audit key file ${keyFile}: back it up apart from the database\nSealed 3 audit chain(s) of the previous version with the audit key\n`,
        );
        expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      }
      app = await buildApp(config, previous.db);
      keyring = loadKeyring(config, { create: false }).keyring;
      const reports = await verify();
      expect(reports.map((r) => [r.accountId, r.kind, r.documents, r.entries, r.keyed, r.problems])).toEqual([
        [acme, 'Invoice', 4, 5, true, []],
        [acme, 'Credit', 2, 3, true, []],
        [other, 'Invoice', 1, 2, true, []],
        [other, 'Credit', 0, 0, false, []],
      ]);
      const oldHead = await previous.db.kysely
        .selectFrom('saleDocuments')
        .select(['chainIndex', 'hash'])
        .where('id', '=', PREVIOUS.invoices.unpaid)
        .executeTakeFirstOrThrow();
      const entries = await previous.db.kysely
        .selectFrom('auditEntries')
        .selectAll()
        .where('accountId', '=', acme)
        .where('kind', '=', 'Invoice')
        .orderBy('seq')
        .execute();
      expect(entries.map((e) => [e.seq, e.event, e.documentId])).toEqual([
        [5, 'firstChainSealed', null],
        [6, 'sealed', PREVIOUS.invoices.paid],
        [7, 'sealed', PREVIOUS.invoices.partly],
        [8, 'sealed', PREVIOUS.invoices.cancelled],
        [9, 'sealed', PREVIOUS.invoices.unpaid],
      ]);
      expect(JSON.parse(entries[0].content)).toMatchObject({ previous: oldHead.hash, firstChain: { chainIndex: 4, hash: oldHead.hash } });
      expect(JSON.parse(entries[2].content).document).toMatchObject({
        number: 'F-2026-00002',
        taxIncludedAmount: '240.00',
        balance: '200.00',
        isPaid: false,
      });
      // A second start seals nothing again.
      await (await buildApp(config, previous.db)).close();
      expect((await verify()).map((r) => r.entries)).toEqual([5, 3, 2, 0]);
    });

    it('serves its documents on: payments and finalizations append to the keyed chains', async () => {
      headers['x-api-key'] = (await createApiKey(previous.db, acme, 'upgrade test')).apiKey;
      // Finalizing now needs a seller that can issue a conforming e-invoice (SIRET, VAT number).
      expect((await app!.inject({ method: 'PUT', url: '/v1/settings', headers, payload: TEST_SELLER_IDENTITY })).statusCode).toBe(200);
      const paid = await app!.inject({
        method: 'POST',
        url: '/v1/saleinvoices/markaspaid',
        headers,
        payload: { invoiceId: PREVIOUS.invoices.partly },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ number: 'F-2026-00002', balance: 0, isPaid: true });
      const finalized = await app!.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${PREVIOUS.invoices.draft}`, headers });
      expect(finalized.statusCode, finalized.body).toBe(200);
      const entries = await previous.db.kysely
        .selectFrom('auditEntries')
        .select(['seq', 'event', 'documentId'])
        .where('accountId', '=', acme)
        .where('kind', '=', 'Invoice')
        .where('seq', '>', 9)
        .orderBy('seq')
        .execute();
      expect(entries).toEqual([
        { seq: 10, event: 'settled', documentId: PREVIOUS.invoices.partly },
        { seq: 11, event: 'finalized', documentId: PREVIOUS.invoices.draft },
      ]);
      expect((await verify(acme)).every((r) => r.ok)).toBe(true);
    });

    it('reports a document of the old chain changed in SQL, by field, and the API refuses to change it', async () => {
      const id = PREVIOUS.invoices.unpaid;
      await previous.db.kysely.updateTable('saleDocuments').set({ number: 'F-2026-00099' }).where('id', '=', id).execute();
      expect((await verify(acme))[0].problems).toEqual([
        {
          reason: 'field',
          documentId: id,
          number: 'F-2026-00004',
          chainIndex: 9,
          field: 'number',
          expected: 'F-2026-00004',
          stored: 'F-2026-00099',
        },
      ]);
      const refused = await app!.inject({ method: 'POST', url: `/v1/saleinvoices/cancel/${id}`, headers });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toContain(
        `Invoice ${id} (F-2026-00004) does not match the audit trail: number is F-2026-00099 in the database, but F-2026-00004 was sealed (audit entry 9)`,
      );
      await previous.db.kysely.updateTable('saleDocuments').set({ number: 'F-2026-00004', isDraft: true }).where('id', '=', id).execute();
      const edit = await app!.inject({
        method: 'PUT',
        url: `/v1/saleinvoices/${id}`,
        headers,
        payload: { customerName: 'X', lines: [{ description: 'a', quantity: 1, taxExcludedPrice: 1 }] },
      });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().detail).toContain('isDraft is true in the database, but false was sealed');
      await previous.db.kysely.updateTable('saleDocuments').set({ isDraft: false }).where('id', '=', id).execute();
      expect((await verify(acme)).every((r) => r.ok)).toBe(true);
    });

    it('detects a document of the old chain rewritten with the old chain recomputed after it', async () => {
      // What anyone able to write the database could do to the previous version undetected: change
      // a document's content and recompute every unkeyed hash from it to the head.
      const docs = await previous.db.kysely
        .selectFrom('saleDocuments')
        .innerJoin('saleDocumentData', 'saleDocumentData.documentId', 'saleDocuments.id')
        .selectAll('saleDocuments')
        .select('saleDocumentData.data')
        .where('saleDocuments.accountId', '=', acme)
        .where('kind', '=', 'Invoice')
        .where('chainIndex', '<=', 4)
        .orderBy('chainIndex')
        .execute();
      const saved = docs.map((d) => ({ id: d.id, hash: d.hash, previousHash: d.previousHash, data: d.data }));
      let previousHash: string | null = null;
      for (const d of docs) {
        let text = decodeSnapshot(d.data);
        if (d.id === PREVIOUS.invoices.partly) text = text.replace('"customerName":"Dupont SARL"', '"customerName":"Durand SARL"');
        const hash = chainHash(previousHash, hashedContent('Invoice', parseData({ data: text })));
        await previous.db.kysely.updateTable('saleDocuments').set({ hash, previousHash }).where('id', '=', d.id).execute();
        await previous.db.kysely
          .updateTable('saleDocumentData')
          .set({ data: encodeSnapshot(previous.db.kysely, text) })
          .where('documentId', '=', d.id)
          .execute();
        previousHash = hash;
      }

      const [report] = await verify(acme);
      expect(report.ok).toBe(false);
      // The sealed documents say which fields changed; the old chain no longer ends where its seal recorded it.
      expect(report.problems.map((p) => [p.reason, p.documentId, p.field])).toEqual([
        ['field', PREVIOUS.invoices.partly, 'hash'],
        ['field', PREVIOUS.invoices.partly, 'data.customerName'],
        ['field', PREVIOUS.invoices.cancelled, 'hash'],
        ['field', PREVIOUS.invoices.cancelled, 'previousHash'],
        ['field', PREVIOUS.invoices.unpaid, 'hash'],
        ['field', PREVIOUS.invoices.unpaid, 'previousHash'],
        ['head', PREVIOUS.invoices.unpaid, null],
      ]);
      expect(report.broken).toMatchObject({
        reason: 'field',
        documentId: PREVIOUS.invoices.partly,
        number: 'F-2026-00002',
        chainIndex: 10,
        field: 'hash',
      });

      for (const d of saved) {
        await previous.db.kysely
          .updateTable('saleDocuments')
          .set({ hash: d.hash, previousHash: d.previousHash })
          .where('id', '=', d.id)
          .execute();
        await previous.db.kysely.updateTable('saleDocumentData').set({ data: d.data }).where('documentId', '=', d.id).execute();
      }
      expect((await verify(acme)).every((r) => r.ok)).toBe(true);
    });
  });
}
