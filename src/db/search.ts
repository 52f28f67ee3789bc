// The one full-text search of the ledger lists (receipts, purchase invoices, supplier payments,
// expense reports, bank transactions): a `search_text` column written with the row, matched with
// `LIKE`. Accent- and case-insensitive on both dialects because both sides are normalised in
// JavaScript (domain/text.ts), never by the database: "societe" finds "Société" on SQLite and
// PostgreSQL alike. (Master-data records use their own full-text index: modules/records/store.ts.)
import Big from 'big.js';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { searchTokens } from '../domain/text.js';
import { toStoredAmount } from './money.js';
import type { Database } from './schema.js';

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

/**
 * The `query` of the sale document lists (invoices, credit notes, quotes), tables without a
 * `search_text`: a part of the number or of the customer's name, in any case, or an amount typed
 * exactly, with or without VAT ("1234,50", "1 234.50", "120"). Accents are compared as stored.
 */
export function saleDocumentQueryCondition(db: Kysely<Database>, query: string): RawBuilder<boolean> {
  const text = query.trim();
  const parts = [
    sql<boolean>`upper(${sql.ref('number')}) LIKE ${`%${text.toUpperCase()}%`}`,
    sql<boolean>`lower(${sql.ref('customer_name')}) LIKE ${`%${text.toLowerCase()}%`}`,
  ];
  const amount = /^-?\d{1,12}([.,]\d{1,2})?$/.test(text.replace(/[\s\u00a0\u202f]/g, ''))
    ? toStoredAmount(db, new Big(text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')))
    : null;
  if (amount !== null)
    parts.push(sql<boolean>`${sql.ref('tax_included_amount')} = ${amount}`, sql<boolean>`${sql.ref('tax_excluded_amount')} = ${amount}`);
  return sql<boolean>`(${sql.join(parts, sql` OR `)})`;
}
