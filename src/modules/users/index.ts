// Users (/v1/users/...): the caller, as the reference describes it, and the web console's users,
// sign-in, sessions (accepted by the HTTP layer's authentication instead of a key) and passwords.
import { modulePlugin } from '../../http/module.js';
import { userRoutes } from './routes.js';

export const usersPlugin = modulePlugin('users', userRoutes);
export { sessionResolver } from './session.js';
export { createUser, listUsers, resetPassword, PROFILES, LINK_HOURS, type Profile } from './service.js';
