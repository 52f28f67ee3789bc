// Who a use case acts for (the principal: an account, by an API key or a console user's session),
// and the shared count of failed authentications. HTTP's auth hook (src/http/auth.ts) finds the
// principal of a request; the modules that resolve keys and sessions, and count failures, answer
// in these terms without knowing HTTP.
export interface Principal {
  accountId: number;
  accountName: string;
  /** The key that authenticated the request; null for a console session. */
  apiKeyId: number | null;
  apiKeyName: string | null;
  /** The console user whose session authenticated the request (absent for an API key). */
  user?: { id: number; profile: string };
}

/** A failure window as counted: when it started (epoch ms) and the failures in it so far. */
export interface FailureWindow {
  start: number;
  count: number;
}

/**
 * Records one failure of a bucket in the store every process shares, and answers the bucket's
 * window as it now stands (this failure included); a window older than `windowMs` starts over.
 */
export type RecordSharedFailure = (bucket: string, now: number, windowMs: number) => Promise<FailureWindow>;
