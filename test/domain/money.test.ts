import { describe, expect, it } from 'vitest';
import { DomainValidationError } from '../../src/domain/errors.js';
import { allocateProportionally, formatFixed, formatPlain, round2, roundHalfUp, sum, toDecimal, toNumber } from '../../src/domain/money.js';

describe('toDecimal', () => {
  it.each([
    [19.99, '19.99'],
    [0.1 + 0.2, '0.30000000000000004'],
    ['19.99', '19.99'],
    [' -3 ', '-3'],
    ['+2.5', '2.5'],
    ['.5', '0.5'],
    ['1e-7', '0.0000001'],
    [1e-7, '0.0000001'],
    [-0, '0'],
  ])('parses %s exactly as %s', (input, expected) => {
    expect(toDecimal(input).toFixed()).toBe(expected);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [''], ['abc'], ['1,5'], ['0x10'], ['1.2.3']])(
    'rejects %s with a validation error naming the field',
    (input) => {
      expect(() => toDecimal(input, 'lines[0].quantity')).toThrow(DomainValidationError);
      try {
        toDecimal(input, 'lines[0].quantity');
      } catch (error) {
        expect((error as DomainValidationError).field).toBe('lines[0].quantity');
      }
    },
  );
});

describe('rounding half-up', () => {
  it.each([
    ['1.005', '1.01'],
    ['1.004', '1.00'],
    ['-1.005', '-1.01'],
    ['2.675', '2.68'], // 2.675 is 2.67499999... as a binary float: exact decimals round it up
    ['0.125', '0.13'],
    ['-0.001', '0.00'],
    ['-0.004', '0.00'],
    ['59.97', '59.97'],
  ])('round2(%s) = %s', (input, expected) => {
    expect(formatFixed(round2(input))).toBe(expected);
  });

  it('rounds to N decimals', () => {
    expect(roundHalfUp('8.33335', 4).toFixed()).toBe('8.3334');
    expect(roundHalfUp('12.5', 0).toFixed()).toBe('13');
  });

  it('never prints a negative zero', () => {
    expect(formatFixed('-0.001')).toBe('0.00');
    expect(formatFixed(toDecimal(0).times(-1))).toBe('0.00');
    expect(Object.is(toNumber('-0.004'), -0)).toBe(false);
    expect(formatPlain(toDecimal(0).times(-1))).toBe('0');
  });
});

describe('formatting and sums', () => {
  it('formats fixed and plain decimals', () => {
    expect(formatFixed('1234.5')).toBe('1234.50');
    expect(formatFixed('3', 4)).toBe('3.0000');
    expect(formatPlain('5.50')).toBe('5.5');
    expect(formatPlain('20')).toBe('20');
  });

  it('converts to a JS number for JSON output', () => {
    expect(toNumber('1234.505')).toBe(1234.51);
    expect(toNumber('0.1')).toBe(0.1);
  });

  it('sums exactly where floats drift', () => {
    expect(sum([0.1, 0.2, '0.3']).toFixed()).toBe('0.6');
    expect(sum(Array.from({ length: 10 }, () => 0.1)).toFixed()).toBe('1');
    expect(sum([]).toFixed()).toBe('0');
  });
});

describe('allocateProportionally', () => {
  const cases: { name: string; total: string; weights: string[]; expected: string[] }[] = [
    { name: 'exact split', total: '30.00', weights: ['10', '20'], expected: ['10.00', '20.00'] },
    {
      name: 'thirds: the extra cent goes to the first on a full tie',
      total: '10.00',
      weights: ['1', '1', '1'],
      expected: ['3.34', '3.33', '3.33'],
    },
    { name: 'largest remainder wins', total: '1.00', weights: ['1', '2'], expected: ['0.33', '0.67'] },
    {
      name: 'tie on remainder goes to the larger weight',
      total: '0.01',
      weights: ['1', '3', '1', '3'],
      expected: ['0.00', '0.01', '0.00', '0.00'],
    },
    { name: 'negative total mirrors the positive split', total: '-10.00', weights: ['1', '1', '1'], expected: ['-3.34', '-3.33', '-3.33'] },
    { name: 'negative weights', total: '-10.00', weights: ['-1', '-1', '-1'], expected: ['-3.34', '-3.33', '-3.33'] },
    { name: 'zero total', total: '0', weights: ['5', '7'], expected: ['0.00', '0.00'] },
    { name: 'mixed-sign weights still sum to the total', total: '7.00', weights: ['100', '-30'], expected: ['10.00', '-3.00'] },
  ];
  it.each(cases)('$name', ({ total, weights, expected }) => {
    const parts = allocateProportionally(total, weights);
    expect(parts.map((p) => formatFixed(p))).toEqual(expected);
    expect(formatFixed(sum(parts))).toBe(formatFixed(total));
  });

  it('refuses to allocate a non-zero amount over weights summing to zero', () => {
    expect(() => allocateProportionally('1.00', ['5', '-5'])).toThrow(DomainValidationError);
  });
});
