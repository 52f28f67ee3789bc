// Sale quotes (devis): drafts, issue with a gapless number, the answer of the customer (sent, accepted,
// refused), closing, and the invoices made from an accepted quote: deposit invoices (acomptes, type
// code 386) and the final invoice, which deducts the deposits (BT-113) and references them (BG-3).
// Every use case is one transaction; the invoices are drafts of the sales module, created through
// its door in the same transaction as the quote's change. The states are drawn in docs/quotes.md.
import Big from 'big.js';
import { transaction, type Trx } from '../../db/transaction.js';
import type { Db } from '../../db/connection.js';
import { addDays, compareDates, todayIn } from '../../domain/dates.js';
import { depositAmount, splitDeposit } from '../../domain/deposits.js';
import { DomainValidationError } from '../../domain/errors.js';
import { formatDocumentNumber, sequenceScope } from '../../domain/numbering.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { checkIfMatch, type IfMatch, type Versioned } from '../../app/versioning.js';
import { mergeUpdate } from '../../app/input/merge.js';
import type { Page, SortKey } from '../../app/paging.js';
import { emit } from '../../jobs/outbox.js';
import type { WorkerPool } from '../../workers/pool.js';
import {
  composeDocument,
  createDraftInTransaction,
  getDocumentRow,
  currentAccount,
  customerOf,
  decodeDocument,
  encodeDocument,
  fileNameOf,
  issuedInput,
  logoForPdf,
  renderOnWorker,
  timezoneOf,
  type DocumentInputT,
  type IssuedInput,
  type StoredDocument,
} from '../sales/index.js';
import { defaultRecipientOf } from '../mailing/index.js';
import { getAccountLogo, getAccountSettings, type AccountSettings } from '../settings/index.js';
import * as repo from './repo.js';
import type { DepositInputT, QuoteInputT, QuoteStatusT, QuoteT } from './schemas.js';

export interface QuotesContext {
  db: Db;
  publicUrl: string | null;
  workers: WorkerPool;
}

/** What is stored in sale_quotes.data: the sale document as composed, plus the quote's own fields. */
export interface QuoteData extends StoredDocument {
  validityDate: string;
  /** The deposit asked on acceptance (printed; the default of a deposit invoice). */
  depositAsked: { type: 'Percent' | 'Fixed'; value: number } | null;
  /** The deposit invoices made from the quote, with their total when they were made. */
  depositInvoices: { id: number; amount: string }[];
}

const LAST_DAY = '9999-12-31';

type Action = 'modified' | 'deleted' | 'issued' | 'sent' | 'accepted' | 'refused' | 'closed' | 'invoiced' | 'deposit';

/** The states from which each action is allowed; anything else is a 409 saying why. */
const ALLOWED: Record<Action, readonly QuoteStatusT[]> = {
  modified: ['Pending', 'Sent'],
  deleted: ['Pending'],
  issued: ['Pending'],
  sent: ['Pending', 'Sent'],
  accepted: ['Pending', 'Sent'],
  refused: ['Pending', 'Sent'],
  closed: ['Pending', 'Sent', 'Accepted'],
  invoiced: ['Accepted'],
  deposit: ['Accepted'],
};

const VERB: Record<Action, string> = {
  modified: 'modified',
  deleted: 'deleted',
  issued: 'issued',
  sent: 'marked as sent',
  accepted: 'accepted',
  refused: 'refused',
  closed: 'closed',
  invoiced: 'invoiced',
  deposit: 'given a deposit invoice',
};

function label(row: repo.QuoteRow): string {
  return row.number ? `Quote ${row.number}` : `Quote ${row.id} (draft)`;
}

function parse(row: Pick<repo.QuoteRow, 'data'>): QuoteData {
  return decodeDocument(row.data) as QuoteData;
}

const num = (value: string | number | null | undefined) => (value === null || value === undefined ? 0 : Number(value));

export function isExpired(row: Pick<repo.QuoteRow, 'status' | 'validityDate'>, today: string): boolean {
  return (row.status === 'Pending' || row.status === 'Sent') && row.validityDate !== null && compareDates(row.validityDate, today) < 0;
}

