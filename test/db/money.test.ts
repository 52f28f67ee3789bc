// Amounts are exact in storage: integer minor units on SQLite, numeric on PostgreSQL, so sums in
// SQL are exact; migration 009 converts the `real` columns of a database made by the previous
// version in place, keeping its schema otherwise identical, and the API answers the same values.
import Big from 'big.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/connection.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { exactMoney } from '../../src/db/migrations/009_exact_money.js';
import { migrations } from '../../src/db/migrations/index.js';
import { fromStoredAmount, toStoredAmount } from '../../src/db/money.js';
import { createAccount } from '../../src/modules/accounts/service.js';
import { PRODUCT } from '../../src/modules/products/service.js';
import * as receipts from '../../src/modules/receipts/repo.js';
import { listRecords } from '../../src/modules/records/store.js';
import { getDocument, listDocuments } from '../../src/modules/sales/repo.js';
import { getPurchase } from '../../src/modules/purchases/repo.js';
import { dialects, freshDatabase } from '../helpers/harness.js';
import { simpleLine } from '../helpers/sales.js';

const BEFORE_009 = migrations.slice(0, migrations.indexOf(exactMoney));
const NOW = '2026-01-15T10:00:00.000Z';
const big = (values: string[]) => values.map((v) => new Big(v));

async function sumOf(db: Db, table: 'receipts' | 'receipt_links' | 'sale_documents', column: string, accountId: number): Promise<Big> {
  const { rows } = await sql<{ total: number | string }>`select sum(${sql.ref(column)}) as total from ${sql.table(table)} where account_id = ${accountId}`.execute(db.kysely);
  return fromStoredAmount(db.kysely, rows[0].total);
}

/** A draft invoice's snapshot as the application stores it (snapshots are JSON: this change leaves them alone). */
async function invoiceSnapshot(): Promise<string> {
  const donor = await freshDatabase('sqlite');
  const app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent' }), database: donor.config }, donor.db);
  try {
    const { accountId, apiKey } = await createAccount(donor.db, 'Donor');
    const draft = await app.inject({ method: 'POST', url: '/v1/saleinvoices', headers: { 'x-api-key': apiKey }, payload: { customerName: 'Client', lines: [simpleLine(16.66)] } });
    expect(draft.statusCode, draft.body).toBe(200);
    return (await getDocument(donor.db.kysely, accountId, 'Invoice', draft.json().id))!.data;
  } finally {
    await app.close();
    await donor.dispose();
  }
}

