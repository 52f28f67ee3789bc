// Receipts: money received from customers (amount > 0) or refunded to them (amount < 0), and the
// sale documents each one settles through its links. Every write is one transaction holding the
// receipt, its links, the balance of every document it settles or stops settling (old and new
// links), and the outbox events. Only receipts of status Success move balances. The rules are
// in docs/receipts.md.
import { transaction, type Trx } from '../../db/transaction.js';
import Big from 'big.js';
import type { Db } from '../../db/connection.js';
import { todayIn } from '../../domain/dates.js';
import { InvalidStateError, NotFoundError, ValidationError, type FieldError } from '../../errors.js';
import { checkIfMatch, type IfMatch, type Versioned } from '../../app/versioning.js';
import type { Page, SortKey } from '../../app/paging.js';
import { mergeUpdate } from '../../app/input/merge.js';
import { emit } from '../../jobs/outbox.js';
import { CUSTOMER } from '../customers/index.js';
import { store } from '../records/index.js';
import { getAccountSettings } from '../settings/index.js';
import { throwIfAny } from '../../app/input/address.js';
import type { DocumentKind, StoredDocument } from '../sales/index.js';
import { parseData, payableOf, presentDocument } from '../sales/index.js';
import { AuditChains, getDocumentRow, type DocumentRow } from '../sales/index.js';
import { finalizeInTransaction, setBalanceInTransaction, timezoneOf } from '../sales/index.js';
import type { Keyring } from '../audit/index.js';
import * as repo from './repo.js';
import type { PaymentMethodT, PaymentStatusT, PayInvoiceT, ReceiptInputT, ReceiptLinkTypeT, ReceiptT, RefundCreditT } from './schemas.js';
import type { WorkerPool } from '../../workers/pool.js';

/** A commitment link id is the invoice id times this factor plus the commitment's 1-based position. */
export const COMMITMENT_ID_FACTOR = 1000;

const ZERO = new Big(0);
const LABEL: Record<DocumentKind, string> = { Invoice: 'invoice', Credit: 'credit' };

export interface ReceiptsContext {
  db: Db;
  publicUrl: string | null;
  keyring: Keyring;
  /** Where a document finalized with its payment is judged by the finalization gate (off the event loop). */
  workers?: WorkerPool;
}

interface Env {
  accountId: number;
  today: string;
  publicUrl: string | null;
  workers?: WorkerPool;
  /** The audit chains the balances moved are sealed on, locked before any receipt or document row. */
  chains: AuditChains;
}

/** What every receipt use case starts with; it takes the audit chains' locks first, Invoice then Credit. */
async function envOf(trx: Trx, ctx: ReceiptsContext, accountId: number): Promise<Env> {
  const chains = new AuditChains(trx, ctx.keyring, accountId);
  await chains.lockAll();
  const settings = await getAccountSettings(trx, accountId);
  return { accountId, today: todayIn(timezoneOf(settings)), publicUrl: ctx.publicUrl, workers: ctx.workers, chains };
}

/** Amounts clients send, to the cent: more decimals are rounded half away from zero, not refused. */
function money(value: number): Big {
  return new Big(String(value)).round(2, Big.roundHalfUp);
}

function documentLabel(row: DocumentRow): string {
  return `${LABEL[row.kind]} ${row.number ?? row.id}`;
}

// --- presentation -----------------------------------------------------------------------------

function presentReceipt(row: repo.ReceiptRow, links: repo.LinkRow[]): ReceiptT {
  return {
    amount: Number(row.amount),
    customerId: row.customerId,
    customerInternalId: row.customerInternalId,
    customerName: row.customerName,
    customerNumber: row.customerNumber,
    date: row.date,
    id: row.id,
    internalId: row.internalId,
    links: links.map((l) => ({ amount: Number(l.amount), id: l.linkId, type: l.type, number: l.number })),
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    notes: row.notes,
    paymentMethod: row.paymentMethod as PaymentMethodT,
    reference: row.reference,
    status: row.status as PaymentStatusT,
  };
}

async function presentRows(db: Trx, accountId: number, rows: repo.ReceiptRow[]): Promise<ReceiptT[]> {
  const links = await repo.linksOf(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentReceipt(r, links.get(r.id) ?? []));
}

// --- the one write path: create, update, delete ---------------------------------------------

interface Existing {
  row: repo.ReceiptRow;
  links: repo.LinkRow[];
}

