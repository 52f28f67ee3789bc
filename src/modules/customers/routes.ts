// /v1/customers and /v1/customerfamilies, as the spec's tables list them.
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { BY_NAME, FAMILY_ORDER_BY, PARTY_ROUTES, resourceRoutes } from '../records/index.js';
import { ensureSchema } from '../../http/schemas.js';
import { Customer, CustomerFamily, CustomerFamilyInput, CustomerInput } from './schemas.js';
import { customerFamilies, customers } from './service.js';

export function customerRoutes(app: TypedApp, ctx: AppContext): void {
  ensureSchema(app, CustomerFamily);
  resourceRoutes(app, ctx, {
    path: '/v1/customers',
    tag: 'Customers',
    service: customers,
    input: CustomerInput,
    output: Customer,
    ...PARTY_ROUTES,
    orderBy: { ...PARTY_ROUTES.orderBy, updated: 'updatedAt' },
  });
  resourceRoutes(app, ctx, {
    path: '/v1/customerfamilies',
    tag: 'CustomerFamilies',
    service: customerFamilies,
    input: CustomerFamilyInput,
    output: CustomerFamily,
    orderBy: FAMILY_ORDER_BY,
    defaultOrder: BY_NAME,
    find: ['number', 'internalId'],
  });
}
