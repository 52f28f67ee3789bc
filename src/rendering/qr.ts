// A QR code encoder (ISO/IEC 18004), written here because the project takes no new dependency:
// byte mode only, error correction level M, versions 1 to 13 (up to 331 bytes: an EPC069-12
// payload's maximum). Returns the module matrix (true: dark), its quiet zone not included.
// The usual construction: data bits, Reed-Solomon over GF(256) per block, interleaving, function
// patterns, zigzag placement, the mask with the lowest penalty, format and version information.

/** Per version (index 1..13), level M: EC codewords per block, and the data codewords of each block. */
const BLOCKS_M: readonly (readonly [number, readonly number[]])[] = [
  [0, []],
  [10, [16]],
  [16, [28]],
  [26, [44]],
  [18, [32, 32]],
  [24, [43, 43]],
  [16, [27, 27, 27, 27]],
  [18, [31, 31, 31, 31]],
  [22, [38, 38, 39, 39]],
  [22, [36, 36, 36, 37, 37]],
  [26, [43, 43, 43, 43, 44]],
  [30, [50, 51, 51, 51, 51]],
  [22, [36, 36, 36, 36, 36, 36, 37, 37]],
  [22, [37, 37, 37, 37, 37, 37, 37, 37, 38]],
];

const ALIGNMENT: readonly (readonly number[])[] = [
  [],
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
  [6, 30, 54],
  [6, 32, 58],
  [6, 34, 62],
];

export const MAX_QR_VERSION = BLOCKS_M.length - 1;

/** Level M's two bits in the format information. */
const EC_LEVEL_M = 0b00;

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
}

function gfMul(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a] + LOG[b]];
}

/** The generator polynomial of degree n, coefficients from the highest degree (leading 1 left out). */
function generator(n: number): number[] {
  let poly = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(poly.length + 1).fill(0);
    for (let j = 0; j < poly.length; j++) {
      next[j] ^= poly[j];
      next[j + 1] ^= gfMul(poly[j], EXP[i]);
    }
    poly = next;
  }
  return poly.slice(1);
}

/** The Reed-Solomon remainder: the n error-correction codewords of a block. */
export function reedSolomon(data: readonly number[], n: number): number[] {
  const gen = generator(n);
  const rem = new Array<number>(n).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem.shift()!;
    rem.push(0);
    for (let i = 0; i < n; i++) rem[i] ^= gfMul(gen[i], factor);
  }
  return rem;
}

function dataCapacity(version: number): number {
  return BLOCKS_M[version][1].reduce((s, n) => s + n, 0);
}

function countBits(version: number): number {
  return version <= 9 ? 8 : 16;
}

/** The smallest version whose capacity holds `length` bytes, or null. */
export function versionFor(length: number): number | null {
  for (let v = 1; v <= MAX_QR_VERSION; v++) if (4 + countBits(v) + 8 * length <= 8 * dataCapacity(v)) return v;
  return null;
}

function dataCodewords(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, countBits(version));
  for (const b of bytes) put(b, 8);
  const capacity = dataCapacity(version) * 8;
  put(0, Math.min(4, capacity - bits.length));
  while (bits.length % 8) bits.push(0);
  const out: number[] = [];
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((acc, b) => (acc << 1) | b, 0));
  for (let pad = 0xec; out.length < dataCapacity(version); pad ^= 0xec ^ 0x11) out.push(pad);
  return out;
}

/** The final codeword sequence: data blocks with their EC codewords, interleaved. */
function interleave(data: number[], version: number): number[] {
  const [ecLength, sizes] = BLOCKS_M[version];
  const blocks: number[][] = [];
  let offset = 0;
  for (const size of sizes) {
    blocks.push(data.slice(offset, offset + size));
    offset += size;
  }
  const ec = blocks.map((b) => reedSolomon(b, ecLength));
  const out: number[] = [];
  const longest = Math.max(...sizes);
  for (let i = 0; i < longest; i++) for (const b of blocks) if (i < b.length) out.push(b[i]);
  for (let i = 0; i < ecLength; i++) for (const e of ec) out.push(e[i]);
  return out;
}

/** BCH code of `value` (`dataBits` long) with `poly` (degree `degree`): value followed by its remainder. */
function bch(value: number, dataBits: number, poly: number, degree: number): number {
  let rem = value << degree;
  for (let i = dataBits + degree - 1; i >= degree; i--) if ((rem >>> i) & 1) rem ^= poly << (i - degree);
  return (value << degree) | rem;
}

export function formatBits(mask: number): number {
  return bch((EC_LEVEL_M << 3) | mask, 5, 0x537, 10) ^ 0x5412;
}

