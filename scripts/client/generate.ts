// `npm run client:generate`: writes clients/typescript/openapi.json and src/schema.d.ts from the
// server's document. `npm run client:check` (CI): exits 1, naming the files, when the committed
// ones differ from what the server generates now (a route or schema changed without regenerating).
import { readFileSync, writeFileSync } from 'node:fs';
import { CLIENT_DIR, generatedFiles } from './openapi.js';

const check = process.argv.includes('--check');
const files = await generatedFiles();
const stale: string[] = [];
for (const [file, contents] of Object.entries(files)) {
  const url = new URL(file, CLIENT_DIR);
  let current: string | null = null;
  try {
    current = readFileSync(url, 'utf8');
  } catch {
    current = null;
  }
  if (current === contents) continue;
  if (check) stale.push(`clients/typescript/${file}`);
  else {
    writeFileSync(url, contents);
    console.log(`wrote clients/typescript/${file}`);
  }
}
if (check && stale.length) {
  console.error(`The typed client is out of date (${stale.join(', ')}): run npm run client:generate and commit the result`);
  process.exitCode = 1;
} else if (check) console.log('clients/typescript is up to date');
