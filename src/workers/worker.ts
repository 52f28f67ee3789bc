// The entry of a worker thread of the pool (pool.ts): it receives one task at a time, imports the
// module that exports it (once; modules stay loaded for the life of the worker), runs it and posts back
// the result or the error as data. Nothing here knows what the tasks do.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { isTask, toWireError, transferablesOf, type TaskRequest, type TaskResponse } from './task.js';

const port = parentPort;
if (!port) throw new Error('src/workers/worker.ts runs only as a worker thread of the pool');

/**
 * On Linux, this thread gives way to the event loop: its scheduling priority is lowered (nice +10, for
 * this thread only), so that when the cores are all busy the thread answering requests gets the CPU
 * first and a heavy task just takes a little longer. Elsewhere it keeps the default priority.
 */
function yieldToEventLoop(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // No /proc (not Linux) or not allowed: the thread keeps the default priority.
  }
}

yieldToEventLoop();

async function run(request: TaskRequest): Promise<unknown> {
  const exports = (await import(request.module)) as Record<string, unknown>;
  const task = exports[request.name];
  if (!isTask(task)) throw new Error(`${request.module} exports no task named ${request.name}`);
  return task.run(...request.args);
}

port.on('message', (request: TaskRequest) => {
  run(request).then(
    (result) => {
      // Large bytes in the result (a PDF, an upload handed back) move to the calling thread, uncopied.
      port.postMessage({ id: request.id, ok: true, result } satisfies TaskResponse, transferablesOf(result));
    },
    (err: unknown) => {
      port.postMessage({ id: request.id, ok: false, error: toWireError(err) } satisfies TaskResponse);
    },
  );
});
