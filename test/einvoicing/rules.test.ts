import { describe, expect, it } from 'vitest';
import { buildCii } from '../../src/rendering/cii.js';
import { ALL_RULES, EN16931_RULES, checkCii } from '../../src/einvoicing/check.js';
import { familyOf } from '../../src/einvoicing/rules/france.js';
import { scenarios } from '../fixtures/einvoicing/documents.js';
import { mutate } from '../fixtures/einvoicing/mutate.js';
import { bases, caseXml, cases, frenchCases } from './cases.js';
import { domesticB2B } from './differential.js';

const BD = '//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax';
const ruleIds = (xml: string) => checkCii(xml).map((f) => f.ruleId);

describe('every rule fails on a mutated document and holds on its valid base', () => {
  it.each(cases)('%s is reported when broken (base %s)', (ruleId, base, edit) => {
    const xml = mutate(buildCii(bases[base]), edit);
    const findings = checkCii(xml).filter((f) => f.ruleId === ruleId);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0].location).toMatch(/^\/rsm:CrossIndustryInvoice/);
    expect(findings[0].severity).toBe('Error');
  });

  it.each(cases)('%s holds on the valid base %s', (ruleId, base) => {
    expect(ruleIds(buildCii(bases[base]))).not.toContain(ruleId);
  });

  it('every implemented EN 16931 business rule has a triggering case', () => {
    // The syntax bindings (CII-SR, CII-DT), the code lists (BR-CL) and the VAT categories foreign to a French
    // seller (BR-AF IGIC, BR-AG IPSI, BR-B split payment) are proven by the differential test instead.
    const tested = new Set(cases.map(([id]) => id));
    const untested = EN16931_RULES.map((r) => r.id).filter(
      (id) => !tested.has(id) && !/^(CII-|BR-CL-|BR-AF-|BR-AG-|BR-B-|BR-DEC-15)/.test(id),
    );
    expect(untested).toEqual([]);
  });
});

describe('French rules (BR-FR 1.4.0.03): official ids, errors on domestic B2B documents, warnings elsewhere', () => {
  it.each(frenchCases)('%s is reported when broken (base %s)', (ruleId, base, edit) => {
    const xml = caseXml([ruleId, base, edit]);
    const french = checkCii(xml).filter((f) => f.ruleId.startsWith('BR-FR-'));
    const finding = french.find((f) => f.ruleId === ruleId);
    expect(finding).toBeDefined();
    expect(finding!.location).toMatch(/^\/rsm:CrossIndustryInvoice/);
    expect(finding!.message).toMatch(/^\[?BR-FR-/);
    expect(new Set(french.map((f) => f.severity))).toEqual(new Set([domesticB2B(xml) ? 'Error' : 'Warning']));
  });

  it.each(frenchCases)('%s holds on the valid base %s', (ruleId, base) => {
    expect(ruleIds(buildCii(bases[base]))).not.toContain(ruleId);
  });

  it('the rule set has the official asserts, and the cases cover the 59 families', () => {
    const french = ALL_RULES.filter((r) => r.id.startsWith('BR-FR-'));
    // 171 asserts less BR-FR-DEC-01_BT-111, which can never fire (its rule has the context of BT-110's).
    expect(french).toHaveLength(170);
    expect(new Set(french.map((r) => familyOf(r.id))).size).toBe(59);
    expect(new Set(frenchCases.map(([id]) => familyOf(id))).size).toBe(59);
  });

  it('every French rule is an error by definition (all official asserts are fatal)', () => {
    expect(ALL_RULES.filter((r) => r.id.startsWith('BR-FR-') && r.severity !== 'Error')).toEqual([]);
  });

  it('messages quote the offending value as the official SVRL text does', () => {
    const xml = caseXml(frenchCases.find(([id]) => id === 'BR-FR-02_BT-1')!);
    expect(checkCii(xml).find((f) => f.ruleId === 'BR-FR-02_BT-1')?.message).toBe(
      'BR-FR-02/BT-1 : L\'identifiant de facture (ram:ID) contient des caractères non autorisés. Valeur actuelle : "F 2024 42". Seuls les caractères alphanumériques et les symboles + - _ / sont autorisés, sans espaces.',
    );
  });
});

describe('checkCii', () => {
  it('reports a non-CII document as a single error', () => {
    const findings = checkCii('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    expect(findings.map((f) => f.ruleId)).toEqual(['CII-ROOT']);
  });

  it('reports malformed XML instead of throwing', () => {
    expect(checkCii('<rsm:CrossIndustryInvoice').map((f) => f.ruleId)).toEqual(['XML-WELLFORMED']);
  });

  it('locates a finding at the offending node with positional predicates', () => {
    const xml = mutate(buildCii(scenarios.mixedRates), (m) => m.set(`${BD}[2]/ram:CalculatedAmount`, '9.00'));
    const finding = checkCii(xml).find((f) => f.ruleId === 'BR-S-09');
    expect(finding?.location).toBe(
      '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax[2]',
    );
    expect(finding?.businessTerm).toBe('BT-117');
  });
});
