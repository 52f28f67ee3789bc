// The payment QR code of an invoice: the European Payments Council's "SEPA credit transfer" QR
// (EPC069-12, version 002, UTF-8) that banking apps scan to pre-fill a transfer: beneficiary, IBAN,
// BIC, amount and the invoice number as the remittance information. Null when the payment cannot
// be pre-filled: no IBAN or an invalid one, a currency other than the euro, an amount out of range.
import { isValidIban } from '../domain/identifiers.js';
import { encodeQr } from './qr.js';

export interface TransferRequest {
  beneficiary: string;
  iban: string;
  bic?: string | null;
  /** Exact decimal, e.g. "1481.40". */
  amount: string;
  currency: string;
  /** The invoice number: unstructured remittance information (at most 140 characters). */
  reference?: string | null;
}

const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** The EPC069-12 payload (lines joined by LF), or null when it cannot be made. */
export function epcPayload(t: TransferRequest): string | null {
  const iban = t.iban.replace(/\s+/g, '').toUpperCase();
  if (!isValidIban(iban) || t.currency !== 'EUR') return null;
  const amount = Number(t.amount);
  if (!/^\d+(\.\d{1,2})?$/.test(t.amount) || amount < 0.01 || amount > 999_999_999.99) return null;
  const bic = t.bic?.replace(/\s+/g, '').toUpperCase() ?? '';
  const name = t.beneficiary
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 70);
  if (!name) return null;
  const lines = [
    'BCD',
    '002',
    '1', // UTF-8
    'SCT',
    BIC.test(bic) ? bic : '',
    name,
    iban,
    `EUR${amount.toFixed(2)}`,
    '', // purpose
    '', // structured (RF) reference
    (t.reference ?? '')
      .replace(/[\r\n]+/g, ' ')
      .trim()
      .slice(0, 140),
  ];
  while (lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

/** The QR code's modules for a transfer request, or null (see epcPayload). */
export function transferQr(t: TransferRequest): { payload: string; modules: boolean[][] } | null {
  const payload = epcPayload(t);
  if (payload === null) return null;
  const qr = encodeQr(new TextEncoder().encode(payload));
  return qr && { payload, modules: qr.modules };
}
