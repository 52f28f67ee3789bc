// The e-invoicing platform use cases (docs/einvoicing-platform.md): a finalized domestic B2B sale
// document is submitted to the account's plateforme agréée (PA) once, retried with backoff while the
// PA is unreachable; the PA's flows are read from a stored cursor, each once: lifecycle statuses
// (CDAR) go to the timeline of the document they name, supplier invoices become purchase invoices;
// the statuses Facturier sends (212 Encaissée, the buyer's answers) are CDAR flows submitted the same way.
import { createHash, randomUUID } from 'node:crypto';
import Big from 'big.js';
import type { AppContext } from '../../context.js';
import { transaction, type Trx } from '../../db/transaction.js';
import { currentStatus, lifecycleStatus, type TimelineEntry } from '../../domain/lifecycle.js';
import { readCdar, type CdarMessage, type CdarReference } from '../../einvoicing/cdar.js';
import { statusMessageId, writeStatusCdar, type StatusToWrite } from '../../einvoicing/cdar-status.js';
import { AppError, InvalidStateError, NotFoundError, UnavailableError, ValidationError } from '../../errors.js';
import { emit } from '../../jobs/outbox.js';
import { backoffMs, RETRY_WINDOW_MS } from '../../jobs/runner.js';
import { buildCii } from '../../rendering/cii.js';
import { checkWebhookCallback } from '../../afnor/api.js';
import { customers } from '../customers/index.js';
import { createPurchaseFromFile, getPurchaseInvoice } from '../purchases/index.js';
import { paymentsOf } from '../receipts/index.js';
import {
  AuditChains,
  getDocumentRow,
  isDomesticB2B,
  parseData,
  setLifecycleIn,
  toIssuedDocument,
  vouchedDocument,
  type DocumentKind,
} from '../sales/index.js';
import { getAccountSettings, readPlatformConnection } from '../settings/index.js';
import { PlatformClient, PlatformError, type Flow, type PlatformConnection } from './client.js';
import * as repo from './repo.js';
import type { EInvoicingStatusT } from './schemas.js';

export interface PlatformContext {
  ctx: AppContext;
  clock: () => number;
}

export function clientFor(p: PlatformContext, connection: PlatformConnection): PlatformClient {
  return new PlatformClient(connection, { fetch: p.ctx.delivery?.platformFetch, timeoutMs: p.ctx.config.webhookTimeoutMs });
}

async function connectionOrThrow(p: PlatformContext, accountId: number): Promise<PlatformConnection> {
  const connection = await readPlatformConnection(p.ctx.db.kysely, accountId);
  if (!connection)
    throw new InvalidStateError(
      'No e-invoicing platform is set: PUT /v1/settings with einvoicing.platform = { flowServiceUrl, directoryServiceUrl, token }',
    );
  return connection;
}

/** SIREN of the account (from its settings' SIRET or SIREN), or null. */
async function sirenOf(p: PlatformContext, db: Trx, accountId: number): Promise<{ siren: string | null; name: string }> {
  const s = await getAccountSettings(db, accountId);
  const siret = s.company.siret?.replace(/\s/g, '') ?? '';
  return { siren: /^\d{9}(\d{5})?$/.test(siret) ? siret.slice(0, 9) : null, name: s.company.name ?? '' };
}

// --- the connection --------------------------------------------------------------------------------

// --- the platform's webhook --------------------------------------------------------------------------

/**
 * The account's webhook key: its id and an HMAC of it under the audit key ring (a purpose label
 * keeps it apart from every audit MAC). Nothing is stored; a key made under a key still in the ring
 * keeps working after a rotation.
 */
function callbackKey(p: PlatformContext, accountId: number): string {
  return `${accountId}.${p.ctx.keyring.seal(`platform-webhook|${accountId}`)}`;
}

/** The URL to give the platform for its webhook calls (XP Z12-013 WebhookCallbackContent). */
export function callbackUrl(p: PlatformContext, accountId: number, base: string): string {
  return `${base.replace(/\/$/, '')}/v1/einvoicing/platform/webhook/${callbackKey(p, accountId)}`;
}

/**
 * A webhook call of the platform: `{ flowInfo: Flow }`, checked against the official document. It is
 * only a signal: nothing in it is applied. The account's flows are read again at once (the worker's
 * next round) through the platform's API with the account's own token, as every minute.
 */
export async function acceptCallback(
  p: PlatformContext,
  key: string,
  body: unknown,
): Promise<{ accountId: number; flowId: string | null }> {
  const match = /^([0-9]{1,12})\.([0-9a-f]{64})$/.exec(key);
  const accountId = match ? Number(match[1]) : NaN;
  const genuine =
    match !== null && p.ctx.keyring.ids().some((id) => p.ctx.keyring.authenticates(id, `platform-webhook|${accountId}`, match[2]));
  // An unknown key and an account without a platform answer alike: nothing tells a key apart.
  if (!genuine || !(await readPlatformConnection(p.ctx.db.kysely, accountId))) throw new NotFoundError('Webhook');
  const problems = checkWebhookCallback(body);
  if (problems.length)
    throw ValidationError.field('flowInfo', `the call does not conform to WebhookCallbackContent (XP Z12-013): ${problems.join('; ')}`);
  await repo.ensureCursor(p.ctx.db.kysely, accountId);
  await repo.moveCursor(p.ctx.db.kysely, accountId, { polledAt: DUE_NOW });
  const flowId = (body as { flowInfo?: { flowId?: unknown } }).flowInfo?.flowId;
  return { accountId, flowId: typeof flowId === 'string' ? flowId : null };
}

/** A poll time older than any: the account's flows are due at the worker's next round. */
const DUE_NOW = '1970-01-01T00:00:00.000Z';

