// Sale documents (invoices and credit notes): draft lifecycle, finalization with gapless
// numbering and the audit trail, cancellation by credit note. Every use case is one transaction;
// finalizations of one account and kind serialize on the document_heads row, which is also the
// head of that kind's audit chain (audit.ts): each state change appends its entry there.
import { transaction, type Trx } from '../../db/transaction.js';
import Big from 'big.js';
import type { Db } from '../../db/connection.js';
import { canonicalJson } from '../../domain/audit.js';
import { todayIn } from '../../domain/dates.js';
import { resolveFinalizationDate, type FinalizationDateAdjustment } from '../../domain/finalization.js';
import { formatDocumentNumber, sequenceScope } from '../../domain/numbering.js';
import { InvalidStateError, NotFoundError, ValidationError } from '../../errors.js';
import type { Keyring } from '../audit/index.js';
import { checkIfMatch, type IfMatch, type Versioned } from '../../app/versioning.js';
import type { Page, SortKey } from '../../app/paging.js';
import { mergeUpdate } from '../../app/input/merge.js';
import { emit, outboxRow, type EventType, type OutboxRow } from '../../jobs/outbox.js';
import { getAccountSettings, readAccountSettings, type AccountSettings } from '../settings/index.js';
import { correctedInvoice, sellerFromSettings } from './snapshot.js';
import {
  encodeWarnings,
  missingSellerIdentity,
  refuseUnlessConforming,
  type ConformanceVerdict,
  type FrenchRulesMode,
} from './conformance.js';
import { issuedInput } from './issued.js';
import { judge } from './tasks.js';
import type { Finding } from '../../einvoicing/check.js';
import { AuditChains } from './audit.js';
import { carriedFields, composeDocument, payableOf, scheduleFor } from './compose.js';
import { encodeDocument, storedForm, type DocumentKind, type StoredDocument } from './document.js';
import { parseData, presentDocument, type PresentContext } from './present.js';
import { fragmentsFor, lazyItem, type FragmentCache, type Lazy } from '../../app/fragments.js';
import * as repo from './repo.js';
import type { CreditT, DocumentInputT, InvoiceT } from './schemas.js';
import type { WorkerPool } from '../../workers/pool.js';

const LABEL: Record<DocumentKind, string> = { Invoice: 'Invoice', Credit: 'Credit' };
const EVENTS: Record<DocumentKind, { created: EventType; updated: EventType; deleted: EventType; finalized: EventType }> = {
  Invoice: { created: 'InvoiceCreated', updated: 'InvoiceUpdated', deleted: 'InvoiceDeleted', finalized: 'InvoiceFinalized' },
  Credit: { created: 'CreditCreated', updated: 'CreditUpdated', deleted: 'CreditDeleted', finalized: 'CreditFinalized' },
};

export function timezoneOf(settings: AccountSettings): string {
  return settings.general.timezone || 'Europe/Paris';
}

export interface SalesContext {
  db: Db;
  publicUrl: string | null;
  /** The audit trail's keys: every state change of a finalized document is sealed with them. */
  keyring: Keyring;
  /** Where the finalization gate writes and checks the e-invoice (off the event loop); inline without. */
  workers?: WorkerPool;
}

/**
 * Up to this many lines the gate runs inline: writing and checking the XML then takes a few ms, less
 * than a round trip to a worker thread; beyond, on the worker threads (about 100 ms at 1,000 lines).
 */
const INLINE_JUDGE_LINES = 100;

async function presentRow(
  trx: Trx,
  accountId: number,
  row: repo.DocumentRow,
  publicUrl: string | null,
  settings?: AccountSettings,
  data?: StoredDocument,
) {
  const s = settings ?? (await getAccountSettings(trx, accountId));
  return presentDocument(row, { today: todayIn(timezoneOf(s)), publicUrl }, data);
}

