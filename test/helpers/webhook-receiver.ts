// What the webhook suites share: a receiver on loopback for the whole suite, emptied before each test
// once the outbox has delivered what earlier tests left (so that each test sees only its own
// deliveries), and a resolver whose host names the test sets (the private-address rule).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startReceiver, type Receiver } from './delivery.js';
import type { TestContext } from './harness.js';

/**
 * The suite's receiver, started in beforeAll and closed in afterAll. What it returns reads and
 * writes the running receiver (`receiver.url`, `receiver.statusFor = …`) from the first test on.
 */
export function suiteReceiver(ctx: TestContext): Receiver {
  let running: Receiver | undefined;
  const current = () => {
    if (!running) throw new Error('the receiver starts in beforeAll: read it in a test or a hook');
    return running;
  };
  beforeAll(async () => {
    running = await startReceiver();
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(async () => {
    await ctx.app.outbox.drain();
    current().received.length = 0;
    current().statuses.length = 0;
  });
  return new Proxy({} as Receiver, {
    get: (_, key) => current()[key as keyof Receiver],
    set: (_, key, value) => Reflect.set(current(), key, value),
  });
}

/** A resolver for `delivery.resolve`: the names set in `names`, any other one unknown (ENOTFOUND). */
export function fakeResolver(known: [string, string[]][] = []) {
  const names = new Map(known);
  const resolve = async (host: string): Promise<string[]> => {
    const found = names.get(host);
    if (!found) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return found;
  };
  return { names, resolve };
}
