// The reply side of the cache of serialized answers (src/app/fragments.ts, issue #29): a route that
// answers lazy items serializes them through the cache with answerThroughCache.
import type { FastifyReply } from 'fastify';
import { fragmentOf, keyOf, type Fragment, type FragmentCache } from '../app/fragments.js';

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The fields a hook added to a lazy item, in a stable form for the key. */
function addedFields(item: Record<string, unknown>, fragment: Fragment): Record<string, unknown> | null {
  let added: Record<string, unknown> | null = null;
  for (const name of Object.keys(item)) {
    if (!fragment.shown.has(name)) (added ??= {})[name] = item[name];
  }
  return added;
}

function itemJson(
  item: Record<string, unknown>,
  fragment: Fragment,
  serializeOne: (value: object) => string,
  cache: FragmentCache,
): Buffer {
  const added = addedFields(item, fragment);
  if (!added && fragment.held !== undefined) return fragment.held;
  const key = added ? `${fragment.key}+${keyOf(JSON.stringify(added))}` : fragment.key;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const built = added ? Object.assign(fragment.build(), added) : fragment.build();
  const json = Buffer.from(serializeOne(built), 'utf8');
  cache.set(key, json);
  return json;
}

/**
 * Makes the reply serialize lazy items (one, or an array of them) through the cache. Call it in the
 * handler that answers them; any other payload (an error raised later) is serialized as usual.
 */
export function answerThroughCache(reply: FastifyReply, cache: FragmentCache): void {
  // As Fastify's own serialization would (a reply serializer leaves the type to the route).
  reply.type('application/json; charset=utf-8');
  // The serializer answers bytes (Fastify sends a Buffer as it is; its type says string only).
  reply.serializer(((payload: unknown): string | Buffer => {
    // The route's serializer for the status, as Fastify picks it: exact code, then 2xx…, then default.
    const status = String(reply.statusCode);
    const serialize = (reply.getSerializationFunction(status) ??
      reply.getSerializationFunction(`${status[0]}xx`) ??
      reply.getSerializationFunction('default')) as ((value: unknown) => string) | undefined;
    const plain = (value: unknown) => (serialize ? serialize(value) : JSON.stringify(value));
    if (Array.isArray(payload) && payload.length && payload.every((item) => fragmentOf(item))) {
      // The array's own serializer on a one-item array, brackets removed: exactly its bytes for that item.
      const one = (value: object) => plain([value]).slice(1, -1);
      // Bytes joined, not strings: a 700 KB page is then copied once, never measured or encoded again.
      const parts: Buffer[] = [OPEN];
      for (const item of payload as Record<string, unknown>[]) {
        if (parts.length > 1) parts.push(COMMA);
        parts.push(itemJson(item, fragmentOf(item)!, one, cache));
      }
      parts.push(CLOSE);
      return Buffer.concat(parts);
    }
    const fragment = fragmentOf(payload);
    if (fragment) return itemJson(payload as Record<string, unknown>, fragment, plain, cache);
    return plain(payload);
  }) as (payload: unknown) => string);
}
