// The JSON-document store behind master data (customers, suppliers, colleagues, contacts, products
// and their families): storage, the generic service and the standard routes. It serves no route of
// its own; the resource modules register theirs with resourceRoutes.
export * as store from './store.js';
export { BY_NAME, FAMILY_ORDER_BY, PARTY_ROUTES, resourceRoutes } from './routes.js';
export { presentPlain, resourceService } from './service.js';
