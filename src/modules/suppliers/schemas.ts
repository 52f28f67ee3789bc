// Wire schemas of suppliers (reference: Supplier, AddressFields, CompanyInfo, PaymentMethod).
// Read-only fields (id, derived address and e-invoicing fields, timestamps) exist only in the
// response schema; a request that sends them has them dropped.
import { Type, type Static } from '@sinclair/typebox';
import {
  AddressFields,
  AddressInput,
  CompanyInfo,
  CompanyInfoInput,
  Email,
  Nullable,
  Opt,
  PaymentMethod,
  Str,
} from '../../http/schemas.js';

export const SupplierInput = Type.Object(
  {
    address: Opt(AddressInput),
    cellPhone: Opt(Str(40)),
    companyInformations: Opt(CompanyInfoInput),
    defaultPaymentMethod: Opt(PaymentMethod),
    email: Opt(Email),
    firstName: Opt(Str(100)),
    internalId: Opt(Str(200)),
    internalNotes: Opt(Str(10_000)),
    lastName: Opt(Str(100)),
    name: Opt(Str(200, 'Company name')),
    number: Opt(Str(50)),
    phone: Opt(Str(40)),
    title: Opt(Str(20)),
  },
  { $id: 'SupplierInput', additionalProperties: false, description: 'Supplier to create or update' },
);
export type SupplierInputT = Static<typeof SupplierInput>;

export const Supplier = Type.Object(
  {
    id: Type.Integer({ description: 'Supplier ID', format: 'int32' }),
    address: Nullable(AddressFields),
    cellPhone: Nullable(Type.String()),
    companyInformations: CompanyInfo,
    createdAt: Nullable(Type.String({ format: 'date-time' })),
    createdById: Nullable(Type.String()),
    defaultPaymentMethod: PaymentMethod,
    email: Nullable(Type.String()),
    firstName: Nullable(Type.String()),
    internalId: Nullable(Type.String()),
    internalNotes: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    name: Nullable(Type.String({ description: 'Company name, or first and last name when none is given' })),
    number: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    title: Nullable(Type.String()),
    updatedAt: Nullable(Type.String({ format: 'date-time' })),
    updatedById: Nullable(Type.String()),
  },
  { $id: 'Supplier', additionalProperties: false, description: 'Supplier' },
);
export type SupplierT = Static<typeof Supplier>;
