// `facturier audit verify`: recomputes the hash chains of finalized sale documents and reports the
// first broken link with its number; exit code 3 when a chain is broken.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { runCli } from '../src/cli.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { decodeSnapshot, encodeSnapshot } from '../src/modules/sales/repo.js';

const dir = mkdtempSync(path.join(tmpdir(), 'facturier-audit-'));
const file = path.join(dir, 'audit.db');
const env = { DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' };

async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

describe('facturier audit verify', () => {
  let db: Db;
  let app: FastifyInstance;
  let acme: { accountId: number; apiKey: string };
  let other: { accountId: number; apiKey: string };
  const invoices: { id: number; number: string }[] = [];

  beforeAll(async () => {
    acme = JSON.parse((await run('accounts', 'create', '--name', 'ACME', '--json')).stdout);
    other = JSON.parse((await run('accounts', 'create', '--name', 'Other', '--json')).stdout);
    db = openDatabase({ dialect: 'sqlite', file });
    app = await buildApp(loadConfig(env), db);
    const finalize = async (key: string, kind: 'saleinvoices' | 'salecredits', price: number) => {
      const headers = { 'x-api-key': key };
      const draft = await app.inject({
        method: 'POST',
        url: `/v1/${kind}`,
        headers,
        payload: {
          customerName: 'Dupont',
          lines: [{ description: 'X', quantity: 1, taxExcludedPrice: price, vat: { rate: 20 } }],
        },
      });
      const fin = await app.inject({ method: 'POST', url: `/v1/${kind}/finalize/${draft.json().id}`, headers });
      expect(fin.statusCode, fin.body).toBe(200);
      return { id: fin.json().id as number, number: fin.json().number as string };
    };
    for (const price of [10, 20, 30]) invoices.push(await finalize(acme.apiKey, 'saleinvoices', price));
    await finalize(acme.apiKey, 'salecredits', 5);
    await finalize(other.apiKey, 'saleinvoices', 7);
    // A cancellation writes links into the invoice's data after finalization: not part of the hash.
    expect(
      (await app.inject({ method: 'POST', url: `/v1/saleinvoices/cancel/${invoices[2].id}`, headers: { 'x-api-key': acme.apiKey } }))
        .statusCode,
    ).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports every chain intact, with exit code 0', async () => {
    const { code, stdout } = await run('audit', 'verify');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        `account ${acme.accountId} Invoice: OK (3 finalized)`,
        `account ${acme.accountId} Credit: OK (2 finalized)`,
        `account ${other.accountId} Invoice: OK (1 finalized)`,
        `account ${other.accountId} Credit: OK (0 finalized)`,
      ].join('\n') + '\n',
    );
    const json = JSON.parse((await run('audit', 'verify', '--account', String(other.accountId), '--json')).stdout);
    expect(json).toEqual({
      ok: true,
      chains: [
        { accountId: other.accountId, kind: 'Invoice', documents: 1, ok: true, broken: null },
        { accountId: other.accountId, kind: 'Credit', documents: 0, ok: true, broken: null },
      ],
    });
  });

  it('reports a finalized document whose data was changed in SQL, with its number, and exits 3', async () => {
    const target = invoices[1];
    const row = await db.kysely
      .selectFrom('saleDocuments')
      .innerJoin('saleDocumentData', 'saleDocumentData.documentId', 'saleDocuments.id')
      .select(['data', 'hash'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    const json0 = decodeSnapshot(row.data);
    const tampered = json0.replace('"customerName":"Dupont"', '"customerName":"Durand"');
    expect(tampered).not.toBe(json0);
    // Written back the way the application stores snapshots (deflated on SQLite).
    await db.kysely
      .updateTable('saleDocumentData')
      .set({ data: encodeSnapshot(db.kysely, tampered) })
      .where('documentId', '=', target.id)
      .execute();

    const { code, stdout } = await run('audit', 'verify', '--account', String(acme.accountId));
    expect(code).toBe(3);
    expect(stdout).toMatch(
      new RegExp(
        `^account ${acme.accountId} Invoice: BROKEN at document ${target.id}, number ${target.number}, chain index 2 \\(hash\\): expected [0-9a-f]{64}, stored ${row.hash}\\n` +
          `account ${acme.accountId} Credit: OK \\(2 finalized\\)\\n$`,
      ),
    );
    const json = JSON.parse((await run('audit', 'verify', '--json')).stdout);
    expect(json.ok).toBe(false);
    expect(json.chains[0].broken).toMatchObject({
      documentId: target.id,
      number: target.number,
      chainIndex: 2,
      reason: 'hash',
      stored: row.hash,
    });
    expect(json.chains[0].broken.expected).not.toBe(row.hash);
    // The other account is not affected.
    expect((await run('audit', 'verify', '--account', String(other.accountId))).code).toBe(0);

    await db.kysely.updateTable('saleDocumentData').set({ data: row.data }).where('documentId', '=', target.id).execute();
    expect((await run('audit', 'verify')).code).toBe(0);
  });

  /** Removes a document (its data row goes with it) and answers a function that puts both back. */
  async function remove(id: number) {
    const doc = await db.kysely.selectFrom('saleDocuments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const data = await db.kysely.selectFrom('saleDocumentData').selectAll().where('documentId', '=', id).executeTakeFirstOrThrow();
    await db.kysely.deleteFrom('saleDocumentData').where('documentId', '=', id).execute();
    await db.kysely.deleteFrom('saleDocuments').where('id', '=', id).execute();
    return async () => {
      await db.kysely.insertInto('saleDocuments').values(doc).execute();
      await db.kysely.insertInto('saleDocumentData').values(data).execute();
    };
  }

  it('reports a removed document and a rewritten hash', async () => {
    const first = await db.kysely.selectFrom('saleDocuments').selectAll().where('id', '=', invoices[0].id).executeTakeFirstOrThrow();
    await db.kysely
      .updateTable('saleDocuments')
      .set({ hash: 'f'.repeat(64) })
      .where('id', '=', first.id)
      .execute();
    const rewritten = JSON.parse((await run('audit', 'verify', '--json')).stdout);
    expect(rewritten.chains[0].broken).toMatchObject({
      documentId: first.id,
      number: invoices[0].number,
      chainIndex: 1,
      reason: 'hash',
      expected: first.hash,
    });
    await db.kysely.updateTable('saleDocuments').set({ hash: first.hash }).where('id', '=', first.id).execute();

    const restore = await remove(first.id);
    const removed = await run('audit', 'verify');
    expect(removed.code).toBe(3);
    expect(removed.stdout).toContain(`BROKEN at document ${invoices[1].id}, number ${invoices[1].number}, chain index 2 (missingEntry)`);
    await restore();
    expect((await run('audit', 'verify')).code).toBe(0);
  });

  it('reports a removed last document through the chain head', async () => {
    const restore = await remove(invoices[2].id);
    const { code, stdout } = await run('audit', 'verify', '--account', String(acme.accountId));
    expect(code).toBe(3);
    expect(stdout).toContain(`account ${acme.accountId} Invoice: BROKEN at the chain head does not point at the last document`);
    await restore();
    expect((await run('audit', 'verify')).code).toBe(0);
  });

  it('refuses a bad or unknown account', async () => {
    expect((await run('audit', 'verify', '--account', 'x')).code).toBe(64);
    const unknown = await run('audit', 'verify', '--account', '999');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('Account 999 not found\n');
    expect((await run('audit', 'check')).code).toBe(64);
  });
});
