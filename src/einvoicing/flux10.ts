// Writing a PPF Flux 10 e-reporting file (AIFE Flux 10 v1.0: ereporting.xsd and its Schematron): one
// report per file, either transactions (TB-2: invoices one by one, TG-8, and B2C aggregates per day,
// TG-31) or payments (TB-3: invoices' collections one by one, TG-34, and aggregated, TG-37).
// Pure: the e-reporting module decides what goes in; this only writes it. Amounts are decimal strings
// with 2 decimals, rates decimal strings ("20", "5.5"), dates ISO "YYYY-MM-DD" (written AAAAMMJJ).

export interface Flux10Header {
  /** TT-1: unique per transmission, at most 50 characters of [A-Za-z0-9 -+_/]. */
  id: string;
  /** TT-3, ISO date-time (written AAAAMMJJHHMMSS, UTC). */
  issuedAt: string;
  /** TT-4: IN initial, RE rectifying. */
  typeCode: 'IN' | 'RE';
  /** TG-3: the plateforme agréée that transmits it (scheme 0238, its 4-character registration number). */
  platform: { id: string; name: string };
  /** TG-5: the declarant (SIREN, scheme 0002), as seller (SE) or buyer (BY). */
  declarant: { siren: string; name: string; role: 'SE' | 'BY' };
}

export interface Flux10Party {
  /** TT-33 / TT-36 and its scheme: 0002 SIREN, 0223 EU outside France, 0227 outside the EU. */
  id: string | null;
  scheme: '0002' | '0223' | '0227' | null;
  vatNumber: string | null;
  countryIso: string | null;
}

export interface Flux10TaxSubtotal {
  taxableAmount: string;
  taxAmount: string;
  category: string;
  rate: string;
  exemptionReason?: string | null;
  exemptionReasonCode?: string | null;
}

/** TG-8: one invoice or credit note (B2B international sale or purchase). */
export interface Flux10Invoice {
  number: string;
  issueDate: string;
  /** UNTDID 1001: 380 invoice, 381 credit note, 386 deposit invoice. */
  typeCode: string;
  /** TT-24 (UNTDID 2005): 5 invoice date (VAT on debits), 72 paid to date (VAT on receipts). */
  taxDueDateTypeCode?: string | null;
  /** TT-28 billing framework (cadre de facturation, rule G1.02): B1 goods, S1 services, M1 mixed, … */
  businessProcess: string;
  referencedInvoice?: { number: string; issueDate: string } | null;
  seller: Flux10Party;
  buyer: Flux10Party;
  taxExclusiveAmount: string;
  taxAmount: string;
  subtotals: Flux10TaxSubtotal[];
}

/** TG-31: B2C transactions of one day, one category. */
export interface Flux10Aggregate {
  date: string;
  /** TLB1 goods, TPS1 services, TNT1 not taxable in France, TMA1 margin scheme. */
  category: 'TLB1' | 'TPS1' | 'TNT1' | 'TMA1';
  taxDueDateTypeCode?: string | null;
  taxExclusiveAmount: string;
  taxAmount: string;
  count: number;
  subtotals: { rate: string; taxableAmount: string; taxAmount: string }[];
}

export interface Flux10Payment {
  date: string;
  subtotals: { rate: string; amount: string }[];
}

export type Flux10Report =
  | { kind: 'Transactions'; start: string; end: string; invoices: Flux10Invoice[]; aggregates: Flux10Aggregate[] }
  | {
      kind: 'Payments';
      start: string;
      end: string;
      invoices: (Flux10Payment & { number: string; issueDate: string })[];
      aggregates: Flux10Payment[];
    };

