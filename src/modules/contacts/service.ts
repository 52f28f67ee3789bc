// Contact use cases: validation, derived display names, the customer/supplier a contact belongs
// to, and the main-contact rule (at most one per customer or supplier), each write in one
// transaction with its events.
import type { Kysely } from 'kysely';
import { isSqlite } from '../../db/connection.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { NotFoundError, type FieldError } from '../../errors.js';
import { emit } from '../../jobs/outbox.js';
import { CUSTOMER } from '../customers/index.js';
import { resourceService } from '../records/index.js';
import { store } from '../records/index.js';
import { throwIfAny } from '../../app/input/address.js';
import { clean, personName } from '../../app/input/text.js';
import { SUPPLIER } from '../suppliers/index.js';
import type { ContactInputT, ContactT, ThirdContactT } from './schemas.js';

export const CONTACT: store.RecordKind = { kind: 'contact', label: 'Contact' };

type Stored = Omit<ContactT, 'id'>;
type Owner = 'customer' | 'supplier';
const OWNER_KIND: Record<Owner, store.RecordKind> = { customer: CUSTOMER, supplier: SUPPLIER };

type Names = { firstName?: string | null; lastName?: string | null; companyName?: string | null };

/** "Jean Dupont"; the company name when the contact has no name. */
export function contactDisplayName(c: Names): string | null {
  return personName(c) ?? clean(c.companyName);
}

/** "DUPONT Jean", as French directories sort people; the company name when the contact has no name. */
export function contactInvertedDisplayName(c: Names): string | null {
  return [clean(c.lastName)?.toLocaleUpperCase('fr-FR'), clean(c.firstName)].filter(Boolean).join(' ') || clean(c.companyName);
}

/** The record id of the customer or supplier a contact belongs to (record ids are unique across kinds). */
const ownerId = (c: Pick<Stored, 'customerId' | 'supplierId'>): number | null => c.customerId ?? c.supplierId ?? null;

async function ownerExists(db: Kysely<Database>, owner: Owner, accountId: number, id: number, lock: boolean): Promise<boolean> {
  let q = db
    .selectFrom('records')
    .select('id')
    .where('accountId', '=', accountId)
    .where('kind', '=', OWNER_KIND[owner].kind)
    .where('id', '=', id);
  // Serialises concurrent "make main" requests on one owner (SQLite writes are serial anyway).
  if (lock && !isSqlite(db)) q = q.forUpdate();
  return Boolean(await q.executeTakeFirst());
}

/**
 * Extension fields a client of the reference API does not know: omitted (undefined) keeps the
 * previous value, so that such a client's PUT does not detach the contact; null clears.
 */
function kept<T>(given: T | null | undefined, previous: T | null | undefined): T | null {
  return given === undefined ? (previous ?? null) : given;
}

async function toStored(
  db: Kysely<Database>,
  accountId: number,
  input: ContactInputT,
  previous: Stored | null,
  patch?: ContactInputT,
): Promise<Stored> {
  const errors: FieldError[] = [];
  const customerId = kept(input.customerId, previous?.customerId);
  const supplierId = kept(input.supplierId, previous?.supplierId);
  const owner = customerId ?? supplierId;
  // A main contact stays main while it stays with the same owner, unless told otherwise.
  const told = (patch ?? input).isMain;
  const isMain =
    told !== undefined && told !== null ? told : told === undefined && previous !== null && previous.isMain && ownerId(previous) === owner;

  if (customerId !== null && supplierId !== null) {
    errors.push({ field: 'supplierId', message: 'a contact belongs to a customer or to a supplier, not both' });
  }
  const stillMain = isMain && previous?.isMain === true && previous !== null && ownerId(previous) === owner;
  if (customerId !== null && !(await ownerExists(db, 'customer', accountId, customerId, isMain && !stillMain))) {
    errors.push({ field: 'customerId', message: `customer ${customerId} does not exist` });
  }
  if (supplierId !== null && !(await ownerExists(db, 'supplier', accountId, supplierId, isMain && !stillMain))) {
    errors.push({ field: 'supplierId', message: `supplier ${supplierId} does not exist` });
  }
  if (isMain && owner === null) {
    errors.push({ field: 'isMain', message: 'only a contact of a customer or a supplier can be its main contact' });
  }
  if (!contactDisplayName(input) && !clean(input.email)) {
    errors.push({ field: 'lastName', message: 'a contact needs a firstName, lastName, companyName or email' });
  }
  throwIfAny(errors);

  // The one main contact per owner: the others are demoted in this same transaction.
  if (isMain && owner !== null && !stillMain) await demoteMainContacts(db, accountId, owner);
  return {
    cellPhone: clean(input.cellPhone),
    companyName: clean(input.companyName),
    displayName: contactDisplayName(input),
    email: clean(input.email),
    firstName: clean(input.firstName),
    function: clean(input.function),
    internalId: clean(input.internalId),
    invertedDisplayName: contactInvertedDisplayName(input),
    lastName: clean(input.lastName),
    phone: clean(input.phone),
    service: clean(input.service),
    title: clean(input.title),
    customerId,
    supplierId,
    isMain,
  };
}

