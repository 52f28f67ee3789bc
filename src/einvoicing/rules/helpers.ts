// Shared XPath paths and exact-decimal helpers for the rule sets (XPath 1.0 has no xs:decimal).
import Big from 'big.js';
import type { CheckContext, Rule } from '../types.js';
import type { XmlNode } from '../xml.js';

export const ROOT = '/rsm:CrossIndustryInvoice';
export const CONTEXT = `${ROOT}/rsm:ExchangedDocumentContext`;
export const HEADER = `${ROOT}/rsm:ExchangedDocument`;
export const TX = `${ROOT}/rsm:SupplyChainTradeTransaction`;
export const LINES = `${TX}/ram:IncludedSupplyChainTradeLineItem`;
export const AGREEMENT = `${TX}/ram:ApplicableHeaderTradeAgreement`;
export const SELLER = `${AGREEMENT}/ram:SellerTradeParty`;
export const BUYER = `${AGREEMENT}/ram:BuyerTradeParty`;
export const TAX_REP = `${AGREEMENT}/ram:SellerTaxRepresentativeTradeParty`;
export const DELIVERY = `${TX}/ram:ApplicableHeaderTradeDelivery`;
export const SETTLEMENT = `${TX}/ram:ApplicableHeaderTradeSettlement`;
export const BREAKDOWN = `${SETTLEMENT}/ram:ApplicableTradeTax`;
export const DOC_AC = `${SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge`;
export const TOTALS = `${SETTLEMENT}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
export const LINE_NET = 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount';

export function dec(text: string | null | undefined): Big | null {
  if (text === null || text === undefined) return null;
  const t = text.trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return null;
  return new Big(t);
}

export const ZERO = new Big(0);

export function round2(value: Big): Big {
  return value.round(2, Big.roundHalfUp);
}

export function sumText(values: string[]): Big {
  return values.reduce((acc, v) => acc.plus(dec(v) ?? ZERO), ZERO);
}

export function text(node: XmlNode | null): string {
  return node ? node.textContent.trim() : '';
}

/** The value of an element's attribute, or null (also when the node is not an element). */
export function attribute(node: XmlNode, name: string): string | null {
  return node.nodeType === 1 ? node.getAttribute(name) : null;
}

/** CII boolean indicator: "true"/"1" are true. */
export function isTrue(value: string): boolean {
  return value === 'true' || value === '1';
}

/** CII boolean indicator: "false"/"0" are false (an absent or other value is neither, as in xs:boolean). */
export function isFalse(value: string): boolean {
  return value === 'false' || value === '0';
}

export function decimals(value: string): number {
  const dot = value.indexOf('.');
  return dot === -1 ? 0 : value.length - dot - 1;
}

/** Document-level allowances (charge = false) or charges (charge = true). */
/** Computed once per check (the returned array is shared: do not mutate it). */
export function documentAllowanceCharges(ctx: CheckContext, charge: boolean): XmlNode[] {
  return ctx.shared(`doc-ac:${charge}`, () =>
    ctx.x.nodes(DOC_AC).filter((n) => (charge ? isTrue : isFalse)(ctx.x.str('ram:ChargeIndicator/udt:Indicator', n))),
  );
}

/** Computed once per check (the returned array is shared: do not mutate it). */
export function lineAllowanceCharges(ctx: CheckContext, charge: boolean): XmlNode[] {
  return ctx.shared(`line-ac:${charge}`, () =>
    ctx.x
      .nodes(`${LINES}/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge`)
      .filter((n) => (charge ? isTrue : isFalse)(ctx.x.str('ram:ChargeIndicator/udt:Indicator', n))),
  );
}

/** The node itself when present, else the nearest existing ancestor path, else the root. */
export function nearest(ctx: CheckContext, ...paths: string[]): XmlNode {
  for (const p of paths) {
    const n = ctx.x.node(p);
    if (n) return n;
  }
  return ctx.x.node(ROOT) ?? ctx.root;
}

type Check = Rule['check'];

export function error(id: string, businessTerm: string | null, message: string, check: Check): Rule {
  return { id, severity: 'Error', businessTerm, message, check };
}

export function warning(id: string, businessTerm: string | null, message: string, check: Check): Rule {
  return { id, severity: 'Warning', businessTerm, message, check };
}

/** A rule on the whole document: fails at `where` when `holds` is false. */
export function docRule(holds: (ctx: CheckContext) => boolean, where: (ctx: CheckContext) => XmlNode): Check {
  return (ctx) => (holds(ctx) ? [] : [where(ctx)]);
}

/** A rule on each node matched by `context`: fails on those where `holds` is false. */
export function eachRule(context: string, holds: (n: XmlNode, ctx: CheckContext) => boolean): Check {
  return (ctx) => ctx.x.nodes(context).filter((n) => !holds(n, ctx));
}

export function nonEmpty(ctx: CheckContext, expr: string, at?: XmlNode): boolean {
  return ctx.x.str(expr, at) !== '';
}

/**
 * The VAT breakdowns the official rule on `ram:ApplicableTradeTax` (BR-45…48, BR-CO-17, BR-DEC-19/20) sees:
 * in the schematron, a breakdown of category L, M or O (type VAT) is taken by the higher-priority rule of its
 * category, so those generic rules are never evaluated on it.
 */
export function openBreakdowns(ctx: CheckContext): XmlNode[] {
  return ctx.shared('open-breakdowns', () =>
    ctx.x.nodes(BREAKDOWN).filter((n) => {
      const shadowed =
        ctx.x.nodes('ram:CategoryCode', n).some((cat) => ['L', 'M', 'O'].includes(cat.textContent)) &&
        ctx.x.nodes('ram:TypeCode', n).some((t) => t.textContent.toUpperCase() === 'VAT');
      return !shadowed;
    }),
  );
}