export function versionBits(version: number): number {
  return bch(version, 6, 0x1f25, 12);
}

export const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Matrix {
  readonly size: number;
  readonly dark: boolean[][];
  readonly reserved: boolean[][];
  constructor(readonly version: number) {
    this.size = 17 + 4 * version;
    this.dark = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.reserved = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
  }
  fn(x: number, y: number, dark: boolean): void {
    this.dark[y][x] = dark;
    this.reserved[y][x] = true;
  }
}

function drawFunctionPatterns(m: Matrix): void {
  const { size, version } = m;
  for (let i = 0; i < size; i++) {
    m.fn(6, i, i % 2 === 0);
    m.fn(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ]) {
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const dist = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) m.fn(x, y, dist !== 2 && dist !== 4);
      }
  }
  const pos = ALIGNMENT[version];
  const last = pos.length - 1;
  for (let i = 0; i <= last; i++)
    for (let j = 0; j <= last; j++) {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) continue;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) m.fn(pos[i] + dx, pos[j] + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  drawFormat(m, 0); // reserves the format areas; drawn again with the chosen mask
  if (version >= 7) {
    const bits = versionBits(version);
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      m.fn(a, b, dark);
      m.fn(b, a, dark);
    }
  }
}

function drawFormat(m: Matrix, mask: number): void {
  const bits = formatBits(mask);
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  const { size } = m;
  for (let i = 0; i <= 5; i++) m.fn(8, i, bit(i));
  m.fn(8, 7, bit(6));
  m.fn(8, 8, bit(7));
  m.fn(7, 8, bit(8));
  for (let i = 9; i < 15; i++) m.fn(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) m.fn(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) m.fn(8, size - 15 + i, bit(i));
  m.fn(8, size - 8, true);
}

/** The data modules' positions in placement order (the zigzag from the bottom right). */
export function dataPositions(size: number, reserved: (x: number, y: number) => boolean): [number, number][] {
  const out: [number, number][] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++)
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if (!reserved(x, y)) out.push([x, y]);
      }
  }
  return out;
}

function penalty(dark: boolean[][]): number {
  const size = dark.length;
  let score = 0;
  const line = (get: (i: number) => boolean) => {
    let run = 1;
    for (let i = 1; i <= size; i++) {
      if (i < size && get(i) === get(i - 1)) run++;
      else {
        if (run >= 5) score += 3 + run - 5;
        run = 1;
      }
    }
    for (let i = 0; i + 10 < size + 1; i++) {
      const p = Array.from({ length: 11 }, (_, k) => (i + k < size ? get(i + k) : false));
      const finder = [true, false, true, true, true, false, true];
      const a = finder.every((v, k) => p[k] === v) && p.slice(7, 11).every((v) => !v);
      const b = p.slice(0, 4).every((v) => !v) && finder.every((v, k) => p[k + 4] === v);
      if (a || b) score += 40;
    }
  };
  for (let y = 0; y < size; y++) line((x) => dark[y][x]);
  for (let x = 0; x < size; x++) line((y) => dark[y][x]);
  let darkCount = 0;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (dark[y][x]) darkCount++;
      if (x + 1 < size && y + 1 < size) {
        const c = dark[y][x];
        if (dark[y][x + 1] === c && dark[y + 1][x] === c && dark[y + 1][x + 1] === c) score += 3;
      }
    }
  score += 10 * Math.floor(Math.abs((darkCount * 100) / (size * size) - 50) / 5);
  return score;
}

/** The QR code of `bytes` at level M, or null when they do not fit version 13. */
export function encodeQr(bytes: Uint8Array): { version: number; mask: number; modules: boolean[][] } | null {
  const version = versionFor(bytes.length);
  if (version === null) return null;
  const codewords = interleave(dataCodewords(bytes, version), version);
  const base = new Matrix(version);
  drawFunctionPatterns(base);
  const positions = dataPositions(base.size, (x, y) => base.reserved[y][x]);
  let best: { mask: number; modules: boolean[][]; score: number } | null = null;
  for (let mask = 0; mask < 8; mask++) {
    const m = new Matrix(version);
    for (let y = 0; y < m.size; y++)
      for (let x = 0; x < m.size; x++) {
        m.dark[y][x] = base.dark[y][x];
        m.reserved[y][x] = base.reserved[y][x];
      }
    positions.forEach(([x, y], i) => {
      const bit = i < codewords.length * 8 ? ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1 : false;
      m.dark[y][x] = bit !== MASKS[mask](x, y);
    });
    drawFormat(m, mask);
    const score = penalty(m.dark);
    if (!best || score < best.score) best = { mask, modules: m.dark, score };
  }
  return { version, mask: best!.mask, modules: best!.modules };
}
