// Wire schemas of reminders (Facturier extension): a reminder sent, and an invoice's reminder
// plan (history, the schedule's steps with their state and a preview of their e-mail).
import { Type, type Static } from '@sinclair/typebox';
import { Int32, Literals, Nullable } from '../../http/schemas.js';

export const Reminder = Type.Object(
  {
    id: Int32,
    invoiceId: Int32,
    step: Type.Integer({ description: '1-based index of the step in Settings.reminders.steps' }),
    daysAfterDueDate: Type.Integer(),
    formalNotice: Type.Boolean(),
    amountDue: Type.Number({ description: 'What remained due when it was sent (partial payments and credits counted)' }),
    daysLate: Type.Integer(),
    trigger: Literals(['Schedule', 'Manual'] as const),
    recipient: Type.String(),
    subject: Type.String(),
    emailId: Nullable(Int32),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'InvoiceReminder', additionalProperties: false, description: 'A reminder (relance) of an invoice (Facturier extension)' },
);
export type ReminderT = Static<typeof Reminder>;

export const ReminderStepState = Type.Object(
  {
    step: Type.Integer(),
    daysAfterDueDate: Type.Integer(),
    date: Type.String({ format: 'date', description: 'The day the schedule sends it' }),
    formalNotice: Type.Boolean(),
    status: Literals(['Sent', 'Due', 'Scheduled', 'Skipped'] as const, {
      description: 'Sent; Due: the next run sends it; Scheduled: later; Skipped: a later step was sent',
    }),
    subject: Type.String({ description: 'Preview, with the values of today' }),
    body: Type.String({ description: 'Preview, with the values of today (the formal notice with its legal mentions)' }),
  },
  { additionalProperties: false },
);

export const ReminderPlan = Type.Object(
  {
    invoiceId: Int32,
    number: Nullable(Type.String()),
    dueDate: Nullable(Type.String({ format: 'date' })),
    amountDue: Type.Number(),
    daysLate: Type.Integer(),
    enabled: Type.Boolean({ description: 'Settings.reminders.enabled' }),
    sendable: Type.Boolean({ description: 'Whether a reminder can be sent now (by the schedule or on demand)' }),
    notSendableReason: Nullable(Type.String({ description: 'Why not, when not' })),
    recipient: Nullable(Type.String()),
    history: Type.Array(Type.Ref(Reminder)),
    steps: Type.Array(ReminderStepState),
  },
  {
    $id: 'InvoiceReminderPlan',
    additionalProperties: false,
    description: "An invoice's reminders: sent, and to come (Facturier extension)",
  },
);
export type ReminderPlanT = Static<typeof ReminderPlan>;
