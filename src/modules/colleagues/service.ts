// Colleague use cases: validation, the derived name, numbering (prefix "COL"). The bounds of
// metadatas (50 keys, 16 KB serialized) are in the shared Metadata schema.
import { toNumber } from '../../domain/money.js';
import type { FieldError } from '../../errors.js';
import { presentPlain, resourceService } from '../records/index.js';
import type { store } from '../records/index.js';
import { throwIfAny } from '../../app/input/address.js';
import { clean, personName } from '../../app/input/text.js';
import type { ColleagueInputT, ColleagueT } from './schemas.js';

export const COLLEAGUE: store.RecordKind = { kind: 'colleague', label: 'Colleague' };

type Stored = Omit<ColleagueT, 'id'>;

function toStored(input: ColleagueInputT, number: string | null): Stored {
  const errors: FieldError[] = [];
  const name = personName(input);
  if (!name) errors.push({ field: 'lastName', message: 'a colleague needs a firstName or a lastName' });
  throwIfAny(errors);
  return {
    cellPhone: clean(input.cellPhone),
    email: clean(input.email),
    firstName: clean(input.firstName),
    homecareServiceNumber: clean(input.homecareServiceNumber),
    initialPartnerBalance: toNumber(input.initialPartnerBalance ?? 0),
    internalId: clean(input.internalId),
    isPartner: input.isPartner ?? false,
    lastName: clean(input.lastName),
    metadatas: input.metadatas ?? null,
    name,
    number,
    phone: clean(input.phone),
    title: clean(input.title),
    userId: clean(input.userId),
  };
}

export const colleagues = resourceService<ColleagueInputT, Stored, ColleagueT>({
  kind: COLLEAGUE,
  numberPrefix: 'COL',
  numberOf: (input) => input.number,
  toStored: async (_db, _accountId, input, { number }) => toStored(input, number),
  columns: (c) => ({
    number: c.number,
    internalId: c.internalId,
    email: c.email,
    name: c.name,
    searchText: [c.name, c.email, c.number, c.internalId, c.phone, c.cellPhone, c.homecareServiceNumber],
  }),
  present: presentPlain<Stored>(),
  events: { created: 'ColleagueCreated', updated: 'ColleagueUpdated', deleted: 'ColleagueDeleted' },
});
