// Reminders (relances) of overdue invoices: the account's schedule (Settings.reminders) says when
// each step goes, relative to the due date; the worker's `reminders:schedule` stage sends what is
// due once a day, and POST /v1/saleinvoices/remind/{id} sends the next step on demand. A reminder
// is recorded (invoice_reminders), queued as an e-mail with the invoice's PDF (email_messages,
// delivered by the mailing stage) and announced (InvoiceReminded) in one transaction; the unique
// (invoice, step) makes a step go once, whatever the number of processes or a crash between runs.
// Never for a draft, a paid, cancelled or disputed invoice, nor to a customer switched off.
import Big from 'big.js';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import { todayIn } from '../../domain/dates.js';
import {
  daysLate,
  dueStep,
  formalNoticeMentions,
  nextStep,
  renderReminder,
  REMINDER_PLACEHOLDERS,
  stepDate,
  unknownPlaceholders,
  type ReminderValues,
} from '../../domain/reminders.js';
import type { Database } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { ConflictError, InvalidStateError, NotFoundError, ValidationError } from '../../errors.js';
import { emit } from '../../jobs/outbox.js';
import type { Clock, Stage } from '../../jobs/runner.js';
import { defaultRecipientOf, formatAmount, formatDate, isEmailAddress, queueInvoiceReminderIn } from '../mailing/index.js';
import { disputedInvoices } from '../platform/index.js';
import { downloadSaleDocument, getDocumentRow, parseData, type DocumentRow } from '../sales/index.js';
import { getAccountSettings, type AccountSettings } from '../settings/index.js';
import * as repo from './repo.js';
import type { ReminderPlanT, ReminderT } from './schemas.js';

type Db = Kysely<Database>;
type Step = AccountSettings['reminders']['steps'][number];

/** What an invoice's reminders depend on, read at one moment. */
interface Assessment {
  amountDue: Big;
  daysLate: number;
  recipient: string | null;
  /** Why no reminder can go now; null when one can. */
  problem: string | null;
  isBusiness: boolean;
  values: ReminderValues;
}

function timezoneOf(settings: AccountSettings): string {
  return settings.general.timezone || 'Europe/Paris';
}

export function todayOf(settings: AccountSettings, now: number): string {
  return todayIn(timezoneOf(settings), new Date(now));
}

async function assess(db: Db, settings: AccountSettings, row: DocumentRow, disputed: boolean, today: string): Promise<Assessment> {
  const data = parseData(row);
  const amountDue = row.balance;
  const late = row.dueDate ? daysLate(row.dueDate, today) : 0;
  const recipient = await defaultRecipientOf(db, row.accountId, data.billingContact?.email, row.customerId);
  const validRecipient = recipient && isEmailAddress(recipient.trim()) ? recipient.trim() : null;
  const customer = row.customerName ?? 'the customer';
  let problem: string | null = null;
  if (row.isDraft) problem = 'the invoice is a draft: finalize it first';
  else if (row.isCancelled) problem = 'the invoice is cancelled';
  else if (row.isPaid || amountDue.lte(0)) problem = 'the invoice is paid';
  else if (disputed) problem = 'the buyer disputes the invoice (lifecycle status 207 En litige): settle the dispute first';
  else if (!row.dueDate) problem = 'the invoice has no due date';
  else if (row.customerId !== null && settings.reminders.excludedCustomerIds.includes(row.customerId))
    problem = `reminders are switched off for ${customer} (Settings.reminders.excludedCustomerIds)`;
  else if (!validRecipient) problem = `${customer} has no e-mail address (neither the billing contact nor the customer)`;
  return {
    amountDue,
    daysLate: late,
    recipient: validRecipient,
    problem,
    isBusiness: data.customerType !== 'Consumer',
    values: {
      number: row.number ?? '',
      date: formatDate(row.date),
      dueDate: formatDate(row.dueDate),
      amount: formatAmount(row.taxIncludedAmount.toFixed(2)),
      amountDue: formatAmount(amountDue.toFixed(2)),
      daysLate: String(late),
      company: settings.company.name ?? settings.company.businessName ?? '',
      customer: row.customerName ?? '',
    },
  };
}

/** The e-mail of a step for an invoice: its templates rendered, the formal notice with its legal mentions. */
function render(settings: AccountSettings, step: Step, a: Assessment): { subject: string; body: string } {
  const subject = renderReminder(step.subject, a.values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  let body = renderReminder(step.body, a.values);
  const mentions = step.formalNotice ? formalNoticeMentions(a.isBusiness, settings.documentDefaults.latePaymentPenaltyRate) : null;
  if (mentions) body = `${body.trimEnd()}\n\n${mentions}\n`;
  return { subject, body };
}

export function presentReminder(row: repo.ReminderRow): ReminderT {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    step: row.step,
    daysAfterDueDate: row.daysAfterDue,
    formalNotice: row.formalNotice,
    amountDue: Number(row.amountDue),
    daysLate: row.daysLate,
    trigger: row.trigger,
    recipient: row.recipient,
    subject: row.subject,
    emailId: row.emailId,
    createdAt: row.createdAt,
  };
}

