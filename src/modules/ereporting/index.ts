// E-reporting (issue #28, docs/ereporting.md): the account's reporting calendar from its VAT regime,
// the PPF Flux 10 reports of its B2C and B2B international sales and of its collections of services
// whose VAT is due on receipt, sent through its plateforme agréée (the platform module's connection),
// and what the administration knows beside the books. Its worker stages submit reports and read the
// PA's acknowledgements.
import type { AppContext } from '../../context.js';
import { modulePlugin } from '../../http/module.js';
import type { Stage } from '../../jobs/runner.js';
import { ereportingRoutes } from './routes.js';
import { refreshAcknowledgements, runReports, type EReportingContext } from './service.js';

function contextOf(ctx: AppContext): EReportingContext {
  return { ctx, clock: ctx.delivery?.clock ?? Date.now };
}

export const ereportingPlugin = modulePlugin('ereporting', (app, ctx) => {
  ereportingRoutes(app, contextOf(ctx));
});

/** How often the PA is asked for the acknowledgement of the reports it has not answered. */
export const ACK_INTERVAL_MS = 60_000;

export function ereportingStages(ctx: AppContext): Stage[] {
  const p = contextOf(ctx);
  let lastAck = -Infinity;
  return [
    { name: 'ereporting:transmit', run: (now) => runReports(p, now) },
    {
      name: 'ereporting:acknowledgements',
      async run(now) {
        if (now - lastAck < ACK_INTERVAL_MS) return 0;
        lastAck = now;
        return refreshAcknowledgements(p);
      },
    },
  ];
}
