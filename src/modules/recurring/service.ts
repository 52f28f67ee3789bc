// Recurring invoices: a model (customer, the invoice to issue, a calendar, a mode) issues ordinary
// invoices, each linked to its model by an occurrence row. The worker's `recurring:issue` stage
// issues every occurrence due, the missed ones included (a server stopped for a week catches up),
// each once: the unique (model, occurrence) is claimed in the transaction that creates the draft.
// Finalizing (and sending) follow in their own steps; a refusal is recorded on the occurrence and
// leaves the draft. A model whose customer was deleted stops, saying why.
import type { AppContext } from '../../context.js';
import { todayIn } from '../../domain/dates.js';
import { occurrenceDate, type Recurrence } from '../../domain/recurrence.js';
import { transaction } from '../../db/transaction.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { emit } from '../../jobs/outbox.js';
import type { Clock, Stage } from '../../jobs/runner.js';
import { customers } from '../customers/index.js';
import { queueInvoiceSend } from '../mailing/index.js';
import { AuditChains, createDraftInTransaction, finalizeInTransaction, type DocumentInputT } from '../sales/index.js';
import { getAccountSettings } from '../settings/index.js';
import * as repo from './repo.js';
import type { RecurringInvoiceInputT, RecurringInvoiceT, RecurringOccurrenceT } from './schemas.js';

function recurrenceOf(
  row: Pick<repo.ModelRow, 'frequency' | 'intervalDays' | 'startDate' | 'endDate' | 'maxCount' | 'dayOfIssue'>,
): Recurrence {
  return {
    frequency: row.frequency,
    intervalDays: row.intervalDays,
    startDate: row.startDate,
    endDate: row.endDate,
    maxCount: row.maxCount,
    dayOfIssue: row.dayOfIssue,
  };
}

