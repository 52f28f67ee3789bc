// Updates as the clients send them (docs/compatibility.md#updates): the n8n node PUTs only the fields
// the user picked, the WooCommerce plugin the whole record it read, with its changes. A PUT body is
// therefore laid over the record as it is: an absent property keeps its value, an explicit null
// clears it, a nested object is merged the same way, and an array (lines, links) replaces the old one.

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

export function mergeUpdate<T>(current: T, patch: unknown): T {
  if (!isPlain(current) || !isPlain(patch)) return (patch === undefined ? current : patch) as T;
  // The patch's names are the client's (`__proto__` in metadata): kept as plain keys, never a prototype.
  const out: Plain = Object.assign(Object.create(null) as Plain, current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const old = Object.hasOwn(out, key) ? out[key] : undefined;
    out[key] = isPlain(value) && isPlain(old) ? mergeUpdate(old, value) : value;
  }
  return out as T;
}
