// Supplier use cases: validation (address, SIRET/SIREN, VAT number), numbering (the account's prefix),
// events, and the identity match purchase invoices use to recognise an incoming supplier.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { normalizeIdentifier } from '../../domain/identifiers.js';
import { searchTokens } from '../../domain/text.js';
import type { FieldError } from '../../errors.js';
import { resourceService } from '../records/index.js';
import { store } from '../records/index.js';
import { getAccountSettings } from '../settings/index.js';
import { checkAddress, throwIfAny, toAddress } from '../../app/input/address.js';
import { toCompanyInfo } from '../../app/input/company.js';
import { clean, personName } from '../../app/input/text.js';
import type { SupplierInputT, SupplierT } from './schemas.js';

export const SUPPLIER: store.RecordKind = { kind: 'supplier', label: 'Supplier' };

/** Stored without the id and the record timestamps, which come from the record itself. */
type Stored = Omit<SupplierT, 'id' | 'createdAt' | 'updatedAt'>;

function toStored(input: SupplierInputT, number: string | null, previous: Stored | null): Stored {
  const errors: FieldError[] = [];
  checkAddress(input.address, 'address', errors);
  const companyInformations = toCompanyInfo(input.companyInformations, errors);
  const name = clean(input.name) ?? personName(input);
  if (!name) errors.push({ field: 'name', message: 'a supplier needs a name, or a firstName or lastName' });
  throwIfAny(errors);
  return {
    address: toAddress(input.address),
    cellPhone: clean(input.cellPhone),
    companyInformations,
    // No user accounts yet: API writes are attributed to nobody.
    createdById: previous?.createdById ?? null,
    defaultPaymentMethod: input.defaultPaymentMethod ?? 'Transfer',
    email: clean(input.email),
    firstName: clean(input.firstName),
    internalId: clean(input.internalId),
    internalNotes: input.internalNotes ?? null,
    lastName: clean(input.lastName),
    name,
    number,
    phone: clean(input.phone),
    title: clean(input.title),
    updatedById: null,
  };
}

function columns(s: Stored): store.RecordColumns {
  return {
    number: s.number,
    internalId: s.internalId,
    email: s.email,
    name: s.name,
    searchText: [
      s.name,
      s.firstName,
      s.lastName,
      s.email,
      s.number,
      s.internalId,
      s.phone,
      s.cellPhone,
      s.address?.city,
      s.address?.zipcode,
      s.address?.street,
      s.companyInformations.siret,
      s.companyInformations.vatNumber,
      // So that a SIREN finds a supplier known only by its French VAT number.
      sirenOf(s.companyInformations.vatNumber),
    ],
  };
}

function presentOne({ id, data, createdAt, updatedAt }: store.StoredRecord<Stored>): SupplierT {
  return { id, ...data, createdAt, updatedAt };
}

export const suppliers = resourceService<SupplierInputT, Stored, SupplierT>({
  kind: SUPPLIER,
  numberPrefix: async (db, accountId) => (await getAccountSettings(db, accountId)).numbering.supplierPrefix,
  numberOf: (input) => input.number,
  toStored: async (_db, _accountId, input, { number, previous }) => toStored(input, number, previous),
  columns,
  present: async (_db, _accountId, records) => records.map(presentOne),
  events: { created: 'SupplierCreated', updated: 'SupplierUpdated', deleted: 'SupplierDeleted' },
});

export interface SupplierIdentity {
  /** SIREN (9 digits) or SIRET (14 digits: its first 9 digits are used). */
  siren?: string | null;
  vatNumber?: string | null;
  name?: string | null;
}

/** The SIREN behind a SIREN, a SIRET or a French VAT number, else null. */
function sirenOf(identifier: string | null | undefined): string | null {
  const value = identifier ? normalizeIdentifier(identifier) : '';
  if (/^\d{9}$/.test(value) || /^\d{14}$/.test(value)) return value.slice(0, 9);
  const french = /^FR[0-9A-Z]{2}(\d{9})$/.exec(value);
  return french ? french[1] : null;
}

function comparableName(name: string | null | undefined): string {
  return name ? searchTokens(name).join(' ') : '';
}

async function candidates(db: Kysely<Database>, accountId: number, query: string) {
  const { items } = await store.listRecords<Stored>(db, SUPPLIER, accountId, {
    page: { index: 1, size: 100, offset: 0 },
    order: [{ column: 'id', direction: 'asc' }],
    query,
  });
  return items;
}

/**
 * The supplier of the account an incoming document (e.g. a purchase invoice) designates, or null.
 * Tried in order, first hit wins: same SIREN (from the SIREN/SIRET given, or from a French VAT
 * number), same VAT number, same name (case-, accent- and spacing-insensitive). When several
 * suppliers match one criterion, the oldest wins.
 */
export async function findSupplierByIdentity(
  db: Kysely<Database>,
  accountId: number,
  identity: SupplierIdentity,
): Promise<SupplierT | null> {
  const vat = identity.vatNumber ? normalizeIdentifier(identity.vatNumber) : null;
  const siren = sirenOf(identity.siren) ?? sirenOf(vat);
  if (siren) {
    const hit = (await candidates(db, accountId, siren)).find(
      (r) => sirenOf(r.data.companyInformations.siret) === siren || sirenOf(r.data.companyInformations.vatNumber) === siren,
    );
    if (hit) return presentOne(hit);
  }
  if (vat) {
    const hit = (await candidates(db, accountId, vat)).find((r) => r.data.companyInformations.vatNumber === vat);
    if (hit) return presentOne(hit);
  }
  const name = comparableName(identity.name);
  if (name) {
    const hit = (await candidates(db, accountId, name)).find((r) => comparableName(r.data.name) === name);
    if (hit) return presentOne(hit);
  }
  return null;
}

/** Suppliers of the account by id, as the API presents them (lists of purchase invoices and payments). */
export async function getSuppliersByIds(db: Kysely<Database>, accountId: number, ids: number[]): Promise<Map<number, SupplierT>> {
  const records = await store.getRecordsByIds<Stored>(db, SUPPLIER, accountId, ids);
  return new Map([...records].map(([id, record]) => [id, presentOne(record)]));
}