function columnsOf(data: StoredDocument) {
  return {
    internalId: data.internalId,
    customerId: data.customerId,
    customerName: data.customerName,
    date: data.date,
    dueDate: data.dueDate,
    taxExcludedAmount: new Big(data.totals.taxExcludedAmount),
    taxIncludedAmount: new Big(data.totals.taxIncludedAmount),
  };
}

/** A credit note may name the finalized invoice it corrects (BT-25, with its date BT-26). */
async function checkCorrectedInvoice(trx: Trx, accountId: number, data: StoredDocument): Promise<StoredDocument> {
  if (data.cancelledInvoiceId === null) return data;
  const invoice = await repo.getDocument(trx, accountId, 'Invoice', data.cancelledInvoiceId);
  if (!invoice) throw ValidationError.field('cancelledInvoicetId', `invoice ${data.cancelledInvoiceId} does not exist`);
  if (invoice.isDraft)
    throw ValidationError.field(
      'cancelledInvoicetId',
      `invoice ${data.cancelledInvoiceId} is a draft: only a finalized invoice can be corrected`,
    );
  return { ...data, links: { ...data.links, cancelledInvoiceNumber: invoice.number!, cancelledInvoiceDate: invoice.date } };
}

async function compose(
  trx: Trx,
  accountId: number,
  kind: DocumentKind,
  input: DocumentInputT,
  settings: AccountSettings,
  carried: ReturnType<typeof carriedFields> = {},
) {
  const data = await composeDocument({ db: trx, accountId, kind, settings, timezone: timezoneOf(settings) }, input, carried);
  if (data.prepaid && payableOf(data).lt(0)) {
    throw ValidationError.field(
      'lines',
      `the total (${data.totals.taxIncludedAmount}) is less than the deposits it deducts (${data.prepaid.amount})`,
    );
  }
  return checkCorrectedInvoice(trx, accountId, data);
}

/** The row of a new draft holding `data`. */
function draftRow(accountId: number, kind: DocumentKind, data: StoredDocument): repo.NewDocumentRow {
  const now = new Date().toISOString();
  return {
    accountId,
    kind,
    isDraft: true,
    number: null,
    ...columnsOf(data),
    balance: payableOf(data),
    isPaid: false,
    isCancelled: false,
    isProcessed: false,
    sentAt: null,
    finalizedAt: null,
    cancellationCreditId: null,
    cancelledInvoiceId: data.cancelledInvoiceId,
    chainIndex: null,
    hash: null,
    previousHash: null,
    data: encodeDocument(data),
    createdAt: now,
    updatedAt: now,
  };
}

/** A presented document with the version its ETag names. */
type VersionedDocument = Versioned<Awaited<ReturnType<typeof presentRow>>>;

/** A draft is not sealed (drafts change freely): no audit key needed. */
export async function createDraft(
  ctx: Pick<SalesContext, 'db' | 'publicUrl'>,
  accountId: number,
  kind: DocumentKind,
  input: DocumentInputT,
): Promise<VersionedDocument> {
  return transaction(ctx.db, (trx) => createDraftInTransaction(trx, ctx.publicUrl, accountId, kind, input));
}

/**
 * Creates a draft inside the caller's transaction (quotes make invoices from quotes this way), with
 * the fields the caller sets on it (`carried`: deposit, quote, prepaid); emits its Created event.
 */
export async function createDraftInTransaction(
  trx: Trx,
  publicUrl: string | null,
  accountId: number,
  kind: DocumentKind,
  input: DocumentInputT,
  carried: ReturnType<typeof carriedFields> = {},
): Promise<VersionedDocument> {
  const settings = await getAccountSettings(trx, accountId);
  const data = await compose(trx, accountId, kind, input, settings, carried);
  const row = draftRow(accountId, kind, data);
  const id = await repo.insertDocument(trx, row);
  const out = await presentRow(trx, accountId, { ...row, id, version: 1 }, publicUrl, settings, data);
  await emit(trx, accountId, EVENTS[kind].created, out);
  return { value: out, version: 1 };
}

