import { describe, expect, it } from 'vitest';
import { DomainValidationError } from '../../src/domain/errors.js';
import {
  DEFAULT_SETTLEMENT_TERM,
  computeSettlement,
  conditionDueDate,
  describeSettlementTerm,
  type SettlementConditionInput,
} from '../../src/domain/settlement.js';

const condition = (c: Partial<SettlementConditionInput>): SettlementConditionInput => ({
  percent: 100,
  delay: 30,
  delayType: 'Days',
  type: 'Net',
  dayOfMonth: null,
  ...c,
});

describe('conditionDueDate', () => {
  const cases: { name: string; date: string; c: Partial<SettlementConditionInput>; due: string }[] = [
    { name: '30 days net', date: '2024-01-15', c: {}, due: '2024-02-14' },
    { name: '30 days net across a year end', date: '2024-12-15', c: {}, due: '2025-01-14' },
    { name: 'on receipt', date: '2024-03-10', c: { delay: 0 }, due: '2024-03-10' },
    { name: '30 days end of month, leap February', date: '2024-01-15', c: { type: 'EndMonth' }, due: '2024-02-29' },
    { name: '30 days end of month, ordinary February', date: '2023-01-15', c: { type: 'EndMonth' }, due: '2023-02-28' },
    { name: '30 days end of month from January 31 lands in March', date: '2024-01-31', c: { type: 'EndMonth' }, due: '2024-03-31' },
    { name: '30 days end of month from January 30, 2023 (March 1)', date: '2023-01-30', c: { type: 'EndMonth' }, due: '2023-03-31' },
    { name: '45 days end of month', date: '2024-01-10', c: { delay: 45, type: 'EndMonth' }, due: '2024-02-29' },
    { name: 'end of the current month', date: '2024-02-10', c: { delay: 0, type: 'EndMonth' }, due: '2024-02-29' },
    {
      name: '1 month net from January 31 is clamped to February 29',
      date: '2024-01-31',
      c: { delay: 1, delayType: 'Months' },
      due: '2024-02-29',
    },
    {
      name: '1 month net from January 31, 2023 is February 28',
      date: '2023-01-31',
      c: { delay: 1, delayType: 'Months' },
      due: '2023-02-28',
    },
    { name: '2 months end of month', date: '2024-12-20', c: { delay: 2, delayType: 'Months', type: 'EndMonth' }, due: '2025-02-28' },
    { name: '12 months from February 29 is February 28', date: '2024-02-29', c: { delay: 12, delayType: 'Months' }, due: '2025-02-28' },
    { name: '30 days end of month on the 10th', date: '2024-01-15', c: { type: 'EndMonth', dayOfMonth: 10 }, due: '2024-03-10' },
    {
      name: 'end of month on the 31st is clamped to the next month length',
      date: '2024-01-05',
      c: { type: 'EndMonth', dayOfMonth: 31 },
      due: '2024-03-31',
    },
    {
      name: 'end of month on the 30th in February',
      date: '2023-01-05',
      c: { delay: 0, type: 'EndMonth', dayOfMonth: 30 },
      due: '2023-02-28',
    },
    { name: 'net on the 15th: the next 15th on or after date + delay', date: '2024-01-20', c: { dayOfMonth: 15 }, due: '2024-03-15' },
    { name: 'net on the 15th, same month', date: '2024-01-10', c: { dayOfMonth: 15 }, due: '2024-02-15' },
    { name: 'net on the 15th when date + delay is the 15th', date: '2024-01-16', c: { dayOfMonth: 15 }, due: '2024-02-15' },
    { name: 'net on the 30th, next month is February', date: '2024-01-01', c: { dayOfMonth: 30, delay: 30 }, due: '2024-02-29' },
  ];
  it.each(cases)('$name: $date -> $due', ({ date, c, due }) => {
    expect(conditionDueDate(date, condition(c))).toBe(due);
  });
});

