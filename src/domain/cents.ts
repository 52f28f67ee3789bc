// Amounts as integers of cents: a million export lines are summed and split without a decimal
// library and without a binary float ever holding a fraction (every amount the API stores fits:
// 10^11 € are 10^13 cents, below 2^53). Used by the exports and by the Detail a finalized sale
// document stores (modules/sales/detail.ts).

/** The cents of a decimal text with at most 2 decimals ("12.5", "-3.07", "12"). */
export function toCents(text: string | number): number {
  const s = String(text);
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!match) throw new Error(`"${s}" is not an amount with at most 2 decimals`);
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -value : value;
}

/** "12.50", "-0.07": the exact decimal text of an amount in cents. */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100);
  const rest = abs - units * 100;
  return `${cents < 0 ? '-' : ''}${units}.${rest < 10 ? '0' : ''}${rest}`;
}

/**
 * Splits `total` cents over parts proportional to `weights` (cents, any signs) so that the parts
 * add up to `total` exactly: largest remainders, ties to the earlier part. Products are computed on
 * BigInt, so no size of amount loses precision. Weights that sum to zero give the whole total to
 * the first part (there is no proportion to follow).
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (!weights.length) return [];
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (weightSum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const sign = weightSum < 0 ? -1n : 1n;
  const denominator = BigInt(weightSum) * sign;
  const t = BigInt(total);
  const shares: bigint[] = [];
  const remainders: bigint[] = [];
  let allocated = 0n;
  for (const w of weights) {
    const numerator = t * BigInt(w) * sign;
    let q = numerator / denominator;
    let r = numerator % denominator;
    if (r < 0n) {
      q -= 1n;
      r += denominator;
    }
    shares.push(q);
    remainders.push(r);
    allocated += q;
  }
  // Floors leave 0..(n-1) cents to hand out; they go to the largest remainders.
  let left = t - allocated;
  const order = remainders
    .map((r, i) => i)
    .sort((a, b) => (remainders[b] > remainders[a] ? 1 : remainders[b] < remainders[a] ? -1 : a - b));
  for (let k = 0; left > 0n; k = (k + 1) % order.length, left--) shares[order[k]] += 1n;
  return shares.map(Number);
}
