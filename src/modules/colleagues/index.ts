// Colleagues (/v1/colleagues): the account's people.
import { modulePlugin } from '../../http/module.js';
import { colleagueRoutes } from './routes.js';

export const colleaguesPlugin = modulePlugin('colleagues', colleagueRoutes);
export { colleagues } from './service.js';
