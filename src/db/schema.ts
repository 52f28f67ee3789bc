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
  sentAt: string | null;
  finalizedAt: string | null;
  cancellationCreditId: number | null;
  cancelledInvoiceId: number | null;
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
}

export interface LogoVersionsTable {
  token: string;
  accountId: number;
  contentType: string;
  content: Buffer;
  createdAt: string;
}

/** Failed authentications per (address, key prefix) bucket, in fixed windows (PostgreSQL only). */
export interface AuthFailuresTable {
  bucket: string;
  /** Epoch milliseconds; a string from PostgreSQL (bigint). */
  windowStart: number | string;
  failures: number;
}

export interface Database {
  authFailures: AuthFailuresTable;
  logoVersions: LogoVersionsTable;
  saleDocuments: SaleDocumentsTable;
  saleDocumentData: SaleDocumentDataTable;
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
}
