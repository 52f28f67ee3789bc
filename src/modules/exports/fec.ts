// The Fichier des Écritures Comptables (article A47 A-1 of the Livre des procédures fiscales): the
// journal entries of a fiscal year, 18 columns, `|` or tab separated, named SIRENFECyyyyMMdd.txt.
// Entries are generated from what Facturier holds: finalized invoices and credits (journal VT) and
// receipts of status Success (journal BQ, or CA for cash). Each entry balances (debits = credits,
// checked before it is written). The account mapping is in docs/exports.md.
import type { Writable } from 'node:stream';
import { InvalidStateError } from '../../errors.js';
import { CLASSIFICATIONS } from '../reference/index.js';
import { DEFAULT_ACCOUNT, decodeDocument, decodeSnapshot, documentParts, type StoredDocument } from '../sales/index.js';
import { getAccountSettings } from '../settings/index.js';
import { centsText, toCents } from '../../domain/cents.js';
import { keyset, type ExportContext } from './dataset.js';

import {
  countReceipts,
  countSaleDocuments,
  receiptsAfter,
  saleDocumentsAfter,
  type ExportedDocument,
  type ExportedReceipt,
} from './repo.js';
import { writeChunk, yieldToLoop } from './writers/output.js';

const BATCH = 500;

export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

export const FEC_ACCOUNTS = {
  customers: { number: '411', label: 'Clients' },
  vatCollected: { number: '44571', label: 'TVA collectée' },
  bank: { number: '512', label: 'Banque' },
  cash: { number: '530', label: 'Caisse' },
} as const;

const ACCOUNT_LABEL: Record<string, string> = {
  [DEFAULT_ACCOUNT.Product]: 'Ventes de marchandises',
  [DEFAULT_ACCOUNT.Service]: 'Prestations de services',
  [DEFAULT_ACCOUNT.discount]: 'Rabais, remises et ristournes accordés',
  [DEFAULT_ACCOUNT.shipping]: 'Ports et frais accessoires facturés',
};

const JOURNALS = {
  VT: 'Ventes',
  BQ: 'Banque',
  CA: 'Caisse',
} as const;
type Journal = keyof typeof JOURNALS;

/** One line of an entry before formatting: amounts in cents, one of them zero. */
interface EntryLine {
  account: string;
  accountLabel: string;
  auxNumber: string;
  auxLabel: string;
  debit: number;
  credit: number;
}

interface Entry {
  journal: Journal;
  date: string;
  pieceRef: string;
  label: string;
  validDate: string;
  lines: EntryLine[];
}

export type FecSeparator = 'Pipe' | 'Tab';

const compact = (iso: string) => iso.slice(0, 10).replace(/-/g, '');
const amount = (cents: number) => centsText(cents).replace('.', ',');

/** The SIREN of the account (the first 9 digits of settings.company.siret), or a 409 saying what to set. */
export async function fecFileName(ctx: Pick<ExportContext, 'db' | 'accountId'>, year: number): Promise<string> {
  const settings = await getAccountSettings(ctx.db, ctx.accountId);
  const digits = (settings.company.siret ?? '').replace(/[\s.-]/g, '');
  if (!/^\d{9}(\d{5})?$/.test(digits)) {
    throw new InvalidStateError(
      'The FEC file is named after the SIREN: set company.siret (SIRET or SIREN) in the settings (PUT /v1/settings) first',
    );
  }
  return `${digits.slice(0, 9)}FEC${year}1231.txt`;
}

function signed(
  account: string,
  accountLabel: string,
  cents: number,
  aux: Pick<EntryLine, 'auxNumber' | 'auxLabel'> | null,
  creditSide: boolean,
): EntryLine {
  // A negative amount on one side is a positive amount on the other.
  const onCredit = cents >= 0 ? creditSide : !creditSide;
  const abs = Math.abs(cents);
  return {
    account,
    accountLabel,
    auxNumber: aux?.auxNumber ?? '',
    auxLabel: aux?.auxLabel ?? '',
    debit: onCredit ? 0 : abs,
    credit: onCredit ? abs : 0,
  };
}

function customerAux(number: string | null | undefined, id: number | null, name: string | null | undefined) {
  return { auxNumber: number ?? (id !== null ? `C${id}` : 'DIVERS'), auxLabel: name ?? '' };
}

/** The entry of an invoice (or, the other way round, of a credit). */
export function documentEntry(
  doc: Pick<ExportedDocument, 'kind' | 'number' | 'date' | 'finalizedAt' | 'customerId'>,
  d: StoredDocument,
): Entry {
  const invoice = doc.kind === 'Invoice';
  const aux = customerAux(d.customerNumber, doc.customerId, d.customerName);
  const lines: EntryLine[] = [
    signed(FEC_ACCOUNTS.customers.number, FEC_ACCOUNTS.customers.label, toCents(d.totals.taxIncludedAmount), aux, !invoice),
  ];
  const byAccount = new Map<string, number>();
  for (const p of documentParts(d)) byAccount.set(p.account, (byAccount.get(p.account) ?? 0) + p.net);
  for (const [account, net] of byAccount) {
    if (net === 0) continue;
    const label = ACCOUNT_LABEL[account] ?? classificationLabel(account);
    lines.push(signed(account, label, net, null, invoice));
  }
  for (const v of d.totals.vats) {
    const vat = toCents(v.vatAmount);
    if (vat !== 0)
      lines.push(
        signed(FEC_ACCOUNTS.vatCollected.number, `${FEC_ACCOUNTS.vatCollected.label} ${v.rate.replace('.', ',')} %`, vat, null, invoice),
      );
  }
  return {
    journal: 'VT',
    date: doc.date,
    pieceRef: doc.number,
    label: `${invoice ? 'Facture' : 'Avoir'} ${doc.number} ${d.customerName ?? ''}`.trim(),
    validDate: doc.finalizedAt ?? doc.date,
    lines,
  };
}

