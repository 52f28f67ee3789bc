// French CTC business rules: every assert of the FNFE-MPE "BR-FR Flux 2" CII schematron 1.4.0.03 (59 rule
// families, 171 asserts), with the official assert ids (e.g. BR-FR-01_BT-1) and messages (france-messages.ts,
// taken verbatim from the official artefact). Each rule keeps the official context (the nodes the schematron
// rule fires on) and its test, transcribed from XPath 2.0 to code over our DOM: string comparisons are on
// the raw string-value, as XPath general comparisons are; `normalize-space`, `number`, `string-length` behave
// as in XPath. All BR-FR asserts are `fatal` in 1.4.0.03, so they are errors here too; check.ts reports them
// as warnings on documents whose buyer is not a French business (see `isDomesticB2B`), our one deviation.
import type { CheckContext, Rule } from '../types.js';
import type { XmlNode } from '../xml.js';
import { BRFR_MESSAGES } from './france-messages.js';
import { AGREEMENT, BUYER, CONTEXT, DELIVERY, HEADER, LINES, ROOT, SELLER, SETTLEMENT, TOTALS, TX } from './helpers.js';

// ---------------------------------------------------------------------------------------------
// XPath 2.0 behaviour the tests rely on.

/** XPath string-value (untrimmed), '' for no node. */
const sv = (n: XmlNode | null | undefined): string => (n ? n.textContent : '');
/** XPath normalize-space: only #x20, #x9, #xD and #xA are whitespace. */
export const nsp = (s: string): string => s.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
/** XPath string-length: characters (code points), not UTF-16 units. */
const len = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};
/** XPath number() (xs:double cast of the trimmed string); NaN when it is not a number. */
const num = (s: string): number => {
  const t = s.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
  return /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : NaN;
};
/** xsl:value-of of a node sequence: string-values joined by a space. */
const joined = (nodes: readonly XmlNode[]): string => nodes.map((n) => n.textContent).join(' ');

const nodes = (c: CheckContext, path: string, at?: XmlNode): XmlNode[] => c.x.nodes(path, at);
const first = (c: CheckContext, path: string, at?: XmlNode): string => sv(c.x.node(path, at));
const exists = (c: CheckContext, path: string, at?: XmlNode): boolean => c.x.node(path, at) !== null;
/** General comparison `path = (values)`: some node's string-value is one of the values. */
const anyIn = (c: CheckContext, path: string, values: ReadonlySet<string>, at?: XmlNode): boolean =>
  nodes(c, path, at).some((n) => values.has(n.textContent));
const set = (s: string) => new Set(s.split(' '));

// ---------------------------------------------------------------------------------------------
// The schematron's custom functions.

const DOCUMENT_TYPES = set('380 389 393 501 386 500 384 471 472 473 261 262 381 396 502 503');
const BILLING_MODES = set('B1 S1 M1 B2 S2 M2 S3 B4 S4 M4 S5 S6 B7 S7 B8 S8 M8 B9 S9 M9');
const BAR_TREATMENTS = set('B2B B2BINT B2C B2CINT OUTOFSCOPE ARCHIVEONLY');
const VAT_CATEGORIES = set('S E AE K G O Z');
const VAT_RATES = set(
  '0 0.0 0.00 10 10.0 10.00 13 13.0 13.00 20 20.0 20.00 8.5 8.50 19.6 19.60 2.1 2.10 5.5 5.50 7 7.0 7.00 20.6 20.60 1.05 0.9 0.90 1.75 9.2 9.20 9.6 9.60',
);
const ATTACHMENT_CODES = set(
  'RIB LISIBLE FEUILLE_DE_STYLE PJA BORDEREAU_SUIVI DOCUMENT_ANNEXE BON_LIVRAISON BON_COMMANDE BORDEREAU_SUIVI_VALIDATION ETAT_ACOMPTE FACTURE_PAIEMENT_DIRECT RECAPITULATIF_COTRAITANCE',
);
const SELF_BILLED = set('389 501 500 471 473 261 502');

const validIdFormat = (id: string) => /^[A-Za-z0-9+\-_/]+$/.test(nsp(id)) && !id.includes(' ');
function validDate(date: string): boolean {
  const short = Array.from(date).slice(0, 8).join('');
  if (!/^20\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(short)) return false;
  const [y, m, d] = [Number(short.slice(0, 4)), Number(short.slice(4, 6)), Number(short.slice(6, 8))];
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const max = [1, 3, 5, 7, 8, 10, 12].includes(m) ? 31 : [4, 6, 9, 11].includes(m) ? 30 : leap ? 29 : 28;
  return d <= max;
}
const siretCoherent = (siret: string, sirens: readonly string[]) => /^\d{14}$/.test(siret) && sirens.includes(siret.slice(0, 9));
const schemeIdFormat = (v: string) => /^[A-Za-z0-9+\-_.]+$/.test(v);
const decimalOk = (re: RegExp, v: string) => re.test(v) && len(v.replace(/\./g, '')) <= 19;
const decimal19_2 = (v: string) => decimalOk(/^[-]?\d{1,19}(\.\d{1,2})?$/, v);
const decimal19_4 = (v: string) => decimalOk(/^[-]?\d{1,19}(\.\d{1,4})?$/, v);
const decimal19_6 = (v: string) => decimalOk(/^[-]?\d{1,19}(\.\d{1,6})?$/, v);
const decimal19_6Positive = (v: string) => decimalOk(/^\d{1,19}(\.\d{1,6})?$/, v);
const percent4_2 = (v: string) => /^\d{1,4}(\.\d{1,2})?$/.test(v) && len(v.replace(/\./g, '')) <= 4;

const FRAME = `${CONTEXT}/ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID`;
const frameIn = (codes: ReadonlySet<string>) => (c: CheckContext) => {
  const id = c.x.node(FRAME);
  return id !== null && codes.has(nsp(sv(id)));
};
/** custom:isSpecialContract (S8, B8, M8, S9, B9, M9), …MV (S8, B8, M8) and …BD (S9, B9, M9). */
const special = frameIn(set('S8 B8 M8 S9 B9 M9'));
const specialMV = frameIn(set('S8 B8 M8'));
const specialBD = frameIn(set('S9 B9 M9'));

// ---------------------------------------------------------------------------------------------
// Rule construction.

const businessTermOf = (id: string): string | null => /(BT-\d+|BG-\d+|EXT-FR-FE-(?:BG-)?\d+)/.exec(id)?.[1] ?? null;

/**
 * One official assert: fails on each node of `context` where `holds` is false. `args` gives the values of
 * the message's xsl:value-of expressions, in order (see france-messages.ts).
 */
