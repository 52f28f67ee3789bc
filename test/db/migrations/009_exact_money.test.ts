// Migration 009 on a database made by the previous version (migrations up to 008, amounts stored
// as the previous version stored them: binary floats in `real` columns on SQLite): every amount
// becomes exact minor units, sums in SQL are exact, the schema is otherwise unchanged, and the API
// answers exactly what it answered before the migration.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import type { Db } from '../../../src/db/connection.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { exactMoney } from '../../../src/db/migrations/009_exact_money.js';
import { recordVersions } from '../../../src/db/migrations/011_record_versions.js';
import { auditTrail } from '../../../src/db/migrations/012_audit_trail.js';
import { saleDocumentLines } from '../../../src/db/migrations/022_sale_document_lines.js';
import { einvoicingWarnings } from '../../../src/db/migrations/023_einvoicing_warnings.js';
import { einvoicingPlatform, PLATFORM_TABLES } from '../../../src/db/migrations/024_einvoicing_platform.js';
import { ereporting, EREPORTING_TABLES } from '../../../src/db/migrations/025_ereporting.js';
import { readPath } from '../../../src/db/migrations/027_read_path.js';
import { migrations } from '../../../src/db/migrations/index.js';
import { fromStoredAmount } from '../../../src/db/money.js';
import { createAccount } from '../../../src/modules/accounts/index.js';
import { dialects, freshDatabase, TEST_AUDIT_KEY, TEST_SELLER_IDENTITY } from '../../helpers/harness.js';
import { simpleLine } from '../../helpers/sales.js';

const BEFORE_009 = migrations.slice(0, migrations.indexOf(exactMoney));
const UP_TO_009 = migrations.slice(0, migrations.indexOf(exactMoney) + 1);
const AFTER_009 = migrations.slice(migrations.indexOf(exactMoney) + 1);
/** Columns today's code reads that later migrations add (011): present while today's API writes the old rows. */
const VERSIONED = ['records', 'sale_documents', 'receipts', 'settings'];
/** Money columns and their scale (10^decimals), as migration 009 converts them. */
const MONEY: [table: string, column: string, scale: number][] = [
  ['records', 'amount', 10_000],
  ['sale_documents', 'tax_excluded_amount', 100],
  ['sale_documents', 'tax_included_amount', 100],
  ['sale_documents', 'balance', 100],
  ['receipts', 'amount', 100],
  ['receipt_links', 'amount', 100],
  ['purchase_invoices', 'tax_included_amount', 100],
];

type SchemaObject = { type: string; name: string; tbl_name: string; sql: string | null };
/** The apps of this test share one audit key (an in-memory or PostgreSQL database has no key file beside it). */
const config = () => loadConfig({ LOG_LEVEL: 'silent', AUDIT_KEY: TEST_AUDIT_KEY });

