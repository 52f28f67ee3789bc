// POST /v1/saleinvoices/remind/{id} (the next reminder now) and GET /v1/saleinvoices/reminders/{id}
// (an invoice's reminders: history, steps to come with a preview, and whether one can go).
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { ensureSchema, IdParams, Int32 } from '../../http/schemas.js';
import { Reminder, ReminderPlan } from './schemas.js';
import { previewStep, reminderPlan, remindNow } from './service.js';

const problem = { $ref: 'ProblemDetails#' };

export function reminderRoutes(app: TypedApp, ctx: AppContext): void {
  ensureSchema(app, Reminder);
  ensureSchema(app, ReminderPlan);
  const clock = ctx.delivery?.clock ?? Date.now;
  app.post(
    '/v1/saleinvoices/remind/:id',
    {
      schema: {
        tags: ['SaleInvoices'],
        operationId: 'POST_SaleInvoices_Remind',
        summary:
          'Send the next reminder (relance) of the schedule (Settings.reminders.steps) now, by e-mail with the PDF; ' +
          '400 for a draft, paid, cancelled or disputed invoice, a customer switched off or without e-mail address (Facturier extension)',
        params: IdParams,
        response: { 200: Type.Ref(Reminder), 400: problem, 404: problem, 409: problem, 503: problem },
      },
    },
    async (request) => remindNow(ctx, clock, request.principal.accountId, request.params.id),
  );
  app.get(
    '/v1/saleinvoices/reminders/:id',
    {
      schema: {
        tags: ['SaleInvoices'],
        operationId: 'GET_SaleInvoices_Reminders',
        summary:
          "The invoice's reminders: those sent, the schedule's steps with their date, state and a preview of their e-mail, " +
          'and whether a reminder can be sent, or why not (Facturier extension)',
        params: IdParams,
        response: { 200: Type.Ref(ReminderPlan), 404: problem },
      },
    },
    async (request) => reminderPlan(ctx, clock, request.principal.accountId, request.params.id),
  );
  app.post(
    '/v1/reminders/preview',
    {
      schema: {
        tags: ['SaleInvoices'],
        operationId: 'POST_Reminders_Preview',
        summary:
          "A reminder step's e-mail rendered before it is saved in Settings.reminders: with an invoice's values (invoiceId) or sample ones; " +
          '400 naming an unknown placeholder (Facturier extension)',
        body: Type.Object(
          {
            subject: Type.String({ maxLength: 300 }),
            body: Type.String({ maxLength: 10000 }),
            formalNotice: Type.Optional(Type.Boolean()),
            invoiceId: Type.Optional(Int32),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ subject: Type.String(), body: Type.String() }, { additionalProperties: false }),
          400: problem,
          404: problem,
        },
      },
    },
    async (request) => previewStep(ctx, clock, request.principal.accountId, request.body),
  );
}
