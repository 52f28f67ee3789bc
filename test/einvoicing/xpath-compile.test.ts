// The compiled XPath evaluation must select exactly what the xpath package selected before (same nodes,
// same order), and the rules must report exactly the same findings: differential tests against a
// reference that evaluates every expression with `xpath.useNamespaces`, as the checker used to.
import { describe, expect, it } from 'vitest';
import xpath from 'xpath';
import { buildCii } from '../../src/documents/cii.js';
import { ALL_RULES, checkCii } from '../../src/einvoicing/check.js';
import type { CheckContext, Finding } from '../../src/einvoicing/types.js';
import { NS, type XPath, nodePath, parseXml, xpathFor } from '../../src/einvoicing/xml.js';
import { isFastXPath } from '../../src/einvoicing/xpath-compile.js';
import { baseInvoice, line, outOfScopeInvoice, scenarios, totals } from '../fixtures/einvoicing/documents.js';
import { allowanceCharge, mutate } from '../fixtures/einvoicing/mutate.js';

const select = xpath.useNamespaces({ ...NS });

/** The evaluation the checker used before compilation: re-parsed by the xpath package on every call. */
function referenceXPath(doc: Document): XPath {
  const root = doc as unknown as Node;
  const nodes = (expr: string, ctx: Node = root): Node[] => {
    const result = select(expr, ctx);
    return Array.isArray(result) ? (result as Node[]) : [];
  };
  return {
    nodes,
    node: (expr, ctx) => nodes(expr, ctx)[0] ?? null,
    str: (expr, ctx) => {
      const first = nodes(expr, ctx)[0];
      return first ? (first.textContent ?? '').trim() : '';
    },
    exists: (expr, ctx) => nodes(expr, ctx).length > 0,
    value: (expr, ctx = root) => {
      const result = select(expr, ctx, true);
      if (typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean') return result;
      return result ? ((result as Node).textContent ?? '') : '';
    },
  };
}

/** Evaluates every call both ways and fails on the first difference. */
function comparingXPath(fast: XPath, ref: XPath, seen: Set<string>): XPath {
  const check = <T>(method: keyof XPath, expr: string, ctx: Node | undefined, a: T, b: T): T => {
    seen.add(expr);
    expect(a, `${method}(${expr}) at ${nodePath(ctx ?? null)}`).toEqual(b);
    if (Array.isArray(a) && Array.isArray(b)) a.forEach((n, i) => expect(n === b[i], `${method}(${expr}) node ${i}`).toBe(true));
    return a;
  };
  return {
    nodes: (e, c) => check('nodes', e, c, fast.nodes(e, c), ref.nodes(e, c)),
    node: (e, c) => {
      const a = fast.node(e, c);
      const b = ref.node(e, c);
      expect(a === b, `node(${e})`).toBe(true);
      return a;
    },
    str: (e, c) => check('str', e, c, fast.str(e, c), ref.str(e, c)),
    exists: (e, c) => check('exists', e, c, fast.exists(e, c), ref.exists(e, c)),
    value: (e, c) => check('value', e, c, fast.value(e, c), ref.value(e, c)),
  };
}

function context(doc: Document, x: XPath): CheckContext {
  const store = new Map<string, unknown>();
  return {
    x,
    root: doc as unknown as Node,
    shared<T>(key: string, compute: () => T): T {
      if (!store.has(key)) store.set(key, compute());
      return store.get(key) as T;
    },
  };
}

function referenceFindings(xml: string): Finding[] {
  const doc = parseXml(xml);
  const ctx = context(doc, referenceXPath(doc));
  return ALL_RULES.flatMap((rule) =>
    rule.check(ctx).map((node) => ({ ruleId: rule.id, severity: rule.severity, message: rule.message, businessTerm: rule.businessTerm, location: nodePath(node) })),
  );
}

const SET = '//ram:ApplicableHeaderTradeSettlement';
const LSET = '//ram:IncludedSupplyChainTradeLineItem[1]/ram:SpecifiedLineTradeSettlement';
const LINE_CHARGE = (charge: boolean, amount: string) =>
  `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${amount}</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge>`;

const manyLines = baseInvoice({
  lines: Array.from({ length: 30 }, (_, i) => line(i + 1, `Ligne ${i + 1}`, '1', '10.00', '10.00', 'S', i % 3 === 0 ? '5.5' : '20')),
  totals: totals('300.00', '300.00', '50.00', '350.00'),
});

/** Valid scenarios, then documents that break many rules and exercise the XPath corner cases. */
function documents(): [string, string][] {
  const base = buildCii(scenarios.mixedRates!);
  const mixed = buildCii(scenarios.mixedRates!);
  const docs: [string, string][] = Object.entries(scenarios).map(([name, doc]) => [name, buildCii(doc)]);
  docs.push(['outOfScope', buildCii(outOfScopeInvoice)], ['manyLines', buildCii(manyLines)]);
  docs.push(
    ['allowances and charges', mutate(mixed, (m) => m
      .add(SET, allowanceCharge(false, 'S', '20', '1.005'))
      .add(SET, allowanceCharge(true, 'S', '5.5'))
      .add(SET, allowanceCharge(true, 'O', null))
      .add(SET, allowanceCharge(false, 'K', '0'))
      .add(LSET, LINE_CHARGE(true, '2.00'))
      .add(LSET, LINE_CHARGE(false, '1.123')))],
    ['missing parts', mutate(base, (m) => m
      .remove('//ram:SellerTradeParty/ram:Name')
      .remove('//ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:LineTotalAmount')
      .remove('//ram:IncludedSupplyChainTradeLineItem[1]/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode')
      .remove('//ram:IncludedSupplyChainTradeLineItem[2]/ram:SpecifiedTradeProduct/ram:Name'))],
    ['no lines, no breakdown', mutate(base, (m) => m.remove('//ram:IncludedSupplyChainTradeLineItem').remove(`${SET}/ram:ApplicableTradeTax`))],
    ['not subject to VAT mixed', mutate(base, (m) => m.add(SET, '<ram:ApplicableTradeTax><ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>0.00</ram:BasisAmount><ram:CategoryCode>O</ram:CategoryCode></ram:ApplicableTradeTax>'))],
    ['two category codes on a line', mutate(mixed, (m) => m.add(`${LSET}/ram:ApplicableTradeTax`, '<ram:CategoryCode>Z</ram:CategoryCode><ram:CategoryCode>S</ram:CategoryCode>'))],
    ['nested allowance', mutate(base, (m) => m.add(SET, `<ram:SpecifiedTradeAllowanceCharge>${LINE_CHARGE(true, '1.00')}</ram:SpecifiedTradeAllowanceCharge>`))],
    ['tax representative', mutate(base, (m) => m.add('//ram:ApplicableHeaderTradeAgreement', '<ram:SellerTaxRepresentativeTradeParty><ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">XX123</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTaxRepresentativeTradeParty>'))],
    // Names compare case-insensitively in the xpath package over xmldom (it takes the DOM for HTML).
    ['letter case of names', base.replace('<ram:Name>', '<ram:name>').replace('</ram:Name>', '</ram:name>').replace('schemeID="VA"', 'schemeid="VA"').replace('<ram:TypeCode>VAT', '<ram:typecode>VAT').replace(/(<ram:typecode>VAT)<\/ram:TypeCode>/, '$1</ram:typecode>')],
    ['CDATA and comments in values', base.replace(/<ram:CategoryCode>S<\/ram:CategoryCode>/, '<ram:CategoryCode><![CDATA[S]]></ram:CategoryCode>').replace(/<ram:CategoryCode>S<\/ram:CategoryCode>/, '<ram:CategoryCode>S<!-- c --></ram:CategoryCode>').replace('<ram:TypeCode>VAT</ram:TypeCode>', '<ram:TypeCode> VAT </ram:TypeCode>')],
  );
  return docs;
}

describe('compiled XPath evaluation', () => {
  const docs = documents();

  it.each(docs)('%s: every rule sees the same nodes and reports the same findings as the xpath package', (_name, xml) => {
    const doc = parseXml(xml);
    const seen = new Set<string>();
    const ctx = context(doc, comparingXPath(xpathFor(doc, { memoize: true }), referenceXPath(doc), seen));
    for (const rule of ALL_RULES) rule.check(ctx);
    expect(seen.size).toBeGreaterThan(50);
    expect(checkCii(xml)).toEqual(referenceFindings(xml));
  });

  it('the rules only use expressions of the compiled subset', () => {
    const doc = parseXml(docs.find(([n]) => n === 'allowances and charges')![1]);
    const seen = new Set<string>();
    const ctx = context(doc, comparingXPath(xpathFor(doc, { memoize: true }), referenceXPath(doc), seen));
    for (const rule of ALL_RULES) rule.check(ctx);
    expect([...seen].filter((e) => !isFastXPath(e, NS))).toEqual([]);
  });

  const EXPRESSIONS = [
    '/rsm:CrossIndustryInvoice', '/rsm:crossindustryinvoice/rsm:ExchangedDocument/ram:ID', '//ram:ID', '//ram:id', '//ram:ID/..', '//ram:ID/@schemeID', '//ram:ID[@schemeID="VA"]',
    "//ram:ApplicableTradeTax[ram:CategoryCode='S']/ram:BasisAmount", "//ram:ApplicableTradeTax[ram:TypeCode='VAT'][ram:CategoryCode='Z']", '//ram:SpecifiedTradeAllowanceCharge',
    '//ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount', `${SET}/ram:ApplicableTradeTax/ram:CategoryCode | //ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode`,
    '//ram:CategoryCode | //ram:RateApplicablePercent', '//ram:BuyerTradeParty | //ram:SellerTradeParty', '//ram:ID | //ram:ID', `${SET}/*/ram:CategoryCode`, `${SET}/ram:BillingSpecifiedPeriod/*/udt:DateTimeString`,
    'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode', '../ram:IncludedSupplyChainTradeLineItem/ram:AssociatedDocumentLineDocument/ram:LineID', '.', '..', '../..', './ram:SpecifiedTradeProduct/ram:Name',
    'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitCode', 'ram:SpecifiedLineTradeDelivery/ram:BilledQuantity/@unitcode/..', "ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax[ram:TypeCode='VAT'][ram:CategoryCode='S']/../../ram:SpecifiedLineTradeSettlement",
    '//ram:IncludedSupplyChainTradeLineItem[1]', '//ram:IncludedSupplyChainTradeLineItem[last()]/ram:SpecifiedTradeProduct/ram:Name', 'count(//ram:ID)', 'string(//ram:ID)', "//ram:ID[. = 'x']", '//ram:Nothing', 'ram:Nothing/ram:ID',
  ];

  it.each(docs)('%s: path expressions select the same nodes from the root and from each line', (_name, xml) => {
    const doc = parseXml(xml);
    const ref = referenceXPath(doc);
    const x = comparingXPath(xpathFor(doc), ref, new Set());
    const memo = comparingXPath(xpathFor(doc, { memoize: true }), ref, new Set());
    const contexts = [doc as unknown as Node, ...ref.nodes('//ram:IncludedSupplyChainTradeLineItem').slice(0, 3)];
    for (const ctx of contexts) {
      for (const expr of EXPRESSIONS) {
        for (const xp of [x, memo]) {
          xp.nodes(expr, ctx);
          xp.node(expr, ctx);
          xp.str(expr, ctx);
          xp.exists(expr, ctx);
          xp.value(expr, ctx);
        }
      }
    }
  });

  it('fails like the xpath package on a bad expression or an unknown prefix', () => {
    const doc = parseXml(buildCii(scenarios.rate20!));
    const x = xpathFor(doc);
    for (const expr of ['//foo:ID', '//ram:ID[', '']) expect(() => x.nodes(expr)).toThrow();
  });
});
