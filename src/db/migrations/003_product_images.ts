// Product images (one per product, bytes in the database so a deployment has no file store to
// back up) and account settings (one JSON document per account, plus the company logo bytes).
// Image and logo URLs carry a random token that changes on every replacement, so they can be
// served publicly (for <img> tags and PDFs) and cached forever.
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

export const productImagesAndSettings: Migration = {
  name: '003_product_images',
  async up(db, dialect) {
    const blob = dialect === 'sqlite' ? 'blob' : 'bytea';

    await withAccount(withId(db.schema.createTable('product_images'), dialect))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('content', blob, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('product_images_product').on('product_images').columns(['account_id', 'product_id']).unique().execute();

    await db.schema
      .createTable('settings')
      .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('logo', blob)
      .addColumn('logo_content_type', 'text')
      .addColumn('logo_token', 'text', (c) => c.unique())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
