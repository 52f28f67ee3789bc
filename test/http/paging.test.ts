import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { pageOf, parseOrderBy } from '../../src/http/paging.js';

const whitelist = { name: 'name', number: 'number', createdAt: 'createdAt' } as const;
const fallback = [{ column: 'name' as const, direction: 'asc' as const }];

describe('OrderBy parsing', () => {
  it.each([
    ['name', [{ column: 'name', direction: 'asc' }]],
    ['NAME desc', [{ column: 'name', direction: 'desc' }]],
    ['-number', [{ column: 'number', direction: 'desc' }]],
    [
      'number asc, -createdAt',
      [
        { column: 'number', direction: 'asc' },
        { column: 'createdAt', direction: 'desc' },
      ],
    ],
    ['name,name desc', [{ column: 'name', direction: 'asc' }]],
  ])('accepts %s', (raw, expected) => {
    expect(parseOrderBy(raw, whitelist, fallback)).toEqual(expected);
  });

  it('falls back when absent or blank', () => {
    expect(parseOrderBy(undefined, whitelist, fallback)).toEqual(fallback);
    expect(parseOrderBy('  ', whitelist, fallback)).toEqual(fallback);
  });

  it.each(['password', 'name; drop table x', '-name desc', 'name sideways', '1', 'name,,number'])('refuses %s naming OrderBy', (raw) => {
    try {
      parseOrderBy(raw, whitelist, fallback);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).fields[0].field).toBe('OrderBy');
    }
  });
});

describe('page computation', () => {
  it('defaults to the first page of 10', () => {
    expect(pageOf({})).toEqual({ index: 1, size: 10, offset: 0 });
  });
  it('computes the offset', () => {
    expect(pageOf({ PageIndex: 3, PageSize: 25 })).toEqual({ index: 3, size: 25, offset: 50 });
  });
});