async function isDisputed(db: Db, accountId: number, id: number): Promise<boolean> {
  return (await disputedInvoices(db, accountId, [id])).has(id);
}

/**
 * Sends step `step` of the invoice: the reminder recorded, its e-mail queued with the PDF and the
 * event, in one transaction that reads the invoice again. Null when that step was already sent
 * (the unique constraint), or when the invoice is no longer remindable.
 */
async function sendStep(
  ctx: AppContext,
  clock: Clock,
  accountId: number,
  id: number,
  step: number,
  trigger: 'Schedule' | 'Manual',
): Promise<{ reminder: ReminderT } | { problem: string } | null> {
  // The PDF first, outside the transaction: a finalized invoice's is rendered once and kept.
  const pdf = await downloadSaleDocument(
    { db: ctx.db, config: ctx.config, workers: ctx.workers, keyring: ctx.keyring },
    accountId,
    'Invoice',
    id,
  );
  return transaction(ctx.db, async (trx) => {
    const row = await getDocumentRow(trx, accountId, 'Invoice', id, true);
    if (!row) throw new NotFoundError('Invoice', id);
    const settings = await getAccountSettings(trx, accountId);
    const rule = settings.reminders.steps[step - 1];
    if (!rule) return null;
    const now = clock();
    const a = await assess(trx, settings, row, await isDisputed(trx, accountId, id), todayOf(settings, now));
    if (a.problem) return { problem: a.problem };
    const { subject, body } = render(settings, rule, a);
    const createdAt = new Date(now).toISOString();
    const reminder: Omit<repo.ReminderRow, 'id'> = {
      accountId,
      invoiceId: id,
      step,
      daysAfterDue: rule.daysAfterDueDate,
      formalNotice: rule.formalNotice,
      amountDue: a.amountDue,
      daysLate: a.daysLate,
      trigger,
      emailId: null,
      recipient: a.recipient!,
      subject,
      createdAt,
    };
    const reminderId = await repo.insertReminder(trx, reminder);
    if (reminderId === undefined) return null;
    const email = await queueInvoiceReminderIn(trx, clock, {
      accountId,
      invoiceId: id,
      number: row.number,
      to: a.recipient!,
      subject,
      text: body,
      attachment: pdf.fileName,
    });
    await repo.setEmailId(trx, reminderId, email.id);
    const presented = presentReminder({ ...reminder, id: reminderId, emailId: email.id });
    await emit(trx, accountId, 'InvoiceReminded', { ...presented, invoiceNumber: row.number, customerId: row.customerId });
    return { reminder: presented };
  });
}

/** POST /v1/saleinvoices/remind/{id}: the step after the last one sent, now, whatever its date. */
export async function remindNow(ctx: AppContext, clock: Clock, accountId: number, id: number): Promise<ReminderT> {
  const db = ctx.db.kysely;
  const row = await getDocumentRow(db, accountId, 'Invoice', id);
  if (!row) throw new NotFoundError('Invoice', id);
  const settings = await getAccountSettings(db, accountId);
  const a = await assess(db, settings, row, await isDisputed(db, accountId, id), todayOf(settings, clock()));
  if (a.problem) throw new InvalidStateError(`No reminder can be sent for invoice ${row.number ?? id}: ${a.problem}`);
  const sent = (await repo.remindersOf(db, accountId, id)).map((r) => r.step);
  if (!settings.reminders.steps.length) throw new InvalidStateError('The reminder schedule has no step: set Settings.reminders.steps');
  const step = nextStep(settings.reminders.steps, sent);
  if (step === null)
    throw new InvalidStateError(
      `Every step of the reminder schedule (${settings.reminders.steps.length}) was already sent for invoice ${row.number ?? id}`,
    );
  const outcome = await sendStep(ctx, clock, accountId, id, step, 'Manual');
  if (outcome === null)
    throw new ConflictError(`Step ${step} of the reminders of invoice ${row.number ?? id} was just sent: read its plan again`);
  if ('problem' in outcome) throw new InvalidStateError(`No reminder can be sent for invoice ${row.number ?? id}: ${outcome.problem}`);
  return outcome.reminder;
}

