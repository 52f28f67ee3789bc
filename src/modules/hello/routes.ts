// GET /hello: lets an integrator test an API key.
import { Type } from '@sinclair/typebox';
import { compactSchema } from '../../http/serialization.js';

export const Hello = Type.Object(
  {
    message: Type.Union([Type.String(), Type.Null()], { description: 'Message' }),
    companyName: Type.Union([Type.String(), Type.Null()], { description: 'Company name' }),
    apiKeyName: Type.Union([Type.String(), Type.Null()], { description: 'API key name' }),
    serverTimestamp: Type.String({ format: 'date-time', description: 'Server timestamp' }),
    url: Type.Union([Type.String(), Type.Null()], { description: 'Base URL of this API' }),
  },
  { $id: 'Hello', additionalProperties: false, description: 'Hello' },
);

import type { TypedApp } from '../../http/module.js';

export function helloRoutes(app: TypedApp, publicUrl: string | null): void {
  app.addSchema(compactSchema(Hello));
  app.get(
    '/hello',
    {
      config: { textVariants: true },
      schema: {
        tags: ['Hello'],
        summary: 'Say hello to test the API key',
        operationId: 'GET_Hello_Get',
        querystring: Type.Object({ 'api-version': Type.Optional(Type.String({ maxLength: 20 })) }),
        response: { 200: Type.Ref(Hello) },
      },
    },
    async (request) => ({
      message: `Hello ${request.principal.accountName}`,
      companyName: request.principal.accountName,
      apiKeyName: request.principal.apiKeyName,
      serverTimestamp: new Date().toISOString(),
      url: publicUrl ?? `${request.protocol}://${request.host}`,
    }),
  );
}