interface ResolvedLink {
  type: ReceiptLinkTypeT;
  linkId: number;
  documentId: number;
  /** Signed as allocated: > 0 on invoices and commitments, < 0 on credits. */
  amount: Big;
  field: string;
}

const kindOfLink = (type: ReceiptLinkTypeT): DocumentKind => (type === 'Credit' ? 'Credit' : 'Invoice');
const documentIdOfLink = (type: ReceiptLinkTypeT, id: number) => (type === 'Commitment' ? Math.floor(id / COMMITMENT_ID_FACTOR) : id);

/** What remains due on commitment `position` when `available` remains due on the document (earliest first). */
function commitmentDue(data: StoredDocument, available: Big, position: number): Big {
  let paid = payableOf(data).minus(available);
  for (const [i, c] of data.commitments.entries()) {
    const amount = new Big(c.amount);
    const settled = paid.gt(amount) ? amount : paid.gt(0) ? paid : ZERO;
    paid = paid.minus(settled);
    if (i === position - 1) return amount.minus(settled);
  }
  return ZERO;
}

/** Sum of |amount| per document of the links, when the receipt's status settles. */
function effects(links: { documentId: number; amount: Big }[], status: string): Map<number, Big> {
  const out = new Map<number, Big>();
  if (status !== 'Success') return out;
  for (const l of links) out.set(l.documentId, (out.get(l.documentId) ?? ZERO).plus(l.amount.abs()));
  return out;
}

interface CustomerRef {
  id: number | null;
  name: string | null;
  number: string | null;
  internalId: string | null;
}
type CustomerData = { name: string | null; number: string | null; internalId: string | null };

async function resolveCustomer(trx: Trx, accountId: number, input: ReceiptInputT, errors: FieldError[]): Promise<CustomerRef | null> {
  const found: { field: string; record: store.StoredRecord<CustomerData> }[] = [];
  const lookups: [string, () => Promise<store.StoredRecord<CustomerData> | null>, string | number | null | undefined][] = [
    ['customerId', () => store.getRecord<CustomerData>(trx, CUSTOMER, accountId, input.customerId!), input.customerId],
    [
      'customerNumber',
      async () => (await store.findRecords<CustomerData>(trx, CUSTOMER, accountId, { number: input.customerNumber! }, 1))[0] ?? null,
      input.customerNumber,
    ],
    [
      'customerInternalId',
      async () =>
        (await store.findRecords<CustomerData>(trx, CUSTOMER, accountId, { internalId: input.customerInternalId! }, 1))[0] ?? null,
      input.customerInternalId,
    ],
  ];
  for (const [field, lookup, value] of lookups) {
    if (value === null || value === undefined || value === '') continue;
    const record = await lookup();
    if (!record)
      errors.push({
        field,
        message: `no customer has ${field === 'customerId' ? 'id' : field.replace('customer', '').replace(/^./, (c) => c.toLowerCase())} ${JSON.stringify(value)}`,
      });
    else found.push({ field, record });
  }
  for (const other of found.slice(1)) {
    if (other.record.id !== found[0].record.id) {
      errors.push({
        field: other.field,
        message: `designates customer ${other.record.id}, but ${found[0].field} designates customer ${found[0].record.id}`,
      });
    }
  }
  if (!found.length) return null;
  const { id, data } = found[0].record;
  return { id, name: data.name, number: data.number, internalId: data.internalId };
}

async function customerOfDocument(trx: Trx, accountId: number, row: DocumentRow): Promise<CustomerRef> {
  const data = parseData(row);
  const record = row.customerId === null ? null : await store.getRecord<CustomerData>(trx, CUSTOMER, accountId, row.customerId);
  return {
    id: row.customerId,
    name: record?.data.name ?? row.customerName,
    number: record?.data.number ?? data.customerNumber,
    internalId: record?.data.internalId ?? null,
  };
}

interface WriteResult {
  receipt: ReceiptT;
  /** The receipt's version after the write (its ETag). */
  version: number;
  /** Documents whose balance changed, as updated. */
  changed: DocumentRow[];
}

/**
 * Creates (existing null), updates, or deletes (input null) a receipt, and moves the balances of
 * every document its old and new links touch. Documents are locked in id order.
 */
