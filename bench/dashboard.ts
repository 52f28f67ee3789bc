// Scenario (issue #31): what the console's dashboard costs, on an account of BENCH_DASHBOARD_INVOICES
// (5,000) generated invoices over the last three years, none paid: the figures read as the console
// read them before GET /v1/dashboard (the /v1 lists page after page, 100 at a time: the twelve
// months' invoices and credit notes, the Incoming and Expired invoices, the receipts, three counts)
// beside the one request that replaces them. For each: requests and bytes of one page load, the
// server's CPU per page load (from /proc: steadier than wall time on a shared machine) and the wall
// time, one page load at a time, in BENCH_ROUNDS (3) alternating rounds; and a check that both ways
// give the same totals, to the cent.
import { generateCustomers, generateInvoices } from './generate.js';
import { cpuMs, load1, median, sqliteBenchDatabase, startFacturier, stop } from './lib.js';

const cents = (v: number) => Math.round(v * 100);

interface Cost {
  requests: number;
  bytes: number;
  revenue: number;
  due: number;
}

type Doc = { date: string; isDraft: boolean; taxExcludedAmount: number; balance: number; status: string; amount: number };

export async function dashboardScenario(): Promise<{ results: []; notes: string[]; extra: string }> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const invoiceCount = Number(process.env.BENCH_DASHBOARD_INVOICES ?? 5_000);
  const notes: string[] = [`load average (1, 5, 15 min) at start: ${load1()}`];
  const t0 = Date.now();
  const { env, db, keyring, apiKey, accountId } = await sqliteBenchDatabase();
  const customerIds = await generateCustomers(db, accountId, 1_000);
  await generateInvoices(db, keyring, accountId, customerIds, invoiceCount);
  await db.close();
  notes.push(
    `setup: 1000 customers and ${invoiceCount} invoices (2024-01-01 to yesterday, unpaid) generated in ${Math.round((Date.now() - t0) / 1000)} s`,
  );
  const server = await startFacturier(env);
  const headers = { 'x-api-key': apiKey };

  /** The figures as the console read them before (console/src/figures.ts of commit 8f6d1ea). */
  async function byLists(): Promise<Cost> {
    const cost: Cost = { requests: 0, bytes: 0, revenue: 0, due: 0 };
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`, { headers });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      cost.requests++;
      cost.bytes += body.length;
      return { items: JSON.parse(body.toString('utf8')) as Doc[], pages: Number(res.headers.get('x-page-count') ?? 1) };
    };
    const all = async (path: string) => {
      const out: Doc[] = [];
      for (let page = 1; ; page++) {
        const { items, pages } = await get(`${path}&PageSize=100&PageIndex=${page}`);
        out.push(...items);
        if (page >= pages || items.length < 100) return out;
      }
    };
    const now = new Date();
    const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 11, 1)).toISOString().slice(0, 10);
    const [invoices, credits, incoming, expired] = await Promise.all([
      all(`/v1/saleinvoices?From=${first}&Cancelled=All`),
      all(`/v1/salecredits?From=${first}&Cancelled=All`),
      all('/v1/saleinvoices?Status=Incoming'),
      all('/v1/saleinvoices?Status=Expired'),
      all('/v1/receipts?OrderBy=date%20desc'),
      get('/v1/saleinvoices?Status=Draft&PageSize=1'),
      get('/v1/saleinvoices?Status=ToSend&PageSize=1'),
      get('/v1/salequotes?Status=Accepted&PageSize=1'),
    ]);
    cost.revenue =
      invoices.filter((d) => !d.isDraft).reduce((s, d) => s + cents(d.taxExcludedAmount), 0) -
      credits.filter((d) => !d.isDraft).reduce((s, d) => s + cents(d.taxExcludedAmount), 0);
    cost.due = [...incoming, ...expired].reduce((s, d) => s + cents(d.balance), 0);
    return cost;
  }

  async function byEndpoint(): Promise<Cost> {
    const res = await fetch(`${server.url}/v1/dashboard`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`/v1/dashboard answered ${res.status}`);
    const d = JSON.parse(body.toString('utf8')) as { revenue: number; due: { total: number } };
    return { requests: 1, bytes: body.length, revenue: cents(d.revenue), due: cents(d.due.total) };
  }

  const ways = [
    { name: 'the /v1 lists, page after page (before)', run: byLists, loads: 5 },
    { name: 'GET /v1/dashboard (now)', run: byEndpoint, loads: 100 },
  ];
  const measured = ways.map(() => ({ cpu: [] as number[], wall: [] as number[], cost: undefined as Cost | undefined }));
  try {
    for (const way of ways) await way.run(); // warm-up
    for (let round = 0; round < rounds; round++) {
      for (const [i, way] of ways.entries()) {
        const cpu0 = cpuMs(server.child.pid);
        const wall: number[] = [];
        for (let n = 0; n < way.loads; n++) {
          const w0 = performance.now();
          measured[i].cost = await way.run();
          wall.push(performance.now() - w0);
        }
        measured[i].cpu.push((cpuMs(server.child.pid) - cpu0) / way.loads);
        measured[i].wall.push(median(wall));
      }
      notes.push(`round ${round + 1}: load average ${load1()}`);
    }
  } finally {
    await stop(server.child);
  }
  const [before, now] = measured.map((m) => m.cost!);
  notes.push(
    before.revenue === now.revenue && before.due === now.due
      ? `same figures both ways: revenue ${before.revenue / 100}, due ${before.due / 100}`
      : `FIGURES DIFFER: lists revenue ${before.revenue / 100} due ${before.due / 100}; endpoint revenue ${now.revenue / 100} due ${now.due / 100}`,
  );
  const rows = ways.map((way, i) => {
    const m = measured[i];
    return `| ${way.name} | ${m.cost!.requests} | ${(m.cost!.bytes / 1024).toFixed(1)} KB | ${median(m.cpu).toFixed(1)} ms | ${median(m.wall).toFixed(1)} ms |`;
  });
  const ratio = (a: number[], b: number[]) => (median(a) / Math.max(median(b), 0.01)).toFixed(0);
  const extra = [
    `${invoiceCount} invoices; the figures of one dashboard (the onboarding checklist's 4 requests are the same both ways and left out); medians of ${rounds} rounds, CPU of the server process per page load (10 ms /proc ticks, averaged over the round's loads)`,
    '',
    '| way | requests | bytes | server CPU per load | wall per load (one at a time) |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `before ÷ now: server CPU ×${ratio(measured[0].cpu, measured[1].cpu)}, wall ×${ratio(measured[0].wall, measured[1].wall)}`,
    '',
  ].join('\n');
  return { results: [], notes, extra };
}