function esc(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const day = (iso: string) => iso.slice(0, 10).replaceAll('-', '');
const stamp = (iso: string) => iso.slice(0, 19).replace(/[-:T]/g, '');

class Out {
  private readonly lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  private depth = 0;
  open(name: string) {
    this.lines.push(`${'  '.repeat(this.depth++)}<${name}>`);
  }
  close(name: string) {
    this.lines.push(`${'  '.repeat(--this.depth)}</${name}>`);
  }
  leaf(name: string, value: string | number | null | undefined, attrs: Record<string, string> = {}) {
    if (value === null || value === undefined || value === '') return;
    const a = Object.entries(attrs)
      .map(([k, v]) => ` ${k}="${esc(v)}"`)
      .join('');
    this.lines.push(`${'  '.repeat(this.depth)}<${name}${a}>${esc(String(value))}</${name}>`);
  }
  toString() {
    return `${this.lines.join('\n')}\n`;
  }
}

function party(o: Out, name: 'Seller' | 'Buyer', p: Flux10Party) {
  o.open(name);
  if (p.id && p.scheme) o.leaf('CompanyId', p.id, { schemeId: p.scheme });
  if (p.vatNumber) o.leaf('TaxRegistrationId', p.vatNumber, { qualifyingId: 'VAT' });
  if (p.countryIso) {
    o.open('PostalAddress');
    o.leaf('CountryId', p.countryIso);
    o.close('PostalAddress');
  }
  o.close(name);
}

function invoice(o: Out, i: Flux10Invoice) {
  o.open('Invoice');
  o.leaf('ID', i.number);
  o.leaf('IssueDate', day(i.issueDate));
  o.leaf('TypeCode', i.typeCode);
  o.leaf('CurrencyCode', 'EUR');
  o.leaf('TaxDueDateTypeCode', i.taxDueDateTypeCode);
  o.open('BusinessProcess');
  o.leaf('ID', i.businessProcess);
  o.leaf('TypeID', 'urn.cpro.gouv.fr:1p0:ereporting');
  o.close('BusinessProcess');
  if (i.referencedInvoice) {
    o.open('ReferencedDocument');
    o.leaf('ID', i.referencedInvoice.number);
    o.leaf('IssueDate', day(i.referencedInvoice.issueDate));
    o.close('ReferencedDocument');
  }
  party(o, 'Seller', i.seller);
  party(o, 'Buyer', i.buyer);
  o.open('MonetaryTotal');
  o.leaf('TaxExclusiveAmount', i.taxExclusiveAmount);
  o.leaf('TaxAmount', i.taxAmount, { CurrencyCode: 'EUR' });
  o.close('MonetaryTotal');
  for (const s of i.subtotals) {
    o.open('TaxSubTotal');
    o.leaf('TaxableAmount', s.taxableAmount);
    o.leaf('TaxAmount', s.taxAmount);
    o.open('TaxCategory');
    o.leaf('Code', s.category);
    o.leaf('Percent', s.rate);
    o.leaf('TaxExemptionReason', s.exemptionReason);
    o.leaf('TaxExemptionReasonCode', s.exemptionReasonCode);
    o.close('TaxCategory');
    o.close('TaxSubTotal');
  }
  o.close('Invoice');
}

function payment(o: Out, p: Flux10Payment) {
  o.open('Payment');
  o.leaf('Date', day(p.date));
  for (const s of p.subtotals) {
    o.open('SubTotals');
    o.leaf('TaxPercent', s.rate);
    o.leaf('CurrencyCode', 'EUR');
    o.leaf('Amount', s.amount);
    o.close('SubTotals');
  }
  o.close('Payment');
}

export function writeFlux10(header: Flux10Header, report: Flux10Report): string {
  const o = new Out();
  o.open('Report');
  o.open('ReportDocument');
  o.leaf('Id', header.id);
  o.open('IssueDateTime');
  o.leaf('DateTimeString', stamp(header.issuedAt));
  o.close('IssueDateTime');
  o.leaf('TypeCode', header.typeCode);
  o.open('Sender');
  o.leaf('Id', header.platform.id, { schemeId: '0238' });
  o.leaf('Name', header.platform.name);
  o.leaf('RoleCode', 'WK');
  o.close('Sender');
  o.open('Issuer');
  o.leaf('Id', header.declarant.siren, { schemeId: '0002' });
  o.leaf('Name', header.declarant.name);
  o.leaf('RoleCode', header.declarant.role);
  o.close('Issuer');
  o.close('ReportDocument');
  const root = report.kind === 'Transactions' ? 'TransactionsReport' : 'PaymentsReport';
  o.open(root);
  o.open('ReportPeriod');
  o.leaf('StartDate', day(report.start));
  o.leaf('EndDate', day(report.end));
  o.close('ReportPeriod');
  if (report.kind === 'Transactions') {
    for (const i of report.invoices) invoice(o, i);
    for (const a of report.aggregates) {
      o.open('Transactions');
      o.leaf('Date', day(a.date));
      o.leaf('TransactionsCurrency', 'EUR');
      o.leaf('TaxDueDateTypeCode', a.taxDueDateTypeCode);
      o.leaf('CategoryCode', a.category);
      o.leaf('TaxExclusiveAmount', a.taxExclusiveAmount);
      o.leaf('TaxTotal', a.taxAmount);
      o.leaf('TransactionsCount', a.count);
      for (const s of a.subtotals) {
        o.open('TaxSubtotal');
        o.leaf('TaxPercent', s.rate);
        o.leaf('TaxableAmount', s.taxableAmount);
        o.leaf('TaxTotal', s.taxAmount);
        o.close('TaxSubtotal');
      }
      o.close('Transactions');
    }
  } else {
    for (const i of report.invoices) {
      o.open('Invoice');
      o.leaf('InvoiceID', i.number);
      o.leaf('IssueDate', day(i.issueDate));
      payment(o, i);
      o.close('Invoice');
    }
    for (const a of report.aggregates) {
      o.open('Transactions');
      payment(o, a);
      o.close('Transactions');
    }
  }
  o.close(root);
  o.close('Report');
  return o.toString();
}
