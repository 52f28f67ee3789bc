// Liveness and readiness probes (/healthz, /readyz).
import { modulePlugin } from '../../http/module.js';
import { systemRoutes } from './routes.js';

export const systemPlugin = modulePlugin('system', (app, ctx) => {
  systemRoutes(app, ctx.db);
});
