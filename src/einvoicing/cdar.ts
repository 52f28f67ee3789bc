// Lifecycle-status messages (CDAR D22B "CDV", AFNOR XP Z12-012): a lenient reader, because the
// official examples (V1.2) predate the rules the platforms apply now (BR-FR-CDV 1.4.0.03: no
// SequenceNumeric in 211/212, the PPF addressed as 9998), and a writer whose output passes those
// rules and the CDAR XSD (test/einvoicing/cdar.oracle.test.ts). The reader answers plain data or
// the reasons it could not; it never throws on what a platform sends.
import type { XmlElement } from './dom.js';
import { parseXml } from './xml.js';

export const CDAR_NS = 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100';
const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const UDT = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';
const QDT = 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100';

export const CDAR_PROFILE_INVOICE = 'urn.cpro.gouv.fr:1p0:CDV:invoice';
export const CDAR_PROFILE_PPF = 'urn.cpro.gouv.fr:1p0:CDV:einvoicingF2';

export interface CdarId {
  scheme: string | null;
  value: string;
}

export interface CdarParty {
  globalId: CdarId | null;
  name: string | null;
  /** MDT-21 / MDT-40 / MDT-59: WK platform, BY buyer, SE seller, DFH tax administration, … */
  role: string | null;
  /** MDT-73: the electronic address. */
  uri: CdarId | null;
}

export interface CdarCharacteristic {
  /** MDT-207, e.g. MEN (amount collected). */
  typeCode: string | null;
  amount: string | null;
  currency: string | null;
  percent: string | null;
}

export interface CdarStatusDetail {
  reasonCode: string | null;
  reason: string | null;
  sequence: number | null;
  notes: { content: string; subject: string | null }[];
  characteristics: CdarCharacteristic[];
}

export interface CdarReference {
  /** MDT-87: the invoice number (BT-1). */
  invoiceNumber: string;
  /** MDT-88. */
  unStatus: string | null;
  /** MDT-91: BT-3 of the invoice (380, 381, 384, …). */
  typeCode: string | null;
  /** MDT-95, ISO. */
  receivedAt: string | null;
  /** MDT-100: BT-2 of the invoice, YYYY-MM-DD. */
  issueDate: string | null;
  /** MDT-105. */
  code: string;
  /** MDT-106. */
  label: string | null;
  /** MDT-129: the seller that issued the invoice. */
  sellerId: CdarId | null;
  details: CdarStatusDetail[];
}

export interface CdarMessage {
  /** MDT-2. */
  businessProcess: string | null;
  /** MDT-3. */
  profile: string | null;
  /** MDT-4. */
  id: string;
  name: string | null;
  /** MDT-8, ISO. */
  createdAt: string | null;
  sender: CdarParty | null;
  issuer: CdarParty | null;
  recipients: CdarParty[];
  /** MDT-77: 305 transmission, 23 processing. */
  phase: string | null;
  /** MDT-78, ISO: when the status was reached. */
  statusAt: string | null;
  references: CdarReference[];
}

export type CdarReading = { ok: true; message: CdarMessage } | { ok: false; problems: string[] };

// --- reading -------------------------------------------------------------------------------------

function children(el: XmlElement | null | undefined, name: string, ns = RAM): XmlElement[] {
  const out: XmlElement[] = [];
  for (let c = el?.firstChild ?? null; c; c = c.nextSibling)
    if (c.nodeType === 1 && c.localName === name && c.namespaceURI === ns) out.push(c);
  return out;
}
const child = (el: XmlElement | null | undefined, name: string, ns = RAM) => children(el, name, ns)[0] ?? null;
function text(el: XmlElement | null | undefined): string | null {
  const t = el?.textContent.trim();
  return t ? t : null;
}
function idOf(el: XmlElement | null): CdarId | null {
  const value = text(el);
  return value === null ? null : { scheme: el!.getAttribute('schemeID'), value };
}

