import { describe, expect, it } from 'vitest';
import { DomainValidationError } from '../../src/domain/errors.js';
import { addDays, addMonths, assertIsoDate, compareDates, daysInMonth, endOfMonth, isIsoDate, todayIn } from '../../src/domain/dates.js';

describe('civil date arithmetic', () => {
  it('agrees with UTC calendar arithmetic day by day over 1999-2101', () => {
    let date = '1999-01-01';
    for (let ms = Date.UTC(1999, 0, 1); ms <= Date.UTC(2101, 0, 1); ms += 86_400_000) {
      expect(date).toBe(new Date(ms).toISOString().slice(0, 10));
      date = addDays(date, 1);
    }
  });

  it.each([
    ['2024-03-31', -31, '2024-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2025-03-30', 1, '2025-03-31'], // DST switch in Europe/Paris
    ['2000-02-28', 1, '2000-02-29'],
    ['1900-02-28', 1, '1900-03-01'],
  ])('%s + %i days = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2024-01-31', 1, '2024-02-29'],
    ['2024-03-31', -1, '2024-02-29'],
    ['2024-11-30', 3, '2025-02-28'],
    ['2025-01-15', -13, '2023-12-15'],
  ])('%s + %i months = %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it('knows month lengths and leap years', () => {
    expect([daysInMonth(2024, 2), daysInMonth(2023, 2), daysInMonth(1900, 2), daysInMonth(2000, 2), daysInMonth(2025, 4)]).toEqual([
      29, 28, 28, 29, 30,
    ]);
    expect(endOfMonth('2024-02-03')).toBe('2024-02-29');
  });

  it('compares dates', () => {
    expect(compareDates('2024-03-01', '2024-02-29')).toBe(1);
    expect(compareDates('2024-02-29', '2024-02-29')).toBe(0);
  });

  it.each(['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-01', '20240101', '', '2024-04-31'])('rejects %j', (date) => {
    expect(isIsoDate(date)).toBe(false);
    expect(() => assertIsoDate(date, 'date')).toThrow(DomainValidationError);
  });
});

describe('todayIn', () => {
  it('turns at local midnight, also for half- and quarter-hour offsets, however calls interleave', () => {
    const at = (iso: string) => new Date(iso);
    // Paris in winter is UTC+1; Kolkata UTC+5:30; Kathmandu UTC+5:45.
    expect(todayIn('Europe/Paris', at('2026-11-22T22:59:59.999Z'))).toBe('2026-11-22');
    expect(todayIn('Europe/Paris', at('2026-11-22T23:00:00.000Z'))).toBe('2026-11-23');
    expect(todayIn('Europe/Paris', at('2026-11-22T22:59:30.000Z'))).toBe('2026-11-22');
    expect(todayIn('Asia/Kolkata', at('2026-11-22T18:29:59.000Z'))).toBe('2026-11-22');
    expect(todayIn('Asia/Kolkata', at('2026-11-22T18:30:00.000Z'))).toBe('2026-11-23');
    expect(todayIn('Asia/Kathmandu', at('2026-11-22T18:14:59.000Z'))).toBe('2026-11-22');
    expect(todayIn('Asia/Kathmandu', at('2026-11-22T18:15:00.000Z'))).toBe('2026-11-23');
    expect(todayIn('Europe/Paris', at('2026-06-30T21:59:00.000Z'))).toBe('2026-06-30'); // summer: UTC+2
    expect(todayIn('Europe/Paris', at('2026-06-30T22:00:00.000Z'))).toBe('2026-07-01');
  });
});
