// The Detail of each finalized sale document (its booked lines: modules/sales/detail.ts), stored
// once at finalization beside the snapshot, so that an export reads a compact JSON of a few hundred
// bytes per document instead of inflating and parsing its whole snapshot (bench/results/exports.md).
// A table of its own rather than a column of sale_document_data: SQLite reads a row's columns in
// order through its overflow pages, so a column after the snapshot would read the snapshot too.
//
// Computing the Detail of documents finalized before this migration takes the sales module's logic,
// which a migration does not import (db/ never depends on a module): the migration leaves a row in
// `pending_upgrades`, and the sales module does the work when the app or an export starts, then
// deletes the row (completeDetailUpgrade in modules/sales/detail-upgrade.ts).
import { sql } from 'kysely';
import type { Migration } from './helpers.js';

export const saleDocumentLines: Migration = {
  name: '022_sale_document_lines',
  async up(db) {
    await db.schema
      .createTable('sale_document_lines')
      .addColumn('document_id', 'integer', (c) => c.primaryKey().references('sale_documents.id').onDelete('cascade'))
      .addColumn('detail', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('pending_upgrades')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .execute();
    const finalized = await sql`select 1 from sale_documents where is_draft = ${sql.lit(false)} limit 1`.execute(db);
    if (finalized.rows.length) await db.insertInto('pending_upgrades').values({ name: 'sale_document_lines' }).execute();
  },
};
