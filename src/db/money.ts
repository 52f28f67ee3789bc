// How amounts are stored, and the one place that converts between that and exact decimals.
// SQLite: INTEGER in minor units of a fixed scale (cents for amounts, ten-thousandths for unit
// prices), so that SUM, ORDER BY and comparisons in SQL are integer arithmetic, exact over any
// number of rows. PostgreSQL: numeric, already exact (read back as decimal text by pg).
// Repositories encode every amount they write and decode every amount they read through here;
// services and presenters only ever see big.js decimals.
import Big from 'big.js';
import type { Kysely } from 'kysely';
import { isSqlite } from './connection.js';
import type { Database, StoredAmount } from './schema.js';

/** Decimals of a monetary amount: cents. */
export const AMOUNT_SCALE = 2;
/** Decimals of a unit price (products): ten-thousandths. */
export const PRICE_SCALE = 4;

type AnyDb = Kysely<Database>;

/**
 * The stored form of `value`. Refuses a value with more than `scale` decimals (callers round
 * first: rounding is a business rule, not a storage one) and, on SQLite, one whose minor units
 * exceed 2^53 (beyond any amount the API accepts).
 */
export function toStoredAmount(db: AnyDb, value: Big, scale = AMOUNT_SCALE): StoredAmount {
  if (!value.round(scale, Big.roundDown).eq(value)) {
    throw new Error(`Amount ${value.toFixed()} has more than ${scale} decimals: it cannot be stored exactly`);
  }
  if (!isSqlite(db)) return value.toFixed(scale);
  const units = Number(value.times(new Big(10).pow(scale)).toFixed(0));
  if (!Number.isSafeInteger(units)) throw new Error(`Amount ${value.toFixed()} is too large to be stored exactly`);
  return units;
}

/** The exact decimal of a stored amount (SQL aggregates such as SUM included). */
export function fromStoredAmount(db: AnyDb, stored: StoredAmount | bigint, scale = AMOUNT_SCALE): Big {
  if (!isSqlite(db)) return new Big(String(stored));
  if (typeof stored === 'number' && !Number.isInteger(stored)) {
    throw new Error(`Stored amount ${stored} is not an integer number of minor units`);
  }
  return new Big(String(stored)).div(new Big(10).pow(scale));
}

/** Like toStoredAmount, for a nullable column. */
export function toStoredAmountOrNull(db: AnyDb, value: Big | null, scale = AMOUNT_SCALE): StoredAmount | null {
  return value === null ? null : toStoredAmount(db, value, scale);
}
