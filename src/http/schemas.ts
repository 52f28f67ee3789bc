// Wire schemas shared by several resources (names, fields and casing of the reference API), and the
// registration of named schemas.
import type { FastifyInstance } from 'fastify';
import {
  Type,
  type SchemaOptions,
  type TLiteral,
  type Static,
  type TNull,
  type TOptional,
  type TProperties,
  type TSchema,
  type TUnion,
} from '@sinclair/typebox';
import { compactSchema } from './serialization.js';

/** One of the given strings; the static type is their union ('Draft' | 'Paid' …), not string. */
export function Literals<const T extends readonly string[]>(values: T, options: SchemaOptions = {}): TUnion<TLiteral<T[number]>[]> {
  return Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );
}

/** Customer kind; the WooCommerce plugin sends `company` and `individual`, read as Business and Consumer. */
export const CustomerType = Literals(['Business', 'Consumer', 'Government'], {
  description: 'Customer type',
  'x-aliases': { company: 'Business', individual: 'Consumer' },
});

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Optional and nullable: a request may omit the field or send null. */
export const Opt = <T extends TSchema>(schema: T) => Type.Optional(Nullable(schema));

/** Every field optional and nullable (request bodies). */
export function optionalFields<F extends TProperties>(fields: F): { [K in keyof F]: TOptional<TUnion<[F[K], TNull]>> } {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Opt(v)])) as { [K in keyof F]: TOptional<TUnion<[F[K], TNull]>> };
}

/** Every field present and nullable (responses). */
export function nullableFields<F extends TProperties>(fields: F): { [K in keyof F]: TUnion<[F[K], TNull]> } {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Nullable(v)])) as { [K in keyof F]: TUnion<[F[K], TNull]> };
}

export const Str = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description ? { description } : {}) });

export const Int32 = Type.Integer({ minimum: -2147483648, maximum: 2147483647, format: 'int32' });

export const IdParams = Type.Object({ id: Int32 });
export type IdParamsT = Static<typeof IdParams>;

/** Serialized size limit of metadata (docs/limits.md). */
export const METADATA_MAX_BYTES = 16 * 1024;

/** Metadata: a JSON object of at most 50 keys and 16 KB serialized, round-tripped as given. */
export const Metadata = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), {
  maxProperties: 50,
  'x-maxJsonBytes': METADATA_MAX_BYTES,
  description: 'Free key/value data of your own (at most 50 keys, 16 KB serialized as JSON)',
});

export const DiscountType = Type.Union([Type.Literal('Percent'), Type.Literal('Fixed')], { $id: 'DiscountType' });

export const Discount = Type.Object(
  {
    type: Type.Optional(Type.Union([Type.Literal('Percent'), Type.Literal('Fixed')])),
    value: Type.Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
  },
  { additionalProperties: false, description: 'Discount' },
);
export type DiscountT = Static<typeof Discount>;

export const AddressInput = Type.Object(
  {
    street: Opt(Str(500)),
    zipcode: Opt(Str(20)),
    city: Opt(Str(100)),
    countryIso: Opt(Type.String({ maxLength: 2, description: 'ISO 3166-1 alpha-2 country code' })),
  },
  { additionalProperties: false },
);
export type AddressInputT = Static<typeof AddressInput>;

export const AddressFields = Type.Object(
  {
    street: Nullable(Type.String()),
    zipcode: Nullable(Type.String()),
    city: Nullable(Type.String()),
    countryIso: Nullable(Type.String()),
    countryName: Nullable(Type.String()),
    formattedAddress: Nullable(Type.String()),
    inlineAddress: Nullable(Type.String()),
  },
  { additionalProperties: false },
);
export type AddressFieldsT = Static<typeof AddressFields>;

export const Email = Type.String({ maxLength: 254, format: 'email' });

/** A contact person as a request gives it (reference: ContactFields); sale documents embed it without internalId. */
export const ContactPersonInput = Type.Object(
  {
    cellPhone: Opt(Str(40)),
    companyName: Opt(Str(200)),
    email: Opt(Email),
    firstName: Opt(Str(100)),
    function: Opt(Str(100)),
    internalId: Opt(Str(200)),
    lastName: Opt(Str(100)),
    phone: Opt(Str(40)),
    service: Opt(Str(100)),
    title: Opt(Str(20)),
  },
  { additionalProperties: false },
);

/** A contact person as a response gives it; displayName and invertedDisplayName are derived. */
export const ContactPerson = Type.Object(
  {
    cellPhone: Nullable(Type.String()),
    companyName: Nullable(Type.String()),
    displayName: Nullable(Type.String()),
    email: Nullable(Type.String()),
    firstName: Nullable(Type.String()),
    function: Nullable(Type.String()),
    internalId: Nullable(Type.String()),
    invertedDisplayName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    service: Nullable(Type.String()),
    title: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

export const PaymentMethod = Type.Union(
  ['Transfer', 'Order', 'Check', 'Cash', 'Card', 'Bill', 'Usec', 'Other'].map((v) => Type.Literal(v)),
);

/** A company's identifiers (reference: CompanyInfo), on customers and suppliers. */
export const CompanyInfoInput = Type.Object(
  {
    siret: Opt(Str(20, 'SIRET (14 digits) or SIREN (9 digits)')),
    vatNumber: Opt(Str(20, 'Intra-community VAT number')),
    electronicAddress: Opt(Str(200, 'E-invoicing electronic address (BT-49), e.g. the SIREN')),
  },
  { additionalProperties: false },
);
export type CompanyInfoInputT = Static<typeof CompanyInfoInput>;
export const CompanyInfo = Type.Object(
  {
    siret: Nullable(Type.String()),
    vatNumber: Nullable(Type.String()),
    electronicAddress: Nullable(Type.String()),
    effectiveElectronicAddress: Nullable(Type.String({ description: 'electronicAddress, or the SIREN when absent' })),
  },
  { additionalProperties: false },
);
export type CompanyInfoT = Static<typeof CompanyInfo>;

export const FindQuery = Type.Object({
  email: Type.Optional(Str(254)),
  internalId: Type.Optional(Str(200)),
  number: Type.Optional(Str(100)),
});
export type FindQueryT = Static<typeof FindQuery>;

export const InternalIdParams = Type.Object({ internalId: Str(200) });

/** Responses of the error kinds the spec names, for the OpenAPI document. */
export const ErrorBody = Type.Object(
  {
    message: Nullable(Type.String({ description: 'Error message' })),
    errors: Nullable(Type.Array(Type.String(), { description: 'List of error messages' })),
  },
  { $id: 'Error', description: 'Error' },
);
export const ProblemDetails = Type.Object(
  {
    type: Nullable(Type.String()),
    title: Nullable(Type.String()),
    status: Nullable(Type.Integer()),
    detail: Nullable(Type.String()),
    instance: Nullable(Type.String()),
  },
  { $id: 'ProblemDetails', additionalProperties: true },
);

/** The error bodies every route refers to by name (`Error#`, `ProblemDetails#`). */
export function registerSharedSchemas(app: FastifyInstance): void {
  ensureSchema(app, ErrorBody);
  ensureSchema(app, ProblemDetails);
}

/** Adds a named schema once, however many routes use it. */
export function ensureSchema(app: FastifyInstance, schema: TSchema): void {
  if (schema.$id && !app.getSchema(schema.$id)) app.addSchema(compactSchema(schema));
}

/** A 200 answer without a body (deletions): `null` in the OpenAPI document, nothing on the wire. */
export const NoBody = Type.Unsafe<undefined>({ type: 'null', description: 'Deleted (no body)' });