/** Stored quote -> wire Quote. */
export function presentQuote(row: repo.QuoteRow, today: string, publicUrl: string | null, d: QuoteData = parse(row)): QuoteT {
  const deposited = d.depositInvoices.reduce((s, i) => s.plus(i.amount), new Big(0));
  return {
    id: row.id,
    acceptedAt: row.acceptedAt,
    balance: Number(row.taxIncludedAmount.minus(deposited)),
    billingAddress: d.billingAddress,
    billingContact: d.billingContact,
    ...customerOf(d),
    date: row.date,
    deposit: d.depositAsked,
    footerNotes: d.footerNotes,
    globalDiscount: d.globalDiscount,
    grossTaxExcludedAmount: num(d.totals.grossTaxExcludedAmount),
    headerNotes: d.headerNotes,
    internalId: d.internalId,
    internalNotes: d.internalNotes,
    liableToVat: d.liableToVat,
    lines: d.lines.map((line) => ({ ...line, product: null })),
    metadata: d.metadata,
    number: row.number,
    pdfUrl: `${publicUrl ?? ''}/v1/salequotes/download/${row.id}`,
    publicLink: null,
    refusedAt: row.refusedAt,
    region: d.region,
    sentAt: row.sentAt,
    shippingAddress: d.shippingAddress,
    shippingAmount: d.shippingAmount,
    shippingContact: d.shippingContact,
    shippingVat: d.shippingVat,
    status: row.status,
    subject: d.subject,
    taxAmount: num(d.totals.taxAmount),
    taxExcludedAmount: num(d.totals.taxExcludedAmount),
    taxIncludedAmount: num(d.totals.taxIncludedAmount),
    useTaxIncludedPrices: d.useTaxIncludedPrices,
    validityDate: row.validityDate,
    vatNote: d.vatNote,
    vatReverseCharge: d.vatReverseCharge,
    vats: d.totals.vats.map((v) => ({
      taxExcludedAmount: num(v.taxableAmount),
      vat: vatOf(d, v.rate),
      vatAmount: num(v.vatAmount),
    })),
    vendorReference: d.vendorReference,
    isExpired: isExpired(row, today),
    closedAt: row.closedAt,
    invoiceId: row.invoiceId,
    depositInvoiceIds: d.depositInvoices.map((i) => i.id),
  };
}

/** The VAT of a breakdown row, as the lines at that rate name it. */
function vatOf(d: QuoteData, rate: string) {
  const r = new Big(rate);
  const line = d.lines.find((l) => l.vat?.rate !== null && l.vat?.rate !== undefined && r.eq(l.vat.rate));
  if (line?.vat) return line.vat;
  if (d.shippingVat?.rate !== null && d.shippingVat?.rate !== undefined && r.eq(d.shippingVat.rate)) return d.shippingVat;
  return { default: false, id: null, label: `${rate} %`, rate: Number(rate), region: null };
}

function todayOf(settings: AccountSettings): string {
  return todayIn(timezoneOf(settings));
}

async function composeQuote(
  trx: Trx,
  accountId: number,
  input: QuoteInputT,
  settings: AccountSettings,
  depositInvoices: QuoteData['depositInvoices'],
): Promise<QuoteData> {
  const { validityDate, deposit, ...document } = input;
  let data: StoredDocument;
  try {
    data = await composeDocument({ db: trx, accountId, kind: 'Invoice', settings, timezone: timezoneOf(settings) }, document);
  } catch (e) {
    if (e instanceof DomainValidationError) throw ValidationError.field(e.field, e.message);
    throw e;
  }
  // The last representable day bounds a default validity (a quote dated at the end of 9999).
  const computed = addDays(data.date, settings.sales.quotes.validityDuration ?? 30);
  const validity = validityDate ?? (computed.length !== 10 || compareDates(computed, LAST_DAY) > 0 ? LAST_DAY : computed);
  if (compareDates(validity, data.date) < 0) {
    throw ValidationError.field('validityDate', `the validity date ${validity} is before the quote's date ${data.date}`);
  }
  let depositAsked: QuoteData['depositAsked'] = null;
  if (deposit && (deposit.type || deposit.value !== undefined)) {
    if (!deposit.type || deposit.value === undefined || deposit.value === null) {
      throw ValidationError.field('deposit', 'a deposit needs a type (Percent or Fixed) and a value');
    }
    if (deposit.value > 0) {
      // The same checks as the deposit invoice will make, so that what the quote prints can be asked.
      try {
        depositAmount(data.totals.taxIncludedAmount, 0, { type: deposit.type, value: deposit.value });
      } catch (e) {
        if (e instanceof DomainValidationError) throw ValidationError.field('deposit.value', e.message);
        throw e;
      }
      depositAsked = { type: deposit.type, value: deposit.value };
    }
  }
  return { ...data, validityDate: validity, depositAsked, depositInvoices };
}