for (const dialect of dialects()) {
  describe(`migration 009 on a database of the previous version [${dialect}]`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let accountId: number;
    let headers: Record<string, string>;
    const ids = { invoice: 0, refund: 0, deleted: 0, receipts: [] as number[] };
    const before: Record<string, unknown> = {};
    let schemaBefore: SchemaObject[] = [];
    let schemaAfter009: SchemaObject[] = [];
    let sequenceBefore: unknown[] = [];
    const raw = () => db.kysely.withoutPlugins();
    const schemaOf = async () =>
      (await sql<SchemaObject>`select type, name, tbl_name, sql from sqlite_master order by name`.execute(raw())).rows;
    const sequences = async () => (await sql`select name, seq from sqlite_sequence order by name`.execute(raw())).rows;
    const sumOf = async (table: string, column: string) =>
      fromStoredAmount(
        db.kysely,
        (
          await sql<{
            total: number | string;
          }>`select sum(${sql.ref(column)}) as total from ${sql.table(table)} where account_id = ${accountId}`.execute(raw())
        ).rows[0].total,
      );
    /** What the API answers about everything the test wrote, to compare before and after. */
    const answers = async (app: Awaited<ReturnType<typeof buildApp>>) => {
      const get = async (url: string) => (await app.inject({ method: 'GET', url, headers })).json();
      return {
        invoice: await get(`/v1/saleinvoices/${ids.invoice}`),
        receipts: await get('/v1/receipts?PageSize=100&OrderBy=amount'),
        products: await get('/v1/products?OrderBy=price'),
        search: await get('/v1/products?query=rouge'),
      };
    };

    beforeAll(async () => {
      ({ db, dispose } = await freshDatabase(dialect, BEFORE_009));
      const account = await createAccount(db, 'Ancienne SARL');
      accountId = account.accountId;
      headers = { 'x-api-key': account.apiKey };
      // The documents are written through today's API (for valid snapshots, FTS rows and links),
      // with the version columns it reads, the audit trail's tables and the stored Detail's added for the time being…
      await recordVersions.up(raw(), dialect);
      await auditTrail.up(raw(), dialect);
      await saleDocumentLines.up(raw(), dialect);
      await einvoicingWarnings.up(raw(), dialect);
      await einvoicingPlatform.up(raw(), dialect);
      await ereporting.up(raw(), dialect);
      // The key cache reads the authentication generation (migration 027) on every request.
      await readPath.up(raw(), dialect);
      const app = await buildApp(config(), db);
      const post = async (url: string, payload?: object) => {
        const res = await app.inject({ method: 'POST', url, headers, ...(payload && { payload }) });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      for (const [name, unitPrice] of [
        ['Widget rouge', 12.3456],
        ['Widget bleu', 0.3],
        ['Widget vert', 1234567.8901],
      ] as const) {
        await post('/v1/products', { name, unitPrice });
      }
      // A seller that can issue conforming e-invoices (the finalization gate refuses BR-S-02 without a VAT number).
      const settings = await app.inject({ method: 'PUT', url: '/v1/settings', headers, payload: TEST_SELLER_IDENTITY });
      expect(settings.statusCode, settings.body).toBe(200);
      await post('/v1/customers', { companyName: 'Client SARL' }); // a record without amount
      ids.invoice = (await post('/v1/saleinvoices', { customerName: 'Client', lines: [simpleLine(16.66)] })).id;
      await post(`/v1/saleinvoices/finalize/${ids.invoice}`);
      const credit = (await post('/v1/salecredits', { customerName: 'Client', lines: [simpleLine(100)] })).id;
      await post(`/v1/salecredits/finalize/${credit}`);
      for (const amount of [0.3, 1234567.89, 0.21]) ids.receipts.push((await post('/v1/receipts', { amount })).id);
      ids.receipts.push((await post('/v1/receipts', { amount: 19.69, links: [{ type: 'Invoice', id: ids.invoice }] })).id);
      ids.refund = (await post('/v1/receipts', { amount: -45.5, links: [{ type: 'Credit', id: credit, amount: -45.5 }] })).id;
      // The last receipt is deleted: its id must never be given again (AUTOINCREMENT).
      ids.deleted = (await post('/v1/receipts', { amount: 1 })).id;
      expect((await app.inject({ method: 'DELETE', url: `/v1/receipts/${ids.deleted}`, headers })).statusCode).toBe(200);
      await sql`insert into purchase_invoices (account_id, date, status, tax_included_amount, data, content_type, size, sha256, content, created_at, updated_at)
        values (${accountId}, '2026-01-15', 'Done', 0, '{}', 'application/pdf', 1, ${'0'.repeat(64)}, ${Buffer.from('x')}, '2026-01-15T10:00:00Z', '2026-01-15T10:00:00Z')`.execute(
        raw(),
      );
      // Documents finalized before 023 have no warnings recorded: as the previous version answered them.
      await sql`update sale_documents set einvoicing_warnings = null`.execute(raw());
      Object.assign(before, await answers(app));
      await app.close();
      for (const table of VERSIONED) await sql`alter table ${sql.table(table)} drop column version`.execute(raw());
      await sql`drop table audit_entries`.execute(raw());
      await sql`drop table sale_document_lines`.execute(raw());
      await sql`drop table pending_upgrades`.execute(raw());
      await sql`alter table sale_documents drop column einvoicing_warnings`.execute(raw());
      for (const table of PLATFORM_TABLES) await sql`drop table ${sql.table(table)}`.execute(raw());
      for (const table of EREPORTING_TABLES) await sql`drop table ${sql.table(table)}`.execute(raw());
      await sql`alter table document_heads drop column key_id`.execute(raw());
      if (dialect === 'sqlite') {
        // …then their amounts are put back as the previous version stored them: JS numbers in
        // `real` columns, some carrying the noise of float arithmetic (0.1 + 0.2, 0.07 * 3).
        for (const [table, column, scale] of MONEY)
          await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} / ${sql.lit(scale)}.0`.execute(raw());
        await sql`update sale_documents set balance = ${0.1 + 0.2} where id = ${ids.invoice}`.execute(raw());
        await sql`update receipts set amount = ${0.1 + 0.2} where id = ${ids.receipts[0]}`.execute(raw());
        await sql`update receipts set amount = ${0.07 * 3} where id = ${ids.receipts[2]}`.execute(raw());
        const floats = await sql<{ n: number }>`select count(*) as n from receipts where typeof(amount) = 'real'`.execute(raw());
        expect(floats.rows[0].n).toBe(5);
        schemaBefore = await schemaOf();
        sequenceBefore = await sequences();
      } else {
        await sql`update sale_documents set balance = ${0.1 + 0.2} where id = ${ids.invoice}`.execute(raw());
      }
      await sql`update purchase_invoices set tax_included_amount = ${1234567.89}`.execute(raw());
      expect(await migrateToLatest(db, UP_TO_009)).toEqual(['009_exact_money']);
      if (dialect === 'sqlite') schemaAfter009 = await schemaOf();
      // The migrations after 009 too, for the API tests below.
      expect(await migrateToLatest(db)).toEqual(AFTER_009.map((m) => m.name));
    });
    afterAll(() => dispose());

    it.runIf(dialect === 'sqlite')('stores every amount as an integer of minor units: cents, ten-thousandths for prices', async () => {
      for (const [table, column] of MONEY) {
        const { rows } = await sql<{
          kind: string;
        }>`select distinct typeof(${sql.ref(column)}) as kind from ${sql.table(table)} where ${sql.ref(column)} is not null`.execute(raw());
        expect(rows, `${table}.${column}`).toEqual([{ kind: 'integer' }]);
      }
      const receipts = await sql<{ amount: number }>`select amount from receipts order by id`.execute(raw());
      expect(receipts.rows.map((r) => r.amount)).toEqual([30, 123456789, 21, 1969, -4550]);
      const links = await sql<{ amount: number }>`select amount from receipt_links order by id`.execute(raw());
      expect(links.rows.map((r) => r.amount)).toEqual([1969, -4550]);
      const prices = await sql<{ amount: number | null }>`select amount from records order by id`.execute(raw());
      expect(prices.rows.map((r) => r.amount)).toEqual([123456, 3000, 12345678901, null]);
      const invoice =
        await sql`select tax_excluded_amount, tax_included_amount, balance from sale_documents where id = ${ids.invoice}`.execute(raw());
      expect(invoice.rows).toEqual([{ tax_excluded_amount: 1666, tax_included_amount: 1999, balance: 30 }]);
      expect((await sql`select tax_included_amount from purchase_invoices`.execute(raw())).rows).toEqual([
        { tax_included_amount: 123456789 },
      ]);
    });

    it('sums the converted amounts exactly in SQL', async () => {
      expect((await sumOf('receipts', 'amount')).toFixed(2)).toBe('1234542.59');
      expect((await sumOf('receipt_links', 'amount')).toFixed(2)).toBe('-25.81');
      expect((await sumOf('sale_documents', 'balance')).toFixed(2)).toBe('74.80');
    });

    it('answers through the API exactly what it answered before the migration', async () => {
      const app = await buildApp(config(), db);
      try {
        const after = await answers(app);
        expect(after).toEqual(before);
        expect(after.invoice).toMatchObject({ taxExcludedAmount: 16.66, taxIncludedAmount: 19.99, balance: 0.3 });
        expect(after.receipts.map((r: { amount: number }) => r.amount)).toEqual([-45.5, 0.21, 0.3, 19.69, 1234567.89]);
        expect(after.products.map((p: { unitPrice: number }) => p.unitPrice)).toEqual([0.3, 12.3456, 1234567.8901]);
        expect(after.search.map((p: { name: string }) => p.name)).toEqual(['Widget rouge']);
      } finally {
        await app.close();
      }
    });

    it('goes on settling invoices on the migrated database, with ids after the largest ever given', async () => {
      const app = await buildApp(config(), db);
      try {
        const pay = async () =>
          app.inject({
            method: 'POST',
            url: '/v1/receipts',
            headers,
            payload: { amount: 0.1, links: [{ type: 'Invoice', id: ids.invoice }] },
          });
        const first = await pay();
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json().id).toBe(ids.deleted + 1);
        await pay();
        await pay();
        const invoice = (await app.inject({ method: 'GET', url: `/v1/saleinvoices/${ids.invoice}`, headers })).json();
        expect(invoice).toMatchObject({ balance: 0, isPaid: true });
        expect((await pay()).statusCode).toBe(400);
      } finally {
        await app.close();
      }
    });

    it.runIf(dialect === 'sqlite')(
      "changes nothing in the schema but the money columns' type, and keeps AUTOINCREMENT counters",
      async () => {
        const money = /"(amount|tax_excluded_amount|tax_included_amount|balance)" real\b/g;
        const expected = schemaBefore.map((o) => ({ ...o, sql: o.sql && o.sql.replace(money, '"$1" integer') }));
        expect(
          expected
            .filter((o) => o.sql !== schemaBefore.find((b) => b.name === o.name)!.sql)
            .map((o) => o.name)
            .sort(),
        ).toEqual(['purchase_invoices', 'receipt_links', 'receipts', 'records', 'sale_documents']);
        expect(schemaAfter009).toEqual(expected);
        expect(expected.filter((o) => o.type === 'index').length).toBeGreaterThan(15);
        // Counters as left by the previous version (the API test above has moved receipts' since).
        const after = (await sequences()) as { name: string; seq: number }[];
        for (const s of sequenceBefore as { name: string; seq: number }[]) {
          expect(after.find((a) => a.name === s.name)!.seq).toBeGreaterThanOrEqual(s.seq);
        }
        expect((await sql`select * from pragma_foreign_key_check`.execute(raw())).rows).toEqual([]);
        expect((await sql`pragma foreign_keys`.execute(raw())).rows).toEqual([{ foreign_keys: 1 }]);
      },
    );

    it.runIf(dialect === 'sqlite')('does nothing when run again', async () => {
      const schema = await schemaOf();
      const total = await sumOf('receipts', 'amount');
      await exactMoney.up(raw(), 'sqlite');
      expect(await schemaOf()).toEqual(schema);
      expect((await sumOf('receipts', 'amount')).eq(total)).toBe(true);
    });
  });
}
