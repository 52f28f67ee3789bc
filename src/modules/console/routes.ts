// Serves the web console (a single-page application: console/ built into dist/console) at
// /console/, without a key: the page itself holds no data; every datum comes from the /v1 API,
// which it calls with the session cookie and CSRF token. `/` leads to the console.
import type { FastifyReply } from 'fastify';
import type { TypedApp } from '../../http/module.js';
import { defaultConsoleDir, loadAssets, type Asset } from './assets.js';

/** Same origin only: no inline script, no framing (clickjacking), PDFs previewed from blob: URLs. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; frame-src 'self' blob:; " +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

function send(reply: FastifyReply, asset: Asset, immutable: boolean) {
  return reply
    .header('content-type', asset.type)
    .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', CSP)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .send(asset.body);
}

export function consoleRoutes(app: TypedApp, dir = defaultConsoleDir()): void {
  const assets = loadAssets(dir);
  const config = { public: true };
  const schema = { hide: true };
  const notBuilt = (reply: FastifyReply) =>
    reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The web console is not built: run `npm run build` (or `npm start`, which builds it).\n');

  app.get('/', { config, schema }, async (_request, reply) => reply.redirect('/console/'));
  // The router ignores trailing slashes: /console and /console/ are this one route.
  app.get('/console', { config, schema }, async (_request, reply) =>
    assets ? send(reply, assets.get('index.html')!, false) : notBuilt(reply),
  );
  app.get('/console/*', { config, schema }, async (request, reply) => {
    if (!assets) return notBuilt(reply);
    const path = (request.params as { '*': string })['*'];
    const asset = assets.get(path);
    if (asset && path !== 'index.html') return send(reply, asset, path.startsWith('assets/'));
    if (path.startsWith('assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    return send(reply, assets.get('index.html')!, false);
  });
}
