import { describe, expect, it } from 'vitest';
import {
  calendarState,
  parsePeriodId,
  periodContaining,
  periodId,
  periodsBetween,
  regimeFromVatSettings,
} from '../../src/domain/ereporting-calendar.js';

describe('the e-reporting calendar', () => {
  it('cuts the normal monthly regime into décades, each due 10 days after its end, and its payments into months due on the 10th', () => {
    expect(periodsBetween('NormalMonthly', 'Sales', '2026-02-01', '2026-02-28')).toEqual([
      { kind: 'Sales', start: '2026-02-01', end: '2026-02-10', deadline: '2026-02-20' },
      { kind: 'Sales', start: '2026-02-11', end: '2026-02-20', deadline: '2026-03-02' },
      { kind: 'Sales', start: '2026-02-21', end: '2026-02-28', deadline: '2026-03-10' },
    ]);
    expect(periodContaining('NormalMonthly', 'Purchases', '2026-12-31')).toEqual({
      kind: 'Purchases',
      start: '2026-12-21',
      end: '2026-12-31',
      deadline: '2027-01-10',
    });
    expect(periodContaining('NormalMonthly', 'Payments', '2026-12-15')).toEqual({
      kind: 'Payments',
      start: '2026-12-01',
      end: '2026-12-31',
      deadline: '2027-01-10',
    });
  });

  it('reports monthly under the quarterly normal regime (10th of the next month) and the simplified one (the 25th of the next month)', () => {
    expect(periodContaining('NormalQuarterly', 'Sales', '2028-02-29')).toEqual({
      kind: 'Sales',
      start: '2028-02-01',
      end: '2028-02-29',
      deadline: '2028-03-10',
    });
    expect(periodContaining('Simplified', 'Payments', '2026-01-31')).toEqual({
      kind: 'Payments',
      start: '2026-01-01',
      end: '2026-01-31',
      deadline: '2026-02-25',
    });
    expect(periodsBetween('Simplified', 'Sales', '2026-11-15', '2027-01-01').map((p) => `${p.start}..${p.end} ${p.deadline}`)).toEqual([
      '2026-11-01..2026-11-30 2026-12-25',
      '2026-12-01..2026-12-31 2027-01-25',
      '2027-01-01..2027-01-31 2027-02-25',
    ]);
  });

  it('reports every two months under the franchise en base, due on the 25th of the following month (the window is the 25th to the 30th)', () => {
    expect(periodsBetween('Franchise', 'Sales', '2026-08-01', '2026-12-31').map((p) => `${p.start}..${p.end} ${p.deadline}`)).toEqual([
      '2026-07-01..2026-08-31 2026-09-25',
      '2026-09-01..2026-10-31 2026-11-25',
      '2026-11-01..2026-12-31 2027-01-25',
    ]);
  });

  it('derives the regime from the VAT settings when none is chosen', () => {
    expect(regimeFromVatSettings({ liableToVat: false, vatPeriod: 'Monthly' })).toBe('Franchise');
    expect(regimeFromVatSettings({ liableToVat: true, vatPeriod: 'Monthly' })).toBe('NormalMonthly');
    expect(regimeFromVatSettings({ liableToVat: true, vatPeriod: 'Quarterly' })).toBe('NormalQuarterly');
    expect(regimeFromVatSettings({ liableToVat: true, vatPeriod: 'Annually' })).toBe('Simplified');
  });

  it('says Open while a period runs, Due once ended, Late past its deadline', () => {
    const p = periodContaining('NormalMonthly', 'Sales', '2026-09-05');
    expect(calendarState(p, '2026-09-10')).toBe('Open');
    expect(calendarState(p, '2026-09-11')).toBe('Due');
    expect(calendarState(p, '2026-09-20')).toBe('Due');
    expect(calendarState(p, '2026-09-21')).toBe('Late');
  });

  it('names each period by kind and dates, and reads the name back; a malformed or impossible one is null', () => {
    const sales = periodContaining('NormalMonthly', 'Sales', '2026-09-05');
    const purchases = periodContaining('NormalMonthly', 'Purchases', '2026-09-05');
    const payments = periodContaining('NormalMonthly', 'Payments', '2026-09-05');
    expect([periodId(sales), periodId(purchases), periodId(payments)]).toEqual([
      'S-20260901-20260910',
      'A-20260901-20260910',
      'P-20260901-20260930',
    ]);
    expect(parsePeriodId('A-20260901-20260910')).toEqual({ kind: 'Purchases', start: '2026-09-01', end: '2026-09-10' });
    expect(parsePeriodId('P-20260901-20260931')).toBeNull();
    expect(parsePeriodId('X-20260901-20260910')).toBeNull();
    expect(parsePeriodId('S-2026-09-01')).toBeNull();
    expect(parsePeriodId('S-00000101-00000110')).toBeNull();
  });
});