export async function testConnection(p: PlatformContext, accountId: number, base: string) {
  const connection = await connectionOrThrow(p, accountId);
  const client = clientFor(p, connection);
  const check = async (api: 'flow' | 'directory') => {
    if (api === 'directory' && !connection.directoryServiceUrl) return { ok: false, message: 'no Directory Service URL is set' };
    try {
      await client.health(api);
      return { ok: true, message: null };
    } catch (error) {
      if (error instanceof PlatformError) return { ok: false, message: error.message };
      throw error;
    }
  };
  await repo.ensureCursor(p.ctx.db.kysely, accountId);
  return { flowService: await check('flow'), directoryService: await check('directory'), webhookUrl: callbackUrl(p, accountId, base) };
}

// --- sending a sale document -------------------------------------------------------------------------

/** Why a document is not an e-invoice to send (null when it is one). */
function notAnEInvoice(doc: ReturnType<typeof toIssuedDocument>): string | null {
  if (doc.buyer.isBusiness === false) return 'its buyer is a consumer: it belongs to e-reporting, not e-invoicing';
  if (!isDomesticB2B(doc)) return 'its buyer is not a French business with a SIREN: it belongs to e-reporting, not e-invoicing';
  return null;
}

async function issuedOf(p: PlatformContext, accountId: number, kind: DocumentKind, id: number) {
  const row = await vouchedDocument(p.ctx.db, p.ctx.keyring, accountId, kind, id);
  if (!row) return null;
  const data = parseData(row);
  if (row.isDraft || !data.seller) return { row, data, doc: null };
  const doc = toIssuedDocument(kind, { isDraft: false, data }, data.seller, { paymentMethod: data.seller.paymentMethod });
  return { row, data, doc };
}

/** Queues the submission of a finalized document, when it is a domestic B2B e-invoice and the account has a PA. */
export async function enqueueIfEInvoice(p: PlatformContext, trx: Trx, accountId: number, kind: DocumentKind, id: number, now: number) {
  const row = await getDocumentRow(trx, accountId, kind, id);
  if (!row || row.isDraft) return false;
  const data = parseData(row);
  if (!data.seller) return false;
  const doc = toIssuedDocument(kind, { isDraft: false, data }, data.seller, { paymentMethod: data.seller.paymentMethod });
  if (notAnEInvoice(doc)) return false;
  await repo.ensureCursor(trx, accountId);
  return repo.insertTransmission(trx, { accountId, kind, documentId: id, trackingId: randomUUID(), now });
}

/** POST /v1/saleinvoices/transmit/{id}: queue (or retry after a refusal) and try at once. */
export async function transmitNow(p: PlatformContext, accountId: number, kind: DocumentKind, id: number) {
  await connectionOrThrow(p, accountId);
  const issued = await issuedOf(p, accountId, kind, id);
  if (!issued) throw new NotFoundError(kind, id);
  if (!issued.doc) throw new InvalidStateError(`${kind} ${id} is a draft: finalize it first; it is then sent to the e-invoicing platform`);
  const why = notAnEInvoice(issued.doc);
  if (why) throw new InvalidStateError(`${kind} ${issued.row.number} is not sent as an e-invoice: ${why}`);
  const now = p.clock();
  const existing = await repo.transmissionOf(p.ctx.db.kysely, accountId, kind, id);
  if (existing?.state === 'Submitted')
    throw new InvalidStateError(
      `${kind} ${issued.row.number} was already submitted to the e-invoicing platform (flow ${existing.flowId}): it is never sent twice`,
    );
  if (!existing) {
    await transaction(p.ctx.db, async (trx) => {
      await repo.ensureCursor(trx, accountId);
      await repo.insertTransmission(trx, { accountId, kind, documentId: id, trackingId: randomUUID(), now });
    });
  } else if (existing.state === 'Failed') {
    await repo.updateTransmission(p.ctx.db.kysely, existing.id, { state: 'Pending', nextAttemptAt: now, lastError: null });
  }
  const row = (await repo.transmissionOf(p.ctx.db.kysely, accountId, kind, id))!;
  await runTransmissions(p, now, { accountId, id: row.id });
  return (await repo.transmissionOf(p.ctx.db.kysely, accountId, kind, id))!;
}

/** Submits claimed transmissions; a claim that had an earlier attempt first asks the PA whether that one arrived. */
export async function runTransmissions(p: PlatformContext, now: number, only?: { accountId: number; id: number }): Promise<number> {
  const db = p.ctx.db;
  const lease = now + p.ctx.config.outboxLeaseSeconds * 1000;
  const claimed = await transaction(db, (trx) => repo.claimTransmissions(trx, now, lease, 20, only));
  for (const t of claimed) {
    const connection = await readPlatformConnection(db.kysely, t.accountId);
    if (!connection) {
      await repo.updateTransmission(db.kysely, t.id, {
        lockedUntil: null,
        nextAttemptAt: now + backoffMs(t.attempts),
        lastError: 'Waiting for transmission: no e-invoicing platform is set in the settings (einvoicing.platform)',
      });
      continue;
    }
    const client = clientFor(p, connection);
    try {
      let flow: Flow | undefined;
      if (t.attempts > 1) flow = (await client.searchFlows({ trackingId: t.trackingId }, 10)).find((f) => f.trackingId === t.trackingId);
      if (!flow) {
        const issued = await issuedOf(p, t.accountId, t.kind, t.documentId);
        if (!issued?.doc) {
          await repo.updateTransmission(db.kysely, t.id, {
            state: 'Failed',
            lockedUntil: null,
            lastError: 'The document is gone or not finalized',
          });
          continue;
        }
        const xml = Buffer.from(buildCii(issued.doc), 'utf8');
        flow = await client.submitFlow(
          {
            flowSyntax: 'CII',
            flowProfile: 'CIUS',
            processingRule: 'B2B',
            trackingId: t.trackingId,
            name: `${issued.row.number}.xml`.slice(0, 255),
            sha256: createHash('sha256').update(xml).digest('hex'),
          },
          xml,
          `${issued.row.number}.xml`,
          'application/xml',
        );
      }
      const submitted = flow;
      await transaction(db, async (trx) => {
        await repo.updateTransmission(trx, t.id, {
          state: 'Submitted',
          flowId: submitted.flowId ?? null,
          submittedAt: submitted.submittedAt ?? new Date(now).toISOString(),
          lockedUntil: null,
          lastStatusCode: 202,
          lastError: null,
        });
        if (t.kind === 'Invoice') await catchUpSellerStatuses(p, trx, t.accountId, t.documentId);
      });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const first = Number(t.firstAttemptAt ?? now);
      const next = p.clock() + backoffMs(t.attempts);
      const giveUp = !error.retryable || next - first > RETRY_WINDOW_MS;
      await repo.updateTransmission(db.kysely, t.id, {
        state: giveUp ? 'Failed' : 'Pending',
        nextAttemptAt: next,
        lockedUntil: null,
        lastStatusCode: error.status,
        lastError: giveUp ? `Refused by the e-invoicing platform: ${error.message}` : `Waiting for transmission: ${error.message}`,
      });
    }
  }
  return claimed.length;
}

