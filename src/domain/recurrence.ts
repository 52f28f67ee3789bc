// The calendar of a recurring invoice model: the date of its n-th occurrence (0-based), from its
// frequency, start, day of issue and bounds. Pure: the worker issues occurrence n once (a unique
// row per model and occurrence), so a run that was missed is caught up without a duplicate.
import { addDays, addMonths, compareDates, dateParts, withDayOfMonth, type IsoDate } from './dates.js';

export type Frequency = 'Monthly' | 'Quarterly' | 'Yearly' | 'EveryNDays';

export interface Recurrence {
  frequency: Frequency;
  /** EveryNDays only: the interval, in days. */
  intervalDays: number | null;
  startDate: IsoDate;
  /** Last day an occurrence may fall on (inclusive), or null. */
  endDate: IsoDate | null;
  /** How many occurrences in all, or null. */
  maxCount: number | null;
  /** Monthly, quarterly, yearly: the day of the month invoices are issued (clamped to the month's length); null: the start's day. */
  dayOfIssue: number | null;
}

const MONTHS: Record<Exclude<Frequency, 'EveryNDays'>, number> = { Monthly: 1, Quarterly: 3, Yearly: 12 };

/** The date of occurrence `n` (0-based), or null when the model's bounds end before it. */
export function occurrenceDate(r: Recurrence, n: number): IsoDate | null {
  if (r.maxCount !== null && n >= r.maxCount) return null;
  let date: IsoDate;
  if (r.frequency === 'EveryNDays') date = addDays(r.startDate, n * (r.intervalDays ?? 1));
  else {
    const step = MONTHS[r.frequency];
    const { year, month, day } = dateParts(r.startDate);
    const firstOfMonth = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
    const issueDay = r.dayOfIssue ?? day;
    // The first occurrence is the first issue day on or after the start.
    const shift = compareDates(withDayOfMonth(firstOfMonth, issueDay), r.startDate) < 0 ? 1 : 0;
    date = withDayOfMonth(addMonths(firstOfMonth, (n + shift) * step), issueDay);
  }
  return r.endDate !== null && compareDates(date, r.endDate) > 0 ? null : date;
}
