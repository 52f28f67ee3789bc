// Product and product-family use cases: validation, reference-data resolution (VAT, unit,
// classification), numbering with the account's prefix, events. A product stores the ids of its
// VAT, unit and classification; the full records are attached when it is presented.
import Big from 'big.js';
import { roundInput } from '../../domain/money.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { InvalidStateError, type FieldError } from '../../errors.js';
import { imageRefs } from './images-repo.js';
import { presentPlain, resourceService } from '../records/index.js';
import { store } from '../records/index.js';
import { classificationById, defaultVatOf, unitByCode, unitById, vatById, VATS, type VatEntry as Vat } from '../reference/index.js';
import { getAccountSettings } from '../settings/index.js';
import { throwIfAny } from '../../app/input/address.js';
import { clean } from '../../app/input/text.js';
import { PRICE_DECIMALS, type ProductFamilyInputT, type ProductFamilyT, type ProductInputT, type ProductT } from './schemas.js';

export const PRODUCT: store.RecordKind = { kind: 'product', label: 'Product' };
export const PRODUCT_FAMILY: store.RecordKind = { kind: 'productFamily', label: 'Product family' };

/** VAT id applied when a product names none: 0 % exempt for accounts not liable to VAT. */
const EXEMPT_VAT_ID = 5;

export type StoredProduct = Omit<ProductT, 'id' | 'family' | 'imageUrl' | 'vat' | 'unit' | 'classification'> & {
  familyId: number | null;
  vatId: number | null;
  unitId: number | null;
  classificationId: number | null;
  /** unitPrice without VAT (equal to unitPrice unless isUnitPriceTaxIncluded); sorts as `price`. */
  taxExcludedUnitPrice: number;
};

function resolveVat(input: ProductInputT['vat'], errors: FieldError[]): Vat | null | undefined {
  if (!input || (input.id == null && input.rate == null)) return undefined;
  if (input.id != null) {
    const vat = vatById(input.id);
    if (!vat) errors.push({ field: 'vat', message: `VAT id ${input.id} is not in the VAT list (GET /v1/vats)` });
    else if (input.rate != null && !new Big(input.rate).eq(vat.rate)) {
      errors.push({ field: 'vat', message: `VAT id ${input.id} has rate ${vat.rate}, not ${input.rate}` });
    } else return vat;
    return null;
  }
  const region = input.region ?? 'FR';
  const vat = VATS.find((v) => v.region === region && new Big(v.rate).eq(input.rate!));
  if (!vat) errors.push({ field: 'vat', message: `no VAT of rate ${input.rate} in region ${region} (GET /v1/vats)` });
  return vat ?? null;
}

function resolveUnit(input: ProductInputT['unit'], errors: FieldError[]): number | null {
  if (!input || (input.id == null && !clean(input.code))) return null;
  const unit = input.id != null ? unitById(input.id) : unitByCode(clean(input.code)!);
  if (!unit) errors.push({ field: 'unit', message: `unit ${input.id ?? input.code} is not in the unit list (GET /v1/units)` });
  return unit?.id ?? null;
}

async function resolveFamily(db: Kysely<Database>, accountId: number, input: ProductInputT['family'], errors: FieldError[]) {
  if (!input) return null;
  if (input.id != null) {
    if (await store.getRecord(db, PRODUCT_FAMILY, accountId, input.id)) return input.id;
    errors.push({ field: 'family.id', message: `product family ${input.id} does not exist` });
    return null;
  }
  const number = clean(input.number);
  if (!number) return null;
  const [found] = await store.findRecords(db, PRODUCT_FAMILY, accountId, { number }, 1);
  if (!found) errors.push({ field: 'family.number', message: `no product family numbered "${number}"` });
  return found?.id ?? null;
}

/** Tax-excluded unit price, rounded half-up to 4 decimals. */
export function taxExcludedPrice(unitPrice: number, taxIncluded: boolean, vat: Vat | null): number {
  if (!taxIncluded || !vat?.rate) return unitPrice;
  return Number(new Big(unitPrice).div(new Big(vat.rate).div(100).plus(1)).round(PRICE_DECIMALS, Big.roundHalfUp));
}

