// /v1/suppliers, as the reference lists it (the spec's tables do not cover suppliers).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.js';
import { PARTY_ROUTES, resourceRoutes } from '../records/routes.js';
import { Supplier, SupplierInput } from './schemas.js';
import { suppliers } from './service.js';

export function supplierRoutes(app: FastifyInstance, ctx: AppContext): void {
  resourceRoutes(app, ctx, {
    path: '/v1/suppliers',
    tag: 'Suppliers',
    service: suppliers,
    input: SupplierInput,
    output: Supplier,
    ...PARTY_ROUTES,
  });
}