async function writeReceipt(trx: Trx, env: Env, existing: Existing | null, input: ReceiptInputT | null): Promise<WriteResult> {
  const { accountId } = env;
  const errors: FieldError[] = [];
  const oldLinks = existing?.links ?? [];
  const keptInput =
    input && (input.links === undefined || input.links === null) && existing
      ? oldLinks.map((l) => ({ type: l.type, id: l.linkId, amount: Number(l.amount) }))
      : (input?.links ?? []);

  // Lock every document involved, in id order (the same order in every transaction).
  const wanted = new Map<string, { kind: DocumentKind; id: number }>();
  for (const l of oldLinks) wanted.set(`${kindOfLink(l.type)}:${l.documentId}`, { kind: kindOfLink(l.type), id: l.documentId });
  for (const l of keptInput)
    wanted.set(`${kindOfLink(l.type)}:${documentIdOfLink(l.type, l.id)}`, { kind: kindOfLink(l.type), id: documentIdOfLink(l.type, l.id) });
  const docs = new Map<string, DocumentRow>();
  for (const w of [...wanted.values()].sort((a, b) => a.id - b.id)) {
    // A document whose row does not match the audit trail is refused (409), before anything is written.
    const row = await env.chains.documentForChange(w.kind, w.id);
    if (row) docs.set(`${w.kind}:${w.id}`, row);
  }
  const docById = new Map([...docs.values()].map((d) => [d.id, d]));

  // What remains due on each document without this receipt.
  const oldEffects = effects(oldLinks, existing?.row.status ?? '');
  const available = (row: DocumentRow) => row.balance.plus(oldEffects.get(row.id) ?? ZERO);
  const previouslyLinked = new Set(oldLinks.map((l) => l.documentId));

  const amount = input ? money(input.amount) : ZERO;
  const status: PaymentStatusT = input?.status ?? 'Success';

  const resolved: ResolvedLink[] = [];
  const allocated = new Map<number, Big>();
  let allocatedTotal = ZERO;
  for (const [i, link] of keptInput.entries()) {
    const field = `links[${i}]`;
    const kind = kindOfLink(link.type);
    const documentId = documentIdOfLink(link.type, link.id);
    const row = docs.get(`${kind}:${documentId}`);
    if (!row) {
      errors.push({
        field: `${field}.id`,
        message:
          link.type === 'Commitment'
            ? `commitment ${link.id} does not exist (invoice ${documentId} not found)`
            : `${LABEL[kind]} ${link.id} does not exist`,
      });
      continue;
    }
    if (row.isDraft) {
      errors.push({ field: `${field}.id`, message: `${LABEL[kind]} ${row.id} is a draft: finalize it before settling it` });
      continue;
    }
    if (row.isCancelled && !previouslyLinked.has(row.id)) {
      errors.push({ field: `${field}.id`, message: `${documentLabel(row)} is cancelled: it can no longer be settled` });
      continue;
    }
    const data = parseData(row);
    const position = link.type === 'Commitment' ? link.id % COMMITMENT_ID_FACTOR : 0;
    if (link.type === 'Commitment' && (position < 1 || position > data.commitments.length)) {
      errors.push({
        field: `${field}.id`,
        message: `invoice ${row.number} has no commitment ${position} (it has ${data.commitments.length}; ids are invoiceId * ${COMMITMENT_ID_FACTOR} + position)`,
      });
      continue;
    }
    const sign = kind === 'Credit' ? -1 : 1;
    let value: Big | null;
    // A link amount of 0 settles nothing: it is the n8n node's default for "not set", read as absent.
    if (link.amount === null || link.amount === undefined || link.amount === 0) {
      let due = available(row).minus(allocated.get(row.id) ?? ZERO);
      if (link.type === 'Commitment') {
        const commitment = commitmentDue(data, available(row), position);
        if (commitment.lt(due)) due = commitment;
      }
      if (amount && Math.sign(amount.toNumber()) === sign) {
        const unallocated = amount.abs().minus(allocatedTotal.abs());
        if (unallocated.lt(due)) due = unallocated;
      }
      if (due.lte(0)) {
        errors.push({ field: `${field}.amount`, message: `nothing remains to settle on ${documentLabel(row)}: give an amount` });
        continue;
      }
      value = due.times(sign);
    } else {
      value = money(link.amount);
      if (value === null) continue;
      if (Math.sign(value.toNumber()) !== sign) {
        errors.push({
          field: `${field}.amount`,
          message:
            kind === 'Credit'
              ? 'must be negative on a credit (the amount refunded or offset)'
              : `must be positive on ${link.type === 'Commitment' ? 'a commitment' : 'an invoice'}`,
        });
        continue;
      }
    }
    allocated.set(row.id, (allocated.get(row.id) ?? ZERO).plus(value.abs()));
    allocatedTotal = allocatedTotal.plus(value);
    resolved.push({ type: link.type, linkId: link.id, documentId: row.id, amount: value, field });
  }
  // A receipt of 0 moves no money: it only offsets credits against invoices of the customer, so its
  // links must balance (an invoice +24 and a credit -24). Anything else of 0 is a mistake.
  if (input && amount.eq(0)) {
    const offsets = resolved.some((l) => l.amount.gt(0)) && resolved.some((l) => l.amount.lt(0));
    if (!offsets || !allocatedTotal.eq(0))
      errors.push({
        field: 'amount',
        message: offsets
          ? `the links of an offset (amount 0) must balance: they allocate ${allocatedTotal.toFixed(2)}`
          : 'must not be zero (> 0 for a payment received, < 0 for a refund), unless the links offset a credit against an invoice',
      });
  }
  if (amount && !amount.eq(0) && resolved.length) {
    if (!allocatedTotal.eq(0) && allocatedTotal.s !== amount.s) {
      errors.push({
        field: 'links',
        message: `the links allocate ${allocatedTotal.toFixed(2)}, in the opposite direction of the receipt's amount ${amount.toFixed(2)}`,
      });
    } else if (allocatedTotal.abs().gt(amount.abs())) {
      errors.push({
        field: 'links',
        message: `the links allocate ${allocatedTotal.toFixed(2)}, more than the receipt's amount ${amount.toFixed(2)}`,
      });
    }
  }

  let customer: CustomerRef | null = null;
  if (input) {
    customer = await resolveCustomer(trx, accountId, input, errors);
    const first = resolved[0] ? docById.get(resolved[0].documentId) : undefined;
    if (!customer && first) customer = await customerOfDocument(trx, accountId, first);
    if (customer?.id) {
      for (const l of resolved) {
        const row = docById.get(l.documentId)!;
        if (row.customerId !== null && row.customerId !== customer.id) {
          errors.push({
            field: `${l.field}.id`,
            message: `${documentLabel(row)} belongs to customer ${row.customerId}, not to the receipt's customer ${customer.id}`,
          });
        }
      }
    }
  }
  throwIfAny(errors);

  // New balances: what remained due without this receipt, minus what it settles now.
  const newEffects = effects(resolved, status);
  const balances = new Map<number, Big>();
  for (const row of docById.values()) {
    const balance = available(row).minus(newEffects.get(row.id) ?? ZERO);
    if (balance.eq(row.balance)) continue;
    if (balance.lt(0)) {
      const field = resolved.find((l) => l.documentId === row.id)?.field ?? 'links';
      throw ValidationError.field(
        `${field}.amount`,
        `over-settles ${documentLabel(row)}: ${available(row).toFixed(2)} remains due, ${newEffects.get(row.id)!.toFixed(2)} allocated`,
      );
    }
    if (row.isCancelled) {
      throw new InvalidStateError(`${documentLabel(row)} is cancelled: the receipts that settled it can no longer change its balance`);
    }
    balances.set(row.id, balance);
  }

  // Write the receipt and its links.
  let receiptRow: repo.ReceiptRow;
  let linkRows: repo.LinkRow[];
  if (input) {
    const reference = input.reference?.trim() || null;
    const notes = input.notes ?? null;
    const values: repo.ReceiptValues = {
      internalId: input.internalId?.trim() || null,
      date: input.date ?? env.today,
      amount,
      paymentMethod: input.paymentMethod ?? 'Other',
      status,
      reference,
      notes,
      metadata: input.metadata ? JSON.stringify(input.metadata) : null,
      customerId: customer?.id ?? null,
      customerName: customer?.name ?? null,
      customerNumber: customer?.number ?? null,
      customerInternalId: customer?.internalId ?? null,
      searchText: repo.searchTextOf([
        reference,
        notes,
        customer?.name,
        customer?.number,
        input.internalId,
        ...resolved.map((l) => docById.get(l.documentId)?.number),
      ]),
      updatedAt: new Date().toISOString(),
    };
    const id = existing ? existing.row.id : await repo.insertReceipt(trx, accountId, values);
    if (existing) await repo.updateReceipt(trx, accountId, id, values);
    await repo.replaceLinks(
      trx,
      accountId,
      id,
      resolved.map((l) => ({ type: l.type, linkId: l.linkId, documentId: l.documentId, amount: l.amount })),
    );
    receiptRow = (await repo.getReceipt(trx, accountId, id))!;
    linkRows = (await repo.linksOf(trx, accountId, [id])).get(id) ?? [];
  } else {
    receiptRow = existing!.row;
    linkRows = existing!.links;
    await repo.deleteReceipt(trx, accountId, receiptRow.id);
  }

  // Move the balances; an invoice that this write pays in full says so.
  const changed: DocumentRow[] = [];
  const paid: DocumentRow[] = [];
  for (const [id, balance] of [...balances.entries()].sort((a, b) => a[0] - b[0])) {
    const before = docById.get(id)!;
    const after = await setBalanceInTransaction(env.chains, before.kind, id, balance);
    changed.push(after);
    if (after.kind === 'Invoice' && !before.isPaid && after.isPaid) paid.push(after);
  }

  const receipt = presentReceipt(receiptRow, linkRows);
  await emit(trx, accountId, !input ? 'ReceiptDeleted' : existing ? 'ReceiptUpdated' : 'ReceiptCreated', receipt);
  for (const row of paid) await emit(trx, accountId, 'InvoicePaid', presentDocument(row, env));
  return { receipt, version: receiptRow.version, changed };
}