// --- statuses Facturier sends ---------------------------------------------------------------------------

async function queueStatus(
  p: PlatformContext,
  trx: Trx,
  accountId: number,
  dedupeKey: string,
  status: StatusToWrite,
  record: repo.NewStatusRow,
) {
  const inserted = await repo.insertOutgoing(trx, {
    accountId,
    dedupeKey,
    trackingId: randomUUID(),
    content: writeStatusCdar(status),
    now: p.clock(),
  });
  if (inserted) {
    await repo.insertStatuses(trx, [record]);
    if (record.documentKind && record.documentId !== null)
      await applyTimeline(p, trx, accountId, { kind: record.documentKind, id: record.documentId }, new Set([record.dedupeKey]));
  }
  return inserted;
}

export async function runOutgoing(p: PlatformContext, now: number): Promise<number> {
  const db = p.ctx.db;
  const claimed = await transaction(db, (trx) => repo.claimOutgoing(trx, now, now + p.ctx.config.outboxLeaseSeconds * 1000, 20));
  for (const o of claimed) {
    const connection = await readPlatformConnection(db.kysely, o.accountId);
    if (!connection) {
      await repo.updateOutgoing(db.kysely, o.id, {
        lockedUntil: null,
        nextAttemptAt: now + backoffMs(o.attempts),
        lastError: 'no e-invoicing platform is set',
      });
      continue;
    }
    const client = clientFor(p, connection);
    try {
      let flow: Flow | undefined;
      if (o.attempts > 1) flow = (await client.searchFlows({ trackingId: o.trackingId }, 10)).find((f) => f.trackingId === o.trackingId);
      const bytes = Buffer.from(o.content, 'utf8');
      flow ??= await client.submitFlow(
        { flowSyntax: 'CDAR', trackingId: o.trackingId, processingRule: 'B2B', sha256: createHash('sha256').update(bytes).digest('hex') },
        bytes,
        'status.xml',
        'application/xml',
      );
      await repo.updateOutgoing(db.kysely, o.id, { state: 'Submitted', flowId: flow.flowId ?? null, lockedUntil: null, lastError: null });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const next = p.clock() + backoffMs(o.attempts);
      const giveUp = !error.retryable || next - Number(o.firstAttemptAt ?? now) > RETRY_WINDOW_MS;
      await repo.updateOutgoing(db.kysely, o.id, {
        state: giveUp ? 'Failed' : 'Pending',
        nextAttemptAt: next,
        lockedUntil: null,
        lastError: error.message,
      });
    }
  }
  return claimed.length;
}

/** A finalized invoice that reached the platform, with what a status the seller sends about it needs. */
async function transmittedInvoice(p: PlatformContext, trx: Trx, accountId: number, invoiceId: number) {
  const t = await repo.transmissionOf(trx, accountId, 'Invoice', invoiceId);
  if (!t || t.state !== 'Submitted') return null;
  const row = await getDocumentRow(trx, accountId, 'Invoice', invoiceId);
  if (!row || row.isDraft) return null;
  const data = parseData(row);
  if (!data.seller) return null;
  const doc = toIssuedDocument('Invoice', { isDraft: false, data }, data.seller, { paymentMethod: data.seller.paymentMethod });
  return { id: invoiceId, row, data, doc };
}
type TransmittedInvoice = NonNullable<Awaited<ReturnType<typeof transmittedInvoice>>>;

/**
 * A status the seller sends about a transmitted invoice, queued once under `dedupeKey`: dated when
 * Facturier records it, and never before a status the invoice already holds (statuses apply by their
 * date, and the buyer's 211 comes before a 212).
 */
