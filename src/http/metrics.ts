// Prometheus metrics (prom-client), kept off the public key space (docs/metrics.md): GET /metrics
// on the API port answers only with `Authorization: Bearer <METRICS_TOKEN>` (and does not exist
// without that setting), or a separate listener on METRICS_PORT (bound to METRICS_HOST, loopback by
// default) serves it without token. Each app has its own registry, so that test apps do not mix.
//
// - http_requests_total / http_request_duration_seconds, by method, route (the route pattern, not
//   the URL: /v1/customers/:id) and status; requests that match no route are "unmatched";
// - facturier_finalizations_total{kind}: documents finalized (finalize, and the credit note of a cancel);
// - facturier_pdf_renders_total{kind}: PDF files rendered and sent (downloads);
// - facturier_outbox_pending / facturier_outbox_lag_seconds: events not delivered yet, and the age
//   of the oldest, read from the database at each scrape.
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { Db } from '../db/connection.js';

export interface Metrics {
  registry: client.Registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const FINALIZING = /^\/v1\/(saleinvoices|salecredits)\/(finalize|cancel)\/:id$/i;
const DOWNLOAD = /^\/v1\/(saleinvoices|salecredits)\/download\/:id$/i;

export function registerMetrics(app: FastifyInstance, db: Db, token: string | null): void {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new client.Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const finalizations = new client.Counter({
    name: 'facturier_finalizations_total',
    help: 'Sale documents finalized (numbered and sealed)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const renders = new client.Counter({
    name: 'facturier_pdf_renders_total',
    help: 'PDF files of sale documents rendered and sent',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: 'facturier_outbox_pending',
    help: 'Outbox events not delivered yet',
    registers: [registry],
    async collect() {
      this.set(await outboxState(db).then((s) => s.pending));
    },
  });
  new client.Gauge({
    name: 'facturier_outbox_lag_seconds',
    help: 'Age of the oldest outbox event not delivered yet (0 when none)',
    registers: [registry],
    async collect() {
      this.set(await outboxState(db).then((s) => s.lagSeconds));
    },
  });
  app.decorate('metrics', { registry });

  const boundSeries = new Map<string, { requests: ReturnType<typeof requests.labels>; duration: ReturnType<typeof duration.labels> }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') {
      done();
      return;
    }
    // The label-bound children, kept per method, route and status: prom-client hashes a labels object
    // on every call otherwise (a few µs of every request).
    const series = `${request.method} ${reply.statusCode} ${route}`;
    let bound = boundSeries.get(series);
    if (!bound) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      bound = { requests: requests.labels(labels), duration: duration.labels(labels) };
      boundSeries.set(series, bound);
    }
    bound.requests.inc();
    bound.duration.observe(reply.elapsedTime / 1000);
    if (reply.statusCode === 200) {
      const kindOf = (what: string) => (what.toLowerCase() === 'saleinvoices' ? 'Invoice' : 'Credit');
      const fin = FINALIZING.exec(route);
      // Cancelling an invoice finalizes the credit note that cancels it.
      if (fin) finalizations.inc({ kind: fin[2].toLowerCase() === 'cancel' ? 'Credit' : kindOf(fin[1]) });
      const pdf = DOWNLOAD.exec(route);
      if (pdf) renders.inc({ kind: kindOf(pdf[1]) });
    }
    done();
  });

  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('metrics need Authorization: Bearer <METRICS_TOKEN>\n');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

async function outboxState(db: Db): Promise<{ pending: number; lagSeconds: number }> {
  const row = await db.kysely
    .selectFrom('outbox')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('createdAt').as('oldest')])
    .where('deliveredAt', 'is', null)
    .executeTakeFirstOrThrow();
  const oldest = row.oldest ? Date.parse(String(row.oldest)) : NaN;
  return { pending: Number(row.n), lagSeconds: Number.isNaN(oldest) ? 0 : Math.max(0, (Date.now() - oldest) / 1000) };
}

/** The separate metrics listener of METRICS_PORT: GET /metrics, nothing else, no token. */
export async function serveMetrics(app: FastifyInstance, host: string, port: number): Promise<{ close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('only GET /metrics here\n');
      return;
    }
    app.metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': app.metrics.registry.contentType }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics collection failed');
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    // Scrapes are instant: a shutdown closes their keep-alive connections at once.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
