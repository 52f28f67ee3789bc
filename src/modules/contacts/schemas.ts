// Wire schemas of contacts (reference: Contact, ThirdContact, ContactFields) plus our documented
// extension fields customerId, supplierId and isMain. displayName and invertedDisplayName are
// derived and read-only: they exist in the response schemas only.
import { Type, type Static } from '@sinclair/typebox';
import { ContactPerson, ContactPersonInput, Int32, Nullable, Opt } from '../../http/schemas.js';

export const ContactInput = Type.Object(
  {
    ...ContactPersonInput.properties,
    customerId: Opt(Int32),
    supplierId: Opt(Int32),
    isMain: Opt(Type.Boolean({ description: 'Extension: the main contact of its customer or supplier (at most one)' })),
  },
  { $id: 'ContactInput', additionalProperties: false, description: 'Contact to create or update' },
);
export type ContactInputT = Static<typeof ContactInput>;

/** The derived names are documented here, where they are read-only fields of a resource. */
const contactFields = {
  ...ContactPerson.properties,
  displayName: Nullable(Type.String({ description: 'First and last name, e.g. "Jean Dupont" (read-only)' })),
  invertedDisplayName: Nullable(Type.String({ description: 'Last name in capitals then first name, e.g. "DUPONT Jean" (read-only)' })),
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
