// Totals of a sale document (invoice or credit note): line amounts, document-level allowances
// (global discount) and charges (shipping) split per VAT category and rate, the VAT breakdown and
// the document totals. Every figure reconciles exactly as EN 16931 requires (BR-CO-10, -13, -14,
// -15 and the per-category BR-x-08 rules), so the JSON, the PDF and the Factur-X XML agree.
// The rules and their reasons are written down in docs/invoicing-rules.md.

import Big from 'big.js';
import { DomainValidationError } from './errors.js';
import {
  HUNDRED,
  ZERO,
  allocateProportionally,
  formatFixed,
  formatPlain,
  round2,
  roundHalfUp,
  sign,
  sum,
  toDecimal,
  toDecimalOr,
  type DecimalInput,
} from './money.js';

export type LineType = 'Empty' | 'Product' | 'Service' | 'Subtotal' | 'Text' | 'NewPage';
export type DiscountType = 'Percent' | 'Fixed';
/** UNTDID 5305 VAT category codes used by EN 16931. */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';

export interface DiscountInput {
  type: DiscountType;
  /** Percent: 0..100. Fixed: a non-negative amount, in the document's pricing basis (HT or TTC). */
  value: DecimalInput;
}

export interface TotalsLineInput {
  type: LineType;
  /** Defaults to 1. May be negative (returned goods, corrections). */
  quantity?: DecimalInput | null;
  /** Unit price excluding tax; the price used unless `useTaxIncludedPrices`. */
  taxExcludedPrice?: DecimalInput | null;
  /** Unit price including tax; the price used when `useTaxIncludedPrices`. */
  taxIncludedPrice?: DecimalInput | null;
  /** Line discount, applied to round2(quantity × price). */
  discount?: DiscountInput | null;
  /** VAT rate in percent ("20", 5.5). Required on priced lines unless reverse charge / not liable. */
  vatRate?: DecimalInput | null;
  /** Defaults to S for a rate > 0 and Z for a rate of 0. */
  vatCategory?: VatCategory | null;
  /** Unit purchase cost excluding tax, for margins. */
  purchasePrice?: DecimalInput | null;
}

export interface TotalsInput {
  lines: readonly TotalsLineInput[];
  globalDiscount?: DiscountInput | null;
  /** Shipping charge, in the document's pricing basis (tax included when `useTaxIncludedPrices`). */
  shippingAmount?: DecimalInput | null;
  /** Required when shippingAmount is not zero (unless reverse charge / not liable). */
  shippingVatRate?: DecimalInput | null;
  shippingVatCategory?: VatCategory | null;
  useTaxIncludedPrices?: boolean;
  vatReverseCharge?: boolean;
  /** Defaults to true. False for a seller under the franchise en base (art. 293 B du CGI). */
  sellerLiableToVat?: boolean;
}

export interface SubtotalAmounts {
  taxExcludedAmount: string;
  taxIncludedAmount: string;
}

export interface LineTotals {
  type: LineType;
  /** True for Product and Service lines: the only lines that carry amounts. */
  priced: boolean;
  quantity: string | null;
  vatCategory: VatCategory | null;
  vatRate: string | null;
  /** Net-of-tax unit price (BT-146 before line discount); derived to 4 decimals under tax-included pricing. */
  taxExcludedUnitPrice: string | null;
  /** round2(quantity × price), in the pricing basis (HT, or TTC under tax-included pricing). */
  grossAmount: string | null;
  /** Line discount, in the pricing basis. */
  discountAmount: string | null;
  /** Line net amount excluding tax (BT-131). */
  taxExcludedAmount: string | null;
  taxIncludedAmount: string | null;
  /** round2(quantity × purchasePrice); 0 when no purchase price is known. */
  purchaseAmount: string | null;
  marginAmount: string | null;
  /** Margin over purchase cost, in percent ("taux de marge"); null when the cost is zero. */
  marginRate: string | null;
  /** Subtotal lines only: sums of the priced lines since the previous Subtotal (or the start). */
  subtotal: SubtotalAmounts | null;
}

