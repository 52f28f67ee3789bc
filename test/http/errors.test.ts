import { describe, expect, it } from 'vitest';
import { normalize } from '../../src/http/errors.js';

const withCode = (code: string) => Object.assign(new Error('db'), { code });

describe('database errors met under concurrency', () => {
  it.each(['23505', 'SQLITE_CONSTRAINT_UNIQUE', '23503', 'SQLITE_CONSTRAINT_FOREIGNKEY'])('%s is a 409, not a 500', (code) => {
    expect(normalize(withCode(code))?.status).toBe(409);
  });

  it.each(['40001', '40P01', 'SQLITE_BUSY'])('%s is a 503 with Retry-After', (code) => {
    const n = normalize(withCode(code));
    expect(n?.status).toBe(503);
    expect(n?.headers).toEqual({ 'retry-after': '1' });
  });

  it('leaves other errors to the generic handling', () => {
    expect(normalize(withCode('XX000'))).toBeNull();
  });
});
