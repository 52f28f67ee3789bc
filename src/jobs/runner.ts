// The outbox worker's loop: a list of stages (hand new events to webhooks, deliver due webhooks,
// send due e-mails, purge expired idempotency keys), each run until it has nothing due, then a
// pause. It runs inside `facturier serve` and as `facturier worker`; several processes may run it
// on one PostgreSQL database (each stage claims its rows with FOR UPDATE SKIP LOCKED and a lease).
// The clock is injected so that tests move time forward instead of sleeping through backoffs.

/** Milliseconds since the epoch, as Date.now(). */
export type Clock = () => number;

/** What tests (and only tests) replace: the clock, the resolver of webhook host names, the platform client's fetch. */
export interface DeliveryHooks {
  clock?: Clock;
  resolve?: (hostname: string) => Promise<string[]>;
  /** How the e-invoicing platform client talks HTTP (modules/platform): tests record the exchanges. */
  platformFetch?: typeof fetch;
}

export interface Stage {
  name: string;
  /** Processes what is due at `now`; resolves to how many items it handled (0: nothing due). */
  run(now: number): Promise<number>;
}

export interface RunnerOptions {
  clock?: Clock;
  /** Pause between rounds when nothing was due (ms). */
  idleMs?: number;
  log?: { error(obj: object, msg: string): void };
}

/** How long to wait after the n-th failed attempt (1-based): 30 s doubling to at most 6 h, with ±10 % jitter. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 6 * 3600_000);
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** Deliveries are retried for this long after their first attempt, then given up. */
export const RETRY_WINDOW_MS = 3 * 24 * 3600_000;

export class OutboxRunner {
  readonly clock: Clock;
  private readonly idleMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private wake: (() => void) | null = null;
  /** Items handled so far, per stage (logged when a worker stops). */
  readonly handled: Record<string, number> = {};

  constructor(
    private readonly stages: Stage[],
    private readonly options: RunnerOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.idleMs = options.idleMs ?? 250;
  }

  /** One pass over every stage; resolves to the number of items handled. */
  async runOnce(): Promise<number> {
    let handled = 0;
    for (const stage of this.stages) {
      try {
        const n = await stage.run(this.clock());
        if (n > 0) this.handled[stage.name] = (this.handled[stage.name] ?? 0) + n;
        handled += n;
      } catch (err) {
        this.options.log?.error({ err, stage: stage.name }, 'outbox worker: a stage failed; it is retried at the next round');
      }
    }
    return handled;
  }

  /** Runs passes until one handles nothing (what tests call after moving the clock). */
  async drain(maxRounds = 1000): Promise<void> {
    for (let i = 0; i < maxRounds; i++) if ((await this.runOnce()) === 0) return;
  }

  /** Starts the background loop (timers unref'd: the loop never keeps a process alive by itself). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = async () => {
      while (!this.stopped) {
        const handled = await this.runOnce();
        if (handled > 0 || this.stopped) continue;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, this.idleMs);
          this.timer.unref();
        });
        this.wake = null;
      }
    };
    this.running = loop();
  }

  /** Stops after the current round (in-flight deliveries finish and are recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    await this.running;
    this.running = null;
  }
}
