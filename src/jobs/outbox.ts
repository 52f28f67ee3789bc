// The transactional outbox: a change and the event that describes it are written in the same
// transaction, so an event is never lost nor emitted for a change that rolled back. Delivery
// (webhooks, e-mails) reads this table in a later stage.
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
  | 'ReceiptDeleted';

export async function emit(db: Kysely<Database>, accountId: number, type: EventType, payload: unknown): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ accountId, type, payload: JSON.stringify(payload), createdAt: new Date().toISOString(), deliveredAt: null })
    .execute();
}
