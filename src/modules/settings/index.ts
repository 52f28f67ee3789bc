// The account's settings (/v1/settings) and logo; every module that composes or renders a document
// reads them through getAccountSettings.
import { modulePlugin } from '../../http/module.js';
import { settingsRoutes } from './routes.js';

export const settingsPlugin = modulePlugin('settings', settingsRoutes);
export {
  getAccountLogo,
  getAccountSettings,
  getLogoVersion,
  readAccountSettings,
  readPlatformConnection,
  type AccountSettings,
} from './service.js';
