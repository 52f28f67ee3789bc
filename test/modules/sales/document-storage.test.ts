// The sealed document's own types (src/modules/sales/document.ts) spell the credit's link right
// (cancelledInvoiceId, links.cancelledInvoiceNumber); storage keeps the spelling it always had
// (cancelledInvoicetId, links.cancelledInvoicetNumber, after the reference API's typo), so no stored
// document changes. Shown on a SQLite database made by the code before that change
// (test/fixtures/audit/before-24.db.gz, made by make-before-24.ts.txt beside it at commit 79c3932):
// `facturier audit verify` passes on it, its credits read and answer as before, and documents made
// now are stored in the same spelling and verify on the same chains.
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { runCli } from '../../../src/cli.js';
import { loadConfig } from '../../../src/config.js';
import { openDatabase, type Db } from '../../../src/db/connection.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { decodeDocument, encodeDocument } from '../../../src/modules/sales/document.js';
import { getDocumentWithStoredSnapshot } from '../../../src/modules/sales/repo.js';
import { decodeSnapshot } from '../../../src/modules/sales/snapshot-codec.js';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures/audit');
const dir = mkdtempSync(path.join(tmpdir(), 'facturier-before-24-'));
const file = path.join(dir, 'before-24.db');
const env = { DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'silent' };

async function verify() {
  let stdout = '';
  const code = await runCli(['audit', 'verify'], { env, stdout: (t) => void (stdout += t), stderr: (t) => void (stdout += t) });
  return { code, stdout };
}

describe('sale documents stored before the sealed types (#24)', () => {
  let db: Db;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  const storedText = async (id: number) => {
    const row = await getDocumentWithStoredSnapshot(db.kysely, 1, 'Credit', id);
    return decodeSnapshot(row!.data);
  };

  beforeAll(async () => {
    writeFileSync(file, gunzipSync(readFileSync(path.join(fixtures, 'before-24.db.gz'))));
    copyFileSync(path.join(fixtures, 'before-24.audit-key'), `${file}.audit-key`);
    chmodSync(`${file}.audit-key`, 0o600);
    db = openDatabase({ dialect: 'sqlite', file });
    const key = await db.kysely.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
    expect(key.id).toBeGreaterThan(0);
    // As `facturier serve` does before it answers: the migrations made since (027's authentication
    // generation, 028's status column) add tables and columns, and change no stored document.
    await migrateToLatest(db);
    app = await buildApp(loadConfig(env), db);
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('verifies the audit trail of the database as it was made', async () => {
    const { code, stdout } = await verify();
    expect(stdout).toMatch(/Invoice: OK \(2 finalized, 3 audit entries/);
    expect(stdout).toMatch(/Credit: OK \(2 finalized, 2 audit entries/);
    expect(code).toBe(0);
  });

  it('reads the stored spelling into the domain and writes it back byte for byte', async () => {
    for (const id of [3, 4]) {
      const text = await storedText(id);
      expect(text).toContain('"cancelledInvoicetId":');
      const doc = decodeDocument(text);
      expect(doc.cancelledInvoiceId).toEqual(expect.any(Number));
      expect(doc).not.toHaveProperty('cancelledInvoicetId');
      expect(doc.links?.cancelledInvoiceNumber).toMatch(/^F-\d{4}-\d{5}$/);
      expect(encodeDocument(doc)).toBe(text);
    }
  });

  it('answers the credits on the wire as before, and stores and verifies a cancellation made now', async () => {
    // The API logs in with a key made now (the fixture's key is not kept in clear).
    let out = '';
    await runCli(['keys', 'create', '--account', '1', '--name', 'test', '--json'], {
      env,
      stdout: (t) => void (out += t),
      stderr: (t) => void (out += t),
    });
    headers = { 'x-api-key': (JSON.parse(out) as { apiKey: string }).apiKey };
    const credit = await app.inject({ method: 'GET', url: '/v1/salecredits/4', headers });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toMatchObject({ cancelledInvoicetId: 2, cancelledInvoicetNumber: 'F-2026-00002' });

    const cancelled = await app.inject({ method: 'POST', url: '/v1/saleinvoices/cancel/2', headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const newCredit = cancelled.json().cancellationCreditId as number;
    const text = await storedText(newCredit);
    expect(text).toContain('"cancelledInvoicetId":2');
    expect(text).toContain('"cancelledInvoicetNumber":"F-2026-00002"');
    expect(text).not.toContain('"cancelledInvoiceId"');

    const { code, stdout } = await verify();
    expect(stdout).toMatch(/Credit: OK \(3 finalized/);
    expect(code).toBe(0);
  });
});
