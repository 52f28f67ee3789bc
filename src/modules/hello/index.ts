// GET /hello: lets an integrator test an API key.
import { modulePlugin } from '../../http/module.js';
import { helloRoutes } from './routes.js';

export const helloPlugin = modulePlugin('hello', (app, ctx) => {
  helloRoutes(app, ctx.config.publicUrl);
});
