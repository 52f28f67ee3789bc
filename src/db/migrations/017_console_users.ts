// Users of the web console and their sessions (docs/console.md). A user belongs to one account and
// signs in with an e-mail (unique across the installation, compared lower-cased) and a password
// hashed with scrypt. A session is known by the SHA-256 of its cookie value and carries the CSRF
// token the console sends back on every change. A sign-in link (the first start's, or one made by
// `facturier users reset-password`) is a one-time token kept as a hash too.
import type { Migration } from './helpers.js';
import { withAccount, withId } from './helpers.js';

export const consoleUsers: Migration = {
  name: '017_console_users',
  async up(db, dialect) {
    await withAccount(withId(db.schema.createTable('users'), dialect))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('phone', 'text')
      .addColumn('profile', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('password_changed_at', 'text')
      .execute();
    await db.schema.createIndex('users_email').unique().on('users').column('email').execute();
    await db.schema.createIndex('users_account').on('users').column('account_id').execute();
    await db.schema
      .createTable('user_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('csrf_token', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('user_sessions_user').on('user_sessions').column('user_id').execute();
    await db.schema
      .createTable('user_sign_in_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