function assert(
  id: string,
  context: string,
  holds: (n: XmlNode, c: CheckContext) => boolean,
  args: (n: XmlNode, c: CheckContext) => string[] = () => [],
): Rule {
  const template = BRFR_MESSAGES[id];
  if (!template) throw new Error(`No official message for ${id}`);
  return {
    id,
    severity: 'Error',
    businessTerm: businessTermOf(id),
    message: nsp(template([])),
    check: (c) => nodes(c, context).filter((n) => !holds(n, c)),
    describe: (n, c) => nsp(template(args(n, c))),
  };
}

const self = (n: XmlNode) => [sv(n)];

const LINE_SETTLEMENT = `${LINES}/ram:SpecifiedLineTradeSettlement`;
const HEADER_AC = `${SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge`;
const LINE_GROUP_ROOT = `${LINES}[ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode='GROUP'][not(ram:AssociatedDocumentLineDocument/ram:ParentLineID)]`;
const GROUP_ROOT_REL = `ram:IncludedSupplyChainTradeLineItem[ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode='GROUP'][not(ram:AssociatedDocumentLineDocument/ram:ParentLineID)]`;

/** The parties of BR-FR-09, 23, 25 and CO-10, with the official suffix of each assert id. */
const PARTIES = {
  seller: SELLER,
  buyer: BUYER,
  payee: `${SETTLEMENT}/ram:PayeeTradeParty`,
  buyerAgent: `${AGREEMENT}/ram:BuyerAgentTradeParty`,
  payer: `${SETTLEMENT}/ram:PayerTradeParty`,
  salesAgent: `${AGREEMENT}/ram:SalesAgentTradeParty`,
  invoicee: `${SETTLEMENT}/ram:InvoiceeTradeParty`,
  invoicer: `${SETTLEMENT}/ram:InvoicerTradeParty`,
  shipTo: `${DELIVERY}/ram:ShipToTradeParty`,
  lineShipTo: `${LINES}/ram:SpecifiedLineTradeDelivery/ram:ShipToTradeParty`,
};

// ---------------------------------------------------------------------------------------------
// BR-FR-01 … BR-FR-32

function idRules(): Rule[] {
  const contexts: [string, string][] = [
    ['BT-1', `${HEADER}/ram:ID`],
    ['BT-25', `${SETTLEMENT}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`],
    ['EXT-FR-FE-136', `${LINE_SETTLEMENT}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`],
  ];
  return contexts.flatMap(([bt, path]) => [
    assert(`BR-FR-01_${bt}`, path, (n) => len(sv(n)) <= 35, self),
    assert(`BR-FR-02_${bt}`, path, (n) => validIdFormat(sv(n)), self),
  ]);
}

function dateRules(): Rule[] {
  const contexts: [string, string][] = [
    ['BT-2', `${HEADER}/ram:IssueDateTime/udt:DateTimeString`],
    ['BT-7', `${SETTLEMENT}/ram:ApplicableTradeTax/ram:TaxPointDate/udt:DateString`],
    ['BT-9', `${SETTLEMENT}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`],
    ['BT-26', `${SETTLEMENT}/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString`],
    ['BT-72', `${DELIVERY}/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString`],
    ['BT-73', `${SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString`],
    ['BT-74', `${SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString`],
    ['EXT-FR-FE-138', `${LINE_SETTLEMENT}/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString`],
    [
      'EXT-FR-FE-158',
      `${LINES}/ram:SpecifiedLineTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString`,
    ],
    ['EXT-FR-FE-134', `${LINE_SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString`],
    ['EXT-FR-FE-135', `${LINE_SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString`],
  ];
  return contexts.map(([bt, path]) => assert(`BR-FR-03_${bt}`, path, (n) => validDate(sv(n)), self));
}

function typeCodeRules(): Rule[] {
  const contexts: [string, string][] = [
    ['BT-3', `${HEADER}/ram:TypeCode`],
    ['EXT-FR-FE-02', `${SETTLEMENT}/ram:InvoiceReferencedDocument/ram:TypeCode`],
    ['EXT-FR-FE-137', `${LINE_SETTLEMENT}/ram:InvoiceReferencedDocument/ram:TypeCode`],
  ];
  return contexts.map(([bt, path]) => assert(`BR-FR-04_${bt}`, path, (n) => DOCUMENT_TYPES.has(sv(n)), self));
}

const notesWith = (c: CheckContext, at: XmlNode, code: string) =>
  nodes(c, 'ram:IncludedNote', at).filter((n) => nodes(c, 'ram:SubjectCode', n).some((s) => sv(s) === code));

function noteRules(): Rule[] {
  return [
    ...['PMT', 'PMD', 'AAB'].map((code) => assert(`BR-FR-05_BT-22_${code}`, HEADER, (n, c) => notesWith(c, n, code).length > 0)),
    ...['PMT', 'PMD', 'AAB', 'TXD'].map((code) => assert(`BR-FR-06_BT-21_${code}`, HEADER, (n, c) => notesWith(c, n, code).length <= 1)),
  ];
}

function siretRules(): Rule[] {
  const contexts: [string, string, boolean][] = [
    ['BT-29', PARTIES.seller, true],
    ['BT-46', PARTIES.buyer, true],
    ['BT-60', PARTIES.payee, false],
    ['EXT-FR-FE-06', PARTIES.buyerAgent, false],
    ['EXT-FR-FE-46', PARTIES.payer, false],
    ['EXT-FR-FE-69', PARTIES.salesAgent, false],
    ['EXT-FR-FE-92', PARTIES.invoicee, false],
    ['EXT-FR-FE-115', PARTIES.invoicer, false],
    ['BT-71', PARTIES.shipTo, false],
    ['EXT-FR-FE-146', PARTIES.lineShipTo, false],
  ];
  return contexts.map(([bt, path, strict]) => {
    const sirets = (n: XmlNode, c: CheckContext) => nodes(c, "ram:GlobalID[@schemeID='0009']", n);
    const sirens = (n: XmlNode, c: CheckContext): string[] => {
      const own = nodes(c, "ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']", n).map(sv);
      if (strict || (own[0] ?? '') !== '') return own;
      return [
        Array.from(sv(sirets(n, c)[0]))
          .slice(0, 9)
          .join(''),
      ];
    };
    return assert(
      `BR-FR-09_${bt}`,
      path,
      (n, c) => {
        const siret = sirets(n, c);
        return siret.length === 0 || siretCoherent(sv(siret[0]), sirens(n, c));
      },
      (n, c) => [joined(sirets(n, c)), sirens(n, c).join(' ')],
    );
  });
}

