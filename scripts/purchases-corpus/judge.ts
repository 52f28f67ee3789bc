// One file uploaded to POST /v1/purchaseinvoices/file and the answer judged against oracle.ts:
// read right, read with a field wrong (which), refused with a reason, or refused wrongly.
import { attachedXml, expectedFromXml, type Expected } from './oracle.js';

export type Verdict = 'right' | 'field wrong' | 'refused with a reason' | 'refused wrongly' | 'kept as a plain PDF';

export interface Judgement {
  verdict: Verdict;
  format: 'PDF' | 'CII XML' | 'UBL XML' | 'other XML' | 'other';
  profile: string;
  /** The fields found wrong, or the refusal's message. */
  details: string[];
}

export interface Upload {
  status: number;
  body: Record<string, unknown>;
  /** purchase_invoices.data of the created row, parsed. */
  data: Record<string, unknown> | null;
}

const norm = (s: string) => s.replace(/[\s.\-\u00a0\u202f]/g, '').toUpperCase();
const money = (v: unknown) => (typeof v === 'number' ? v.toFixed(2) : typeof v === 'string' ? v : null);
const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

function compare(expected: Expected, up: Upload): string[] {
  const b = up.body;
  const wrong: string[] = [];
  const supplier = b.supplier as { name?: string; companyInformations?: { siret?: string | null; vatNumber?: string | null } } | null;
  const ids = b.supplierIdentifiers as { siret?: string | null; vatNumber?: string | null } | null;
  if (b.reference !== expected.number.slice(0, 200)) wrong.push(`number ${String(b.reference)} ≠ ${expected.number}`);
  if (expected.issueDate && b.date !== expected.issueDate) wrong.push(`date ${String(b.date)} ≠ ${expected.issueDate}`);
  if (!expected.issueDate && !textOf(b.notes).includes('date du jour')) wrong.push('missing date replaced silently');
  if (expected.sellerName && supplier?.name !== expected.sellerName.trim().slice(0, 200))
    wrong.push(`seller ${String(supplier?.name)} ≠ ${expected.sellerName}`);
  const kept = [supplier?.companyInformations?.siret, supplier?.companyInformations?.vatNumber, ids?.siret, ids?.vatNumber]
    .filter((x): x is string => typeof x === 'string' && x !== '')
    .map(norm);
  for (const id of expected.identifiers) {
    if (!kept.some((k) => k === id || (id.length === 9 && k.startsWith(id)) || (k.length === 9 && id.startsWith(k))))
      wrong.push(`identifier ${id} lost`);
  }
  const invoice = up.data?.invoice;
  const amountsCurrency =
    typeof invoice === 'object' && invoice !== null && 'amountsCurrency' in invoice && typeof invoice.amountsCurrency === 'string'
      ? invoice.amountsCurrency
      : 'EUR';
  if (amountsCurrency !== expected.currency) wrong.push(`currency ${amountsCurrency} ≠ ${expected.currency}`);
  if (money(b.taxIncludedAmount) !== expected.total) wrong.push(`total ${money(b.taxIncludedAmount)} ≠ ${expected.total}`);
  if (expected.net !== null && money(b.taxExcludedAmount) !== expected.net)
    wrong.push(`net ${money(b.taxExcludedAmount)} ≠ ${expected.net}`);
  if (expected.vat !== null && money(b.vatAmount) !== expected.vat) wrong.push(`VAT ${money(b.vatAmount)} ≠ ${expected.vat}`);
  if (expected.vats) {
    const got = ((b.vats as { rate: number; taxExcludedAmount: number; vatAmount: number }[] | null) ?? [])
      .map((v) => `${String(v.rate)}:${money(v.taxExcludedAmount)}:${money(v.vatAmount)}`)
      .sort();
    const want = expected.vats.map((v) => `${Number(v.rate)}:${v.base}:${v.vat}`).sort();
    if (got.join(' ') !== want.join(' ')) wrong.push(`VAT breakdown [${got.join(' ')}] ≠ [${want.join(' ')}]`);
  }
  const total = Number(b.taxIncludedAmount);
  if (expected.isCredit && total > 0) wrong.push('credit note booked positive');
  return wrong;
}

/** `upload` sends the bytes and answers the status, body and stored data. */
export async function judge(bytes: Buffer, upload: (bytes: Buffer) => Promise<Upload>): Promise<Judgement> {
  const isPdf = bytes.subarray(0, 1024).toString('latin1').includes('%PDF-');
  let xml: string | null = null;
  let format: Judgement['format'] = 'other';
  if (isPdf) {
    format = 'PDF';
    try {
      xml = (await attachedXml(bytes))?.xml ?? null;
    } catch {
      xml = null;
    }
  } else {
    xml = new TextDecoder().decode(bytes);
  }
  const expected = xml === null ? null : expectedFromXml(xml);
  if (!isPdf) format = expected && 'syntax' in expected ? (expected.syntax === 'UBL' ? 'UBL XML' : 'CII XML') : 'other XML';
  const up = await upload(bytes);
  const message = textOf(up.body.message) || textOf(up.body.detail);
  if (!expected || !('syntax' in expected)) {
    // Not an invoice the reader must read: a PDF is kept (Pending, amount 0), anything else refused.
    const profile = expected ? `not an invoice: ${expected.notAnInvoice.slice(0, 60)}` : isPdf ? 'no invoice XML' : 'not XML';
    if (up.status === 200)
      return { verdict: isPdf ? 'kept as a plain PDF' : 'field wrong', format, profile, details: isPdf ? [] : ['accepted'] };
    return { verdict: message ? 'refused with a reason' : 'refused wrongly', format, profile, details: [message] };
  }
  if (up.status !== 200) return { verdict: 'refused wrongly', format, profile: expected.profile, details: [message] };
  const wrong = compare(expected, up);
  return { verdict: wrong.length ? 'field wrong' : 'right', format, profile: expected.profile, details: wrong };
}
