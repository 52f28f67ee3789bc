// Colleague use cases: validation, the derived name, numbering (prefix "COL"), bounded metadata.
import { toNumber } from '../../domain/money.js';
import type { FieldError } from '../../errors.js';
import { presentPlain, resourceService } from '../records/index.js';
import type { store } from '../records/index.js';
import { throwIfAny } from '../../http/input/address.js';
import { clean, personName } from '../../http/input/text.js';
import type { ColleagueInputT, ColleagueT } from './schemas.js';

export const COLLEAGUE: store.RecordKind = { kind: 'colleague', label: 'Colleague' };

/** The serialized size limit of `metadatas`; the 50-key limit is in the schema. */
export const METADATA_MAX_BYTES = 16 * 1024;

type Stored = Omit<ColleagueT, 'id'>;

export function metadataProblem(metadatas: Record<string, unknown> | null | undefined): string | null {
  if (metadatas === null || metadatas === undefined) return null;
  const bytes = Buffer.byteLength(JSON.stringify(metadatas), 'utf8');
  return bytes > METADATA_MAX_BYTES ? `must be at most ${METADATA_MAX_BYTES} bytes serialized (got ${bytes})` : null;
}

function toStored(input: ColleagueInputT, number: string | null): Stored {
  const errors: FieldError[] = [];
  const name = personName(input);
  if (!name) errors.push({ field: 'lastName', message: 'a colleague needs a firstName or a lastName' });
  const metadataIssue = metadataProblem(input.metadatas);
  if (metadataIssue) errors.push({ field: 'metadatas', message: metadataIssue });
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