async function queueSellerStatus(
  p: PlatformContext,
  trx: Trx,
  accountId: number,
  { id, row, doc }: TransmittedInvoice,
  what: {
    code: '212' | '220';
    reason: string;
    dedupeKey: string;
    collected?: StatusToWrite['collected'];
    messageId?: string;
    withReceivedAt?: boolean;
  },
) {
  const me = await sirenOf(p, trx, accountId);
  if (!me.siren || !doc.buyer.siren) return false;
  const statuses = await repo.statusesOf(trx, accountId, 'Invoice', [id]);
  const latest = statuses.at(-1)?.statusAt;
  const statusAt = new Date(Math.max(p.clock(), latest ? Date.parse(latest) + 1000 : 0)).toISOString();
  const status: StatusToWrite = {
    code: what.code,
    reason: what.reason,
    emitter: 'Seller',
    seller: { siren: me.siren, name: doc.seller.name },
    buyer: { siren: doc.buyer.siren, name: doc.buyer.name, address: doc.buyer.electronicAddress?.value ?? null },
    invoice: { number: row.number!, typeCode: doc.typeCode ?? '380', issueDate: row.date },
    statusAt,
    ...(what.collected ? { collected: what.collected } : {}),
    ...(what.withReceivedAt ? { receivedAt: statuses.find((s) => s.code === '200')?.statusAt ?? null } : {}),
  };
  status.id = what.messageId ?? statusMessageId(status);
  return queueStatus(p, trx, accountId, what.dedupeKey, status, {
    accountId,
    documentKind: 'Invoice',
    documentId: id,
    invoiceNumber: row.number!,
    invoiceDate: row.date,
    sellerId: me.siren,
    code: what.code,
    label: lifecycleStatus(what.code)!.label,
    statusAt,
    emitter: 'Seller',
    reasonCode: null,
    reason: what.reason,
    receivedAt: null,
    amounts: what.collected ? JSON.stringify(what.collected) : null,
    messageId: status.id,
    flowId: null,
    unmatchedReason: null,
    dedupeKey: what.dedupeKey,
    createdAt: new Date().toISOString(),
  });
}

/**
 * 212 Encaissée, for a payment recorded on a transmitted invoice whose VAT is due on receipt
 * (services only, no VAT-on-debits option): the amount collected split over the invoice's VAT rates
 * in proportion to their amounts tax included. Nothing without a recorded payment. The payment's own
 * date goes in the reason text.
 */
export async function queueCollected(
  p: PlatformContext,
  trx: Trx,
  accountId: number,
  payment: { receiptId: number; date: string; amount: Big },
  invoiceId: number,
) {
  if (payment.amount.lte(0)) return false;
  const invoice = await transmittedInvoice(p, trx, accountId, invoiceId);
  if (!invoice || invoice.data.vatMode === 'Debit') return false;
  const { doc } = invoice;
  const priced = doc.lines.filter((l) => l.kind === 'Product' || l.kind === 'Service');
  if (!priced.length || priced.some((l) => l.kind !== 'Service')) return false;
  const total = new Big(doc.totals.taxInclusive);
  if (total.lte(0)) return false;
  const rates = doc.vats.map((v) => ({ rate: new Big(v.rate), inclusive: new Big(v.taxableAmount).plus(v.taxAmount) }));
  let left = payment.amount;
  const collected = rates.map((r, i) => {
    const share = i === rates.length - 1 ? left : payment.amount.times(r.inclusive).div(total).round(2, Big.roundHalfUp);
    left = left.minus(share);
    return { amount: share.toFixed(2), currency: 'EUR', percent: r.rate.toFixed(2) };
  });
  return queueSellerStatus(p, trx, accountId, invoice, {
    code: '212',
    reason: `Paiement du ${payment.date}`,
    dedupeKey: `212|Invoice|${invoiceId}|receipt:${payment.receiptId}`,
    collected,
    messageId: `${invoice.row.number}_212_R${payment.receiptId}`,
  });
}

/**
 * 220 Annulée, for a transmitted invoice the seller cancels (its cancellation credit note goes to the
 * platform as a document of its own): XP Z12-014 UC4, the seller's status before the correction. Once
 * per invoice; nothing for an invoice that never reached the platform.
 */
export async function queueCancelled(p: PlatformContext, trx: Trx, accountId: number, invoiceId: number) {
  const invoice = await transmittedInvoice(p, trx, accountId, invoiceId);
  if (!invoice?.row.isCancelled) return false;
  const creditNumber = invoice.data.links?.cancellationCreditNumber;
  return queueSellerStatus(p, trx, accountId, invoice, {
    code: '220',
    reason: creditNumber ? `Annulée par l'avoir ${creditNumber}` : 'Annulée par le vendeur',
    dedupeKey: `220|Invoice|${invoiceId}`,
    withReceivedAt: true,
  });
}

/**
 * What happened to an invoice between its finalization and the platform's acknowledgement of it: a
 * cancellation (220) or payments (212) recorded while it waited for transmission were not sent then
 * (the platform did not hold the invoice); they are queued now, in the transaction that records the
 * acknowledgement, under the same keys as ever (so never twice).
 */
async function catchUpSellerStatuses(p: PlatformContext, trx: Trx, accountId: number, invoiceId: number) {
  await queueCancelled(p, trx, accountId, invoiceId);
  for (const payment of await paymentsOf(trx, accountId, invoiceId)) await queueCollected(p, trx, accountId, payment, invoiceId);
}

// --- the buyer's answers to a received supplier invoice ---------------------------------------------

export const BUYER_ACTIONS = {
  TakenOver: '204',
  Approved: '205',
  Disputed: '207',
  Refused: '210',
  PaymentSent: '211',
} as const;
export type BuyerAction = keyof typeof BUYER_ACTIONS;

interface ReceivedFacts {
  number: string;
  typeCode: string;
  issueDate: string;
  seller: { siren: string; name: string };
  buyer: { siren: string | null; name: string; address: string | null };
}

