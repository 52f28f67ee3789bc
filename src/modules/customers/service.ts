// Customer and customer-family use cases: validation, derived fields, numbering (customers: the
// account's prefix), events.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { InvalidStateError, type FieldError } from '../../errors.js';
import { presentPlain, resourceService } from '../records/index.js';
import { store } from '../records/index.js';
import { getAccountSettings } from '../settings/index.js';
import { checkAddress, throwIfAny, toAddress } from '../../app/input/address.js';
import { toCompanyInfo } from '../../app/input/company.js';
import { clean, personName } from '../../app/input/text.js';
import type { CustomerFamilyInputT, CustomerFamilyT, CustomerInputT, CustomerT } from './schemas.js';

export const CUSTOMER: store.RecordKind = { kind: 'customer', label: 'Customer' };
export const CUSTOMER_FAMILY: store.RecordKind = { kind: 'customerFamily', label: 'Customer family' };

type Stored = Omit<CustomerT, 'id' | 'family'> & { familyId: number | null };

export function displayName(c: { companyName?: string | null; firstName?: string | null; lastName?: string | null }): string | null {
  return clean(c.companyName) ?? personName(c);
}

async function toStored(db: Kysely<Database>, accountId: number, input: CustomerInputT, number: string | null): Promise<Stored> {
  const errors: FieldError[] = [];
  checkAddress(input.billingAddress, 'billingAddress', errors);
  checkAddress(input.shippingAddress, 'shippingAddress', errors);
  const companyInformations = toCompanyInfo(input.companyInformations, errors);
  const name = displayName(input);
  if (!name) errors.push({ field: 'companyName', message: 'a customer needs a companyName, or a firstName or lastName' });
  let familyId: number | null = null;
  if (input.family?.id !== undefined) {
    if (!(await store.getRecord(db, CUSTOMER_FAMILY, accountId, input.family.id))) {
      errors.push({ field: 'family.id', message: `customer family ${input.family.id} does not exist` });
    } else familyId = input.family.id;
  }
  throwIfAny(errors);
  const options = input.billingOptions ?? {};
  return {
    active: input.active ?? true,
    billingAddress: toAddress(input.billingAddress),
    billingOptions: {
      allowed: options.allowed ?? null,
      bankAccountId: options.bankAccountId ?? null,
      buyerReference: clean(options.buyerReference),
      colleagueId: options.colleagueId ?? null,
      discount: options.discount ?? null,
      initialCommitmentAmount: options.initialCommitmentAmount ?? null,
      initialCommitmentDate: options.initialCommitmentDate ?? null,
      initialCommitmentStatus: options.initialCommitmentStatus ?? null,
      paymentMethod: options.paymentMethod ?? null,
      sendDocumentAsAttachment: options.sendDocumentAsAttachment ?? null,
      settlementTermId: options.settlementTermId ?? null,
      useTaxIncludedPrices: options.useTaxIncludedPrices ?? null,
      vatReverseCharge: options.vatReverseCharge ?? null,
      vendorReference: clean(options.vendorReference),
    },
    cellPhone: clean(input.cellPhone),
    companyInformations,
    companyName: clean(input.companyName),
    email: clean(input.email),
    familyId,
    firstName: clean(input.firstName),
    internalId: clean(input.internalId),
    internalNotes: input.internalNotes ?? null,
    lastName: clean(input.lastName),
    name,
    number,
    phone: clean(input.phone),
    shippingAddress: toAddress(input.shippingAddress),
    title: clean(input.title),
    type: input.type ?? (clean(input.companyName) ? 'Business' : 'Consumer'),
  };
}

function columns(c: Stored): store.RecordColumns {
  return {
    number: c.number,
    internalId: c.internalId,
    email: c.email,
    name: c.name,
    parentId: c.familyId,
    searchText: [
      c.name,
      c.companyName,
      c.firstName,
      c.lastName,
      c.email,
      c.number,
      c.internalId,
      c.phone,
      c.cellPhone,
      c.billingAddress?.city,
      c.billingAddress?.zipcode,
      c.billingAddress?.street,
      c.companyInformations.siret,
      c.companyInformations.vatNumber,
    ],
  };
}

async function present(db: Kysely<Database>, accountId: number, records: store.StoredRecord<Stored>[]): Promise<CustomerT[]> {
  const families = await store.getRecordsByIds<Omit<CustomerFamilyT, 'id'>>(
    db,
    CUSTOMER_FAMILY,
    accountId,
    records.map((r) => r.data.familyId).filter((id): id is number => id !== null),
  );
  return records.map(({ id, data: { familyId, ...rest } }) => {
    const family = familyId === null ? undefined : families.get(familyId);
    return { id, ...rest, family: family ? { id: family.id, ...family.data } : null };
  });
}

export const customers = resourceService<CustomerInputT, Stored, CustomerT>({
  kind: CUSTOMER,
  numberPrefix: async (db, accountId) => (await getAccountSettings(db, accountId)).numbering.customerPrefix,
  numberOf: (input) => input.number,
  toStored: (db, accountId, input, { number }) => toStored(db, accountId, input, number),
  columns,
  present,
  // present reads the customer and its family only.
  answerDependsOnlyOn: { parent: CUSTOMER_FAMILY },
  events: { created: 'CustomerCreated', updated: 'CustomerUpdated', deleted: 'CustomerDeleted' },
});

type StoredFamily = Omit<CustomerFamilyT, 'id'>;

export const customerFamilies = resourceService<CustomerFamilyInputT, StoredFamily, CustomerFamilyT>({
  kind: CUSTOMER_FAMILY,
  numberPrefix: 'FC',
  numberOf: (input) => input.number,
  async toStored(_db, _accountId, input, { number }) {
    const label = clean(input.label);
    if (!label) throwIfAny([{ field: 'label', message: 'must not be empty' }]);
    return { internalId: clean(input.internalId), label, number };
  },
  columns: (f) => ({ number: f.number, internalId: f.internalId, name: f.label, searchText: [f.label, f.number, f.internalId] }),
  present: presentPlain<StoredFamily>(),
  async beforeDelete(db, accountId, family) {
    const [user] = await store.findRecordsByParent(db, CUSTOMER, accountId, family.id, 1);
    if (user) throw new InvalidStateError(`Customer family ${family.id} is used by customer ${user.id}; move its customers first`);
  },
});
