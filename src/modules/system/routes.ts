// Liveness and readiness probes: no API key, no paging, no body beyond a status word.
import { Type } from '@sinclair/typebox';
import { ping, type Db } from '../../db/connection.js';

import type { TypedApp } from '../../http/module.js';

const Status = Type.Object({ status: Type.String() });

export function systemRoutes(app: TypedApp, db: Db): void {
  const config = { public: true };
  const tags = ['System'];
  app.get(
    '/healthz',
    { config, schema: { tags, operationId: 'GET_Health', summary: 'Liveness probe', response: { 200: Status } } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      config,
      schema: {
        tags,
        operationId: 'GET_Ready',
        summary: 'Readiness probe',
        response: { 200: Status, 503: { ...Status, description: 'The database does not answer' } },
      },
    },
    async (_request, reply) => {
      if (await ping(db)) return { status: 'ready' };
      return reply.code(503).send({ status: 'database unavailable' });
    },
  );
}
