// Table types as Kysely sees them (camelCase; the CamelCasePlugin maps to snake_case columns).
// Timestamps are ISO-8601 UTC strings and dates 'YYYY-MM-DD' strings on both dialects, so rows
// read the same from SQLite and PostgreSQL.
import type { Generated } from 'kysely';

/**
 * An amount as stored: integer minor units on SQLite, numeric text from PostgreSQL. Repositories
 * convert it to and from exact decimals through db/money.ts; nothing else reads it raw.
 */
export type StoredAmount = number | string;

export interface AccountsTable {
  id: Generated<number>;
  name: string;
  createdAt: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  accountId: number;
  name: string;
  keyHash: string;
  /** First characters of the key, shown in listings so a person can tell keys apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  accountId: number;
  type: string;
  payload: string;
  createdAt: string;
  deliveredAt: string | null;
  attempts: Generated<number>;
}

export interface RecordsTable {
  id: Generated<number>;
  accountId: number;
  kind: string;
  number: string | null;
  internalId: string | null;
  email: string | null;
  name: string | null;
  /** Sorts products by price: ten-thousandths on SQLite (PRICE_SCALE). */
  amount: StoredAmount | null;
  parentId: number | null;
  searchText: string;
  data: string;
  createdAt: string;
  updatedAt: string;
  /** Incremented by every write: the record's ETag (migration 010). */
  version: Generated<number>;
}

export interface CountersTable {
  accountId: number;
  name: string;
  value: number;
}

export interface ProductImagesTable {
  id: Generated<number>;
  accountId: number;
  productId: number;
  /** Random, unguessable; part of the public image URL, new on every replacement. */
  token: string;
  contentType: string;
  size: number;
  content: Buffer;
  createdAt: string;
}

export interface SettingsTable {
  accountId: number;
  /** JSON: only what the account has set; defaults are applied when reading. */
  data: string;
  logo: Buffer | null;
  logoContentType: string | null;
  logoToken: string | null;
  updatedAt: string;
  /** Incremented by every write: the record's ETag (migration 010). */
  version: Generated<number>;
}

export interface SaleDocumentsTable {
  id: Generated<number>;
  accountId: number;
  kind: 'Invoice' | 'Credit';
  /** Booleans are 0/1 on SQLite: read them through Boolean(). */
  isDraft: boolean | number;
  number: string | null;
  internalId: string | null;
  customerId: number | null;
  customerName: string | null;
  date: string;
  dueDate: string | null;
  taxExcludedAmount: StoredAmount;
  taxIncludedAmount: StoredAmount;
  balance: StoredAmount;
  isPaid: boolean | number;
  isCancelled: boolean | number;
  isProcessed: boolean | number;
  /** The code of the lifecycle status in force (migration 028); null when the platform never sent one. */
  einvoicingStatus?: string | null;
  sentAt: string | null;
  finalizedAt: string | null;
  cancellationCreditId: number | null;
  cancelledInvoiceId: number | null;
  /** JSON array of the e-invoicing findings that did not refuse finalization (migration 023); null when none. */
  einvoicingWarnings?: string | null;
  chainIndex: number | null;
  hash: string | null;
  previousHash: string | null;
  createdAt: string;
  updatedAt: string;
  /** Incremented by every write: the record's ETag (migration 010). */
  version: Generated<number>;
}

/** The JSON snapshot of a sale document (see migration 005). */
export interface SaleDocumentDataTable {
  documentId: number;
  /** JSON; deflated into a BLOB on SQLite (see encodeSnapshot in modules/sales/repo.ts). */
  data: string | Uint8Array;
}

/** The Detail of a finalized sale document (modules/sales/detail.ts): JSON, written at finalization. */
export interface SaleDocumentLinesTable {
  documentId: number;
  detail: string;
}

/** Data upgrades a migration left to the module owning the logic (migration 022). */
export interface PendingUpgradesTable {
  name: string;
}

export interface DocumentHeadsTable {
  accountId: number;
  kind: string;
  lastDate: string | null;
  chainIndex: number;
  lastHash: string | null;
  /** The key that sealed the chain's last entry; null for a chain of the first (unkeyed) generation. */
  keyId: string | null;
}

/** One entry of the keyed audit trail (see migration 012). */
export interface AuditEntriesTable {
  accountId: number;
  kind: string;
  seq: number;
  documentId: number | null;
  event: string;
  keyId: string;
  content: string;
  mac: string;
  createdAt: string;
}

