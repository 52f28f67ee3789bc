// Lenient binding of bodies and query strings to their schemas, as ASP.NET Core binds them.
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { bind } from '../../src/http/binding.js';
import { Int32, Literals, Nullable, Opt } from '../../src/http/schemas.js';

const Line = Type.Object({
  productId: Opt(Int32),
  date: Opt(Type.String({ format: 'date' })),
  quantity: Opt(Type.Number()),
  description: Opt(Type.String()),
  type: Opt(Literals(['Product', 'Service'])),
});
const Body = Type.Object({
  date: Type.String({ format: 'date' }),
  dueDate: Opt(Type.String({ format: 'date' })),
  number: Opt(Type.String()),
  isActive: Opt(Type.Boolean()),
  status: Literals(['Success', 'Failed']),
  countryIso: Opt(Type.String()),
  lines: Type.Array(Line),
  address: Nullable(Type.Object({ countryIso: Opt(Type.String()) })),
});

describe('bind (body)', () => {
  it('matches property names in any case and keeps unknown ones for validation to drop', () => {
    expect(bind(Body, { DATE: '2026-01-15', CountryIso: 'fr', Address: { COUNTRYISO: 'BE' }, extra: 1 }, 'body')).toEqual({
      date: '2026-01-15',
      countryIso: 'fr',
      address: { countryIso: 'BE' },
      extra: 1,
    });
  });

  it('writes the calendar date given in a date-time, whatever its offset or fraction', () => {
    const dates = [
      '2026-01-15T00:00:00',
      '2026-01-15T23:30:00.1234567+05:30',
      '2026-01-15T00:00:00Z',
      '2026-01-15 08:00',
      '2026-01-15T00:00:00-0300',
    ];
    for (const date of dates) expect(bind(Body, { date }, 'body')).toEqual({ date: '2026-01-15' });
  });

  it('leaves a date that is no date for validation to refuse', () => {
    expect(bind(Body, { date: '15/01/2026' }, 'body')).toEqual({ date: '15/01/2026' });
    expect(bind(Body, { date: '2026-01-15Tnoon' }, 'body')).toEqual({ date: '2026-01-15Tnoon' });
  });

  it('matches enum values in any case, and leaves an unknown one for validation to name', () => {
    expect(bind(Body, { status: 'success', lines: [{ type: 'PRODUCT' }] }, 'body')).toEqual({
      status: 'Success',
      lines: [{ type: 'Product' }],
    });
    expect(bind(Body, { status: 'Maybe' }, 'body')).toEqual({ status: 'Maybe' });
  });

  it('reads numbers sent as strings and strings sent as numbers, booleans sent as strings', () => {
    expect(
      bind(Body, { number: 42, isActive: 'TRUE', lines: [{ quantity: '19.90' }, { quantity: ' -3 ' }, { quantity: '1e2' }] }, 'body'),
    ).toEqual({
      number: '42',
      isActive: true,
      lines: [{ quantity: 19.9 }, { quantity: -3 }, { quantity: 100 }],
    });
    expect(bind(Body, { lines: [{ quantity: 'twelve' }] }, 'body')).toEqual({ lines: [{ quantity: 'twelve' }] });
  });

  it('reads client defaults as "not set": productId 0, an empty date, an empty optional number', () => {
    expect(bind(Body, { dueDate: '', lines: [{ productId: 0, date: '', quantity: '', description: '' }] }, 'body')).toEqual({
      lines: [{ description: '' }],
    });
    expect(bind(Body, { lines: [{ productId: 7 }] }, 'body')).toEqual({ lines: [{ productId: 7 }] });
  });

  it('keeps an explicit null (it clears a nullable field)', () => {
    expect(bind(Body, { address: null, number: null }, 'body')).toEqual({ address: null, number: null });
  });
});

describe('bind (query)', () => {
  const Query = Type.Object({
    PageIndex: Type.Optional(Type.Integer()),
    From: Type.Optional(Type.String({ format: 'date' })),
    Status: Type.Optional(Literals(['Draft', 'Paid'])),
    email: Type.Optional(Type.String()),
    internalId: Type.Optional(Type.String()),
  });

  it('drops empty parameters, matches names and enum values in any case, reads date-times as dates', () => {
    expect(
      bind(Query, { pageindex: '2', from: '2026-01-01T00:00:00', status: 'paid', email: '', INTERNALID: 'x', Status2: '' }, 'query'),
    ).toEqual({
      PageIndex: 2,
      From: '2026-01-01',
      Status: 'Paid',
      internalId: 'x',
      Status2: '',
    });
    expect(bind(Query, { Status: '' }, 'query')).toEqual({});
  });

  it('joins a parameter given in two casings into a list', () => {
    expect(bind(Query, { email: 'a@b.fr', EMAIL: 'c@d.fr' }, 'query')).toEqual({ email: ['a@b.fr', 'c@d.fr'] });
  });
});