/**
 * The draft, locked for the transaction (PostgreSQL), or 404; 409 when its row does not match the
 * audit trail (e.g. a finalized document turned back into a draft in SQL); 400 when finalized;
 * with If-Match, 412 unless it is at a version the client expects. The lock keeps a concurrent
 * writer from slipping in between this check and the write.
 */
async function draftOrThrow(chains: AuditChains, kind: DocumentKind, id: number, action: string, ifMatch: IfMatch = null) {
  const row = await chains.documentForChange(kind, id);
  if (!row) throw new NotFoundError(LABEL[kind], id);
  checkIfMatch(ifMatch, row.version, `${LABEL[kind]} ${id}`);
  if (!row.isDraft) {
    throw new InvalidStateError(
      `${LABEL[kind]} ${row.number} is finalized and cannot be ${action}` +
        (kind === 'Invoice' ? '; cancel it with a credit note (POST /v1/saleinvoices/cancel/{id})' : ''),
    );
  }
  return row;
}

/**
 * The body laid over the draft as the API answers it: absent fields keep their value, null clears,
 * lines replace. With If-Match, only if the draft is still at an expected version (else 412).
 */
export async function updateDraft(
  ctx: SalesContext,
  accountId: number,
  kind: DocumentKind,
  id: number,
  patch: DocumentInputT,
  ifMatch: IfMatch = null,
): Promise<VersionedDocument> {
  return transaction(ctx.db, async (trx) => {
    const previous = await draftOrThrow(new AuditChains(trx, ctx.keyring, accountId), kind, id, 'modified', ifMatch);
    const settings = await getAccountSettings(trx, accountId);
    const input = mergeUpdate(await presentRow(trx, accountId, previous, ctx.publicUrl, settings), patch) as DocumentInputT;
    const data = await compose(trx, accountId, kind, input, settings, carriedFields(parseData(previous)));
    const changes = {
      ...columnsOf(data),
      balance: payableOf(data),
      cancelledInvoiceId: data.cancelledInvoiceId,
      data: encodeDocument(data),
      updatedAt: new Date().toISOString(),
    };
    const version = (await repo.updateDocument(trx, accountId, id, changes))!;
    const out = await presentRow(trx, accountId, { ...previous, ...changes, version }, ctx.publicUrl, settings, data);
    await emit(trx, accountId, EVENTS[kind].updated, out);
    return { value: out, version };
  });
}

/** Deleting a draft never consumes a number: numbers only exist from finalization on. */
export async function deleteDraft(ctx: SalesContext, accountId: number, kind: DocumentKind, id: number, ifMatch: IfMatch = null) {
  return transaction(ctx.db, async (trx) => {
    const row = await draftOrThrow(new AuditChains(trx, ctx.keyring, accountId), kind, id, 'deleted', ifMatch);
    const out = await presentRow(trx, accountId, row, ctx.publicUrl);
    await repo.deleteDocument(trx, accountId, id);
    await emit(trx, accountId, EVENTS[kind].deleted, out);
    return out;
  });
}

/**
 * A document's answer through the cache of serialized answers of its database (src/app/fragments.ts):
 * its key is everything presentDocument reads: the row and its snapshot, named by their version and
 * last write (repo.AnswerableDocument), the day and the public URL. A payment, a cancellation or a
 * status moves the version: a new key, never a stale answer. An answer already held is taken as it
 * is, before anything of the row is decoded.
 */
