// EN 16931 VAT category rules (BR-S, BR-Z, BR-E, BR-AE, BR-IC, BR-G, BR-O), bound to CII as in the
// official schematron: one specification per category drives the ten (or more) rules of its family.
import Big from 'big.js';
import type { CheckContext, Rule } from '../types.js';
import type { XmlNode } from '../xml.js';
import {
  BREAKDOWN,
  BUYER,
  DELIVERY,
  LINES,
  LINE_NET,
  SELLER,
  SETTLEMENT,
  TAX_REP,
  ZERO,
  dec,
  documentAllowanceCharges,
  error,
  nearest,
  nonEmpty,
  round2,
  text,
} from './helpers.js';

type SellerId = 'VA_FC' | 'VA' | 'NONE_ALLOWED';
type BuyerId = 'ANY' | 'VA_OR_LEGAL' | 'VA';

interface CategorySpec {
  code: string;
  family: string;
  name: string;
  sellerId: SellerId;
  buyerId: BuyerId;
  rate: 'positive' | 'nonNegative' | 'zero' | 'absent';
  basis: 'perRate' | 'tolerance' | 'exact';
  exemption: 'forbidden' | 'required';
  breakdown: 'atLeastOne' | 'exactlyOne';
}

const SPECS: CategorySpec[] = [
  {
    code: 'S',
    family: 'BR-S',
    name: 'Standard rated',
    sellerId: 'VA_FC',
    buyerId: 'ANY',
    rate: 'positive',
    basis: 'perRate',
    exemption: 'forbidden',
    breakdown: 'atLeastOne',
  },
  // IGIC (Canary Islands) and IPSI (Ceuta and Melilla): structured as S in the official schematron, except
  // that BR-AF-09 and BR-AG-09 are `true()` there and BR-AF-08 and BR-AG-08 can never fail (their `every $rate in
  // ../ram:RateApplicablePercent` reads the rate of the settlement, which has none): those four are dropped below and an IPSI rate may be 0.
  {
    code: 'L',
    family: 'BR-AF',
    name: 'IGIC',
    sellerId: 'VA_FC',
    buyerId: 'ANY',
    rate: 'positive',
    basis: 'perRate',
    exemption: 'forbidden',
    breakdown: 'atLeastOne',
  },
  {
    code: 'M',
    family: 'BR-AG',
    name: 'IPSI',
    sellerId: 'VA_FC',
    buyerId: 'ANY',
    rate: 'nonNegative',
    basis: 'perRate',
    exemption: 'forbidden',
    breakdown: 'atLeastOne',
  },
  {
    code: 'Z',
    family: 'BR-Z',
    name: 'Zero rated',
    sellerId: 'VA_FC',
    buyerId: 'ANY',
    rate: 'zero',
    basis: 'tolerance',
    exemption: 'forbidden',
    breakdown: 'exactlyOne',
  },
  {
    code: 'E',
    family: 'BR-E',
    name: 'Exempt from VAT',
    sellerId: 'VA_FC',
    buyerId: 'ANY',
    rate: 'zero',
    basis: 'tolerance',
    exemption: 'required',
    breakdown: 'exactlyOne',
  },
  {
    code: 'AE',
    family: 'BR-AE',
    name: 'Reverse charge',
    sellerId: 'VA_FC',
    buyerId: 'VA_OR_LEGAL',
    rate: 'zero',
    basis: 'tolerance',
    exemption: 'required',
    breakdown: 'exactlyOne',
  },
  {
    code: 'K',
    family: 'BR-IC',
    name: 'Intra-community supply',
    sellerId: 'VA',
    buyerId: 'VA',
    rate: 'zero',
    basis: 'tolerance',
    exemption: 'required',
    breakdown: 'exactlyOne',
  },
  {
    code: 'G',
    family: 'BR-G',
    name: 'Export outside the EU',
    sellerId: 'VA',
    buyerId: 'ANY',
    rate: 'zero',
    basis: 'tolerance',
    exemption: 'required',
    breakdown: 'exactlyOne',
  },
  {
    code: 'O',
    family: 'BR-O',
    name: 'Not subject to VAT',
    sellerId: 'NONE_ALLOWED',
    buyerId: 'ANY',
    rate: 'absent',
    basis: 'exact',
    exemption: 'required',
    breakdown: 'exactlyOne',
  },
];