export function presentModel(row: repo.ModelRow): RecurringInvoiceT {
  return {
    id: row.id,
    customerId: row.customerId,
    invoice: JSON.parse(row.template) as Record<string, unknown>,
    frequency: row.frequency,
    intervalDays: row.intervalDays,
    startDate: row.startDate,
    endDate: row.endDate,
    count: row.maxCount,
    dayOfIssue: row.dayOfIssue,
    mode: row.mode,
    status: row.state,
    stoppedReason: row.stoppedReason,
    issuedCount: row.issuedCount,
    nextDate: row.nextDate,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function checkInput(ctx: AppContext, accountId: number, input: RecurringInvoiceInputT): Promise<Recurrence> {
  const errors: { field: string; message: string }[] = [];
  if (!(await customers.getStored(ctx.db.kysely, accountId, input.customerId)))
    errors.push({ field: 'customerId', message: `customer ${input.customerId} does not exist` });
  if (input.frequency === 'EveryNDays' && !input.intervalDays)
    errors.push({ field: 'intervalDays', message: 'is required with frequency EveryNDays' });
  if (input.frequency !== 'EveryNDays' && input.intervalDays)
    errors.push({ field: 'intervalDays', message: 'goes with frequency EveryNDays only' });
  if (input.endDate && input.endDate < input.startDate) errors.push({ field: 'endDate', message: 'is before startDate' });
  if (errors.length) throw new ValidationError(errors);
  return {
    frequency: input.frequency,
    intervalDays: input.intervalDays ?? null,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
    maxCount: input.count ?? null,
    dayOfIssue: input.frequency === 'EveryNDays' ? null : (input.dayOfIssue ?? null),
  };
}

export async function createModel(ctx: AppContext, clock: Clock, accountId: number, input: RecurringInvoiceInputT) {
  const r = await checkInput(ctx, accountId, input);
  const now = new Date(clock()).toISOString();
  return transaction(ctx.db, async (trx) => {
    const first = occurrenceDate(r, 0);
    const id = await repo.insertModel(trx, {
      accountId,
      customerId: input.customerId,
      template: JSON.stringify(input.invoice),
      ...r,
      mode: input.mode ?? 'Draft',
      state: first ? 'Active' : 'Finished',
      stoppedReason: null,
      nextDate: first,
      createdAt: now,
      updatedAt: now,
    });
    const model = presentModel((await repo.getModel(trx, accountId, id))!);
    await emit(trx, accountId, 'RecurringInvoiceCreated', model);
    return model;
  });
}

export async function updateModel(ctx: AppContext, clock: Clock, accountId: number, id: number, input: RecurringInvoiceInputT) {
  const r = await checkInput(ctx, accountId, input);
  return transaction(ctx.db, async (trx) => {
    const row = await repo.getModel(trx, accountId, id, true);
    if (!row) throw new NotFoundError('RecurringInvoice', id);
    // The occurrences already issued stay counted: the calendar goes on from the next one.
    const next = occurrenceDate(r, row.issuedCount);
    await repo.updateModel(trx, accountId, id, {
      customerId: input.customerId,
      template: JSON.stringify(input.invoice),
      ...r,
      mode: input.mode ?? row.mode,
      state: next ? 'Active' : 'Finished',
      stoppedReason: null,
      nextDate: next,
      updatedAt: new Date(clock()).toISOString(),
    });
    const model = presentModel((await repo.getModel(trx, accountId, id))!);
    await emit(trx, accountId, 'RecurringInvoiceUpdated', model);
    return model;
  });
}

export async function getModel(ctx: AppContext, accountId: number, id: number) {
  const row = await repo.getModel(ctx.db.kysely, accountId, id);
  if (!row) throw new NotFoundError('RecurringInvoice', id);
  return presentModel(row);
}

export async function listModels(ctx: AppContext, accountId: number, page: { offset: number; size: number }) {
  const { rows, total } = await repo.listModels(ctx.db.kysely, accountId, page);
  return { items: rows.map(presentModel), total };
}

export async function deleteModel(ctx: AppContext, accountId: number, id: number) {
  await transaction(ctx.db, async (trx) => {
    const row = await repo.getModel(trx, accountId, id, true);
    if (!row) throw new NotFoundError('RecurringInvoice', id);
    await repo.deleteModel(trx, accountId, id);
    await emit(trx, accountId, 'RecurringInvoiceDeleted', { id });
  });
}

export async function occurrencesOf(ctx: AppContext, accountId: number, id: number): Promise<RecurringOccurrenceT[]> {
  if (!(await repo.getModel(ctx.db.kysely, accountId, id))) throw new NotFoundError('RecurringInvoice', id);
  return (await repo.runsOf(ctx.db.kysely, accountId, id)).map((r) => ({
    occurrence: r.occurrence,
    issueDate: r.issueDate,
    invoiceId: r.invoiceId,
    problem: r.problem,
    createdAt: r.createdAt,
  }));
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Issues the next occurrence of a model if it is due on `today`: claims it, creates the draft and
 * moves the model on, in one transaction. Resolves to what was issued, or null (not due, already
 * issued by another process, stopped).
 */
async function issueNext(ctx: AppContext, clock: Clock, accountId: number, id: number, today: string) {
  const now = new Date(clock()).toISOString();
  return transaction(ctx.db, async (trx) => {
    const row = await repo.getModel(trx, accountId, id, true);
    if (!row || row.state !== 'Active' || !row.nextDate || row.nextDate > today) return null;
    if (!(await customers.getStored(trx, accountId, row.customerId))) {
      const reason = `customer ${row.customerId} was deleted: the model issues no more invoices (give it another customer to resume it)`;
      await repo.updateModel(trx, accountId, id, { state: 'Stopped', stoppedReason: reason, nextDate: null, updatedAt: now });
      await emit(trx, accountId, 'RecurringInvoiceStopped', presentModel((await repo.getModel(trx, accountId, id))!));
      return null;
    }
    const occurrence = row.issuedCount;
    const issueDate = row.nextDate;
    const runId = await repo.claimOccurrence(trx, {
      accountId,
      modelId: id,
      occurrence,
      issueDate,
      invoiceId: null,
      problem: null,
      createdAt: now,
    });
    const next = occurrenceDate(recurrenceOf(row), occurrence + 1);
    await repo.updateModel(trx, accountId, id, {
      issuedCount: occurrence + 1,
      nextDate: next,
      state: next ? 'Active' : 'Finished',
      updatedAt: now,
    });
    if (runId === undefined) return null; // issued already: the model only catches up its counter
    const input = { ...(JSON.parse(row.template) as DocumentInputT), customerId: row.customerId, date: issueDate };
    const draft = await createDraftInTransaction(trx, ctx.config.publicUrl ?? null, accountId, 'Invoice', input);
    await repo.updateRun(trx, runId, { invoiceId: draft.value.id });
    await emit(trx, accountId, 'RecurringInvoiceIssued', { modelId: id, occurrence, issueDate, invoiceId: draft.value.id, mode: row.mode });
    return { runId, invoiceId: draft.value.id, occurrence, issueDate, mode: row.mode };
  });
}

/**
 * Finalize and FinalizeAndSend: the occurrence is finalized on the worker's own day (its clock), dated
 * on its day of issue; should another invoice dated later have been finalized meanwhile (a catch-up
 * after the server was stopped), on the earliest date that keeps the numbering chronological.
 */
async function finishOccurrence(
  ctx: AppContext,
  clock: Clock,
  accountId: number,
  issued: NonNullable<Awaited<ReturnType<typeof issueNext>>>,
  today: string,
) {
  if (issued.mode !== 'Draft') {
    try {
      await transaction(ctx.db, async (trx) => {
        await finalizeInTransaction(new AuditChains(trx, ctx.keyring, accountId), 'Invoice', issued.invoiceId, ctx.workers, {
          today,
          dateAdjustment: 'MinimumDate',
        });
      });
      if (issued.mode === 'FinalizeAndSend') await queueInvoiceSend(ctx, clock, accountId, issued.invoiceId);
    } catch (err) {
      await repo.updateRun(ctx.db.kysely, issued.runId, { problem: errorText(err) });
    }
  }
}

/** One pass: every occurrence due at `now` (the missed ones too), in every account. Resolves to the invoices issued. */
export async function issueDue(ctx: AppContext, clock: Clock, now: number): Promise<number> {
  const db = ctx.db.kysely;
  // Time zones run at most a day ahead of UTC: the models of tomorrow (UTC) are looked at, and each
  // is judged by its account's own date.
  const horizon = new Date(now + 86_400_000).toISOString().slice(0, 10);
  let issued = 0;
  for (const { id, accountId } of await repo.dueModels(db, horizon)) {
    const settings = await getAccountSettings(db, accountId);
    const today = todayIn(settings.general.timezone || 'Europe/Paris', new Date(now));
    for (let guard = 0; guard < 1000; guard++) {
      const done = await issueNext(ctx, clock, accountId, id, today);
      if (!done) break;
      await finishOccurrence(ctx, clock, accountId, done, today);
      issued++;
    }
  }
  return issued;
}

export function issueStage(ctx: AppContext, clock: Clock): Stage {
  return { name: 'recurring:issue', run: (now) => issueDue(ctx, clock, now) };
}
