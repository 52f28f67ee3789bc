// Every logo an account has used, kept by its token: a finalized document names the logo it was
// issued with, and its PDF (rendered from that frozen snapshot on first download) must show that
// logo even after the account changes it.
import type { Migration } from './helpers.js';

export const logoVersions: Migration = {
  name: '008_logo_versions',
  async up(db, dialect) {
    await db.schema
      .createTable('logo_versions')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('content', dialect === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