const LABELS = new Map<string, string>();
for (const c of CLASSIFICATIONS) if (c.accountNumber && !LABELS.has(c.accountNumber)) LABELS.set(c.accountNumber, c.label);
const classificationLabel = (account: string): string => LABELS.get(account) ?? account;

export function receiptEntry(r: ExportedReceipt): Entry | null {
  const cents = toCents(r.amount.toFixed(2));
  if (cents === 0) return null;
  const cash = r.paymentMethod === 'Cash';
  const treasury = cash ? FEC_ACCOUNTS.cash : FEC_ACCOUNTS.bank;
  const aux = customerAux(r.customerNumber, r.customerId, r.customerName);
  return {
    journal: cash ? 'CA' : 'BQ',
    date: r.date,
    pieceRef: r.reference?.trim() || `ENC-${r.id}`,
    label: `${cents > 0 ? 'Encaissement' : 'Remboursement'} ${r.customerName ?? ''}`.trim(),
    validDate: r.createdAt,
    lines: [
      signed(treasury.number, treasury.label, cents, null, false),
      signed(FEC_ACCOUNTS.customers.number, FEC_ACCOUNTS.customers.label, cents, aux, true),
    ],
  };
}

/** Text of a field: the separator, tabs and line breaks cannot appear in a FEC field. */
const field = (text: string) => text.replace(/[|\t\r\n]+/g, ' ').trim();

function entryText(e: Entry, number: string, separator: string): string {
  const debit = e.lines.reduce((s, l) => s + l.debit, 0);
  const credit = e.lines.reduce((s, l) => s + l.credit, 0);
  if (debit !== credit) throw new Error(`FEC entry ${number} (${e.pieceRef}) does not balance: debit ${debit}, credit ${credit} cents`);
  let out = '';
  for (const l of e.lines) {
    out += [
      e.journal,
      JOURNALS[e.journal],
      number,
      compact(e.date),
      l.account,
      field(l.accountLabel),
      field(l.auxNumber),
      field(l.auxLabel),
      field(e.pieceRef),
      compact(e.date),
      field(e.label),
      amount(l.debit),
      amount(l.credit),
      '',
      '',
      compact(e.validDate),
      '',
      '',
    ].join(separator);
    out += '\r\n';
  }
  return out;
}

/** Merges date-ordered streams of entries into one; on a same date, the earlier stream first. */
async function* merged(streams: AsyncIterator<Entry>[]): AsyncGenerator<Entry> {
  const heads = await Promise.all(streams.map((s) => s.next()));
  for (;;) {
    let k = -1;
    heads.forEach((h, i) => {
      if (!h.done && (k < 0 || h.value.date < (heads[k].value as Entry).date)) k = i;
    });
    if (k < 0) return;
    yield heads[k].value as Entry;
    heads[k] = await streams[k].next();
  }
}

type FecContext = Pick<ExportContext, 'db' | 'accountId' | 'asOf'>;

/** The documents and receipts the FEC of `year` is made of. */
export async function fecRecordCount({ db, accountId, asOf }: FecContext, year: number): Promise<number> {
  const period = { from: `${year}-01-01`, to: `${year}-12-31`, asOf };
  const counts = await Promise.all([
    countSaleDocuments(db, accountId, { kind: 'Invoice', ...period }),
    countSaleDocuments(db, accountId, { kind: 'Credit', ...period }),
    countReceipts(db, accountId, period),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}

/** Writes the FEC of `year`; answers the number of entries. `onRecords` is told of each batch of records read. */
export async function writeFec(
  out: Writable,
  ctx: FecContext,
  year: number,
  separator: FecSeparator,
  onRecords?: (count: number) => void,
): Promise<number> {
  const { db, accountId, asOf } = ctx;
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const sep = separator === 'Tab' ? '\t' : '|';
  // One cursor per kind, each in the order of the export index (account, kind, date, id), merged by date.
  const documents = async function* (kind: 'Invoice' | 'Credit'): AsyncGenerator<Entry> {
    for await (const batch of keyset(
      (after: { date: string; id: number } | null) => saleDocumentsAfter(db, accountId, { kind, from, to, asOf }, after, BATCH),
      (last) => ({ date: last.date, id: last.id }),
      BATCH,
      onRecords,
    )) {
      for (const doc of batch) yield documentEntry(doc, decodeDocument(decodeSnapshot(doc.data)));
    }
  };
  const receipts = async function* (): AsyncGenerator<Entry> {
    for await (const batch of keyset(
      (after: { date: string; id: number } | null) => receiptsAfter(db, accountId, { from, to, asOf }, after, BATCH),
      (last) => ({ date: last.date, id: last.id }),
      BATCH,
      onRecords,
    )) {
      for (const r of batch) {
        const e = receiptEntry(r);
        if (e) yield e;
      }
    }
  };
  await writeChunk(out, `${FEC_COLUMNS.join(sep)}\r\n`);
  await yieldToLoop();
  const sequence: Record<Journal, number> = { VT: 0, BQ: 0, CA: 0 };
  let chunk = '';
  let count = 0;
  for await (const e of merged([documents('Invoice'), documents('Credit'), receipts()])) {
    const n = ++sequence[e.journal];
    chunk += entryText(e, `${e.journal}${String(n).padStart(6, '0')}`, sep);
    if (++count % BATCH === 0) {
      await writeChunk(out, chunk);
      await yieldToLoop();
      chunk = '';
    }
  }
  await writeChunk(out, chunk);
  out.end();
  return count;
}