export async function answerPurchase(
  p: PlatformContext,
  accountId: number,
  purchaseId: number,
  action: BuyerAction,
  reasonCode: string | null,
  reason: string | null,
) {
  await connectionOrThrow(p, accountId);
  const purchase = await getPurchaseInvoice(p.ctx.db.kysely, accountId, purchaseId);
  if (!purchase) throw new NotFoundError('PurchaseInvoice', purchaseId);
  const received = await repo.receivedPurchase(p.ctx.db.kysely, accountId, purchaseId);
  if (!received?.facts)
    throw new InvalidStateError(
      `Purchase invoice ${purchaseId} was not received through the e-invoicing platform: there is no one to answer there`,
    );
  const facts = JSON.parse(received.facts) as ReceivedFacts;
  const code = BUYER_ACTIONS[action];
  const statusAt = new Date(p.clock()).toISOString();
  const me = await sirenOf(p, p.ctx.db.kysely, accountId);
  const buyerSiren = me.siren ?? facts.buyer.siren;
  if (!buyerSiren)
    throw new InvalidStateError('The account has no SIRET in its settings (company.siret): the platform cannot tell who answers');
  const status: StatusToWrite = {
    code,
    emitter: 'Buyer',
    seller: { siren: facts.seller.siren, name: facts.seller.name },
    buyer: { siren: buyerSiren, name: me.name || facts.buyer.name, address: facts.buyer.address },
    invoice: { number: facts.number, typeCode: facts.typeCode, issueDate: facts.issueDate },
    statusAt,
    reasonCode,
    reason,
  };
  const dedupeKey = `${code}|Purchase|${purchaseId}|${statusAt}`;
  const known = lifecycleStatus(code)!;
  await transaction(p.ctx.db, async (trx) => {
    await queueStatus(p, trx, accountId, dedupeKey, status, {
      accountId,
      documentKind: 'Purchase',
      documentId: purchaseId,
      invoiceNumber: facts.number,
      invoiceDate: facts.issueDate,
      sellerId: facts.seller.siren,
      code,
      label: known.label,
      statusAt,
      emitter: 'Buyer',
      reasonCode,
      reason,
      receivedAt: null,
      amounts: null,
      messageId: dedupeKey,
      flowId: null,
      unmatchedReason: null,
      dedupeKey,
      createdAt: statusAt,
    });
  });
  await runOutgoing(p, p.clock());
  return purchaseTimeline(p, accountId, purchaseId);
}

export async function purchaseTimeline(p: PlatformContext, accountId: number, purchaseId: number) {
  const rows = await repo.statusesOf(p.ctx.db.kysely, accountId, 'Purchase', [purchaseId]);
  return presentTimeline(rows);
}

// --- reading the PA's flows ----------------------------------------------------------------------------

const POLL_PAGE = 100;
const POLL_PAGES_PER_ROUND = 10;

/** Reads an account's new flows (its cursor leased); answers how many flows were handled. */
export async function pollAccount(p: PlatformContext, accountId: number, now: number): Promise<number> {
  const db = p.ctx.db;
  const connection = await readPlatformConnection(db.kysely, accountId);
  if (!connection) {
    await repo.moveCursor(db.kysely, accountId, { polledAt: new Date(now).toISOString() });
    return 0;
  }
  const lease = await repo.leaseCursor(db.kysely, accountId, now, now + p.ctx.config.outboxLeaseSeconds * 1000);
  if (!lease) return 0;
  const client = clientFor(p, connection);
  let cursor = lease.updatedAfter;
  let handled = 0;
  try {
    for (let page = 0; page < POLL_PAGES_PER_ROUND; page++) {
      // A second before the cursor: flows updated in the same instant are not skipped (each is read once: the inbox).
      const after = cursor ? new Date(Date.parse(cursor) - 1000).toISOString() : '2000-01-01T00:00:00.000Z';
      const flows = await client.searchFlows({ updatedAfter: after, flowDirection: ['In'] }, POLL_PAGE);
      const seen = await repo.seenFlows(
        db.kysely,
        accountId,
        flows.map((f) => f.flowId!),
      );
      let fresh = 0;
      for (const flow of flows) {
        if (!seen.has(flow.flowId!)) {
          await readFlow(p, client, accountId, flow);
          fresh++;
          handled++;
        }
        if (flow.updatedAt && (!cursor || flow.updatedAt > cursor)) cursor = flow.updatedAt;
      }
      await repo.moveCursor(db.kysely, accountId, { updatedAfter: cursor });
      if (flows.length < POLL_PAGE || !fresh) break;
    }
    await repo.moveCursor(db.kysely, accountId, { polledAt: new Date(now).toISOString(), lastError: null, lockedUntil: null });
  } catch (error) {
    if (!(error instanceof PlatformError)) {
      await repo.moveCursor(db.kysely, accountId, { lockedUntil: null });
      throw error;
    }
    await repo.moveCursor(db.kysely, accountId, { polledAt: new Date(now).toISOString(), lastError: error.message, lockedUntil: null });
  }
  return handled;
}

async function readFlow(p: PlatformContext, client: PlatformClient, accountId: number, flow: Flow): Promise<void> {
  const db = p.ctx.db;
  const base = {
    accountId,
    flowId: flow.flowId!,
    flowType: flow.flowType ?? null,
    purchaseId: null,
    facts: null,
    createdAt: new Date().toISOString(),
  };
  const isStatus = flow.flowSyntax === 'CDAR' || (flow.flowType ?? '').endsWith('LC');
  const isInvoice = flow.flowType === 'SupplierInvoice' || flow.flowType === 'CustomerInvoice';
  if (!isStatus && !isInvoice) {
    await repo.insertInbox(db.kysely, {
      ...base,
      state: 'Ignored',
      problem: `a ${flow.flowType ?? 'flow'} is not for Facturier to read`,
      content: null,
    });
    return;
  }
  const content = await client.downloadFlow(flow.flowId!);
  if (isStatus) await readStatusFlow(p, accountId, flow, content);
  else await receiveInvoice(p, accountId, flow, content);
}

