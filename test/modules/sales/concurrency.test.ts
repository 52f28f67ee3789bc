// Concurrent finalizations: numbers stay gapless and unique and the hash chain intact, within one
// process (every dialect) and across two connection pools on PostgreSQL.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { openDatabase, type Db } from '../../../src/db/connection.js';
import { todayIn } from '../../../src/domain/dates.js';
import { verifyAuditTrail } from '../../../src/modules/sales/index.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { salesClient, simpleLine, type DocBody, type Kind } from '../../helpers/sales.js';

const year = todayIn('Europe/Paris').slice(0, 4);
const N = 50;
const expectedNumbers = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${year}-${String(i + 1).padStart(5, '0')}`);

describeEachDb('concurrent finalization', (ctx) => {
  async function drafts(account: TestAccount, kind: Kind, n: number): Promise<number[]> {
    const api = salesClient(ctx, account);
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) ids.push((await api.draft(kind, { customerName: `Client ${i}`, lines: [simpleLine(i + 1)] })).id);
    return ids;
  }

  async function expectChainIntact(accountId: number, invoices: number, credits: number) {
    expect(await verifyAuditTrail(ctx.db.kysely, ctx.keyring, accountId)).toMatchObject([
      { accountId, kind: 'Invoice', documents: invoices, ok: true, broken: null, problems: [] },
      { accountId, kind: 'Credit', documents: credits, ok: true, broken: null, problems: [] },
    ]);
  }

  it(`${N} concurrent finalizations in one process get numbers 1..${N}, each once, and an intact chain`, async () => {
    const account = await ctx.newAccount('Concurrence SAS');
    const ids = await drafts(account, 'Invoice', N);
    const results = await Promise.all(
      ids.map((id) => ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${id}`, headers: account.headers })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const numbers = results.map((r) => r.json().number as string);
    expect([...numbers].sort()).toEqual(expectedNumbers('F', N));
    // Chain order is number order: the n-th number is the n-th link.
    const rows = await ctx.db.kysely
      .selectFrom('saleDocuments')
      .select(['number', 'chainIndex'])
      .where('accountId', '=', account.accountId)
      .orderBy('chainIndex')
      .execute();
    expect(rows.map((r) => r.number)).toEqual(expectedNumbers('F', N));
    expect(rows.map((r) => r.chainIndex)).toEqual(expectedNumbers('F', N).map((_, i) => i + 1));
    await expectChainIntact(account.accountId, N, 0);
  });

  it('finalizing the same draft concurrently succeeds once and consumes one number', async () => {
    const account = await ctx.newAccount('Doublon SAS');
    const [id] = await drafts(account, 'Invoice', 1);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${id}`, headers: account.headers })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(9);
    const api = salesClient(ctx, account);
    expect((await api.finalized('Invoice', { customerName: 'C', lines: [simpleLine()] })).number).toBe(`F-${year}-00002`);
    await expectChainIntact(account.accountId, 2, 0);
  });

  it('mixed concurrent work: finalizations of both kinds, cancellations and new drafts keep every sequence gapless', async () => {
    const account = await ctx.newAccount('Mélange SAS');
    const api = salesClient(ctx, account);
    const toCancel: DocBody[] = [];
    for (let i = 0; i < 5; i += 1) toCancel.push(await api.finalized('Invoice', { customerName: 'C', lines: [simpleLine()] }));
    const invoices = await drafts(account, 'Invoice', 15);
    const credits = await drafts(account, 'Credit', 15);
    const requests: InjectOptions[] = [
      ...invoices.map((id) => ({ method: 'POST' as const, url: `/v1/saleinvoices/finalize/${id}` })),
      ...credits.map((id) => ({ method: 'POST' as const, url: `/v1/salecredits/finalize/${id}` })),
      ...toCancel.map((d) => ({ method: 'POST' as const, url: `/v1/saleinvoices/cancel/${d.id}` })),
      ...toCancel.map((d) => ({ method: 'POST' as const, url: `/v1/saleinvoices/cancel/${d.id}` })),
      ...Array.from({ length: 5 }, () => ({
        method: 'POST' as const,
        url: '/v1/saleinvoices',
        payload: { customerName: 'C', lines: [simpleLine()] },
      })),
    ];
    const results = await Promise.all(requests.map((r) => ctx.inject({ ...r, headers: account.headers })));
    // Each invoice is cancelled exactly once; the second attempt is refused.
    const cancels = results
      .slice(30, 40)
      .map((r) => r.statusCode)
      .sort();
    expect(cancels).toEqual([...Array(5).fill(200), ...Array(5).fill(400)]);
    expect(results.filter((r) => r.statusCode !== 200)).toHaveLength(5);
    const numbers = await ctx.db.kysely
      .selectFrom('saleDocuments')
      .select(['kind', 'number'])
      .where('accountId', '=', account.accountId)
      .where('number', 'is not', null)
      .execute();
    const of = (kind: string) =>
      numbers
        .filter((n) => n.kind === kind)
        .map((n) => n.number)
        .sort();
    expect(of('Invoice')).toEqual(expectedNumbers('F', 20));
    expect(of('Credit')).toEqual(expectedNumbers('AV', 20));
    await expectChainIntact(account.accountId, 20, 20);
  });

  it('updates racing a finalization either land before it (and are hashed) or are refused', async () => {
    const account = await ctx.newAccount('Retouche SAS');
    const ids = await drafts(account, 'Invoice', 10);
    const results = await Promise.all(
      ids.flatMap((id) => [
        ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${id}`, headers: account.headers }),
        ctx.inject({
          method: 'PUT',
          url: `/v1/saleinvoices/${id}`,
          headers: account.headers,
          payload: { customerName: 'Modifié', lines: [simpleLine(99)] },
        }),
      ]),
    );
    expect(results.filter((_, i) => i % 2 === 0).map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    for (const [i, put] of results.filter((_, j) => j % 2 === 1).entries()) {
      expect([200, 400]).toContain(put.statusCode);
      const now = (await salesClient(ctx, account).get('Invoice', ids[i])).json();
      expect(now.customerName).toBe(put.statusCode === 200 ? 'Modifié' : `Client ${i}`);
    }
    await expectChainIntact(account.accountId, 10, 0);
  });

  // Two server processes on PostgreSQL serialize only through the database: each has its own pool,
  // so one process's lock cannot be taken over by the other's connections. Two apps in this test
  // process, each over its own pool opened on the same schema, reproduce exactly that (without
  // building and forking a second Node process): every finalization runs on a connection of one
  // pool or the other, and only the row lock on document_heads orders them.
  describeTwoPools();

  function describeTwoPools() {
    let secondDb: Db | undefined;
    let second: FastifyInstance | undefined;
    beforeAll(async () => {
      if (ctx.dialect !== 'postgres') return;
      secondDb = openDatabase(ctx.config.database);
      second = await buildApp(ctx.config, secondDb);
    });
    afterAll(async () => {
      await second?.close();
      await secondDb?.close();
    });

    it.skipIf(ctx.dialect !== 'postgres')(`${N} finalizations split over two connection pools are gapless and unique`, async () => {
      const account = await ctx.newAccount('Deux serveurs SAS');
      const ids = await drafts(account, 'Invoice', N);
      const results = await Promise.all(
        ids.map(async (id, i) => {
          const options: InjectOptions = { method: 'POST', url: `/v1/saleinvoices/finalize/${id}`, headers: account.headers };
          const res = i % 2 === 0 ? await ctx.inject(options) : await second!.inject(options);
          expect(res.statusCode, res.body).toBe(200);
          return res.json().number as string;
        }),
      );
      expect([...results].sort()).toEqual(expectedNumbers('F', N));
      await expectChainIntact(account.accountId, N, 0);
    });

    it.skipIf(ctx.dialect !== 'postgres')(
      'the first finalizations of a new account race on creating its head row without error',
      async () => {
        const account = await ctx.newAccount('Premier SAS');
        const ids = await drafts(account, 'Credit', 20);
        const results = await Promise.all(
          ids.map((id, i) =>
            (i % 2 === 0 ? ctx.app : second!).inject({
              method: 'POST',
              url: `/v1/salecredits/finalize/${id}`,
              headers: account.headers,
            }),
          ),
        );
        expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
        expect(results.map((r) => r.json().number).sort()).toEqual(expectedNumbers('AV', 20));
        await expectChainIntact(account.accountId, 0, 20);
      },
    );

    it.skipIf(ctx.dialect !== 'postgres')('the same draft finalized through both pools at once is finalized once', async () => {
      const account = await ctx.newAccount('Course SAS');
      const [id] = await drafts(account, 'Invoice', 1);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 === 0 ? ctx.app : second!).inject({
            method: 'POST',
            url: `/v1/saleinvoices/finalize/${id}`,
            headers: account.headers,
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
      await expectChainIntact(account.accountId, 1, 0);
    });
  }
});