/** The receipt, locked for the transaction (PostgreSQL), or 404; with If-Match, 412 unless at an expected version. */
async function existingOrThrow(trx: Trx, accountId: number, id: number, ifMatch: IfMatch = null): Promise<Existing> {
  const row = await repo.getReceipt(trx, accountId, id, true);
  if (!row) throw new NotFoundError('Receipt', id);
  checkIfMatch(ifMatch, row.version, `Receipt ${id}`);
  return { row, links: (await repo.linksOf(trx, accountId, [id])).get(id) ?? [] };
}

// --- receipts resource ------------------------------------------------------------------------

export async function createReceipt(ctx: ReceiptsContext, accountId: number, input: ReceiptInputT): Promise<Versioned<ReceiptT>> {
  return transaction(ctx.db, async (trx) => {
    const { receipt, version } = await writeReceipt(trx, await envOf(trx, ctx, accountId), null, input);
    return { value: receipt, version };
  });
}

/**
 * The body laid over the receipt as GET answers it (absent fields kept, null clears), except `links`,
 * whose own rule stands: absent or null keeps the current links, [] removes them. With If-Match,
 * only if the receipt is still at an expected version (else 412).
 */
export async function updateReceipt(
  ctx: ReceiptsContext,
  accountId: number,
  id: number,
  patch: Partial<ReceiptInputT>,
  ifMatch: IfMatch = null,
): Promise<Versioned<ReceiptT>> {
  return transaction(ctx.db, async (trx) => {
    // The audit chains' locks first, as in every receipt use case, then the receipt's row.
    const env = await envOf(trx, ctx, accountId);
    const existing = await existingOrThrow(trx, accountId, id, ifMatch);
    const [current] = await presentRows(trx, accountId, [existing.row]);
    const input = { ...mergeUpdate(current, patch), links: patch.links } as ReceiptInputT;
    const { receipt, version } = await writeReceipt(trx, env, existing, input);
    return { value: receipt, version };
  });
}

