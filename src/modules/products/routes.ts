// /v1/products and /v1/productfamilies, as the spec's tables list them (families: no update).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.js';
import { ValidationError } from '../../errors.js';
import { BY_NAME, ensureSchema, FAMILY_ORDER_BY, resourceRoutes } from '../records/routes.js';
import { Classification, Unit, Vat } from '../reference/schemas.js';
import { Product, ProductFamily, ProductFamilyInput, ProductInput } from './schemas.js';
import { productFamilies, productService } from './service.js';

export function productRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const schema of [Vat, Unit, Classification, ProductFamily]) ensureSchema(app, schema);
  resourceRoutes(app, ctx, {
    path: '/v1/products',
    tag: 'Products',
    service: productService(ctx.config.publicUrl),
    input: ProductInput,
    output: Product,
    orderBy: {
      id: 'id', name: 'name', number: 'number', price: 'amount', unitPrice: 'amount',
      createdAt: 'createdAt', updatedAt: 'updatedAt',
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
