// Sending a document by e-mail. The request checks everything (addresses, the document, its PDF)
// and writes the message to email_messages in one transaction: it answers once the send is
// durably queued. The outbox worker's `mailing:send` stage then hands it to SMTP (or the .eml file
// transport), retrying with backoff for three days (not after a 5xx answer of the server), and
// records the outcome in one transaction: the message sent, the document's sentAt, and the
// events InvoiceSent/CreditSent and EmailSent (or EmailFailed).
import type { AppContext } from '../../context.js';
import { transaction, type Trx } from '../../db/transaction.js';
import { InvalidStateError, NotFoundError, ValidationError } from '../../errors.js';
import { emit } from '../../jobs/outbox.js';
import { backoffMs, RETRY_WINDOW_MS, type Clock, type Stage } from '../../jobs/runner.js';
import { getAccountSettings } from '../settings/index.js';
import * as repo from './repo.js';
import type { EmailMessageT } from './schemas.js';
import { sendableOf, type Sendable } from './sendables.js';
import { DEFAULT_SUBJECT, defaultBody, formatAmount, formatDate, renderTemplate, textToHtml } from './templates.js';
import { createMailTransport, isPermanentSmtpError, type MailTransport } from './transport.js';

/** At most this many addresses per send (to, plus the settings' cc and bcc). */
export const MAX_RECIPIENTS = 50;

// The HTML5 definition browsers use for <input type=email>, with a dot required in the domain.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

interface StoredMessage {
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  attachment: { fileName: string } | null;
  /** A reminder of an invoice (modules/reminders): delivering it does not mark the invoice sent again. */
  purpose?: 'reminder';
}

const STATUS = { queued: 'Queued', sent: 'Sent', failed: 'Failed' } as const;

export function presentEmail(row: repo.EmailRow): EmailMessageT {
  const m = JSON.parse(row.message) as StoredMessage;
  return {
    id: row.id,
    documentType: row.documentKind,
    documentId: row.documentId,
    documentNumber: row.documentNumber,
    status: STATUS[row.status],
    to: m.to,
    cc: m.cc,
    bcc: m.bcc,
    subject: m.subject,
    attachment: m.attachment?.fileName ?? null,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
  };
}

function cleanAddresses(list: readonly string[], field: (i: number) => string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  list.forEach((raw, i) => {
    const address = raw.trim();
    if (!isEmailAddress(address)) throw ValidationError.field(field(i), `"${raw}" is not an e-mail address`);
    if (!seen.has(address.toLowerCase())) {
      seen.add(address.toLowerCase());
      out.push(address);
    }
  });
  return out;
}