/** The document a status names: by number, kind and date, issued by this account's SIREN. */
async function matchStatus(
  trx: Trx,
  accountId: number,
  me: string | null,
  ref: CdarReference,
  received: { flowId: string; facts: string | null; purchaseId: number | null }[],
): Promise<{ kind: 'Invoice' | 'Credit' | 'Purchase'; id: number } | { unmatched: string }> {
  const seller = ref.sellerId?.value ?? null;
  // A status about an invoice this account received (its buyer): a purchase invoice.
  for (const r of received) {
    if (!r.facts || r.purchaseId === null) continue;
    const f = JSON.parse(r.facts) as ReceivedFacts;
    if (f.number === ref.invoiceNumber && (!seller || seller === f.seller.siren) && (!ref.issueDate || ref.issueDate === f.issueDate))
      return { kind: 'Purchase', id: r.purchaseId };
  }
  if (seller && me && seller !== me)
    return { unmatched: `it names invoice ${ref.invoiceNumber} of seller ${seller}, not of this account (SIREN ${me})` };
  const kinds: DocumentKind[] = ref.typeCode === '381' || ref.typeCode === '261' ? ['Credit', 'Invoice'] : ['Invoice', 'Credit'];
  for (const kind of kinds) {
    const found = await findByNumber(trx, accountId, kind, ref.invoiceNumber);
    if (!found) continue;
    if (ref.issueDate && found.date !== ref.issueDate)
      return { unmatched: `${kind.toLowerCase()} ${ref.invoiceNumber} is dated ${found.date}, the status names ${ref.issueDate}` };
    return { kind, id: found.id };
  }
  return { unmatched: `no finalized document numbered ${ref.invoiceNumber}` };
}

async function findByNumber(trx: Trx, accountId: number, kind: DocumentKind, number: string) {
  const row = await trx
    .selectFrom('saleDocuments')
    .select(['id', 'date'])
    .where('accountId', '=', accountId)
    .where('kind', '=', kind)
    .where('number', '=', number)
    .where('isDraft', '=', false)
    .executeTakeFirst();
  return row ?? null;
}

function emitterOf(message: CdarMessage): 'Platform' | 'Buyer' | 'Seller' | 'Other' {
  const role = message.issuer?.role ?? message.sender?.role;
  return role === 'WK' ? 'Platform' : role === 'BY' ? 'Buyer' : role === 'SE' ? 'Seller' : 'Other';
}

async function readStatusFlow(p: PlatformContext, accountId: number, flow: Flow, content: Buffer): Promise<void> {
  const read = readCdar(content.toString('utf8'));
  const touched = new Map<string, { kind: 'Invoice' | 'Credit' | 'Purchase'; id: number }>();
  await transaction(p.ctx.db, async (trx) => {
    if (!read.ok) {
      await repo.insertInbox(trx, {
        accountId,
        flowId: flow.flowId!,
        flowType: flow.flowType ?? null,
        state: 'Malformed',
        problem: `Unreadable status message, not applied: ${read.problems.join('; ')}`,
        purchaseId: null,
        facts: null,
        content,
        createdAt: new Date().toISOString(),
      });
      return;
    }
    const m = read.message;
    const me = (await sirenOf(p, trx, accountId)).siren;
    const received = await repo.receivedPurchases(trx, accountId);
    const rows: repo.NewStatusRow[] = [];
    let unmatched = 0;
    for (const ref of m.references) {
      const match = await matchStatus(trx, accountId, me, ref, received);
      const detail = ref.details[0];
      const statusAt = m.statusAt ?? m.createdAt ?? flow.updatedAt ?? new Date().toISOString();
      const characteristics = ref.details.flatMap((d) => d.characteristics).filter((c) => c.amount !== null);
      const known = lifecycleStatus(ref.code);
      if ('unmatched' in match) unmatched++;
      else touched.set(`${match.kind}:${match.id}`, match);
      rows.push({
        accountId,
        documentKind: 'unmatched' in match ? null : match.kind,
        documentId: 'unmatched' in match ? null : match.id,
        invoiceNumber: ref.invoiceNumber,
        invoiceDate: ref.issueDate,
        sellerId: ref.sellerId?.value ?? null,
        code: ref.code,
        label: ref.label ?? known?.label ?? null,
        statusAt,
        emitter: emitterOf(m),
        reasonCode: detail?.reasonCode ?? null,
        reason: detail?.reason ?? detail?.notes[0]?.content ?? null,
        receivedAt: ref.receivedAt,
        amounts: characteristics.length
          ? JSON.stringify(characteristics.map((c) => ({ amount: c.amount, currency: c.currency, percent: c.percent })))
          : null,
        messageId: m.id,
        flowId: flow.flowId!,
        unmatchedReason: 'unmatched' in match ? match.unmatched : known ? null : null,
        // A repeated message (same id, same status of the same invoice at the same date) is one status.
        dedupeKey: createHash('sha256')
          .update(`${m.id}|${ref.invoiceNumber}|${ref.code}|${statusAt}|${detail?.reasonCode ?? ''}`)
          .digest('hex'),
        createdAt: new Date().toISOString(),
      });
    }
    const inserted = new Set((await repo.insertStatuses(trx, rows)).map((r) => r.dedupeKey));
    await repo.insertInbox(trx, {
      accountId,
      flowId: flow.flowId!,
      flowType: flow.flowType ?? null,
      state: unmatched ? 'Unmatched' : 'Applied',
      problem: unmatched ? `${unmatched} status(es) name no document of this account: kept for review, not applied` : null,
      purchaseId: null,
      facts: null,
      content: unmatched ? content : null,
      createdAt: new Date().toISOString(),
    });
    for (const doc of touched.values()) await applyTimeline(p, trx, accountId, doc, inserted);
  });
}