export interface VatBreakdownTotals {
  category: VatCategory;
  rate: string;
  /** BT-116: line nets at this rate − allowances + charges at this rate. */
  taxableAmount: string;
  /** BT-117. */
  vatAmount: string;
  taxIncludedAmount: string;
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

export interface AllowanceChargeTotals {
  isCharge: boolean;
  reason: 'Remise globale' | 'Frais de port';
  /** UNTDID 5189 (allowances: 95 discount) or 7161 (charges: FC freight). */
  reasonCode: '95' | 'FC';
  category: VatCategory;
  rate: string;
  /** Amount excluding tax (BT-92 / BT-99). */
  amount: string;
  taxIncludedAmount: string;
  /** Allowances: the sum of line nets at this rate the discount was allocated on. */
  baseAmount: string | null;
}

export interface DocumentTotals {
  lines: LineTotals[];
  /** BT-106: sum of line net amounts. */
  grossTaxExcludedAmount: string;
  /** BT-107: the global discount, excluding tax. */
  globalDiscountAmount: string;
  /** The global discount percent when it is a Percent discount. */
  globalDiscountPercent: string | null;
  /** BT-108: the shipping charge, excluding tax. */
  shippingAmount: string;
  /** BT-109. */
  taxExcludedAmount: string;
  /** BT-110. */
  taxAmount: string;
  /** BT-112. */
  taxIncludedAmount: string;
  vats: VatBreakdownTotals[];
  /** One per VAT category and rate with a non-zero part, allowances then charges. */
  allowancesCharges: AllowanceChargeTotals[];
  purchaseAmount: string;
  /** (gross − global discount) − purchase amount; shipping is not counted. */
  marginAmount: string;
  marginRate: string | null;
  /** Mention to print, or null. */
  vatNote: string | null;
}

export const REVERSE_CHARGE_NOTE = 'Autoliquidation';
export const NOT_LIABLE_NOTE = 'TVA non applicable, art. 293 B du CGI';

const EXEMPTION: Partial<Record<VatCategory, { reason: string; code: string }>> = {
  AE: { reason: REVERSE_CHARGE_NOTE, code: 'VATEX-EU-AE' },
  K: { reason: 'Exonération de TVA, article 262 ter I du CGI', code: 'VATEX-EU-IC' },
  G: { reason: 'Exonération de TVA, article 262 I du CGI', code: 'VATEX-EU-G' },
  O: { reason: 'Opération non soumise à la TVA', code: 'VATEX-EU-O' },
};
const NOT_LIABLE_EXEMPTION = { reason: NOT_LIABLE_NOTE, code: 'VATEX-FR-FRANCHISE' };

const CATEGORY_ORDER: readonly VatCategory[] = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'];
const ZERO_RATE_CATEGORIES: ReadonlySet<VatCategory> = new Set(['Z', 'E', 'AE', 'K', 'G', 'O']);
const PRICED: ReadonlySet<LineType> = new Set(['Product', 'Service']);

interface VatTreatment {
  category: VatCategory;
  rate: Big;
}

interface Component {
  /** Amount in the pricing basis (HT, or TTC under tax-included pricing). */
  basis: Big;
  /** Net amount excluding tax, filled per group. */
  net: Big;
}

interface Group extends VatTreatment {
  key: string;
  lines: Component[];
  allowance: Component;
  charge: Component;
  taxable: Big;
  vat: Big;
}

interface PricedLine extends Component {
  treatment: VatTreatment;
  quantity: Big;
  unitPrice: Big | null;
  gross: Big;
  discount: Big;
  purchase: Big;
}

function resolveTreatment(
  input: TotalsInput,
  rate: DecimalInput | null | undefined,
  category: VatCategory | null | undefined,
  field: string,
): VatTreatment {
  if (input.vatReverseCharge) return { category: 'AE', rate: ZERO };
  if (input.sellerLiableToVat === false) return { category: 'E', rate: ZERO };
  if (rate === null || rate === undefined) throw new DomainValidationError(`${field}.rate`, `${field}.rate is required.`);
  const value = toDecimal(rate, `${field}.rate`);
  if (value.lt(0) || value.gte(100)) {
    throw new DomainValidationError(`${field}.rate`, `${field}.rate must be between 0 and 100.`);
  }
  const resolved = category ?? (value.gt(0) ? 'S' : 'Z');
  if (!CATEGORY_ORDER.includes(resolved)) {
    throw new DomainValidationError(`${field}.category`, `${field}.category "${String(resolved)}" is not a VAT category.`);
  }
  if (resolved === 'S' && value.eq(0)) {
    throw new DomainValidationError(`${field}.rate`, `${field}.rate must be greater than 0 for the standard category S.`);
  }
  if (ZERO_RATE_CATEGORIES.has(resolved) && !value.eq(0)) {
    throw new DomainValidationError(`${field}.rate`, `${field}.rate must be 0 for VAT category ${resolved}.`);
  }
  return { category: resolved, rate: value };
}

/** Discount amount with the sign of `gross`, never larger than it: a discount moves an amount toward zero. */
function discountAmount(gross: Big, discount: DiscountInput | null | undefined, field: string): Big {
  if (!discount) return ZERO;
  const value = toDecimal(discount.value, `${field}.value`);
  if (discount.type === 'Percent') {
    if (value.lt(0) || value.gt(100)) {
      throw new DomainValidationError(`${field}.value`, `${field}.value must be a percentage between 0 and 100.`);
    }
    return round2(gross.times(value).div(100));
  }
  if (discount.type === 'Fixed') {
    if (value.lt(0)) throw new DomainValidationError(`${field}.value`, `${field}.value must not be negative.`);
    const amount = round2(value);
    if (amount.gt(gross.abs())) {
      throw new DomainValidationError(
        `${field}.value`,
        `${field}.value (${formatFixed(amount)}) exceeds the amount it applies to (${formatFixed(gross.abs())}).`,
      );
    }
    return sign(gross) < 0 ? amount.times(-1) : amount;
  }
  throw new DomainValidationError(`${field}.type`, `${field}.type must be Percent or Fixed.`);
}

function groupKey(t: VatTreatment): string {
  return `${t.category}|${formatPlain(t.rate)}`;
}

function newComponent(basis: Big = ZERO): Component {
  return { basis, net: ZERO };
}

function priceLine(input: TotalsInput, line: TotalsLineInput, index: number): PricedLine {
  const field = `lines[${index}]`;
  const treatment = resolveTreatment(input, line.vatRate, line.vatCategory, `${field}.vat`);
  const quantity = toDecimalOr(line.quantity, new Big(1), `${field}.quantity`);
  const taxIncluded = input.useTaxIncludedPrices === true;
  const price = unitPrice(line, treatment.rate, taxIncluded, field);
  const gross = round2(quantity.times(price));
  const discount = discountAmount(gross, line.discount, `${field}.discount`);
  const purchasePrice = toDecimalOr(line.purchasePrice, ZERO, `${field}.purchasePrice`);
  const unitPriceHt = taxIncluded ? roundHalfUp(price.times(100).div(HUNDRED.plus(treatment.rate)), 4) : price;
  return {
    treatment,
    quantity,
    unitPrice: unitPriceHt,
    gross,
    discount,
    basis: round2(gross.minus(discount)),
    net: ZERO,
    purchase: round2(quantity.times(purchasePrice)),
  };
}

/**
 * The unit price in the pricing basis. When only the other price is given it is converted at the
 * line's rate (to 4 decimals); when neither is given the price is 0 (an unfinished draft line).
 */
function unitPrice(line: TotalsLineInput, rate: Big, taxIncluded: boolean, field: string): Big {
  const ht = line.taxExcludedPrice;
  const ttc = line.taxIncludedPrice;
  const factor = HUNDRED.plus(rate);
  if (taxIncluded) {
    if (ttc !== null && ttc !== undefined) return toDecimal(ttc, `${field}.taxIncludedPrice`);
    if (ht !== null && ht !== undefined) return roundHalfUp(toDecimal(ht, `${field}.taxExcludedPrice`).times(factor).div(100), 4);
    return ZERO;
  }
  if (ht !== null && ht !== undefined) return toDecimal(ht, `${field}.taxExcludedPrice`);
  if (ttc !== null && ttc !== undefined) return roundHalfUp(toDecimal(ttc, `${field}.taxIncludedPrice`).times(100).div(factor), 4);
  return ZERO;
}

function compareGroups(a: Group, b: Group): number {
  return b.rate.cmp(a.rate) || CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category);
}