export async function queueSend(
  ctx: AppContext,
  clock: Clock,
  sendable: Sendable,
  accountId: number,
  id: number,
  addresses: readonly string[],
): Promise<EmailMessageT> {
  const requested = cleanAddresses(addresses, (i) => `[${i}]`);
  const db = ctx.db.kysely;
  let doc = await sendable.load(ctx, db, accountId, id);
  if (!doc) throw new NotFoundError(sendable.kind, id);
  if (doc.isDraft && sendable.issueOnSend) {
    await sendable.issueOnSend(ctx, accountId, id);
    doc = await sendable.load(ctx, db, accountId, id);
    if (!doc) throw new NotFoundError(sendable.kind, id);
  }
  if (doc.isDraft)
    throw new InvalidStateError(`${sendable.kind} ${id} is a draft: ${sendable.draftAdvice?.(id) ?? 'finalize it'} before sending it`);
  let to = requested;
  if (!to.length) {
    if (!doc.customerEmail || !isEmailAddress(doc.customerEmail.trim()))
      throw ValidationError.field('[0]', `no address given, and the customer of ${sendable.label} ${doc.number} has no e-mail address`);
    to = [doc.customerEmail.trim()];
  }
  const settings = await getAccountSettings(db, accountId);
  const templates = settings.emailing[sendable.templates];
  const cc = cleanAddresses(templates.defaultCcEmails ?? [], (i) => `settings.emailing.${sendable.templates}.defaultCcEmails[${i}]`);
  const bcc = cleanAddresses(templates.defaultBccEmails ?? [], (i) => `settings.emailing.${sendable.templates}.defaultBccEmails[${i}]`);
  if (to.length + cc.length + bcc.length > MAX_RECIPIENTS)
    throw ValidationError.field('[0]', `at most ${MAX_RECIPIENTS} recipients in all`);
  const company = settings.company.name ?? settings.company.businessName ?? '';
  const values = {
    document: sendable.title.toLowerCase(),
    number: doc.number ?? '',
    amount: templates.showAmount ? formatAmount(doc.amount, doc.currency) : '',
    date: formatDate(doc.date),
    dueDate: formatDate(doc.dueDate),
    company,
    customer: doc.customerName ?? '',
  };
  const subject = renderTemplate(templates.defaultObjectTemplate || DEFAULT_SUBJECT, { ...values, document: sendable.title })
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const text = renderTemplate(templates.defaultContentTemplate || defaultBody(templates.showAmount, Boolean(doc.dueDate)), values);
  // The PDF now, before the transaction: a finalized document's is rendered once and kept, so the
  // worker only reads it; one that cannot be rendered is refused here (503), not queued.
  const attachment = templates.includeDocumentAttachment ? { fileName: (await sendable.pdf(ctx, accountId, id)).fileName } : null;
  const replyTo = settings.company.contact.email ?? null;
  const message: StoredMessage = { to, cc, bcc, replyTo, subject, text, attachment };
  return transaction(ctx.db, async (trx) => {
    const again = await sendable.load(ctx, trx, accountId, id);
    if (!again) throw new NotFoundError(sendable.kind, id);
    const row = await repo.insertEmail(trx, {
      accountId,
      documentKind: sendable.kind,
      documentId: id,
      documentNumber: doc.number,
      message: JSON.stringify(message),
      status: 'queued',
      nextAttemptAt: clock(),
      lockedUntil: null,
      lastError: null,
      messageId: null,
      createdAt: new Date(clock()).toISOString(),
      sentAt: null,
    });
    return presentEmail(row);
  });
}

/**
 * Queues, inside the caller's transaction, an e-mail about an invoice written by another module
 * (a reminder): the account's invoice cc/bcc and reply-to apply, and the invoice's PDF, when
 * `attachment` names it, is attached at delivery. Checks the addresses; answers the queued message.
 */
export async function queueInvoiceReminderIn(
  trx: Trx,
  clock: Clock,
  input: {
    accountId: number;
    invoiceId: number;
    number: string | null;
    to: string;
    subject: string;
    text: string;
    attachment: string | null;
  },
): Promise<EmailMessageT> {
  const settings = await getAccountSettings(trx, input.accountId);
  const templates = settings.emailing.invoices;
  const to = cleanAddresses([input.to], () => '[0]');
  const cc = cleanAddresses(templates.defaultCcEmails ?? [], (i) => `settings.emailing.invoices.defaultCcEmails[${i}]`);
  const bcc = cleanAddresses(templates.defaultBccEmails ?? [], (i) => `settings.emailing.invoices.defaultBccEmails[${i}]`);
  const message: StoredMessage = {
    to,
    cc,
    bcc,
    replyTo: settings.company.contact.email ?? null,
    subject: input.subject.replace(/[\r\n]+/g, ' ').trim(),
    text: input.text,
    attachment: input.attachment ? { fileName: input.attachment } : null,
    purpose: 'reminder',
  };
  const row = await repo.insertEmail(trx, {
    accountId: input.accountId,
    documentKind: 'Invoice',
    documentId: input.invoiceId,
    documentNumber: input.number,
    message: JSON.stringify(message),
    status: 'queued',
    nextAttemptAt: clock(),
    lockedUntil: null,
    lastError: null,
    messageId: null,
    createdAt: new Date(clock()).toISOString(),
    sentAt: null,
  });
  return presentEmail(row);
}

export async function getEmail(ctx: AppContext, accountId: number, id: number): Promise<EmailMessageT> {
  const row = await repo.getAccountEmail(ctx.db.kysely, accountId, id);
  if (!row) throw new NotFoundError('E-mail', id);
  return presentEmail(row);
}

