// Webhooks (/v1/webhooks): registrations, and the outbox worker's stages that deliver every event
// to the webhooks subscribing to it (signed, retried, in order per resource). docs/delivery.md.
import type { AppContext } from '../../context.js';
import { modulePlugin } from '../../http/module.js';
import type { Stage } from '../../jobs/runner.js';
import { webhookRoutes, webhooksContext } from './routes.js';
import { deliverStage, dispatchStage } from './stages.js';

export const webhooksPlugin = modulePlugin('webhooks', (app, ctx) => {
  webhookRoutes(app, webhooksContext(ctx));
});

/** The worker's webhook stages: new events to deliveries, then due deliveries to receivers. */
export function webhookStages(ctx: AppContext): Stage[] {
  const c = webhooksContext(ctx);
  return [dispatchStage(c), deliverStage(c)];
}

export { signature } from './post.js';
export { EVENT_TYPES, REFERENCE_EVENT_TYPES } from './schemas.js';
export { forbiddenAddress, type Resolver } from './ssrf.js';