/** A UN/CEFACT date-time string (format 204 YYYYMMDDHHMMSS, 203 YYYYMMDDHHMM, 102 YYYYMMDD) as ISO (UTC assumed). */
export function cefactDateTime(el: XmlElement | null): string | null {
  const dts = child(el, 'DateTimeString', UDT) ?? child(el, 'DateTimeString', QDT);
  const raw = text(dts);
  if (!raw) return null;
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2})?)?$/.exec(raw);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  if (h === undefined) return `${y}-${mo}-${d}`;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}.000Z`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

function partyOf(el: XmlElement | null): CdarParty | null {
  if (!el) return null;
  return {
    globalId: idOf(child(el, 'GlobalID')),
    name: text(child(el, 'Name')),
    role: text(child(el, 'RoleCode')),
    uri: idOf(child(child(el, 'URIUniversalCommunication'), 'URIID')),
  };
}

function detailOf(el: XmlElement): CdarStatusDetail {
  const seq = text(child(el, 'SequenceNumeric'));
  return {
    reasonCode: text(child(el, 'ReasonCode')),
    reason: text(child(el, 'Reason')),
    sequence: seq !== null && /^\d+$/.test(seq) ? Number(seq) : null,
    notes: children(el, 'IncludedNote').map((n) => ({ content: text(child(n, 'Content')) ?? '', subject: text(child(n, 'SubjectCode')) })),
    characteristics: children(el, 'SpecifiedDocumentCharacteristic').map((c) => {
      const amount = child(c, 'ValueAmount');
      return {
        typeCode: text(child(c, 'TypeCode')),
        amount: text(amount),
        currency: amount?.getAttribute('currencyID') ?? null,
        percent: text(child(c, 'ValuePercent')),
      };
    }),
  };
}

/**
 * Reads a CDAR leniently: what the status means (invoice number, status code, dates, parties,
 * reasons, amounts) is taken from any version the examples and the rules use; only a message
 * without a root of its kind, an ID, or a referenced invoice with a status code is refused.
 */
export function readCdar(xml: string): CdarReading {
  let root: XmlElement;
  try {
    root = parseXml(xml.replace(/^\uFEFF/, '')).documentElement;
  } catch (error) {
    return { ok: false, problems: [`not well-formed XML: ${(error as Error).message}`] };
  }
  if (root.localName !== 'CrossDomainAcknowledgementAndResponse' || root.namespaceURI !== CDAR_NS) {
    return { ok: false, problems: [`the root element is ${root.nodeName}, not a CDAR CrossDomainAcknowledgementAndResponse`] };
  }
  const problems: string[] = [];
  const context = child(root, 'ExchangedDocumentContext', CDAR_NS);
  const exchanged = child(root, 'ExchangedDocument', CDAR_NS);
  const ack = child(root, 'AcknowledgementDocument', CDAR_NS);
  const id = text(child(exchanged, 'ID'));
  if (!id) problems.push('the message has no ID (MDT-4)');
  if (!ack) problems.push('the message has no AcknowledgementDocument');
  const references: CdarReference[] = [];
  children(ack, 'ReferenceReferencedDocument').forEach((ref, i) => {
    const invoiceNumber = text(child(ref, 'IssuerAssignedID'));
    const code = text(child(ref, 'ProcessConditionCode'));
    if (!invoiceNumber) problems.push(`referenced document ${i + 1} has no invoice number (MDT-87)`);
    if (!code) problems.push(`referenced document ${i + 1} has no status code (MDT-105)`);
    if (!invoiceNumber || !code) return;
    const issue = cefactDateTime(child(ref, 'FormattedIssueDateTime'));
    references.push({
      invoiceNumber,
      unStatus: text(child(ref, 'StatusCode')),
      typeCode: text(child(ref, 'TypeCode')),
      receivedAt: cefactDateTime(child(ref, 'ReceiptDateTime')),
      issueDate: issue ? issue.slice(0, 10) : null,
      code,
      label: text(child(ref, 'ProcessCondition')),
      sellerId: idOf(child(child(ref, 'IssuerTradeParty'), 'GlobalID')),
      details: children(ref, 'SpecifiedDocumentStatus').map(detailOf),
    });
  });
  if (ack && !references.length && !problems.length) problems.push('the message refers to no invoice');
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    message: {
      businessProcess: text(child(child(context, 'BusinessProcessSpecifiedDocumentContextParameter'), 'ID')),
      profile: text(child(child(context, 'GuidelineSpecifiedDocumentContextParameter'), 'ID')),
      id: id!,
      name: text(child(exchanged, 'Name')),
      createdAt: cefactDateTime(child(exchanged, 'IssueDateTime')),
      sender: partyOf(child(exchanged, 'SenderTradeParty')),
      issuer: partyOf(child(exchanged, 'IssuerTradeParty')),
      recipients: children(exchanged, 'RecipientTradeParty').map((p) => partyOf(p)!),
      phase: text(child(ack, 'TypeCode')),
      statusAt: cefactDateTime(child(ack, 'IssueDateTime')),
      references,
    },
  };
}

// --- writing -------------------------------------------------------------------------------------

export interface CdarPartyToWrite {
  /** SIREN (scheme 0002) or a platform id (scheme 0238). */
  id?: CdarId;
  name?: string;
  role: string;
  /** The electronic address (scheme 0225 by default); required for roles other than WK and DFH. */
  address?: CdarId;
}

export interface CdarToWrite {
  id: string;
  name?: string;
  /** ISO date-time of the message (MDT-8). */
  createdAt: string;
  /** 305 transmission (platform), 23 processing (buyer or seller). */
  phase: '305' | '23';
  sender: CdarPartyToWrite;
  issuer: CdarPartyToWrite;
  recipients: CdarPartyToWrite[];
  /** ISO date-time the status was reached (MDT-78). */
  statusAt: string;
  reference: {
    invoiceNumber: string;
    typeCode: string;
    /** YYYY-MM-DD. */
    issueDate: string;
    /** ISO date-time, MDT-95. */
    receivedAt?: string;
    code: string;
    label: string;
    unStatus?: string | null;
    sellerSiren: string;
    details?: {
      reasonCode?: string;
      reason?: string;
      note?: string;
      /** 212 Encaissée: the amount collected per VAT rate (MDT-207 MEN, MDT-215, MDT-224). */
      collected?: { amount: string; currency: string; percent: string }[];
    }[];
  };
}

function esc(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** ISO date-time -> format 204 (YYYYMMDDHHMMSS, UTC). */
function format204(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a date-time: ${iso}`);
  return d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function partyXml(tag: string, p: CdarPartyToWrite, indent: string): string {
  const lines = [`${indent}<ram:${tag}>`];
  if (p.id) lines.push(`${indent}  <ram:GlobalID${p.id.scheme ? ` schemeID="${esc(p.id.scheme)}"` : ''}>${esc(p.id.value)}</ram:GlobalID>`);
  if (p.name) lines.push(`${indent}  <ram:Name>${esc(p.name)}</ram:Name>`);
  lines.push(`${indent}  <ram:RoleCode>${esc(p.role)}</ram:RoleCode>`);
  if (p.address) {
    lines.push(
      `${indent}  <ram:URIUniversalCommunication>`,
      `${indent}    <ram:URIID schemeID="${esc(p.address.scheme ?? '0225')}">${esc(p.address.value)}</ram:URIID>`,
      `${indent}  </ram:URIUniversalCommunication>`,
    );
  }
  lines.push(`${indent}</ram:${tag}>`);
  return lines.join('\n');
}

