// GET /metrics (docs/metrics.md): Prometheus text, off the API keys: only with the METRICS_TOKEN
// bearer, absent without it; requests by route pattern and status, finalizations, PDF renders and
// the outbox lag.
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount } from '../helpers/harness.js';
import { salesClient, simpleLine } from '../helpers/sales.js';

const TOKEN = 'metrics-token-0123456789abcdef';

function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[4]);
  }
  return undefined;
}

describeEachDb(
  'metrics',
  (ctx) => {
    let account: TestAccount;
    const scrape = async () => {
      const res = await ctx.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.body;
    };
    beforeAll(async () => {
      account = await ctx.newAccount('Atelier Numérique SAS');
    });

    it('answers only with the token, never with an API key', async () => {
      const none = await ctx.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect((await ctx.inject({ method: 'GET', url: '/metrics', headers: account.headers })).statusCode).toBe(401);
      expect((await ctx.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
      const doc = (await ctx.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(doc.paths['/metrics']).toBeUndefined();
    });

    it('counts requests by route pattern and status, finalizations, PDF renders and the outbox lag', async () => {
      const sales = salesClient(ctx, account);
      await sales.settings({
        company: {
          name: 'Atelier Numérique SAS',
          siret: '12345678200010',
          invoicingAddress: { street: '12 rue de la République', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
        },
      });
      const customerId = await sales.customer();
      const before = await scrape();
      const finalizedBefore = sample(before, 'facturier_finalizations_total', { kind: 'Invoice' }) ?? 0;
      const invoice = await sales.finalized('Invoice', { customerId, lines: [simpleLine()] });
      const pdf = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/download/${invoice.id}`, headers: account.headers });
      expect(pdf.statusCode).toBe(200);
      await ctx.inject({ method: 'GET', url: '/v1/customers/999999', headers: account.headers });
      await ctx.inject({ method: 'GET', url: '/no/such/route', headers: account.headers });

      const after = await scrape();
      expect(sample(after, 'facturier_finalizations_total', { kind: 'Invoice' })).toBe(finalizedBefore + 1);
      expect(sample(after, 'facturier_pdf_renders_total', { kind: 'Invoice' })).toBe(1);
      expect(sample(after, 'http_requests_total', { method: 'GET', route: '/v1/customers/:id', status: '404' })).toBe(1);
      expect(sample(after, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
      expect(sample(after, 'http_requests_total', { method: 'POST', route: '/v1/saleinvoices/finalize/:id', status: '200' })).toBe(1);
      expect(
        sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/v1/saleinvoices/download/:id', status: '200' }),
      ).toBe(1);
      expect(after).not.toContain('route="/metrics"');
      // Nothing delivers the outbox in this app: the events written wait, the oldest for some time.
      expect(sample(after, 'facturier_outbox_pending')).toBeGreaterThanOrEqual(3);
      expect(sample(after, 'facturier_outbox_lag_seconds')).toBeGreaterThan(0);
      expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    });
  },
  { METRICS_TOKEN: TOKEN },
);

describeEachDb('metrics without METRICS_TOKEN', (ctx) => {
  it('has no /metrics route on the API port', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });
});
