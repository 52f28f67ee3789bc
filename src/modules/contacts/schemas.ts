// Wire schemas of contacts (reference: Contact, ThirdContact, ContactFields) plus our documented
// extension fields customerId, supplierId and isMain. displayName and invertedDisplayName are
// derived and read-only: they exist in the response schemas only.
import { Type, type Static } from '@sinclair/typebox';
import { Int32, Nullable, Opt, Str } from '../shared/schemas.js';

export const ContactInput = Type.Object(
  {
    cellPhone: Opt(Str(40)),
    companyName: Opt(Str(200)),
    email: Opt(Type.String({ maxLength: 254, format: 'email' })),
    firstName: Opt(Str(100)),
    function: Opt(Str(100)),
    internalId: Opt(Str(200)),
    lastName: Opt(Str(100)),
    phone: Opt(Str(40)),
    service: Opt(Str(100)),
    title: Opt(Str(20)),
    customerId: Opt(Int32),
    supplierId: Opt(Int32),
    isMain: Opt(Type.Boolean({ description: 'Extension: the main contact of its customer or supplier (at most one)' })),
  },
  { $id: 'ContactInput', additionalProperties: false, description: 'Contact to create or update' },
);
export type ContactInputT = Static<typeof ContactInput>;

const contactFields = {
  cellPhone: Nullable(Type.String()),
  companyName: Nullable(Type.String()),
  displayName: Nullable(Type.String({ description: 'First and last name, e.g. "Jean Dupont" (read-only)' })),
  email: Nullable(Type.String()),
  firstName: Nullable(Type.String()),
  function: Nullable(Type.String()),
  internalId: Nullable(Type.String()),
  invertedDisplayName: Nullable(Type.String({ description: 'Last name in capitals then first name, e.g. "DUPONT Jean" (read-only)' })),
  lastName: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  service: Nullable(Type.String()),
  title: Nullable(Type.String()),
};

export const Contact = Type.Object(
  {
    id: Type.Integer({ description: 'Contact ID', format: 'int32' }),
    ...contactFields,
    customerId: Nullable(Type.Integer({ format: 'int32', description: 'Extension: owning customer' })),
    supplierId: Nullable(Type.Integer({ format: 'int32', description: 'Extension: owning supplier' })),
    isMain: Type.Boolean({ description: 'Extension: the main contact of its customer or supplier' }),
  },
  { $id: 'Contact', additionalProperties: false, description: 'Contact' },
);
export type ContactT = Static<typeof Contact>;

export const ThirdContact = Type.Object(
  {
    id: Type.Integer({ description: 'Contact ID', format: 'int32' }),
    ...contactFields,
    isMain: Type.Boolean({ description: 'Indicates if the contact is the main third contact' }),
  },
  { $id: 'ThirdContact', additionalProperties: false, description: 'Third contact' },
);
export type ThirdContactT = Static<typeof ThirdContact>;
