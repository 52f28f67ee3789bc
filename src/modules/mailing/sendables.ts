// What a document kind must provide to be sent by e-mail: how to read it, its PDF, the settings
// templates it uses, and how to record that it was sent. Invoices and credit notes are defined
// here; another kind (quotes) registers its own with `registerSendRoute` (routes.ts) in one call.
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Trx } from '../../db/transaction.js';
import { customers } from '../customers/index.js';
import { AuditChains, downloadSaleDocument, getDocumentRow, markSentIn, parseData, type DocumentKind } from '../sales/index.js';

export interface SendableDocument {
  id: number;
  isDraft: boolean;
  number: string | null;
  date: string;
  dueDate: string | null;
  /** Tax included, as an exact decimal string. */
  amount: string;
  currency: string;
  customerName: string | null;
  /** Where an empty recipient list sends it: the document's billing contact, else its customer. */
  customerEmail: string | null;
}

export interface Sendable {
  /** The document kind as webhooks and e-mail records name it: "Invoice", "Credit", "Quote". */
  kind: string;
  /** "/v1/saleinvoices": the route is `${path}/send/:id`. */
  path: string;
  /** OpenAPI tag and operation id prefix: "SaleInvoices". */
  tag: string;
  /** "invoice", in messages. */
  label: string;
  /** "Facture": the {document} placeholder. */
  title: string;
  /** Which templates of Settings.emailing it uses. */
  templates: 'invoices' | 'credits' | 'quotes';
  /** What to do with a draft before sending it (the 400's advice); "finalize it" when absent. */
  draftAdvice?: (id: number) => string;
  /**
   * Makes a draft sendable on the way, when sending is enough to decide it (a quote is issued: Altoviz
   * has no separate draft state for quotes). Without it, sending a draft is refused with the advice.
   */
  issueOnSend?: (ctx: AppContext, accountId: number, id: number) => Promise<void>;
  load(ctx: AppContext, db: Kysely<Database>, accountId: number, id: number): Promise<SendableDocument | undefined>;
  /** The PDF to attach (rendered once and kept, for finalized documents). */
  pdf(ctx: AppContext, accountId: number, id: number): Promise<{ fileName: string; content: Buffer }>;
  /** Records the send inside the transaction of the SMTP outcome (sentAt, its event). */
  markSent(ctx: AppContext, trx: Trx, accountId: number, id: number, at: string): Promise<void>;
}

/** The kinds registered by routes, by name: the worker finds a queued message's kind here. */
const registry = new Map<string, Sendable>();

export function registerSendable(sendable: Sendable): void {
  registry.set(sendable.kind, sendable);
}

export function sendableOf(kind: string): Sendable | undefined {
  return registry.get(kind);
}

/** Where an empty recipient list sends a document: its billing contact's e-mail, else its customer's. */
export async function defaultRecipientOf(
  db: Kysely<Database>,
  accountId: number,
  contactEmail: string | null | undefined,
  customerId: number | null,
): Promise<string | null> {
  const email = contactEmail ?? (customerId !== null ? ((await customers.getStored(db, accountId, customerId))?.email ?? null) : null);
  return email || null;
}

function saleDocument(kind: DocumentKind, fields: Pick<Sendable, 'path' | 'tag' | 'label' | 'title' | 'templates'>): Sendable {
  return {
    kind,
    ...fields,
    async load(_ctx, db, accountId, id) {
      const row = await getDocumentRow(db, accountId, kind, id);
      if (!row) return undefined;
      const customerEmail = await defaultRecipientOf(db, accountId, parseData(row).billingContact?.email, row.customerId);
      return {
        id: row.id,
        isDraft: Boolean(row.isDraft),
        number: row.number,
        date: row.date,
        dueDate: row.dueDate,
        amount: row.taxIncludedAmount.toFixed(2),
        currency: 'EUR',
        customerName: row.customerName,
        customerEmail,
      };
    },
    async pdf(ctx, accountId, id) {
      const file = await downloadSaleDocument(
        { db: ctx.db, config: ctx.config, workers: ctx.workers, keyring: ctx.keyring },
        accountId,
        kind,
        id,
      );
      return { fileName: file.fileName, content: file.content };
    },
    async markSent(ctx, trx, accountId, id, at) {
      await markSentIn(new AuditChains(trx, ctx.keyring, accountId), ctx.config.publicUrl, kind, id, at);
    },
  };
}

export const INVOICE_SENDABLE = saleDocument('Invoice', {
  path: '/v1/saleinvoices',
  tag: 'SaleInvoices',
  label: 'invoice',
  title: 'Facture',
  templates: 'invoices',
});

export const CREDIT_SENDABLE = saleDocument('Credit', {
  path: '/v1/salecredits',
  tag: 'SaleCredits',
  label: 'credit',
  title: 'Avoir',
  templates: 'credits',
});
