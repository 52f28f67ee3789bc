// `facturier audit verify`: verifies the keyed audit trail of sale documents and reports which
// document and which field no longer say what was sealed; exit code 3 when something does not
// hold, 2 when the key is missing or is not the one the trail was sealed with.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { runCli } from '../src/cli.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { canonicalJson, chainHash } from '../src/domain/audit.js';
import { decodeSnapshot, encodeSnapshot } from '../src/modules/sales/repo.js';
import { TEST_SELLER_IDENTITY } from './helpers/harness.js';

const dir = mkdtempSync(path.join(tmpdir(), 'facturier-audit-'));
const file = path.join(dir, 'audit.db');
const keyFile = `${file}.audit-key`;
const env = { DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' };

async function run(argv: string[], extraEnv: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env: { ...env, ...extraEnv }, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}
const verify = (...args: string[]) => run(['audit', 'verify', ...args]);
const verifyJson = async (...args: string[]) => JSON.parse((await verify('--json', ...args)).stdout);

describe('facturier audit verify', () => {
  let db: Db;
  let app: FastifyInstance;
  let acme: { accountId: number; apiKey: string };
  let other: { accountId: number; apiKey: string };
  /** Acme's invoices: [0] paid, [1] unpaid (24.00), [2] cancelled by a credit note. */
  const invoices: { id: number; number: string; date: string }[] = [];

  beforeAll(async () => {
    acme = JSON.parse((await run(['accounts', 'create', '--name', 'ACME', '--json'])).stdout);
    other = JSON.parse((await run(['accounts', 'create', '--name', 'Other', '--json'])).stdout);
    db = openDatabase({ dialect: 'sqlite', file });
    app = await buildApp(loadConfig(env), db);
    const post = async (key: string, url: string, payload?: object) => {
      const res = await app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: number; number: string; date: string }>();
    };
    // A seller that can issue conforming e-invoices (finalization refuses BR-S-02 without a VAT number).
    for (const key of [acme.apiKey, other.apiKey]) {
      const res = await app.inject({ method: 'PUT', url: '/v1/settings', headers: { 'x-api-key': key }, payload: TEST_SELLER_IDENTITY });
      expect(res.statusCode, res.body).toBe(200);
    }
    const finalize = async (key: string, kind: 'saleinvoices' | 'salecredits', price: number) => {
      const draft = await post(key, `/v1/${kind}`, {
        customerName: 'Dupont',
        lines: [{ description: 'X', quantity: 1, taxExcludedPrice: price, vat: { rate: 20 } }],
      });
      const fin = await post(key, `/v1/${kind}/finalize/${draft.id}`);
      return { id: fin.id, number: fin.number, date: fin.date };
    };
    for (const price of [10, 20, 30]) invoices.push(await finalize(acme.apiKey, 'saleinvoices', price));
    await post(acme.apiKey, '/v1/saleinvoices/markaspaid', { invoiceId: invoices[0].id });
    await finalize(other.apiKey, 'saleinvoices', 7);
    await post(acme.apiKey, `/v1/saleinvoices/cancel/${invoices[2].id}`);
    await finalize(acme.apiKey, 'salecredits', 5);
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports every chain intact, with its entries and head, and exit code 0', async () => {
    const { code, stdout } = await verify();
    expect(code).toBe(0);
    // Invoices: 3 finalized, 1 paid, 1 cancelled; credits: the cancellation and another one.
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(new RegExp(`^account ${acme.accountId} Invoice: OK \\(3 finalized, 5 audit entries, head 5:[0-9a-f]{16}\\)$`));
    expect(lines[1]).toMatch(new RegExp(`^account ${acme.accountId} Credit: OK \\(2 finalized, 2 audit entries, head 2:[0-9a-f]{16}\\)$`));
    expect(lines[2]).toMatch(
      new RegExp(`^account ${other.accountId} Invoice: OK \\(1 finalized, 1 audit entries, head 1:[0-9a-f]{16}\\)$`),
    );
    expect(lines[3]).toBe(`account ${other.accountId} Credit: OK (0 finalized)`);
    const json = await verifyJson('--account', String(other.accountId));
    expect(json).toEqual({
      ok: true,
      chains: [
        {
          accountId: other.accountId,
          kind: 'Invoice',
          documents: 1,
          entries: 1,
          head: { seq: 1, mac: expect.stringMatching(/^[0-9a-f]{64}$/) },
          keyed: true,
          ok: true,
          broken: null,
          problems: [],
          problemCount: 0,
        },
        {
          accountId: other.accountId,
          kind: 'Credit',
          documents: 0,
          entries: 0,
          head: null,
          keyed: false,
          ok: true,
          broken: null,
          problems: [],
          problemCount: 0,
        },
      ],
    });
  });

  it('keeps the key in a file beside the database, readable by its owner only', () => {
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const keys = readFileSync(keyFile, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  /** Sets columns of a document in SQL, runs `fn`, and puts them back; verify holds again afterwards. */
  async function tampered(id: number, values: Record<string, unknown>, fn: () => Promise<void>) {
    const before = await db.kysely.selectFrom('saleDocuments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await db.kysely.updateTable('saleDocuments').set(values).where('id', '=', id).execute();
    try {
      await fn();
    } finally {
      const restore = Object.fromEntries(Object.keys(values).map((k) => [k, before[k as keyof typeof before]]));
      await db.kysely.updateTable('saleDocuments').set(restore).where('id', '=', id).execute();
    }
    expect((await verify()).code).toBe(0);
  }

  it.each([
    ['number', { number: 'F-2026-09999' }, (): string => invoices[1].number, 'F-2026-09999'],
    ['date', { date: '2020-01-01' }, (): string => invoices[1].date, '2020-01-01'],
    ['isDraft', { isDraft: 1 }, (): string => 'false', 'true'],
    // Amounts are stored in cents on SQLite: 120 is 1.20.
    ['taxIncludedAmount', { taxIncludedAmount: 120 }, (): string => '24.00', '1.20'],
    ['taxIncludedAmount', { taxIncludedAmount: 1.5 }, (): string => '24.00', '1.5 (not an amount as stored)'],
    ['balance', { balance: 0 }, (): string => '24.00', '0.00'],
    ['isPaid', { isPaid: 1 }, (): string => 'false', 'true'],
    ['isCancelled', { isCancelled: 1 }, (): string => 'false', 'true'],
    ['customerName', { customerName: 'Durand' }, (): string => 'Dupont', 'Durand'],
  ])(
    'reports a finalized invoice whose %s was changed in SQL to %o, naming the document and the field, and exits 3',
    async (field, values, sealed, stored) => {
      const target = invoices[1];
      await tampered(target.id, values, async () => {
        const { code, stdout } = await verify('--account', String(acme.accountId));
        expect(code).toBe(3);
        expect(stdout).toBe(
          `account ${acme.accountId} Invoice: BROKEN at document ${target.id}, number ${target.number}, audit entry 2 (field ${field}): expected ${sealed()}, stored ${stored}\n` +
            `account ${acme.accountId} Credit: OK (2 finalized, 2 audit entries, head 2:${stdout.match(/head 2:([0-9a-f]{16})/)?.[1]})\n`,
        );
        const json = await verifyJson();
        expect(json.ok).toBe(false);
        expect(json.chains[0].broken).toEqual({
          reason: 'field',
          documentId: target.id,
          number: target.number,
          chainIndex: 2,
          field,
          expected: sealed(),
          stored,
        });
        expect(json.chains[0].problemCount).toBe(1);
        // The other chains are not affected.
        expect(json.chains.slice(1).every((c: { ok: boolean }) => c.ok)).toBe(true);
      });
    },
  );

  it('refuses (409, never 500) to pay or even read an invoice whose stored amount the application could not have written', async () => {
    const target = invoices[1];
    await tampered(target.id, { taxIncludedAmount: 1.5 }, async () => {
      const read = await app.inject({ method: 'GET', url: `/v1/saleinvoices/${target.id}`, headers: { 'x-api-key': acme.apiKey } });
      expect(read.statusCode).toBe(409);
      expect(read.json().message).toBe(
        `Invoice ${target.id} (${target.number}) cannot be read: taxIncludedAmount is 1.5 (not an amount as stored). The database was changed outside the application; run \`facturier audit verify\``,
      );
      expect((await app.inject({ method: 'GET', url: '/v1/saleinvoices', headers: { 'x-api-key': acme.apiKey } })).statusCode).toBe(409);
      const res = await app.inject({
        method: 'POST',
        url: '/v1/saleinvoices/markaspaid',
        headers: { 'x-api-key': acme.apiKey },
        payload: { invoiceId: target.id },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toContain(
        `Invoice ${target.id} (${target.number}) does not match the audit trail: taxIncludedAmount is 1.5 (not an amount as stored) in the database, but 24.00 was sealed`,
      );
    });
  });

  it('names the member of the snapshot that was changed', async () => {
    const target = invoices[1];
    const row = await db.kysely.selectFrom('saleDocumentData').select('data').where('documentId', '=', target.id).executeTakeFirstOrThrow();
    const json0 = decodeSnapshot(row.data);
    const changed = json0.replace('"customerName":"Dupont"', '"customerName":"Durand"');
    expect(changed).not.toBe(json0);
    // Written back the way the application stores snapshots (deflated on SQLite).
    await db.kysely
      .updateTable('saleDocumentData')
      .set({ data: encodeSnapshot(db.kysely, changed) })
      .where('documentId', '=', target.id)
      .execute();
    const { code, stdout } = await verify('--account', String(acme.accountId));
    expect(code).toBe(3);
    expect(stdout).toMatch(
      new RegExp(
        `^account ${acme.accountId} Invoice: BROKEN at document ${target.id}, number ${target.number}, audit entry 2 \\(field data\\.customerName\\): expected [0-9a-f]{8}, stored [0-9a-f]{8}\\n`,
      ),
    );
    await db.kysely.updateTable('saleDocumentData').set({ data: row.data }).where('documentId', '=', target.id).execute();
    expect((await verify()).code).toBe(0);
  });

  it('detects a document rewritten together with its entry when the entry is re-hashed without the key', async () => {
    // The attack the first chain could not see: change a document, then recompute the chain from
    // it on (unkeyed SHA-256, as the previous version hashed) and move the head.
    const target = invoices[1];
    const entries = await db.kysely
      .selectFrom('auditEntries')
      .selectAll()
      .where('accountId', '=', acme.accountId)
      .where('kind', '=', 'Invoice')
      .orderBy('seq')
      .execute();
    const doc = await db.kysely.selectFrom('saleDocuments').selectAll().where('id', '=', target.id).executeTakeFirstOrThrow();
    const head = await db.kysely
      .selectFrom('documentHeads')
      .selectAll()
      .where('accountId', '=', acme.accountId)
      .where('kind', '=', 'Invoice')
      .executeTakeFirstOrThrow();
    await db.kysely.updateTable('saleDocuments').set({ number: 'F-2026-09999' }).where('id', '=', target.id).execute();
    let previous = entries[0].mac;
    for (const e of entries.slice(1)) {
      const content = JSON.parse(e.content);
      content.previous = previous;
      if (content.document?.id === target.id) content.document.number = 'F-2026-09999';
      const json = canonicalJson(content);
      const mac = chainHash(previous, json);
      await db.kysely
        .updateTable('auditEntries')
        .set({ content: json, mac })
        .where('accountId', '=', e.accountId)
        .where('kind', '=', e.kind)
        .where('seq', '=', e.seq)
        .execute();
      previous = mac;
    }
    await db.kysely
      .updateTable('documentHeads')
      .set({ lastHash: previous })
      .where('accountId', '=', acme.accountId)
      .where('kind', '=', 'Invoice')
      .execute();

    const json = await verifyJson('--account', String(acme.accountId));
    expect(json.ok).toBe(false);
    const invoiceChain = json.chains[0];
    expect(
      invoiceChain.problems.filter((p: { reason: string }) => p.reason === 'mac').map((p: { chainIndex: number }) => p.chainIndex),
    ).toEqual([2, 3, 4, 5]);
    expect(invoiceChain.broken).toMatchObject({ reason: 'mac', documentId: target.id, number: 'F-2026-09999', chainIndex: 2 });
    expect((await verify()).code).toBe(3);

    for (const e of entries) {
      await db.kysely
        .updateTable('auditEntries')
        .set({ content: e.content, mac: e.mac })
        .where('accountId', '=', e.accountId)
        .where('kind', '=', e.kind)
        .where('seq', '=', e.seq)
        .execute();
    }
    await db.kysely
      .updateTable('documentHeads')
      .set({ lastHash: head.lastHash })
      .where('accountId', '=', acme.accountId)
      .where('kind', '=', 'Invoice')
      .execute();
    await db.kysely.updateTable('saleDocuments').set({ number: doc.number }).where('id', '=', target.id).execute();
    expect((await verify()).code).toBe(0);
  });

  it('detects an entry sealed with another key', async () => {
    const [entry] = await db.kysely.selectFrom('auditEntries').selectAll().where('accountId', '=', other.accountId).execute();
    const forged = createHash('sha256').update(randomBytes(8)).digest('hex');
    await db.kysely.updateTable('auditEntries').set({ mac: forged }).where('accountId', '=', other.accountId).execute();
    const json = await verifyJson('--account', String(other.accountId));
    expect(json.chains[0].broken).toMatchObject({ reason: 'mac', chainIndex: 1, stored: forged });
    await db.kysely.updateTable('auditEntries').set({ mac: entry.mac }).where('accountId', '=', other.accountId).execute();
  });

  /** Removes a document (its snapshot goes with it) and answers a function that puts both back. */
  async function remove(id: number) {
    const doc = await db.kysely.selectFrom('saleDocuments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const data = await db.kysely.selectFrom('saleDocumentData').selectAll().where('documentId', '=', id).executeTakeFirstOrThrow();
    await db.kysely.deleteFrom('saleDocuments').where('id', '=', id).execute();
    return async () => {
      await db.kysely.insertInto('saleDocuments').values(doc).execute();
      await db.kysely.insertInto('saleDocumentData').values(data).execute();
    };
  }

  it('reports a removed document, and a removed entry', async () => {
    const restore = await remove(invoices[0].id);
    const removed = await verify('--account', String(acme.accountId));
    expect(removed.code).toBe(3);
    expect(removed.stdout).toContain(
      `BROKEN at document ${invoices[0].id}, number ${invoices[0].number}, audit entry 4 (missingDocument): expected document ${invoices[0].id}, stored none`,
    );
    await restore();

    const entry = await db.kysely
      .selectFrom('auditEntries')
      .selectAll()
      .where('accountId', '=', acme.accountId)
      .where('kind', '=', 'Invoice')
      .where('seq', '=', 3)
      .executeTakeFirstOrThrow();
    await db.kysely
      .deleteFrom('auditEntries')
      .where('accountId', '=', acme.accountId)
      .where('kind', '=', 'Invoice')
      .where('seq', '=', 3)
      .execute();
    const json = await verifyJson('--account', String(acme.accountId));
    expect(json.chains[0].broken).toMatchObject({ reason: 'missingEntry', chainIndex: 4, expected: 'entry 3', stored: 'entry 4' });
    await db.kysely.insertInto('auditEntries').values(entry).execute();
    expect((await verify()).code).toBe(0);
  });

  it('says when the key is missing or is not the one the trail was sealed with (exit 2), and never creates one', async () => {
    const elsewhere = path.join(dir, 'no-such.key');
    const missing = await run(['audit', 'verify'], { AUDIT_KEY_FILE: elsewhere });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `Configuration error: The audit key file ${elsewhere} does not exist. Restore it from your backup, or point AUDIT_KEY_FILE (or AUDIT_KEY) at the key this database was sealed with\n`,
    );
    expect(existsSync(elsewhere)).toBe(false);

    renameSync(keyFile, `${keyFile}.moved`);
    try {
      const lost = await verify();
      expect(lost.code).toBe(2);
      expect(lost.stderr).toContain(`The audit key file ${keyFile} does not exist`);
      expect(existsSync(keyFile)).toBe(false);
    } finally {
      renameSync(`${keyFile}.moved`, keyFile);
    }

    const wrong = await run(['audit', 'verify'], { AUDIT_KEY: randomBytes(32).toString('hex') });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      /^Configuration error: The audit key in AUDIT_KEY \(id [0-9a-f]{16}\) did not seal this database's audit trail \(sealed with key id [0-9a-f]{16}\): set AUDIT_KEY or AUDIT_KEY_FILE to the key it was sealed with/,
    );
    const malformed = await run(['audit', 'verify'], { AUDIT_KEY: 'secret' });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('AUDIT_KEY: key 1 must be 64 hexadecimal digits (32 bytes)');
  });

  it('refuses a bad or unknown account', async () => {
    expect((await verify('--account', 'x')).code).toBe(64);
    const unknown = await verify('--account', '999');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('Account 999 not found\n');
    expect((await run(['audit', 'check'])).code).toBe(64);
  });
});
