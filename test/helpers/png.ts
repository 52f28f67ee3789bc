// Hostile and ordinary PNG files built byte by byte (chunks, CRC-32, zlib), so that the image tests
// need no binary fixture: a corrupt IDAT, dimensions declared far beyond the pixels sent, text
// chunks and trailing bytes that make a PNG an HTML polyglot.
import { deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One chunk: length, type, data and a correct CRC (so that only what the test means is broken). */
export function pngChunk(type: string, data: Buffer = Buffer.alloc(0)): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** Colour types: 2 RGB, 6 RGBA (the one PDFKit decodes asynchronously, to split the alpha out). */
export type ColorType = 2 | 6;

export function ihdr(width: number, height: number, colorType: ColorType = 6): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bits per sample
  data[9] = colorType;
  return pngChunk('IHDR', data);
}

/** Scanlines of one colour (filter byte 0 per row), deflated: the IDAT payload of a valid image. */
export function pixels(width: number, height: number, colorType: ColorType = 6, rgba = [0x1d, 0x4e, 0x89, 0x80]): Buffer {
  const channels = colorType === 6 ? 4 : 3;
  const row = Buffer.alloc(1 + width * channels);
  for (let x = 0; x < width; x++) for (let c = 0; c < channels; c++) row[1 + x * channels + c] = rgba[c];
  return deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
}

export interface PngOptions {
  colorType?: ColorType;
  /** IDAT payload; valid pixels of the declared size by default. */
  idat?: Buffer;
  /** Chunks placed between IHDR and IDAT (tEXt, iTXt…). */
  extra?: Buffer[];
  /** Bytes after IEND. */
  trailer?: Buffer;
}

export function png(width: number, height: number, options: PngOptions = {}): Buffer {
  const colorType = options.colorType ?? 6;
  return Buffer.concat([
    SIGNATURE,
    ihdr(width, height, colorType),
    ...(options.extra ?? []),
    pngChunk('IDAT', options.idat ?? pixels(width, height, colorType)),
    pngChunk('IEND'),
    options.trailer ?? Buffer.alloc(0),
  ]);
}

/** A well-formed zlib stream whose deflate data is garbage: inflating it fails. */
export const CORRUPT_IDAT = Buffer.concat([Buffer.from([0x78, 0x9c]), Buffer.from('this is not deflate data at all', 'latin1')]);

/** A 16×8 RGBA PNG whose IDAT does not inflate. */
export const corruptIdatPng = (): Buffer => png(16, 8, { idat: CORRUPT_IDAT });

/** Declares width × height but carries a few bytes of pixels: a decoder that trusts IHDR allocates the lot. */
export const declaredHugePng = (width = 70_000, height = 70_000): Buffer => png(width, height, { idat: deflateSync(Buffer.alloc(64)) });

export const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A valid 8×8 RGBA PNG that is also an HTML page: the markup in a tEXt chunk and after IEND. */
export const htmlPolyglotPng = (): Buffer =>
  png(8, 8, { extra: [pngChunk('tEXt', Buffer.from(`Comment\0${HTML}`, 'latin1'))], trailer: Buffer.from(HTML, 'latin1') });

/** GIF89a 1×1 followed by JavaScript: a GIF+JS polyglot. */
export const jsPolyglotGif = (): Buffer =>
  Buffer.concat([
    Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    Buffer.from('\n/*/=alert(document.domain);//', 'latin1'),
  ]);
