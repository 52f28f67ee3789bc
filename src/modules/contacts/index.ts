// Contacts of customers and suppliers (/v1/contacts, /v1/customers/{id}/contacts, /v1/suppliers/{id}/contacts).
import { modulePlugin } from '../../http/module.js';
import { contactRoutes } from './routes.js';

export const contactsPlugin = modulePlugin('contacts', contactRoutes);
