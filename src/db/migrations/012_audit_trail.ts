// The keyed audit trail (docs/audit.md). Each state change of a finalized sale document appends an
// entry to its account's chain for the document's kind, in the transaction of the change: the
// canonical JSON of the document's state (every column it is listed, filtered and served by, and the
// SHA-256 of its snapshot), authenticated by HMAC-SHA256 under a key that is not in the database,
// and chained to the previous entry. The chain continues the first, unkeyed one: its first entry in
// an upgraded database seals that chain's head, and `seq` continues its `chain_index` numbering.
// The sealing itself needs the key, so it happens at start (src/modules/sales/audit.ts), not here.
//
// Entries have no foreign key to their document: they must outlive a document removed behind the
// application's back, which is what they are there to reveal.
import type { Migration } from './helpers.js';

export const auditTrail: Migration = {
  name: '012_audit_trail',
  async up(db) {
    await db.schema
      .createTable('audit_entries')
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('document_id', 'integer')
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('mac', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('audit_entries_pk', ['account_id', 'kind', 'seq'])
      .execute();
    // A document's latest entry, read with the document by every use case that changes it.
    await db.schema.createIndex('audit_entries_document').on('audit_entries').columns(['account_id', 'document_id', 'seq']).execute();
    // The key that sealed the chain's last entry: null for a chain of the first generation.
    await db.schema.alterTable('document_heads').addColumn('key_id', 'text').execute();
  },
};
