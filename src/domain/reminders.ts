// Reminders (relances) of overdue invoices as pure rules: which step of an account's schedule is
// due on a given day, the placeholders a reminder template may use and their rendering, and the
// late-payment mentions French law asks a formal notice (mise en demeure) to a business to carry.
import { addDays, compareDates, type IsoDate } from './dates.js';

export interface ReminderStepRule {
  /** Days after the due date (negative: before it, a courtesy reminder). */
  daysAfterDueDate: number;
  /** The formal notice: carries the late-payment mentions (art. L441-10 Code de commerce). */
  formalNotice: boolean;
}

/** The placeholders a reminder template may use, as `{name}` or `{{name}}`. */
export const REMINDER_PLACEHOLDERS = ['number', 'date', 'dueDate', 'amount', 'amountDue', 'daysLate', 'company', 'customer'] as const;
export type ReminderPlaceholder = (typeof REMINDER_PLACEHOLDERS)[number];
export type ReminderValues = Record<ReminderPlaceholder, string>;

const PLACEHOLDER = /\{\{?\s*([A-Za-z]+)\s*\}?\}/g;

/** The placeholders of `template` that are not known (as written, without braces), in order, once each. */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(REMINDER_PLACEHOLDERS.map((p) => p.toLowerCase()));
  const out: string[] = [];
  for (const [, name] of template.matchAll(PLACEHOLDER)) if (!known.has(name.toLowerCase()) && !out.includes(name)) out.push(name);
  return out;
}

export function renderReminder(template: string, values: ReminderValues): string {
  const byName = new Map<string, string>(REMINDER_PLACEHOLDERS.map((name) => [name.toLowerCase(), values[name]]));
  return template.replace(PLACEHOLDER, (whole: string, name: string): string => byName.get(name.toLowerCase()) ?? whole);
}

/** The day a step falls due for an invoice due on `dueDate`. */
export function stepDate(dueDate: IsoDate, step: ReminderStepRule): IsoDate {
  return addDays(dueDate, step.daysAfterDueDate);
}

/** Days from the due date to `today` (0 when not late yet). */
export function daysLate(dueDate: IsoDate, today: IsoDate): number {
  return Math.max(0, compareDates(today, dueDate));
}

/**
 * The step the schedule sends today (1-based), or null. The latest step whose day has come, when
 * it is later than every step already sent: after a pause (server stopped, reminders switched on
 * late) the customer gets the one reminder that fits the delay, not every missed one at once.
 */
export function dueStep(steps: readonly ReminderStepRule[], dueDate: IsoDate, today: IsoDate, sentSteps: readonly number[]): number | null {
  const lastSent = sentSteps.length ? Math.max(...sentSteps) : 0;
  let due: number | null = null;
  steps.forEach((step, i) => {
    if (i + 1 > lastSent && compareDates(stepDate(dueDate, step), today) <= 0) due = i + 1;
  });
  return due;
}

/** The step a manual reminder sends: the first after the last one sent, or null when all were sent. */
export function nextStep(steps: readonly ReminderStepRule[], sentSteps: readonly number[]): number | null {
  const lastSent = sentSteps.length ? Math.max(...sentSteps) : 0;
  return lastSent < steps.length ? lastSent + 1 : null;
}

/**
 * The paragraph a formal notice to a business ends with: late-payment interest (the account's
 * annual rate when set, else the legal default: the ECB refinancing rate plus 10 points), and the
 * 40 € fixed recovery indemnity (art. L441-10 and D441-5 of the Code de commerce). A consumer is
 * owed neither mention (the indemnity applies between professionals only): null.
 */
export function formalNoticeMentions(isBusiness: boolean, annualRatePercent: number | null): string | null {
  if (!isBusiness) return null;
  const rate =
    annualRatePercent !== null
      ? `au taux annuel de ${String(annualRatePercent).replace('.', ',')} %`
      : 'au taux de la Banque centrale européenne à son opération de refinancement la plus récente majoré de 10 points';
  return (
    'Conformément à l’article L441-10 du Code de commerce, toute somme non réglée à l’échéance porte de plein droit ' +
    `intérêt de retard ${rate}, à compter du lendemain de la date d’échéance, et donne lieu au paiement d’une ` +
    'indemnité forfaitaire pour frais de recouvrement de 40 € (art. D441-5 du Code de commerce).'
  );
}
