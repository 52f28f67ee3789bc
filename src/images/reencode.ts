// Untrusted images (the settings logo, product images, and any stored image about to be drawn in
// a PDF) are decoded and written anew with sharp (libvips), within limits on bytes, pixels a side
// and pixel count. What is stored, served and handed to PDFKit is then only pixels this server
// wrote: no client bytes survive (no HTML or script in a text chunk or after the image, no EXIF or
// other metadata), a corrupt stream or a decompression bomb is refused here, with a reason, rather
// than inside a decoder that cannot report it (PDFKit's PNG decoder throws from a zlib callback,
// out of every try/catch). The format stays the same: PNG stays PNG (alpha kept), JPEG stays JPEG.
import type SharpModule from 'sharp';
import { detectImageType, type ImageType } from '../domain/image-type.js';

/** The limits of docs/limits.md. Bytes are limited per use (logo, product image) by the caller. */
export const IMAGE_LIMITS = {
  /** Widest or tallest image accepted, in pixels. */
  maxSide: 4096,
  /** Most pixels in one image: 16 megapixels, 64 MB once decoded to RGBA. */
  maxPixels: 16_000_000,
  /** Longest decoding and encoding of one image, in seconds (libvips stops the work). */
  timeoutSeconds: 10,
} as const;

let loaded: typeof SharpModule | null = null;

/** sharp (libvips) is loaded by the first image, not when the server starts (bench/results/ledgers.md). */
async function loadSharp(): Promise<typeof SharpModule> {
  if (!loaded) {
    const sharp = (await import('sharp')).default;
    // libvips' operation cache would keep decoded untrusted images in memory for nothing: every
    // image is decoded once.
    sharp.cache(false);
    loaded = sharp;
  }
  return loaded;
}

const NAMES: Record<ImageType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/gif': 'GIF', 'image/webp': 'WebP' };
const SHARP_FORMAT: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif', 'image/webp': 'webp' };

export interface ReencodeOptions {
  /** The formats accepted, recognised by their leading bytes. */
  accept: readonly ImageType[];
  maxBytes: number;
  /** Shrinks the image to fit this box (never enlarges it), e.g. for the logo of a PDF. */
  fitWithin?: { width: number; height: number };
}

export interface CleanImage {
  content: Buffer;
  contentType: ImageType;
  width: number;
  height: number;
}

/** The re-encoded image, or why it was refused (a sentence for a 400 or a log line). */
export type ReencodeResult = { ok: true; image: CleanImage } | { ok: false; problem: string };

function list(types: readonly ImageType[]): string {
  const names = types.map((t) => NAMES[t]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
}

function megabytes(bytes: number): string {
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
}

/** The first line of a libvips error, which names the decoder and what it met. */
function decoderMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0].trim().slice(0, 200) || 'unknown decoder error';
}

/**
 * Decodes `input` and encodes it again in its own format, metadata stripped and EXIF orientation
 * applied. Never throws for bad input: every refusal is a `problem`.
 */
export async function reencodeImage(input: Uint8Array, options: ReencodeOptions): Promise<ReencodeResult> {
  const refuse = (problem: string): ReencodeResult => ({ ok: false, problem });
  const expected = list(options.accept);
  if (input.length === 0) return refuse('the image is empty');
  if (input.length > options.maxBytes) {
    return refuse(`the image is ${input.length} bytes; at most ${options.maxBytes} (${megabytes(options.maxBytes)}) are accepted`);
  }
  const contentType = detectImageType(input);
  if (!contentType || !options.accept.includes(contentType))
    return refuse(`the image is not a ${expected} image (recognised by its first bytes)`);

  const sharp = await loadSharp();
  // The header first: dimensions are refused before a single pixel is decoded.
  let width: number;
  let height: number;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    if (meta.format !== SHARP_FORMAT[contentType]) return refuse(`the image cannot be decoded as ${NAMES[contentType]}`);
    width = meta.autoOrient.width;
    height = meta.autoOrient.height;
  } catch (error) {
    return refuse(`the image cannot be decoded (${decoderMessage(error)}); send a valid ${expected} file`);
  }
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide) {
    return refuse(`the image is ${width}×${height} pixels; at most ${IMAGE_LIMITS.maxSide} pixels a side are accepted`);
  }
  if (width * height > IMAGE_LIMITS.maxPixels) {
    return refuse(
      `the image is ${width}×${height} = ${width * height} pixels; at most ${IMAGE_LIMITS.maxPixels} (${IMAGE_LIMITS.maxPixels / 1e6} megapixels) are accepted`,
    );
  }

  try {
    // failOn 'error': a corrupt or truncated stream fails; mere warnings (an odd ICC profile) do not.
    let pipeline = sharp(input, { failOn: 'error', limitInputPixels: IMAGE_LIMITS.maxPixels, sequentialRead: true })
      .timeout({ seconds: IMAGE_LIMITS.timeoutSeconds })
      .autoOrient();
    if (options.fitWithin) pipeline = pipeline.resize({ ...options.fitWithin, fit: 'inside', withoutEnlargement: true });
    switch (contentType) {
      case 'image/png':
        pipeline = pipeline.png();
        break;
      case 'image/jpeg':
        pipeline = pipeline.jpeg({ quality: 90 });
        break;
      case 'image/gif':
        pipeline = pipeline.gif();
        break;
      case 'image/webp':
        pipeline = pipeline.webp({ quality: 90 });
        break;
    }
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { ok: true, image: { content: data, contentType, width: info.width, height: info.height } };
  } catch (error) {
    return refuse(`the image cannot be decoded (${decoderMessage(error)}); send a valid ${expected} file`);
  }
}
