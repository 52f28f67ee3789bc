// A child process of the `workers` scenario: keeps heavy requests in flight (one per client named in
// its argument) until its parent says stop, then sends back what it completed. The parent lowers this
// process's priority: clients stand for other machines, and must not take the CPU from the server.
import { manyAttributesXml, manyObjectsPdf } from './hostile.js';

export type HostileKind = 'render' | 'attributes' | 'objects';

export interface HostileOrder {
  url: string;
  apiKey: string;
  draftId: number;
  clients: HostileKind[];
}

export interface HostileTally {
  kind: HostileKind;
  completed: number;
  statuses: Record<string, number>;
  totalMs: number;
}

const order = JSON.parse(process.argv[2]) as HostileOrder;
const headers = { 'x-api-key': order.apiKey };
const xml = manyAttributesXml();
const pdf = manyObjectsPdf();

function upload(bytes: Buffer, name: string, type: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return fetch(`${order.url}/v1/purchaseinvoices/file`, { method: 'POST', headers, body: form });
}

const send: Record<HostileKind, () => Promise<Response>> = {
  render: () => fetch(`${order.url}/v1/saleinvoices/download/${order.draftId}`, { headers }),
  attributes: () => upload(xml, 'facture.xml', 'application/xml'),
  objects: () => upload(pdf, 'objets.pdf', 'application/pdf'),
};

let running = true;
const stopped = new Promise<void>((resolve) => {
  process.once('message', () => {
    running = false;
    resolve();
  });
});

const tallies = new Map<HostileKind, HostileTally>();
async function client(kind: HostileKind): Promise<void> {
  const tally = tallies.get(kind) ?? { kind, completed: 0, statuses: {}, totalMs: 0 };
  tallies.set(kind, tally);
  while (running) {
    const started = performance.now();
    const res = await send[kind]();
    await res.arrayBuffer();
    tally.completed++;
    tally.totalMs += performance.now() - started;
    tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
  }
}

process.send?.('ready');
await Promise.all([stopped, ...order.clients.map(client)]);
process.send?.([...tallies.values()]);
process.disconnect?.();
