// Owns the one full garbage collection the server asks of V8: once start-up is done, before it listens.
//
// Start-up (importing the modules, compiling every route's validators and serializers, migrating)
// leaves ~35 MB of garbage in the old generation beside ~35 MB alive, in ~73 MB of committed pages,
// and V8's last full collection during start-up set the old generation's limit from a heap that was
// still growing. Left alone, the first large request (a 50,000-entry CAMT.053 import,
// bench/statements.ts) promoted ~20 MB more into fresh pages before V8 collected: peak RSS ~200 MB,
// ~220 MB for the same file again (bench/results/ledgers.md).
//
// Two collections: the first frees the garbage, but its pages stay committed, the live objects being
// spread over all of them; the second finds those pages fragmented and compacts them, so ~30 MB of
// pages go back to the OS, and the limit is set from the live size. Measured: idle server 176 -> 146
// MB, the import above 203 -> 150 MB and 220 -> 162 MB again. ~100-150 ms, once, before the first
// request is accepted.
//
// `gc` is not exposed to scripts by default; the flag set at run time exposes it to a new context
// only (never to the application's global scope), and is unset again at once.
import v8 from 'node:v8';
import vm from 'node:vm';

export function collectStartupGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  try {
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    gc();
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