/** Excluding-tax amount of a tax-included amount at `rate`, rounded to the cent. */
function netOf(taxIncluded: Big, rate: Big): Big {
  return round2(taxIncluded.times(100).div(HUNDRED.plus(rate)));
}

/**
 * Tax-included pricing: VAT is taken out of the group's tax-included total, then each line,
 * allowance and charge gets its own excluding-tax amount, and the cent left over by rounding goes
 * to the component with the largest tax-included amount (lines first, in order) so that the parts
 * add up exactly to the group's taxable amount.
 */
function settleTaxIncludedGroup(group: Group): void {
  const ttc = sum(group.lines.map((l) => l.basis))
    .minus(group.allowance.basis)
    .plus(group.charge.basis);
  group.vat = round2(ttc.times(group.rate).div(HUNDRED.plus(group.rate)));
  group.taxable = ttc.minus(group.vat);
  for (const line of group.lines) line.net = netOf(line.basis, group.rate);
  group.allowance.net = netOf(group.allowance.basis, group.rate);
  group.charge.net = netOf(group.charge.basis, group.rate);
  const derived = sum(group.lines.map((l) => l.net))
    .minus(group.allowance.net)
    .plus(group.charge.net);
  const remainder = group.taxable.minus(derived);
  if (remainder.eq(0)) return;
  const candidates: { component: Component; direction: 1 | -1 }[] = [
    ...group.lines.map((component) => ({ component, direction: 1 as const })),
    { component: group.charge, direction: 1 },
    { component: group.allowance, direction: -1 },
  ];
  let target = candidates[0];
  for (const candidate of candidates) {
    if (candidate.component.basis.abs().gt(target.component.basis.abs())) target = candidate;
  }
  target.component.net = target.component.net.plus(target.direction === 1 ? remainder : remainder.times(-1));
}

