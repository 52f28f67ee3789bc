// OpenAPI 3.1 generated from the route schemas, served at /openapi.json, and interactive
// documentation at /docs from the npm-installed swagger-ui assets (no CDN).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Facturier API',
        version,
        description: 'Self-hostable invoicing and accounting API for French small businesses. Wire-compatible with the Altoviz v1 API.',
      },
      components: {
        securitySchemes: {
          ApiKey: { type: 'apiKey', name: 'x-api-key', in: 'header' },
          Basic: { type: 'http', scheme: 'basic', description: 'user "apikey", password: the API key' },
          ApiKeyQuery: { type: 'apiKey', name: 'apikey', in: 'query', description: 'discouraged: appears in logs' },
        },
      },
      security: [{ ApiKey: [] }, { Basic: [] }, { ApiKeyQuery: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  });
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await scope.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
    scope.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  });
}