async function toStored(db: Kysely<Database>, accountId: number, sent: ProductInputT, givenNumber: string | null): Promise<StoredProduct> {
  // Prices and quantities are kept to 4 decimals: more are rounded half away from zero, not refused.
  const input = {
    ...sent,
    unitPrice: roundInput(sent.unitPrice, PRICE_DECIMALS),
    purchasePrice: roundInput(sent.purchasePrice, PRICE_DECIMALS),
    defaultQuantity: roundInput(sent.defaultQuantity, PRICE_DECIMALS),
  };
  const settings = await getAccountSettings(db, accountId);
  const errors: FieldError[] = [];
  const name = clean(input.name);
  if (!name) errors.push({ field: 'name', message: 'a product needs a name' });
  const resolvedVat = resolveVat(input.vat, errors);
  const unitId = resolveUnit(input.unit, errors);
  let classificationId: number | null = null;
  if (input.classification) {
    const found = classificationById(input.classification.id);
    if (!found)
      errors.push({
        field: 'classification.id',
        message: `classification ${input.classification.id} does not exist (GET /v1/classifications)`,
      });
    else classificationId = found.id;
  }
  const familyId = await resolveFamily(db, accountId, input.family, errors);
  throwIfAny(errors);

  const vat = resolvedVat === undefined ? (settings.vat.liableToVat ? defaultVatOf('FR') : vatById(EXEMPT_VAT_ID)!) : resolvedVat;
  const unitPrice = input.unitPrice ?? 0;
  const isUnitPriceTaxIncluded = input.isUnitPriceTaxIncluded ?? false;
  const number = givenNumber ?? (await store.generateNumber(db, PRODUCT, accountId, settings.numbering.productPrefix));
  return {
    active: input.active ?? true,
    classificationId,
    defaultQuantity: input.defaultQuantity ?? 1,
    description: input.description ?? null,
    familyId,
    internalId: clean(input.internalId),
    internalNotes: input.internalNotes ?? null,
    isUnitPriceTaxIncluded,
    name,
    number,
    purchasePrice: input.purchasePrice ?? 0,
    taxExcludedUnitPrice: taxExcludedPrice(unitPrice, isUnitPriceTaxIncluded, vat),
    type: input.type ?? settings.sales.mainActivity,
    unitId,
    unitPrice,
    vatId: vat?.id ?? null,
  };
}

function columns(p: StoredProduct): store.RecordColumns {
  return {
    number: p.number,
    internalId: p.internalId,
    name: p.name,
    amount: new Big(p.taxExcludedUnitPrice),
    parentId: p.familyId,
    searchText: [p.name, p.number, p.internalId, p.description],
  };
}

export function productImageUrl(publicUrl: string | null, productId: number, token: string): string {
  return `${publicUrl ?? ''}/v1/productimages/${productId}/content/${token}`;
}

function presenter(publicUrl: string | null) {
  return async (db: Kysely<Database>, accountId: number, records: store.StoredRecord<StoredProduct>[]): Promise<ProductT[]> => {
    const ids = records.map((r) => r.id);
    const [families, images] = await Promise.all([
      store.getRecordsByIds<Omit<ProductFamilyT, 'id'>>(
        db,
        PRODUCT_FAMILY,
        accountId,
        records.map((r) => r.data.familyId).filter((id): id is number => id !== null),
      ),
      imageRefs(db, accountId, ids),
    ]);
    return records.map(({ id, data }) => {
      const { familyId, vatId, unitId, classificationId, taxExcludedUnitPrice: _, ...rest } = data;
      const family = familyId === null ? undefined : families.get(familyId);
      const image = images.get(id);
      return {
        ...rest,
        id,
        classification: classificationId === null ? null : (classificationById(classificationId) ?? null),
        family: family ? { id: family.id, label: family.data.label, number: family.data.number } : null,
        imageUrl: image ? productImageUrl(publicUrl, id, image.token) : null,
        unit: unitId === null ? null : (unitById(unitId) ?? null),
        vat: vatId === null ? null : (vatById(vatId) ?? null),
      };
    });
  };
}

/** The product use cases; `publicUrl` (PUBLIC_URL) prefixes image URLs, which are relative without it. */
export function productService(publicUrl: string | null) {
  return resourceService<ProductInputT, StoredProduct, ProductT>({
    kind: PRODUCT,
    numberOf: (input) => input.number,
    toStored: (db, accountId, input, { number }) => toStored(db, accountId, input, number),
    columns,
    present: presenter(publicUrl),
    events: { created: 'ProductCreated', updated: 'ProductUpdated', deleted: 'ProductDeleted' },
  });
}

type StoredFamily = Omit<ProductFamilyT, 'id'>;

export const productFamilies = resourceService<ProductFamilyInputT, StoredFamily, ProductFamilyT>({
  kind: PRODUCT_FAMILY,
  numberPrefix: 'FP',
  numberOf: (input) => input.number,
  async toStored(_db, _accountId, input, { number }) {
    const label = clean(input.label);
    if (!label) throwIfAny([{ field: 'label', message: 'must not be empty' }]);
    return { label, number };
  },
  columns: (f) => ({ number: f.number, name: f.label, searchText: [f.label, f.number] }),
  present: presentPlain<StoredFamily>(),
  async beforeDelete(db, accountId, family) {
    const [user] = await store.findRecordsByParent(db, PRODUCT, accountId, family.id, 1);
    if (user) {
      throw new InvalidStateError(`Product family ${family.id} is used by product ${user.id}; move or delete its products first`);
    }
  },
});
