// Exact decimal arithmetic for amounts, rates and quantities, over big.js. Binary floats never
// touch money: JS numbers from JSON are converted through their shortest decimal representation,
// rounding is half-up (half away from zero, so -0.005 -> -0.01, symmetric for credit lines),
// and every string or number produced for output is free of negative zero.

import Big from 'big.js';
import { DomainValidationError } from './errors.js';

export type Decimal = Big;
/** What callers may pass where a decimal is expected. */
export type DecimalInput = number | string | Big;

const DECIMAL_STRING = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export const ZERO: Big = new Big(0);
export const HUNDRED: Big = new Big(100);

/**
 * Parses a JS number, a decimal string ("19.99", "-3", "1e-7") or a Big into a Big.
 * Numbers go through `String(n)` (shortest round-trip form), so 19.99 becomes exactly 19.99.
 * Throws DomainValidationError (naming `field`) for NaN, infinities, empty or malformed strings.
 */
export function toDecimal(value: DecimalInput, field = 'value'): Big {
  if (value instanceof Big) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new DomainValidationError(field, `${field} must be a finite number.`);
    return new Big(Object.is(value, -0) ? 0 : String(value));
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (!DECIMAL_STRING.test(text)) throw new DomainValidationError(field, `${field} is not a decimal number: "${value}".`);
    return new Big(text.startsWith('+') ? text.slice(1) : text);
  }
  throw new DomainValidationError(field, `${field} must be a number or a decimal string.`);
}

/** Like toDecimal, but null/undefined give `fallback`. */
export function toDecimalOr(value: DecimalInput | null | undefined, fallback: Big, field = 'value'): Big {
  return value === null || value === undefined ? fallback : toDecimal(value, field);
}

/** Removes the sign of a zero so that it never prints as "-0". */
function unsignedZero(value: Big): Big {
  return value.eq(0) ? ZERO : value;
}

/** Rounds half-up (half away from zero) to `dp` decimals. */
export function roundHalfUp(value: DecimalInput, dp: number): Big {
  return unsignedZero(toDecimal(value).round(dp, Big.roundHalfUp));
}

/**
 * A number a client sent with more decimals than are stored, rounded half away from zero (a price
 * computed as 10 / 3 by a shop plugin arrives as 3.3333333333333335); absent stays absent.
 */
export function roundInput<T extends number | null | undefined>(value: T, dp: number): T {
  if (value === null || value === undefined) return value;
  return toNumber(value, dp) as T;
}

/** Rounds half-up to the cent. */
export function round2(value: DecimalInput): Big {
  return roundHalfUp(value, 2);
}

/** Fixed decimal string with exactly `dp` decimals, rounded half-up: "1234.50". Never "-0.00". */
export function formatFixed(value: DecimalInput, dp = 2): string {
  return unsignedZero(roundHalfUp(value, dp)).toFixed(dp);
}

/** Shortest decimal string without trailing zeros ("5.5", "20", "0"), for rates and quantities. */
export function formatPlain(value: DecimalInput): string {
  const big = unsignedZero(toDecimal(value));
  return big.toFixed();
}

/** JS number for JSON output, rounded half-up to `dp` decimals first; never -0. */
export function toNumber(value: DecimalInput, dp = 2): number {
  const n = Number(formatFixed(value, dp));
  return n === 0 ? 0 : n;
}

/** Exact sum. */
export function sum(values: Iterable<DecimalInput>): Big {
  let total = ZERO;
  for (const value of values) total = total.plus(toDecimal(value));
  return total;
}

/** -1, 0 or 1. */
export function sign(value: Big): -1 | 0 | 1 {
  return value.gt(0) ? 1 : value.lt(0) ? -1 : 0;
}

/** Largest integer <= value (big.js only truncates toward zero). */
function floor(value: Big): Big {
  const truncated = value.round(0, Big.roundDown);
  return truncated.gt(value) ? truncated.minus(1) : truncated;
}

/**
 * Splits `total` into parts proportional to `weights`, each with `dp` decimals, so that the parts
 * sum to `total` exactly (largest-remainder method, computed exactly on integers of minor units).
 * Ties on the remainder go to the larger |weight|, then to the earlier index, so the result is
 * deterministic. Weights may have mixed signs; their sum must not be zero unless `total` is zero.
 */
export function allocateProportionally(total: DecimalInput, weights: readonly DecimalInput[], dp = 2): Big[] {
  if (toDecimal(total).lt(0)) {
    // Mirror the positive case so that a credit and its invoice split the same way.
    return allocateProportionally(
      toDecimal(total).times(-1),
      weights.map((w) => toDecimal(w).times(-1)),
      dp,
    ).map((p) => unsignedZero(p.times(-1)));
  }
  const unit = new Big(10).pow(dp);
  const totalUnits = toDecimal(total).times(unit);
  if (!totalUnits.eq(totalUnits.round(0, Big.roundDown))) {
    throw new DomainValidationError('total', `The amount to allocate has more than ${dp} decimals.`);
  }
  if (weights.length === 0) {
    if (totalUnits.eq(0)) return [];
    throw new DomainValidationError('weights', 'Cannot allocate a non-zero amount over no parts.');
  }
  const ws = weights.map((w) => toDecimal(w));
  let weightSum = sum(ws);
  if (weightSum.eq(0)) {
    if (totalUnits.eq(0)) return ws.map(() => ZERO);
    throw new DomainValidationError('weights', 'Cannot allocate a non-zero amount over parts that sum to zero.');
  }
  // Make the divisor positive so that floor/remainder behave uniformly.
  let signedTotal = totalUnits;
  let signedWeights = ws;
  if (weightSum.lt(0)) {
    weightSum = weightSum.times(-1);
    signedWeights = ws.map((w) => w.times(-1));
  }
  const shares = signedWeights.map((w, index) => {
    const numerator = signedTotal.times(w);
    const whole = floor(numerator.div(weightSum));
    // Correct any rounding of the division so that 0 <= remainder < weightSum holds exactly.
    let base = whole;
    let remainder = numerator.minus(base.times(weightSum));
    while (remainder.lt(0)) {
      base = base.minus(1);
      remainder = remainder.plus(weightSum);
    }
    while (remainder.gte(weightSum)) {
      base = base.plus(1);
      remainder = remainder.minus(weightSum);
    }
    return { index, base, remainder, weight: ws[index].abs() };
  });
  signedTotal = signedTotal.minus(sum(shares.map((s) => s.base)));
  const missing = Number(signedTotal.toFixed(0));
  const order = [...shares].sort((a, b) => b.remainder.cmp(a.remainder) || b.weight.cmp(a.weight) || a.index - b.index);
  for (let i = 0; i < missing; i += 1) order[i % order.length].base = order[i % order.length].base.plus(1);
  return shares.map((s) => unsignedZero(s.base.div(unit)));
}
