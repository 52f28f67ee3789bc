// A child process of the `workers` scenario: calls GET {url} one request at a time, `intervalMs`
// apart, for `seconds`, and sends the latency of each call (ms; -1 for a failure) to its parent.
// Kept out of the scenario's own process so that the load it drives does not delay the probes.
const [url, seconds, intervalMs] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const times: number[] = [];
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  const started = performance.now();
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    times.push(res.ok ? performance.now() - started : -1);
  } catch {
    times.push(-1);
  }
  await new Promise((r) => setTimeout(r, intervalMs));
}
process.send?.(times);
