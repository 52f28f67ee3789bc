import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { DomainValidationError } from '../../src/domain/errors.js';
import {
  NOT_LIABLE_NOTE,
  REVERSE_CHARGE_NOTE,
  computeTotals,
  type DocumentTotals,
  type TotalsInput,
  type TotalsLineInput,
} from '../../src/domain/totals.js';

const product = (
  quantity: string | number,
  price: string | number,
  vatRate: string | number,
  extra: Partial<TotalsLineInput> = {},
): TotalsLineInput => ({
  type: 'Product',
  quantity,
  taxExcludedPrice: price,
  vatRate,
  ...extra,
});
const ttcProduct = (
  quantity: string | number,
  price: string | number,
  vatRate: string | number,
  extra: Partial<TotalsLineInput> = {},
): TotalsLineInput => ({
  type: 'Product',
  quantity,
  taxIncludedPrice: price,
  vatRate,
  ...extra,
});

const add = (values: string[]): string => values.reduce((acc, v) => acc.plus(v), new Big(0)).toFixed(2);

/** The EN 16931 reconciliation rules every result must satisfy exactly. */
function expectReconciles(t: DocumentTotals): void {
  const allowances = t.allowancesCharges.filter((a) => !a.isCharge);
  const charges = t.allowancesCharges.filter((a) => a.isCharge);
  // BR-CO-10: sum of line nets = gross.
  expect(add(t.lines.flatMap((l) => (l.priced ? [l.taxExcludedAmount as string] : [])))).toBe(t.grossTaxExcludedAmount);
  // BR-CO-11 / BR-CO-12: allowance and charge totals are the sums of their parts.
  expect(add(allowances.map((a) => a.amount))).toBe(t.globalDiscountAmount);
  expect(add(charges.map((a) => a.amount))).toBe(t.shippingAmount);
  // BR-CO-13: tax exclusive = gross − allowances + charges.
  expect(new Big(t.grossTaxExcludedAmount).minus(t.globalDiscountAmount).plus(t.shippingAmount).toFixed(2)).toBe(t.taxExcludedAmount);
  // BR-CO-14: tax = sum of per-rate VAT.
  expect(add(t.vats.map((v) => v.vatAmount))).toBe(t.taxAmount);
  // BR-CO-15: total = tax exclusive + tax.
  expect(new Big(t.taxExcludedAmount).plus(t.taxAmount).toFixed(2)).toBe(t.taxIncludedAmount);
  for (const v of t.vats) {
    const at = (x: { vatCategory?: string | null; category?: string; vatRate?: string | null; rate?: string }) =>
      (x.vatCategory ?? x.category) === v.category && (x.vatRate ?? x.rate) === v.rate;
    // BR-S-08 and siblings: taxable per rate = line nets − allowances + charges at that rate.
    const expected = new Big(add(t.lines.filter((l) => l.priced && at(l)).map((l) => l.taxExcludedAmount as string)))
      .minus(add(allowances.filter(at).map((a) => a.amount)))
      .plus(add(charges.filter(at).map((a) => a.amount)))
      .toFixed(2);
    expect(v.taxableAmount).toBe(expected);
    // BR-S-09: VAT per rate = taxable × rate, rounded to the cent (tax-excluded pricing).
  }
  for (const value of JSON.stringify(t).match(/"-0(\.0+)?"/g) ?? []) expect(value).toBeUndefined();
}

type Figures = Pick<
  DocumentTotals,
  'grossTaxExcludedAmount' | 'globalDiscountAmount' | 'shippingAmount' | 'taxExcludedAmount' | 'taxAmount' | 'taxIncludedAmount'
>;
const figures = (t: DocumentTotals): Figures => ({
  grossTaxExcludedAmount: t.grossTaxExcludedAmount,
  globalDiscountAmount: t.globalDiscountAmount,
  shippingAmount: t.shippingAmount,
  taxExcludedAmount: t.taxExcludedAmount,
  taxAmount: t.taxAmount,
  taxIncludedAmount: t.taxIncludedAmount,
});
const vatRows = (t: DocumentTotals) => t.vats.map((v) => [v.category, v.rate, v.taxableAmount, v.vatAmount]);

