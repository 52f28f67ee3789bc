// API access (/v1/apikeys): the console's management of the account's API keys (accounts module).
import { modulePlugin } from '../../http/module.js';
import { apiKeyRoutes } from './routes.js';

export const apiKeysPlugin = modulePlugin('apikeys', apiKeyRoutes);
