// A version per mutable record, incremented by every write: the ETag of GET answers and what an
// If-Match precondition is checked against (docs/decisions.md, "Optimistic concurrency").
import type { Migration } from './helpers.js';

export const recordVersions: Migration = {
  name: '011_record_versions',
  async up(db) {
    for (const table of ['records', 'sale_documents', 'receipts', 'settings']) {
      await db.schema
        .alterTable(table)
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    }
  },
};
