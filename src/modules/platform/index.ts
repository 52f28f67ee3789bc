// The e-invoicing platform connection (issue #26, docs/einvoicing-platform.md): sending domestic B2B
// sale documents to the account's plateforme agréée through the AFNOR XP Z12-013 Flow Service,
// following their lifecycle statuses (CDAR), receiving supplier invoices into purchases and
// answering them, looking customers up in the Directory Service. Its outbox stages run in the worker.
import type { AppContext } from '../../context.js';
import { modulePlugin } from '../../http/module.js';
import type { Stage } from '../../jobs/runner.js';
import { platformRoutes } from './routes.js';
import { documentStatuses, type PlatformContext } from './service.js';
import { eventsStage, outgoingStage, pollStage, transmitStage } from './stages.js';

function contextOf(ctx: AppContext): PlatformContext {
  return { ctx, clock: ctx.delivery?.clock ?? Date.now };
}

const SALE_PATHS = /^\/v1\/(saleinvoices|salecredits)(\/|\?|$)/i;
type SaleWire = { id?: unknown; isProcessed?: unknown; einvoicingStatus?: unknown; einvoicingStatuses?: unknown };

export const platformPlugin = modulePlugin('platform', (app, ctx) => {
  const p = contextOf(ctx);
  platformRoutes(app, p);
  // Invoice and Credit carry `einvoicingStatus` and `einvoicingStatuses` (declared in their schemas):
  // filled here for the sale routes' answers, in one read per answer, so that sales needs no link to this module.
  // A callback hook that answers at once on every other route: an async one costs a promise and a
  // turn of microtasks on every request of the API (issue #29).
  app.addHook('preSerialization', (request, reply, payload: unknown, done: (err: Error | null, value?: unknown) => void) => {
    const docs =
      reply.statusCode < 300 && request.principal && SALE_PATHS.test(request.url)
        ? ((Array.isArray(payload) ? payload : [payload]) as SaleWire[]).filter(
            (d): d is SaleWire & { id: number } => !!d && typeof d === 'object' && typeof d.id === 'number' && 'isProcessed' in d,
          )
        : [];
    if (!docs.length) {
      done(null, payload);
      return;
    }
    const kind = /^\/v1\/salecredits/i.test(request.url) ? 'Credit' : 'Invoice';
    documentStatuses(
      ctx.db.kysely,
      request.principal.accountId,
      kind,
      docs.map((d) => d.id),
    ).then((found) => {
      // Documents that never met the platform keep answering without the two fields (they are optional).
      for (const d of docs) {
        const status = found.get(d.id);
        if (status?.einvoicingStatus) Object.assign(d, status);
      }
      done(null, payload);
    }, done);
  });
});

/** The worker's platform stages: finalizations and payments to act on, submissions, the platform's flows. */
export function platformStages(ctx: AppContext): Stage[] {
  const p = contextOf(ctx);
  return [eventsStage(p), transmitStage(p), outgoingStage(p), pollStage(p)];
}

/** For e-reporting (modules/ereporting): the same connection and client send its Flux 10 flows. */
export { PlatformClient, PlatformError, type Flow } from './client.js';
export { clientFor, type PlatformContext } from './service.js';
/** The invoices, among `ids`, whose lifecycle status in force is 207 En litige (the buyer disputes them). */
export async function disputedInvoices(db: AppContext['db']['kysely'], accountId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const found = await documentStatuses(db, accountId, 'Invoice', ids);
  return new Set(ids.filter((id) => found.get(id)?.einvoicingStatus?.code === '207'));
}