/** Recomputes a document's status from its whole timeline; marks it processed (or not), says so when it changed. */
async function applyTimeline(
  p: PlatformContext,
  trx: Trx,
  accountId: number,
  doc: { kind: 'Invoice' | 'Credit' | 'Purchase'; id: number },
  inserted: Set<string>,
) {
  const rows = await repo.statusesOf(trx, accountId, doc.kind, [doc.id]);
  const before = currentStatus(rows.filter((r) => !inserted.has(r.dedupeKey)).map(toEntry));
  const now = currentStatus(rows.map(toEntry));
  if (doc.kind !== 'Purchase')
    await setLifecycleIn(new AuditChains(trx, p.ctx.keyring, accountId), doc.kind, doc.id, { processed: now.processed, code: now.code });
  if (before.code === now.code && before.statusAt === now.statusAt) return;
  const payload = { id: doc.id, einvoicingStatus: presentCurrent(rows, now), processed: now.processed };
  const type =
    doc.kind === 'Invoice'
      ? 'InvoiceEInvoicingStatusChanged'
      : doc.kind === 'Credit'
        ? 'CreditEInvoicingStatusChanged'
        : 'PurchaseInvoiceEInvoicingStatusChanged';
  await emit(trx, accountId, type, payload);
}

function toEntry(r: repo.StatusRow): TimelineEntry {
  return { code: r.code, statusAt: r.statusAt, reasonCode: r.reasonCode, receivedAt: r.receivedAt };
}

async function receiveInvoice(p: PlatformContext, accountId: number, flow: Flow, content: Buffer): Promise<void> {
  const base = { accountId, flowId: flow.flowId!, flowType: flow.flowType ?? null, createdAt: new Date().toISOString() };
  try {
    await createPurchaseFromFile(
      { db: p.ctx.db, publicUrl: p.ctx.config.publicUrl, workers: p.ctx.workers },
      accountId,
      { content, fileName: `${flow.flowId}.${flow.flowSyntax === 'Factur-X' ? 'pdf' : 'xml'}` },
      async (trx, purchase, invoice) => {
        const facts: ReceivedFacts | null =
          invoice && invoice.seller.siren
            ? {
                number: invoice.number,
                typeCode: invoice.typeCode,
                issueDate: invoice.issueDate ?? purchase.date,
                seller: { siren: invoice.seller.siren, name: invoice.seller.name ?? '' },
                buyer: { siren: invoice.buyer.siren, name: invoice.buyer.name ?? '', address: null },
              }
            : null;
        // The inbox row commits with the purchase: a flow read twice (a crash before the cursor moved) is refused here.
        const first = await repo.insertInbox(trx, {
          ...base,
          state: 'Received',
          problem: null,
          purchaseId: purchase.id,
          facts: facts && JSON.stringify(facts),
          content: null,
        });
        if (!first) throw new AlreadyReceived();
        await emit(trx, accountId, 'PurchaseInvoiceReceived', { ...purchase, flowId: flow.flowId });
      },
    );
  } catch (error) {
    if (error instanceof AlreadyReceived) return;
    const message = error instanceof Error ? error.message : String(error);
    await repo.insertInbox(p.ctx.db.kysely, {
      ...base,
      state: 'Refused',
      problem: `Not received as a purchase invoice: ${message}`,
      purchaseId: null,
      facts: null,
      content,
    });
  }
}

class AlreadyReceived extends Error {}

// --- presentation -----------------------------------------------------------------------------------

export interface TimelineItem {
  code: string;
  label: string | null;
  statusAt: string;
  emitter: string;
  reasonCode: string | null;
  reason: string | null;
  amounts: { amount: string | null; currency: string | null; percent: string | null }[] | null;
  applied: boolean;
  note: string | null;
}

export function presentTimeline(rows: repo.StatusRow[]): TimelineItem[] {
  const current = currentStatus(rows.map(toEntry));
  const aside = new Set(current.setAside.map((s) => `${s.entry.code}|${s.entry.statusAt}|${s.entry.receivedAt ?? ''}`));
  return rows.map((r) => {
    const setAside = aside.has(`${r.code}|${r.statusAt}|${r.receivedAt ?? ''}`);
    return {
      code: r.code,
      label: r.label ?? lifecycleStatus(r.code)?.label ?? null,
      statusAt: r.statusAt,
      emitter: r.emitter,
      reasonCode: r.reasonCode,
      reason: r.reason,
      amounts: r.amounts ? (JSON.parse(r.amounts) as TimelineItem['amounts']) : null,
      applied: !setAside,
      note: setAside
        ? 'A repeated submission was rejected as a duplicate; the first submission goes on'
        : lifecycleStatus(r.code)
          ? null
          : `Status code ${r.code} is not one Facturier knows: recorded as such`,
    };
  });
}

const NEXT_STEP: Record<string, string> = {
  '210':
    'The buyer refused this invoice: it is not due. Cancel it with a credit note, correct it and issue a new invoice (XP Z12-014, UC3).',
  '213':
    'The platform rejected this invoice: it was not delivered and is not due. Correct it and issue a new invoice with a new number (XP Z12-014, UC2).',
  '207':
    'The buyer disputes this invoice: settle the dispute, then either the buyer approves it or you cancel it with a credit note and issue a corrected one (XP Z12-014, UC4 and UC5).',
  '501': 'The platform could not read this invoice: correct it and issue it again.',
};

export function presentCurrent(rows: repo.StatusRow[], current = currentStatus(rows.map(toEntry))) {
  const row = current.code ? rows.find((r) => r.code === current.code && r.statusAt === current.statusAt) : undefined;
  return current.code
    ? {
        code: current.code,
        label: row?.label ?? lifecycleStatus(current.code)?.label ?? null,
        statusAt: current.statusAt,
        reasonCode: row?.reasonCode ?? null,
        reason: row?.reason ?? null,
        processed: current.processed,
        nextStep: NEXT_STEP[current.code] ?? null,
      }
    : null;
}

// --- what the API shows ---------------------------------------------------------------------------

