// `npm run samples [-- <dir>]`: renders the sample documents (fixtures.ts) through the API and writes
// them to samples/ (or <dir>), with PNG previews of some pages made by poppler's `pdftoppm` when it
// is installed. test/scripts/samples.test.ts fails when a committed PDF is not what the code renders.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { previewFileName } from './fixtures.js';
import { renderSamples } from './render.js';

/** Preview resolution: an A4 page is 595 × 842 pixels. */
const PREVIEW_DPI = 72;

function hasPdftoppm(): boolean {
  const probe = spawnSync('pdftoppm', ['-v'], { stdio: 'ignore' });
  return !probe.error;
}

function writePreview(pdfFile: string, page: number, pngFile: string): void {
  // -singlefile writes <root>.png, not <root>-<page>.png.
  const root = pngFile.replace(/\.png$/, '');
  const args = ['-png', '-r', String(PREVIEW_DPI), '-f', String(page), '-l', String(page), '-singlefile', pdfFile, root];
  const run = spawnSync('pdftoppm', args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftoppm ${args.join(' ')} failed: ${run.stderr || run.error?.message}`);
}

const dir = path.resolve(process.argv[2] ?? 'samples');
mkdirSync(dir, { recursive: true });
const samples = await renderSamples();
const withPreviews = hasPdftoppm();

// Files of samples that no longer exist go; PNGs stay when they cannot be made again.
const expected = new Set(samples.flatMap((s) => [s.file, ...s.previewPages.map((p) => previewFileName(s.file, p))]));
for (const name of readdirSync(dir)) {
  const generated = name.endsWith('.pdf') || (withPreviews && name.endsWith('.png'));
  if (generated && !expected.has(name)) rmSync(path.join(dir, name));
}

for (const sample of samples) {
  const pdfFile = path.join(dir, sample.file);
  writeFileSync(pdfFile, sample.pdf);
  process.stdout.write(`${path.relative(process.cwd(), pdfFile)} (${sample.number ?? 'draft'}, ${sample.pdf.length} bytes)\n`);
  if (!withPreviews) continue;
  for (const page of sample.previewPages) {
    const pngFile = path.join(dir, previewFileName(sample.file, page));
    writePreview(pdfFile, page, pngFile);
    process.stdout.write(`${path.relative(process.cwd(), pngFile)}\n`);
  }
}
if (!withPreviews) {
  process.stderr.write('pdftoppm not found (apt-get install poppler-utils): PNG previews were not regenerated and may be out of date.\n');
}
