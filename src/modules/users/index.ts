// Users (/v1/users/me, /v1/users/whoami): the caller, as the reference describes it.
import { modulePlugin } from '../../http/module.js';
import { userRoutes } from './routes.js';

export const usersPlugin = modulePlugin('users', userRoutes);
