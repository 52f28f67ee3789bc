import { describe, expect, it } from 'vitest';
import { turnRefundSigns } from '../../src/domain/credit-signs.js';

describe('turnRefundSigns', () => {
  it('turns a refund written with signs: negative quantities, negative prices, a negative fixed discount and shipping', () => {
    const turned = turnRefundSigns({
      shippingAmount: -4.9,
      lines: [
        { type: 'Product', quantity: -3, taxExcludedPrice: 10, discount: { type: 'Fixed', value: -2 } },
        { type: 'Service', quantity: 1, taxExcludedPrice: -2.5 },
        { type: 'Text' },
        { type: 'Product', quantity: -1, taxIncludedPrice: 12, discount: { type: 'Percent', value: 10 } },
      ],
    });
    expect(turned).toEqual({
      shippingAmount: 4.9,
      lines: [
        { type: 'Product', quantity: 3, taxExcludedPrice: 10, discount: { type: 'Fixed', value: 2 } },
        { type: 'Service', quantity: 1, taxExcludedPrice: 2.5, taxIncludedPrice: undefined, discount: undefined },
        { type: 'Text' },
        { type: 'Product', quantity: 1, taxIncludedPrice: 12, discount: { type: 'Percent', value: 10 } },
      ],
    });
  });

  it('leaves alone a credit with positive lines, mixed signs, a positive shipping, an unknown price or no priced line', () => {
    expect(turnRefundSigns({ lines: [{ type: 'Product', quantity: 1, taxExcludedPrice: 10 }] })).toBeNull();
    expect(
      turnRefundSigns({
        lines: [
          { type: 'Product', quantity: 1, taxExcludedPrice: 10 },
          { type: 'Service', quantity: 1, taxExcludedPrice: -25 },
        ],
      }),
    ).toBeNull();
    expect(turnRefundSigns({ shippingAmount: 5, lines: [{ type: 'Product', quantity: -1, taxExcludedPrice: 10 }] })).toBeNull();
    expect(turnRefundSigns({ lines: [{ type: 'Product', quantity: -1 }] })).toBeNull();
    expect(turnRefundSigns({ lines: [{ type: 'Text' }] })).toBeNull();
    expect(turnRefundSigns({})).toBeNull();
  });

  it('a line of zero amount does not prevent the turn and is kept as is', () => {
    expect(
      turnRefundSigns({
        lines: [
          { type: 'Product', quantity: -1, taxExcludedPrice: 0 },
          { type: 'Product', quantity: -2, taxExcludedPrice: 5 },
        ],
      })?.lines,
    ).toEqual([
      { type: 'Product', quantity: -1, taxExcludedPrice: 0 },
      { type: 'Product', quantity: 2, taxExcludedPrice: 5, discount: undefined },
    ]);
  });
});

describe('turnRefundSigns on input validation has not seen yet', () => {
  it('leaves alone what is not a document of lines with numbers', () => {
    for (const doc of [
      null,
      'credit',
      [],
      { lines: 'x' },
      { lines: [null] },
      { lines: [{ type: 'Product', quantity: '-1', taxExcludedPrice: 10 }] },
      { lines: [{ type: 'Product', quantity: -1, taxExcludedPrice: 10, discount: 'x' }] },
      { shippingAmount: 'abc', lines: [{ type: 'Product', quantity: -1, taxExcludedPrice: 10 }] },
      { lines: [{ type: 'Product', quantity: -1, taxExcludedPrice: Number.NaN }] },
    ]) {
      expect(turnRefundSigns(doc as never), JSON.stringify(doc)).toBeNull();
    }
  });
});