function columnsOf(data: QuoteData) {
  return {
    internalId: data.internalId,
    customerId: data.customerId,
    customerName: data.customerName,
    date: data.date,
    validityDate: data.validityDate,
    taxExcludedAmount: new Big(data.totals.taxExcludedAmount),
    taxIncludedAmount: new Big(data.totals.taxIncludedAmount),
  };
}

type VersionedQuote = Versioned<QuoteT>;

/** The quote, locked for the transaction (PostgreSQL), or 404; 412 on a stale If-Match; 409 when `action` is not allowed now. */
async function quoteFor(trx: Trx, accountId: number, id: number, action: Action, ifMatch: IfMatch = null): Promise<repo.QuoteRow> {
  const row = await repo.getQuote(trx, accountId, id, true);
  if (!row) throw new NotFoundError('Quote', id);
  checkIfMatch(ifMatch, row.version, `Quote ${id}`);
  if (!ALLOWED[action].includes(row.status)) {
    throw new ConflictError(`${label(row)} is ${row.status}: it cannot be ${VERB[action]}${hint(row, action)}`);
  }
  if (action === 'deleted' && row.number !== null) {
    throw new ConflictError(
      `${label(row)} is issued: it cannot be deleted, as quote numbers leave no gap; close it instead (POST /v1/salequotes/close/${id})`,
    );
  }
  if (action === 'closed' && row.number === null) {
    throw new ConflictError(`${label(row)} was never issued: delete it instead of closing it`);
  }
  if (action === 'issued' && row.number !== null) throw new ConflictError(`${label(row)} is already issued`);
  return row;
}

function hint(row: repo.QuoteRow, action: Action): string {
  if (action === 'modified' && row.status === 'Accepted') return '; close it and make a new quote to change what was accepted';
  if (action === 'invoiced' && row.status === 'Invoiced') return ` again: see invoice ${row.invoiceId}`;
  if (action === 'invoiced' || action === 'deposit') return '; only an accepted quote is (POST /v1/salequotes/accept/{id} first)';
  return '';
}

async function write(
  trx: Trx,
  ctx: QuotesContext,
  accountId: number,
  row: repo.QuoteRow,
  changes: repo.QuoteChanges,
  settings: AccountSettings,
  data?: QuoteData,
): Promise<VersionedQuote> {
  const now = new Date().toISOString();
  const all = { ...changes, ...(data && { data: encodeDocument(data) }), updatedAt: now };
  const version = (await repo.updateQuote(trx, accountId, row.id, all))!;
  const out = presentQuote({ ...row, ...all, version }, todayOf(settings), ctx.publicUrl, data);
  await emit(trx, accountId, 'QuoteUpdated', out);
  return { value: out, version };
}

export async function createQuote(ctx: QuotesContext, accountId: number, input: QuoteInputT): Promise<VersionedQuote> {
  return transaction(ctx.db, async (trx) => {
    const settings = await getAccountSettings(trx, accountId);
    const data = await composeQuote(trx, accountId, input, settings, []);
    const now = new Date().toISOString();
    const row: repo.NewQuoteRow = {
      accountId,
      status: 'Pending',
      number: null,
      ...columnsOf(data),
      issuedAt: null,
      sentAt: null,
      acceptedAt: null,
      refusedAt: null,
      closedAt: null,
      invoiceId: null,
      data: encodeDocument(data),
      createdAt: now,
      updatedAt: now,
    };
    const id = await repo.insertQuote(trx, row);
    const out = presentQuote({ ...row, id, version: 1 }, todayOf(settings), ctx.publicUrl, data);
    await emit(trx, accountId, 'QuoteCreated', out);
    return { value: out, version: 1 };
  });
}