describe('computeTotals, tax-excluded prices', () => {
  const cases: { name: string; input: TotalsInput; expected: Figures; vats: string[][]; lineNets?: (string | null)[] }[] = [
    {
      name: '3 × 19.99 at 5.5 %: 59.97 net, VAT 3.29835 rounds to 3.30',
      input: { lines: [product(3, 19.99, 5.5)] },
      expected: {
        grossTaxExcludedAmount: '59.97',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '59.97',
        taxAmount: '3.30',
        taxIncludedAmount: '63.27',
      },
      vats: [['S', '5.5', '59.97', '3.30']],
    },
    {
      name: 'VAT is computed on the sum per rate, not per line (per line would give 2.02)',
      input: { lines: [product(1, '7.75', 10), product(1, '12.35', 10)] },
      expected: {
        grossTaxExcludedAmount: '20.10',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '20.10',
        taxAmount: '2.01',
        taxIncludedAmount: '22.11',
      },
      vats: [['S', '10', '20.10', '2.01']],
      lineNets: ['7.75', '12.35'],
    },
    {
      name: 'many lines at 20 / 10 / 5.5 / 2.1 / 0 %',
      input: {
        lines: [
          product(2, '10.00', 20),
          { type: 'Service', quantity: '1.5', taxExcludedPrice: '33.33', vatRate: '20' }, // 49.995 -> 50.00
          product(3, '19.99', '5.5'),
          product(1, '7.75', 10),
          product(4, '0.99', '2.1'),
          { type: 'Service', quantity: 1, taxExcludedPrice: 100, vatRate: 0 },
          product(1, '12.35', 10),
        ],
      },
      expected: {
        grossTaxExcludedAmount: '254.03',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '254.03',
        taxAmount: '19.39',
        taxIncludedAmount: '273.42',
      },
      vats: [
        ['S', '20', '70.00', '14.00'],
        ['S', '10', '20.10', '2.01'],
        ['S', '5.5', '59.97', '3.30'],
        ['S', '2.1', '3.96', '0.08'],
        ['Z', '0', '100.00', '0.00'],
      ],
      lineNets: ['20.00', '50.00', '59.97', '7.75', '3.96', '100.00', '12.35'],
    },
    {
      name: 'a 10 % global discount over five rates is allocated by largest remainder',
      input: {
        globalDiscount: { type: 'Percent', value: 10 },
        lines: [
          product(2, '10.00', 20),
          { type: 'Service', quantity: '1.5', taxExcludedPrice: '33.33', vatRate: '20' },
          product(3, '19.99', '5.5'),
          product(1, '7.75', 10),
          product(4, '0.99', '2.1'),
          { type: 'Service', quantity: 1, taxExcludedPrice: 100, vatRate: 0 },
          product(1, '12.35', 10),
        ],
      },
      // 25.403 -> 25.40; shares 699.9/599.6/201.0/39.6/999.9 cents -> 700/600/201/39/1000
      expected: {
        grossTaxExcludedAmount: '254.03',
        globalDiscountAmount: '25.40',
        shippingAmount: '0.00',
        taxExcludedAmount: '228.63',
        taxAmount: '17.45',
        taxIncludedAmount: '246.08',
      },
      vats: [
        ['S', '20', '63.00', '12.60'],
        ['S', '10', '18.09', '1.81'],
        ['S', '5.5', '53.97', '2.97'],
        ['S', '2.1', '3.57', '0.07'],
        ['Z', '0', '90.00', '0.00'],
      ],
    },
    {
      name: 'a fixed global discount of 10.00 over three equal bases: the odd cent goes to the first rate',
      input: { globalDiscount: { type: 'Fixed', value: 10 }, lines: [product(1, 10, 20), product(1, 10, 10), product(1, 10, 5.5)] },
      expected: {
        grossTaxExcludedAmount: '30.00',
        globalDiscountAmount: '10.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '20.00',
        taxAmount: '2.37',
        taxIncludedAmount: '22.37',
      },
      vats: [
        ['S', '20', '6.66', '1.33'],
        ['S', '10', '6.67', '0.67'],
        ['S', '5.5', '6.67', '0.37'],
      ],
    },
    {
      name: 'shipping at 20 % is a charge in the 20 % group',
      input: { lines: [product(3, '19.99', '5.5')], shippingAmount: '9.90', shippingVatRate: 20 },
      expected: {
        grossTaxExcludedAmount: '59.97',
        globalDiscountAmount: '0.00',
        shippingAmount: '9.90',
        taxExcludedAmount: '69.87',
        taxAmount: '5.28',
        taxIncludedAmount: '75.15',
      },
      vats: [
        ['S', '20', '9.90', '1.98'],
        ['S', '5.5', '59.97', '3.30'],
      ],
    },
    {
      name: 'the global discount does not apply to shipping',
      input: { lines: [product(1, 100, 20)], globalDiscount: { type: 'Percent', value: 50 }, shippingAmount: 10, shippingVatRate: 20 },
      expected: {
        grossTaxExcludedAmount: '100.00',
        globalDiscountAmount: '50.00',
        shippingAmount: '10.00',
        taxExcludedAmount: '60.00',
        taxAmount: '12.00',
        taxIncludedAmount: '72.00',
      },
      vats: [['S', '20', '60.00', '12.00']],
    },
    {
      name: 'percent line discount is round2 of the gross line: 15 % of 9.99 = 1.4985 -> 1.50',
      input: { lines: [product(1, '9.99', 20, { discount: { type: 'Percent', value: 15 } })] },
      expected: {
        grossTaxExcludedAmount: '8.49',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '8.49',
        taxAmount: '1.70',
        taxIncludedAmount: '10.19',
      },
      vats: [['S', '20', '8.49', '1.70']],
    },
    {
      name: 'fixed line discounts are per line, not per unit',
      input: {
        lines: [
          product(3, 10, 20, { discount: { type: 'Fixed', value: 5 } }),
          product(2, '4.50', 10, { discount: { type: 'Fixed', value: '0.005' } }),
        ],
      },
      expected: {
        grossTaxExcludedAmount: '33.99',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '33.99',
        taxAmount: '5.90',
        taxIncludedAmount: '39.89',
      },
      vats: [
        ['S', '20', '25.00', '5.00'],
        ['S', '10', '8.99', '0.90'],
      ],
      lineNets: ['25.00', '8.99'],
    },
    {
      name: 'a 100 % discount gives zero amounts without negative zeros',
      input: {
        lines: [
          product(1, 50, 20, { discount: { type: 'Percent', value: 100 } }),
          product(-2, 10, 20, { discount: { type: 'Percent', value: 100 } }),
        ],
      },
      expected: {
        grossTaxExcludedAmount: '0.00',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '0.00',
        taxAmount: '0.00',
        taxIncludedAmount: '0.00',
      },
      vats: [['S', '20', '0.00', '0.00']],
      lineNets: ['0.00', '0.00'],
    },
    {
      name: 'a 100 % global discount zeroes the document',
      input: { lines: [product(3, '19.99', 5.5), product(1, '0.01', 20)], globalDiscount: { type: 'Percent', value: 100 } },
      expected: {
        grossTaxExcludedAmount: '59.98',
        globalDiscountAmount: '59.98',
        shippingAmount: '0.00',
        taxExcludedAmount: '0.00',
        taxAmount: '0.00',
        taxIncludedAmount: '0.00',
      },
      vats: [
        ['S', '20', '0.00', '0.00'],
        ['S', '5.5', '0.00', '0.00'],
      ],
    },
    {
      name: 'negative lines (returned items) reduce the base; a fixed discount moves a negative line toward zero',
      input: { lines: [product(5, 20, 20), product(-1, 30, 20, { discount: { type: 'Fixed', value: 5 } })] },
      expected: {
        grossTaxExcludedAmount: '75.00',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '75.00',
        taxAmount: '15.00',
        taxIncludedAmount: '90.00',
      },
      vats: [['S', '20', '75.00', '15.00']],
      lineNets: ['100.00', '-25.00'],
    },
    {
      name: 'a negative VAT amount is rounded half away from zero, like a positive one',
      input: { lines: [product(-3, '19.99', '5.5')] },
      expected: {
        grossTaxExcludedAmount: '-59.97',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '-59.97',
        taxAmount: '-3.30',
        taxIncludedAmount: '-63.27',
      },
      vats: [['S', '5.5', '-59.97', '-3.30']],
    },
    {
      name: 'quantity × price is rounded to the cent before discount: 0.333 × 3.00 = 0.999 -> 1.00',
      input: { lines: [product('0.333', '3.00', 20)] },
      expected: {
        grossTaxExcludedAmount: '1.00',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '1.00',
        taxAmount: '0.20',
        taxIncludedAmount: '1.20',
      },
      vats: [['S', '20', '1.00', '0.20']],
    },
    {
      name: 'non-priced lines carry no amount and need no VAT',
      input: { lines: [{ type: 'Text' }, { type: 'Empty' }, { type: 'NewPage' }, product(1, 10, 20), { type: 'Subtotal' }] },
      expected: {
        grossTaxExcludedAmount: '10.00',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '10.00',
        taxAmount: '2.00',
        taxIncludedAmount: '12.00',
      },
      vats: [['S', '20', '10.00', '2.00']],
      lineNets: [null, null, null, '10.00', null],
    },
    {
      name: 'an empty document is all zeros',
      input: { lines: [] },
      expected: {
        grossTaxExcludedAmount: '0.00',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '0.00',
        taxAmount: '0.00',
        taxIncludedAmount: '0.00',
      },
      vats: [],
    },
  ];

  it.each(cases)('$name', ({ input, expected, vats, lineNets }) => {
    const totals = computeTotals(input);
    expect(figures(totals)).toEqual(expected);
    expect(vatRows(totals)).toEqual(vats);
    if (lineNets) expect(totals.lines.map((l) => l.taxExcludedAmount)).toEqual(lineNets);
    expectReconciles(totals);
  });

  it('gives each line its gross, discount, net and informative tax-included amounts', () => {
    const totals = computeTotals({ lines: [product(3, '19.99', 5.5, { discount: { type: 'Percent', value: 10 } })] });
    expect(totals.lines[0]).toEqual({
      type: 'Product',
      priced: true,
      quantity: '3',
      vatCategory: 'S',
      vatRate: '5.5',
      taxExcludedUnitPrice: '19.99',
      grossAmount: '59.97',
      discountAmount: '6.00', // 5.997
      taxExcludedAmount: '53.97',
      taxIncludedAmount: '56.94', // 53.97 × 1.055 = 56.93835
      purchaseAmount: '0.00',
      marginAmount: '53.97',
      marginRate: null,
      subtotal: null,
    });
  });

  it('splits the global discount into one allowance per VAT rate, with its base', () => {
    const totals = computeTotals({
      globalDiscount: { type: 'Fixed', value: 10 },
      lines: [product(1, 10, 20), product(1, 10, 10), product(1, 10, 5.5)],
      shippingAmount: 5,
      shippingVatRate: 20,
    });
    expect(totals.allowancesCharges).toEqual([
      {
        isCharge: false,
        reason: 'Remise globale',
        reasonCode: '95',
        category: 'S',
        rate: '20',
        amount: '3.34',
        taxIncludedAmount: '4.01',
        baseAmount: '10.00',
      },
      {
        isCharge: false,
        reason: 'Remise globale',
        reasonCode: '95',
        category: 'S',
        rate: '10',
        amount: '3.33',
        taxIncludedAmount: '3.66',
        baseAmount: '10.00',
      },
      {
        isCharge: false,
        reason: 'Remise globale',
        reasonCode: '95',
        category: 'S',
        rate: '5.5',
        amount: '3.33',
        taxIncludedAmount: '3.51',
        baseAmount: '10.00',
      },
      {
        isCharge: true,
        reason: 'Frais de port',
        reasonCode: 'FC',
        category: 'S',
        rate: '20',
        amount: '5.00',
        taxIncludedAmount: '6.00',
        baseAmount: null,
      },
    ]);
    expect(totals.globalDiscountPercent).toBeNull();
    expectReconciles(totals);
  });

  it('reports the percent of a percent global discount', () => {
    expect(computeTotals({ lines: [product(1, 10, 20)], globalDiscount: { type: 'Percent', value: '12.5' } }).globalDiscountPercent).toBe(
      '12.5',
    );
  });

  it('computes running subtotals since the previous Subtotal line', () => {
    const totals = computeTotals({
      lines: [
        product(1, 10, 20),
        product(2, '2.50', '5.5'),
        { type: 'Subtotal' },
        { type: 'Text' },
        product(1, 100, 10),
        { type: 'Subtotal' },
        { type: 'Subtotal' },
      ],
    });
    expect(totals.lines.map((l) => l.subtotal)).toEqual([
      null,
      null,
      { taxExcludedAmount: '15.00', taxIncludedAmount: '17.28' }, // 12.00 + 5.28 (5.275)
      null,
      null,
      { taxExcludedAmount: '100.00', taxIncludedAmount: '110.00' },
      { taxExcludedAmount: '0.00', taxIncludedAmount: '0.00' },
    ]);
  });

  it('computes line and document margins over purchase cost (taux de marge)', () => {
    const totals = computeTotals({
      lines: [product(2, 15, 20, { purchasePrice: 10 }), product(1, 30, 20, { purchasePrice: '22.50' }), product(1, 5, 20)],
      globalDiscount: { type: 'Fixed', value: 5 },
    });
    expect(totals.lines.map((l) => [l.purchaseAmount, l.marginAmount, l.marginRate])).toEqual([
      ['20.00', '10.00', '50.00'],
      ['22.50', '7.50', '33.33'],
      ['0.00', '5.00', null],
    ]);
    // (65.00 − 5.00) − 42.50 = 17.50; 17.50 / 42.50 = 41.18 %
    expect([totals.purchaseAmount, totals.marginAmount, totals.marginRate]).toEqual(['42.50', '17.50', '41.18']);
  });
});

