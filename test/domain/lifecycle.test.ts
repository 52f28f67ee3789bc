// The rule that makes a timeline of lifecycle statuses a current status (src/domain/lifecycle.ts).
import { describe, expect, it } from 'vitest';
import { currentStatus, lifecycleStatus, type TimelineEntry } from '../../src/domain/lifecycle.js';

const at = (minute: number) => `2026-09-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const e = (code: string, minute: number, extra: Partial<TimelineEntry> = {}): TimelineEntry => ({
  code,
  statusAt: at(minute),
  reasonCode: null,
  receivedAt: at(0),
  ...extra,
});

describe('currentStatus', () => {
  it('is null and not processed for an empty timeline', () => {
    expect(currentStatus([])).toMatchObject({ code: null, statusAt: null, processed: false });
  });

  it('applies statuses by their own date, not by arrival order', () => {
    const s = currentStatus([e('211', 6), e('200', 1), e('205', 5), e('202', 2)]);
    expect(s).toMatchObject({ code: '211', statusAt: at(6), processed: false });
    expect(s.applied.map((x) => x.code)).toEqual(['200', '202', '205', '211']);
  });

  it('counts a repeated status once', () => {
    expect(currentStatus([e('200', 1), e('200', 1), e('202', 2), e('202', 2)]).applied).toHaveLength(2);
  });

  it('keeps a terminal status in force: 212 Encaissée, 210 Refusée, 213 Rejetée, 220 Annulée are processed', () => {
    for (const code of ['212', '210', '213', '220']) expect(currentStatus([e('200', 1), e(code, 3)]).processed, code).toBe(true);
    // A later 211 (payment sent) does not undo a 212 dated before it.
    expect(currentStatus([e('212', 3), e('211', 4)])).toMatchObject({ code: '212', processed: true });
    expect(currentStatus([e('207', 3, { reasonCode: 'TX_TVA_ERR' })])).toMatchObject({ code: '207', processed: false });
  });

  it('applies a 213 DOUBLON of the only submission (UC2), and sets aside one about a repeated submission', () => {
    const uc2 = currentStatus([e('200', 1), e('213', 2, { reasonCode: 'DOUBLON' })]);
    expect(uc2).toMatchObject({ code: '213', processed: true, setAside: [] });
    const repeat = currentStatus([e('200', 1), e('202', 2), e('213', 3, { reasonCode: 'DOUBLON', receivedAt: at(3) })]);
    expect(repeat).toMatchObject({ code: '202', processed: false });
    expect(repeat.setAside).toEqual([{ entry: expect.objectContaining({ code: '213' }), why: 'duplicate-submission' }]);
    // Arriving before the deposit it repeats: set aside all the same once the deposit is known.
    expect(currentStatus([e('213', 0, { reasonCode: 'DOUBLON', receivedAt: at(5) }), e('200', 1)])).toMatchObject({ code: '200' });
    // A 213 for another reason is a rejection.
    expect(currentStatus([e('200', 1), e('213', 2, { reasonCode: 'REJ_SEMAN', receivedAt: at(3) })])).toMatchObject({
      code: '213',
      processed: true,
    });
  });

  it('records an unknown code without making it terminal', () => {
    expect(lifecycleStatus('299')).toBeUndefined();
    expect(currentStatus([e('200', 1), e('299', 2)])).toMatchObject({ code: '299', processed: false });
  });
});
