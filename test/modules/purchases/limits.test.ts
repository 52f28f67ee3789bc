// Uploaded files are read on the worker threads with a time and a memory limit: a file over either
// is refused like any unreadable file (400 naming `file`), nothing is stored, and the server goes on.
// A PDF of 600,000 objects takes seconds and hundreds of MB to read, far over the limits set here.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount, type TestContext } from '../../helpers/harness.js';
import { manyObjectsPdf } from '../../../bench/hostile.js';
import { MULTIPART, multipart } from '../../helpers/multipart.js';

const body = multipart([{ name: 'file', filename: 'objets.pdf', type: 'application/pdf', content: manyObjectsPdf() }]);

function account(ctx: TestContext): () => TestAccount {
  let a: TestAccount;
  beforeAll(async () => {
    a = await ctx.newAccount();
  });
  return () => a;
}

async function purchaseCount(ctx: TestContext, accountId: number): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('purchaseInvoices')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('accountId', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDb(
  'uploads over the worker time limit',
  (ctx) => {
    const a = account(ctx);

    it('a file that takes too long to read is refused with a 400 naming file and the limit', async () => {
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/purchaseinvoices/file',
        headers: { ...a().headers, 'content-type': MULTIPART },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      const message = 'file: reading the file took longer than the 0.1 s allowed; it is refused';
      expect(res.json()).toEqual({ message, errors: [message] });
      expect(await purchaseCount(ctx, a().accountId)).toBe(0);
    });
  },
  { WORKER_TIMEOUT_MS: '100' },
);

describeEachDb(
  'uploads over the worker memory limit',
  (ctx) => {
    const a = account(ctx);

    it('a file that needs too much memory to read is refused with a 400 naming file and the limit', async () => {
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/purchaseinvoices/file',
        headers: { ...a().headers, 'content-type': MULTIPART },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      const message = 'file: reading the file needed more than the 32 MB of memory allowed; it is refused';
      expect(res.json()).toEqual({ message, errors: [message] });
      expect(await purchaseCount(ctx, a().accountId)).toBe(0);
    });
  },
  { WORKER_MEMORY_MB: '32' },
);
