// Recurring invoices (issue #30, docs/getting-paid.md): models issuing ordinary invoices on a
// calendar, through the worker's `recurring:issue` stage.
import type { AppContext } from '../../context.js';
import { modulePlugin } from '../../http/module.js';
import type { Stage } from '../../jobs/runner.js';
import { recurringRoutes } from './routes.js';
import { issueStage } from './service.js';

export const recurringPlugin = modulePlugin('recurring', recurringRoutes);

export function recurringStage(ctx: AppContext): Stage {
  return issueStage(ctx, ctx.delivery?.clock ?? Date.now);
}