const VAT = "[ram:TypeCode='VAT']";
const LINE_TAXES = `${LINES}/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax${VAT}`;

/**
 * Groups VAT nodes by the string value of their ram:CategoryCode children, keeping document order:
 * the same node-sets as `…[ram:CategoryCode='${code}']` for every code at once (a node with several
 * category codes is in each of their groups, as the XPath predicate would have it).
 */
function byCategory(c: CheckContext, taxes: XmlNode[]): Map<string, XmlNode[]> {
  const groups = new Map<string, XmlNode[]>();
  for (const tax of taxes) {
    const seen = new Set<string>();
    for (const cat of c.x.nodes('ram:CategoryCode', tax)) {
      const code = cat.textContent;
      if (seen.has(code)) continue;
      seen.add(code);
      const group = groups.get(code);
      if (group) group.push(tax);
      else groups.set(code, [tax]);
    }
  }
  return groups;
}

const NONE: XmlNode[] = [];
const lineTaxes = (c: CheckContext, code: string): XmlNode[] =>
  c.shared('vat:line-taxes', () => byCategory(c, c.x.nodes(LINE_TAXES))).get(code) ?? NONE;
const acTaxes = (c: CheckContext, code: string, charge: boolean): XmlNode[] =>
  c
    .shared(`vat:ac-taxes:${charge}`, () =>
      byCategory(
        c,
        documentAllowanceCharges(c, charge).flatMap((n) => c.x.nodes(`ram:CategoryTradeTax${VAT}`, n)),
      ),
    )
    .get(code) ?? NONE;
const breakdowns = (c: CheckContext, code: string) => c.x.nodes(`${BREAKDOWN}[ram:CategoryCode='${code}']`);

const hasSellerVat = (c: CheckContext) =>
  nonEmpty(c, `${SELLER}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`) ||
  nonEmpty(c, `${TAX_REP}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`);
const hasSellerVatOrFc = (c: CheckContext) =>
  hasSellerVat(c) || nonEmpty(c, `${SELLER}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='FC']`);
const hasBuyerVat = (c: CheckContext) => nonEmpty(c, `${BUYER}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`);

function partiesOk(spec: CategorySpec, c: CheckContext): boolean {
  const seller = spec.sellerId === 'VA' ? hasSellerVat(c) : spec.sellerId === 'VA_FC' ? hasSellerVatOrFc(c) : !hasSellerVat(c);
  const buyer =
    spec.buyerId === 'ANY'
      ? spec.sellerId !== 'NONE_ALLOWED' || !hasBuyerVat(c)
      : spec.buyerId === 'VA'
        ? hasBuyerVat(c)
        : hasBuyerVat(c) || nonEmpty(c, `${BUYER}/ram:SpecifiedLegalOrganization/ram:ID`);
  return seller && buyer;
}

function rateOk(spec: CategorySpec, taxNode: XmlNode, c: CheckContext): boolean {
  const raw = c.x.node('ram:RateApplicablePercent', taxNode);
  if (spec.rate === 'absent') return raw === null;
  const rate = raw ? dec(text(raw)) : null;
  if (rate === null) return false;
  return spec.rate === 'positive' ? rate.gt(0) : spec.rate === 'nonNegative' ? rate.gte(0) : rate.eq(0);
}

interface Amount {
  rate: Big | null;
  amount: Big;
}

/** The (VAT rate, amount) of each tax node of a group, read once per check. */
function amounts(c: CheckContext, key: string, taxes: XmlNode[], amountPath: string): Amount[] {
  return c.shared(key, () =>
    taxes.map((tax) => ({ rate: dec(c.x.str('ram:RateApplicablePercent', tax)), amount: dec(c.x.str(amountPath, tax)) ?? ZERO })),
  );
}

