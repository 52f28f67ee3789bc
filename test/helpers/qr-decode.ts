// An independent QR code reader for the payment QR tests: it shares no code with
// src/rendering/qr.ts. From a grey raster (a PDF page rendered by pdftoppm to PNG, decoded by
// sharp) it finds the three finder patterns (the 1:1:3:1:1 runs, checked across and down), samples
// every module at its centre, reads the format information (both copies, nearest valid codeword),
// the version information (from version 7), builds its own map of function patterns, reads the
// codewords along the zigzag, removes the mask, de-interleaves the blocks of level M, checks every
// block's Reed-Solomon syndromes are zero, and parses the byte-mode segment into a string.

export interface Raster {
  width: number;
  height: number;
  /** One byte per pixel, 0 black .. 255 white. */
  gray: Uint8Array;
}

export interface DecodedQr {
  version: number;
  ecLevel: 'L' | 'M' | 'Q' | 'H';
  mask: number;
  /** The payload, decoded as UTF-8. */
  text: string;
  modules: boolean[][];
}

interface Finder {
  x: number;
  y: number;
  /** Estimated module size, pixels. */
  unit: number;
  hits: number;
}

const isDark = (r: Raster, x: number, y: number) => r.gray[Math.round(y) * r.width + Math.round(x)] < 128;

function ratioOk(runs: number[]): number | null {
  const total = runs.reduce((s, n) => s + n, 0);
  if (total < 7) return null;
  const unit = total / 7;
  const expected = [1, 1, 3, 1, 1];
  return runs.every((n, i) => Math.abs(n - expected[i] * unit) <= unit * 0.7) ? unit : null;
}

/** Runs of the column through (x, y) around y: the vertical cross-check of a finder centre. */
function verticalRuns(r: Raster, x: number, y: number): number[] | null {
  const runs = [0, 0, 0, 0, 0];
  let yy = y;
  while (yy >= 0 && isDark(r, x, yy)) {
    runs[2]++;
    yy--;
  }
  for (const [i, dark] of [
    [1, false],
    [0, true],
  ] as const) {
    while (yy >= 0 && isDark(r, x, yy) === dark) {
      runs[i]++;
      yy--;
    }
  }
  yy = y + 1;
  while (yy < r.height && isDark(r, x, yy)) {
    runs[2]++;
    yy++;
  }
  for (const [i, dark] of [
    [3, false],
    [4, true],
  ] as const) {
    while (yy < r.height && isDark(r, x, yy) === dark) {
      runs[i]++;
      yy++;
    }
  }
  return runs.every((n) => n > 0) ? runs : null;
}

function findFinders(r: Raster): Finder[] {
  const found: Finder[] = [];
  for (let y = 0; y < r.height; y++) {
    const runs: { dark: boolean; start: number; length: number }[] = [];
    for (let x = 0; x < r.width; x++) {
      const dark = isDark(r, x, y);
      const last = runs[runs.length - 1];
      if (last && last.dark === dark) last.length++;
      else runs.push({ dark, start: x, length: 1 });
    }
    for (let i = 0; i + 4 < runs.length; i++) {
      if (!runs[i].dark) continue;
      const five = runs.slice(i, i + 5);
      const unit = ratioOk(five.map((s) => s.length));
      if (!unit) continue;
      const cx = five[2].start + five[2].length / 2 - 0.5;
      const v = verticalRuns(r, cx, y);
      if (!v || !ratioOk(v)) continue;
      const near = found.find(
        (f) => Math.abs(f.x - cx) < unit * 1.5 && Math.abs(f.y - y) < unit * 3.5 && Math.abs(f.unit - unit) < unit * 0.3,
      );
      if (near) {
        near.x = (near.x * near.hits + cx) / (near.hits + 1);
        near.y = (near.y * near.hits + y) / (near.hits + 1);
        near.unit = (near.unit * near.hits + unit) / (near.hits + 1);
        near.hits++;
      } else found.push({ x: cx, y, unit, hits: 1 });
    }
  }
  return found.filter((f) => f.hits >= 3);
}

