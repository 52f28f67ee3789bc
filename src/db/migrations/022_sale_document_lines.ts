// The Detail of each finalized sale document (its booked lines: modules/sales/detail.ts), stored
// once at finalization beside the snapshot, so that an export reads a compact JSON of a few hundred
// bytes per document instead of inflating and parsing its whole snapshot (bench/results/exports.md).
// A table of its own rather than a column of sale_document_data: SQLite reads a row's columns in
// order through its overflow pages, so a column after the snapshot would read the snapshot too.
// Documents finalized before this migration get theirs here, from their snapshots, by id batches.
import { detailOfSnapshot } from '../../modules/sales/detail.js';
import type { Migration } from './helpers.js';

export const saleDocumentLines: Migration = {
  name: '022_sale_document_lines',
  async up(db) {
    await db.schema
      .createTable('sale_document_lines')
      .addColumn('document_id', 'integer', (c) => c.primaryKey().references('sale_documents.id').onDelete('cascade'))
      .addColumn('detail', 'text', (c) => c.notNull())
      .execute();
    let after = 0;
    for (;;) {
      const rows: { id: number; data: string | Uint8Array }[] = await db
        .selectFrom('sale_documents')
        .innerJoin('sale_document_data', 'sale_document_data.document_id', 'sale_documents.id')
        .select(['sale_documents.id as id', 'sale_document_data.data as data'])
        .where('sale_documents.is_draft', '=', false)
        .where('sale_documents.id', '>', after)
        .orderBy('sale_documents.id')
        .limit(500)
        .execute();
      if (!rows.length) break;
      await db
        .insertInto('sale_document_lines')
        .values(rows.map((r) => ({ document_id: r.id, detail: detailOfSnapshot(r.data) })))
        .execute();
      after = rows[rows.length - 1].id;
    }
  },
};
