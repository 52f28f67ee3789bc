// Owns the worker threads that run CPU-heavy work off the event loop (PDF rendering, the conformance
// check, reading uploaded files), so that one heavy or hostile request never delays the others.
// A small pool of node:worker_threads: threads start on demand up to `threads` and then stay; each runs
// one task at a time; tasks beyond that wait in a bounded queue, with a priority lane: a task run with
// `priority: 'high'` (the conformance check, the finalization gate's judgement: short, and waited on
// by a user or under a lock) starts before every waiting task of normal priority (a PDF to render can
// take seconds), in its own order of arrival. Every task has a time limit (a thread
// over it is terminated and replaced) and every thread a heap limit (resourceLimits: a task that
// needs more kills only its thread). Limits and a full queue are errors of kind 'unavailable' (503)
// unless the caller turns them into a verdict on its input.
//
// Tests run the TypeScript sources, which a plain worker thread cannot import: when this file is a
// .ts file, the worker is started through a tiny CommonJS bootstrap that registers the `tsx` loader
// (a devDependency) in the worker before importing worker.ts. Built code (dist/*.js) starts
// worker.js directly, with no loader.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { UnavailableError } from '../errors.js';
import { fromWireError, type Task, type TaskRequest, type TaskResponse } from './task.js';

export interface PoolOptions {
  /** Most threads running at once. */
  threads: number;
  /** Default time limit of a task, from the moment a thread starts it. */
  timeoutMs: number;
  /** Heap limit of each thread (V8's old generation), in MB. */
  memoryMb: number;
  /** Most tasks waiting for a thread; more are refused at once (503, Retry-After). */
  maxQueue: number;
}

export interface RunOptions {
  /** This task's time limit, instead of the pool's. */
  timeoutMs?: number;
  /**
   * Memory of the arguments to move to the worker rather than copy (see ownedBuffer): the caller's
   * views of it are emptied, so the task must hand back the bytes the caller still needs.
   */
  transfer?: ArrayBuffer[];
  /**
   * 'high': starts before every waiting task of normal priority (checks and judgements, short and
   * waited on; renders wait). Each lane holds at most `maxQueue` waiting tasks.
   */
  priority?: 'high' | 'normal';
}

/** A task went over its time or memory limit; its thread was terminated. */
export class TaskLimitError extends UnavailableError {
  constructor(
    readonly limit: 'time' | 'memory',
    message: string,
  ) {
    super(message);
    this.name = 'TaskLimitError';
  }
}

interface Job {
  request: TaskRequest;
  high: boolean;
  transfer: ArrayBuffer[];
  timeoutMs: number;
  resolve(value: unknown): void;
  reject(err: Error): void;
  /** While queued: the timer that gives up waiting. */
  queueTimer?: NodeJS.Timeout;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** Terminated or exited: never given another job. */
  dead: boolean;
}

/** The way to start a worker: the entry built next to this file, or the sources through tsx. */
function workerLauncher(): (options: { resourceLimits: { maxOldGenerationSizeMb: number } }) => Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) {
    const entry = new URL('./worker.js', here);
    return (options) => new Worker(entry, options);
  }
  const entry = new URL('./worker.ts', here).href;
  const loader = tsxLoaderUrl(here);
  const bootstrap = [
    "const { workerData } = require('node:worker_threads');",
    'import(workerData.loader).then((tsx) => { tsx.register(); return import(workerData.entry); });',
  ].join('\n');
  return (options) => new Worker(bootstrap, { ...options, eval: true, workerData: { loader, entry } });
}

