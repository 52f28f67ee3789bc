// The order exports read sale documents in: by account and kind, then date and id (the keyset of
// their cursors, src/modules/exports/repo.ts). The list indexes of migration 005 put the cancelled
// and processed flags before the date, so a cursor over all documents of a period would sort them
// again for every batch.
import type { Migration } from './helpers.js';

export const exportIndex: Migration = {
  name: '019_export_index',
  async up(db) {
    await db.schema.createIndex('sale_documents_export').on('sale_documents').columns(['account_id', 'kind', 'date', 'id']).execute();
  },
};
