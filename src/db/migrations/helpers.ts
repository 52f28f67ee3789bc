// Small helpers so one migration file serves both dialects.
import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../connection.js';

// Migrations operate on the physical schema, so they use an untyped Kysely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MigrationDb = Kysely<any>;

export interface Migration {
  name: string;
  up(db: MigrationDb, dialect: Dialect): Promise<void>;
}

/** An auto-incremented integer primary key named `id`. */
export function withId<T extends string>(builder: CreateTableBuilder<T>, dialect: Dialect) {
  return dialect === 'sqlite'
    ? builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : builder.addColumn('id', 'serial', (c) => c.primaryKey());
}

/** A foreign key to accounts(id), present on every table that holds account data. */
export function withAccount<T extends string>(builder: CreateTableBuilder<T, 'id'>) {
  return builder.addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'));
}