describe('computeSettlement', () => {
  it('defaults to 30 days net when there is no term', () => {
    for (const term of [null, undefined, { conditions: [] }, { conditions: null }]) {
      expect(computeSettlement({ documentDate: '2024-01-15', totalAmount: '120.00', term })).toEqual({
        dueDate: '2024-02-14',
        commitments: [{ date: '2024-02-14', amount: '120.00', percent: '100' }],
        text: '30 jours',
      });
    }
    expect(DEFAULT_SETTLEMENT_TERM.conditions).toHaveLength(1);
  });

  it('30 % on receipt and 70 % at 30 days end of month: amounts add up to the total', () => {
    const schedule = computeSettlement({
      documentDate: '2024-01-31',
      totalAmount: 1234.57,
      term: { conditions: [condition({ percent: 30, delay: 0 }), condition({ percent: 70, type: 'EndMonth' })] },
    });
    expect(schedule).toEqual({
      dueDate: '2024-03-31',
      commitments: [
        { date: '2024-01-31', amount: '370.37', percent: '30' }, // 370.371
        { date: '2024-03-31', amount: '864.20', percent: '70' },
      ],
      text: '30 % à réception, 70 % à 30 jours fin de mois',
    });
  });

  const splits: { name: string; total: string; percents: (string | number)[]; amounts: string[] }[] = [
    { name: 'three thirds of 100.00', total: '100.00', percents: ['33.33', '33.33', '33.34'], amounts: ['33.33', '33.33', '33.34'] },
    { name: 'three thirds of 10.00', total: '10.00', percents: ['33.33', '33.33', '33.34'], amounts: ['3.33', '3.33', '3.34'] },
    { name: 'half of an odd cent rounds half-up, the rest on the last', total: '100.01', percents: [50, 50], amounts: ['50.01', '50.00'] },
    { name: 'a credit (negative total) rounds half away from zero', total: '-100.01', percents: [50, 50], amounts: ['-50.01', '-50.00'] },
    { name: 'zero total', total: '0', percents: [40, 60], amounts: ['0.00', '0.00'] },
    { name: 'four quarters of 0.03', total: '0.03', percents: [25, 25, 25, 25], amounts: ['0.01', '0.01', '0.01', '0.00'] },
  ];
  it.each(splits)('splits exactly: $name', ({ total, percents, amounts }) => {
    const schedule = computeSettlement({
      documentDate: '2024-05-01',
      totalAmount: total,
      term: { conditions: percents.map((percent, i) => condition({ percent, delay: 30 * i })) },
    });
    expect(schedule.commitments.map((c) => c.amount)).toEqual(amounts);
  });

  it('the due date is the latest commitment date even if conditions are not in date order', () => {
    const schedule = computeSettlement({
      documentDate: '2024-05-01',
      totalAmount: 100,
      term: { conditions: [condition({ percent: 50, delay: 60 }), condition({ percent: 50, delay: 0 })] },
    });
    expect(schedule.dueDate).toBe('2024-06-30');
  });

  const invalid: { name: string; conditions: SettlementConditionInput[]; field: string }[] = [
    { name: 'percents not adding up to 100', conditions: [condition({ percent: 30 }), condition({ percent: 60 })], field: 'conditions' },
    { name: 'zero percent', conditions: [condition({ percent: 0 }), condition({ percent: 100 })], field: 'conditions[0].percent' },
    { name: 'negative delay', conditions: [condition({ delay: -1 })], field: 'conditions[0].delay' },
    { name: 'fractional delay', conditions: [condition({ delay: 1.5 })], field: 'conditions[0].delay' },
    { name: 'day of month 32', conditions: [condition({ dayOfMonth: 32 })], field: 'conditions[0].dayOfMonth' },
  ];
  it.each(invalid)('refuses $name', ({ conditions, field }) => {
    expect(() => computeSettlement({ documentDate: '2024-05-01', totalAmount: 1, term: { conditions } })).toThrow(DomainValidationError);
    try {
      computeSettlement({ documentDate: '2024-05-01', totalAmount: 1, term: { conditions } });
    } catch (error) {
      expect((error as DomainValidationError).field).toBe(field);
    }
  });

  it('refuses an invalid document date', () => {
    expect(() => computeSettlement({ documentDate: '2023-02-29', totalAmount: 1 })).toThrow(DomainValidationError);
  });
});

describe('describeSettlementTerm', () => {
  const cases: { conditions: Partial<SettlementConditionInput>[]; text: string }[] = [
    { conditions: [{}], text: '30 jours' },
    { conditions: [{ delay: 0 }], text: 'à réception' },
    { conditions: [{ type: 'EndMonth' }], text: '30 jours fin de mois' },
    { conditions: [{ delay: 45, type: 'EndMonth' }], text: '45 jours fin de mois' },
    { conditions: [{ delay: 0, type: 'EndMonth' }], text: 'fin de mois' },
    { conditions: [{ type: 'EndMonth', dayOfMonth: 10 }], text: '30 jours fin de mois le 10' },
    { conditions: [{ delay: 2, delayType: 'Months' }], text: '2 mois' },
    { conditions: [{ dayOfMonth: 15 }], text: '30 jours le 15' },
    {
      conditions: [{ percent: '33.33', delay: 0 }, { percent: '33.33' }, { percent: '33.34', delay: 60 }],
      text: '33,33 % à réception, 33,33 % à 30 jours, 33,34 % à 60 jours',
    },
    {
      conditions: [
        { percent: 50, delay: 0, type: 'EndMonth' },
        { percent: 50, delay: 1, delayType: 'Months', type: 'EndMonth' },
      ],
      text: '50 % fin de mois, 50 % à 1 mois fin de mois',
    },
  ];
  it.each(cases)('$text', ({ conditions, text }) => {
    expect(describeSettlementTerm({ conditions: conditions.map(condition) })).toBe(text);
  });

  it('describes the default term', () => {
    expect(describeSettlementTerm(null)).toBe('30 jours');
  });
});