/** `einvoicingStatus` and `einvoicingStatuses` of sale documents, by id. */
export async function documentStatuses(db: Trx, accountId: number, kind: DocumentKind, ids: number[]) {
  const [transmissions, statuses] = await Promise.all([
    repo.transmissionsOf(db, accountId, kind, ids),
    repo.statusesOf(db, accountId, kind, ids),
  ]);
  const out = new Map<number, { einvoicingStatus: EInvoicingStatusT | null; einvoicingStatuses: TimelineItem[] }>();
  for (const id of ids) {
    const t = transmissions.find((x) => x.documentId === id);
    const rows = statuses.filter((s) => s.documentId === id);
    if (!t && !rows.length) {
      out.set(id, { einvoicingStatus: null, einvoicingStatuses: [] });
      continue;
    }
    const current = presentCurrent(rows);
    out.set(id, {
      einvoicingStatus: {
        transmission: !t
          ? 'NotSent'
          : t.state === 'Submitted'
            ? 'Transmitted'
            : t.state === 'Failed'
              ? 'TransmissionRefused'
              : 'WaitingForTransmission',
        transmissionMessage: t?.lastError ?? (t?.state === 'Pending' ? 'Waiting for transmission to the e-invoicing platform' : null),
        flowId: t?.flowId ?? null,
        code: current?.code ?? null,
        label: current?.label ?? null,
        statusAt: current?.statusAt ?? null,
        reasonCode: current?.reasonCode ?? null,
        reason: current?.reason ?? null,
        processed: current?.processed ?? false,
        nextStep:
          current?.nextStep ??
          (t?.state === 'Failed'
            ? 'The platform refused the document: read transmissionMessage, fix the cause (settings or document) and transmit again'
            : null),
      },
      einvoicingStatuses: presentTimeline(rows),
    });
  }
  return out;
}

/** POST /v1/einvoicing/sync: submit what waits and read the platform's flows now. */
export async function syncNow(p: PlatformContext, accountId: number) {
  await connectionOrThrow(p, accountId);
  const now = p.clock();
  const due = await p.ctx.db.kysely
    .selectFrom('platformTransmissions')
    .select('id')
    .where('accountId', '=', accountId)
    .where('state', '=', 'Pending')
    .execute();
  let tried = 0;
  for (const t of due) tried += await runTransmissions(p, now, { accountId, id: t.id });
  const sent = await runOutgoing(p, now);
  const read = await pollAccount(p, accountId, now);
  const cursor = await repo.cursorOf(p.ctx.db.kysely, accountId);
  return {
    flowsRead: read,
    transmissionsTried: tried,
    statusesSent: sent,
    lastError: cursor?.lastError ?? null,
    polledAt: cursor?.polledAt ?? null,
  };
}

export async function reviewList(p: PlatformContext, accountId: number) {
  const [statuses, flows] = await Promise.all([
    repo.unmatchedStatuses(p.ctx.db.kysely, accountId, 200),
    repo.inboxProblems(p.ctx.db.kysely, accountId, 200),
  ]);
  return [
    ...statuses.map((s) => ({
      kind: 'UnmatchedStatus' as const,
      flowId: s.flowId,
      invoiceNumber: s.invoiceNumber,
      code: s.code,
      statusAt: s.statusAt,
      problem: s.unmatchedReason,
    })),
    ...flows
      .filter((f) => f.state !== 'Unmatched')
      .map((f) => ({
        kind: f.state === 'Malformed' ? ('MalformedFlow' as const) : ('RefusedInvoice' as const),
        flowId: f.flowId,
        invoiceNumber: null,
        code: null,
        statusAt: null,
        problem: f.problem,
      })),
  ];
}

/**
 * The lookup made when a customer is saved with a SIREN and no electronic address (the worker's events
 * stage): best effort, since the save is already answered. A directory that is down or a customer
 * deleted meanwhile changes nothing; `POST /v1/einvoicing/directory/customers/{id}` says why on demand.
 */
export async function lookUpOnSave(p: PlatformContext, accountId: number, customerId: number): Promise<void> {
  const connection = await readPlatformConnection(p.ctx.db.kysely, accountId);
  if (!connection?.directoryServiceUrl) return;
  try {
    await lookUpCustomer(p, accountId, customerId);
  } catch (error) {
    if (!(error instanceof AppError || error instanceof PlatformError)) throw error;
  }
}

/** Looks up a customer's electronic address (BT-49) in the platform's Directory Service and stores it. */
export async function lookUpCustomer(p: PlatformContext, accountId: number, customerId: number) {
  const connection = await connectionOrThrow(p, accountId);
  const customer = await customers.get(p.ctx.db, accountId, customerId);
  const siret = customer.companyInformations?.siret ?? null;
  const siren = siret && /^\d{9}(\d{5})?$/.test(siret) ? siret.slice(0, 9) : null;
  if (!siren)
    return {
      siren: null,
      found: false,
      electronicAddress: null,
      message: 'The customer has no SIREN or SIRET (companyInformations.siret): the directory is searched by SIREN',
    };
  let lines;
  try {
    lines = await clientFor(p, connection).directoryLines(siren);
  } catch (error) {
    if (error instanceof PlatformError) throw new UnavailableError(error.message);
    throw error;
  }
  const line = lines.find((l) => siret && l.siret === siret) ?? lines.find((l) => !l.siret) ?? lines[0];
  if (!line?.addressingIdentifier)
    return {
      siren,
      found: false,
      electronicAddress: null,
      message: `SIREN ${siren} is not in the directory: this buyer cannot receive e-invoices through a platform yet`,
    };
  await customers.update(p.ctx.db, accountId, customerId, {
    companyInformations: { ...customer.companyInformations, electronicAddress: line.addressingIdentifier },
  });
  return {
    siren,
    found: true,
    electronicAddress: line.addressingIdentifier,
    message: `Found in the directory: e-invoices to this customer go to ${line.addressingIdentifier}`,
  };
}
