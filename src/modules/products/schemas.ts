// Wire schemas of products and product families (reference: Product, ProductFamily, ProductType).
// Vat, Unit and Classification are the reference lists' records, embedded whole in responses and
// chosen by id (or VAT rate, unit code) in requests. `classification` is our addition.
import { Type, type Static } from '@sinclair/typebox';
import { Classification, Unit, Vat, VatRegion } from '../reference/index.js';
import { Int32, Nullable, Opt, Str } from '../../http/schemas.js';

/** Prices: at most 4 decimals, within ±1 000 000 000 (docs/master-data.md, "Products"). */
export const PRICE_LIMIT = 1_000_000_000;
export const PRICE_DECIMALS = 4;
export const QUANTITY_LIMIT = 1_000_000;

export const ProductType = Type.Union([Type.Literal('Product'), Type.Literal('Service'), Type.Literal('Text')], {
  description: 'ProductType',
});

export const ProductFamily = Type.Object(
  {
    id: Type.Integer({ description: 'ID' }),
    label: Nullable(Type.String({ description: 'Label' })),
    number: Nullable(Type.String({ description: 'Number' })),
  },
  { $id: 'ProductFamily', additionalProperties: false, description: 'Product family' },
);
export type ProductFamilyT = Static<typeof ProductFamily>;

export const ProductFamilyInput = Type.Object(
  {
    label: Str(200),
    number: Opt(Str(50)),
  },
  { additionalProperties: false },
);
export type ProductFamilyInputT = Static<typeof ProductFamilyInput>;

const price = (description: string, minimum: number) =>
  Type.Number({ minimum, maximum: PRICE_LIMIT, description: `${description} (at most ${PRICE_DECIMALS} decimals)` });

export const ProductInput = Type.Object(
  {
    active: Opt(Type.Boolean()),
    classification: Opt(Type.Object({ id: Int32 }, { additionalProperties: true, description: 'A Sale classification, by id' })),
    defaultQuantity: Opt(Type.Number({ exclusiveMinimum: 0, maximum: QUANTITY_LIMIT, description: 'Default quantity (default 1)' })),
    description: Opt(Str(10_000)),
    family: Opt(
      Type.Object({ id: Opt(Int32), number: Opt(Str(50)) }, { additionalProperties: true, description: 'Product family, by id or number' }),
    ),
    internalId: Opt(Str(200)),
    internalNotes: Opt(Str(10_000)),
    isUnitPriceTaxIncluded: Opt(Type.Boolean()),
    name: Opt(Str(500)),
    number: Opt(Str(50)),
    purchasePrice: Opt(price('Purchase price, tax excluded', 0)),
    type: Opt(ProductType),
    unit: Opt(Type.Object({ id: Opt(Int32), code: Opt(Str(10)) }, { additionalProperties: true, description: 'Unit, by id or code' })),
    unitPrice: Opt(price('Unit price', -PRICE_LIMIT)),
    vat: Opt(
      Type.Object(
        { id: Opt(Int32), rate: Opt(Type.Number({ minimum: 0, maximum: 100 })), region: Opt(VatRegion) },
        { additionalProperties: true, description: 'VAT, by id or by rate (and region, default FR)' },
      ),
    ),
  },
  { $id: 'ProductCreate', additionalProperties: false, description: 'Product to create or update' },
);
export type ProductInputT = Static<typeof ProductInput>;

export const Product = Type.Object(
  {
    active: Type.Boolean(),
    classification: Nullable(Type.Ref(Classification)),
    defaultQuantity: Type.Number(),
    description: Nullable(Type.String()),
    family: Nullable(Type.Ref(ProductFamily)),
    id: Type.Integer({ description: 'Product ID' }),
    imageUrl: Nullable(Type.String({ description: 'URL of the product image' })),
    internalId: Nullable(Type.String()),
    internalNotes: Nullable(Type.String()),
    isUnitPriceTaxIncluded: Type.Boolean(),
    name: Nullable(Type.String()),
    number: Nullable(Type.String()),
    purchasePrice: Type.Number(),
    type: ProductType,
    unit: Nullable(Type.Ref(Unit)),
    unitPrice: Type.Number(),
    vat: Nullable(Type.Ref(Vat)),
  },
  { $id: 'Product', additionalProperties: false, description: 'Product' },
);
export type ProductT = Static<typeof Product>;
