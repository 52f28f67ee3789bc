// Tasks the pool tests run on worker threads: they exercise the pool, not any feature.
import { threadId } from 'node:worker_threads';
import { ValidationError } from '../../src/errors.js';
import { defineTask } from '../../src/workers/task.js';

export const whereAndDouble = defineTask(import.meta.url, 'whereAndDouble', (bytes: Uint8Array) => ({
  threadId,
  doubled: Uint8Array.from(bytes, (b) => b * 2),
}));

export const refuse = defineTask(import.meta.url, 'refuse', (field: string) => {
  throw ValidationError.field(field, 'is refused by the task');
});

export const breakDown = defineTask(import.meta.url, 'breakDown', () => {
  throw new TypeError('a defect in the task');
});

/** Keeps the thread busy for `ms` without yielding, as a heavy render would. */
export const spin = defineTask(import.meta.url, 'spin', (ms: number) => {
  const until = Date.now() + ms;
  let n = 0;
  while (Date.now() < until) n++;
  return { threadId, n };
});

/** Holds ever more memory until the thread's heap limit stops it. */
export const hoard = defineTask(import.meta.url, 'hoard', () => {
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i + kept.length));
});

/** Hands the bytes back with their sum, as the upload reader does. */
export const echo = defineTask(import.meta.url, 'echo', (bytes: Uint8Array) => ({ sum: bytes.reduce((s, b) => s + b, 0), bytes }));
