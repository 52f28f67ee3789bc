// The package version, read once from the nearest package.json (works from src/ and dist/src/).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageJson(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found');
    dir = parent;
  }
  return path.join(dir, 'package.json');
}

export const VERSION: string = (
  JSON.parse(readFileSync(findPackageJson(path.dirname(fileURLToPath(import.meta.url))), 'utf8')) as { version: string }
).version;