export async function deleteReceipt(ctx: ReceiptsContext, accountId: number, id: number, ifMatch: IfMatch = null): Promise<void> {
  await transaction(ctx.db, async (trx) => {
    const env = await envOf(trx, ctx, accountId);
    await writeReceipt(trx, env, await existingOrThrow(trx, accountId, id, ifMatch), null);
  });
}

export async function getReceipt(ctx: ReceiptsContext, accountId: number, id: number): Promise<Versioned<ReceiptT>> {
  const row = await repo.getReceipt(ctx.db.kysely, accountId, id);
  if (!row) throw new NotFoundError('Receipt', id);
  return { value: (await presentRows(ctx.db.kysely, accountId, [row]))[0], version: row.version };
}

export async function findReceipts(ctx: ReceiptsContext, accountId: number, internalId: string | undefined): Promise<ReceiptT[]> {
  if (internalId === undefined) return [];
  return presentRows(ctx.db.kysely, accountId, await repo.findReceipts(ctx.db.kysely, accountId, internalId));
}

export async function listReceipts(
  ctx: ReceiptsContext,
  accountId: number,
  filter: repo.ReceiptFilter,
  page: Page,
  order: SortKey<repo.SortColumn>[],
) {
  const { rows, total } = await repo.listReceipts(ctx.db.kysely, accountId, filter, page, order);
  return { items: await presentRows(ctx.db.kysely, accountId, rows), total };
}

// --- mark as paid / refunded ------------------------------------------------------------------