/** Format information: all 32 valid codewords, to take the nearest to what is read. */
function formatCodewords(): { word: number; level: number; mask: number }[] {
  const out: { word: number; level: number; mask: number }[] = [];
  for (let data = 0; data < 32; data++) {
    let rem = data << 10;
    for (let i = 14; i >= 10; i--) if ((rem >> i) & 1) rem ^= 0x537 << (i - 10);
    out.push({ word: ((data << 10) | rem) ^ 0x5412, level: data >> 3, mask: data & 7 });
  }
  return out;
}

const popcount = (n: number) => n.toString(2).replace(/0/g, '').length;

/** Level M's blocks per version (ISO/IEC 18004 table 9): [EC codewords per block, data codewords per block]. */
const LEVEL_M: Record<number, [number, number[]]> = {
  1: [10, [16]],
  2: [16, [28]],
  3: [26, [44]],
  4: [18, [32, 32]],
  5: [24, [43, 43]],
  6: [16, [27, 27, 27, 27]],
  7: [18, [31, 31, 31, 31]],
  8: [22, [38, 38, 39, 39]],
  9: [22, [36, 36, 36, 37, 37]],
  10: [26, [43, 43, 43, 43, 44]],
  11: [30, [50, 51, 51, 51, 51]],
  12: [22, [36, 36, 36, 36, 36, 36, 37, 37]],
  13: [22, [37, 37, 37, 37, 37, 37, 37, 37, 38]],
};

function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  // ISO/IEC 18004 annex E, for the versions this reader knows.
  const table: Record<number, number[]> = {
    2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34], 7: [6, 22, 38], 8: [6, 24, 42],
    9: [6, 26, 46], 10: [6, 28, 50], 11: [6, 30, 54], 12: [6, 32, 58], 13: [6, 34, 62],
  }; // prettier-ignore
  return table[version];
}

/** The function modules (finders, separators, timing, alignment, format and version areas). */
function functionMap(version: number): boolean[][] {
  const size = 17 + 4 * version;
  const f = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const rect = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (x >= 0 && y >= 0 && x < size && y < size) f[y][x] = true;
  };
  rect(0, 0, 9, 9); // finder, separator and format area, top left
  rect(size - 8, 0, 8, 9);
  rect(0, size - 8, 9, 8);
  rect(6, 0, 1, size);
  rect(0, 6, size, 1);
  const centres = alignmentCentres(version);
  for (const cy of centres)
    for (const cx of centres) {
      if ((cx === 6 && cy === 6) || (cx === 6 && cy === size - 7) || (cx === size - 7 && cy === 6)) continue;
      rect(cx - 2, cy - 2, 5, 5);
    }
  if (version >= 7) {
    rect(size - 11, 0, 3, 6);
    rect(0, size - 11, 6, 3);
  }
  return f;
}