/** GET /v1/saleinvoices/reminders/{id}: what was sent, what is to come, with a preview of each step. */
export async function reminderPlan(ctx: AppContext, clock: Clock, accountId: number, id: number): Promise<ReminderPlanT> {
  const db = ctx.db.kysely;
  const row = await getDocumentRow(db, accountId, 'Invoice', id);
  if (!row) throw new NotFoundError('Invoice', id);
  const settings = await getAccountSettings(db, accountId);
  const today = todayOf(settings, clock());
  const a = await assess(db, settings, row, await isDisputed(db, accountId, id), today);
  const history = await repo.remindersOf(db, accountId, id);
  const sent = history.map((r) => r.step);
  const due = row.dueDate && !a.problem && settings.reminders.enabled ? dueStep(settings.reminders.steps, row.dueDate, today, sent) : null;
  const lastSent = sent.length ? Math.max(...sent) : 0;
  return {
    invoiceId: row.id,
    number: row.number,
    dueDate: row.dueDate,
    amountDue: Number(a.amountDue),
    daysLate: a.daysLate,
    enabled: settings.reminders.enabled,
    sendable: a.problem === null,
    notSendableReason: a.problem,
    recipient: a.recipient,
    history: history.map(presentReminder),
    steps: settings.reminders.steps.map((step, i) => {
      const n = i + 1;
      const status = sent.includes(n) ? 'Sent' : n === due ? 'Due' : n < lastSent || (due !== null && n < due) ? 'Skipped' : 'Scheduled';
      return {
        step: n,
        daysAfterDueDate: step.daysAfterDueDate,
        date: row.dueDate ? stepDate(row.dueDate, step) : '',
        formalNotice: step.formalNotice,
        status,
        ...render(settings, step, a),
      };
    }),
  };
}

/**
 * One run of the schedule at `now`: for each account with reminders enabled, each open invoice
 * gets the step due today if it has not had it (nor a later one). Resolves to the reminders sent;
 * an invoice that fails does not stop the others (the first error is thrown at the end, logged).
 */
export async function runSchedule(ctx: AppContext, clock: Clock, now: number): Promise<number> {
  const db = ctx.db.kysely;
  // Steps may go up to 60 days before the due date (the settings' minimum).
  const horizon = new Date(now + 61 * 86_400_000).toISOString().slice(0, 10);
  const open = await repo.openInvoices(db, horizon);
  const byAccount = new Map<number, number[]>();
  for (const r of open) byAccount.set(r.accountId, [...(byAccount.get(r.accountId) ?? []), r.id]);
  let sentCount = 0;
  let firstError: Error | null = null;
  for (const [accountId, ids] of byAccount) {
    const settings = await getAccountSettings(db, accountId);
    if (!settings.reminders.enabled || !settings.reminders.steps.length) continue;
    const today = todayOf(settings, now);
    const disputed = await disputedInvoices(db, accountId, ids);
    const sentSteps = await repo.sentStepsOf(db, ids);
    for (const id of ids) {
      try {
        const row = await getDocumentRow(db, accountId, 'Invoice', id);
        if (!row?.dueDate) continue;
        const a = await assess(db, settings, row, disputed.has(id), today);
        if (a.problem) continue;
        const step = dueStep(settings.reminders.steps, row.dueDate, today, sentSteps.get(id) ?? []);
        if (step === null) continue;
        const outcome = await sendStep(ctx, clock, accountId, id, step, 'Schedule');
        if (outcome && 'reminder' in outcome) sentCount++;
      } catch (err) {
        firstError ??= err instanceof Error ? err : new Error(String(err));
      }
    }
  }
  if (firstError) throw firstError;
  return sentCount;
}

/** The worker's stage: the schedule runs once per calendar day (UTC) of the clock, and again after a restart. */
export function scheduleStage(ctx: AppContext, clock: Clock): Stage {
  let lastDay: string | null = null;
  return {
    name: 'reminders:schedule',
    async run(now) {
      const day = new Date(now).toISOString().slice(0, 10);
      if (day === lastDay) return 0;
      lastDay = day;
      return runSchedule(ctx, clock, now);
    },
  };
}

/**
 * POST /v1/reminders/preview: a step's e-mail as it would go, before it is saved: with an invoice's
 * values, or sample ones. Refuses an unknown placeholder, naming it, as saving would.
 */
export async function previewStep(
  ctx: AppContext,
  clock: Clock,
  accountId: number,
  input: { subject: string; body: string; formalNotice?: boolean; invoiceId?: number },
): Promise<{ subject: string; body: string }> {
  const errors = (['subject', 'body'] as const).flatMap((field) => {
    const unknown = unknownPlaceholders(input[field]);
    return unknown.length
      ? [
          {
            field,
            message: `unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}; known: ${REMINDER_PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}`,
          },
        ]
      : [];
  });
  if (errors.length) throw new ValidationError(errors);
  const db = ctx.db.kysely;
  const settings = await getAccountSettings(db, accountId);
  const step: Step = { daysAfterDueDate: 0, subject: input.subject, body: input.body, formalNotice: input.formalNotice ?? false };
  if (input.invoiceId !== undefined) {
    const row = await getDocumentRow(db, accountId, 'Invoice', input.invoiceId);
    if (!row) throw new NotFoundError('Invoice', input.invoiceId);
    const a = await assess(db, settings, row, false, todayOf(settings, clock()));
    return render(settings, step, a);
  }
  const sample: Assessment = {
    amountDue: new Big('1234.50'),
    daysLate: 15,
    recipient: null,
    problem: null,
    isBusiness: true,
    values: {
      number: 'F-2026-00042',
      date: '02/11/2026',
      dueDate: '02/12/2026',
      amount: formatAmount('1481.40'),
      amountDue: formatAmount('1234.50'),
      daysLate: '15',
      company: settings.company.name ?? '',
      customer: 'Client Exemple SARL',
    },
  };
  return render(settings, step, sample);
}