interface SettleRequest {
  id: number;
  amount?: number | null;
  date?: string | null;
  paymentMethod?: PaymentMethodT | null;
  reference?: string | null;
  status?: PaymentStatusT | null;
  metadata?: Record<string, unknown> | null;
  finalize: boolean;
  allowUpdate: boolean;
}

/**
 * Records one payment of an invoice (or one refund of a credit: a receipt of negative amount)
 * and answers the updated document. A draft is finalized first when asked, in the same
 * transaction. With allowUpdate, a fully paid invoice gets its last receipt's metadata, status
 * and reference updated instead.
 */
async function settleDocument(ctx: ReceiptsContext, accountId: number, kind: DocumentKind, req: SettleRequest) {
  return transaction(ctx.db, async (trx) => {
    const env = await envOf(trx, ctx, accountId);
    const verb = kind === 'Invoice' ? 'paid' : 'refunded';
    let row = await env.chains.documentForChange(kind, req.id);
    if (!row) throw new NotFoundError(kind, req.id);
    if (row.isCancelled) throw new InvalidStateError(`${documentLabel(row)} is cancelled: it can no longer be ${verb}`);
    if (row.isDraft) {
      const flag = kind === 'Invoice' ? 'finalizeInvoice' : 'finalizeCredit';
      if (!req.finalize) throw new InvalidStateError(`${LABEL[kind]} ${row.id} is a draft: finalize it first, or send ${flag}: true`);
      row = await finalizeInTransaction(env.chains, kind, row.id, env.workers);
      await emit(trx, accountId, kind === 'Invoice' ? 'InvoiceFinalized' : 'CreditFinalized', presentDocument(row, env));
    }
    const balance = row.balance;
    if (balance.eq(0)) {
      const last = req.allowUpdate ? await repo.lastReceiptOf(trx, accountId, row.id) : undefined;
      if (!last) {
        throw new InvalidStateError(
          `${documentLabel(row)} is already ${verb}` +
            (kind === 'Invoice' && !req.allowUpdate ? '; send allowUpdate: true to update its last receipt' : ''),
        );
      }
      const existing = await existingOrThrow(trx, accountId, last.id);
      const current = presentReceipt(existing.row, existing.links);
      await writeReceipt(trx, env, existing, {
        amount: current.amount,
        customerId: current.customerId,
        date: current.date,
        internalId: current.internalId,
        notes: current.notes,
        paymentMethod: current.paymentMethod,
        metadata: req.metadata ?? current.metadata,
        status: req.status ?? current.status,
        reference: req.reference ?? current.reference,
      });
    } else {
      const errors: FieldError[] = [];
      const amount = req.amount === null || req.amount === undefined ? balance : money(req.amount);
      throwIfAny(errors);
      if (amount.lte(0))
        throw ValidationError.field('amount', `must be greater than 0${kind === 'Credit' ? ' (the amount refunded)' : ''}`);
      if (amount.gt(balance))
        throw ValidationError.field(
          'amount',
          `${amount.toFixed(2)} exceeds what remains due on ${documentLabel(row)}: ${balance.toFixed(2)}`,
        );
      const signed = Number(kind === 'Invoice' ? amount : amount.neg());
      await writeReceipt(trx, env, null, {
        amount: signed,
        date: req.date,
        paymentMethod: req.paymentMethod ?? undefined,
        reference: req.reference,
        status: req.status ?? undefined,
        metadata: req.metadata,
        links: [{ type: kind, id: row.id, amount: signed }],
      });
    }
    return presentDocument((await getDocumentRow(trx, accountId, kind, row.id))!, env);
  });
}

export async function payInvoice(ctx: ReceiptsContext, accountId: number, input: PayInvoiceT) {
  return settleDocument(ctx, accountId, 'Invoice', {
    id: input.invoiceId,
    amount: input.amount,
    date: input.date,
    paymentMethod: input.paymentMethod,
    reference: input.paymentReference,
    status: input.status,
    metadata: input.metadata,
    finalize: input.finalizeInvoice ?? false,
    allowUpdate: input.allowUpdate ?? false,
  });
}

export async function refundCredit(ctx: ReceiptsContext, accountId: number, input: RefundCreditT) {
  return settleDocument(ctx, accountId, 'Credit', {
    id: input.creditId,
    amount: input.amount,
    date: input.date,
    paymentMethod: input.paymentMethod,
    reference: input.refundReference,
    status: input.status,
    metadata: input.metadata,
    finalize: input.finalizeCredit ?? false,
    allowUpdate: false,
  });
}
