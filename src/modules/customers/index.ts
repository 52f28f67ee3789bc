// Customers and customer families (/v1/customers, /v1/customerfamilies). Sales and receipts read
// customers through `customers` and the record kind CUSTOMER.
import { modulePlugin } from '../../http/module.js';
import { customerRoutes } from './routes.js';

export const customersPlugin = modulePlugin('customers', customerRoutes);
export { CUSTOMER, CUSTOMER_FAMILY, customers } from './service.js';
