// A finalization never waits on a render (issue #24). A long document's e-invoice is judged before
// the finalization's transaction, with the number it would receive, on the worker threads' priority
// lane; under the numbering lock the verdict is reused when the document stored is exactly the one
// judged, and the document is judged again only when something changed (another finalization took
// the number). The bound shown here: with both worker threads busy with 1,000-line PDF renders and
// eight more waiting, a 1,000-line finalization completes before half of the ten renders have
// finished: it waits at most for one render running when its judgement came, never for the queue.
// (Before, the judgement queued behind the renders, first come first served, under the lock.)
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, expect, it } from 'vitest';
import { todayIn } from '../../../src/domain/dates.js';
import type { Task } from '../../../src/workers/task.js';
import type { RunOptions } from '../../../src/workers/pool.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { thousandLines } from '../../../bench/hostile.js';
import { LINES, setUpSeller } from './documents.fixtures.js';

const today = todayIn('Europe/Paris');

describeEachDb(
  'a finalization never waits on a render',
  (ctx) => {
    let account: TestAccount;
    let customerId: number;
    const judged: { priority: RunOptions['priority'] }[] = [];
    /** Runs before the next judgement on a worker thread, once. */
    let beforeNextJudgement: (() => Promise<void>) | null = null;

    beforeAll(async () => {
      ({ account, customerId } = await setUpSeller(ctx));
      const run = ctx.workers.run.bind(ctx.workers);
      ctx.workers.run = async <A extends unknown[], R>(task: Task<A, R>, args: A, options?: RunOptions) => {
        if (task.name === 'judge') {
          judged.push({ priority: options?.priority });
          const before = beforeNextJudgement;
          beforeNextJudgement = null;
          if (before) await before();
        }
        return run(task, args, options);
      };
    });

    const draft = async (lines: object[]) => {
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/saleinvoices',
        headers: account.headers,
        payload: { customerId, date: today, lines },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    };
    const finalize = (id: number) => ctx.inject({ method: 'POST', url: `/v1/saleinvoices/finalize/${id}`, headers: account.headers });

    it('finalizes a 1,000-line invoice before half of ten 1,000-line renders have finished, judged once', async () => {
      const rendered = await draft(thousandLines());
      const finalized = await draft(thousandLines());
      judged.length = 0;
      let renderedCount = 0;
      const renders = Array.from({ length: 10 }, () =>
        ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${rendered}`, headers: account.headers }).then((res) => {
          renderedCount++;
          return res;
        }),
      );
      // The renders reach the pool: two run, the others wait.
      for (let i = 0; i < 600 && ctx.workers.stats().queued < 8; i++) await sleep(50);
      expect(ctx.workers.stats()).toMatchObject({ busy: 2, queued: 8 });

      const res = await finalize(finalized);
      const renderedBefore = renderedCount;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ isDraft: false, number: expect.any(String) });
      // Judged once, before the lock, on the priority lane: the verdict was reused under the lock.
      expect(judged).toEqual([{ priority: 'high' }]);
      expect(renderedBefore).toBeLessThan(5);

      const all = await Promise.all(renders);
      for (const r of all) expect(r.statusCode).toBe(200);
      expect(renderedCount).toBe(10);
    }, 300_000);

    it('judges again under the lock when another finalization took the number judged', async () => {
      const long = await draft(thousandLines());
      const short = await draft(LINES);
      judged.length = 0;
      let shortNumber = '';
      // Between the judgement before the lock and the lock, a short invoice takes the number.
      beforeNextJudgement = async () => {
        const res = await finalize(short);
        expect(res.statusCode, res.body).toBe(200);
        shortNumber = res.json().number;
      };
      const res = await finalize(long);
      expect(res.statusCode, res.body).toBe(200);
      expect(judged).toEqual([{ priority: 'high' }, { priority: 'high' }]);
      const seq = (n: string) => Number(/(\d+)$/.exec(n)![1]);
      expect(seq(res.json().number)).toBe(seq(shortNumber) + 1);
    }, 60_000);
  },
  { WORKER_THREADS: '2', WORKER_TIMEOUT_MS: '180000' },
);
