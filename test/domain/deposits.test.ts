import { describe, expect, it } from 'vitest';
import { depositAmount, splitDeposit } from '../../src/domain/deposits.js';
import { DomainValidationError } from '../../src/domain/errors.js';

const GROUPS = [
  { category: 'S' as const, rate: '20', taxIncludedAmount: '128.99' },
  { category: 'S' as const, rate: '10', taxIncludedAmount: '39.18' },
  { category: 'S' as const, rate: '5.5', taxIncludedAmount: '86.65' },
];

describe('depositAmount', () => {
  it('takes a percentage of the total including tax, rounded half-up to the cent', () => {
    expect(depositAmount('254.82', 0, { type: 'Percent', value: 30 }).toFixed(2)).toBe('76.45');
    expect(depositAmount('0.05', 0, { type: 'Percent', value: 50 }).toFixed(2)).toBe('0.03');
    expect(depositAmount('1000.00', 0, { type: 'Percent', value: 100 }).toFixed(2)).toBe('1000.00');
  });

  it('takes a fixed amount as given', () => {
    expect(depositAmount('254.82', '76.45', { type: 'Fixed', value: 100 }).toFixed(2)).toBe('100.00');
    expect(depositAmount('254.82', '176.45', { type: 'Fixed', value: '78.37' }).toFixed(2)).toBe('78.37');
  });

  it('refuses nothing, too much, more than 100 %, fractions of a cent and what would exceed the total', () => {
    const refuse = (total: string, already: string, type: 'Percent' | 'Fixed', value: number, message: RegExp) => {
      expect(() => depositAmount(total, already, { type, value })).toThrow(DomainValidationError);
      expect(() => depositAmount(total, already, { type, value })).toThrow(message);
    };
    refuse('100.00', '0', 'Percent', 0, /greater than 0/);
    refuse('100.00', '0', 'Percent', 100.5, /at most 100/);
    refuse('100.00', '0', 'Fixed', 0, /greater than 0/);
    refuse('100.00', '0', 'Fixed', 10.005, /2 decimals/);
    refuse('0.01', '0', 'Percent', 10, /rounds to 0.00/);
    refuse('254.82', '176.45', 'Fixed', 78.38, /exceeds .*: 78\.37 of 254\.82/);
    refuse('254.82', '176.45', 'Percent', 40, /exceeds/);
  });
});

describe('splitDeposit', () => {
  it('splits by each rate’s share of the total including tax, the parts adding up to the deposit exactly', () => {
    expect(splitDeposit('76.45', GROUPS).map((p) => [p.rate, p.taxIncludedAmount])).toEqual([
      ['20', '38.70'],
      ['10', '11.75'],
      ['5.5', '26.00'],
    ]);
    expect(splitDeposit('100.00', GROUPS).map((p) => p.taxIncludedAmount)).toEqual(['50.62', '15.38', '34.00']);
  });

  it('sums exactly whatever the amount (largest remainder)', () => {
    for (let cents = 1; cents <= 25482; cents += 97) {
      const parts = splitDeposit((cents / 100).toFixed(2), GROUPS);
      const sum = parts.reduce((s, p) => s + Math.round(Number(p.taxIncludedAmount) * 100), 0);
      expect(sum).toBe(cents);
    }
  });

  it('skips groups with nothing in them and parts that round to nothing; refuses a quote with no amount', () => {
    const groups = [
      { category: 'S' as const, rate: '20', taxIncludedAmount: '1000.00' },
      { category: 'Z' as const, rate: '0', taxIncludedAmount: '0.00' },
      { category: 'S' as const, rate: '5.5', taxIncludedAmount: '0.10' },
    ];
    expect(splitDeposit('1.00', groups)).toEqual([{ category: 'S', rate: '20', taxIncludedAmount: '1.00' }]);
    expect(() => splitDeposit('1.00', [{ category: 'S', rate: '20', taxIncludedAmount: '0.00' }])).toThrow(/no amount/);
  });
});
