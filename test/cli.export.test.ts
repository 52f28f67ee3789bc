// `facturier export`: a dataset or the FEC written to a file with a progress bar on a terminal,
// usage errors (exit 64), and an existing file kept unless --force.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCustomers, generateInvoices } from '../bench/generate.js';
import { runCli } from '../src/cli.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createAccount } from '../src/modules/accounts/service.js';
import { loadKeyring } from '../src/modules/audit/index.js';
import { TEST_AUDIT_KEY } from './helpers/harness.js';

const dir = mkdtempSync(path.join(tmpdir(), 'facturier-export-'));
const env = { DATABASE_URL: `sqlite:${path.join(dir, 'export.db')}`, LOG_LEVEL: 'silent', AUDIT_KEY: TEST_AUDIT_KEY };
let accountId = 0;
let finalized = 0;

beforeAll(async () => {
  const config = loadConfig(env);
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  accountId = (await createAccount(db, 'Export SAS')).accountId;
  const { keyring } = loadKeyring(config, { create: false });
  await generateInvoices(db, keyring, accountId, await generateCustomers(db, accountId, 5), 700);
  const row = await db.kysely
    .selectFrom('saleDocuments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('isDraft', '=', false)
    .executeTakeFirstOrThrow();
  finalized = Number(row.n);
  await db.close();
}, 120_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function run(isTTY: boolean, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { env, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), isTTY });
  return { code, stdout, stderr };
}

describe('facturier export', () => {
  it('writes an Excel workbook with a progress bar on a terminal', async () => {
    const file = path.join(dir, 'factures.xlsx');
    const r = await run(true, 'export', 'salesinvoices', '--account', String(accountId), '--out', file, '--sheets', 'Summary');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Exported salesinvoices to .*factures\.xlsx in \d+ ms \(suggested name factures-tout\.xlsx\)\n$/);
    expect(r.stderr).toContain(`factures.xlsx [${'#'.repeat(30)}] 100% ${finalized}/${finalized}`);
    expect(r.stderr.endsWith('\n')).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Synthèse']);
    expect(wb.worksheets[0].rowCount).toBe(1 + finalized);
    // Written under a temporary name, renamed at the end: nothing else is left beside it.
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('no bar when stderr is not a terminal; European CSV of a period, --json result; an existing file needs --force', async () => {
    const file = path.join(dir, 'lignes.csv');
    const argv = [
      'export',
      'salesinvoices',
      '--account',
      String(accountId),
      '--out',
      file,
      '--format',
      'EuropeanCsv',
      '--sheets',
      'Detail',
      '--from',
      '2024-01-01',
      '--to',
      '2024-06-30',
      '--json',
    ];
    const r = await run(false, ...argv);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({
      file,
      name: 'factures-2024-01-01_2024-06-30.csv',
      contentType: 'text/csv; charset=utf-8',
    });
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0].split(';')[0]).toBe('Numéro');
    expect(lines.slice(1, -1).every((l) => /;(\d\d)\/(0[1-6])\/2024;/.test(l))).toBe(true);
    writeFileSync(file, 'keep me');
    const refused = await run(false, ...argv);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain('exists; add --force');
    expect(readFileSync(file, 'utf8')).toBe('keep me');
    expect((await run(false, ...argv, '--force')).code).toBe(0);
    expect(readFileSync(file).length).toBe(bytes.length);
  });

  it('usage errors: unknown dataset, format, sheets, a parameter the dataset does not take, missing --account or --out (64); the FEC without a SIREN (1)', async () => {
    const out = ['--out', path.join(dir, 'x.txt')];
    const account = ['--account', String(accountId)];
    expect((await run(false, 'export', 'purchaseorders', ...account, ...out)).stderr).toContain('unknown dataset "purchaseorders"');
    expect((await run(false, 'export', 'banktransactions', ...account, ...out)).stderr).toContain('banktransactions needs --id N');
    expect((await run(false, 'export', 'products', ...account, ...out, '--id', '3')).stderr).toContain('products does not take --id');
    expect((await run(false, 'export', 'expensecharges', ...account, ...out, '--colleague-id', '3')).stderr).toContain(
      'expensecharges does not take --colleague-id',
    );
    expect((await run(false, 'export', 'products', ...account, ...out, '--format', 'Pdf')).code).toBe(64);
    expect((await run(false, 'export', 'products', ...account, ...out, '--sheets', 'Some')).code).toBe(64);
    expect((await run(false, 'export', 'products', ...account, ...out, '--from', '2026-01-01')).stderr).toContain(
      'products does not take --from',
    );
    expect((await run(false, 'export', 'products', ...out)).stderr).toContain('--account is required');
    expect((await run(false, 'export', 'products', ...account)).stderr).toContain('--out FILE is required');
    const fec = await run(false, 'export', 'fec', ...account, ...out, '--year', '2025');
    expect(fec.code).toBe(1);
    expect(fec.stderr).toContain('set company.siret');
    expect(existsSync(path.join(dir, 'x.txt'))).toBe(false);
  });

  it('the ledger exports: settlements of some kinds, commitments; an unknown kind or bank account is refused (1)', async () => {
    const account = ['--account', String(accountId)];
    const file = path.join(dir, 'settlements.json');
    const ok = await run(
      false,
      'export',
      'settlements',
      ...account,
      '--out',
      file,
      '--format',
      'Json',
      '--types',
      'CustomerReceipt,SupplierPayment',
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(Array.isArray(JSON.parse(readFileSync(file, 'utf8')).Summary)).toBe(true);
    const bad = await run(false, 'export', 'commitments', ...account, '--out', path.join(dir, 'c.json'), '--types', 'Employee');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('types');
    const bank = await run(false, 'export', 'banktransactions', ...account, '--out', path.join(dir, 'b.csv'), '--id', '999');
    expect(bank.code).toBe(1);
    expect(bank.stderr).toContain('999');
  });
});