function presentedLazily(
  accountId: number,
  doc: repo.AnswerableDocument,
  ctx: PresentContext,
  cache: FragmentCache,
): Lazy<InvoiceT & CreditT> {
  const key = `sale-document:${accountId}:${doc.kind}:${doc.id}:${doc.version}:${doc.updatedAt}:${ctx.today}:${ctx.publicUrl ?? ''}`;
  const held = cache.get(key);
  // Not held: the amounts are decoded now, so that a row changed outside the application is a 409
  // before anything is answered (its snapshot is inflated and parsed when the answer is built).
  const row = held === undefined ? doc.stored() : undefined;
  // Built even when held, should a hook add fields to the answer (the platform's statuses: another key).
  const build = () => {
    const readable = repo.readableDocument(row ?? doc.stored());
    return presentDocument(readable.row, ctx, readable.data);
  };
  return lazyItem<InvoiceT & CreditT>({ id: doc.id, isProcessed: doc.isProcessed }, key, build, held);
}

/** The document as answered by GET (through the cache of answers: the route serializes it with answerThroughCache). */
export async function getDocument(
  ctx: SalesContext,
  accountId: number,
  kind: DocumentKind,
  id: number,
): Promise<Versioned<Lazy<InvoiceT & CreditT>>> {
  const doc = await repo.getDocumentForAnswer(ctx.db.kysely, accountId, kind, id);
  if (!doc) throw new NotFoundError(LABEL[kind], id);
  const settings = await getAccountSettings(ctx.db.kysely, accountId);
  const present = { today: todayIn(timezoneOf(settings)), publicUrl: ctx.publicUrl };
  return { value: presentedLazily(accountId, doc, present, fragmentsFor(ctx.db.kysely)), version: doc.version };
}

export async function findDocuments(
  ctx: SalesContext,
  accountId: number,
  kind: DocumentKind,
  by: { number?: string; internalId?: string },
) {
  if (by.number === undefined && by.internalId === undefined) return [];
  const rows = await repo.findDocuments(ctx.db.kysely, accountId, kind, by);
  const settings = await getAccountSettings(ctx.db.kysely, accountId);
  return Promise.all(rows.map((r) => presentRow(ctx.db.kysely, accountId, r, ctx.publicUrl, settings)));
}

export async function listDocuments(
  ctx: SalesContext,
  accountId: number,
  kind: DocumentKind,
  filter: Omit<repo.ListFilter, 'today'>,
  page: Page,
  order: SortKey<repo.SortColumn>[],
) {
  const settings = await getAccountSettings(ctx.db.kysely, accountId);
  const today = todayIn(timezoneOf(settings));
  const { rows, total } = await repo.listDocuments(ctx.db.kysely, accountId, kind, { ...filter, today }, page, order);
  // Answered through the cache of answers (the route serializes them with answerThroughCache).
  const cache = fragmentsFor(ctx.db.kysely);
  return { items: rows.map((r) => presentedLazily(accountId, r, { today, publicUrl: ctx.publicUrl }, cache)), total };
}

// --- finalization ---------------------------------------------------------------------------

/**
 * What the first, unkeyed chain hashed of a finalized document (documents finalized before the
 * keyed audit trail; still verified): everything the document says, nothing of its later state.
 */
export function hashedContent(kind: DocumentKind, data: StoredDocument): string {
  const { metadata: _metadata, internalNotes: _notes, links: _links, ...content } = data;
  // As stored: the chain hashed the stored spelling of the document's keys.
  return canonicalJson({ kind, ...storedForm(content as StoredDocument) });
}

function checkFinalizable(kind: DocumentKind, data: StoredDocument): void {
  const problems: string[] = [];
  if (!data.customerName) problems.push('it has no customer (customerId or customerName)');
  if (!data.lines.some((l) => l.type === 'Product' || l.type === 'Service')) problems.push('it has no Product or Service line');
  if (new Big(data.totals.taxIncludedAmount).lt(0)) {
    problems.push(
      kind === 'Invoice'
        ? 'its total is negative: issue a credit note instead'
        : 'its total is negative: its lines mix positive and negative amounts. A credit lists the amounts credited, written ' +
            'positive (a credit whose priced lines are all negative is read that way); correct the lines that are not',
    );
  }
  if (problems.length) throw new InvalidStateError(`The ${kind.toLowerCase()} cannot be finalized: ${problems.join('; ')}`);
}

