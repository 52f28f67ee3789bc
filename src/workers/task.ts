// Owns what crosses the boundary between the event loop and the worker threads: a task is a plain
// function exported by the module that owns the work (rendering, einvoicing, a module's readers), and
// named by that module's URL and its export name, so that a worker can import it by itself. Only
// structured-cloneable data goes in and comes out (the document model, strings, bytes); errors cross
// as data too and are rebuilt on the other side with their kind, so that a validation error thrown in
// a worker is still a 400 naming its field.
import { AppError, ValidationError, type ErrorKind, type FieldError } from '../errors.js';

export interface Task<A extends unknown[], R> {
  /** The URL of the module that exports the task (its `import.meta.url`). */
  readonly module: string;
  /** The name the task is exported under in that module. */
  readonly name: string;
  readonly run: (...args: A) => R | Promise<R>;
}

/**
 * Declares a task. Call it at the top level of the owning module and export the result under `name`:
 * `export const renderPdf = defineTask(import.meta.url, 'renderPdf', (doc: IssuedDocument) => …)`.
 */
export function defineTask<A extends unknown[], R>(module: string, name: string, run: (...args: A) => R | Promise<R>): Task<A, R> {
  return { module, name, run };
}

export function isTask(value: unknown): value is Task<unknown[], unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<Task<unknown[], unknown>>;
  return typeof v.module === 'string' && typeof v.name === 'string' && typeof v.run === 'function';
}

/**
 * The memory of the bytes, when they are its only view: moving it to another thread (instead of
 * copying it) then takes no time, whatever the size. Small Buffers share Node's pool and are copied.
 */
export function ownedBuffer(bytes: Uint8Array): ArrayBuffer | null {
  const buffer = bytes.buffer;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength && bytes.byteLength >= 64 * 1024
    ? buffer
    : null;
}

/** The memory that `value` (bytes, or an object with bytes among its properties) can move rather than copy. */
export function transferablesOf(value: unknown): ArrayBuffer[] {
  const candidates = value instanceof Uint8Array ? [value] : typeof value === 'object' && value !== null ? Object.values(value) : [];
  const out: ArrayBuffer[] = [];
  for (const c of candidates) {
    const owned = c instanceof Uint8Array ? ownedBuffer(c) : null;
    if (owned && !out.includes(owned)) out.push(owned);
  }
  return out;
}

/** What the pool posts to a worker: run the task `name` of `module` on `args`. */
export interface TaskRequest {
  id: number;
  module: string;
  name: string;
  args: unknown[];
}

/** What a worker posts back for the request `id`. */
export type TaskResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WireError };

/** An error as it crosses a thread boundary. */
export interface WireError {
  name: string;
  message: string;
  kind: ErrorKind | null;
  fields: FieldError[] | null;
  stack: string | null;
}

export function toWireError(err: unknown): WireError {
  if (err instanceof Error) {
    return {
      name: err.name,
      message: err.message,
      kind: err instanceof AppError ? err.kind : null,
      fields: err instanceof ValidationError ? err.fields : null,
      stack: err.stack ?? null,
    };
  }
  return { name: 'Error', message: String(err), kind: null, fields: null, stack: null };
}

/** An error of a known kind thrown by a task in a worker. */
class TaskAppError extends AppError {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** The error a task threw, rebuilt in the calling thread: same kind, same fields, same message. */
export function fromWireError(wire: WireError): Error {
  if (wire.kind === 'invalid') return new ValidationError(wire.fields ?? [], wire.message);
  if (wire.kind !== null) return new TaskAppError(wire.kind, wire.message);
  // A defect, not a verdict on the input: it stays a server error, with the worker's stack logged.
  const err = new Error(`${wire.name} in a worker thread: ${wire.message}`);
  if (wire.stack) err.stack = `${err.message}\n--- in the worker ---\n${wire.stack}`;
  return err;
}
