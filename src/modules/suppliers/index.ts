// Suppliers (/v1/suppliers). Purchases find or create the supplier of an uploaded invoice here.
import { modulePlugin } from '../../http/module.js';
import { supplierRoutes } from './routes.js';

export const suppliersPlugin = modulePlugin('suppliers', supplierRoutes);
export { findSupplierByIdentity, getSuppliersByIds, SUPPLIER, suppliers } from './service.js';
export { Supplier, type SupplierT } from './schemas.js';