for (const dialect of dialects()) {
  describe(`migration 009 on a database of the previous version [${dialect}]`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    let accountId: number;
    let apiKey: string;
    const ids = { invoice: 0, credit: 0, receipts: [] as number[], purchase: 0 };
    // Amounts as the previous version wrote them: JS numbers, some with binary-float noise.
    const RECEIPTS = [0.1 + 0.2, 19.99, 1234567.89, -45.5, 0.07 * 3];
    let schemaBefore: { type: string; name: string; tbl_name: string; sql: string | null }[] = [];
    let sequenceBefore: { name: string; seq: number }[] = [];
    const schemaOf = async () =>
      (await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`select type, name, tbl_name, sql from sqlite_master order by name`.execute(db.kysely.withoutPlugins())).rows;

    beforeAll(async () => {
      const snapshot = await invoiceSnapshot();
      ({ db, dispose } = await freshDatabase(dialect, BEFORE_009));
      ({ accountId, apiKey } = await createAccount(db, 'Ancienne SARL'));
      const run = (query: ReturnType<typeof sql>) => query.execute(db.kysely);
      const insertDocument = async (kind: string, excluded: number, included: number, balance: number, data: string) => {
        const { rows } = await sql<{ id: number }>`insert into sale_documents (account_id, kind, is_draft, customer_name, date, tax_excluded_amount, tax_included_amount, balance, created_at, updated_at)
          values (${accountId}, ${kind}, ${true}, ${'Client'}, ${'2026-01-15'}, ${excluded}, ${included}, ${balance}, ${NOW}, ${NOW}) returning id`.execute(db.kysely);
        await run(sql`insert into sale_document_data (document_id, data) values (${rows[0].id}, ${data})`);
        return rows[0].id;
      };
      ids.invoice = await insertDocument('Invoice', 16.66, 19.99, 0.1 + 0.2, snapshot);
      ids.credit = await insertDocument('Credit', -1028806.58, -1234567.89, -1234567.89, '{}');
      for (const amount of [...RECEIPTS, 1]) {
        const { rows } = await sql<{ id: number }>`insert into receipts (account_id, date, amount, payment_method, status, search_text, created_at, updated_at)
          values (${accountId}, ${'2026-01-15'}, ${amount}, ${'Transfer'}, ${'Success'}, ${''}, ${NOW}, ${NOW}) returning id`.execute(db.kysely);
        await run(sql`insert into receipt_links (account_id, receipt_id, position, type, link_id, document_id, amount)
          values (${accountId}, ${rows[0].id}, ${0}, ${'Invoice'}, ${ids.invoice}, ${ids.invoice}, ${amount})`);
        ids.receipts.push(rows[0].id);
      }
      // The last receipt is deleted: its id must never be given again (AUTOINCREMENT).
      const deleted = ids.receipts.pop()!;
      await run(sql`delete from receipt_links where receipt_id = ${deleted}`);
      await run(sql`delete from receipts where id = ${deleted}`);
      const { rows: purchase } = await sql<{ id: number }>`insert into purchase_invoices (account_id, date, status, tax_included_amount, data, content_type, size, sha256, content, created_at, updated_at)
        values (${accountId}, ${'2026-01-15'}, ${'Done'}, ${1234567.89}, ${'{}'}, ${'application/pdf'}, ${1}, ${'0'.repeat(64)}, ${Buffer.from('x')}, ${NOW}, ${NOW}) returning id`.execute(db.kysely);
      ids.purchase = purchase[0].id;
      for (const [name, price] of [['Widget rouge', 12.3456], ['Widget bleu', 0.1 + 0.2], ['Widget vert', null]] as const) {
        const { rows } = await sql<{ id: number }>`insert into records (account_id, kind, name, amount, search_text, data, created_at, updated_at)
          values (${accountId}, ${'product'}, ${name.toLowerCase()}, ${price}, ${name.toLowerCase()}, ${JSON.stringify({ name })}, ${NOW}, ${NOW}) returning id`.execute(db.kysely);
        if (dialect === 'sqlite') await run(sql`insert into records_fts (rowid, search_text) values (${rows[0].id}, ${name.toLowerCase()})`);
      }
      if (dialect === 'sqlite') {
        schemaBefore = await schemaOf();
        sequenceBefore = (await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence order by name`.execute(db.kysely)).rows;
      }
      expect(await migrateToLatest(db)).toEqual(['009_exact_money']);
    });
    afterAll(() => dispose());

    it('reads back every amount exactly as it was meant: to the cent (to the ten-thousandth for prices)', async () => {
      const invoice = (await getDocument(db.kysely, accountId, 'Invoice', ids.invoice))!;
      expect([invoice.taxExcludedAmount, invoice.taxIncludedAmount, invoice.balance].map(String)).toEqual(['16.66', '19.99', '0.3']);
      const credit = (await getDocument(db.kysely, accountId, 'Credit', ids.credit))!;
      expect([credit.taxExcludedAmount, credit.taxIncludedAmount, credit.balance].map(String)).toEqual(['-1028806.58', '-1234567.89', '-1234567.89']);
      const expected = ['0.3', '19.99', '1234567.89', '-45.5', '0.21'];
      const read = await Promise.all(ids.receipts.map((id) => receipts.getReceipt(db.kysely, accountId, id)));
      expect(read.map((r) => String(r!.amount))).toEqual(expected);
      const links = await receipts.linksOf(db.kysely, accountId, ids.receipts);
      expect(ids.receipts.map((id) => String(links.get(id)![0].amount))).toEqual(expected);
      expect(String((await getPurchase(db.kysely, accountId, ids.purchase))!.taxIncludedAmount)).toBe('1234567.89');
    });

    it.runIf(dialect === 'sqlite')('stores them as integers of minor units', async () => {
      const { rows } = await sql<{ amount: unknown; kind: string }>`select amount, typeof(amount) as kind from receipts order by id`.execute(db.kysely);
      expect(rows).toEqual([30, 1999, 123456789, -4550, 21].map((amount) => ({ amount, kind: 'integer' })));
      const prices = await sql<{ amount: unknown }>`select amount from records where kind = 'product' order by id`.execute(db.kysely);
      expect(prices.rows.map((r) => r.amount)).toEqual([123456, 3000, null]);
      const types = await sql<{ type: string }>`select distinct typeof(tax_excluded_amount) || typeof(tax_included_amount) || typeof(balance) as type from sale_documents`.execute(db.kysely);
      expect(types.rows).toEqual([{ type: 'integerintegerinteger' }]);
    });

    it('sums the converted amounts exactly in SQL', async () => {
      expect((await sumOf(db, 'receipts', 'amount', accountId)).toFixed(2)).toBe('1234542.89');
      expect((await sumOf(db, 'receipt_links', 'amount', accountId)).toFixed(2)).toBe('1234542.89');
      expect((await sumOf(db, 'sale_documents', 'balance', accountId)).toFixed(2)).toBe('-1234567.59');
    });

    it('sorts by the converted amounts as before', async () => {
      const page = { index: 1, size: 10, offset: 0 };
      const products = await listRecords<{ name: string }>(db.kysely, PRODUCT, accountId, { page, order: [{ column: 'amount', direction: 'asc' }] });
      expect(products.items.map((p) => p.data.name)).toEqual(dialect === 'sqlite'
        ? ['Widget vert', 'Widget bleu', 'Widget rouge'] // nulls first on SQLite, last on PostgreSQL, as before
        : ['Widget bleu', 'Widget rouge', 'Widget vert']);
      const filter = { cancelled: 'All', processed: 'All', today: '2026-01-15' } as const;
      const byTotal = await listDocuments(db.kysely, accountId, 'Invoice', filter, page, [{ column: 'taxIncludedAmount', direction: 'desc' }]);
      expect(byTotal.rows.map((r) => r.id)).toEqual([ids.invoice]);
    });

    it('keeps full-text search over the records it rebuilt', async () => {
      const page = { index: 1, size: 10, offset: 0 };
      const found = await listRecords<{ name: string }>(db.kysely, PRODUCT, accountId, { page, order: [], query: 'rouge' });
      expect(found.items.map((p) => p.data.name)).toEqual(['Widget rouge']);
    });

    it.runIf(dialect === 'sqlite')('changes nothing in the schema but the money columns\' type, and keeps AUTOINCREMENT counters', async () => {
      const money = /"(amount|tax_excluded_amount|tax_included_amount|balance)" real\b/g;
      const expected = schemaBefore.map((o) => ({ ...o, sql: o.sql && o.sql.replace(money, '"$1" integer') }));
      expect(await schemaOf()).toEqual(expected);
      expect(expected.filter((o) => o.type === 'index').length).toBeGreaterThan(15);
      const sequenceAfter = (await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence order by name`.execute(db.kysely)).rows;
      expect(sequenceAfter).toEqual(sequenceBefore);
      const violations = await sql`select * from pragma_foreign_key_check`.execute(db.kysely);
      expect(violations.rows).toEqual([]);
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db.kysely.withoutPlugins())).rows[0].foreign_keys).toBe(1);
    });

    it.runIf(dialect === 'sqlite')('does nothing when run again', async () => {
      const before = await schemaOf();
      await exactMoney.up(db.kysely.withoutPlugins(), 'sqlite');
      expect(await schemaOf()).toEqual(before);
      expect((await sumOf(db, 'receipts', 'amount', accountId)).toFixed(2)).toBe('1234542.89');
    });

    it('serves the same amounts through the API, and goes on settling invoices', async () => {
      const app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent' }) }, db);
      const headers = { 'x-api-key': apiKey };
      try {
        const invoice = (await app.inject({ method: 'GET', url: `/v1/saleinvoices/${ids.invoice}`, headers })).json();
        expect(invoice).toMatchObject({ taxExcludedAmount: 16.66, taxIncludedAmount: 19.99, balance: 0.3 });
        const receipt = (await app.inject({ method: 'GET', url: `/v1/receipts/${ids.receipts[3]}`, headers })).json();
        expect(receipt).toMatchObject({ amount: -45.5, links: [{ amount: -45.5 }] });
        // A new invoice, finalized and paid in three receipts of 0.10 on the migrated database.
        const draft = (await app.inject({ method: 'POST', url: '/v1/saleinvoices', headers, payload: { customerName: 'Client', lines: [simpleLine(0.25)] } })).json();
        const fin = await app.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${draft.id}`, headers });
        expect(fin.json()).toMatchObject({ taxIncludedAmount: 0.3, balance: 0.3 });
        let created = 0;
        for (let i = 0; i < 3; i++) {
          const r = await app.inject({ method: 'POST', url: '/v1/receipts', headers, payload: { amount: 0.1, links: [{ type: 'Invoice', id: draft.id }] } });
          expect(r.statusCode, r.body).toBe(200);
          created = r.json().id;
        }
        // Ids continue after the largest ever given, the deleted receipt's included.
        expect(created).toBe(ids.receipts.at(-1)! + 4);
        expect((await app.inject({ method: 'GET', url: `/v1/saleinvoices/${draft.id}`, headers })).json()).toMatchObject({ balance: 0, isPaid: true });
      } finally {
        await app.close();
      }
    });
  });

  describe(`amounts in storage [${dialect}]`, () => {
    let db: Db;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ db, dispose } = await freshDatabase(dialect));
    });
    afterAll(() => dispose());

    it('1,000 receipts of 0.10 sum to exactly 100.00 in SQL', async () => {
      const { accountId } = await createAccount(db, 'Sums');
      for (let i = 0; i < 1000; i++) {
        await receipts.insertReceipt(db.kysely, accountId, {
          internalId: null, date: '2026-01-15', amount: new Big('0.10'), paymentMethod: 'Cash', status: 'Success', reference: null, notes: null,
          metadata: null, customerId: null, customerName: null, customerNumber: null, customerInternalId: null, searchText: '', updatedAt: NOW,
        });
      }
      const total = await sumOf(db, 'receipts', 'amount', accountId);
      expect(total.eq(100)).toBe(true);
      expect(total.toFixed(2)).toBe('100.00');
      if (dialect === 'sqlite') {
        const { rows } = await sql<{ total: unknown }>`select sum(amount) as total from receipts where account_id = ${accountId}`.execute(db.kysely);
        expect(rows[0].total).toBe(10_000);
        const notIntegers = await sql<{ n: number }>`select count(*) as n from receipts where typeof(amount) <> 'integer'`.execute(db.kysely);
        expect(notIntegers.rows[0].n).toBe(0);
      }
    });

    it('stores and reads back amounts of any sign and size exactly', () => {
      for (const value of big(['0', '0.01', '-0.01', '19.99', '1234567.89', '-99999999999.99'])) {
        expect(fromStoredAmount(db.kysely, toStoredAmount(db.kysely, value)).eq(value)).toBe(true);
      }
      expect(fromStoredAmount(db.kysely, toStoredAmount(db.kysely, new Big('12.3456'), 4), 4).toFixed()).toBe('12.3456');
    });

    it('refuses an amount with more decimals than its column holds, instead of rounding it silently', () => {
      expect(() => toStoredAmount(db.kysely, new Big('0.005'))).toThrow(/more than 2 decimals/);
      expect(() => toStoredAmount(db.kysely, new Big('1.23456'), 4)).toThrow(/more than 4 decimals/);
    });
  });
}
