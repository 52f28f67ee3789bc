// Payment schedule of a sale document: from its final date, its total and a settlement term,
// the due date and amount of each commitment, and the French wording of the term printed on the
// document (and sent as BT-20). The rules are in docs/invoicing-rules.md.

import { addDays, addMonths, assertIsoDate, compareDates, endOfMonth, withDayOfMonth, type IsoDate } from './dates.js';
import { DomainValidationError } from './errors.js';
import { ZERO, formatFixed, round2, sum, toDecimal, type DecimalInput } from './money.js';

export type ConditionType = 'Net' | 'EndMonth';
export type DelayType = 'Days' | 'Months';

export interface SettlementConditionInput {
  /** Share of the total, in percent; the shares of a term add up to 100. */
  percent: DecimalInput;
  /** Whole days or months after the document date, >= 0. */
  delay: number;
  delayType: DelayType;
  /** Net: date + delay. EndMonth: end of the month of date + delay. */
  type: ConditionType;
  /** Day of the month the payment falls on (1..31, clamped to the month's length). */
  dayOfMonth?: number | null;
}

export interface SettlementTermInput {
  conditions?: readonly SettlementConditionInput[] | null;
}

export interface SettlementInput {
  /** The document's final date (after finalization-date adjustment). */
  documentDate: IsoDate;
  /** The document's tax-included total. */
  totalAmount: DecimalInput;
  /** null, undefined or no conditions: DEFAULT_SETTLEMENT_TERM. */
  term?: SettlementTermInput | null;
}

export interface CommitmentSchedule {
  date: IsoDate;
  /** 2-decimal string; the amounts add up exactly to the total. */
  amount: string;
  percent: string;
}

export interface SettlementSchedule {
  /** The latest commitment date: when the document is due in full. */
  dueDate: IsoDate;
  commitments: CommitmentSchedule[];
  /** French wording, e.g. "30 jours fin de mois", "30 % à réception, 70 % à 30 jours fin de mois". */
  text: string;
}

/** 30 days net, used when a document has no settlement term. */
export const DEFAULT_SETTLEMENT_TERM: { conditions: readonly SettlementConditionInput[] } = {
  conditions: [{ percent: 100, delay: 30, delayType: 'Days', type: 'Net', dayOfMonth: null }],
};

function conditionsOf(term: SettlementTermInput | null | undefined): readonly SettlementConditionInput[] {
  const conditions = term?.conditions;
  const effective = conditions && conditions.length > 0 ? conditions : DEFAULT_SETTLEMENT_TERM.conditions;
  effective.forEach(validateCondition);
  const total = sum(effective.map((c) => toDecimal(c.percent)));
  if (!total.eq(100)) {
    throw new DomainValidationError('conditions', `The percentages of a settlement term must add up to 100, got ${total.toFixed()}.`);
  }
  return effective;
}

function validateCondition(condition: SettlementConditionInput, index: number): void {
  const field = `conditions[${index}]`;
  const percent = toDecimal(condition.percent, `${field}.percent`);
  if (percent.lte(0) || percent.gt(100)) {
    throw new DomainValidationError(`${field}.percent`, `${field}.percent must be greater than 0 and at most 100.`);
  }
  if (!Number.isInteger(condition.delay) || condition.delay < 0) {
    throw new DomainValidationError(`${field}.delay`, `${field}.delay must be a whole number >= 0.`);
  }
  if (condition.delayType !== 'Days' && condition.delayType !== 'Months') {
    throw new DomainValidationError(`${field}.delayType`, `${field}.delayType must be Days or Months.`);
  }
  if (condition.type !== 'Net' && condition.type !== 'EndMonth') {
    throw new DomainValidationError(`${field}.type`, `${field}.type must be Net or EndMonth.`);
  }
  const day = condition.dayOfMonth;
  if (day !== null && day !== undefined && (!Number.isInteger(day) || day < 1 || day > 31)) {
    throw new DomainValidationError(`${field}.dayOfMonth`, `${field}.dayOfMonth must be between 1 and 31.`);
  }
}

/**
 * Due date of one condition:
 * - Net: date + delay; with dayOfMonth, the first such day of a month on or after that date.
 * - EndMonth: the last day of the month of date + delay ("30 jours fin de mois" counts 30 days,
 *   then goes to the end of that month); with dayOfMonth, that day of the following month
 *   ("fin de mois le 10").
 */
export function conditionDueDate(documentDate: IsoDate, condition: SettlementConditionInput): IsoDate {
  assertIsoDate(documentDate, 'documentDate');
  const delayed = condition.delayType === 'Months' ? addMonths(documentDate, condition.delay) : addDays(documentDate, condition.delay);
  const day = condition.dayOfMonth ?? null;
  if (condition.type === 'EndMonth') {
    const end = endOfMonth(delayed);
    return day === null ? end : withDayOfMonth(addDays(end, 1), day);
  }
  if (day === null) return delayed;
  const sameMonth = withDayOfMonth(delayed, day);
  return compareDates(sameMonth, delayed) >= 0 ? sameMonth : withDayOfMonth(addMonths(withDayOfMonth(delayed, 1), 1), day);
}

/** Commitments, due date and wording of a document's settlement term. */
export function computeSettlement(input: SettlementInput): SettlementSchedule {
  assertIsoDate(input.documentDate, 'documentDate');
  const conditions = conditionsOf(input.term);
  const total = round2(toDecimal(input.totalAmount, 'totalAmount'));
  let allocated = ZERO;
  const commitments = conditions.map((condition, index) => {
    const percent = toDecimal(condition.percent);
    const amount = index === conditions.length - 1 ? total.minus(allocated) : round2(total.times(percent).div(100));
    allocated = allocated.plus(amount);
    return { date: conditionDueDate(input.documentDate, condition), amount: formatFixed(amount), percent: percent.toFixed() };
  });
  const dueDate = commitments.reduce((latest, c) => (compareDates(c.date, latest) > 0 ? c.date : latest), commitments[0].date);
  return { dueDate, commitments, text: describeSettlementTerm(input.term) };
}

function delayWords(condition: SettlementConditionInput): string | null {
  if (condition.delay === 0) return null;
  return condition.delayType === 'Months' ? `${condition.delay} mois` : `${condition.delay} jours`;
}

function phrase(condition: SettlementConditionInput, withPreposition: boolean): string {
  const parts: string[] = [];
  const delay = delayWords(condition);
  if (delay) parts.push(withPreposition ? `à ${delay}` : delay);
  if (condition.type === 'EndMonth') parts.push('fin de mois');
  if (condition.dayOfMonth) parts.push(`le ${condition.dayOfMonth}`);
  return parts.length === 0 ? 'à réception' : parts.join(' ');
}

function frenchPercent(percent: DecimalInput): string {
  return toDecimal(percent).toFixed().replace('.', ',');
}

/** French wording of a term: "30 jours", "45 jours fin de mois", "à réception", "30 % à réception, 70 % à 30 jours fin de mois". */
export function describeSettlementTerm(term: SettlementTermInput | null | undefined): string {
  const conditions = conditionsOf(term);
  if (conditions.length === 1) return phrase(conditions[0], false);
  return conditions.map((c) => `${frenchPercent(c.percent)} % ${phrase(c, true)}`).join(', ');
}
