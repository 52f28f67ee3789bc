// Migration 021 on a database of the previous version: bank transactions stored before it get their
// search_text, so the accent- and case-insensitive `query` finds them too.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/connection.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { bankSearch } from '../../../src/db/migrations/021_bank_search.js';
import { migrations } from '../../../src/db/migrations/index.js';
import { createAccount } from '../../../src/modules/accounts/index.js';
import { dialects, freshDatabase } from '../../helpers/harness.js';

const BEFORE_021 = migrations.slice(0, migrations.indexOf(bankSearch));

for (const dialect of dialects()) {
  describe(`migration 021 on a database of the previous version [${dialect}]`, () => {
    let db: Db;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ db, dispose } = await freshDatabase(dialect, BEFORE_021));
      const { accountId } = await createAccount(db, 'Ancienne SARL');
      const now = '2026-01-15T10:00:00.000Z';
      const k = db.kysely.withoutPlugins();
      const bank = await sql<{
        id: number;
      }>`insert into bank_accounts (account_id, name, iban, currency, opening_balance, created_at, updated_at)
        values (${accountId}, 'BNP', 'FR7630004008190001012345632', 'EUR', 0, ${now}, ${now}) returning id`.execute(k);
      const bankId = bank.rows[0].id;
      for (const [i, label, counterparty] of [
        [1, 'PRLV SOCIÉTÉ GÉNÉRALE', null],
        [2, 'VIR SEPA RECU', 'Crème & Brûlée SARL'],
      ] as const) {
        await sql`insert into bank_transactions (account_id, bank_account_id, date, amount, label, counterparty_name, dedup_key, created_at)
          values (${accountId}, ${bankId}, '2025-02-03', ${-1250}, ${label}, ${counterparty}, ${`ref:${i}`}, ${now})`.execute(k);
      }
      expect(await migrateToLatest(db)).toEqual([
        '021_bank_search',
        '022_sale_document_lines',
        '023_einvoicing_warnings',
        '024_einvoicing_platform',
        '025_ereporting',
        '026_getting_paid',
        '027_read_path',
        '028_einvoicing_status',
      ]);
    });
    afterAll(() => dispose());

    it('fills search_text of the rows stored before', async () => {
      const rows = await db.kysely.selectFrom('bankTransactions').select(['label', 'searchText']).orderBy('id').execute();
      expect(rows.map((r) => r.searchText)).toEqual([' prlv societe generale', ' vir sepa recu creme brulee sarl']);
    });
  });
}
