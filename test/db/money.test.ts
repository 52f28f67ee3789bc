// Amounts are exact in storage: integer minor units on SQLite, numeric on PostgreSQL, so a sum in
// SQL over any number of rows is exact, and every amount reads back as the decimal written.
import Big from 'big.js';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { fromStoredAmount, PRICE_SCALE, toStoredAmount } from '../../src/db/money.js';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';

describeEachDb('amounts in storage', (ctx) => {
  let a: TestAccount;
  beforeAll(async () => {
    a = await ctx.newAccount();
  });

  it('1,000 receipts of 0.10 sum to exactly 100.00 in SQL', async () => {
    for (let i = 0; i < 1000; i++) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/receipts',
        headers: a.headers,
        payload: { amount: 0.1, paymentMethod: 'Cash' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { rows } = await sql<{
      total: number | string;
    }>`select sum(amount) as total from receipts where account_id = ${a.accountId}`.execute(ctx.db.kysely);
    expect(fromStoredAmount(ctx.db.kysely, rows[0].total).toFixed(2)).toBe('100.00');
    if (ctx.dialect === 'sqlite') {
      // Integer arithmetic, exact in any SQLite. Over `real` columns the same SUM is 99.9999999999986
      // in SQLite 3.40 (Debian 12's sqlite3, say); 3.43+ compensates float rounding and hides it.
      expect(rows[0].total).toBe(10_000);
      const kinds = await sql<{ kind: string }>`select distinct typeof(amount) as kind from receipts`.execute(ctx.db.kysely);
      expect(kinds.rows).toEqual([{ kind: 'integer' }]);
    }
  });

  it('reads back amounts of any sign and size as the decimal written', () => {
    for (const value of ['0', '0.01', '-0.01', '19.99', '1234567.89', '-99999999999.99', '999999999999.99']) {
      expect(fromStoredAmount(ctx.db.kysely, toStoredAmount(ctx.db.kysely, new Big(value))).toFixed(2)).toBe(new Big(value).toFixed(2));
    }
    const price = toStoredAmount(ctx.db.kysely, new Big('-12.3456'), PRICE_SCALE);
    expect(fromStoredAmount(ctx.db.kysely, price, PRICE_SCALE).toFixed()).toBe('-12.3456');
    if (ctx.dialect === 'sqlite') expect(price).toBe(-123456);
  });

  it('refuses an amount with more decimals than its column holds, instead of rounding it silently', () => {
    expect(() => toStoredAmount(ctx.db.kysely, new Big('0.005'))).toThrow(/more than 2 decimals/);
    expect(() => toStoredAmount(ctx.db.kysely, new Big('1.23456'), PRICE_SCALE)).toThrow(/more than 4 decimals/);
  });
});
