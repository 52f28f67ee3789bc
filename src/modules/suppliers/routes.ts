// /v1/suppliers, as the reference lists it (the spec's tables do not cover suppliers).
import type { AppContext } from '../../context.js';
import type { TypedApp } from '../../http/module.js';
import { PARTY_ROUTES, resourceRoutes } from '../records/index.js';
import { Supplier, SupplierInput } from './schemas.js';
import { suppliers } from './service.js';

export function supplierRoutes(app: TypedApp, ctx: AppContext): void {
  resourceRoutes(app, ctx, {
    path: '/v1/suppliers',
    tag: 'Suppliers',
    service: suppliers,
    input: SupplierInput,
    output: Supplier,
    ...PARTY_ROUTES,
  });
}