describe('computeTotals, tax-included prices', () => {
  const cases: {
    name: string;
    input: Omit<TotalsInput, 'useTaxIncludedPrices'>;
    expected: Figures;
    vats: string[][];
    lineNets: string[];
  }[] = [
    {
      name: '3 × 19.99 TTC at 5.5 %: VAT = 59.97 × 5.5/105.5 = 3.1264 -> 3.13',
      input: { lines: [ttcProduct(3, '19.99', '5.5')] },
      expected: {
        grossTaxExcludedAmount: '56.84',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '56.84',
        taxAmount: '3.13',
        taxIncludedAmount: '59.97',
      },
      vats: [['S', '5.5', '56.84', '3.13']],
      lineNets: ['56.84'],
    },
    {
      name: 'three lines of 10.00 TTC at 20 %: per-line nets 8.33 would sum to 24.99, the cent goes to the first largest line',
      input: { lines: [ttcProduct(1, 10, 20), ttcProduct(1, 10, 20), ttcProduct(1, 10, 20)] },
      expected: {
        grossTaxExcludedAmount: '25.00',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '25.00',
        taxAmount: '5.00',
        taxIncludedAmount: '30.00',
      },
      vats: [['S', '20', '25.00', '5.00']],
      lineNets: ['8.34', '8.33', '8.33'],
    },
    {
      name: 'two lines of 10.05 TTC at 20 %: per-line nets 8.38 would sum to 16.76, one cent too many',
      input: { lines: [ttcProduct(1, '10.05', 20), ttcProduct(1, '10.05', 20)] },
      expected: {
        grossTaxExcludedAmount: '16.75',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '16.75',
        taxAmount: '3.35',
        taxIncludedAmount: '20.10',
      },
      vats: [['S', '20', '16.75', '3.35']],
      lineNets: ['8.37', '8.38'],
    },
    {
      name: 'unequal lines whose nets already add up keep their own nets',
      input: { lines: [ttcProduct(1, 10, 20), ttcProduct(1, 20, 20), ttcProduct(1, 10, 20)] },
      // nets 8.33 + 16.67 + 8.33 = 33.33; 40.00 TTC -> VAT 6.67, net 33.33: no remainder
      expected: {
        grossTaxExcludedAmount: '33.33',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '33.33',
        taxAmount: '6.67',
        taxIncludedAmount: '40.00',
      },
      vats: [['S', '20', '33.33', '6.67']],
      lineNets: ['8.33', '16.67', '8.33'],
    },
    {
      name: 'the remainder goes to the largest line when there is one',
      input: { lines: [ttcProduct(1, 10, 20), ttcProduct(1, 10, 20), ttcProduct(1, 10, 20), ttcProduct(1, 50, 20)] },
      // nets 8.33 × 3 + 41.67 = 66.66; 80.00 TTC -> VAT 13.33, net 66.67
      expected: {
        grossTaxExcludedAmount: '66.67',
        globalDiscountAmount: '0.00',
        shippingAmount: '0.00',
        taxExcludedAmount: '66.67',
        taxAmount: '13.33',
        taxIncludedAmount: '80.00',
      },
      vats: [['S', '20', '66.67', '13.33']],
      lineNets: ['8.33', '8.33', '8.33', '41.68'],
    },
    {
      name: 'global discount and shipping are tax-included too and the total is what the customer saw',
      input: {
        lines: [ttcProduct(2, '9.99', 20), ttcProduct(1, '10.55', '5.5')],
        globalDiscount: { type: 'Percent', value: 10 }, // 3.053 -> 3.05, split 2.00 / 1.05
        shippingAmount: 6,
        shippingVatRate: 20,
      },
      expected: {
        grossTaxExcludedAmount: '26.65',
        globalDiscountAmount: '2.67',
        shippingAmount: '5.00',
        taxExcludedAmount: '28.98',
        taxAmount: '4.50',
        taxIncludedAmount: '33.48',
      },
      vats: [
        ['S', '20', '19.98', '4.00'],
        ['S', '5.5', '9.00', '0.50'],
      ],
      lineNets: ['16.65', '10.00'],
    },
  ];

  it.each(cases)('$name', ({ input, expected, vats, lineNets }) => {
    const totals = computeTotals({ ...input, useTaxIncludedPrices: true });
    expect(figures(totals)).toEqual(expected);
    expect(vatRows(totals)).toEqual(vats);
    expect(totals.lines.map((l) => l.taxExcludedAmount)).toEqual(lineNets);
    expectReconciles(totals);
  });

  it('keeps the entered tax-included amounts on lines and derives a 4-decimal net unit price', () => {
    const totals = computeTotals({
      useTaxIncludedPrices: true,
      lines: [ttcProduct(3, '19.99', '5.5', { discount: { type: 'Fixed', value: 1 } })],
    });
    expect(totals.lines[0]).toMatchObject({
      grossAmount: '59.97',
      discountAmount: '1.00',
      taxIncludedAmount: '58.97',
      taxExcludedAmount: '55.90', // 58.97 − round2(58.97 × 5.5 / 105.5 = 3.0743)
      taxExcludedUnitPrice: '18.9479', // 19.99 / 1.055
    });
  });

  it('converts a price given in the other basis at the line rate', () => {
    expect(computeTotals({ lines: [ttcProduct(1, 12, 20)] }).taxExcludedAmount).toBe('10.00');
    expect(computeTotals({ useTaxIncludedPrices: true, lines: [product(1, 10, 20)] }).taxIncludedAmount).toBe('12.00');
    expect(computeTotals({ lines: [{ type: 'Service', vatRate: 20 }] }).taxIncludedAmount).toBe('0.00');
  });

  it('reconciles exactly on many generated documents', () => {
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const rates = ['20', '10', '5.5', '2.1', '0'];
    for (let doc = 0; doc < 300; doc += 1) {
      const taxIncluded = doc % 2 === 0;
      const lines: TotalsLineInput[] = Array.from({ length: 1 + random(12) }, () => ({
        type: random(10) === 0 ? 'Text' : 'Product',
        quantity: (random(40) - 5) / 4,
        [taxIncluded ? 'taxIncludedPrice' : 'taxExcludedPrice']: new Big(random(100000)).div(100).toFixed(2),
        vatRate: rates[random(rates.length)],
        discount: random(3) === 0 ? { type: 'Percent', value: random(101) } : null,
      }));
      const input: TotalsInput = {
        lines,
        useTaxIncludedPrices: taxIncluded,
        globalDiscount: random(2) === 0 ? { type: 'Percent', value: random(30) } : null,
        shippingAmount: random(2) === 0 ? new Big(random(3000)).div(100).toFixed(2) : 0,
        shippingVatRate: 20,
      };
      const totals = computeTotals(input);
      expectReconciles(totals);
      if (!taxIncluded) {
        for (const v of totals.vats)
          expect(v.vatAmount).toBe(new Big(v.taxableAmount).times(v.rate).div(100).round(2, Big.roundHalfUp).toFixed(2));
      } else {
        const entered = totals.lines.flatMap((l) => (l.priced ? [l.taxIncludedAmount as string] : []));
        const discount = totals.allowancesCharges.filter((a) => !a.isCharge).map((a) => a.taxIncludedAmount);
        const shipping = totals.allowancesCharges.filter((a) => a.isCharge).map((a) => a.taxIncludedAmount);
        expect(new Big(add(entered)).minus(add(discount)).plus(add(shipping)).toFixed(2)).toBe(totals.taxIncludedAmount);
      }
    }
  });
});