function sumAt(items: Amount[], rate: Big | null): Big {
  let sum = ZERO;
  for (const item of items) if (rate === null || (item.rate !== null && item.rate.eq(rate))) sum = sum.plus(item.amount);
  return sum;
}

/** Σ line net − Σ allowances + Σ charges of a category (and rate, when given), each sum rounded. */
function expectedBasis(c: CheckContext, code: string, rate: Big | null): Big {
  const lines = amounts(c, `vat:line-amounts:${code}`, lineTaxes(c, code), `../../${LINE_NET}`);
  const charges = amounts(c, `vat:ac-amounts:${code}:true`, acTaxes(c, code, true), '../ram:ActualAmount');
  const allowances = amounts(c, `vat:ac-amounts:${code}:false`, acTaxes(c, code, false), '../ram:ActualAmount');
  return round2(sumAt(lines, rate))
    .plus(round2(sumAt(charges, rate)))
    .minus(round2(sumAt(allowances, rate)));
}

function rulesFor(spec: CategorySpec): Rule[] {
  const { family, name, code } = spec;
  const id = (n: number) => `${family}-${String(n).padStart(2, '0')}`;
  const q = `"${name}"`;
  const partyText =
    spec.sellerId === 'NONE_ALLOWED'
      ? 'shall not contain the Seller VAT identifier (BT-31), the Seller tax representative VAT identifier (BT-63) or the Buyer VAT identifier (BT-48).'
      : spec.sellerId === 'VA'
        ? spec.buyerId === 'VA'
          ? 'shall contain the Seller VAT Identifier (BT-31) or the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48).'
          : 'shall contain the Seller VAT Identifier (BT-31) or the Seller tax representative VAT identifier (BT-63).'
        : spec.buyerId === 'VA_OR_LEGAL'
          ? 'shall contain the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63) and the Buyer VAT identifier (BT-48) and/or the Buyer legal registration identifier (BT-47).'
          : 'shall contain the Seller VAT Identifier (BT-31), the Seller tax registration identifier (BT-32) and/or the Seller tax representative VAT identifier (BT-63).';
  const rateText = (what: string, bt: string) =>
    spec.rate === 'absent'
      ? `shall not contain ${what} (${bt}).`
      : spec.rate === 'positive'
        ? `the ${what} (${bt}) shall be greater than zero.`
        : `the ${what} (${bt}) shall be 0 (zero).`;
  const partyCheck = (pick: (c: CheckContext) => XmlNode[]) => (c: CheckContext) => {
    const nodes = pick(c);
    return nodes.length > 0 && !partiesOk(spec, c) ? nodes : [];
  };
  const rateCheck = (pick: (c: CheckContext) => XmlNode[]) => (c: CheckContext) => pick(c).filter((n) => !rateOk(spec, n, c));

  const rules: Rule[] = [
    error(
      id(1),
      'BT-118',
      `An Invoice that contains an Invoice line (BG-25), a Document level allowance (BG-20) or a Document level charge (BG-21) where the VAT category code (BT-151, BT-95 or BT-102) is ${q} shall contain in the VAT breakdown (BG-23) ${spec.breakdown === 'atLeastOne' ? 'at least one' : 'exactly one'} VAT category code (BT-118) equal with ${q}.`,
      (c) => {
        // As the official tests count: S/L/M pair each kind of use with the breakdowns (a line and a
        // breakdown, or two lines, pass); O accepts a use without breakdown; the others want exactly one.
        const onLines = c.x.nodes(`//ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax[ram:CategoryCode='${code}']`).length;
        const onCharges = c.x.nodes(`//ram:CategoryTradeTax[ram:CategoryCode='${code}']`).length;
        const used = onLines + onCharges > 0;
        const count = breakdowns(c, code).length;
        const ok =
          spec.breakdown === 'atLeastOne'
            ? (onLines === 0 || onLines + count >= 2) && (onCharges === 0 || onCharges + count >= 2)
            : code === 'O'
              ? count === 0 || (count === 1 && used)
              : (!used && count === 0) || (used && count === 1);
        return ok ? [] : [nearest(c, `${BREAKDOWN}[ram:CategoryCode='${code}']`, SETTLEMENT)];
      },
    ),
    error(
      id(2),
      'BT-31',
      `An Invoice that contains an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is ${q} ${partyText}`,
      partyCheck((c) => lineTaxes(c, code)),
    ),
    error(
      id(3),
      'BT-31',
      `An Invoice that contains a Document level allowance (BG-20) where the Document level allowance VAT category code (BT-95) is ${q} ${partyText}`,
      partyCheck((c) => acTaxes(c, code, false)),
    ),
    error(
      id(4),
      'BT-31',
      `An Invoice that contains a Document level charge (BG-21) where the Document level charge VAT category code (BT-102) is ${q} ${partyText}`,
      partyCheck((c) => acTaxes(c, code, true)),
    ),
    error(
      id(5),
      'BT-152',
      `In an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is ${q} ${rateText('Invoiced item VAT rate', 'BT-152')}`,
      rateCheck((c) => lineTaxes(c, code)),
    ),
    error(
      id(6),
      'BT-96',
      `In a Document level allowance (BG-20) where the Document level allowance VAT category code (BT-95) is ${q} ${rateText('Document level allowance VAT rate', 'BT-96')}`,
      rateCheck((c) => acTaxes(c, code, false)),
    ),
    error(
      id(7),
      'BT-103',
      `In a Document level charge (BG-21) where the Document level charge VAT category code (BT-102) is ${q} ${rateText('Document level charge VAT rate', 'BT-103')}`,
      rateCheck((c) => acTaxes(c, code, true)),
    ),
    error(
      id(8),
      'BT-116',
      spec.basis === 'perRate'
        ? `For each different value of VAT category rate (BT-119) where the VAT category code (BT-118) is ${q}, the VAT category taxable amount (BT-116) in a VAT breakdown (BG-23) shall equal the sum of Invoice line net amounts (BT-131) plus the sum of document level charge amounts (BT-99) minus the sum of document level allowance amounts (BT-92) where the VAT category code (BT-151, BT-102, BT-95) is ${q} and the VAT rate (BT-152, BT-103, BT-96) equals the VAT category rate (BT-119).`
        : `In a VAT breakdown (BG-23) where the VAT category code (BT-118) is ${q} the VAT category taxable amount (BT-116) shall equal the sum of Invoice line net amounts (BT-131) minus the sum of Document level allowance amounts (BT-92) plus the sum of Document level charge amounts (BT-99) where the VAT category codes (BT-151, BT-95, BT-102) are ${q}.`,
      (c) =>
        breakdowns(c, code).filter((bd) => {
          // An absent amount compares false in the official test: the rule fails (for S, L and M only
          // when the breakdown has a rate, their test being `every $rate in …`).
          if (!c.x.exists('ram:BasisAmount', bd)) return spec.basis !== 'perRate' || c.x.exists('ram:RateApplicablePercent', bd);
          const basis = dec(c.x.str('ram:BasisAmount', bd));
          if (basis === null) return false;
          const rate = spec.basis === 'perRate' ? dec(c.x.str('ram:RateApplicablePercent', bd)) : null;
          const expected = expectedBasis(c, code, rate);
          // Same tolerance as the official schematron: strict equality for S and O, one unit otherwise.
          return spec.basis === 'tolerance' ? basis.minus(expected).abs().gte(1) : !basis.eq(expected);
        }),
    ),
    error(
      id(9),
      'BT-117',
      spec.rate === 'positive' || spec.rate === 'nonNegative'
        ? `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where VAT category code (BT-118) is ${q} shall equal the VAT category taxable amount (BT-116) multiplied by the VAT category rate (BT-119).`
        : `The VAT category tax amount (BT-117) in a VAT breakdown (BG-23) where the VAT category code (BT-118) is ${q} shall be 0 (zero).`,
      (c) =>
        breakdowns(c, code).filter((bd) => {
          if (!c.x.exists('ram:CalculatedAmount', bd)) return true;
          const calc = dec(c.x.str('ram:CalculatedAmount', bd));
          if (calc === null) return false;
          if (spec.rate !== 'positive' && spec.rate !== 'nonNegative') return !calc.eq(0);
          const basis = dec(c.x.str('ram:BasisAmount', bd)) ?? ZERO;
          const rate = dec(c.x.str('ram:RateApplicablePercent', bd)) ?? ZERO;
          const expected = round2(basis.abs().times(rate).div(100));
          return !(calc.abs().minus(1).lt(expected) && calc.abs().plus(1).gt(expected));
        }),
    ),
    error(
      id(10),
      'BT-120',
      spec.exemption === 'forbidden'
        ? `A VAT Breakdown (BG-23) with VAT Category code (BT-118) ${q} shall not have a VAT exemption reason code (BT-121) or VAT exemption reason text (BT-120).`
        : `A VAT Breakdown (BG-23) with VAT Category code (BT-118) ${q} shall have a VAT exemption reason code (BT-121) or a VAT exemption reason text (BT-120).`,
      (c) =>
        breakdowns(c, code).filter((bd) => {
          const has = c.x.exists('ram:ExemptionReason', bd) || c.x.exists('ram:ExemptionReasonCode', bd);
          return spec.exemption === 'forbidden' ? has : !has;
        }),
    ),
  ];
  if (code === 'K') {
    rules.push(
      error(
        id(11),
        'BT-72',
        'In an Invoice with a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" the Actual delivery date (BT-72) or the Invoicing period (BG-14) shall not be blank.',
        (c) =>
          breakdowns(c, code).filter(
            () =>
              !c.x.exists(`${DELIVERY}/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString`) &&
              !c.x.exists(`${SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:StartDateTime`) &&
              !c.x.exists(`${SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:EndDateTime`),
          ),
      ),
      error(
        id(12),
        'BT-80',
        'In an Invoice with a VAT breakdown (BG-23) where the VAT category code (BT-118) is "Intra-community supply" the Deliver to country code (BT-80) shall not be blank.',
        (c) => breakdowns(c, code).filter(() => !nonEmpty(c, `${DELIVERY}/ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID`)),
      ),
    );
  }
  if (code === 'O') {
    // As the official tests: 11 and 12 (same test) fail on each O breakdown when any ApplicableTradeTax (line
    // or breakdown) has another category; 13 and 14 (same test) when any CategoryTradeTax has one.
    const oBreakdowns = (c: CheckContext) =>
      breakdowns(c, 'O').filter((bd) => c.x.nodes('ram:TypeCode', bd).some((t) => t.textContent.toUpperCase() === 'VAT'));
    const anyOther = (c: CheckContext, path: string) =>
      c.x.nodes(path).some((n) => c.x.nodes('ram:CategoryCode', n).some((cat) => cat.textContent !== 'O'));
    const others = (path: string) => (c: CheckContext) => (anyOther(c, path) ? oBreakdowns(c) : []);
    rules.push(
      error(
        id(11),
        'BT-118',
        'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain other VAT breakdown groups (BG-23).',
        others('//ram:ApplicableTradeTax'),
      ),
      error(
        id(12),
        'BT-151',
        'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain an Invoice line (BG-25) where the Invoiced item VAT category code (BT-151) is not "Not subject to VAT".',
        others('//ram:ApplicableTradeTax'),
      ),
      error(
        id(13),
        'BT-95',
        'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain Document level allowances (BG-20) where Document level allowance VAT category code (BT-95) is not "Not subject to VAT".',
        others('//ram:CategoryTradeTax'),
      ),
      error(
        id(14),
        'BT-102',
        'An Invoice that contains a VAT breakdown group (BG-23) with a VAT category code (BT-118) "Not subject to VAT" shall not contain Document level charges (BG-21) where Document level charge VAT category code (BT-102) is not "Not subject to VAT".',
        others('//ram:CategoryTradeTax'),
      ),
    );
  }
  return rules;
}

export const vatCategoryRules: Rule[] = SPECS.flatMap(rulesFor).filter((r) => !/^BR-A[FG]-0[89]$/.test(r.id));