const sellerSiren = `${SELLER}/ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']`;
const buyerSiren = `${BUYER}/ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']`;
const BAR = `${HEADER}/ram:IncludedNote[ram:SubjectCode='BAR']/ram:Content`;
const isB2B = (c: CheckContext) => nodes(c, BAR).some((n) => sv(n) === 'B2B');
const selfBilled = (c: CheckContext) => anyIn(c, `${HEADER}/ram:TypeCode`, SELF_BILLED);

function partyRules(): Rule[] {
  const endpointRule = (id: string, party: string, applies: (c: CheckContext) => boolean): Rule =>
    assert(
      id,
      ROOT,
      (_n, c) => {
        if (!applies(c)) return true;
        const endpoint = first(c, `${party}/ram:URIUniversalCommunication/ram:URIID`);
        const siren = first(c, `${party}/ram:SpecifiedLegalOrganization/ram:ID`);
        return endpoint.startsWith(siren) && first(c, `${party}/ram:URIUniversalCommunication/ram:URIID/@schemeID`) === '0225';
      },
      (_n, c) => [
        joined(nodes(c, `${party}/ram:URIUniversalCommunication/ram:URIID`)),
        joined(nodes(c, `${party}/ram:URIUniversalCommunication/ram:URIID/@schemeID`)),
        joined(nodes(c, `${party}/ram:SpecifiedLegalOrganization/ram:ID`)),
      ],
    );
  return [
    assert(
      'BR-FR-10_BT-30',
      ROOT,
      (_n, c) => {
        const siren = nodes(c, sellerSiren);
        return siren.length > 0 && /^\d{9}$/.test(nsp(sv(siren[0])));
      },
      (_n, c) => [joined(nodes(c, sellerSiren))],
    ),
    assert(
      'BR-FR-11_BT-47',
      ROOT,
      (_n, c) => !isB2B(c) || /^\d{9}$/.test(first(c, buyerSiren)),
      (_n, c) => [joined(nodes(c, buyerSiren))],
    ),
    assert(
      'BR-FR-12_BT-49',
      ROOT,
      (_n, c) => first(c, `${BUYER}/ram:URIUniversalCommunication/ram:URIID`) !== '',
      (_n, c) => [joined(nodes(c, `${BUYER}/ram:URIUniversalCommunication/ram:URIID`))],
    ),
    assert(
      'BR-FR-13_BT-34',
      ROOT,
      (_n, c) => first(c, `${SELLER}/ram:URIUniversalCommunication/ram:URIID`) !== '',
      (_n, c) => [joined(nodes(c, `${SELLER}/ram:URIUniversalCommunication/ram:URIID`))],
    ),
    endpointRule('BR-FR-21_BT-49', BUYER, (c) => isB2B(c) && !selfBilled(c)),
    endpointRule('BR-FR-22_BT-34', SELLER, (c) => isB2B(c) && selfBilled(c)),
  ];
}

function vatRules(): Rule[] {
  const categories: [string, string][] = [
    ['BT-95_BT-102', `${HEADER_AC}/ram:CategoryTradeTax`],
    ['BT-95_BT-118', `${SETTLEMENT}/ram:ApplicableTradeTax`],
    ['BT-95_BT-151', `${LINE_SETTLEMENT}/ram:ApplicableTradeTax`],
  ];
  const codeOf = (n: XmlNode, c: CheckContext) => nodes(c, 'ram:CategoryCode', n);
  const LM = set('L M');
  const rates: [string, string][] = [
    ['BT-96_BT-103', `${HEADER_AC}/ram:CategoryTradeTax`],
    ['BT-119', `${SETTLEMENT}/ram:ApplicableTradeTax`],
    ['BT-152', `${LINE_SETTLEMENT}/ram:ApplicableTradeTax`],
  ];
  return [
    ...categories.flatMap(([bt, path]) => [
      assert(
        `BR-FR-15_${bt}`,
        path,
        (n, c) => {
          const codes = codeOf(n, c);
          if (codes.some((x) => VAT_CATEGORIES.has(sv(x)))) return true;
          if (bt !== 'BT-95_BT-151' || codes.length > 0) return false;
          return anyIn(c, '../../ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode', set('GROUP INFORMATION'), n);
        },
        (n, c) => [joined(codeOf(n, c))],
      ),
      assert(
        `BR-FR-15_${bt}_LM`,
        path,
        (n, c) => !codeOf(n, c).some((x) => LM.has(sv(x))),
        (n, c) => [joined(codeOf(n, c))],
      ),
    ]),
    ...rates.map(([bt, path]) =>
      assert(
        `BR-FR-16_${bt}`,
        path,
        (n, c) => {
          const rate = first(c, 'ram:RateApplicablePercent', n);
          return rate === '' || VAT_RATES.has(rate);
        },
        (n, c) => [first(c, 'ram:RateApplicablePercent', n)],
      ),
    ),
  ];
}

function attachmentRules(): Rule[] {
  return [
    assert(
      'BR-FR-17_BT-123',
      `${AGREEMENT}/ram:AdditionalReferencedDocument[ram:TypeCode='916']`,
      (n, c) => {
        const code = nsp(first(c, 'ram:Name', n));
        return code === '' || ATTACHMENT_CODES.has(code);
      },
      (n, c) => [nsp(first(c, 'ram:Name', n))],
    ),
    assert(
      'BR-FR-18_BT-123',
      ROOT,
      (_n, c) => nodes(c, `${AGREEMENT}/ram:AdditionalReferencedDocument[ram:Name='LISIBLE']`).length <= 1,
      (_n, c) => [String(nodes(c, `${AGREEMENT}/ram:AdditionalReferencedDocument[ram:Name='LISIBLE']`).length)],
    ),
  ];
}

function barRules(): Rule[] {
  return [
    assert(
      'BR-FR-20_BT-21',
      `${HEADER}/ram:IncludedNote[ram:SubjectCode='BAR']`,
      (n, c) => nodes(c, 'ram:Content', n).some((x) => BAR_TREATMENTS.has(sv(x))),
      (n, c) => [joined(nodes(c, 'ram:Content', n))],
    ),
    assert(
      'BR-FR-31_BT-21',
      HEADER,
      (n, c) => barCount(n, c) <= 1,
      (n, c) => [joined(nodes(c, "ram:IncludedNote[ram:SubjectCode='BAR']", n)), String(barCount(n, c))],
    ),
  ];
}
const barCount = (n: XmlNode, c: CheckContext) =>
  nodes(c, "ram:IncludedNote[ram:SubjectCode='BAR']", n).filter((note) =>
    nodes(c, 'ram:Content', note).some((x) => BAR_TREATMENTS.has(nsp(sv(x)))),
  ).length;

