// The transactional outbox: a change and the event that describes it are written in the same
// transaction, so an event is never lost nor emitted for a change that rolled back. The outbox
// worker (jobs/runner.ts, modules/webhooks) hands each event to the webhooks that subscribe to it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export type EventType =
  | 'CustomerCreated'
  | 'CustomerUpdated'
  | 'CustomerDeleted'
  | 'ProductCreated'
  | 'ProductUpdated'
  | 'ProductDeleted'
  | 'ContactCreated'
  | 'ContactUpdated'
  | 'ContactDeleted'
  | 'ColleagueCreated'
  | 'ColleagueUpdated'
  | 'ColleagueDeleted'
  | 'SupplierCreated'
  | 'SupplierUpdated'
  | 'SupplierDeleted'
  | 'InvoiceCreated'
  | 'InvoiceUpdated'
  | 'InvoiceDeleted'
  | 'InvoiceFinalized'
  | 'InvoiceCancelled'
  | 'InvoicePaid'
  | 'CreditCreated'
  | 'CreditUpdated'
  | 'CreditDeleted'
  | 'CreditFinalized'
  | 'ReceiptCreated'
  | 'ReceiptUpdated'
  | 'ReceiptDeleted'
  | 'InvoiceSent'
  | 'CreditSent'
  | 'EmailSent'
  | 'EmailFailed'
  | 'PurchaseInvoiceCreated'
  | 'PurchaseInvoiceUpdated'
  | 'PurchaseInvoiceDeleted'
  | 'PurchaseInvoicePaid'
  | 'SupplierPaymentCreated'
  | 'SupplierPaymentUpdated'
  | 'SupplierPaymentDeleted'
  | 'ExpenseReportCreated'
  | 'ExpenseReportUpdated'
  | 'ExpenseReportDeleted'
  | 'ExpenseReportSubmitted'
  | 'ExpenseReportApproved'
  | 'ExpenseReportReimbursed'
  | 'BankAccountCreated'
  | 'BankAccountUpdated'
  | 'BankAccountDeleted'
  | 'BankStatementImported'
  | 'BankTransactionMatched'
  | 'BankTransactionUnmatched'
  | 'QuoteCreated'
  | 'QuoteUpdated'
  | 'QuoteDeleted'
  | 'BankTransactionCreated'
  | 'BankTransactionUpdated'
  | 'BankTransactionDeleted'
  | 'ExpenseReportReimbursementCancelled'
  | 'InvoiceEInvoicingStatusChanged'
  | 'CreditEInvoicingStatusChanged'
  | 'PurchaseInvoiceReceived'
  | 'PurchaseInvoiceEInvoicingStatusChanged'
  | 'InvoiceReminded'
  | 'RecurringInvoiceCreated'
  | 'RecurringInvoiceUpdated'
  | 'RecurringInvoiceDeleted'
  | 'RecurringInvoiceIssued'
  | 'RecurringInvoiceStopped';

/** The outbox row of an event, as emit writes it (for a use case that writes it with others). */
export function outboxRow(accountId: number, type: EventType, payload: unknown) {
  return { accountId, type, payload: JSON.stringify(payload), createdAt: new Date().toISOString(), deliveredAt: null };
}
export type OutboxRow = ReturnType<typeof outboxRow>;

export async function emit(db: Kysely<Database>, accountId: number, type: EventType, payload: unknown): Promise<void> {
  await db
    .insertInto('outbox')
    .values(outboxRow(accountId, type, payload))
    .execute();
}
