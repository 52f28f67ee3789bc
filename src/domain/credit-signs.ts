// A credit note's lines are the amounts credited, written positive (EN 16931: a credit note, type
// 381, carries positive amounts). Some clients write a refund the way their shop records it: the
// WooCommerce plugin's refund credits carry negative quantities, and negative fee and shipping
// totals. A credit whose priced lines are all negative is such a refund written with signs: it is
// read as the amounts credited, with its signs turned (docs/sales.md, "Refunds written with signs").
// A credit that mixes signs is left as written; finalization refuses it if its total is below zero.

export interface SignedLine {
  type?: string | null;
  quantity?: number | null;
  taxExcludedPrice?: number | null;
  taxIncludedPrice?: number | null;
  discount?: { type?: string | null; value?: number | null } | null;
}

export interface SignedDocument<L extends SignedLine> {
  lines?: L[] | null;
  shippingAmount?: number | null;
}

const isPriced = (line: SignedLine): boolean =>
  line.type === 'Product' ||
  line.type === 'Service' ||
  (line.type == null && (line.taxExcludedPrice != null || line.taxIncludedPrice != null));

const isNumberOrAbsent = (value: unknown): value is number | null | undefined =>
  value == null || (typeof value === 'number' && Number.isFinite(value));

/**
 * The sign of a priced line's gross amount (quantity × price), or null when it cannot be told: the
 * price is not given, or a value is not a number (validation then says what is wrong, as written).
 */
function signOf(line: SignedLine): number | null {
  if (![line.quantity, line.taxExcludedPrice, line.taxIncludedPrice, line.discount?.value].every(isNumberOrAbsent)) return null;
  const price = line.taxExcludedPrice ?? line.taxIncludedPrice;
  if (price == null) return null;
  return Math.sign((line.quantity ?? 1) * price);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A document whose shape can be read here (anything else is left to validation). */
function readable(doc: unknown): doc is SignedDocument<SignedLine> {
  if (!isObject(doc) || !Array.isArray(doc.lines) || !isNumberOrAbsent(doc.shippingAmount)) return false;
  return doc.lines.every((line) => isObject(line) && (line.discount == null || isObject(line.discount)));
}

const negate = (value: number | null | undefined) => (value == null || value === 0 ? value : -value);

/**
 * The document with its signs turned when every priced line is negative (and the shipping, if any,
 * is not positive); null when it is not a refund written with signs. Quantities turn where they are
 * negative, prices where the quantity is not; a negative fixed discount turns with its line.
 */
export function turnRefundSigns<L extends SignedLine, D extends SignedDocument<L>>(doc: D): D | null {
  if (!readable(doc)) return null;
  const priced = (doc.lines ?? []).filter(isPriced);
  const signs = priced.map(signOf);
  if (!signs.includes(-1) || signs.some((s) => s === null || s > 0)) return null;
  if ((doc.shippingAmount ?? 0) > 0) return null;
  const lines = (doc.lines ?? []).map((line) => {
    if (!isPriced(line) || signOf(line) !== -1) return line;
    const quantityNegative = (line.quantity ?? 1) < 0;
    const discount =
      line.discount && line.discount.type === 'Fixed' && (line.discount.value ?? 0) < 0
        ? { ...line.discount, value: negate(line.discount.value) }
        : line.discount;
    return quantityNegative
      ? { ...line, quantity: negate(line.quantity), discount }
      : { ...line, taxExcludedPrice: negate(line.taxExcludedPrice), taxIncludedPrice: negate(line.taxIncludedPrice), discount };
  });
  return { ...doc, lines, ...(doc.shippingAmount != null ? { shippingAmount: negate(doc.shippingAmount) } : {}) };
}

/** What the answer says when it turned the signs (the `x-facturier-notice` header). */
export const TURNED_SIGNS_NOTICE =
  'Every priced line of this credit was negative: it was read as a refund written with signs, and stored as the amounts credited (signs turned).';
