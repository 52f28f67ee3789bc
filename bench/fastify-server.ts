// The plain-Fastify reference of `npm run bench -- api`: Fastify with its defaults (no logger, no
// auth, no database, no hooks), answering the bytes of the file named by the request path's first
// segment (FASTIFY_BODIES, a JSON file { "<name>": "<file>" }), the same bytes as the bare server.
// What separates it from the bare server is the framework's own cost (routing, reply, headers).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodies = new Map<string, Buffer>(
  Object.entries(JSON.parse(readFileSync(process.env.FASTIFY_BODIES!, 'utf8')) as Record<string, string>).map(([name, file]) => [
    name,
    readFileSync(file),
  ]),
);
const app = Fastify({ logger: false });
app.get('/', () => ({ ok: true }));
app.get<{ Params: { name: string; '*': string } }>('/:name/*', (request, reply) => {
  const body = bodies.get(request.params.name);
  if (!body) return reply.code(404).send({ error: 'unknown body' });
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.('ready');
