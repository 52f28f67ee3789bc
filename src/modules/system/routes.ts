// Liveness and readiness probes: no API key, no paging, no body beyond a status word.
import { ping, type Db } from '../../db/connection.js';

import type { TypedApp } from '../../http/module.js';

export function systemRoutes(app: TypedApp, db: Db): void {
  const config = { public: true };
  app.get('/healthz', { config, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config, schema: { hide: true } }, async (_request, reply) => {
    if (await ping(db)) return { status: 'ready' };
    return reply.code(503).send({ status: 'database unavailable' });
  });
}