/**
 * BR-FR-CO-05: a domestic B2B credit note names the invoice it corrects, with its date (BT-25, BT-26),
 * when the account enforces the French rules. Said here in the API's words; the conformance gate
 * would refuse it too, in the rule's. Otherwise (Warn, or a B2C or foreign-buyer credit) it may leave
 * it out: EN 16931 does not ask for it, and BR-FR-CO-05 comes back as a warning.
 */
function requireCorrectedInvoice(data: StoredDocument): void {
  const corrected = correctedInvoice(data);
  const problem = !corrected
    ? 'it does not name the invoice it corrects (BT-25, BR-FR-CO-05): set cancelledInvoicetId to one of your invoices, ' +
      'or correctedInvoiceNumber and correctedInvoiceDate for an invoice issued elsewhere'
    : !corrected.date
      ? `it names invoice ${corrected.number} without its date: set correctedInvoiceDate (BT-26, BR-FR-CO-05)`
      : null;
  if (problem) throw new InvalidStateError(`The credit cannot be finalized: ${problem}`);
}

/** What finalization reads of the account: its settings and the token of its current logo. */
type AccountState = Awaited<ReturnType<typeof readAccountSettings>>;

export interface FinalizeOptions {
  finalizationDate?: string;
  dateAdjustment?: FinalizationDateAdjustment;
  /** The day finalization takes as today (the account's timezone by default): a worker's own clock. */
  today?: string;
}

/** The date and number a draft would be finalized with, after the last finalized document `lastDate`. */
function finalDate(data: StoredDocument, options: FinalizeOptions, settings: AccountSettings, lastDate: string | null) {
  return resolveFinalizationDate({
    requestedDate: options.finalizationDate ?? null,
    documentDate: data.date,
    lastFinalizedDate: lastDate,
    today: options.today ?? todayIn(timezoneOf(settings)),
    earlyFinalizationDays: settings.sales.invoices.earlyFinalizationDuration ?? 0,
    adjustment: options.dateAdjustment ?? 'None',
  });
}

/** The document as finalization stores it: its final date and number, due dates, and the seller frozen in it. */
function finalDocument(data: StoredDocument, date: string, number: string, account: AccountState): StoredDocument {
  return {
    ...data,
    date,
    number,
    ...scheduleFor(data, date, account.settings),
    seller: sellerFromSettings(account.settings, account.logoToken),
  };
}

/** With a plateforme agréée connected, what it would reject is refused before it is numbered, whatever the account chose for an account that does not transmit (docs/einvoicing.md). */
const frenchRulesOf = (settings: AccountSettings): FrenchRulesMode =>
  settings.einvoicing.platform ? 'Enforce' : settings.einvoicing.frenchRules;

/** The e-invoice a document would be issued with (its data as it will be stored), judged: what the gate decides on. */
export interface Prejudged {
  stored: string;
  frenchRules: FrenchRulesMode;
  verdict: ConformanceVerdict;
}

/** The finalization gate's verdict on `stored`: inline for a short document, else on the worker threads' priority lane. */
async function judged(kind: DocumentKind, id: number, final: StoredDocument, stored: string, account: AccountState, workers?: WorkerPool) {
  const frenchRules = frenchRulesOf(account.settings);
  // The data crosses as the JSON string finalization stores anyway, the seller frozen in it.
  const candidate = issuedInput(
    kind,
    { id, isDraft: false, data: stored },
    { seller: null, paymentMethod: account.settings.sales.paymentMethod, logo: null },
  );
  const verdict =
    workers && final.lines.length > INLINE_JUDGE_LINES
      ? await workers.run(judge, [candidate, frenchRules], { priority: 'high' })
      : await judge.run(candidate, frenchRules);
  return { stored, frenchRules, verdict };
}

