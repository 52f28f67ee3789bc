// Deposits (acomptes) asked on a quote: how much a deposit invoice is for, and how that amount is
// split over the quote's VAT rates so that the VAT due on the deposit (art. 269, 2-a and c du CGI:
// VAT is due when a deposit is received) is the quote's own VAT mix. Pure; the arithmetic is written
// down in docs/quotes.md.
//
// The deposit is an amount including tax. A percentage is taken of the quote's total including tax
// and rounded half-up to the cent; a fixed amount is taken as given. It is then split over the VAT
// groups of the quote in proportion to each group's amount including tax, by largest remainder, so
// the parts add up to the deposit exactly. The deposit invoice prices each part tax included: its
// VAT per group is round2(part × rate / (100 + rate)) and its total is the deposit to the cent.
import Big from 'big.js';
import { DomainValidationError } from './errors.js';
import { allocateProportionally, formatFixed, round2, toDecimal, ZERO, type DecimalInput } from './money.js';
import type { VatCategory } from './totals.js';

export interface DepositRequest {
  type: 'Percent' | 'Fixed';
  value: DecimalInput;
}

export interface VatGroupAmount {
  category: VatCategory;
  rate: string;
  taxIncludedAmount: string;
}

export interface DepositPart {
  category: VatCategory;
  rate: string;
  /** This group's share of the deposit, tax included, 2 decimals. */
  taxIncludedAmount: string;
}

/**
 * The amount (tax included) of a new deposit on a quote whose total is `quoteTotal`, of which
 * `alreadyAsked` is already covered by earlier deposit invoices. Throws when the request is not
 * a positive amount or would take the deposits beyond the quote's total.
 */
export function depositAmount(quoteTotal: DecimalInput, alreadyAsked: DecimalInput, request: DepositRequest): Big {
  const total = toDecimal(quoteTotal);
  const value = toDecimal(request.value, 'value');
  let amount: Big;
  if (request.type === 'Percent') {
    if (value.lte(0) || value.gt(100)) throw new DomainValidationError('value', 'a deposit percentage is greater than 0 and at most 100');
    amount = round2(total.times(value).div(100));
  } else {
    if (value.lte(0)) throw new DomainValidationError('value', 'a deposit amount is greater than 0');
    if (!round2(value).eq(value)) throw new DomainValidationError('value', 'a deposit amount has at most 2 decimals');
    amount = value;
  }
  if (amount.lte(0)) throw new DomainValidationError('value', `the deposit rounds to ${formatFixed(amount)}: ask for more`);
  const remaining = total.minus(toDecimal(alreadyAsked));
  if (amount.gt(remaining)) {
    throw new DomainValidationError(
      'value',
      `the deposit (${formatFixed(amount)}) exceeds what the earlier deposits leave of the quote's total: ${formatFixed(remaining.lt(0) ? ZERO : remaining)} of ${formatFixed(total)}`,
    );
  }
  return amount;
}

/** `amount` split over the VAT groups in proportion to their amounts including tax; parts sum to `amount` exactly. */
export function splitDeposit(amount: DecimalInput, groups: readonly VatGroupAmount[]): DepositPart[] {
  const weighted = groups.filter((g) => !toDecimal(g.taxIncludedAmount).eq(0));
  if (weighted.length === 0) throw new DomainValidationError('value', 'the quote has no amount to take a deposit on');
  const parts = allocateProportionally(
    amount,
    weighted.map((g) => g.taxIncludedAmount),
  );
  return weighted
    .map((g, i) => ({ category: g.category, rate: g.rate, taxIncludedAmount: formatFixed(parts[i]) }))
    .filter((p) => !new Big(p.taxIncludedAmount).eq(0));
}