/** PUT: the body laid over the quote as GET answers it (Pending or Sent only). A new date without a validity date moves the validity with it. */
export async function updateQuote(
  ctx: QuotesContext,
  accountId: number,
  id: number,
  patch: QuoteInputT,
  ifMatch: IfMatch = null,
): Promise<VersionedQuote> {
  return transaction(ctx.db, async (trx) => {
    const row = await quoteFor(trx, accountId, id, 'modified', ifMatch);
    const settings = await getAccountSettings(trx, accountId);
    const previous = parse(row);
    const merged = mergeUpdate(presentQuote(row, todayOf(settings), ctx.publicUrl, previous), patch) as QuoteInputT;
    if (patch.date !== undefined && patch.validityDate === undefined) delete merged.validityDate;
    const data = await composeQuote(trx, accountId, merged, settings, previous.depositInvoices);
    return write(trx, ctx, accountId, row, columnsOf(data), settings, data);
  });
}

export async function deleteQuote(ctx: QuotesContext, accountId: number, id: number, ifMatch: IfMatch = null): Promise<QuoteT> {
  return transaction(ctx.db, async (trx) => {
    const row = await quoteFor(trx, accountId, id, 'deleted', ifMatch);
    const settings = await getAccountSettings(trx, accountId);
    const out = presentQuote(row, todayOf(settings), ctx.publicUrl);
    await repo.deleteQuote(trx, accountId, id);
    await emit(trx, accountId, 'QuoteDeleted', out);
    return out;
  });
}

export async function getQuote(ctx: QuotesContext, accountId: number, id: number): Promise<VersionedQuote> {
  const row = await repo.getQuote(ctx.db.kysely, accountId, id);
  if (!row) throw new NotFoundError('Quote', id);
  const settings = await getAccountSettings(ctx.db.kysely, accountId);
  return { value: presentQuote(row, todayOf(settings), ctx.publicUrl), version: row.version };
}

export async function findQuotes(ctx: QuotesContext, accountId: number, by: { number?: string; internalId?: string }) {
  if (by.number === undefined && by.internalId === undefined) return [];
  const settings = await getAccountSettings(ctx.db.kysely, accountId);
  const today = todayOf(settings);
  return (await repo.findQuotes(ctx.db.kysely, accountId, by)).map((r) => presentQuote(r, today, ctx.publicUrl));
}

export async function listQuotes(
  ctx: QuotesContext,
  accountId: number,
  filter: Omit<repo.QuoteFilter, 'today'>,
  page: Page,
  order: SortKey<repo.QuoteSortColumn>[],
) {
  const settings = await getAccountSettings(ctx.db.kysely, accountId);
  const today = todayOf(settings);
  const { rows, total } = await repo.listQuotes(ctx.db.kysely, accountId, { ...filter, today }, page, order);
  return { items: rows.map((r) => presentQuote(r, today, ctx.publicUrl)), total };
}

// --- lifecycle -------------------------------------------------------------------------------

/**
 * The changes that issue a draft quote: the next number of the account's quote sequence for the
 * quote's date (numbering.quotePattern), taken in this transaction so that numbers stay gapless.
 */
async function issueChanges(trx: Trx, accountId: number, row: repo.QuoteRow, settings: AccountSettings): Promise<repo.QuoteChanges> {
  if (row.number !== null) return {};
  const pattern = settings.numbering.quotePattern;
  const seq = await repo.nextQuoteSequence(trx, accountId, sequenceScope(pattern, row.date));
  const number = formatDocumentNumber(pattern, row.date, seq);
  if (await repo.numberTaken(trx, accountId, number)) {
    // Only a pattern changed to one that repeats earlier numbers gets here; the counter rolls back.
    throw new ConflictError(`The quote number ${number} is already used: change numbering.quotePattern (PUT /v1/settings)`);
  }
  return { number, issuedAt: new Date().toISOString() };
}

export type Transition = 'issue' | 'send' | 'accept' | 'refuse' | 'close';

const TRANSITIONS: Record<
  Transition,
  { action: Action; status?: QuoteStatusT; stamp?: 'sentAt' | 'acceptedAt' | 'refusedAt' | 'closedAt' }