function settleTaxExcludedGroup(group: Group): void {
  for (const line of group.lines) line.net = line.basis;
  group.allowance.net = group.allowance.basis;
  group.charge.net = group.charge.basis;
  group.taxable = sum(group.lines.map((l) => l.net))
    .minus(group.allowance.net)
    .plus(group.charge.net);
  group.vat = round2(group.taxable.times(group.rate).div(100));
}

function ratio(numerator: Big, denominator: Big): string | null {
  return denominator.eq(0) ? null : formatFixed(numerator.times(100).div(denominator));
}

function taxIncludedOf(net: Big, rate: Big): Big {
  return round2(net.times(HUNDRED.plus(rate)).div(100));
}

/** Computes every amount of a sale document. Throws DomainValidationError on invalid input. */
export function computeTotals(input: TotalsInput): DocumentTotals {
  const taxIncludedPricing = input.useTaxIncludedPrices === true;
  const groups = new Map<string, Group>();
  const groupOf = (treatment: VatTreatment): Group => {
    const key = groupKey(treatment);
    let group = groups.get(key);
    if (!group) {
      group = { ...treatment, key, lines: [], allowance: newComponent(), charge: newComponent(), taxable: ZERO, vat: ZERO };
      groups.set(key, group);
    }
    return group;
  };

  const priced = input.lines.map((line, index) => {
    if (!PRICED.has(line.type)) return null;
    const pricedLine = priceLine(input, line, index);
    groupOf(pricedLine.treatment).lines.push(pricedLine);
    return pricedLine;
  });

  const basisTotal = sum(priced.flatMap((l) => (l ? [l.basis] : [])));
  const discountTotal = discountAmount(basisTotal, input.globalDiscount, 'globalDiscount');
  if (!discountTotal.eq(0)) {
    const lineGroups = [...groups.values()];
    const parts = allocateProportionally(
      discountTotal,
      lineGroups.map((g) => sum(g.lines.map((l) => l.basis))),
    );
    lineGroups.forEach((group, i) => {
      group.allowance = newComponent(parts[i]);
    });
  }

  const shipping = toDecimalOr(input.shippingAmount, ZERO, 'shippingAmount');
  if (shipping.lt(0)) throw new DomainValidationError('shippingAmount', 'shippingAmount must not be negative.');
  if (!shipping.eq(0)) {
    const treatment = resolveTreatment(input, input.shippingVatRate, input.shippingVatCategory, 'shippingVat');
    groupOf(treatment).charge = newComponent(round2(shipping));
  }

  const ordered = [...groups.values()].sort(compareGroups);
  for (const group of ordered) {
    if (taxIncludedPricing) settleTaxIncludedGroup(group);
    else settleTaxExcludedGroup(group);
  }

  const lines: LineTotals[] = [];
  let runningNet = ZERO;
  let runningTtc = ZERO;
  input.lines.forEach((line, index) => {
    const p = priced[index];
    if (p) {
      const ttc = taxIncludedPricing ? p.basis : taxIncludedOf(p.net, p.treatment.rate);
      runningNet = runningNet.plus(p.net);
      runningTtc = runningTtc.plus(ttc);
      const margin = p.net.minus(p.purchase);
      lines.push({
        type: line.type,
        priced: true,
        quantity: formatPlain(p.quantity),
        vatCategory: p.treatment.category,
        vatRate: formatPlain(p.treatment.rate),
        taxExcludedUnitPrice: p.unitPrice ? formatPlain(p.unitPrice) : null,
        grossAmount: formatFixed(p.gross),
        discountAmount: formatFixed(p.discount),
        taxExcludedAmount: formatFixed(p.net),
        taxIncludedAmount: formatFixed(ttc),
        purchaseAmount: formatFixed(p.purchase),
        marginAmount: formatFixed(margin),
        marginRate: ratio(margin, p.purchase),
        subtotal: null,
      });
      return;
    }
    let subtotal: SubtotalAmounts | null = null;
    if (line.type === 'Subtotal') {
      subtotal = { taxExcludedAmount: formatFixed(runningNet), taxIncludedAmount: formatFixed(runningTtc) };
      runningNet = ZERO;
      runningTtc = ZERO;
    }
    lines.push({
      type: line.type,
      priced: false,
      quantity: null,
      vatCategory: null,
      vatRate: null,
      taxExcludedUnitPrice: null,
      grossAmount: null,
      discountAmount: null,
      taxExcludedAmount: null,
      taxIncludedAmount: null,
      purchaseAmount: null,
      marginAmount: null,
      marginRate: null,
      subtotal,
    });
  });

  const gross = sum(ordered.flatMap((g) => g.lines.map((l) => l.net)));
  const allowances = sum(ordered.map((g) => g.allowance.net));
  const charges = sum(ordered.map((g) => g.charge.net));
  const taxExcluded = gross.minus(allowances).plus(charges);
  const tax = sum(ordered.map((g) => g.vat));
  const purchase = sum(priced.flatMap((l) => (l ? [l.purchase] : [])));
  const margin = gross.minus(allowances).minus(purchase);

  const allowancesCharges: AllowanceChargeTotals[] = [
    ...ordered
      .filter((g) => !g.allowance.net.eq(0) || !g.allowance.basis.eq(0))
      .map((g): AllowanceChargeTotals => ({
        isCharge: false,
        reason: 'Remise globale',
        reasonCode: '95',
        category: g.category,
        rate: formatPlain(g.rate),
        amount: formatFixed(g.allowance.net),
        taxIncludedAmount: formatFixed(taxIncludedPricing ? g.allowance.basis : taxIncludedOf(g.allowance.net, g.rate)),
        baseAmount: formatFixed(sum(g.lines.map((l) => l.net))),
      })),
    ...ordered
      .filter((g) => !g.charge.basis.eq(0))
      .map((g): AllowanceChargeTotals => ({
        isCharge: true,
        reason: 'Frais de port',
        reasonCode: 'FC',
        category: g.category,
        rate: formatPlain(g.rate),
        amount: formatFixed(g.charge.net),
        taxIncludedAmount: formatFixed(taxIncludedPricing ? g.charge.basis : taxIncludedOf(g.charge.net, g.rate)),
        baseAmount: null,
      })),
  ];

  const notLiable = !input.vatReverseCharge && input.sellerLiableToVat === false;
  return {
    lines,
    grossTaxExcludedAmount: formatFixed(gross),
    globalDiscountAmount: formatFixed(allowances),
    globalDiscountPercent: input.globalDiscount?.type === 'Percent' ? formatPlain(toDecimal(input.globalDiscount.value)) : null,
    shippingAmount: formatFixed(charges),
    taxExcludedAmount: formatFixed(taxExcluded),
    taxAmount: formatFixed(tax),
    taxIncludedAmount: formatFixed(taxExcluded.plus(tax)),
    vats: ordered.map((g) => {
      const exemption = notLiable && g.category === 'E' ? NOT_LIABLE_EXEMPTION : EXEMPTION[g.category];
      return {
        category: g.category,
        rate: formatPlain(g.rate),
        taxableAmount: formatFixed(g.taxable),
        vatAmount: formatFixed(g.vat),
        taxIncludedAmount: formatFixed(g.taxable.plus(g.vat)),
        exemptionReason: exemption?.reason ?? null,
        exemptionReasonCode: exemption?.code ?? null,
      };
    }),
    allowancesCharges,
    purchaseAmount: formatFixed(purchase),
    marginAmount: formatFixed(margin),
    marginRate: ratio(margin, purchase),
    vatNote: input.vatReverseCharge ? REVERSE_CHARGE_NOTE : notLiable ? NOT_LIABLE_NOTE : null,
  };
}