/**
 * Judges a long draft before its finalization's transaction (issue #24): with the number it would
 * receive now, the date it would get, the account as it is. Judging a 1,000-line document takes
 * about 100 ms of a worker thread, and the thread may first finish a render: done under the
 * numbering lock (and, on SQLite, inside the group commit every write waits for), that held them
 * all. Finalization then reuses the verdict when the document it stores is exactly the one judged,
 * and judges again only when something changed in between (another finalization took the number).
 * Undefined when there is nothing to judge ahead (a short document, no worker threads, a draft the
 * transaction will refuse anyway).
 */
async function prejudge(ctx: SalesContext, accountId: number, kind: DocumentKind, id: number, options: FinalizeOptions) {
  if (!ctx.workers) return undefined;
  const db = ctx.db.kysely;
  const row = await repo.getDocument(db, accountId, kind, id);
  if (!row || !row.isDraft) return undefined;
  const data = parseData(row);
  if (data.lines.length <= INLINE_JUDGE_LINES) return undefined;
  const account = await readAccountSettings(db, accountId);
  const head = await repo.getHead(db, accountId, kind);
  const resolved = finalDate(data, options, account.settings, head?.lastDate ?? null);
  if (!resolved.ok) return undefined;
  const number = await prospectiveNumber(db, accountId, kind, resolved.date, account.settings);
  const final = finalDocument(data, resolved.date, number, account);
  return judged(kind, id, final, encodeDocument(final), account, ctx.workers);
}

/** Finalizes a draft row inside the caller's transaction; returns the updated row. `balance`: what remains due, if not the total. */
async function finalizeRow(
  chains: AuditChains,
  kind: DocumentKind,
  id: number,
  options: FinalizeOptions,
  account: AccountState,
  workers: WorkerPool | undefined,
  balance?: Big,
  prejudged?: Prejudged,
  /** The event announcing the finalization, written with it (from the row as it will stand). */
  announce?: (row: repo.DocumentRow, data: StoredDocument) => Promise<OutboxRow>,
) {
  const { trx, accountId } = chains;
  const { settings } = account;
  // The head lock comes first: it serializes every finalization of this account and kind.
  const head = await chains.lock(kind);
  const row = await draftOrThrow(chains, kind, id, 'finalized again');
  const data = parseData(row);
  checkFinalizable(kind, data);
  const resolved = finalDate(data, options, settings, head.lastDate);
  if (!resolved.ok) {
    throw new InvalidStateError(
      resolved.message + (resolved.workingAdjustment ? ` Retry with dateAdjustment=${resolved.workingAdjustment}.` : ''),
    );
  }
  const date = resolved.date;
  const pattern = kind === 'Invoice' ? settings.numbering.invoicePattern : settings.numbering.creditPattern;
  const seq = await repo.nextSequence(trx, accountId, kind, sequenceScope(pattern, date));
  const number = formatDocumentNumber(pattern, date, seq);
  const final = finalDocument(data, date, number, account);
  // Conforming by construction: the e-invoice this number would be issued with is judged first;
  // judged already, before the lock, when it is exactly the document judged then.
  const stored = encodeDocument(final);
  const frenchRules = frenchRulesOf(settings);
  const verdict =
    prejudged && prejudged.stored === stored && prejudged.frenchRules === frenchRules
      ? prejudged.verdict
      : (await judged(kind, id, final, stored, account, workers)).verdict;
  if (kind === 'Credit' && verdict.domesticB2B && frenchRules === 'Enforce') requireCorrectedInvoice(final);
  const warnings = refuseUnlessConforming(verdict, kind === 'Invoice' ? 'invoice' : 'credit note', missingSellerIdentity(final.seller!));
  // The document's chain index is the position of the entry that seals its finalization.
  const chainIndex = head.seq + 1;
  const due = balance ?? payableOf(final);
  const now = new Date().toISOString();
  const changes = {
    isDraft: false,
    number,
    date,
    dueDate: final.dueDate,
    finalizedAt: now,
    chainIndex,
    hash: null,
    previousHash: null,
    data: stored,
    balance: due,
    isPaid: due.eq(0),
    einvoicingWarnings: encodeWarnings(warnings),
    updatedAt: now,
  };
  head.lastDate = date;
  const sealed = await chains.sealDocument('finalized', { ...row, ...changes }, final, true);
  // The row as it will stand, without reading it back (it is locked: its version moves by one).
  const after = { ...row, ...changes, version: row.version + 1 };
  const outbox = announce ? await announce(after, final) : undefined;
  // Row, snapshot, Detail, audit entry, head and event in one round trip on PostgreSQL.
  const version = await repo.writeFinalization(trx, { accountId, id, changes, version: row.version, detail: final, ...sealed, outbox });
  // The Factur-X PDF is not rendered here, under the numbering lock: it is rendered from this frozen
  // snapshot on first download and kept with its hash from then on (src/modules/documents).
  return { row: { ...after, version }, data: final, warnings };
}