> = {
  issue: { action: 'issued' },
  send: { action: 'sent', status: 'Sent', stamp: 'sentAt' },
  accept: { action: 'accepted', status: 'Accepted', stamp: 'acceptedAt' },
  refuse: { action: 'refused', status: 'Refused', stamp: 'refusedAt' },
  close: { action: 'closed', status: 'Closed', stamp: 'closedAt' },
};

/** issue, send (marked as sent), accept, refuse, close: a draft is issued (numbered) on the way. */
export async function transition(ctx: QuotesContext, accountId: number, id: number, which: Transition): Promise<VersionedQuote> {
  return transaction(ctx.db, async (trx) => {
    const t = TRANSITIONS[which];
    const row = await quoteFor(trx, accountId, id, t.action);
    const settings = await getAccountSettings(trx, accountId);
    const changes: repo.QuoteChanges = {
      ...(await issueChanges(trx, accountId, row, settings)),
      ...(t.status && { status: t.status }),
      ...(t.stamp && { [t.stamp]: new Date().toISOString() }),
    };
    return write(trx, ctx, accountId, row, changes, settings);
  });
}

// --- invoices from a quote -------------------------------------------------------------------

/** The invoice input repeating the quote's customer and references (lines are the caller's). */
function invoiceBase(d: QuoteData, number: string): DocumentInputT {
  return {
    billingAddress: d.billingAddress,
    billingContact: d.billingContact,
    ...customerOf(d),
    liableToVat: d.liableToVat,
    region: d.region,
    shippingAddress: d.shippingAddress,
    shippingContact: d.shippingContact,
    vatReverseCharge: d.vatReverseCharge,
    vatNote: d.vatNote,
    vendorReference: d.vendorReference ?? `Devis ${number}`,
  };
}

/** The quote's lines as invoice input: what they say, without the product references (a product deleted since must not block). */
function linesOf(d: QuoteData): NonNullable<DocumentInputT['lines']> {
  return d.lines.map((l) => ({
    type: l.type,
    date: l.date,
    description: l.description,
    discount: l.discount,
    classificationId: l.classificationId,
    purchasePrice: l.purchasePrice,
    quantity: l.quantity,
    taxExcludedPrice: l.taxExcludedPrice,
    taxIncludedPrice: l.taxIncludedPrice,
    unit: l.unit ? { ...(l.unit.id !== null ? { id: l.unit.id } : l.unit.code ? { code: l.unit.code } : { name: l.unit.name }) } : null,
    vat: l.vat ? (l.vat.id !== null ? { id: l.vat.id } : { rate: l.vat.rate }) : null,
  }));
}

/** The deposit invoices of the quote that still count: missing (deleted drafts) and cancelled ones do not. */
async function liveDeposits(trx: Trx, accountId: number, d: QuoteData) {
  const out = [];
  for (const { id } of d.depositInvoices) {
    const invoice = await getDocumentRow(trx, accountId, 'Invoice', id);
    if (invoice && !invoice.isCancelled) out.push(invoice);
  }
  return out;
}

/**
 * Makes a deposit invoice (draft, type code 386) for a percentage or an amount of the accepted quote;
 * default: the quote's `deposit`, else settings sales.quotes.depositDefaultValue percent. The amount is
 * split over the quote's VAT rates (src/domain/deposits.ts), priced tax included so that it is exact.
 */
