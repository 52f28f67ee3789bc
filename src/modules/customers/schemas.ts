// Wire schemas of customers and customer families (reference: Customer, CustomerFamily,
// BillingOptions, CompanyInfo). Read-only fields exist only in the response schemas.
import { Type, type Static } from '@sinclair/typebox';
import {
  AddressFields,
  AddressInput,
  CompanyInfo,
  CompanyInfoInput,
  Discount,
  Email,
  Int32,
  Nullable,
  nullableFields,
  optionalFields,
  Opt,
  PaymentMethod,
  Str,
  Literals,
  CustomerType,
} from '../../http/schemas.js';

export const CommitmentStatus = Literals(['Unpaid', 'Paid', 'PartiallyPaid', 'Balanced']);

export const CustomerFamily = Type.Object(
  {
    id: Type.Integer({ description: 'ID' }),
    internalId: Nullable(Type.String({ description: 'Internal ID' })),
    label: Nullable(Type.String({ description: 'Label' })),
    number: Nullable(Type.String({ description: 'Number' })),
  },
  { $id: 'CustomerFamily', additionalProperties: false, description: 'Customer family' },
);
export type CustomerFamilyT = Static<typeof CustomerFamily>;

export const CustomerFamilyInput = Type.Object(
  {
    internalId: Opt(Str(200)),
    label: Str(200),
    number: Opt(Str(50)),
  },
  { additionalProperties: false },
);
export type CustomerFamilyInputT = Static<typeof CustomerFamilyInput>;

const billingOptionFields = {
  allowed: Type.Boolean(),
  bankAccountId: Int32,
  buyerReference: Str(100),
  colleagueId: Int32,
  discount: Discount,
  initialCommitmentAmount: Type.Number({ minimum: -1e11, maximum: 1e11 }),
  initialCommitmentDate: Type.String({ format: 'date' }),
  initialCommitmentStatus: CommitmentStatus,
  paymentMethod: PaymentMethod,
  sendDocumentAsAttachment: Type.Boolean(),
  settlementTermId: Int32,
  useTaxIncludedPrices: Type.Boolean(),
  vatReverseCharge: Type.Boolean(),
  vendorReference: Str(100),
};
export const BillingOptionsInput = Type.Object(optionalFields(billingOptionFields), { additionalProperties: false });
export type BillingOptionsT = Static<typeof BillingOptionsInput>;
export const BillingOptions = Type.Object(nullableFields(billingOptionFields), {
  additionalProperties: false,
  description: 'Billing options',
});

export const CustomerInput = Type.Object(
  {
    active: Type.Optional(Type.Boolean()),
    billingAddress: Opt(AddressInput),
    billingOptions: Opt(BillingOptionsInput),
    cellPhone: Opt(Str(40)),
    companyInformations: Opt(CompanyInfoInput),
    companyName: Opt(Str(200)),
    email: Opt(Email),
    family: Opt(Type.Object({ id: Int32 }, { additionalProperties: true })),
    firstName: Opt(Str(100)),
    internalId: Opt(Str(200)),
    internalNotes: Opt(Str(10_000)),
    lastName: Opt(Str(100)),
    number: Opt(Str(50)),
    phone: Opt(Str(40)),
    shippingAddress: Opt(AddressInput),
    title: Opt(Str(20)),
    type: Opt(CustomerType),
  },
  { $id: 'CustomerCreate', additionalProperties: false, description: 'Customer to create or update' },
);
export type CustomerInputT = Static<typeof CustomerInput>;

export const Customer = Type.Object(
  {
    id: Type.Integer({ description: 'Customer ID' }),
    active: Type.Boolean(),
    billingAddress: Nullable(AddressFields),
    billingOptions: BillingOptions,
    cellPhone: Nullable(Type.String()),
    companyInformations: CompanyInfo,
    companyName: Nullable(Type.String()),
    email: Nullable(Type.String()),
    family: Nullable(Type.Ref(CustomerFamily)),
    firstName: Nullable(Type.String()),
    internalId: Nullable(Type.String()),
    internalNotes: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    name: Nullable(Type.String({ description: 'Company name, or first and last name' })),
    number: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    shippingAddress: Nullable(AddressFields),
    title: Nullable(Type.String()),
    type: CustomerType,
  },
  { $id: 'Customer', additionalProperties: false, description: 'Customer' },
);
export type CustomerT = Static<typeof Customer>;
