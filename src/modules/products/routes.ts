// /v1/products and /v1/productfamilies, as the spec's tables list them (families: no update).
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { ValidationError } from '../../errors.js';
import { BY_NAME, FAMILY_ORDER_BY, resourceRoutes } from '../records/index.js';
import { ensureSchema } from '../../http/schemas.js';
import { Classification, Unit, Vat } from '../reference/index.js';
import { Product, ProductFamily, ProductFamilyInput, ProductInput } from './schemas.js';
import { productFamilies, productService } from './service.js';

export function productRoutes(app: TypedApp, ctx: AppContext): void {
  for (const schema of [Vat, Unit, Classification, ProductFamily]) ensureSchema(app, schema);
  resourceRoutes(app, ctx, {
    path: '/v1/products',
    tag: 'Products',
    service: productService(ctx.config.publicUrl),
    input: ProductInput,
    output: Product,
    orderBy: {
      id: 'id',
      name: 'name',
      number: 'number',
      price: 'amount',
      unitPrice: 'amount',
      createdAt: 'createdAt',
      updatedAt: 'updatedAt',
    },
    defaultOrder: BY_NAME,
    find: ['number', 'internalId'],
    update: true,
    listFilters: {
      schema: { familyId: Type.Optional(Type.String({ maxLength: 11, description: 'Family ID' })) },
      toOptions(query) {
        const raw = typeof query.familyId === 'string' ? query.familyId.trim() : '';
        if (!raw) return {};
        const id = Number(raw);
        if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id > 2147483647) {
          throw ValidationError.field('familyId', `"${raw}" is not a product family id`);
        }
        return { parentId: id };
      },
    },
  });
  resourceRoutes(app, ctx, {
    path: '/v1/productfamilies',
    tag: 'ProductFamilies',
    service: productFamilies,
    input: ProductFamilyInput,
    output: ProductFamily,
    orderBy: FAMILY_ORDER_BY,
    defaultOrder: BY_NAME,
  });
}