/** The ESM entry of tsx's registration API, from its package's own exports map. */
function tsxLoaderUrl(from: string): string {
  let manifestPath: string;
  try {
    manifestPath = createRequire(from).resolve('tsx/package.json');
  } catch {
    throw new Error(
      'Running the TypeScript sources needs the devDependency "tsx" for worker threads: run npm ci, or run the built code (npm run build).',
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return new URL(manifest.exports['./esm/api'].import.default, pathToFileURL(manifestPath)).href;
}

export class WorkerPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private readonly launch = workerLauncher();
  private nextId = 1;
  private closed = false;

  constructor(readonly options: PoolOptions) {
    if (!Number.isInteger(options.threads) || options.threads < 1) throw new RangeError('a worker pool needs at least one thread');
  }

  /** Runs `task` on a worker thread; resolves with its result, or rejects with the error it threw. */
  run<A extends unknown[], R>(task: Task<A, R>, args: A, options: RunOptions = {}): Promise<R> {
    if (this.closed) return Promise.reject(new UnavailableError('The server is shutting down.', 1));
    return new Promise<R>((resolve, reject) => {
      const job: Job = {
        request: { id: this.nextId++, module: task.module, name: task.name, args },
        timeoutMs: options.timeoutMs ?? this.options.timeoutMs,
        transfer: options.transfer ?? [],
        high: options.priority === 'high',
        resolve,
        reject,
      };
      const thread = this.idleThread();
      if (thread) {
        this.start(thread, job);
        return;
      }
      const waiting = this.queue.filter((j) => j.high === job.high).length;
      if (waiting >= this.options.maxQueue) {
        reject(
          new UnavailableError(
            `The server is busy: its ${this.options.threads} worker threads are all taken and ${waiting} tasks already wait for one. Retry shortly.`,
            1,
          ),
        );
        return;
      }
      // Waiting longer than the task could run means the server is overloaded: say so instead of
      // letting the client wait without end.
      job.queueTimer = setTimeout(() => {
        const at = this.queue.indexOf(job);
        if (at !== -1) this.queue.splice(at, 1);
        reject(
          new UnavailableError(`The server is busy: the task waited ${job.timeoutMs / 1000} s for a worker thread. Retry shortly.`, 1),
        );
      }, job.timeoutMs);
      // The priority lane: after the high-priority tasks already waiting, before every other one.
      const at = job.high ? this.queue.findIndex((j) => !j.high) : -1;
      if (at === -1) this.queue.push(job);
      else this.queue.splice(at, 0, job);
    });
  }

  /** Threads started, those running a task, and tasks waiting. */
  stats(): { threads: number; busy: number; queued: number } {
    return { threads: this.threads.length, busy: this.threads.filter((t) => t.job).length, queued: this.queue.length };
  }

  /** Refuses new tasks, fails the waiting ones and terminates every thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      clearTimeout(job.queueTimer);
      job.reject(new UnavailableError('The server is shutting down.', 1));
    }
    await Promise.all(this.threads.slice().map((t) => this.kill(t, new UnavailableError('The server is shutting down.', 1))));
  }

  private idleThread(): Thread | null {
    const idle = this.threads.find((t) => !t.dead && !t.job);
    if (idle) return idle;
    if (this.threads.length < this.options.threads) return this.spawn();
    return null;
  }

  private spawn(): Thread {
    const worker = this.launch({ resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb } });
    // An idle thread does not keep the process alive (the CLI, the tests); a server has its socket.
    worker.unref();
    const thread: Thread = { worker, job: null, timer: null, dead: false };
    worker.on('message', (response: TaskResponse) => {
      const job = thread.job;
      if (!job || job.request.id !== response.id) return;
      this.finish(thread);
      if (response.ok) job.resolve(response.result);
      else job.reject(fromWireError(response.error));
      this.next();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const error =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new TaskLimitError('memory', `The task needed more than the ${this.options.memoryMb} MB of memory a worker thread may use.`)
          : new Error(`A worker thread failed: ${err.message}`, { cause: err });
      void this.kill(thread, error);
    });
    worker.on('exit', () => {
      void this.kill(thread, new Error('A worker thread exited while running a task.'));
    });
    this.threads.push(thread);
    return thread;
  }

  private start(thread: Thread, job: Job): void {
    clearTimeout(job.queueTimer);
    thread.job = job;
    thread.timer = setTimeout(() => {
      void this.kill(thread, new TaskLimitError('time', `The task took longer than its ${job.timeoutMs / 1000} s limit and was stopped.`));
    }, job.timeoutMs);
    thread.worker.postMessage(job.request, job.transfer);
  }

  private finish(thread: Thread): void {
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    thread.job = null;
  }

  /** Takes the thread out of the pool, fails its task with `error` and gives its place to the queue. */
  private async kill(thread: Thread, error: Error): Promise<void> {
    if (thread.dead) return;
    thread.dead = true;
    const job = thread.job;
    this.finish(thread);
    const at = this.threads.indexOf(thread);
    if (at !== -1) this.threads.splice(at, 1);
    job?.reject(error);
    this.next();
    await thread.worker.terminate();
  }

  /** Gives waiting tasks to idle threads, starting new ones up to the pool's number of threads. */
  private next(): void {
    while (this.queue.length > 0 && !this.closed) {
      const thread = this.idleThread();
      if (!thread) return;
      this.start(thread, this.queue.shift()!);
    }
  }
}
