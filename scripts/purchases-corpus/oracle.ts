// What a purchase read from an e-invoice must hold, worked out from the file independently of the
// reader under test (src/modules/purchases): the PDF's attachment found by pdf-lib, the XML walked by
// local names on a saxes tree, the expected purchase derived by the rules of docs/purchases.md.
// Used by scripts/purchases-corpus/measure.ts (public corpora) and test/modules/purchases/corpus.test.ts.
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, decodePDFRawStream } from 'pdf-lib';
import { SaxesParser } from 'saxes';

export interface Node {
  name: string;
  ns: string;
  attrs: Record<string, string>;
  text: string;
  children: Node[];
}

export function parseTree(xml: string): Node {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [];
  let root: Node | null = null;
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) attrs[typeof a === 'string' ? a : a.local] = typeof a === 'string' ? a : a.value;
    const node: Node = { name: tag.local ?? tag.name, ns: tag.uri ?? '', attrs, text: '', children: [] };
    if (stack.length) stack[stack.length - 1].children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on('text', (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
  });
  parser.on('cdata', (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml.replace(/^\uFEFF/, '')).close();
  if (!root) throw new Error('no root element');
  return root;
}

const kids = (n: Node | undefined, name: string) => (n ? n.children.filter((c) => c.name === name) : []);
function all(n: Node | undefined, path: string): Node[] {
  let level = n ? [n] : [];
  for (const step of path.split('/')) level = level.flatMap((x) => kids(x, step));
  return level;
}
const one = (n: Node | undefined, path: string): Node | undefined => all(n, path)[0];
const txt = (n: Node | undefined): string => (n ? (n.text + n.children.map(txt).join('')).trim() : '');
const val = (n: Node | undefined, path: string) => txt(one(n, path)) || null;

export interface ExpectedVat {
  rate: string;
  base: string;
  vat: string;
}

export interface Expected {
  syntax: 'CII' | 'ZUGFeRD 1.0' | 'ZUGFeRD 1.0 RC' | 'UBL';
  profile: string;
  number: string;
  issueDate: string | null;
  sellerName: string | null;
  /** Every SIRET/SIREN and VAT number the file gives the seller, normalized. */
  identifiers: string[];
  /** The currency the stored amounts must be in. */
  currency: string;
  net: string | null;
  vat: string | null;
  total: string;
  vats: ExpectedVat[] | null;
  isCredit: boolean;
}

const CREDIT = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532']);