describe('computeTotals, VAT regimes', () => {
  const lines = [product(3, '19.99', '5.5'), product(1, 100, 20)];

  it('reverse charge: no VAT, category AE, "Autoliquidation"', () => {
    const totals = computeTotals({ lines, vatReverseCharge: true, shippingAmount: 10, shippingVatRate: 20 });
    expect(figures(totals)).toEqual({
      grossTaxExcludedAmount: '159.97',
      globalDiscountAmount: '0.00',
      shippingAmount: '10.00',
      taxExcludedAmount: '169.97',
      taxAmount: '0.00',
      taxIncludedAmount: '169.97',
    });
    expect(totals.vats).toEqual([
      {
        category: 'AE',
        rate: '0',
        taxableAmount: '169.97',
        vatAmount: '0.00',
        taxIncludedAmount: '169.97',
        exemptionReason: REVERSE_CHARGE_NOTE,
        exemptionReasonCode: 'VATEX-EU-AE',
      },
    ]);
    expect(totals.lines.map((l) => [l.vatCategory, l.vatRate])).toEqual([
      ['AE', '0'],
      ['AE', '0'],
    ]);
    expect(totals.vatNote).toBe('Autoliquidation');
    expectReconciles(totals);
  });

  it('seller not liable to VAT (art. 293 B): no VAT, category E with the legal mention', () => {
    const totals = computeTotals({ lines, sellerLiableToVat: false });
    expect(totals.taxAmount).toBe('0.00');
    expect(totals.taxIncludedAmount).toBe('159.97');
    expect(totals.vats).toEqual([
      {
        category: 'E',
        rate: '0',
        taxableAmount: '159.97',
        vatAmount: '0.00',
        taxIncludedAmount: '159.97',
        exemptionReason: 'TVA non applicable, art. 293 B du CGI',
        exemptionReasonCode: 'VATEX-FR-FRANCHISE',
      },
    ]);
    expect(totals.vatNote).toBe(NOT_LIABLE_NOTE);
  });

  it('a seller not liable to VAT with tax-included prices bills the entered prices', () => {
    const totals = computeTotals({ lines: [ttcProduct(3, '19.99', '5.5')], sellerLiableToVat: false, useTaxIncludedPrices: true });
    expect([totals.taxExcludedAmount, totals.taxAmount, totals.taxIncludedAmount]).toEqual(['59.97', '0.00', '59.97']);
  });

  it('reverse charge takes precedence over non-liability', () => {
    const totals = computeTotals({ lines, sellerLiableToVat: false, vatReverseCharge: true });
    expect(totals.vats.map((v) => v.category)).toEqual(['AE']);
    expect(totals.vatNote).toBe('Autoliquidation');
  });

  it('a liable seller has no VAT note; explicit categories K and G carry their exemption', () => {
    const totals = computeTotals({
      lines: [product(1, 10, 0, { vatCategory: 'K' }), product(1, 20, 0, { vatCategory: 'G' }), product(1, 5, 0)],
    });
    expect(totals.vatNote).toBeNull();
    expect(totals.vats.map((v) => [v.category, v.exemptionReasonCode])).toEqual([
      ['Z', null],
      ['K', 'VATEX-EU-IC'],
      ['G', 'VATEX-EU-G'],
    ]);
  });
});

