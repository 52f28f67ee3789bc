import { describe, expect, it } from 'vitest';
import { DomainValidationError } from '../../src/domain/errors.js';
import { resolveFinalizationDate, type FinalizationDateInput } from '../../src/domain/finalization.js';

// today 2024-03-10, 7 days of early finalization -> latest allowed 2024-03-17; last finalized 2024-03-05.
const base: FinalizationDateInput = {
  documentDate: '2024-03-08',
  today: '2024-03-10',
  earlyFinalizationDays: 7,
  lastFinalizedDate: '2024-03-05',
  adjustment: 'None',
};
const run = (over: Partial<FinalizationDateInput>) => resolveFinalizationDate({ ...base, ...over });

describe('rule 1: the date is finalizationDate when supplied, otherwise the document date', () => {
  it.each([
    { name: 'document date', over: {}, date: '2024-03-08' },
    {
      name: 'requested date wins over the document date',
      over: { requestedDate: '2024-03-06', documentDate: '2024-03-01' },
      date: '2024-03-06',
    },
    { name: 'null requested date falls back to the document date', over: { requestedDate: null }, date: '2024-03-08' },
    { name: 'no finalized document yet: any past date', over: { lastFinalizedDate: null, documentDate: '2020-01-01' }, date: '2020-01-01' },
  ])('$name', ({ over, date }) => {
    expect(run(over)).toEqual({ ok: true, date, adjusted: false });
  });
});

describe('rule 2: a date earlier than the last finalized one, or too far in the future, prevents finalization', () => {
  it.each([
    { name: 'the same day as the last finalized document is fine', date: '2024-03-05', ok: true },
    { name: 'the day before the last finalized document', date: '2024-03-04', ok: false, reason: 'BeforeLastFinalized' },
    { name: 'today is fine', date: '2024-03-10', ok: true },
    { name: 'today + earlyFinalizationDays is fine', date: '2024-03-17', ok: true },
    { name: 'one day beyond today + earlyFinalizationDays', date: '2024-03-18', ok: false, reason: 'TooFarInFuture' },
  ])('$name ($date)', ({ date, ok, reason }) => {
    const result = run({ documentDate: date });
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.reason).toBe(reason);
  });

  it('with no early finalization, tomorrow is too far', () => {
    expect(run({ earlyFinalizationDays: 0, documentDate: '2024-03-11' })).toMatchObject({ ok: false, reason: 'TooFarInFuture' });
    expect(run({ earlyFinalizationDays: 0, documentDate: '2024-03-10' })).toMatchObject({ ok: true });
  });

  it('counts days across month, year and leap-day boundaries without time-zone drift', () => {
    expect(run({ today: '2024-12-28', lastFinalizedDate: null, documentDate: '2025-01-04' })).toMatchObject({ ok: true });
    expect(run({ today: '2024-12-28', lastFinalizedDate: null, documentDate: '2025-01-05' })).toMatchObject({
      ok: false,
      reason: 'TooFarInFuture',
    });
    expect(run({ today: '2024-02-25', lastFinalizedDate: null, earlyFinalizationDays: 5, documentDate: '2024-03-01' })).toMatchObject({
      ok: true,
    });
    expect(run({ today: '2023-02-25', lastFinalizedDate: null, earlyFinalizationDays: 5, documentDate: '2023-03-03' })).toMatchObject({
      ok: false,
    });
    // Europe/Paris switches to summer time on 2024-03-31.
    expect(run({ today: '2024-03-30', lastFinalizedDate: null, earlyFinalizationDays: 2, documentDate: '2024-04-01' })).toMatchObject({
      ok: true,
    });
  });

  it('a date both before the last finalized one and too far reports the chronology problem', () => {
    expect(run({ lastFinalizedDate: '2024-03-20', documentDate: '2024-03-19' })).toMatchObject({
      ok: false,
      reason: 'BeforeLastFinalized',
    });
  });
});

describe('rule 3: with None the date is kept and finalization fails', () => {
  it('before the last finalized date: refused, the message names the dates, MinimumDate would work', () => {
    expect(run({ documentDate: '2024-03-01' })).toEqual({
      ok: false,
      reason: 'BeforeLastFinalized',
      message: 'The finalization date 2024-03-01 is earlier than 2024-03-05, the date of the last finalized document.',
      workingAdjustment: 'MinimumDate',
    });
  });

  it('too far in the future: refused, the message names the latest allowed date', () => {
    expect(run({ documentDate: '2024-03-20' })).toEqual({
      ok: false,
      reason: 'TooFarInFuture',
      message:
        'The finalization date 2024-03-20 is too far in the future: the latest allowed date is 2024-03-17 (today 2024-03-10 + 7 days).',
      workingAdjustment: 'MinimumDate',
    });
  });

  it('suggests no adjustment when none would work', () => {
    // The last finalized date is beyond the allowed window (the setting was reduced since), and today is before it.
    expect(run({ lastFinalizedDate: '2024-03-20', documentDate: '2024-03-01' })).toMatchObject({ ok: false, workingAdjustment: null });
  });
});