/** GET /v1/emails: the account's e-mails, newest first, filtered by document and status. */
export async function listEmails(
  ctx: AppContext,
  accountId: number,
  filter: { documentType?: 'Invoice' | 'Credit' | 'Quote'; documentId?: number; status?: EmailMessageT['status'] },
  page: { offset: number; size: number },
): Promise<{ items: EmailMessageT[]; total: number }> {
  const status = filter.status && (Object.keys(STATUS) as (keyof typeof STATUS)[]).find((k) => STATUS[k] === filter.status);
  const { rows, total } = await repo.listAccountEmails(ctx.db.kysely, accountId, { ...filter, status }, page);
  return { items: rows.map(presentEmail), total };
}

const SEND_BATCH = 16;

export function sendStage(
  ctx: AppContext,
  clock: Clock,
  transport: MailTransport = createMailTransport(ctx.config),
): Stage & { close(): void } {
  const postgres = ctx.db.dialect === 'postgres';
  async function deliver(row: repo.EmailRow, claimedAt: number): Promise<void> {
    const m = JSON.parse(row.message) as StoredMessage;
    const sendable = sendableOf(row.documentKind);
    let outcome: { ok: true; messageId: string } | { ok: false; error: string; permanent: boolean };
    try {
      if (!sendable) throw new Error(`no sender is registered for ${row.documentKind} documents`);
      const attachments = m.attachment
        ? [
            {
              filename: m.attachment.fileName,
              content: (await sendable.pdf(ctx, row.accountId, row.documentId)).content,
              contentType: 'application/pdf',
            },
          ]
        : [];
      const info = await transport.send({
        from: ctx.config.mailFrom,
        ...(m.replyTo ? { replyTo: m.replyTo } : {}),
        to: m.to,
        cc: m.cc,
        bcc: m.bcc,
        subject: m.subject,
        text: m.text,
        html: textToHtml(m.text),
        attachments,
        headers: { 'X-Facturier-Email-Id': String(row.id) },
      });
      outcome = { ok: true, messageId: info.messageId };
    } catch (err) {
      outcome = { ok: false, error: err instanceof Error ? err.message : String(err), permanent: isPermanentSmtpError(err) };
    }
    const at = clock();
    const firstAttempt = Date.parse(row.createdAt);
    await transaction(ctx.db, async (trx) => {
      if (outcome.ok) {
        const sentAt = new Date(at).toISOString();
        await repo.updateEmail(trx, row.id, { status: 'sent', sentAt, messageId: outcome.messageId, lockedUntil: null, lastError: null });
        if (m.purpose !== 'reminder') await sendable!.markSent(ctx, trx, row.accountId, row.documentId, sentAt);
        await emit(trx, row.accountId, 'EmailSent', presentEmail((await repo.getEmail(trx, row.id))!));
        return;
      }
      const next = at + backoffMs(row.attempts);
      if (outcome.permanent || next - Math.min(firstAttempt, claimedAt) > RETRY_WINDOW_MS) {
        await repo.updateEmail(trx, row.id, { status: 'failed', lockedUntil: null, lastError: outcome.error });
        await emit(trx, row.accountId, 'EmailFailed', presentEmail((await repo.getEmail(trx, row.id))!));
      } else {
        await repo.updateEmail(trx, row.id, { nextAttemptAt: next, lockedUntil: null, lastError: outcome.error });
      }
    });
  }
  return {
    name: 'mailing:send',
    async run(now) {
      const rows = await transaction(ctx.db, (trx) =>
        repo.claimDue(trx, postgres, now, now + ctx.config.outboxLeaseSeconds * 1000, SEND_BATCH),
      );
      await Promise.all(rows.map((row) => deliver(row, now)));
      return rows.length;
    },
    close: () => {
      transport.close();
    },
  };
}

/** Sends a finalized invoice to its customer with the account's templates (recurring invoices do so). */
export function queueInvoiceSend(ctx: AppContext, clock: Clock, accountId: number, id: number): Promise<EmailMessageT> {
  const sendable = sendableOf('Invoice');
  if (!sendable) throw new InvalidStateError('invoices cannot be sent by e-mail: the mailing routes are not registered');
  return queueSend(ctx, clock, sendable, accountId, id, []);
}