export async function createDeposit(ctx: QuotesContext, accountId: number, id: number, body: DepositInputT | undefined) {
  return transaction(ctx.db, async (trx) => {
    const row = await quoteFor(trx, accountId, id, 'deposit');
    const settings = await getAccountSettings(trx, accountId);
    const d = parse(row);
    const defaultPercent = settings.sales.quotes.depositDefaultValue ?? 0;
    const asked =
      body?.type !== undefined || body?.value !== undefined
        ? { type: body.type ?? 'Percent', value: body.value }
        : (d.depositAsked ?? (defaultPercent > 0 ? { type: 'Percent' as const, value: defaultPercent } : null));
    if (!asked || asked.value === undefined) {
      throw ValidationError.field('value', 'give the deposit: {"type": "Percent" | "Fixed", "value": …} (the quote asks for none)');
    }
    const live = await liveDeposits(trx, accountId, d);
    const already = live.reduce((s, r) => s.plus(r.taxIncludedAmount), new Big(0));
    let parts;
    let amount: Big;
    try {
      amount = depositAmount(d.totals.taxIncludedAmount, already, { type: asked.type, value: asked.value });
      parts = splitDeposit(
        amount,
        d.totals.vats.map((v) => ({ category: v.category, rate: v.rate, taxIncludedAmount: v.taxIncludedAmount })),
      );
    } catch (e) {
      if (e instanceof DomainValidationError) throw ValidationError.field(e.field, e.message);
      throw e;
    }
    const number = row.number!;
    const what =
      asked.type === 'Percent'
        ? `Acompte de ${String(asked.value).replace('.', ',')} % sur le devis ${number}`
        : `Acompte sur le devis ${number}`;
    const lineType = d.lines.some((l) => l.type === 'Product') ? 'Product' : 'Service';
    const input: DocumentInputT = {
      ...invoiceBase(d, number),
      subject: what,
      useTaxIncludedPrices: true,
      lines: parts.map((p) => ({
        type: lineType,
        description: parts.length > 1 ? `${what} (part à ${String(p.rate).replace('.', ',')} %)` : what,
        quantity: 1,
        taxIncludedPrice: Number(p.taxIncludedAmount),
        vat: { rate: Number(p.rate) },
      })),
    };
    const invoice = await createDraftInTransaction(trx, ctx.publicUrl, accountId, 'Invoice', input, {
      deposit: { quoteId: row.id, quoteNumber: number, label: what },
    });
    const data: QuoteData = { ...d, depositInvoices: [...d.depositInvoices, { id: invoice.value.id, amount: amount.toFixed(2) }] };
    await write(trx, ctx, accountId, row, {}, settings, data);
    return invoice;
  });
}

/**
 * Makes the invoice of an accepted quote: a draft repeating its lines, discounts, customer and
 * references, deducting the finalized deposit invoices (BT-113, each referenced as BG-3); the quote
 * becomes Invoiced and both name each other. A deposit invoice still in draft must be finalized or
 * deleted first, so that what is deducted is what was invoiced.
 */
export async function invoiceQuote(ctx: QuotesContext, accountId: number, id: number) {
  return transaction(ctx.db, async (trx) => {
    const found = await repo.getQuote(trx, accountId, id, true);
    // An Invoiced quote whose invoice was deleted (a draft) or cancelled (a credit note) may be invoiced
    // again: the deposits that invoice deducted are deducted by the new one.
    const previous =
      found?.status === 'Invoiced' && found.invoiceId !== null ? await getDocumentRow(trx, accountId, 'Invoice', found.invoiceId) : null;
    const invoiceGone = found?.status === 'Invoiced' && found.invoiceId !== null && (!previous || Boolean(previous.isCancelled));
    const row = invoiceGone ? found : await quoteFor(trx, accountId, id, 'invoiced');
    const settings = await getAccountSettings(trx, accountId);
    const d = parse(row);
    const deposits = await liveDeposits(trx, accountId, d);
    const draft = deposits.find((r) => r.isDraft);
    if (draft) {
      throw new ConflictError(
        `Deposit invoice ${draft.id} of ${label(row)} is still a draft: finalize it (POST /v1/saleinvoices/finalize/${draft.id}) or delete it before invoicing the quote`,
      );
    }
    const number = row.number!;
    const input: DocumentInputT = {
      ...invoiceBase(d, number),
      footerNotes: d.footerNotes,
      globalDiscount: d.globalDiscount,
      headerNotes: d.headerNotes,
      lines: linesOf(d),
      shippingAmount: d.shippingAmount,
      shippingVat: d.shippingVat ? (d.shippingVat.id !== null ? { id: d.shippingVat.id } : { rate: d.shippingVat.rate }) : null,
      subject: d.subject ?? `Devis ${number}`,
      useTaxIncludedPrices: d.useTaxIncludedPrices,
      vatMode: d.vatMode,
    };
    const prepaid = deposits.length
      ? {
          amount: deposits.reduce((s, r) => s.plus(r.taxIncludedAmount), new Big(0)).toFixed(2),
          invoices: deposits.map((r) => ({ id: r.id, number: r.number!, date: r.date, amount: r.taxIncludedAmount.toFixed(2) })),
        }
      : undefined;
    const invoice = await createDraftInTransaction(trx, ctx.publicUrl, accountId, 'Invoice', input, {
      quote: { id: row.id, number },
      ...(prepaid && { prepaid }),
    });
    await write(trx, ctx, accountId, row, { status: 'Invoiced', invoiceId: invoice.value.id }, settings);
    return invoice;
  });
}