export async function finalize(
  ctx: SalesContext,
  accountId: number,
  kind: DocumentKind,
  id: number,
  options: FinalizeOptions,
): Promise<VersionedDocument & { warnings: Finding[] }> {
  // A long document is judged before the transaction, off the numbering lock (prejudge).
  const prejudged = await prejudge(ctx, accountId, kind, id, options);
  return transaction(ctx.db, async (trx) => {
    const account = await readAccountSettings(trx, accountId);
    let out: Awaited<ReturnType<typeof presentRow>> | undefined;
    const { row, warnings } = await finalizeRow(
      new AuditChains(trx, ctx.keyring, accountId),
      kind,
      id,
      options,
      account,
      ctx.workers,
      undefined,
      prejudged,
      async (after, final) => {
        out = await presentRow(trx, accountId, after, ctx.publicUrl, account.settings, final);
        return outboxRow(accountId, EVENTS[kind].finalized, out);
      },
    );
    return { value: out!, version: row.version, warnings };
  });
}

/**
 * The number a draft would receive if it were finalized now on its own date (the conformance check
 * of a draft judges BT-1 as it will be; nothing is taken).
 */
export async function prospectiveNumber(db: Trx, accountId: number, kind: DocumentKind, date: string, settings: AccountSettings) {
  const pattern = kind === 'Invoice' ? settings.numbering.invoicePattern : settings.numbering.creditPattern;
  const seq = await repo.peekSequence(db, accountId, kind, sequenceScope(pattern, date));
  return formatDocumentNumber(pattern, date, seq);
}

/** Used by payments: finalizes a draft inside an existing transaction, on the chains it holds. */
export async function finalizeInTransaction(
  chains: AuditChains,
  kind: DocumentKind,
  id: number,
  workers?: WorkerPool,
  options: FinalizeOptions = {},
) {
  return (await finalizeRow(chains, kind, id, options, await readAccountSettings(chains.trx, chains.accountId), workers)).row;
}

/**
 * Cancels a finalized invoice the legal way: a full credit note, finalized today (or at the last
 * credit's date if that is later), linked both ways. What was still due on the invoice is settled
 * by the credit; what had been paid remains to be refunded on the credit.
 */