/**
 * A CDAR status message as BR-FR-CDV 1.4.0.03 wants it: profile `CDV:invoice` with MDT-2
 * REGULATED, the issuer identified in the processing phase only (BR-FR-CDV-07), a numbered status
 * detail (BR-FR-CDV-16), the amount and VAT rate of a 212 (BR-FR-CDV-14), elements in the XSD's order.
 */
export function writeCdar(m: CdarToWrite): string {
  const r = m.reference;
  const issuer = m.phase === '305' ? { role: m.issuer.role, name: m.issuer.name } : m.issuer;
  const details = (r.details ?? []).map((d, i) => {
    const lines = ['        <ram:SpecifiedDocumentStatus>'];
    if (d.reasonCode) lines.push(`          <ram:ReasonCode>${esc(d.reasonCode)}</ram:ReasonCode>`);
    if (d.reason) lines.push(`          <ram:Reason>${esc(d.reason)}</ram:Reason>`);
    lines.push(`          <ram:SequenceNumeric>${i + 1}</ram:SequenceNumeric>`);
    if (d.note)
      lines.push('          <ram:IncludedNote>', `            <ram:Content>${esc(d.note)}</ram:Content>`, '          </ram:IncludedNote>');
    for (const c of d.collected ?? []) {
      lines.push(
        '          <ram:SpecifiedDocumentCharacteristic>',
        '            <ram:TypeCode>MEN</ram:TypeCode>',
        `            <ram:ValueAmount currencyID="${esc(c.currency)}">${esc(c.amount)}</ram:ValueAmount>`,
        `            <ram:ValuePercent>${esc(c.percent)}</ram:ValuePercent>`,
        '          </ram:SpecifiedDocumentCharacteristic>',
      );
    }
    lines.push('        </ram:SpecifiedDocumentStatus>');
    return lines.join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rsm:CrossDomainAcknowledgementAndResponse xmlns:qdt="${QDT}" xmlns:udt="${UDT}" xmlns:ram="${RAM}" xmlns:rsm="${CDAR_NS}">`,
    '  <rsm:ExchangedDocumentContext>',
    '    <ram:BusinessProcessSpecifiedDocumentContextParameter>',
    '      <ram:ID>REGULATED</ram:ID>',
    '    </ram:BusinessProcessSpecifiedDocumentContextParameter>',
    '    <ram:GuidelineSpecifiedDocumentContextParameter>',
    `      <ram:ID>${CDAR_PROFILE_INVOICE}</ram:ID>`,
    '    </ram:GuidelineSpecifiedDocumentContextParameter>',
    '  </rsm:ExchangedDocumentContext>',
    '  <rsm:ExchangedDocument>',
    `    <ram:ID>${esc(m.id)}</ram:ID>`,
    ...(m.name ? [`    <ram:Name>${esc(m.name)}</ram:Name>`] : []),
    '    <ram:IssueDateTime>',
    `      <udt:DateTimeString format="204">${format204(m.createdAt)}</udt:DateTimeString>`,
    '    </ram:IssueDateTime>',
    partyXml('SenderTradeParty', m.sender, '    '),
    partyXml('IssuerTradeParty', issuer, '    '),
    ...m.recipients.map((p) => partyXml('RecipientTradeParty', p, '    ')),
    '  </rsm:ExchangedDocument>',
    '  <rsm:AcknowledgementDocument>',
    '    <ram:MultipleReferencesIndicator>',
    '      <udt:Indicator>false</udt:Indicator>',
    '    </ram:MultipleReferencesIndicator>',
    `    <ram:TypeCode>${m.phase}</ram:TypeCode>`,
    '    <ram:IssueDateTime>',
    `      <udt:DateTimeString format="204">${format204(m.statusAt)}</udt:DateTimeString>`,
    '    </ram:IssueDateTime>',
    '    <ram:ReferenceReferencedDocument>',
    `      <ram:IssuerAssignedID>${esc(r.invoiceNumber)}</ram:IssuerAssignedID>`,
    ...(r.unStatus ? [`      <ram:StatusCode>${esc(r.unStatus)}</ram:StatusCode>`] : []),
    `      <ram:TypeCode>${esc(r.typeCode)}</ram:TypeCode>`,
    ...(r.receivedAt
      ? [
          '      <ram:ReceiptDateTime>',
          `        <udt:DateTimeString format="204">${format204(r.receivedAt)}</udt:DateTimeString>`,
          '      </ram:ReceiptDateTime>',
        ]
      : []),
    '      <ram:FormattedIssueDateTime>',
    `        <qdt:DateTimeString format="102">${r.issueDate.replace(/-/g, '')}</qdt:DateTimeString>`,
    '      </ram:FormattedIssueDateTime>',
    `      <ram:ProcessConditionCode>${esc(r.code)}</ram:ProcessConditionCode>`,
    `      <ram:ProcessCondition>${esc(r.label)}</ram:ProcessCondition>`,
    '      <ram:IssuerTradeParty>',
    `        <ram:GlobalID schemeID="0002">${esc(r.sellerSiren)}</ram:GlobalID>`,
    '      </ram:IssuerTradeParty>',
    ...details,
    '    </ram:ReferenceReferencedDocument>',
    '  </rsm:AcknowledgementDocument>',
    '</rsm:CrossDomainAcknowledgementAndResponse>',
    '',
  ].join('\n');
}
