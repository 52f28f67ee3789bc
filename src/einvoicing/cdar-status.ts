// One lifecycle status about one invoice, as a CDAR message: who emits it (platform, buyer or seller)
// decides the phase (305 / 23), the roles and which party is identified. Used by Facturier for the
// statuses a seller or a buyer sends (212 Encaissée, 204/205/207/210/211) and by the sandbox
// platform for the statuses a platform sends (200, 202, 203, 213).
import { lifecycleStatus } from '../domain/lifecycle.js';
import { writeCdar, type CdarPartyToWrite } from './cdar.js';

export interface StatusParty {
  siren: string;
  name: string;
  /** The party's electronic address (BT-34 / BT-49 value, scheme 0225); the SIREN when unknown. */
  address?: string | null;
}

export interface StatusToWrite {
  code: string;
  emitter: 'Platform' | 'Buyer' | 'Seller';
  seller: StatusParty;
  buyer: StatusParty;
  invoice: { number: string; typeCode: string; issueDate: string };
  /** ISO date-time the status was reached. */
  statusAt: string;
  /** ISO date-time the platform received the invoice (MDT-95), when known. */
  receivedAt?: string | null;
  reasonCode?: string | null;
  reason?: string | null;
  /** 212: amount collected per VAT rate. */
  collected?: { amount: string; currency: string; percent: string }[];
  /** Unique id of the message; derived from the invoice, code and date when absent. */
  id?: string;
  /** When the message was created (defaults to statusAt). */
  createdAt?: string;
}

const PPF: CdarPartyToWrite = { id: { scheme: '0238', value: '0000' }, name: 'PPF', role: 'DFH' };

/** Statuses that the tax administration receives a copy of (XP Z12-014: the "pour PPF" examples). */
const FOR_PPF = new Set(['200', '210', '212', '213']);

export function statusMessageId(s: Pick<StatusToWrite, 'invoice' | 'code' | 'statusAt'>): string {
  const at = new Date(s.statusAt).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${s.invoice.number}_${s.code}_${at}#${s.invoice.typeCode}_${s.invoice.issueDate.replace(/-/g, '')}`.slice(0, 200);
}

export function writeStatusCdar(s: StatusToWrite): string {
  const known = lifecycleStatus(s.code);
  const phase = known?.phase === 'Transmission' || s.emitter === 'Platform' ? '305' : '23';
  const party = (p: StatusParty, role: string): CdarPartyToWrite => ({
    id: { scheme: '0002', value: p.siren },
    name: p.name,
    role,
    address: { scheme: '0225', value: p.address || p.siren },
  });
  const seller = party(s.seller, 'SE');
  const buyer = party(s.buyer, 'BY');
  let sender: CdarPartyToWrite;
  let issuer: CdarPartyToWrite;
  let recipients: CdarPartyToWrite[];
  if (s.emitter === 'Platform') {
    sender = { role: 'WK' };
    issuer = { role: 'WK' };
    recipients = [seller, buyer];
  } else if (s.emitter === 'Buyer') {
    sender = { role: 'BY' };
    issuer = { id: buyer.id, name: buyer.name, role: 'BY' };
    recipients = [seller];
  } else {
    sender = { role: 'SE' };
    issuer = { id: seller.id, name: seller.name, role: 'SE' };
    recipients = [buyer];
  }
  if (FOR_PPF.has(s.code)) recipients.push(PPF);
  const detail =
    s.reasonCode || s.reason || s.collected?.length
      ? [{ reasonCode: s.reasonCode ?? undefined, reason: s.reason ?? undefined, collected: s.collected }]
      : [];
  return writeCdar({
    id: s.id ?? statusMessageId(s),
    createdAt: s.createdAt ?? s.statusAt,
    phase,
    sender,
    issuer,
    recipients,
    statusAt: s.statusAt,
    reference: {
      invoiceNumber: s.invoice.number,
      typeCode: s.invoice.typeCode,
      issueDate: s.invoice.issueDate,
      receivedAt: s.receivedAt ?? undefined,
      code: s.code,
      label: known?.label ?? s.code,
      unStatus: known?.unStatus ?? null,
      sellerSiren: s.seller.siren,
      details: detail,
    },
  });
}
