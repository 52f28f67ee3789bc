// Rendering and checking run on the worker threads with a time and a memory limit: a document over
// either is stopped there and answered with a 503 that says which limit it went over, and the server
// goes on serving. A 1,000-line document takes seconds to render, far over the 0.1 s allowed here.
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, expect, it } from 'vitest';
import { todayIn } from '../../../src/domain/dates.js';
import { describeEachDb, type TestAccount, type TestContext } from '../../helpers/harness.js';
import { thousandLines } from '../../../bench/hostile.js';
import { expectProblem } from '../../helpers/sales.js';
import { setUpSeller } from './documents.fixtures.js';

function longDraft(ctx: TestContext, state: { account?: TestAccount; draftId?: number }) {
  beforeAll(async () => {
    const { account, customerId } = await setUpSeller(ctx);
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/saleinvoices',
      headers: account.headers,
      payload: { customerId, date: todayIn('Europe/Paris'), lines: thousandLines() },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    state.account = account;
    state.draftId = draft.json().id;
  });
}

describeEachDb(
  'documents over the worker time limit',
  (ctx) => {
    const s: { account?: TestAccount; draftId?: number } = {};
    longDraft(ctx, s);

    it('a PDF download that takes too long is stopped and answered 503, naming the limit', async () => {
      const res = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${s.draftId}`, headers: s.account!.headers });
      expect(expectProblem(res, 503)).toMatchObject({
        title: 'Service Unavailable',
        detail: 'Rendering the PDF of this 1000-line document took longer than the 0.1 s allowed; it was stopped.',
        instance: `/v1/saleinvoices/download/${s.draftId}`,
      });
      expect(res.headers['retry-after']).toBeUndefined();
    });

    it('so is a conformance check, with an Error body', async () => {
      const res = await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/checkeinvoicing/${s.draftId}`, headers: s.account!.headers });
      expect(res.statusCode).toBe(503);
      const detail = 'The conformance check of this 1000-line document took longer than the 0.1 s allowed; it was stopped.';
      expect(res.json()).toEqual({ message: detail, errors: [detail] });
    });

    it('the server goes on answering, and the stopped thread is gone', async () => {
      const res = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/${s.draftId}`, headers: s.account!.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().lines).toHaveLength(1000);
      expect(ctx.workers.stats()).toEqual({ threads: 0, busy: 0, queued: 0 });
    });
  },
  { WORKER_TIMEOUT_MS: '100' },
);

describeEachDb(
  'documents over the worker memory limit',
  (ctx) => {
    const s: { account?: TestAccount; draftId?: number } = {};
    longDraft(ctx, s);

    it('a PDF download that needs too much memory is stopped and answered 503, naming the limit', async () => {
      const res = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${s.draftId}`, headers: s.account!.headers });
      expect(expectProblem(res, 503).detail).toBe(
        'Rendering the PDF of this 1000-line document needed more than the 32 MB of memory allowed; it was stopped.',
      );
    });
  },
  { WORKER_MEMORY_MB: '32' },
);

describeEachDb(
  'documents when every worker thread is taken',
  (ctx) => {
    const s: { account?: TestAccount; draftId?: number } = {};
    longDraft(ctx, s);

    it('a download finding no thread free and no place to wait is refused 503 with Retry-After, the first one completes', async () => {
      const download = () => ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${s.draftId}`, headers: s.account!.headers });
      const first = download();
      while (ctx.workers.stats().busy === 0) await sleep(2);
      const second = await download();
      expect(expectProblem(second, 503).detail).toBe(
        'The server is busy: its 1 worker threads are all taken and 0 tasks already wait for one. Retry shortly.',
      );
      expect(second.headers['retry-after']).toBe('1');
      const res = await first;
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  },
  { WORKER_THREADS: '1', WORKER_QUEUE: '0' },
);