function addressRules(): Rule[] {
  const uriParties: [string, string][] = [
    ['BT-34', PARTIES.seller],
    ['BT-49', PARTIES.buyer],
    ['EXT-FR-FE-12', PARTIES.buyerAgent],
    ['EXT-FR-FE-29', PARTIES.payee],
    ['EXT-FR-FE-52', PARTIES.payer],
    ['EXT-FR-FE-75', PARTIES.salesAgent],
    ['EXT-FR-FE-98', PARTIES.invoicee],
    ['EXT-FR-FE-121', PARTIES.invoicer],
  ];
  const privateParties: [string, string][] = [
    ['BT-29', PARTIES.seller],
    ['BT-46', PARTIES.buyer],
  ];
  return [
    ...uriParties.map(([bt, party]) =>
      assert(`BR-FR-23_${bt}`, `${party}/ram:URIUniversalCommunication/ram:URIID[@schemeID='0225']`, (n) => schemeIdFormat(sv(n)), self),
    ),
    ...privateParties.map(([bt, party]) =>
      assert(`BR-FR-24_${bt}`, `${party}/ram:GlobalID[@schemeID='0224']`, (n) => schemeIdFormat(sv(n)), self),
    ),
    ...uriParties.map(([bt, party]) =>
      assert(`BR-FR-25_${bt}`, `${party}/ram:URIUniversalCommunication/ram:URIID`, (n) => len(sv(n)) <= 125, self),
    ),
    ...privateParties.map(([bt, party]) =>
      assert(`BR-FR-26_${bt}`, `${party}/ram:GlobalID[@schemeID='0224']`, (n) => len(sv(n)) <= 100, self),
    ),
  ];
}

function characteristicRules(): Rule[] {
  const APC = `${LINES}/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic`;
  return [
    assert('BR-FR-27_BG-32', APC, (n, c) => exists(c, 'ram:Description', n) || exists(c, 'ram:TypeCode', n)),
    assert('BR-FR-27_BT-160', `${APC}/ram:Description`, (n) => nsp(sv(n)) !== '', self),
    assert('BR-FR-27_EXT-FR-FE-159', `${APC}/ram:TypeCode`, (n) => nsp(sv(n)) !== '', self),
    assert(
      'BR-FR-28-Value',
      APC,
      (n, c) => {
        const value = exists(c, 'ram:Value', n);
        const measure = exists(c, 'ram:ValueMeasure', n);
        const measured = nodes(c, 'ram:ValueMeasure', n).some((m) => m.nodeType === 1 && (m.getAttribute('unitCode') ?? '') !== '');
        return (value && !measure) || (!value && measured);
      },
      (n, c) => [
        joined(nodes(c, 'ram:Value', n)),
        joined(nodes(c, 'ram:ValueMeasure', n)),
        joined(nodes(c, 'ram:ValueMeasure/@unitCode', n)),
      ],
    ),
  ];
}

function objectRules(): Rule[] {
  const counts = (n: XmlNode, c: CheckContext) => [
    String(nodes(c, "ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='AFL']", n).length),
    String(nodes(c, "ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='AVV']", n).length),
  ];
  const atMostOnce = (n: XmlNode, c: CheckContext) => counts(n, c).every((k) => Number(k) <= 1);
  const scopes: [string, string, string][] = [
    ['BR-FR-29', 'BT-18', AGREEMENT],
    ['BR-FR-30', 'BT-128', LINES],
  ];
  return scopes.flatMap(([family, bt, scope]) => [
    assert(`${family}_${bt}`, scope, atMostOnce, counts),
    ...['AFL', 'AVV'].map((code) =>
      assert(
        `${family}_${code}`,
        `${scope}/ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='${code}']/ram:IssuerAssignedID`,
        (n) => nsp(sv(n)) !== '',
        self,
      ),
    ),
  ]);
}

function legalIdRules(): Rule[] {
  const nineDigits = (n: XmlNode) => /^\d{9}$/.test(nsp(sv(n)));
  return [
    assert('BR-FR-32-LEGALID', "//ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']", nineDigits),
    assert('BR-FR-32-GLOBALID', "//ram:GlobalID[@schemeID='0002'] | //ram:GlobalID[@schemeID='0231']", nineDigits),
  ];
}

// ---------------------------------------------------------------------------------------------
// BR-FR-CO (coherence)

const TYPE = `${HEADER}/ram:TypeCode`;

