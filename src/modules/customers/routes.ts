// /v1/customers and /v1/customerfamilies, as the spec's tables list them.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.js';
import { ensureSchema, resourceRoutes } from '../records/routes.js';
import { Customer, CustomerFamily, CustomerFamilyInput, CustomerInput } from './schemas.js';
import { customerFamilies, customers } from './service.js';

export function customerRoutes(app: FastifyInstance, ctx: AppContext): void {
  ensureSchema(app, CustomerFamily);
  resourceRoutes(app, ctx, {
    path: '/v1/customers',
    tag: 'Customers',
    service: customers,
    input: CustomerInput,
    output: Customer,
    orderBy: { id: 'id', name: 'name', number: 'number', email: 'email', createdAt: 'createdAt', updatedAt: 'updatedAt', updated: 'updatedAt' },
    defaultOrder: [{ column: 'name', direction: 'asc' }],
    find: ['email', 'internalId', 'number'],
    getByInternalId: true,
    update: true,
  });
  resourceRoutes(app, ctx, {
    path: '/v1/customerfamilies',
    tag: 'CustomerFamilies',
    service: customerFamilies,
    input: CustomerFamilyInput,
    output: CustomerFamily,
    orderBy: { id: 'id', label: 'name', name: 'name', number: 'number', createdAt: 'createdAt', updatedAt: 'updatedAt' },
    defaultOrder: [{ column: 'name', direction: 'asc' }],
    find: ['number', 'internalId'],
  });
}