export interface DocumentSequencesTable {
  accountId: number;
  kind: string;
  scope: string;
  value: number;
}

export interface ReceiptsTable {
  id: Generated<number>;
  accountId: number;
  internalId: string | null;
  date: string;
  /** Signed: negative for a refund paid to the customer. */
  amount: StoredAmount;
  paymentMethod: string;
  status: string;
  reference: string | null;
  notes: string | null;
  /** JSON object, or null. */
  metadata: string | null;
  customerId: number | null;
  customerName: string | null;
  customerNumber: string | null;
  customerInternalId: string | null;
  searchText: string;
  createdAt: string;
  updatedAt: string;
  /** Incremented by every write: the record's ETag (migration 010). */
  version: Generated<number>;
}

export interface ReceiptLinksTable {
  id: Generated<number>;
  accountId: number;
  receiptId: number;
  position: number;
  type: 'Invoice' | 'Credit' | 'Commitment';
  /** The id as the client gave it (a commitment id for Commitment links). */
  linkId: number;
  /** The sale document the link settles. */
  documentId: number;
  /** Signed as allocated: positive on invoices and commitments, negative on credits. */
  amount: StoredAmount;
}

/** The PDF of a finalized sale document, as rendered at finalization (never re-rendered). */
export interface DocumentFilesTable {
  documentId: number;
  accountId: number;
  contentType: string;
  size: number;
  sha256: string;
  content: Buffer;
  createdAt: string;
}

export interface PurchaseInvoicesTable {
  id: Generated<number>;
  accountId: number;
  supplierId: number | null;
  date: string;
  reference: string | null;
  /** ExpenseStatus: Done, Pending or Paid. */
  status: string;
  taxIncludedAmount: StoredAmount;
  vatReverseCharge: boolean | number;
  /** JSON: what was read from the file (subject, notes, region, VAT lines, amounts, format). */
  data: string;
  fileName: string | null;
  contentType: string;
  size: number;
  sha256: string;
  /** The uploaded bytes, unchanged. */
  content: Buffer;
  createdAt: string;
  updatedAt: string;
  // The ledger's columns (migration 015).
  dueDate: string | null;
  taxExcludedAmount: StoredAmount | null;
  vatAmount: StoredAmount | null;
  /** JSON: [{ rate, taxExcludedAmount, vatAmount }] as decimal strings, or null. */
  vats: string | null;
  classificationId: number | null;
  supplierName: string | null;
  /** What Success supplier payments settle on it, signed like taxIncludedAmount. */
  paidAmount: Generated<StoredAmount>;
  searchText: string;
  version: Generated<number>;
}