// --- the PDF ---------------------------------------------------------------------------------

const STATE_LABEL: Partial<Record<QuoteStatusT, string>> = {
  Accepted: 'Accepté',
  Refused: 'Refusé',
  Closed: 'Clos',
  Invoiced: 'Facturé',
};

/**
 * What a quote's PDF is rendered from: the sales input of its content (a quote is composed as an
 * invoice is), with the quote's own facts printed instead of payment dates.
 */
export function quoteInput(row: repo.QuoteRow, settings: AccountSettings, logo: Uint8Array | null): IssuedInput {
  const d = parse(row);
  const total = new Big(d.totals.taxIncludedAmount);
  const asked = d.depositAsked;
  const deposit = asked
    ? {
        percent: asked.type === 'Percent' ? String(asked.value) : null,
        amount: (asked.type === 'Percent' ? total.times(asked.value).div(100).round(2, Big.roundHalfUp) : new Big(asked.value)).toFixed(2),
      }
    : null;
  const facts = {
    validityDate: row.validityDate,
    deposit,
    // Terminal states only: an open quote's PDF does not change with the day it is downloaded on
    // (its validity date says when it lapses).
    stateLabel: STATE_LABEL[row.status] ?? null,
  };
  return issuedInput('Invoice', { id: row.id, isDraft: row.number === null, data: row.data }, currentAccount(settings, logo), {
    number: row.number,
    quote: { facts, footerNotes: d.footerNotes },
  });
}

export async function downloadQuote(ctx: QuotesContext, accountId: number, id: number) {
  const db = ctx.db.kysely;
  const row = await repo.getQuote(db, accountId, id);
  if (!row) throw new NotFoundError('Quote', id);
  const settings = await getAccountSettings(db, accountId);
  const logo = await logoForPdf((await getAccountLogo(db, accountId))?.content);
  const content = await renderOnWorker(ctx.workers, quoteInput(row, settings, logo));
  const fileName = row.number ? fileNameOf(row.number) : `devis-brouillon-${row.id}.pdf`;
  return { fileName, content };
}

// --- sending by e-mail (POST /v1/salequotes/send/{id}, the delivery issue's path) -------------

/**
 * The quote as the e-mail path reads it: undefined when it does not exist; a 409 when its state
 * does not allow sending (an accepted, refused, closed or invoiced quote is not sent again).
 */
export async function quoteToSend(db: Db['kysely'], accountId: number, id: number) {
  const row = await repo.getQuote(db, accountId, id);
  if (!row) return undefined;
  if (!ALLOWED.sent.includes(row.status)) throw new ConflictError(`${label(row)} is ${row.status}: it cannot be sent by e-mail`);
  const customerEmail = await defaultRecipientOf(db, accountId, parse(row).billingContact?.email, row.customerId);
  return {
    id: row.id,
    isDraft: row.number === null,
    number: row.number,
    date: row.date,
    // The {dueDate} placeholder of a quote's templates is its validity date.
    dueDate: row.validityDate,
    amount: row.taxIncludedAmount.toFixed(2),
    currency: 'EUR',
    customerName: row.customerName,
    customerEmail,
  };
}

/** Records a delivered e-mail inside the worker's transaction: sentAt, and Pending becomes Sent. */
export async function markQuoteSent(trx: Trx, ctx: QuotesContext, accountId: number, id: number, at: string): Promise<void> {
  const row = await repo.getQuote(trx, accountId, id, true);
  if (!row) return;
  const settings = await getAccountSettings(trx, accountId);
  await write(trx, ctx, accountId, row, { sentAt: at, ...(row.status === 'Pending' && { status: 'Sent' as const }) }, settings);
}
