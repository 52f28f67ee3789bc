// Table types as Kysely sees them (camelCase; the CamelCasePlugin maps to snake_case columns).
// Timestamps are ISO-8601 UTC strings and dates 'YYYY-MM-DD' strings on both dialects, so rows
// read the same from SQLite and PostgreSQL.
import type { Generated } from 'kysely';

export interface AccountsTable {
  id: Generated<number>;
  name: string;
  createdAt: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  accountId: number;
  name: string;
  keyHash: string;
  /** First characters of the key, shown in listings so a person can tell keys apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  accountId: number;
  type: string;
  payload: string;
  createdAt: string;
  deliveredAt: string | null;
  attempts: Generated<number>;
}

export interface RecordsTable {
  id: Generated<number>;
  accountId: number;
  kind: string;
  number: string | null;
  internalId: string | null;
  email: string | null;
  name: string | null;
  amount: number | string | null;
  parentId: number | null;
  searchText: string;
  data: string;
  createdAt: string;
  updatedAt: string;
}

export interface CountersTable {
  accountId: number;
  name: string;
  value: number;
}

export interface Database {
  records: RecordsTable;
  counters: CountersTable;
  accounts: AccountsTable;
  apiKeys: ApiKeysTable;
  outbox: OutboxTable;
}