function coherenceRules(): Rule[] {
  const contract = `${AGREEMENT}/ram:ContractReferencedDocument/ram:IssuerAssignedID`;
  const periodStart = `${SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:StartDateTime/udt:DateTimeString`;
  const periodEnd = `${SETTLEMENT}/ram:BillingSpecifiedPeriod/ram:EndDateTime/udt:DateTimeString`;
  const refs = `${SETTLEMENT}/ram:InvoiceReferencedDocument`;
  const due = `${SETTLEMENT}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`;
  const issue = `${HEADER}/ram:IssueDateTime/udt:DateTimeString`;
  const completeRef = (c: CheckContext, r: XmlNode) =>
    exists(c, 'ram:IssuerAssignedID', r) && exists(c, 'ram:FormattedIssueDateTime/qdt:DateTimeString', r);
  const paid = set('B2 S2 M2');
  const isPaid = (c: CheckContext) => anyIn(c, FRAME, paid);
  const au = `${SELLER}/ram:GlobalID[@schemeID='0231']`;
  const fiscalRep = `${AGREEMENT}/ram:SellerTaxRepresentativeTradeParty`;
  const fiscalVat = `${fiscalRep}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']`;
  const taxEur = `${TOTALS}/ram:TaxTotalAmount[@currencyID='EUR']`;
  return [
    assert(
      'BR-FR-CO-03_BT-3',
      ROOT,
      (_n, c) => !anyIn(c, TYPE, set('262')) || (first(c, contract) !== '' && first(c, periodStart) !== '' && first(c, periodEnd) !== ''),
      (_n, c) => [joined(nodes(c, contract)), joined(nodes(c, periodStart)), joined(nodes(c, periodEnd))],
    ),
    assert(
      'BR-FR-CO-04_BT-4',
      ROOT,
      (_n, c) => !anyIn(c, TYPE, set('384 471 472 473')) || nodes(c, refs).length === 1,
      (_n, c) => [String(nodes(c, refs).length)],
    ),
    assert(
      'BR-FR-CO-05_BT-3',
      ROOT,
      (_n, c) => {
        if (!anyIn(c, TYPE, set('261 381 396 502 503'))) return true;
        if (nodes(c, refs).some((r) => completeRef(c, r))) return true;
        return nodes(c, LINES)
          .filter((l) => {
            const status = nodes(c, 'ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode', l);
            return status.length === 0 || status.some((s) => sv(s) === 'DETAIL');
          })
          .every((l) => nodes(c, 'ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument', l).some((r) => completeRef(c, r)));
      },
      (_n, c) => [String(nodes(c, refs).filter((r) => completeRef(c, r)).length)],
    ),
    assert(
      'BR-FR-CO-07_BT-9',
      ROOT,
      (_n, c) => {
        const dueDate = first(c, due);
        if (dueDate === '') return true;
        if (anyIn(c, TYPE, set('386 500 503')) || isPaid(c)) return true;
        const issueDate = c.x.node(issue);
        return issueDate !== null && dueDate >= sv(issueDate);
      },
      (_n, c) => [joined(nodes(c, issue)), joined(nodes(c, due)), joined(nodes(c, TYPE)), joined(nodes(c, FRAME))],
    ),
    assert(
      'BR-FR-CO-08_BT-23',
      ROOT,
      (_n, c) => !anyIn(c, FRAME, set('B4 S4 M4')) || !anyIn(c, TYPE, set('386 500 503')),
      (_n, c) => [joined(nodes(c, FRAME)), joined(nodes(c, TYPE))],
    ),
    assert(
      'BR-FR-CO-09_BT-23-1',
      ROOT,
      (_n, c) => !isPaid(c) || num(first(c, `${TOTALS}/ram:TotalPrepaidAmount`)) === num(first(c, `${TOTALS}/ram:GrandTotalAmount`)),
      (_n, c) => [joined(nodes(c, `${TOTALS}/ram:TotalPrepaidAmount`)), joined(nodes(c, `${TOTALS}/ram:GrandTotalAmount`))],
    ),
    assert(
      'BR-FR-CO-09_BT-23-2',
      ROOT,
      (_n, c) => !isPaid(c) || num(first(c, `${TOTALS}/ram:DuePayableAmount`)) === 0,
      (_n, c) => [joined(nodes(c, `${TOTALS}/ram:DuePayableAmount`))],
    ),
    assert(
      'BR-FR-CO-09_BT-23-3',
      ROOT,
      (_n, c) => !isPaid(c) || first(c, due) !== '',
      (_n, c) => [joined(nodes(c, due))],
    ),
    ...(
      [
        ['BT-29', PARTIES.seller],
        ['BT-46', PARTIES.buyer],
        ['BT-60', PARTIES.payee],
        ['EXT-FR-FE-06', PARTIES.buyerAgent],
        ['EXT-FR-FE-46', PARTIES.payer],
        ['EXT-FR-FE-69', PARTIES.salesAgent],
        ['EXT-FR-FE-92', PARTIES.invoicee],
        ['EXT-FR-FE-115', PARTIES.invoicer],
        ['BT-71', PARTIES.shipTo],
        ['EXT-FR-FE-146', PARTIES.lineShipTo],
      ] as const
    ).flatMap(([bt, party]) => [
      assert(`BR-FR-CO-10_${bt}-1`, party, (n, c) =>
        nodes(c, 'ram:GlobalID', n).every((g) => g.nodeType === 1 && g.getAttribute('schemeID') !== null),
      ),
      assert(`BR-FR-CO-10_${bt}-2`, party, (n, c) => {
        const schemes = nodes(c, 'ram:GlobalID/@schemeID', n).map(sv);
        return new Set(schemes).size === schemes.length;
      }),
    ]),
    assert(
      'BR-FR-CO-12_BT-5',
      ROOT,
      (_n, c) =>
        !nodes(c, `${SETTLEMENT}/ram:InvoiceCurrencyCode`).some((n) => sv(n) !== 'EUR') ||
        (anyIn(c, `${SETTLEMENT}/ram:TaxCurrencyCode`, set('EUR')) && first(c, taxEur) !== ''),
      (_n, c) => [
        joined(nodes(c, `${SETTLEMENT}/ram:InvoiceCurrencyCode`)),
        joined(nodes(c, `${SETTLEMENT}/ram:TaxCurrencyCode`)),
        joined(nodes(c, taxEur)),
      ],
    ),
    assert(
      'BR-FR-CO-14_BT-29-1',
      ROOT,
      (_n, c) =>
        !exists(c, au) ||
        nodes(c, `${HEADER}/ram:IncludedNote`).some(
          (note) =>
            nodes(c, 'ram:SubjectCode', note).some((s) => sv(s) === 'TXD') &&
            nodes(c, 'ram:Content', note).some((s) => sv(s) === 'MEMBRE_ASSUJETTI_UNIQUE'),
        ),
    ),
    assert(
      'BR-FR-CO-15_BT-29-1',
      ROOT,
      (_n, c) => !exists(c, au) || (exists(c, fiscalRep) && first(c, fiscalVat) !== ''),
      (_n, c) => [exists(c, fiscalRep) ? 'présent' : 'absent', joined(nodes(c, fiscalVat))],
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// BR-FR-DEC (decimal formats)

function decimalRules(): Rule[] {
  const amounts: [string, string][] = [
    ['BT-92_BT-99', `${HEADER_AC}/ram:ActualAmount`],
    ['BT-93_BT-100', `${HEADER_AC}/ram:BasisAmount`],
    ['BT-106', `${TOTALS}/ram:LineTotalAmount`],
    ['BT-107', `${TOTALS}/ram:AllowanceTotalAmount`],
    ['BT-108', `${TOTALS}/ram:ChargeTotalAmount`],
    ['BT-109', `${TOTALS}/ram:TaxBasisTotalAmount`],
    // The official rule for BT-111 has the same context as BT-110's, so only BT-110 ever fires.
    ['BT-110', `${TOTALS}/ram:TaxTotalAmount`],
    ['BT-112', `${TOTALS}/ram:GrandTotalAmount`],
    ['BT-113', `${TOTALS}/ram:TotalPrepaidAmount`],
    ['BT-114', `${TOTALS}/ram:RoundingAmount`],
    ['BT-115', `${TOTALS}/ram:DuePayableAmount`],
    ['BT-116', `${SETTLEMENT}/ram:ApplicableTradeTax/ram:BasisAmount`],
    ['BT-117', `${SETTLEMENT}/ram:ApplicableTradeTax/ram:CalculatedAmount`],
    ['BT-131', `${LINE_SETTLEMENT}/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`],
    ['BT-136_BT-141', `${LINE_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount`],
    ['BT-137_BT-142', `${LINE_SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:BasisAmount`],
  ];
  const quantities: [string, string][] = [
    ['BT-129', `${LINES}/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity`],
    ['BT-149', `${LINES}/ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity`],
  ];
  const prices: [string, string][] = [
    ['BT-146', `${LINES}/ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount`],
    ['BT-147', `${LINES}/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:AppliedTradeAllowanceCharge/ram:ActualAmount`],
    ['BT-148', `${LINES}/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:ChargeAmount`],
  ];
  const rates: [string, string][] = [
    ['BT-96_BT-103', `${HEADER_AC}/ram:CategoryTradeTax/ram:RateApplicablePercent`],
    ['BT-119', `${SETTLEMENT}/ram:ApplicableTradeTax/ram:RateApplicablePercent`],
    ['BT-152', `${LINE_SETTLEMENT}/ram:ApplicableTradeTax/ram:RateApplicablePercent`],
  ];
  // Messages of the first six amount rules print the literal text `<value-of select="."/>` (sic).
  const amountArgs = (n: XmlNode) => [nsp(sv(n))];
  return [
    ...amounts.map(([bt, path]) => assert(`BR-FR-DEC-01_${bt}`, path, (n) => decimal19_2(nsp(sv(n))), amountArgs)),
    ...quantities.map(([bt, path]) => assert(`BR-FR-DEC-02_${bt}`, path, (n) => decimal19_4(nsp(sv(n))), amountArgs)),
    ...prices.map(([bt, path]) =>
      assert(`BR-FR-DEC-03_${bt}`, path, (n, c) => (specialBD(c) ? decimal19_6(nsp(sv(n))) : decimal19_6Positive(nsp(sv(n)))), amountArgs),
    ),
    ...rates.map(([bt, path]) => assert(`BR-FR-DEC-04_${bt}`, path, (n) => percent4_2(nsp(sv(n))), amountArgs)),
  ];
}

// ---------------------------------------------------------------------------------------------
// BR-FR-MV (multi-vendor invoices, frames S8/B8/M8, most also S9/B9/M9) and BR-FR-BD (bi-directional, S9/B9/M9)

const LINE_ID = 'ram:AssociatedDocumentLineDocument/ram:LineID';
const PARENT_ID = 'ram:AssociatedDocumentLineDocument/ram:ParentLineID';
const STATUS = 'ram:AssociatedDocumentLineDocument/ram:LineStatusReasonCode';
const LINE_SUM = 'ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation';
const AFL130 = "ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='AFL'][ram:TypeCode='130']";
const ITEM_SELLER_ID = 'ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID';

const invCurrency = (c: CheckContext) => nodes(c, `${SETTLEMENT}/ram:InvoiceCurrencyCode`).map(sv);
const accCurrency = (c: CheckContext) => nodes(c, `${SETTLEMENT}/ram:TaxCurrencyCode`).map(sv);
/** `ram:TaxTotalAmount[@currencyID = $currencies]` of a line. */
const lineTaxIn = (c: CheckContext, line: XmlNode, currencies: string[]) =>
  nodes(c, `${LINE_SUM}/ram:TaxTotalAmount`, line).filter(
    (t) => t.nodeType === 1 && currencies.includes(t.getAttribute('currencyID') ?? '\u0000'),
  );
/** Lines whose ParentLineID equals one of `ids` (general comparison). */
const childrenOf = (c: CheckContext, ids: string[]) =>
  nodes(c, LINES).filter((l) => nodes(c, PARENT_ID, l).some((p) => ids.includes(sv(p))));
const numFact = (c: CheckContext, line: XmlNode) => nsp(first(c, `${AFL130}/ram:IssuerAssignedID`, line));
const parentLine = (c: CheckContext, line: XmlNode) => {
  const parents = nodes(c, PARENT_ID, line).map(sv);
  return nodes(c, LINES).filter((l) => nodes(c, LINE_ID, l).some((id) => parents.includes(sv(id))));
};

function multiVendorRules(): Rule[] {
  const groupRootsOf = (c: CheckContext, tx: XmlNode) => nodes(c, GROUP_ROOT_REL, tx);
  const lineId = (n: XmlNode, c: CheckContext) => joined(nodes(c, LINE_ID, n));
  return [
    assert('BR-FR-MV-01_EXT-FR-FE-163', `${LINES}/${STATUS}`, (n, c) => !special(c) || nsp(sv(n)) !== '', self),
    assert('BR-FR-MV-02_EXT-FR-FE-163', TX, (n, c) => !specialMV(c) || groupRootsOf(c, n).length >= 1),
    assert('BR-FR-BD-02_EXT-FR-FE-163', TX, (n, c) => !specialBD(c) || groupRootsOf(c, n).length === 2),
    ...(
      [
        ['BR-FR-BD-02_BT-31', SELLER],
        ['BR-FR-BD-02_BT-47', BUYER],
      ] as const
    ).map(([id, party]) =>
      assert(id, TX, (n, c) => {
        if (!specialBD(c)) return true;
        const ids = nodes(c, `${party}/ram:SpecifiedLegalOrganization/ram:ID`).map(sv);
        return groupRootsOf(c, n).filter((l) => nodes(c, ITEM_SELLER_ID, l).some((x) => ids.includes(sv(x)))).length === 1;
      }),
    ),
    assert(
      'BR-FR-MV-03_EXT-FR-FE-164',
      LINE_GROUP_ROOT,
      (n, c) => !special(c) || nsp(first(c, 'ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:Name', n)) !== '',
      (n, c) => [lineId(n, c), joined(nodes(c, 'ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:Name', n))],
    ),
    assert(
      'BR-FR-MV-03_EXT-FR-FE-167',
      LINE_GROUP_ROOT,
      (n, c) => !special(c) || nsp(first(c, ITEM_SELLER_ID, n)) !== '',
      (n, c) => [lineId(n, c), joined(nodes(c, ITEM_SELLER_ID, n))],
    ),
    assert(
      'BR-FR-MV-03_EXT-FR-FE-177',
      LINE_GROUP_ROOT,
      (n, c) =>
        !special(c) ||
        nsp(first(c, 'ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:PostalTradeAddress/ram:CountryID', n)) !== '',
      (n, c) => [
        lineId(n, c),
        joined(nodes(c, 'ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:PostalTradeAddress/ram:CountryID', n)),
      ],
    ),
    assert(
      'BR-FR-MV-03_EXT-FR-FE-181',
      LINE_GROUP_ROOT,
      (n, c) => !special(c) || nsp(sv(lineTaxIn(c, n, invCurrency(c))[0])) !== '',
      (n, c) => [lineId(n, c), joined(lineTaxIn(c, n, invCurrency(c)))],
    ),
    assert(
      'BR-FR-MV-03_EXT-FR-FE-182',
      LINE_GROUP_ROOT,
      (n, c) => {
        if (!special(c)) return true;
        const acc = accCurrency(c);
        if (acc.length === 0) return true;
        return acc.some((a) => a !== '') && nsp(sv(lineTaxIn(c, n, acc)[0])) !== '';
      },
      (n, c) => [lineId(n, c), accCurrency(c).join(' '), joined(lineTaxIn(c, n, accCurrency(c)))],
    ),
    assert(
      'BR-FR-MV-03_BT-128_AFL',
      `${LINE_GROUP_ROOT}/ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='AFL']`,
      (n, c) => !special(c) || (anyIn(c, 'ram:TypeCode', set('130'), n) && nsp(first(c, 'ram:IssuerAssignedID', n)) !== ''),
      (n, c) => [joined(nodes(c, 'ram:IssuerAssignedID', n))],
    ),
    assert(
      'BR-FR-MV-03_BT-128_AVV',
      `${LINE_GROUP_ROOT}/ram:SpecifiedLineTradeSettlement/ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='AVV']`,
      (n, c) =>
        !special(c) ||
        (anyIn(c, 'ram:TypeCode', set('130'), n) &&
          nsp(first(c, 'ram:IssuerAssignedID', n)) !== '' &&
          !anyIn(c, 'ram:IssuerAssignedID', set('M8 S8 B8'), n)),
      (n, c) => [joined(nodes(c, 'ram:IssuerAssignedID', n))],
    ),
    assert(
      'BR-FR-MV-05_EXT-FR-FE-BG-12',
      LINE_GROUP_ROOT,
      (n, c) => {
        if (!special(c)) return true;
        const { sum, count } = subLines(n, c);
        return Math.abs(num(first(c, `${LINE_SUM}/ram:LineTotalAmount`, n)) - sum) <= 0.01 * count;
      },
      (n, c) => {
        const { sum, count } = subLines(n, c);
        return [nsp(first(c, LINE_ID, n)), String(sum), String(count), joined(nodes(c, `${LINE_SUM}/ram:LineTotalAmount`, n))];
      },
    ),
    assert(
      'BR-FR-MV-06_EXT-FR-FE-167',
      LINES,
      (n, c) => {
        if (!special(c)) return true;
        const legal = nsp(first(c, ITEM_SELLER_ID, n));
        if (legal === '') return false;
        if (!exists(c, PARENT_ID, n)) return true;
        return legal === nsp(sv(parentLine(c, n).flatMap((p) => nodes(c, ITEM_SELLER_ID, p))[0]));
      },
      (n, c) => [
        lineId(n, c),
        joined(nodes(c, PARENT_ID, n)),
        nsp(first(c, ITEM_SELLER_ID, n)),
        nsp(sv(parentLine(c, n).flatMap((p) => nodes(c, ITEM_SELLER_ID, p))[0])),
      ],
    ),
    assert(
      'BR-FR-MV-07_BT-128',
      LINES,
      (n, c) => {
        if (!special(c)) return true;
        const fact = numFact(c, n);
        if (fact === '') return false;
        if (!exists(c, PARENT_ID, n)) return true;
        return fact === nsp(sv(parentLine(c, n).flatMap((p) => nodes(c, `${AFL130}/ram:IssuerAssignedID`, p))[0]));
      },
      (n, c) => [
        lineId(n, c),
        joined(nodes(c, PARENT_ID, n)),
        numFact(c, n),
        nsp(sv(parentLine(c, n).flatMap((p) => nodes(c, `${AFL130}/ram:IssuerAssignedID`, p))[0])),
      ],
    ),
    assert(
      'BR-FR-MV-08_BT-128',
      `${LINES}[${STATUS}='DETAIL']`,
      (n, c) => {
        if (!special(c)) return true;
        const reason = first(c, 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:ExemptionReason', n);
        const fact = numFact(c, n);
        return nsp(reason) !== '' && fact !== '' && reason.startsWith(`#${fact}#`);
      },
      (n, c) => [
        lineId(n, c),
        joined(nodes(c, 'ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:ExemptionReason', n)),
        numFact(c, n),
      ],
    ),
    assert(
      'BR-FR-MV-09_EXT-FR-FE-181',
      LINE_GROUP_ROOT,
      (n, c) => !special(c) || Math.abs(num(sv(lineTaxIn(c, n, invCurrency(c))[0])) - groupVat(n, c)) <= 0.01,
      (n, c) => [lineId(n, c), numFact(c, n), joined(lineTaxIn(c, n, invCurrency(c))), String(groupVat(n, c))],
    ),
    assert(
      'BR-FR-MV-10_EXT-FR-FE-184',
      LINE_GROUP_ROOT,
      (n, c) => {
        if (!special(c)) return true;
        const grand = c.x.node(`${LINE_SUM}/ram:GrandTotalAmount`, n);
        if (!grand) return true;
        if (nsp(sv(grand)) === '') return false;
        const net = num(first(c, `${LINE_SUM}/ram:LineTotalAmount`, n));
        const tax = num(sv(lineTaxIn(c, n, invCurrency(c))[0]));
        return Math.abs(num(sv(grand)) - net - tax) <= 0.01 * detailCount(n, c);
      },
      (n, c) => [
        joined(nodes(c, LINE_ID, n)),
        String(detailCount(n, c)),
        joined(nodes(c, `${LINE_SUM}/ram:GrandTotalAmount`, n)),
        joined(lineTaxIn(c, n, invCurrency(c))),
        joined(nodes(c, `${LINE_SUM}/ram:LineTotalAmount`, n)),
        sv(n),
      ],
    ),
    assert(
      'BR-FR-MV-11_BT-128',
      LINE_GROUP_ROOT,
      (n, c) => {
        if (!special(c)) return true;
        const sellerIds = nodes(c, `${SELLER}/ram:SpecifiedLegalOrganization/ram:ID`).map(sv);
        if (!nodes(c, ITEM_SELLER_ID, n).some((x) => sellerIds.includes(sv(x)))) return true;
        const sub = subInvoicesOfSeller(c);
        const fact = nsp(first(c, `${AFL130}/ram:IssuerAssignedID`, n));
        const invId = nodes(c, `${HEADER}/ram:ID`).map(sv);
        return sub === 1 || (sub === 0 && invId.includes(fact)) || (sub > 1 && invId.some((i) => i !== fact));
      },
      (n, c) => [
        joined(nodes(c, `${SELLER}/ram:SpecifiedLegalOrganization/ram:ID`)),
        lineId(n, c),
        joined(nodes(c, `${HEADER}/ram:ID`)),
        String(subInvoicesOfSeller(c)),
        nsp(first(c, `${AFL130}/ram:IssuerAssignedID`, n)),
      ],
    ),
    assert('BR-FR-MV-12_BT-128', TX, (n, c) => {
      if (!special(c)) return true;
      const all = nodes(c, '//ram:IssuerAssignedID');
      const position = new Map(all.map((node, i) => [node, i]));
      const firstOf = new Map<string, number>();
      all.forEach((node, i) => {
        if (!firstOf.has(sv(node))) firstOf.set(sv(node), i);
      });
      return !groupRootsOf(c, n)
        .flatMap((l) => nodes(c, `${AFL130}/ram:IssuerAssignedID`, l))
        .some((id) => (firstOf.get(sv(id)) ?? Infinity) < (position.get(id) ?? -1));
    }),
    assert('BR-FR-MV-13_BT-3', TYPE, (n, c) => !specialMV(c) || (nsp(sv(n)) !== '' && !SELF_BILLED.has(sv(n))), self),
    assert('BR-FR-BD-13_BT-3', TYPE, (n, c) => !specialBD(c) || (nsp(sv(n)) !== '' && SELF_BILLED.has(nsp(sv(n)))), self),
    ...(
      [
        ['BR-FR-MV-14', '384 472 381 396 503', specialMV],
        ['BR-FR-BD-14', '261 471 473 502', specialBD],
      ] as const
    ).flatMap(([family, types, applies]) => {
      const inScope = (c: CheckContext) => anyIn(c, TYPE, set(types));
      return [
        assert(
          `${family}-EXT-FR-FE-136`,
          LINE_GROUP_ROOT,
          (n, c) =>
            !inScope(c) ||
            !applies(c) ||
            exists(c, 'ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:IssuerAssignedID', n),
          (n, c) => [lineId(n, c)],
        ),
        assert(
          `${family}-EXT-FR-FE-138`,
          LINE_GROUP_ROOT,
          (n, c) =>
            !inScope(c) ||
            !applies(c) ||
            exists(c, 'ram:SpecifiedLineTradeSettlement/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString', n),
          (n, c) => [lineId(n, c)],
        ),
      ];
    }),
  ];
}

/** MV-05: the sub-lines of a GROUP line (status present and not INFORMATION), their net total and count. */
function subLines(group: XmlNode, c: CheckContext): { sum: number; count: number } {
  const id = nsp(first(c, LINE_ID, group));
  const amounts = childrenOf(c, [id])
    .filter((l) => nodes(c, STATUS, l).some((s) => sv(s) !== 'INFORMATION'))
    .flatMap((l) => nodes(c, `${LINE_SUM}/ram:LineTotalAmount`, l));
  return { sum: amounts.reduce((acc, a) => acc + num(sv(a)), 0), count: amounts.length };
}

/** MV-09: the VAT of the breakdowns whose exemption reason starts with #<sub-invoice number>#. */
function groupVat(group: XmlNode, c: CheckContext): number {
  const prefix = `#${numFact(c, group)}#`;
  return nodes(c, `${SETTLEMENT}/ram:ApplicableTradeTax`)
    .filter((t) => anyIn(c, 'ram:TypeCode', set('VAT'), t) && nodes(c, 'ram:ExemptionReason', t).some((r) => sv(r).startsWith(prefix)))
    .flatMap((t) => nodes(c, 'ram:CalculatedAmount', t))
    .reduce((acc, a) => acc + num(sv(a)), 0);
}

/** MV-10: the number of DETAIL lines under a GROUP line. */
function detailCount(group: XmlNode, c: CheckContext): number {
  const ids = nodes(c, LINE_ID, group).map(sv);
  return childrenOf(c, ids).filter((l) => nodes(c, STATUS, l).some((s) => sv(s) === 'DETAIL')).length;
}

/** $nbSubinvoiceSeller: GROUP lines of the main seller whose AFL/130 sub-invoice number is the invoice number. */
function subInvoicesOfSeller(c: CheckContext): number {
  return c.shared('brfr:subInvoicesOfSeller', () => {
    const sellerIds = nodes(c, `${SELLER}/ram:SpecifiedLegalOrganization/ram:ID`).map(sv);
    const invIds = nodes(c, `${HEADER}/ram:ID`).map(sv);
    return nodes(c, `//${GROUP_ROOT_REL}`)
      .filter((l) => nodes(c, ITEM_SELLER_ID, l).some((x) => sellerIds.includes(sv(x))))
      .flatMap((l) => nodes(c, AFL130, l))
      .filter((d) => nodes(c, 'ram:IssuerAssignedID', d).some((x) => invIds.includes(sv(x)))).length;
  });
}

export const frenchRules: Rule[] = [
  ...idRules(),
  ...dateRules(),
  ...typeCodeRules(),
  ...noteRules(),
  assert(
    'BR-FR-08_BT-23',
    CONTEXT,
    (n, c) =>
      exists(c, 'ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID', n) &&
      BILLING_MODES.has(first(c, 'ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID', n)),
    (n, c) => [joined(nodes(c, 'ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID', n))],
  ),
  ...siretRules(),
  ...partyRules(),
  ...vatRules(),
  ...attachmentRules(),
  ...barRules(),
  ...addressRules(),
  ...characteristicRules(),
  ...objectRules(),
  ...legalIdRules(),
  ...coherenceRules(),
  ...decimalRules(),
  // Every MV and BD assert holds outside the frames S8, B8, M8, S9, B9, M9: skip them there at once.
  ...multiVendorRules().map((rule): Rule => ({ ...rule, check: (c) => (special(c) ? rule.check(c) : []) })),
];

/** The rule families of the official set (BR-FR-01, …, BR-FR-CO-10, BR-FR-MV-14, BR-FR-BD-02, …). */
export function familyOf(id: string): string {
  const m = /^BR-FR-(?:(CO|DEC|MV|BD)-)?(\d+)/.exec(id);
  if (!m) return id;
  return m[1] ? `BR-FR-${m[1]}-${m[2]}` : `BR-FR-${m[2]}`;
}

// ---------------------------------------------------------------------------------------------
// Scope: which documents the French rules bind.

/** Countries whose buyers are domestic for the French rules: France and the overseas departments and
 * collectivities where French VAT and e-invoicing rules apply. */
export const DOMESTIC_COUNTRIES: ReadonlySet<string> = set('FR GP MQ GF RE YT PM BL MF');

/**
 * A domestic B2B document: the buyer is identified by a French SIREN (legal registration, scheme 0002; a
 * malformed one still counts, so that BR-FR-32 blocks it) and its address, when given, is in France or an overseas department. Only these documents are held
 * to the BR-FR rules; on any other (consumer, foreign buyer) the BR-FR findings are warnings.
 */
export function isDomesticB2B(c: CheckContext): boolean {
  if (nsp(first(c, buyerSiren)) === '') return false;
  const country = nsp(first(c, `${BUYER}/ram:PostalTradeAddress/ram:CountryID`)).toUpperCase();
  return country === '' || DOMESTIC_COUNTRIES.has(country);
}