describe('computeTotals, invalid input names the field', () => {
  const cases: { name: string; input: TotalsInput; field: string }[] = [
    {
      name: 'missing VAT rate on a priced line',
      input: { lines: [{ type: 'Product', quantity: 1, taxExcludedPrice: 10 }] },
      field: 'lines[0].vat.rate',
    },
    { name: 'negative VAT rate', input: { lines: [product(1, 10, -5)] }, field: 'lines[0].vat.rate' },
    { name: 'category S at 0 %', input: { lines: [product(1, 10, 0, { vatCategory: 'S' })] }, field: 'lines[0].vat.rate' },
    { name: 'category E at 20 %', input: { lines: [product(1, 10, 20, { vatCategory: 'E' })] }, field: 'lines[0].vat.rate' },
    {
      name: 'percent discount over 100',
      input: { lines: [product(1, 10, 20, { discount: { type: 'Percent', value: 101 } })] },
      field: 'lines[0].discount.value',
    },
    {
      name: 'negative fixed discount',
      input: { lines: [product(1, 10, 20, { discount: { type: 'Fixed', value: -1 } })] },
      field: 'lines[0].discount.value',
    },
    {
      name: 'fixed discount above the line',
      input: { lines: [product(1, 10, 20), product(3, 10, 20, { discount: { type: 'Fixed', value: '30.01' } })] },
      field: 'lines[1].discount.value',
    },
    {
      name: 'global fixed discount above the gross',
      input: { lines: [product(1, 10, 20)], globalDiscount: { type: 'Fixed', value: 11 } },
      field: 'globalDiscount.value',
    },
    { name: 'malformed quantity', input: { lines: [product('1,5', 10, 20)] }, field: 'lines[0].quantity' },
    { name: 'shipping without a VAT rate', input: { lines: [], shippingAmount: 5 }, field: 'shippingVat.rate' },
    { name: 'negative shipping', input: { lines: [], shippingAmount: -5, shippingVatRate: 20 }, field: 'shippingAmount' },
  ];
  it.each(cases)('$name -> $field', ({ input, field }) => {
    let caught: unknown;
    try {
      computeTotals(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DomainValidationError);
    expect((caught as DomainValidationError).field).toBe(field);
  });
});
