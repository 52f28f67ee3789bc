import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError, UnavailableError, ValidationError } from '../../src/errors.js';
import { TaskLimitError, WorkerPool, type PoolOptions } from '../../src/workers/pool.js';
import { ownedBuffer } from '../../src/workers/task.js';
import { breakDown, echo, hoard, refuse, spin, whereAndDouble } from './tasks.fixture.js';

const pools: WorkerPool[] = [];
function pool(options: Partial<PoolOptions> = {}): WorkerPool {
  const p = new WorkerPool({ threads: 1, timeoutMs: 30_000, memoryMb: 256, maxQueue: 10, ...options });
  pools.push(p);
  return p;
}
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('the worker pool', () => {
  const shared = pool({ threads: 2 });

  it('runs a task on another thread, with bytes in and out', async () => {
    const result = await shared.run(whereAndDouble, [Uint8Array.from([1, 2, 3])]);
    expect(result.threadId).not.toBe(threadId);
    expect(Array.from(result.doubled)).toEqual([2, 4, 6]);
  });

  it('moves large bytes to the worker and back instead of copying them, when asked', async () => {
    const big = Buffer.alloc(1024 * 1024, 7);
    const owned = ownedBuffer(big);
    expect(owned).not.toBeNull();
    const result = await shared.run(echo, [big], { transfer: [owned!] });
    expect(big.length, 'the caller no longer holds the moved bytes').toBe(0);
    expect(result.sum).toBe(7 * 1024 * 1024);
    expect(result.bytes.length).toBe(1024 * 1024);
    // Small Buffers share Node's pool: they are never moved, only copied.
    expect(ownedBuffer(Buffer.from('small'))).toBeNull();
    const small = Buffer.from([1, 2, 3]);
    expect((await shared.run(echo, [small])).sum).toBe(6);
    expect(small.length).toBe(3);
  });

  it('rebuilds a validation error thrown in the worker, with its fields', async () => {
    const err = await shared.run(refuse, ['file']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).fields).toEqual([{ field: 'file', message: 'is refused by the task' }]);
    expect((err as ValidationError).kind).toBe('invalid');
  });

  it("keeps a defect a plain error (a server fault), with the worker's message and stack", async () => {
    const err = await shared.run(breakDown, []).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(AppError);
    expect((err as Error).message).toBe('TypeError in a worker thread: a defect in the task');
    expect((err as Error).stack).toContain('--- in the worker ---');
  });

  it('starts threads on demand up to its size and queues the rest', async () => {
    const p = pool({ threads: 2 });
    expect(p.stats()).toEqual({ threads: 0, busy: 0, queued: 0 });
    const runs = [p.run(spin, [300]), p.run(spin, [300]), p.run(spin, [300])];
    expect(p.stats()).toEqual({ threads: 2, busy: 2, queued: 1 });
    const results = await Promise.all(runs);
    expect(new Set(results.map((r) => r.threadId)).size).toBe(2);
    expect(p.stats()).toEqual({ threads: 2, busy: 0, queued: 0 });
  });

  it('terminates a task over its time limit and runs the next one on a fresh thread', async () => {
    const p = pool();
    const first = await p.run(spin, [0]);
    const err = await p.run(spin, [60_000], { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskLimitError);
    expect(err).toMatchObject({
      kind: 'unavailable',
      limit: 'time',
      message: 'The task took longer than its 0.3 s limit and was stopped.',
    });
    const after = await p.run(spin, [0]);
    expect(after.threadId).not.toBe(first.threadId);
  });

  it('stops a task over the memory limit without harming the process, and keeps serving', async () => {
    const p = pool({ memoryMb: 32 });
    const err = await p.run(hoard, []).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TaskLimitError);
    expect(err).toMatchObject({ limit: 'memory', message: 'The task needed more than the 32 MB of memory a worker thread may use.' });
    expect((await p.run(whereAndDouble, [Uint8Array.from([5])])).doubled[0]).toBe(10);
  });

  it('refuses a task when the queue is full, with a Retry-After', async () => {
    const p = pool({ maxQueue: 1 });
    const running = p.run(spin, [200]);
    const waiting = p.run(spin, [0]);
    const err = await p.run(spin, [0]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnavailableError);
    expect(err).toMatchObject({
      retryAfterSeconds: 1,
      message: 'The server is busy: its 1 worker threads are all taken and 1 tasks already wait for one. Retry shortly.',
    });
    await Promise.all([running, waiting]);
  });

  it('starts high-priority tasks before waiting tasks of normal priority, each lane in its order', async () => {
    const p = pool({ threads: 1, maxQueue: 2 });
    const order: string[] = [];
    const track = <T>(name: string, run: Promise<T>) => run.then(() => order.push(name));
    const runs = [
      track('running', p.run(spin, [200])),
      track('render 1', p.run(spin, [10])),
      track('render 2', p.run(spin, [10])),
      track('judge 1', p.run(spin, [10], { priority: 'high' })),
      track('judge 2', p.run(spin, [10], { priority: 'high' })),
    ];
    // Each lane has its own bound: both are full now.
    expect(p.stats().queued).toBe(4);
    await expect(p.run(spin, [0], { priority: 'high' })).rejects.toBeInstanceOf(UnavailableError);
    await expect(p.run(spin, [0])).rejects.toBeInstanceOf(UnavailableError);
    await Promise.all(runs);
    expect(order).toEqual(['running', 'judge 1', 'judge 2', 'render 1', 'render 2']);
  });

  it('gives up on a task that waited for a thread longer than its time limit', async () => {
    const p = pool();
    const running = p.run(spin, [1500]);
    const err = await p.run(spin, [0], { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnavailableError);
    expect((err as Error).message).toBe('The server is busy: the task waited 0.2 s for a worker thread. Retry shortly.');
    expect(p.stats().queued).toBe(0);
    await running;
  });

  it('on close, fails waiting tasks, stops running ones and refuses new ones', async () => {
    const p = pool();
    const running = p.run(spin, [60_000]).catch((e: unknown) => e);
    const waiting = p.run(spin, [0]).catch((e: unknown) => e);
    await p.close();
    expect(await running).toBeInstanceOf(UnavailableError);
    expect(await waiting).toBeInstanceOf(UnavailableError);
    await expect(p.run(spin, [0])).rejects.toThrow('The server is shutting down.');
    expect(p.stats()).toEqual({ threads: 0, busy: 0, queued: 0 });
  });
});
