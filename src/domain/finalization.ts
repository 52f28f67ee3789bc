// The date a draft sale document is finalized with: the requested date or the document's own
// date, unless it breaks chronology (earlier than the last finalized document of the same kind)
// or is too far in the future, in which case the requested adjustment applies or finalization is
// refused. Rules and examples: docs/invoicing-rules.md, "Finalization date".

import { addDays, assertIsoDate, compareDates, maxDate, type IsoDate } from './dates.js';
import { DomainValidationError } from './errors.js';

export type FinalizationDateAdjustment = 'None' | 'MinimumDate' | 'Today';
export type FinalizationRefusalReason = 'BeforeLastFinalized' | 'TooFarInFuture';

export interface FinalizationDateInput {
  /** `finalizationDate` of the request, when supplied. */
  requestedDate?: IsoDate | null;
  /** The document's own date. */
  documentDate: IsoDate;
  /** Date of the last finalized document of the same kind, if any. */
  lastFinalizedDate?: IsoDate | null;
  /** Today in the account's calendar (Europe/Paris), computed by the caller. */
  today: IsoDate;
  /** How many days after today a document may be dated (>= 0). */
  earlyFinalizationDays: number;
  adjustment: FinalizationDateAdjustment;
}

export type FinalizationDateResult =
  | { ok: true; date: IsoDate; adjusted: boolean }
  | {
      ok: false;
      reason: FinalizationRefusalReason;
      /** English, names the dates involved. */
      message: string;
      /** An adjustment that would succeed with the same inputs, or null when none would. */
      workingAdjustment: 'MinimumDate' | 'Today' | null;
    };

interface Bounds {
  earliest: IsoDate | null;
  latest: IsoDate;
}

function problemOf(date: IsoDate, bounds: Bounds): FinalizationRefusalReason | null {
  if (bounds.earliest !== null && compareDates(date, bounds.earliest) < 0) return 'BeforeLastFinalized';
  if (compareDates(date, bounds.latest) > 0) return 'TooFarInFuture';
  return null;
}

/**
 * MinimumDate: the date of the last finalized document when the date breaks chronology (spec rule 4);
 * when the date is too far in the future, the earliest date that keeps chronology without
 * backdating the document: max(last finalized date, today), or today when nothing was finalized.
 */
function minimumDate(problem: FinalizationRefusalReason, input: FinalizationDateInput): IsoDate {
  const last = input.lastFinalizedDate ?? null;
  if (problem === 'BeforeLastFinalized' && last !== null) return last;
  return last === null ? input.today : maxDate(last, input.today);
}

function adjustedDate(adjustment: 'MinimumDate' | 'Today', problem: FinalizationRefusalReason, input: FinalizationDateInput): IsoDate {
  return adjustment === 'Today' ? input.today : minimumDate(problem, input);
}

function messageFor(reason: FinalizationRefusalReason, date: IsoDate, input: FinalizationDateInput, bounds: Bounds, via: string): string {
  if (reason === 'BeforeLastFinalized') {
    return `The finalization date ${date}${via} is earlier than ${bounds.earliest}, the date of the last finalized document.`;
  }
  return (
    `The finalization date ${date}${via} is too far in the future: the latest allowed date is ${bounds.latest} ` +
    `(today ${input.today} + ${input.earlyFinalizationDays} days).`
  );
}

function workingAdjustment(
  problem: FinalizationRefusalReason,
  input: FinalizationDateInput,
  bounds: Bounds,
): 'MinimumDate' | 'Today' | null {
  for (const adjustment of ['MinimumDate', 'Today'] as const) {
    if (problemOf(adjustedDate(adjustment, problem, input), bounds) === null) return adjustment;
  }
  return null;
}

/** Applies the finalization date rules. Throws DomainValidationError on malformed input only. */
export function resolveFinalizationDate(input: FinalizationDateInput): FinalizationDateResult {
  const requested = input.requestedDate ?? null;
  if (requested !== null) assertIsoDate(requested, 'finalizationDate');
  assertIsoDate(input.documentDate, 'date');
  assertIsoDate(input.today, 'today');
  if (input.lastFinalizedDate) assertIsoDate(input.lastFinalizedDate, 'lastFinalizedDate');
  if (!Number.isInteger(input.earlyFinalizationDays) || input.earlyFinalizationDays < 0) {
    throw new DomainValidationError('earlyFinalizationDays', 'earlyFinalizationDays must be a whole number >= 0.');
  }
  if (!['None', 'MinimumDate', 'Today'].includes(input.adjustment)) {
    throw new DomainValidationError('dateAdjustment', 'dateAdjustment must be None, MinimumDate or Today.');
  }

  const bounds: Bounds = {
    earliest: input.lastFinalizedDate ?? null,
    latest: addDays(input.today, input.earlyFinalizationDays),
  };
  const candidate = requested ?? input.documentDate;
  const problem = problemOf(candidate, bounds);
  if (problem === null) return { ok: true, date: candidate, adjusted: false };

  if (input.adjustment === 'None') {
    return {
      ok: false,
      reason: problem,
      message: messageFor(problem, candidate, input, bounds, ''),
      workingAdjustment: workingAdjustment(problem, input, bounds),
    };
  }

  const date = adjustedDate(input.adjustment, problem, input);
  const remaining = problemOf(date, bounds);
  if (remaining === null) return { ok: true, date, adjusted: true };
  const alternative = workingAdjustment(problem, input, bounds);
  return {
    ok: false,
    reason: remaining,
    message: messageFor(remaining, date, input, bounds, ` (adjusted with ${input.adjustment} from ${candidate})`),
    workingAdjustment: alternative === input.adjustment ? null : alternative,
  };
}
