// E-mail sending of documents (POST …/send/{id}): messages from the account's templates, queued in
// the send's transaction and delivered by the outbox worker over SMTP. docs/delivery.md.
import type { AppContext } from '../../context.js';
import { modulePlugin } from '../../http/module.js';
import type { Stage } from '../../jobs/runner.js';
import { mailingRoutes } from './routes.js';
import { sendStage } from './service.js';
import type { MailTransport } from './transport.js';

export const mailingPlugin = modulePlugin('mailing', mailingRoutes);

/** The worker's e-mail stage (close() releases the SMTP connections). */
export function mailingStage(ctx: AppContext, transport?: MailTransport): Stage & { close(): void } {
  return sendStage(ctx, ctx.delivery?.clock ?? Date.now, transport);
}

export { registerSendRoute } from './routes.js';
export { isEmailAddress, queueInvoiceReminderIn, queueInvoiceSend } from './service.js';
export type { EmailMessageT } from './schemas.js';
export { EmailMessage } from './schemas.js';
export { defaultRecipientOf, type Sendable, type SendableDocument } from './sendables.js';
export { formatAmount, formatDate, PLACEHOLDERS } from './templates.js';
export type { MailTransport } from './transport.js';