/** Exact decimal arithmetic on strings to the cent, through BigInt of 1e-8 units (the oracle avoids big.js too). */
const SCALE = 100_000_000n;
function units(s: string): bigint | null {
  const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(s);
  if (!m || (!m[2] && !m[3])) return null;
  const frac = (m[3] ?? '').padEnd(8, '0').slice(0, 8);
  const v = BigInt(m[2] || '0') * SCALE + BigInt(frac || '0');
  return m[1] === '-' ? -v : v;
}
/** Half-up to the cent, away from zero, as a "-12.35" string. */
function cents(v: bigint): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const c = (a + SCALE / 200n) / (SCALE / 100n);
  const s = `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
  return neg && c !== 0n ? `-${s}` : s;
}
const add = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
const norm = (s: string) => s.replace(/[\s.\-\u00a0\u202f]/g, '').toUpperCase();

function profileLabel(id: string | null, syntax: Expected['syntax']): string {
  const p = (id ?? '').toLowerCase();
  if (syntax !== 'CII' && syntax !== 'UBL') {
    const level = /extended/.test(p) ? 'EXTENDED' : /comfort/.test(p) ? 'COMFORT' : /basic/.test(p) ? 'BASIC' : '?';
    return `${syntax} ${level}`;
  }
  if (/xrechnung/.test(p)) return 'XRechnung';
  if (/peppol/.test(p)) return 'Peppol BIS';
  if (/minimum/.test(p)) return 'MINIMUM';
  if (/basicwl/.test(p)) return 'BASIC WL';
  if (/extended/.test(p)) return 'EXTENDED';
  if (/basic/.test(p)) return 'BASIC';
  if (/en16931|urn:cen\.eu:en16931:2017$/.test(p) || p === 'urn:cen.eu:en16931:2017') return 'EN 16931';
  return id ? 'other' : 'none';
}

/** The expected purchase, or a reason the file is not an invoice the reader must read. */
export function expectedFromXml(xml: string): Expected | { notAnInvoice: string } {
  let root: Node;
  try {
    root = parseTree(xml);
  } catch (err) {
    return { notAnInvoice: `not well-formed XML (${err instanceof Error ? err.message.slice(0, 80) : String(err)})` };
  }
  let syntax: Expected['syntax'];
  let e: Omit<Expected, 'syntax' | 'profile' | 'currency' | 'net' | 'vat' | 'total' | 'vats'> & {
    profileId: string | null;
    docCurrency: string;
    taxCurrency: string | null;
    net: bigint | null;
    vatTotals: Node[];
    total: bigint | null;
    vats: { rate: bigint; base: bigint; vat: bigint }[] | null;
  };
  const amount = (n: Node | undefined) => (n ? units(txt(n)) : null);
  const date = (s: string | null) => {
    const m = s ? /^(\d{4})-?(\d{2})-?(\d{2})/.exec(s.replace(/\s/g, '')) : null;
    return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
  };
  if (
    root.name === 'CrossIndustryInvoice' ||
    root.name === 'CrossIndustryDocument' ||
    (root.name === 'Invoice' && root.ns.includes('CBFBUY'))
  ) {
    syntax = root.name === 'CrossIndustryInvoice' ? 'CII' : root.name === 'Invoice' ? 'ZUGFeRD 1.0 RC' : 'ZUGFeRD 1.0';
    if (root.name === 'CrossIndustryDocument' && root.ns !== 'urn:ferd:CrossIndustryDocument:invoice:1p0')
      return { notAnInvoice: `CrossIndustryDocument of namespace ${root.ns}` };
    if (root.name === 'CrossIndustryInvoice' && root.ns !== 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100')
      return { notAnInvoice: `CrossIndustryInvoice of namespace ${root.ns}` };
    const d16b = syntax === 'CII';
    const header = one(root, d16b ? 'ExchangedDocument' : 'HeaderExchangedDocument');
    const tx = one(root, d16b ? 'SupplyChainTradeTransaction' : 'SpecifiedSupplyChainTradeTransaction');
    const agreement = one(tx, d16b ? 'ApplicableHeaderTradeAgreement' : 'ApplicableSupplyChainTradeAgreement');
    const settlement = one(tx, d16b ? 'ApplicableHeaderTradeSettlement' : 'ApplicableSupplyChainTradeSettlement');
    const totals = one(settlement, d16b ? 'SpecifiedTradeSettlementHeaderMonetarySummation' : 'SpecifiedTradeSettlementMonetarySummation');
    const seller = one(agreement, 'SellerTradeParty');
    const ids: string[] = [];
    for (const n of [...all(seller, 'ID'), ...all(seller, 'GlobalID'), ...all(seller, 'SpecifiedLegalOrganization/ID')]) {
      if (n.attrs.schemeID === '0009' || n.attrs.schemeID === '0002') ids.push(norm(txt(n)));
    }
    for (const n of all(seller, 'SpecifiedTaxRegistration/ID')) if (n.attrs.schemeID === 'VA' && txt(n)) ids.push(norm(txt(n)));
    const typeCode = val(header, 'TypeCode') ?? '';
    const dateNode = one(header, 'IssueDateTime');
    const vats = all(settlement, 'ApplicableTradeTax').map((t) => ({
      rate: units(val(t, 'RateApplicablePercent') ?? val(t, 'ApplicablePercent') ?? '0'),
      base: amount(one(t, 'BasisAmount')),
      vat: amount(one(t, 'CalculatedAmount')),
    }));
    e = {
      profileId: val(
        root,
        `${d16b ? 'ExchangedDocumentContext' : 'SpecifiedExchangedDocumentContext'}/GuidelineSpecifiedDocumentContextParameter/ID`,
      ),
      number: val(header, 'ID') ?? '',
      issueDate: date(val(dateNode, 'DateTimeString') ?? txt(dateNode)),
      sellerName: val(seller, 'Name'),
      identifiers: [...new Set(ids.filter(Boolean))],
      docCurrency: (val(settlement, 'InvoiceCurrencyCode') ?? 'EUR').toUpperCase(),
      taxCurrency: val(settlement, 'TaxCurrencyCode'),
      isCredit: CREDIT.has(typeCode),
      net: amount(one(totals, 'TaxBasisTotalAmount')),
      vatTotals: all(totals, 'TaxTotalAmount'),
      total: amount(one(totals, 'GrandTotalAmount')) ?? amount(one(totals, 'DuePayableAmount')),
      vats:
        vats.length && vats.every((v) => v.rate !== null && v.base !== null && v.vat !== null)
          ? (vats as { rate: bigint; base: bigint; vat: bigint }[])
          : null,
    };
  } else if (
    (root.name === 'Invoice' || root.name === 'CreditNote') &&
    root.ns.startsWith('urn:oasis:names:specification:ubl:schema:xsd:')
  ) {
    syntax = 'UBL';
    const credit = root.name === 'CreditNote';
    const seller = one(root, 'AccountingSupplierParty/Party');
    const ids: string[] = [];
    for (const n of [...all(seller, 'PartyIdentification/ID'), ...all(seller, 'PartyLegalEntity/CompanyID')]) {
      if (n.attrs.schemeID === '0009' || n.attrs.schemeID === '0002') ids.push(norm(txt(n)));
    }
    for (const s of all(seller, 'PartyTaxScheme'))
      if (val(s, 'TaxScheme/ID') === 'VAT' && val(s, 'CompanyID')) ids.push(norm(val(s, 'CompanyID')!));
    const docCurrency = (val(root, 'DocumentCurrencyCode') ?? 'EUR').toUpperCase();
    const taxTotals = kids(root, 'TaxTotal');
    const main =
      taxTotals.find((t) => one(t, 'TaxAmount')?.attrs.currencyID?.toUpperCase() === docCurrency && one(t, 'TaxSubtotal')) ??
      taxTotals.find((t) => one(t, 'TaxAmount')?.attrs.currencyID?.toUpperCase() === docCurrency) ??
      taxTotals[0];
    const vats = all(main, 'TaxSubtotal').map((t) => ({
      rate: units(val(t, 'TaxCategory/Percent') ?? '0'),
      base: amount(one(t, 'TaxableAmount')),
      vat: amount(one(t, 'TaxAmount')),
    }));
    const typeCode = val(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode') ?? '';
    e = {
      profileId: val(root, 'CustomizationID'),
      number: val(root, 'ID') ?? '',
      issueDate: date(val(root, 'IssueDate')),
      sellerName: val(seller, 'PartyLegalEntity/RegistrationName') ?? val(seller, 'PartyName/Name'),
      identifiers: [...new Set(ids.filter(Boolean))],
      docCurrency,
      taxCurrency: val(root, 'TaxCurrencyCode'),
      isCredit: credit || CREDIT.has(typeCode),
      net: amount(one(root, 'LegalMonetaryTotal/TaxExclusiveAmount')),
      vatTotals: taxTotals.flatMap((t) => kids(t, 'TaxAmount')),
      total: amount(one(root, 'LegalMonetaryTotal/TaxInclusiveAmount')) ?? amount(one(root, 'LegalMonetaryTotal/PayableAmount')),
      vats:
        vats.length && vats.every((v) => v.rate !== null && v.base !== null && v.vat !== null)
          ? (vats as { rate: bigint; base: bigint; vat: bigint }[])
          : null,
    };
  } else {
    return { notAnInvoice: `root element ${root.name} (${root.ns || 'no namespace'})` };
  }
  if (!e.number) return { notAnInvoice: 'no invoice number (BT-1)' };

  const inDoc = e.vatTotals.find((n) => (n.attrs.currencyID ?? e.docCurrency).toUpperCase() === e.docCurrency) ?? e.vatTotals[0];
  const inEur =
    e.taxCurrency?.toUpperCase() === 'EUR' && e.docCurrency !== 'EUR'
      ? e.vatTotals.find((n) => n.attrs.currencyID?.toUpperCase() === 'EUR')
      : undefined;
  let net = e.net ?? (e.vats ? add(e.vats.map((v) => v.base)) : null);
  let vat = (inDoc ? units(txt(inDoc)) : null) ?? (e.vats ? add(e.vats.map((v) => v.vat)) : null);
  let total = e.total;
  if (vat === null && net !== null && total !== null) vat = total - net;
  if (total === null && net !== null && vat !== null) total = net + vat;
  let vats = e.vats;
  let currency = e.docCurrency;
  if (currency !== 'EUR' && inEur && vat !== null && vat !== 0n) {
    // The rate BT-111 / BT-110, applied as the reader does: exact products rounded to the cent.
    const eur = units(txt(inEur))!;
    const conv = (x: bigint) => (x * eur) / vat!;
    net = net === null ? null : conv(net);
    total = total === null ? null : conv(total);
    vats = vats && vats.map((v) => ({ rate: v.rate, base: conv(v.base), vat: conv(v.vat) }));
    vat = eur;
    currency = 'EUR';
  }
  const sign = (x: bigint) => (e.isCredit ? -(x < 0n ? -x : x) : x);
  return {
    syntax,
    profile: profileLabel(e.profileId, syntax),
    number: e.number,
    issueDate: e.issueDate,
    sellerName: e.sellerName,
    identifiers: e.identifiers,
    currency,
    net: net === null ? null : cents(sign(net)),
    vat: vat === null ? null : cents(sign(vat)),
    total: total === null ? '0.00' : cents(sign(total)),
    vats: vats && vats.map((v) => ({ rate: String(Number(cents(v.rate))), base: cents(sign(v.base)), vat: cents(sign(v.vat)) })),
    isCredit: e.isCredit,
  };
}

const INVOICE_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/** The invoice XML a PDF carries, found by pdf-lib (not by the reader under test); null when none. */
export async function attachedXml(pdf: Uint8Array): Promise<{ name: string; xml: string } | null> {
  const doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const found: { name: string; bytes: Uint8Array }[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict) || !(obj.lookup(PDFName.of('EF')) instanceof PDFDict)) continue;
    const nameObj = obj.lookup(PDFName.of('UF')) ?? obj.lookup(PDFName.of('F'));
    const name = nameObj instanceof PDFString || nameObj instanceof PDFHexString ? nameObj.decodeText() : '';
    const ef = obj.lookup(PDFName.of('EF')) as PDFDict;
    const stream = ef.lookup(PDFName.of('F')) ?? ef.lookup(PDFName.of('UF'));
    if (stream instanceof PDFRawStream) found.push({ name, bytes: decodePDFRawStream(stream).decode() });
  }
  for (const wanted of INVOICE_NAMES) {
    const hit = found.find((f) => (f.name.split(/[\\/]/).pop() ?? '').trim().toLowerCase() === wanted);
    if (hit) {
      const head = Buffer.from(hit.bytes.subarray(0, 200)).toString('latin1');
      const latin = /encoding\s*=\s*["'](iso-8859-1|latin1|windows-1252)["']/i.test(head);
      return { name: hit.name, xml: latin ? Buffer.from(hit.bytes).toString('latin1') : new TextDecoder().decode(hit.bytes) };
    }
  }
  return null;
}
