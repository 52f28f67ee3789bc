// The read path (issue #29, docs/decisions.md "#29"): auth_generation, one row whose number moves
// whenever what an authenticated request resolves to may have changed — a key revoked (or its hash,
// account or name changed, or the key deleted), an account renamed or deleted. Triggers move it, in
// the transaction of the change, whoever writes (the server, `facturier keys revoke` in another
// process, SQL by hand). Each server process keeps the keys it resolved in memory with the number
// read before resolving them, and reads the number on every request: a cached key is used only
// while the number is unchanged, so a revocation is seen by the next request of every process.
// Written to run again over itself (if not exists / or replace): a test may replay migrations.
import { sql } from 'kysely';
import type { Migration } from './helpers.js';

export const readPath: Migration = {
  name: '027_read_path',
  async up(db, dialect) {
    await db.schema
      .createTable('auth_generation')
      .ifNotExists()
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('generation', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into auth_generation (id, generation) values (1, 0) on conflict (id) do nothing`.execute(db);
    const bump = sql.raw('update auth_generation set generation = generation + 1 where id = 1');
    if (dialect === 'sqlite') {
      for (const [name, event] of [
        ['api_keys_auth_generation_update', 'after update of revoked_at, key_hash, account_id, name on api_keys'],
        ['api_keys_auth_generation_delete', 'after delete on api_keys'],
        ['accounts_auth_generation_update', 'after update of name on accounts'],
        ['accounts_auth_generation_delete', 'after delete on accounts'],
      ]) {
        await sql`create trigger if not exists ${sql.raw(name)} ${sql.raw(event)} begin ${bump}; end`.execute(db);
      }
      return;
    }
    await sql`create or replace function bump_auth_generation() returns trigger language plpgsql as $$
      begin ${bump}; return null; end $$`.execute(db);
    await sql`create or replace trigger api_keys_auth_generation
      after update of revoked_at, key_hash, account_id, name or delete on api_keys
      for each statement execute function bump_auth_generation()`.execute(db);
    await sql`create or replace trigger accounts_auth_generation
      after update of name or delete on accounts
      for each statement execute function bump_auth_generation()`.execute(db);
  },
};
