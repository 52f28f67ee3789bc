// Access logs batched (issue #29): the server writes one log line per request, and writing each to
// stdout on its own is a system call per request (a fifth of /hello's CPU in an earlier profile).
// Lines below `warn` are gathered and written together once per turn of the event loop (or as soon
// as 64 KB are waiting); a line at `warn` or above is written at once, synchronously, with every
// line before it, in order — so the lines that matter on a crash (the error that caused it) are
// never held back, and a crash loses at most the info lines of the turn it happens in. The process
// writes what is waiting when it exits (`flush`, also called on the app's close).
export interface LineSink {
  write(text: string): unknown;
}

/** pino's level numbers: 40 warn, 50 error, 60 fatal. */
const URGENT_LEVEL = 40;
const MAX_WAITING = 64 * 1024;

/** The level of a pino JSON line (`{"level":30,…`); urgent when it cannot be read. */
export function lineLevel(line: string): number {
  if (!line.startsWith('{"level":')) return URGENT_LEVEL;
  const level = Number.parseInt(line.slice(9, 12), 10);
  return Number.isNaN(level) ? URGENT_LEVEL : level;
}

export class BatchedLineWriter {
  private waiting: string[] = [];
  private waitingBytes = 0;
  private scheduled = false;
  /** Once closed, lines are written at once (what a process logs while it stops, its last line). */
  private direct = false;

  constructor(private readonly sink: LineSink) {}

  write(line: string): void {
    if (this.direct) {
      this.sink.write(line);
      return;
    }
    this.waiting.push(line);
    this.waitingBytes += line.length;
    if (lineLevel(line) >= URGENT_LEVEL || this.waitingBytes >= MAX_WAITING) {
      this.flush();
      return;
    }
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    }
  }

  /** Writes what waits, and every later line at once. */
  close(): void {
    this.flush();
    this.direct = true;
  }

  /** Writes every waiting line now, in order, in one write. */
  flush(): void {
    if (!this.waiting.length) return;
    const text = this.waiting.length === 1 ? this.waiting[0] : this.waiting.join('');
    this.waiting = [];
    this.waitingBytes = 0;
    this.sink.write(text);
  }
}

const open = new Set<BatchedLineWriter>();
let exitHook = false;

/**
 * A batched writer whose waiting lines are also written when the process exits (one `exit`
 * listener for every writer); `close` (the app's close) flushes it, makes it write every later line
 * at once (a stopping process's last lines), and forgets it.
 */
export function batchedLines(sink: LineSink): { writer: BatchedLineWriter; close(): void } {
  const writer = new BatchedLineWriter(sink);
  open.add(writer);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const w of open) w.flush();
    });
  }
  return {
    writer,
    close() {
      writer.close();
      open.delete(writer);
    },
  };
}
