// The one full-text search of the ledger lists (receipts, purchase invoices, supplier payments,
// expense reports, bank transactions): a `search_text` column written with the row, matched with
// `LIKE`. Accent- and case-insensitive on both dialects because both sides are normalised in
// JavaScript (domain/text.ts), never by the database: "societe" finds "Société" on SQLite and
// PostgreSQL alike. (Master-data records use their own full-text index: modules/records/store.ts.)
import { sql, type RawBuilder } from 'kysely';
import { searchTokens } from '../domain/text.js';

/**
 * `search_text` holds normalised words separated by single spaces, with a leading space, so
 * `LIKE '% word%'` is a word-prefix match on both dialects (tokens are letters and digits only).
 */
export function searchTextOf(values: readonly (string | null | undefined)[]): string {
  const tokens = values.flatMap((v) => (v ? searchTokens(v) : []));
  return tokens.length ? ` ${[...new Set(tokens)].join(' ')}` : '';
}

/**
 * The conditions a `search_text` column must meet for `query`: every word typed (at most 10) is the
 * start of a word of the row. None for an absent or blank query; a query of punctuation only
 * matches nothing.
 */
export function searchTextConditions(query: string | undefined, column = 'search_text'): RawBuilder<boolean>[] {
  if (!query?.trim()) return [];
  const tokens = searchTokens(query).slice(0, 10);
  if (!tokens.length) return [sql<boolean>`1 = 0`];
  return tokens.map((t) => sql<boolean>`${sql.ref(column)} LIKE ${`% ${t}%`}`);
}
