// The pure parts of what a period reports: a payment split by VAT rate on what was settled before it,
// and a purchase's billing framework.
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { instalmentByRate, purchaseFramework, splitByRate } from '../../../src/modules/ereporting/build.js';
import { scenarios } from '../../fixtures/einvoicing/documents.js';

describe('instalmentByRate', () => {
  // 492.31 tax included: 360.00 at 20 %, 44.31 at 5.5 %, 88.00 at 10 %.
  const doc = scenarios.mixedRates;
  const shares = (before: string, amount: string) =>
    instalmentByRate(doc, new Big(before), new Big(amount)).map((s) => `${s.rate}:${s.amount.toFixed(2)}`);

  it('adds up, instalment after instalment, to the document’s amounts tax included per rate, to the cent', () => {
    const paid = ['100.00', '100.00', '100.00', '192.31'];
    const total = new Map<string, Big>();
    let before = new Big(0);
    for (const amount of paid) {
      for (const s of instalmentByRate(doc, before, new Big(amount))) total.set(s.rate, (total.get(s.rate) ?? new Big(0)).plus(s.amount));
      before = before.plus(amount);
    }
    expect([...total].map(([rate, a]) => `${rate}:${a.toFixed(2)}`)).toEqual(['20:360.00', '5.5:44.31', '10:88.00']);
  });

  it('is the plain split for a first payment, and each instalment sums to its amount', () => {
    expect(shares('0', '100.00')).toEqual(splitByRate(doc, new Big('100.00')).map((s) => `${s.rate}:${s.amount.toFixed(2)}`));
    const second = instalmentByRate(doc, new Big('100.00'), new Big('100.00'));
    expect(second.reduce((s, x) => s.plus(x.amount), new Big(0)).toFixed(2)).toBe('100.00');
  });
});

describe('purchaseFramework', () => {
  it('takes the file’s BT-23 when Flux 10 accepts it, else goods or services from the account, else M1', () => {
    expect(purchaseFramework('s2', '607')).toBe('S2');
    expect(purchaseFramework('B4', null)).toBe('B4');
    expect(purchaseFramework('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0', '607')).toBe('B1');
    expect(purchaseFramework(null, '6063')).toBe('B1');
    expect(purchaseFramework(null, '2183')).toBe('B1');
    expect(purchaseFramework(null, '6226')).toBe('S1');
    expect(purchaseFramework(null, '613')).toBe('S1');
    expect(purchaseFramework(null, '651')).toBe('S1');
    expect(purchaseFramework(null, '635')).toBe('M1');
    expect(purchaseFramework(null, null)).toBe('M1');
  });
});
