// Reminders (relances) of overdue invoices (issue #30, docs/getting-paid.md): the schedule of
// Settings.reminders sent by the worker once a day, the next step on demand, an invoice's plan.
import type { AppContext } from '../../context.js';
import { modulePlugin } from '../../http/module.js';
import type { Stage } from '../../jobs/runner.js';
import { reminderRoutes } from './routes.js';
import { scheduleStage } from './service.js';

export const remindersPlugin = modulePlugin('reminders', reminderRoutes);

/** The worker's stage that sends the reminders due, once a day. */
export function remindersStage(ctx: AppContext): Stage {
  return scheduleStage(ctx, ctx.delivery?.clock ?? Date.now);
}
