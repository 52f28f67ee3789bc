// The web console's files (/console/): a single-page application that uses the /v1 API.
import { modulePlugin } from '../../http/module.js';
import { consoleRoutes } from './routes.js';

export const consolePlugin = modulePlugin('console', (app) => {
  consoleRoutes(app);
});