describe('rule 4: with MinimumDate the date of the last finalized document is used', () => {
  it('a date before the last finalized one becomes that date', () => {
    expect(run({ documentDate: '2024-03-01', adjustment: 'MinimumDate' })).toEqual({ ok: true, date: '2024-03-05', adjusted: true });
  });

  it('a usable date is not adjusted', () => {
    expect(run({ documentDate: '2024-03-08', adjustment: 'MinimumDate' })).toEqual({ ok: true, date: '2024-03-08', adjusted: false });
  });

  it('a date too far in the future becomes today (never backdated before today)', () => {
    expect(run({ documentDate: '2024-04-30', adjustment: 'MinimumDate' })).toEqual({ ok: true, date: '2024-03-10', adjusted: true });
  });

  it('a date too far in the future becomes the last finalized date when that is after today', () => {
    expect(run({ documentDate: '2024-04-30', lastFinalizedDate: '2024-03-12', adjustment: 'MinimumDate' })).toEqual({
      ok: true,
      date: '2024-03-12',
      adjusted: true,
    });
  });

  it('a date too far in the future with nothing finalized yet becomes today', () => {
    expect(run({ documentDate: '2024-04-30', lastFinalizedDate: null, adjustment: 'MinimumDate' })).toEqual({
      ok: true,
      date: '2024-03-10',
      adjusted: true,
    });
  });

  it('refuses when the last finalized date is itself beyond the allowed window', () => {
    expect(run({ documentDate: '2024-03-01', lastFinalizedDate: '2024-03-20', adjustment: 'MinimumDate' })).toEqual({
      ok: false,
      reason: 'TooFarInFuture',
      message:
        'The finalization date 2024-03-20 (adjusted with MinimumDate from 2024-03-01) is too far in the future: the latest allowed date is 2024-03-17 (today 2024-03-10 + 7 days).',
      workingAdjustment: null,
    });
  });
});

describe('rule 5: with Today, today is used', () => {
  it.each([
    { name: 'a date before the last finalized one', date: '2024-03-01' },
    { name: 'a date too far in the future', date: '2024-06-01' },
  ])('$name becomes today', ({ date }) => {
    expect(run({ documentDate: date, adjustment: 'Today' })).toEqual({ ok: true, date: '2024-03-10', adjusted: true });
  });

  it('a usable date is kept', () => {
    expect(run({ documentDate: '2024-03-15', adjustment: 'Today' })).toEqual({ ok: true, date: '2024-03-15', adjusted: false });
  });

  it('refuses when today is itself earlier than the last finalized date, and suggests MinimumDate', () => {
    expect(run({ documentDate: '2024-03-01', lastFinalizedDate: '2024-03-12', adjustment: 'Today' })).toEqual({
      ok: false,
      reason: 'BeforeLastFinalized',
      message:
        'The finalization date 2024-03-10 (adjusted with Today from 2024-03-01) is earlier than 2024-03-12, the date of the last finalized document.',
      workingAdjustment: 'MinimumDate',
    });
  });
});

describe('rule 6: a supplied finalizationDate that cannot be used is the one adjusted', () => {
  it('with None it fails even though the document date would have been fine', () => {
    expect(run({ requestedDate: '2024-03-01', documentDate: '2024-03-08' })).toMatchObject({ ok: false, reason: 'BeforeLastFinalized' });
  });

  it('with MinimumDate it becomes the last finalized date, not the document date', () => {
    expect(run({ requestedDate: '2024-03-01', documentDate: '2024-03-08', adjustment: 'MinimumDate' })).toEqual({
      ok: true,
      date: '2024-03-05',
      adjusted: true,
    });
  });

  it('with Today it becomes today', () => {
    expect(run({ requestedDate: '2024-12-25', documentDate: '2024-03-08', adjustment: 'Today' })).toEqual({
      ok: true,
      date: '2024-03-10',
      adjusted: true,
    });
  });
});

describe('malformed input', () => {
  it.each([
    { over: { requestedDate: '2024-02-30' }, field: 'finalizationDate' },
    { over: { documentDate: '08/03/2024' }, field: 'date' },
    { over: { today: '2024-3-10' }, field: 'today' },
    { over: { earlyFinalizationDays: -1 }, field: 'earlyFinalizationDays' },
    { over: { earlyFinalizationDays: 1.5 }, field: 'earlyFinalizationDays' },
    { over: { adjustment: 'Tomorrow' as never }, field: 'dateAdjustment' },
  ])('names $field', ({ over, field }) => {
    let caught: unknown;
    try {
      run(over);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainValidationError);
    expect((caught as DomainValidationError).field).toBe(field);
  });
});
