// Bank transactions get the `search_text` column of the other ledger lists (db/search.ts), so that
// their `query` is accent- and case-insensitive on both dialects ("societe" finds "SOCIÉTÉ
// GÉNÉRALE"): normalised words of the label, reference and counterparty, written with each row.
// Existing rows are filled here, by id batches.
import { searchTextOf } from '../search.js';
import type { Migration } from './helpers.js';

export const bankSearch: Migration = {
  name: '021_bank_search',
  async up(db) {
    await db.schema
      .alterTable('bank_transactions')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    let after = 0;
    for (;;) {
      const rows: { id: number; label: string; reference: string | null; counterparty_name: string | null }[] = await db
        .selectFrom('bank_transactions')
        .select(['id', 'label', 'reference', 'counterparty_name'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(1000)
        .execute();
      if (!rows.length) break;
      for (const r of rows) {
        await db
          .updateTable('bank_transactions')
          .set({ search_text: searchTextOf([r.label, r.reference, r.counterparty_name]) })
          .where('id', '=', r.id)
          .execute();
      }
      after = rows[rows.length - 1].id;
    }
  },
};
