// The console's files at /console/: served without a key, with a CSP that forbids inline scripts and
// framing; hashed assets cached for good, the page revalidated; a console not built answers 503.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleRoutes } from '../../../src/modules/console/routes.js';

const dir = mkdtempSync(path.join(tmpdir(), 'facturier-console-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function appWith(folder: string) {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  consoleRoutes(app, folder);
  await app.ready();
  return app;
}

describe('console files', () => {
  mkdirSync(path.join(dir, 'built', 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'built', 'index.html'), '<!doctype html><title>Facturier</title>');
  writeFileSync(path.join(dir, 'built', 'assets', 'index-abc123.js'), 'console.log(1)');

  it('serves the page at /console and /console/ and any client route, with its security headers', async () => {
    const app = await appWith(path.join(dir, 'built'));
    for (const url of ['/console', '/console/', '/console/invoices']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.body).toBe('<!doctype html><title>Facturier</title>');
    }
    const asset = await app.inject({ url: '/console/assets/index-abc123.js' });
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/console/assets/missing.js' })).statusCode).toBe(404);
    const root = await app.inject({ url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/console/');
    await app.close();
  });

  it('answers 503 with the command to run when the console is not built', async () => {
    const app = await appWith(path.join(dir, 'absent'));
    const res = await app.inject({ url: '/console/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe('The web console is not built: run `npm run build` (or `npm start`, which builds it).\n');
    await app.close();
  });
});
