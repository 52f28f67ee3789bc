// Updates as the clients send them (docs/compatibility.md#updates): the n8n node PUTs only the fields
// the user picked, the WooCommerce plugin the whole record it read, with its changes. A PUT body is
// therefore laid over the record as it is: an absent property keeps its value, an explicit null
// clears it, a nested object is merged the same way, and an array (lines, links) replaces the old one.

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

export function mergeUpdate<T>(current: T, patch: unknown): T {
  if (!isPlain(current) || !isPlain(patch)) return (patch === undefined ? current : patch) as T;
  const out: Plain = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = isPlain(value) && isPlain(out[key]) ? mergeUpdate(out[key], value) : value;
  }
  return out as T;
}
