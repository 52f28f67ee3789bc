// The fonts of the PDF: DejaVu Sans Condensed (regular, bold, oblique) from the `dejavu-fonts-ttf`
// package, embedded as subsets so that the output is PDF/A (the Standard 14 fonts are not allowed).
// The TTF files are read and parsed once per process: parsing (GSUB/GPOS) costs more than a render.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type PDFKitModule from 'pdfkit';

export type FontStyle = 'regular' | 'bold' | 'italic';

const FILES: Record<FontStyle, string> = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
};

/** What PDFKit's `font()` accepts: the raw TTF, or the font object it parsed from it (reused). */
export type LoadedFont = Buffer | object;

let cache: Record<FontStyle, LoadedFont> | null = null;

type PdfKit = typeof PDFKitModule;
let pdfkit: PdfKit | null = null;

/**
 * PDFKit (with fontkit: ~10 MB of heap and code) is loaded by the first rendering, not when the
 * server starts: the API's main thread renders nothing (workers do), and its idle memory counts
 * (bench/results/ledgers.md).
 */
export async function loadPdfKit(): Promise<PdfKit> {
  pdfkit ??= (await import('pdfkit')).default;
  return pdfkit;
}

/** PDFKit, once loadPdfKit() resolved. */
export function pdfKit(): PdfKit {
  if (!pdfkit) throw new Error('PDFKit is not loaded: await loadPdfKit() first');
  return pdfkit;
}

/** Word layouts (fontkit shaping results) by style, shared by all documents; see pdf.ts. */
type LayoutCache = Record<string, unknown>;
const MAX_CACHED_WORDS = 20_000;
const layoutCaches = new Map<FontStyle, LayoutCache>();
let calls = 0;

/**
 * PDFKit caches the shaping of each word per document; shaping (GSUB/GPOS) is most of the
 * rendering time, and its result depends only on the font and the word, so all documents share
 * one cache per style. It is dropped when it grows past MAX_CACHED_WORDS entries.
 */
export function sharedLayoutCache(style: FontStyle): LayoutCache {
  let cache = layoutCaches.get(style);
  // Counting keys is linear: do it on one call in 64.
  if (!cache || (++calls % 64 === 0 && Object.keys(cache).length > MAX_CACHED_WORDS)) {
    cache = Object.create(null) as LayoutCache;
    layoutCaches.set(style, cache);
  }
  return cache;
}

function fontDirectory(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/**
 * PDFKit parses a font buffer with its own fontkit on every `font()` call; it also accepts an
 * already parsed fontkit font (anything with `layout`). We parse once through a throw-away
 * document so the font object comes from the very fontkit PDFKit uses. A fontkit font is
 * immutable once parsed, and each document makes its own subset of it.
 */
function parseOnce(buffer: Buffer): LoadedFont {
  const PDFDocument = pdfKit();
  const probe = new PDFDocument({ autoFirstPage: false, font: buffer as unknown as string });
  const parsed = (probe as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
  return parsed && typeof parsed.layout === 'function' ? parsed : buffer;
}

export function loadFonts(): Record<FontStyle, LoadedFont> {
  if (cache) return cache;
  const dir = fontDirectory();
  const loaded = {} as Record<FontStyle, LoadedFont>;
  for (const style of Object.keys(FILES) as FontStyle[]) {
    loaded[style] = parseOnce(readFileSync(join(dir, FILES[style])));
  }
  cache = loaded;
  return loaded;
}