function columns(c: Stored): store.RecordColumns {
  return {
    internalId: c.internalId,
    email: c.email,
    // Sorting by name sorts by last name.
    name: c.invertedDisplayName,
    parentId: ownerId(c),
    searchText: [c.firstName, c.lastName, c.companyName, c.email, c.internalId, c.phone, c.cellPhone, c.function, c.service],
  };
}

/** Owners deleted after their contacts were attached read as no owner. */
async function present(db: Kysely<Database>, accountId: number, records: store.StoredRecord<Stored>[]): Promise<ContactT[]> {
  const ids = (key: 'customerId' | 'supplierId') => records.map((r) => r.data[key]).filter((id): id is number => id !== null);
  const [customers, suppliers] = await Promise.all([
    store.getRecordsByIds(db, CUSTOMER, accountId, ids('customerId')),
    store.getRecordsByIds(db, SUPPLIER, accountId, ids('supplierId')),
  ]);
  return records.map(({ id, data }) => {
    const customerId = data.customerId !== null && customers.has(data.customerId) ? data.customerId : null;
    const supplierId = data.supplierId !== null && suppliers.has(data.supplierId) ? data.supplierId : null;
    return { id, ...data, customerId, supplierId, isMain: data.isMain && (customerId ?? supplierId) !== null };
  });
}

async function demoteMainContacts(db: Kysely<Database>, accountId: number, owner: number): Promise<void> {
  const mains = (await store.findRecordsByParent<Stored>(db, CONTACT, accountId, owner, 1000)).filter((r) => r.data.isMain);
  for (const main of mains) {
    const data = { ...main.data, isMain: false };
    const saved = await store.updateRecord(db, CONTACT, accountId, main.id, data, columns(data));
    await emit(db, accountId, 'ContactUpdated', (await present(db, accountId, [saved!]))[0]);
  }
}

export const contacts = resourceService<ContactInputT, Stored, ContactT>({
  kind: CONTACT,
  toStored: (db, accountId, input, { previous, patch }) => toStored(db, accountId, input, previous, patch),
  columns,
  present,
  events: { created: 'ContactCreated', updated: 'ContactUpdated', deleted: 'ContactDeleted' },
});

const OWNER_LABEL: Record<Owner, string> = { customer: 'Customer', supplier: 'Supplier' };

/** The contacts of a customer or supplier, main contact first, then by last name. */
export async function contactsOf(db: Db, accountId: number, owner: Owner, id: number): Promise<ThirdContactT[]> {
  if (!(await ownerExists(db.kysely, owner, accountId, id, false))) throw new NotFoundError(OWNER_LABEL[owner], id);
  const records = await store.findRecordsByParent<Stored>(db.kysely, CONTACT, accountId, id, 1000);
  const presented = await present(db.kysely, accountId, records);
  return presented
    .sort(
      (a, b) =>
        Number(b.isMain) - Number(a.isMain) ||
        (a.invertedDisplayName ?? '').localeCompare(b.invertedDisplayName ?? '', 'fr') ||
        a.id - b.id,
    )
    .map(({ customerId: _c, supplierId: _s, ...third }) => third);
}