export async function cancelInvoice(ctx: SalesContext, accountId: number, id: number) {
  return transaction(ctx.db, async (trx) => {
    const chains = new AuditChains(trx, ctx.keyring, accountId);
    // Both chains get an entry (the invoice's cancellation, the credit's finalization): Invoice first.
    await chains.lock('Invoice');
    await chains.lock('Credit');
    const invoice = await chains.documentForChange('Invoice', id);
    if (!invoice) throw new NotFoundError('Invoice', id);
    if (invoice.isDraft) throw new InvalidStateError(`Invoice ${id} is a draft: delete it instead of cancelling it`);
    if (invoice.isCancelled)
      throw new InvalidStateError(`Invoice ${invoice.number} is already cancelled by credit ${invoice.cancellationCreditId}`);
    const account = await readAccountSettings(trx, accountId);
    const { settings } = account;
    const source = parseData(invoice);
    // The credit repeats what was sold, not how it was paid: no deposit deducted, no quote link.
    const { number: _n, seller: _s, links: _l, deposit: _d, quote: _q, prepaid: _p, ...content } = source;
    const today = todayIn(timezoneOf(settings));
    const paidOnInvoice = payableOf(source).minus(invoice.balance);
    const creditData: StoredDocument = {
      ...content,
      cancelledInvoiceId: id,
      date: today,
      subject: content.subject ?? `Annulation de la facture ${invoice.number}`,
      links: { cancelledInvoiceNumber: invoice.number!, cancelledInvoiceDate: invoice.date, cancellationPaid: paidOnInvoice.toFixed(2) },
    };
    const creditId = await repo.insertDocument(trx, draftRow(accountId, 'Credit', creditData));
    const { row: credit } = await finalizeRow(
      chains,
      'Credit',
      creditId,
      { dateAdjustment: 'MinimumDate' },
      account,
      ctx.workers,
      paidOnInvoice,
    );
    const cancelled: StoredDocument = {
      ...source,
      links: { ...source.links, cancellationCreditId: creditId, cancellationCreditNumber: credit.number },
    };
    const changes = {
      isCancelled: true,
      cancellationCreditId: creditId,
      balance: new Big(0),
      updatedAt: new Date().toISOString(),
      data: encodeDocument(cancelled),
    };
    await repo.updateDocument(trx, accountId, id, changes);
    await chains.recordDocument('cancelled', { ...invoice, ...changes }, cancelled, true);
    const out = await presentRow(trx, accountId, (await repo.getDocument(trx, accountId, 'Invoice', id))!, ctx.publicUrl, settings);
    await emit(
      trx,
      accountId,
      'CreditFinalized',
      await presentRow(trx, accountId, (await repo.getDocument(trx, accountId, 'Credit', creditId))!, ctx.publicUrl, settings),
    );
    await emit(trx, accountId, 'InvoiceCancelled', out);
    return out;
  });
}

/**
 * Used by receipts: sets the balance of a finalized document inside the caller's transaction
 * (paid when it reaches zero), seals it, and returns the updated row. The caller checks the bounds.
 */
export async function setBalanceInTransaction(chains: AuditChains, kind: DocumentKind, id: number, balance: Big) {
  const { trx, accountId } = chains;
  await repo.updateDocument(trx, accountId, id, { balance, isPaid: balance.eq(0), updatedAt: new Date().toISOString() });
  const row = (await repo.getDocument(trx, accountId, kind, id))!;
  await chains.recordDocument('settled', row, null, false);
  return row;
}

/**
 * Used by e-mail sending (modules/mailing), inside the transaction that records the SMTP outcome:
 * sets `sentAt` of a finalized document the first time it is sent (later sends keep the first
 * date), seals the change, and emits InvoiceSent / CreditSent. Undefined when the document is gone.
 */
export async function markSentIn(
  chains: AuditChains,
  publicUrl: string | null,
  kind: DocumentKind,
  id: number,
  at: string,
): Promise<{ id: number; sentAt: string | null } | undefined> {
  const { trx, accountId } = chains;
  await chains.lock(kind);
  const row = await chains.documentForChange(kind, id);
  if (!row || row.isDraft) return undefined;
  let current = row;
  if (!row.sentAt) {
    await repo.updateDocument(trx, accountId, id, { sentAt: at, updatedAt: new Date().toISOString() });
    current = (await repo.getDocument(trx, accountId, kind, id))!;
    await chains.recordDocument('sent', current, null, false);
  }
  await emit(trx, accountId, kind === 'Invoice' ? 'InvoiceSent' : 'CreditSent', await presentRow(trx, accountId, current, publicUrl));
  return { id, sentAt: current.sentAt };
}