/** A payment to a supplier (negative: a refund from the supplier), migration 015. */
export interface SupplierPaymentsTable {
  id: Generated<number>;
  accountId: number;
  internalId: string | null;
  date: string;
  amount: StoredAmount;
  paymentMethod: string;
  status: string;
  reference: string | null;
  notes: string | null;
  metadata: string | null;
  supplierId: number | null;
  supplierName: string | null;
  searchText: string;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface SupplierPaymentLinksTable {
  id: Generated<number>;
  accountId: number;
  paymentId: number;
  position: number;
  purchaseInvoiceId: number;
  /** Signed as allocated: positive on invoices, negative on supplier credit notes. */
  amount: StoredAmount;
}

export interface ExpenseReportsTable {
  id: Generated<number>;
  accountId: number;
  colleagueId: number;
  colleagueName: string | null;
  title: string | null;
  periodStart: string;
  periodEnd: string;
  /** Draft, Submitted, Approved, Reimbursed. */
  status: string;
  taxExcludedAmount: StoredAmount;
  vatAmount: StoredAmount;
  taxIncludedAmount: StoredAmount;
  notes: string | null;
  submittedAt: string | null;
  approvedAt: string | null;
  reimbursedDate: string | null;
  reimbursementMethod: string | null;
  reimbursementReference: string | null;
  searchText: string;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface ExpenseReportLinesTable {
  id: Generated<number>;
  accountId: number;
  reportId: number;
  date: string;
  merchant: string | null;
  category: string | null;
  classificationId: number | null;
  description: string | null;
  /** JSON: [{ rate, taxExcludedAmount, vatAmount }] as decimal strings. */
  vats: string;
  taxExcludedAmount: StoredAmount;
  vatAmount: StoredAmount;
  taxIncludedAmount: StoredAmount;
  createdAt: string;
}

export interface ExpenseFilesTable {
  lineId: number;
  accountId: number;
  fileName: string | null;
  contentType: string;
  size: number;
  sha256: string;
  content: Buffer;
  createdAt: string;
}

export interface BankAccountsTable {
  id: Generated<number>;
  accountId: number;
  name: string;
  iban: string;
  bic: string | null;
  providerId: string | null;
  currency: string;
  openingBalance: StoredAmount;
  openingDate: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface BankImportsTable {
  id: Generated<number>;
  accountId: number;
  bankAccountId: number;
  format: string;
  fileName: string | null;
  sha256: string;
  readCount: number;
  insertedCount: number;
  duplicateCount: number;
  createdAt: string;
}

export interface BankTransactionsTable {
  id: Generated<number>;
  accountId: number;
  bankAccountId: number;
  importId: number | null;
  date: string;
  valueDate: string | null;
  /** Signed: positive money in, negative money out. */
  amount: StoredAmount;
  label: string;
  reference: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  bankReference: string | null;
  /** Unique per bank account: a re-imported statement line is recognised by it. */
  dedupKey: string;
  /** Receipt, SupplierPayment or ExpenseReport, with its id, once the user confirmed the match. */
  matchType: string | null;
  matchId: number | null;
  matchedAt: string | null;
  createdAt: string;
  /** Normalised words of the label, reference and counterparty (db/search.ts). */
  searchText: string;
}

export interface LogoVersionsTable {
  token: string;
  accountId: number;
  contentType: string;
  content: Buffer;
  createdAt: string;
}

/** Failed authentications per (address, key prefix) bucket, in fixed windows (PostgreSQL only). */
/** One row (id 1): moves when a key or an account changes (migration 027's triggers); keys cached per process check it. */
export interface AuthGenerationTable {
  id: number;
  generation: number | string | bigint;
}

export interface AuthFailuresTable {
  bucket: string;
  /** Epoch milliseconds; a string from PostgreSQL (bigint). */
  windowStart: number | string;
  failures: number;
}

/** A registered webhook (migration 013). `types`: JSON array of event types. */
export interface WebhooksTable {
  id: Generated<number>;
  accountId: number;
  name: string;
  url: string;
  types: string;
  secretKey: string;
  /** The last outbox event when it was registered: it receives the events after it. */
  fromEventId: number;
  createdAt: string;
}

/** One event to deliver to one webhook; times in epoch milliseconds (strings from PostgreSQL's bigint). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  accountId: number;
  webhookId: number;
  eventId: number;
  eventType: string;
  resourceKey: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  nextAttemptAt: number | string;
  lockedUntil: number | string | null;
  firstAttemptAt: number | string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  deliveryId: number;
  attemptedAt: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** An e-mail queued by a send endpoint; `message` is JSON. */
export interface EmailMessagesTable {
  id: Generated<number>;
  accountId: number;
  documentKind: string;
  documentId: number;
  documentNumber: string | null;
  message: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: Generated<number>;
  nextAttemptAt: number | string;
  lockedUntil: number | string | null;
  lastError: string | null;
  messageId: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** modules/reminders: one reminder of an invoice (unique per invoice and step: never sent twice). */
export interface InvoiceRemindersTable {
  id: Generated<number>;
  accountId: number;
  invoiceId: number;
  /** 1-based index of the step in the account's schedule (Settings.reminders.steps). */
  step: number;
  daysAfterDue: number;
  formalNotice: boolean | number;
  amountDue: StoredAmount;
  daysLate: number;
  trigger: 'Schedule' | 'Manual';
  emailId: number | null;
  recipient: string;
  subject: string;
  createdAt: string;
}

/** modules/recurring: a model of recurring invoices. */
export interface RecurringInvoicesTable {
  id: Generated<number>;
  accountId: number;
  customerId: number;
  /** JSON: the invoice each occurrence is made from (lines, notes, ...), as the invoice creation body. */
  template: string;
  frequency: 'Monthly' | 'Quarterly' | 'Yearly' | 'EveryNDays';
  intervalDays: number | null;
  startDate: string;
  endDate: string | null;
  maxCount: number | null;
  dayOfIssue: number | null;
  mode: 'Draft' | 'Finalize' | 'FinalizeAndSend';
  state: 'Active' | 'Stopped' | 'Finished';
  stoppedReason: string | null;
  issuedCount: Generated<number>;
  nextDate: string | null;
  createdAt: string;
  updatedAt: string;
}

/** modules/recurring: one occurrence a model issued (unique per model and occurrence). */
export interface RecurringInvoiceRunsTable {
  id: Generated<number>;
  accountId: number;
  modelId: number;
  occurrence: number;
  issueDate: string;
  invoiceId: number | null;
  problem: string | null;
  createdAt: string;
}

/** The first answer to a request with an Idempotency-Key, replayed for 24 hours. */
export interface IdempotencyKeysTable {
  accountId: number;
  key: string;
  fingerprint: string;
  status: 'pending' | 'done';
  responseStatus: number | null;
  responseHeaders: string | null;
  responseBody: string | null;
  lockedUntil: number | string;
  expiresAt: number | string;
}

/** Sale quotes (migration 014); the quote itself is the JSON in `data`. */
export interface SaleQuotesTable {
  id: Generated<number>;
  accountId: number;
  version: Generated<number>;
  status: 'Pending' | 'Sent' | 'Accepted' | 'Refused' | 'Closed' | 'Invoiced';
  number: string | null;
  internalId: string | null;
  customerId: number | null;
  customerName: string | null;
  date: string;
  validityDate: string | null;
  taxExcludedAmount: StoredAmount;
  taxIncludedAmount: StoredAmount;
  issuedAt: string | null;
  sentAt: string | null;
  acceptedAt: string | null;
  refusedAt: string | null;
  closedAt: string | null;
  invoiceId: number | null;
  data: string;
  createdAt: string;
  updatedAt: string;
}

/** A person who signs in to the web console (migration 017). */
export interface UsersTable {
  id: Generated<number>;
  accountId: number;
  /** Lower-cased; unique across the installation. */
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  profile: string;
  status: string;
  /** scrypt$N$r$p$salt$hash; null until a password is set (signed in by link only). */
  passwordHash: string | null;
  createdAt: string;
  passwordChangedAt: string | null;
}

/** A console session: the SHA-256 of the cookie value; times in epoch ms (strings from PostgreSQL). */
export interface UserSessionsTable {
  tokenHash: string;
  userId: number;
  csrfToken: string;
  createdAt: number | string;
  lastSeenAt: number | string;
  expiresAt: number | string;
}

export interface UserSignInLinksTable {
  tokenHash: string;
  userId: number;
  expiresAt: number | string;
}

/** modules/platform: a sale document to submit to the e-invoicing platform (PA), once. */
export interface PlatformTransmissionsTable {
  id: Generated<number>;
  accountId: number;
  kind: 'Invoice' | 'Credit';
  documentId: number;
  trackingId: string;
  /** Pending (to submit or retry), Submitted (the PA took it: flowId), Failed (the PA refused it: lastError). */
  state: 'Pending' | 'Submitted' | 'Failed';
  attempts: Generated<number>;
  nextAttemptAt: number | string;
  lockedUntil: number | string | null;
  firstAttemptAt: number | string | null;
  flowId: string | null;
  submittedAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** modules/platform: one lifecycle status of a document (documentId null: matched to none, kept for review). */
export interface PlatformStatusesTable {
  id: Generated<number>;
  accountId: number;
  documentKind: 'Invoice' | 'Credit' | 'Purchase' | null;
  documentId: number | null;
  invoiceNumber: string;
  invoiceDate: string | null;
  sellerId: string | null;
  code: string;
  label: string | null;
  statusAt: string;
  emitter: 'Platform' | 'Buyer' | 'Seller' | 'Other';
  reasonCode: string | null;
  reason: string | null;
  receivedAt: string | null;
  /** JSON: the amounts collected per VAT rate of a 212. */
  amounts: string | null;
  messageId: string;
  flowId: string | null;
  unmatchedReason: string | null;
  dedupeKey: string;
  createdAt: string;
}

/** modules/platform: a flow read from the PA, once. */
export interface PlatformInboxTable {
  accountId: number;
  flowId: string;
  flowType: string | null;
  state: 'Applied' | 'Unmatched' | 'Malformed' | 'Received' | 'Refused' | 'Ignored';
  problem: string | null;
  purchaseId: number | null;
  /** JSON: what a received supplier invoice says of itself (number, date, type, seller, buyer). */
  facts: string | null;
  content: Buffer | null;
  createdAt: string;
}

/** modules/platform: a status Facturier sends as a CDAR flow (212 Encaissée, the buyer's answers). */
export interface PlatformOutgoingTable {
  id: Generated<number>;
  accountId: number;
  dedupeKey: string;
  trackingId: string;
  content: string;
  state: 'Pending' | 'Submitted' | 'Failed';
  attempts: Generated<number>;
  nextAttemptAt: number | string;
  lockedUntil: number | string | null;
  firstAttemptAt: number | string | null;
  flowId: string | null;
  lastError: string | null;
  createdAt: string;
}

export interface PlatformCursorsTable {
  accountId: number;
  updatedAfter: string | null;
  lockedUntil: number | string | null;
  polledAt: string | null;
  lastError: string | null;
}

export interface PlatformEventCursorTable {
  name: string;
  lastEventId: number;
}

/** modules/ereporting: one transmission of a Flux 10 report (sequence 0 the original, 1.. rectifying). */
export interface EreportingReportsTable {
  id: Generated<number>;
  accountId: number;
  periodId: string;
  kind: 'Sales' | 'Purchases' | 'Payments';
  periodStart: string;
  periodEnd: string;
  sequence: number;
  typeCode: 'IN' | 'RE';
  reportId: string;
  content: string;
  /** sha256 of what the report declares (its entries), without its header: the same content is never sent twice. */
  contentKey: string;
  /** JSON: what the report declares per VAT rate (modules/ereporting/model.ts DeclaredTotals). */
  totals: string;
  trackingId: string;
  /** Pending (to submit or retry), Submitted (the PA took it: flowId), Failed (the PA refused the request). */
  state: 'Pending' | 'Submitted' | 'Failed';
  /** The PA's acknowledgement of the flow: Pending, Ok or Error (null before submission). */
  ackStatus: 'Pending' | 'Ok' | 'Error' | null;
  ackMessage: string | null;
  attempts: Generated<number>;
  nextAttemptAt: number | string;
  lockedUntil: number | string | null;
  firstAttemptAt: number | string | null;
  flowId: string | null;
  submittedAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Database {
  ereportingReports: EreportingReportsTable;
  platformTransmissions: PlatformTransmissionsTable;
  platformStatuses: PlatformStatusesTable;
  platformInbox: PlatformInboxTable;
  platformOutgoing: PlatformOutgoingTable;
  platformCursors: PlatformCursorsTable;
  platformEventCursor: PlatformEventCursorTable;
  users: UsersTable;
  userSessions: UserSessionsTable;
  userSignInLinks: UserSignInLinksTable;
  authFailures: AuthFailuresTable;
  authGeneration: AuthGenerationTable;
  logoVersions: LogoVersionsTable;
  saleDocuments: SaleDocumentsTable;
  saleDocumentData: SaleDocumentDataTable;
  saleDocumentLines: SaleDocumentLinesTable;
  pendingUpgrades: PendingUpgradesTable;
  documentHeads: DocumentHeadsTable;
  auditEntries: AuditEntriesTable;
  documentSequences: DocumentSequencesTable;
  records: RecordsTable;
  counters: CountersTable;
  accounts: AccountsTable;
  apiKeys: ApiKeysTable;
  outbox: OutboxTable;
  productImages: ProductImagesTable;
  settings: SettingsTable;
  receipts: ReceiptsTable;
  receiptLinks: ReceiptLinksTable;
  documentFiles: DocumentFilesTable;
  purchaseInvoices: PurchaseInvoicesTable;
  webhooks: WebhooksTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookAttempts: WebhookAttemptsTable;
  emailMessages: EmailMessagesTable;
  idempotencyKeys: IdempotencyKeysTable;
  supplierPayments: SupplierPaymentsTable;
  supplierPaymentLinks: SupplierPaymentLinksTable;
  expenseReports: ExpenseReportsTable;
  expenseReportLines: ExpenseReportLinesTable;
  expenseFiles: ExpenseFilesTable;
  bankAccounts: BankAccountsTable;
  bankImports: BankImportsTable;
  bankTransactions: BankTransactionsTable;
  saleQuotes: SaleQuotesTable;
  invoiceReminders: InvoiceRemindersTable;
  recurringInvoices: RecurringInvoicesTable;
  recurringInvoiceRuns: RecurringInvoiceRunsTable;
}
