// Wire schemas of colleagues (reference: Colleague). `name` is derived and read-only: it exists
// in the response schema only, and a request that sends it has it dropped.
import { Type, type Static } from '@sinclair/typebox';
import { Email, Metadata, Nullable, Opt, Str } from '../../http/schemas.js';

export const ColleagueInput = Type.Object(
  {
    cellPhone: Opt(Str(40)),
    email: Opt(Email),
    firstName: Opt(Str(100)),
    homecareServiceNumber: Opt(Str(50, 'Homecare service number associated with the colleague')),
    initialPartnerBalance: Opt(Type.Number({ minimum: -1e11, maximum: 1e11, description: 'Initial balance for the partner' })),
    internalId: Opt(Str(200)),
    isPartner: Opt(Type.Boolean({ description: 'Indicates if the colleague is a partner' })),
    lastName: Opt(Str(100)),
    metadatas: Opt(Metadata),
    number: Opt(Str(50)),
    phone: Opt(Str(40)),
    title: Opt(Str(20)),
    userId: Opt(Str(100, 'User identifier associated with the colleague')),
  },
  { $id: 'ColleagueInput', additionalProperties: false, description: 'Colleague to create or update' },
);
export type ColleagueInputT = Static<typeof ColleagueInput>;

export const Colleague = Type.Object(
  {
    id: Type.Integer({ description: 'Colleague Id', format: 'int32' }),
    cellPhone: Nullable(Type.String()),
    email: Nullable(Type.String()),
    firstName: Nullable(Type.String()),
    homecareServiceNumber: Nullable(Type.String()),
    initialPartnerBalance: Type.Number({ format: 'double' }),
    internalId: Nullable(Type.String()),
    isPartner: Type.Boolean(),
    lastName: Nullable(Type.String()),
    metadatas: Nullable(Type.Record(Type.String(), Type.Unknown())),
    name: Nullable(Type.String({ description: 'First and last name (read-only, derived)' })),
    number: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    title: Nullable(Type.String()),
    userId: Nullable(Type.String()),
  },
  { $id: 'Colleague', additionalProperties: false, description: 'Colleague' },
);
export type ColleagueT = Static<typeof Colleague>;
