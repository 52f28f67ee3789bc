// Idempotency-Key on POST, PUT and DELETE: the first answer is replayed to a retry, another request
// under the same key is a 422, concurrent duplicates wait for the first, and a key lives 24 hours.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { FakeClock } from '../helpers/delivery.js';
import { salesClient, simpleLine } from '../helpers/sales.js';

const clock = new FakeClock();

describeEachDb(
  'Idempotency-Key',
  (ctx) => {
    let a: TestAccount;
    let b: TestAccount;
    beforeAll(async () => {
      a = await ctx.newAccount();
      b = await ctx.newAccount();
    });
    const createCustomer = (account: TestAccount, key: string | undefined, companyName: string) =>
      ctx.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: { ...account.headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload: { type: 'Business', companyName },
      });
    const countCustomers = async (account: TestAccount, name: string) =>
      (await ctx.inject({ method: 'GET', url: `/v1/customers?query=${encodeURIComponent(name)}`, headers: account.headers })).json()
        .length as number;

    it('replays the first answer to a retry with the same body: one customer, same id, marked as replayed', async () => {
      const first = await createCustomer(a, 'create-1', 'Rejeu SARL');
      expect(first.statusCode).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await createCustomer(a, 'create-1', 'Rejeu SARL');
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(await countCustomers(a, 'Rejeu')).toBe(1);
    });

    it('answers 422 to the same key with another body, path or method, and stores nothing', async () => {
      expect((await createCustomer(a, 'create-2', 'Premier SARL')).statusCode).toBe(200);
      const other = await createCustomer(a, 'create-2', 'Second SARL');
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toMatch(/Idempotency-Key "create-2" was used for another request/);
      const otherPath = await ctx.inject({
        method: 'POST',
        url: '/v1/products',
        headers: { ...a.headers, 'idempotency-key': 'create-2' },
        payload: { name: 'Produit', unitPrice: 1 },
      });
      expect(otherPath.statusCode).toBe(422);
      expect(await countCustomers(a, 'Second')).toBe(0);
    });

    it('keeps keys per account: the same key in another account is another request', async () => {
      const mine = await createCustomer(a, 'shared-key', 'Compte A SARL');
      const theirs = await createCustomer(b, 'shared-key', 'Compte B SARL');
      expect(theirs.statusCode).toBe(200);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      expect(theirs.json().id).not.toBe(mine.json().id);
    });

    it('makes concurrent duplicates wait for the first: one creation, every answer the same', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => createCustomer(a, 'concurrent-1', 'Concurrent SARL')));
      expect(answers.map((r) => r.statusCode)).toEqual(Array<number>(6).fill(200));
      expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
      expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
      expect(await countCustomers(a, 'Concurrent')).toBe(1);
    });

    it('makes finalize and delete safe to retry: the retry gets the first answer, not an error', async () => {
      const sales = salesClient(ctx, a);
      const draft = await sales.draft('Invoice', { customerName: 'Client Rejeu', lines: [simpleLine()] });
      const finalize = () =>
        ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${draft.id}`, headers: { ...a.headers, 'idempotency-key': 'fin-1' } });
      const first = await finalize();
      expect(first.statusCode, first.body).toBe(200);
      const retry = await finalize();
      expect(retry.statusCode).toBe(200);
      expect(retry.json().number).toBe(first.json().number);
      expect((await sales.finalize('Invoice', draft.id)).statusCode).toBe(400); // without the key: already finalized
      const customer = (await createCustomer(a, undefined, 'Supprimé SARL')).json();
      const remove = () =>
        ctx.inject({ method: 'DELETE', url: `/v1/customers/${customer.id}`, headers: { ...a.headers, 'idempotency-key': 'del-1' } });
      expect((await remove()).statusCode).toBe(200);
      const again = await remove();
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
    });

    it('stores an error answer too (same request, same 400), but forgets a key after 24 hours', async () => {
      const bad = () =>
        ctx.inject({
          method: 'POST',
          url: '/v1/customers',
          headers: { ...a.headers, 'idempotency-key': 'bad-1' },
          payload: { type: 'Nope' },
        });
      const first = await bad();
      expect(first.statusCode).toBe(400);
      expect((await bad()).body).toBe(first.body);
      expect((await createCustomer(a, 'day-1', 'Jour SARL')).statusCode).toBe(200);
      clock.advance(24 * 3600_000 + 1000);
      const later = await createCustomer(a, 'day-1', 'Jour SARL');
      expect(later.statusCode).toBe(200);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(await countCustomers(a, 'Jour')).toBe(2);
      // The worker purges expired keys.
      await ctx.app.outbox.runOnce();
      const left = await ctx.db.kysely.selectFrom('idempotencyKeys').select('key').where('expiresAt', '<=', clock.ms).execute();
      expect(left).toEqual([]);
    });

    it('refuses a malformed key with a 400 naming the header; GET ignores the header', async () => {
      const res = await createCustomer(a, 'x'.repeat(256), 'Trop long SARL');
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.join(' ')).toContain('Idempotency-Key');
      const withSpace = await createCustomer(a, 'has space', 'Espace SARL');
      expect(withSpace.statusCode).toBe(400);
      const get = await ctx.inject({ method: 'GET', url: '/v1/customers', headers: { ...a.headers, 'idempotency-key': 'has space' } });
      expect(get.statusCode).toBe(200);
    });
  },
  {},
  () => ({ delivery: { clock: clock.now } }),
);