const MASK: ((row: number, col: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

/** Syndromes of a received block, c(α^i) for i < ec, over GF(256) / 0x11d: all zero when no error. */
function syndromes(block: number[], ec: number): number[] {
  const exp: number[] = [];
  const log: number[] = new Array<number>(256).fill(0);
  for (let i = 0, x = 1; i < 255; i++, x = x & 0x80 ? ((x << 1) ^ 0x11d) & 0xff : x << 1) {
    exp[i] = x;
    log[x] = i;
  }
  const mul = (a: number, b: number) => (a && b ? exp[(log[a] + log[b]) % 255] : 0);
  const out: number[] = [];
  for (let i = 0; i < ec; i++) {
    let s = 0;
    for (const c of block) s = mul(s, exp[i]) ^ c; // Horner, highest degree first
    out.push(s);
  }
  return out;
}

export function decodeQr(raster: Raster): DecodedQr {
  const finders = findFinders(raster);
  // The three finders of one symbol: top left, top right (same row), bottom left (same column), equally apart.
  let triple: [Finder, Finder, Finder] | null = null;
  for (const tl of finders)
    for (const tr of finders)
      for (const bl of finders) {
        if (tr === tl || bl === tl || bl === tr) continue;
        const d1 = tr.x - tl.x;
        const d2 = bl.y - tl.y;
        if (d1 <= 0 || d2 <= 0 || Math.abs(tr.y - tl.y) > tl.unit || Math.abs(bl.x - tl.x) > tl.unit) continue;
        if (Math.abs(d1 - d2) > tl.unit * 1.5) continue;
        triple = [tl, tr, bl];
      }
  if (!triple) throw new Error(`no QR code found (${finders.length} finder candidates)`);
  const [tl, tr, bl] = triple;
  const estimate = (tr.x - tl.x) / ((tl.unit + tr.unit) / 2) + 7;
  const version = Math.round((estimate - 17) / 4);
  const size = 17 + 4 * version;
  const unitX = (tr.x - tl.x) / (size - 7);
  const unitY = (bl.y - tl.y) / (size - 7);
  const modules = Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => isDark(raster, tl.x + (col - 3) * unitX, tl.y + (row - 3) * unitY)),
  );
  const m = (row: number, col: number) => modules[row][col];

  // Format information, copy 1 (around the top-left finder), bits 14..0, and copy 2.
  let f1 = 0;
  for (let col = 0; col <= 5; col++) f1 = (f1 << 1) | +m(8, col);
  f1 = (f1 << 1) | +m(8, 7);
  f1 = (f1 << 1) | +m(8, 8);
  f1 = (f1 << 1) | +m(7, 8);
  for (let row = 5; row >= 0; row--) f1 = (f1 << 1) | +m(row, 8);
  let f2 = 0;
  for (let row = size - 1; row >= size - 7; row--) f2 = (f2 << 1) | +m(row, 8);
  for (let col = size - 8; col < size; col++) f2 = (f2 << 1) | +m(8, col);
  const best = formatCodewords()
    .map((c) => ({ ...c, distance: Math.min(popcount(c.word ^ f1), popcount(c.word ^ f2)) }))
    .sort((a, b) => a.distance - b.distance)[0];
  if (best.distance > 3) throw new Error('unreadable format information');
  const ecLevel = (['M', 'L', 'H', 'Q'] as const)[best.level];
  if (!m(size - 8, 8)) throw new Error('the dark module is missing');

  if (version >= 7) {
    // Version information, bottom-left block: bit i at (row size-11 + i%3, col floor(i/3)).
    let v = 0;
    for (let i = 17; i >= 0; i--) v = (v << 1) | +m(size - 11 + (i % 3), Math.floor(i / 3));
    if (v >> 12 !== version) throw new Error(`version information says ${v >> 12}, the size says ${version}`);
  }
  if (ecLevel !== 'M' || !LEVEL_M[version]) throw new Error(`this reader knows level M versions 1-13, not ${ecLevel}/${version}`);

  // The codewords along the zigzag, unmasked.
  const fn = functionMap(version);
  const bits: number[] = [];
  let upward = true;
  for (let col = size - 1; col > 0; col -= 2) {
    if (col === 6) col--;
    for (let k = 0; k < size; k++) {
      const row = upward ? size - 1 - k : k;
      for (const c of [col, col - 1]) if (!fn[row][c]) bits.push(+(m(row, c) !== MASK[best.mask](row, c)));
    }
    upward = !upward;
  }
  const codewords: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));

  // De-interleave, check each block, keep the data.
  const [ec, sizes] = LEVEL_M[version];
  const blocks = sizes.map(() => [] as number[]);
  let k = 0;
  for (let i = 0; i < Math.max(...sizes); i++) sizes.forEach((n, b) => i < n && blocks[b].push(codewords[k++]));
  for (let i = 0; i < ec; i++) blocks.forEach((b) => b.push(codewords[k++]));
  blocks.forEach((b, i) => {
    if (syndromes(b, ec).some((s) => s !== 0)) throw new Error(`block ${i}: Reed-Solomon syndromes not zero (a module misread)`);
  });
  const data = blocks.flatMap((b, i) => b.slice(0, sizes[i]));

  // One byte-mode segment.
  let pos = 0;
  const read = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++, pos++) v = (v << 1) | ((data[pos >> 3] >> (7 - (pos & 7))) & 1);
    return v;
  };
  const mode = read(4);
  if (mode !== 0b0100) throw new Error(`mode ${mode.toString(2)} is not byte mode`);
  const length = read(version <= 9 ? 8 : 16);
  const bytes = Buffer.from(Array.from({ length }, () => read(8)));
  return { version, ecLevel, mask: best.mask, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), modules };
}
