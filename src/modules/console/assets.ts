// The web console's built files (`npm run build` writes them to dist/console, see console/ and
// docs/console.md), read once at start and served from memory: a few hundred kilobytes.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Asset {
  body: Buffer;
  type: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** The project's root: the nearest folder above this file that holds package.json (from src/ or dist/src/). */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export function defaultConsoleDir(): string {
  return join(projectRoot(), 'dist', 'console');
}

/** Every file under the folder, by URL path ('index.html', 'assets/index-abc123.js'); null when not built. */
export function loadAssets(dir: string): Map<string, Asset> | null {
  if (!existsSync(join(dir, 'index.html'))) return null;
  const assets = new Map<string, Asset>();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else
        assets.set(relative(dir, path).split(sep).join('/'), {
          body: readFileSync(path),
          type: TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream',
        });
    }
  };
  walk(dir);
  return assets;
}
