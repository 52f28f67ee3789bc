import { describe, expect, it } from 'vitest';
import { DomainValidationError } from '../../src/domain/errors.js';
import {
  DEFAULT_CREDIT_NUMBER_PATTERN,
  DEFAULT_INVOICE_NUMBER_PATTERN,
  formatDocumentNumber,
  sequenceScope,
  validateNumberPattern,
} from '../../src/domain/numbering.js';

describe('validateNumberPattern', () => {
  it.each([
    'F-{yyyy}-{seq:5}',
    'AV-{yyyy}{mm}-{seq:4}',
    '{seq}',
    'FAC{yy}{mm}{dd}{seq:3}',
    'F/{yyyy}/{seq:6}',
    '{seq:5}-{yyyy}',
    'INV #{seq:1}',
    DEFAULT_INVOICE_NUMBER_PATTERN,
    DEFAULT_CREDIT_NUMBER_PATTERN,
  ])('accepts %s', (pattern) => {
    expect(validateNumberPattern(pattern)).toBeNull();
  });

  it.each([
    ['', 'The number pattern is empty.'],
    ['   ', 'The number pattern is empty.'],
    [' F-{seq}', 'The number pattern must not start or end with a space.'],
    ['F-{yyyy}', 'The number pattern must contain exactly one {seq} token, found 0.'],
    ['{seq}-{seq:3}', 'The number pattern must contain exactly one {seq} token, found 2.'],
    ['F-{year}-{seq}', 'Unknown token {year}; known tokens are {yyyy}, {yy}, {mm}, {dd}, {seq} and {seq:N}.'],
    ['F-{YYYY}-{seq}', 'Unknown token {YYYY}; known tokens are {yyyy}, {yy}, {mm}, {dd}, {seq} and {seq:N}.'],
    ['F-{seq:0}', 'The sequence width must be between 1 and 10, got {seq:0}.'],
    ['F-{seq:11}', 'The sequence width must be between 1 and 10, got {seq:11}.'],
    ['F-{seq:x}', 'Unknown token {seq:x}; known tokens are {yyyy}, {yy}, {mm}, {dd}, {seq} and {seq:N}.'],
    ['F-{yyyy-{seq}', 'Unknown token {yyyy-{seq}; known tokens are {yyyy}, {yy}, {mm}, {dd}, {seq} and {seq:N}.'],
    ['F-{seq', 'Unclosed "{" at position 3.'],
    ['F-}{seq}', 'Unexpected "}" at position 3.'],
    ['F\n{seq}', 'Character "\n" is not allowed; use letters, digits, spaces and - _ / . #.'],
    ['FÉ-{seq}', 'Character "É" is not allowed; use letters, digits, spaces and - _ / . #.'],
    ['F-{mm}-{seq}', 'A pattern with {mm} must also contain {yyyy} or {yy}.'],
    ['F-{yyyy}{dd}-{seq}', 'A pattern with {dd} must also contain {mm} and {yyyy} or {yy}.'],
    ['F'.repeat(41).slice(0, 36) + '{seq}', 'The number pattern is longer than 40 characters.'],
    ['FACTURE-CLIENT-{yyyy}{mm}{dd}-{seq:10}', 'Numbers produced by the pattern would be longer than 30 characters.'],
  ])('rejects %j: %s', (pattern, message) => {
    expect(validateNumberPattern(pattern)).toBe(message);
  });
});

describe('formatDocumentNumber', () => {
  it.each([
    ['F-{yyyy}-{seq:5}', '2025-03-14', 1, 'F-2025-00001'],
    ['F-{yyyy}-{seq:5}', '2025-03-14', 123456, 'F-2025-123456'], // never truncated
    ['AV-{yyyy}{mm}-{seq:4}', '2025-03-14', 42, 'AV-202503-0042'],
    ['FAC{yy}{mm}{dd}{seq:3}', '2009-01-05', 7, 'FAC090105007'],
    ['{seq}', '2025-03-14', 1234, '1234'],
    ['{seq:5}-{yyyy}', '2025-12-31', 9, '00009-2025'],
    ['F-{yy}-{seq:2}', '2100-06-01', 3, 'F-00-03'],
  ])('%s at %s, #%i -> %s', (pattern, date, seq, expected) => {
    expect(formatDocumentNumber(pattern, date, seq)).toBe(expected);
  });

  it.each([
    ['F-{seq}', '2025-03-14', 0],
    ['F-{seq}', '2025-03-14', -1],
    ['F-{seq}', '2025-03-14', 1.5],
    ['F-{seq}', '2025-02-29', 1],
    ['F-{nope}-{seq}', '2025-03-14', 1],
  ])('refuses %s at %s with #%s', (pattern, date, seq) => {
    expect(() => formatDocumentNumber(pattern, date, seq)).toThrow(DomainValidationError);
  });
});

describe('sequenceScope', () => {
  it.each([
    {
      name: 'a yearly pattern restarts each year',
      pattern: 'F-{yyyy}-{seq:5}',
      dates: ['2024-12-31', '2025-01-01'],
      scopes: ['F-2024-{seq}', 'F-2025-{seq}'],
    },
    {
      name: 'a yearly pattern shares its scope within the year',
      pattern: 'F-{yyyy}-{seq:5}',
      dates: ['2025-01-01', '2025-12-31'],
      scopes: ['F-2025-{seq}', 'F-2025-{seq}'],
    },
    {
      name: 'a monthly pattern restarts each month',
      pattern: 'AV-{yyyy}{mm}-{seq:4}',
      dates: ['2025-01-31', '2025-02-01'],
      scopes: ['AV-202501-{seq}', 'AV-202502-{seq}'],
    },
    {
      name: 'a pattern without date tokens never restarts',
      pattern: 'F{seq:6}',
      dates: ['2024-01-01', '2030-07-14'],
      scopes: ['F{seq}', 'F{seq}'],
    },
    {
      name: 'a daily pattern restarts each day',
      pattern: '{yy}{mm}{dd}-{seq}',
      dates: ['2025-03-14', '2025-03-15'],
      scopes: ['250314-{seq}', '250315-{seq}'],
    },
  ])('$name', ({ pattern, dates, scopes }) => {
    expect(dates.map((d) => sequenceScope(pattern, d))).toEqual(scopes);
  });

  it('ignores the sequence width, so widening it continues the same sequence', () => {
    expect(sequenceScope('F-{yyyy}-{seq:4}', '2025-03-14')).toBe(sequenceScope('F-{yyyy}-{seq:6}', '2025-03-14'));
  });

  it('distinguishes the default invoice and credit patterns', () => {
    expect(sequenceScope(DEFAULT_INVOICE_NUMBER_PATTERN, '2025-03-14')).toBe('F-2025-{seq}');
    expect(sequenceScope(DEFAULT_CREDIT_NUMBER_PATTERN, '2025-03-14')).toBe('AV-2025-{seq}');
  });

  it('refuses an invalid pattern', () => {
    expect(() => sequenceScope('F-{yyyy}', '2025-03-14')).toThrow(DomainValidationError);
  });
});
