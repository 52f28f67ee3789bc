// Sign-in throttling: failed sign-ins are counted per (client address, e-mail) in fixed windows;
// past the limit the address gets 429 for that e-mail until the window ends, whatever the password.
// On PostgreSQL the counts go through the table every server process shares (accounts'
// sharedFailureRecorder, buckets prefixed `signin `); on SQLite they are kept in memory.
import type { RecordSharedFailure } from '../../app/principal.js';

export const SIGN_IN_LIMIT = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export class SignInThrottle {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(private readonly shared?: RecordSharedFailure) {}

  /** Seconds to wait when the bucket is blocked, else null. */
  retryAfter(bucket: string, now: number): number | null {
    const w = this.windows.get(bucket);
    if (!w || now - w.start >= SIGN_IN_WINDOW_MS || w.count < SIGN_IN_LIMIT) return null;
    return Math.max(1, Math.ceil((w.start + SIGN_IN_WINDOW_MS - now) / 1000));
  }

  async fail(bucket: string, now: number): Promise<void> {
    if (this.shared) {
      try {
        this.windows.set(bucket, await this.shared(`signin ${bucket}`, now, SIGN_IN_WINDOW_MS));
        return;
      } catch {
        // The shared store is out of reach: count here, as a lone process would.
      }
    }
    const w = this.windows.get(bucket);
    if (!w || now - w.start >= SIGN_IN_WINDOW_MS) this.windows.set(bucket, { start: now, count: 1 });
    else w.count += 1;
    if (this.windows.size > 10_000) {
      for (const [key, value] of this.windows) if (now - value.start >= SIGN_IN_WINDOW_MS) this.windows.delete(key);
    }
  }
}
