// Reads the e-invoice XML (Factur-X / ZUGFeRD / XRechnung) embedded in an uploaded PDF.
// Uploaded PDFs are untrusted: this is a small synchronous parser with hard bounds on input size,
// decompressed sizes, nesting depth and object counts. It finds objects through the cross-reference
// tables and streams (scanning for "N G obj" only when they are damaged), resolves the catalog's
// EmbeddedFiles name tree and /AF array, and falls back to any file specification in the file.
import { inflateSync } from 'node:zlib';

export type PdfReadErrorCode = 'NOT_PDF' | 'TOO_LARGE' | 'MALFORMED' | 'ENCRYPTED' | 'UNSUPPORTED';

/** Thrown when an uploaded PDF cannot be read; `code` says why, `message` says it to a human. */
export class PdfReadError extends Error {
  override readonly name = 'PdfReadError';
  constructor(
    readonly code: PdfReadErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface EmbeddedInvoiceXml {
  fileName: string;
  xml: string;
}

/** Names of the invoice attachment, by preference. */
const INVOICE_FILE_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

const MAX_PDF_BYTES = 64 * 1024 * 1024;
const MAX_XML_BYTES = 16 * 1024 * 1024;
const MAX_OBJSTM_BYTES = 8 * 1024 * 1024;
const MAX_TOTAL_INFLATED = 64 * 1024 * 1024;
const MAX_DEPTH = 64;
const MAX_NAME_TREE_NODES = 10_000;
const MAX_OBJECTS_IN_STREAM = 100_000;

/** True when the bytes start with the PDF signature (within the first KiB, as readers allow). */
export function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

// ---- values -------------------------------------------------------------------------------

class PdfName {
  constructor(readonly value: string) {}
}
class PdfString {
  constructor(readonly bytes: Buffer) {}
}
class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
class PdfDict {
  constructor(readonly map: Map<string, PdfValue>) {}
  get(key: string): PdfValue | undefined {
    return this.map.get(key);
  }
}
class PdfStream {
  constructor(
    readonly dict: PdfDict,
    readonly data: Buffer,
  ) {}
}
type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfDict | PdfStream | PdfValue[];

function malformed(message: string): PdfReadError {
  return new PdfReadError('MALFORMED', `Unreadable PDF: ${message}`);
}

// ---- lexer / parser -----------------------------------------------------------------------

const WHITESPACE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([40, 41, 60, 62, 91, 93, 123, 125, 47, 37]);

function isRegular(c: number | undefined): boolean {
  return c !== undefined && !WHITESPACE.has(c) && !DELIMITERS.has(c);
}

class Parser {
  pos: number;
  constructor(
    private readonly buf: Buffer,
    start: number,
    private readonly end = buf.length,
  ) {
    this.pos = start;
  }

  skipWhitespace(): void {
    const b = this.buf;
    while (this.pos < this.end) {
      const c = b[this.pos];
      if (WHITESPACE.has(c)) this.pos++;
      else if (c === 37) {
        while (this.pos < this.end && b[this.pos] !== 10 && b[this.pos] !== 13) this.pos++;
      } else break;
    }
  }

  private peek(offset = 0): number | undefined {
    const p = this.pos + offset;
    return p < this.end ? this.buf[p] : undefined;
  }

  private keyword(): string {
    const start = this.pos;
    while (this.pos < this.end && isRegular(this.buf[this.pos])) this.pos++;
    return this.buf.toString('latin1', start, this.pos);
  }

  /** Reads "N G obj"; returns false if not there. */
  objectHeader(): boolean {
    this.skipWhitespace();
    const a = this.keyword();
    this.skipWhitespace();
    const b = this.keyword();
    this.skipWhitespace();
    return /^\d+$/.test(a) && /^\d+$/.test(b) && this.keyword() === 'obj';
  }

  value(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) throw malformed('objects nested too deeply');
    this.skipWhitespace();
    const c = this.peek();
    if (c === undefined) throw malformed('unexpected end of data');
    if (c === 60 && this.peek(1) === 60) return this.dict(depth);
    if (c === 60) return this.hexString();
    if (c === 40) return this.literalString();
    if (c === 91) return this.array(depth);
    if (c === 47) return this.name();
    if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) return this.numberOrRef();
    const word = this.keyword();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    throw malformed(`unexpected token "${word.slice(0, 20) || String.fromCharCode(c)}"`);
  }

  private dict(depth: number): PdfDict {
    this.pos += 2;
    const map = new Map<string, PdfValue>();
    for (;;) {
      this.skipWhitespace();
      const c = this.peek();
      if (c === undefined) throw malformed('unterminated dictionary');
      if (c === 62 && this.peek(1) === 62) {
        this.pos += 2;
        return new PdfDict(map);
      }
      if (c !== 47) throw malformed('dictionary key is not a name');
      const key = this.name().value;
      map.set(key, this.value(depth + 1));
    }
  }

  private array(depth: number): PdfValue[] {
    this.pos++;
    const items: PdfValue[] = [];
    for (;;) {
      this.skipWhitespace();
      const c = this.peek();
      if (c === undefined) throw malformed('unterminated array');
      if (c === 93) {
        this.pos++;
        return items;
      }
      items.push(this.value(depth + 1));
    }
  }

  private name(): PdfName {
    this.pos++;
    const start = this.pos;
    while (this.pos < this.end && isRegular(this.buf[this.pos])) this.pos++;
    const raw = this.buf.toString('latin1', start, this.pos);
    return new PdfName(raw.replace(/#([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))));
  }

  private hexString(): PdfString {
    this.pos++;
    const start = this.pos;
    while (this.pos < this.end && this.buf[this.pos] !== 62) this.pos++;
    if (this.pos >= this.end) throw malformed('unterminated hex string');
    let hex = this.buf.toString('latin1', start, this.pos).replace(/[^0-9a-fA-F]/g, '');
    this.pos++;
    if (hex.length % 2) hex += '0';
    return new PdfString(Buffer.from(hex, 'hex'));
  }

  private literalString(): PdfString {
    this.pos++;
    const out: number[] = [];
    let nesting = 1;
    const b = this.buf;
    while (this.pos < this.end) {
      const c = b[this.pos++];
      if (c === 92) {
        const e = b[this.pos++];
        if (e === undefined) break;
        const simple: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12, 40: 40, 41: 41, 92: 92 };
        if (simple[e] !== undefined) out.push(simple[e]);
        else if (e >= 48 && e <= 55) {
          let v = e - 48;
          for (let i = 0; i < 2 && b[this.pos] >= 48 && b[this.pos] <= 55; i++) v = v * 8 + (b[this.pos++] - 48);
          out.push(v & 0xff);
        } else if (e === 13) {
          if (b[this.pos] === 10) this.pos++;
        } else if (e !== 10) out.push(e);
      } else if (c === 40) {
        nesting++;
        out.push(c);
      } else if (c === 41) {
        if (--nesting === 0) return new PdfString(Buffer.from(out));
        out.push(c);
      } else out.push(c);
    }
    throw malformed('unterminated string');
  }

  private numberOrRef(): number | PdfRef {
    const word = this.keyword();
    const n = Number(word);
    if (!Number.isFinite(n)) throw malformed(`bad number "${word.slice(0, 20)}"`);
    if (!/^\d+$/.test(word)) return n;
    const save = this.pos;
    this.skipWhitespace();
    const gen = this.keyword();
    if (/^\d+$/.test(gen)) {
      this.skipWhitespace();
      if (this.peek() === 82 && !isRegular(this.peek(1))) {
        this.pos++;
        return new PdfRef(n, Number(gen));
      }
    }
    this.pos = save;
    return n;
  }

  /** After a dictionary: reads "stream ... endstream" if present. */
  streamData(dict: PdfDict, resolveLength: (v: PdfValue | undefined) => number | null): Buffer | null {
    const save = this.pos;
    this.skipWhitespace();
    if (this.buf.toString('latin1', this.pos, this.pos + 6) !== 'stream') {
      this.pos = save;
      return null;
    }
    this.pos += 6;
    if (this.buf[this.pos] === 13) this.pos++;
    if (this.buf[this.pos] === 10) this.pos++;
    const start = this.pos;
    const length = resolveLength(dict.get('Length'));
    if (length !== null && length >= 0 && start + length <= this.end) {
      const after = this.buf.toString('latin1', start + length, Math.min(this.end, start + length + 12));
      if (/^\s*endstream/.test(after)) return this.buf.subarray(start, start + length);
    }
    // Wrong or missing /Length: trust the endstream keyword instead.
    const endIndex = this.buf.indexOf('endstream', start, 'latin1');
    if (endIndex < 0 || endIndex > this.end) throw malformed('stream without endstream (truncated file?)');
    let stop = endIndex;
    if (this.buf[stop - 1] === 10) stop--;
    if (this.buf[stop - 1] === 13) stop--;
    return this.buf.subarray(start, Math.max(start, stop));
  }
}

// ---- document -----------------------------------------------------------------------------

/** Where an object lives, as a cross-reference section says: at an offset, or inside an object stream. */
type XrefEntry = { kind: 'offset'; offset: number } | { kind: 'stream'; stream: number; index: number };

const MAX_XREF_SECTIONS = 256;
const MAX_XREF_ENTRIES = 2_000_000;

/** Undoes the PNG predictors (10-15) of a Flate stream; TIFF predictor 2 and others are refused. */
function unpredict(data: Buffer, predictor: number, columns: number, colors: number, bits: number, what: string): Buffer {
  if (predictor < 10) throw new PdfReadError('UNSUPPORTED', `Unreadable PDF: ${what} uses the unsupported predictor ${predictor}`);
  const bpp = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowLength = Math.ceil((columns * colors * bits) / 8);
  if (rowLength <= 0 || rowLength > 1 << 20) throw malformed(`${what} has a bad predictor row length`);
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = Buffer.alloc(rows * rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLength + 1)];
    const src = r * (rowLength + 1) + 1;
    const at = r * rowLength;
    for (let i = 0; i < rowLength; i++) {
      const left = i >= bpp ? out[at + i - bpp] : 0;
      const up = r > 0 ? out[at + i - rowLength] : 0;
      const upLeft = r > 0 && i >= bpp ? out[at + i - rowLength - bpp] : 0;
      let v = data[src + i];
      if (type === 1) v += left;
      else if (type === 2) v += up;
      else if (type === 3) v += (left + up) >> 1;
      else if (type === 4) {
        const pa = Math.abs(up - upLeft);
        const pb = Math.abs(left - upLeft);
        const pc = Math.abs(left + up - 2 * upLeft);
        v += pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      out[at + i] = v & 0xff;
    }
  }
  return out;
}

/**
 * A PDF's objects, found as the standard says: from `startxref`, through the cross-reference tables
 * and streams and their /Prev chain (the newest definition of an object wins). A PDF attached inside
 * the file (an uncompressed one carries its own "N G obj" headers, trailer and xref) is then never
 * mistaken for the outer file's objects. Only when the cross-reference data is missing or damaged are
 * the objects found by scanning for "N G obj", and then the headers inside another object's stream
 * data are skipped, so the outer objects are preferred.
 */
class PdfFile {
  private readonly entries = new Map<number, XrefEntry>();
  /** Trailer dictionaries, oldest first (the newest is last). */
  private readonly trailerDicts: PdfDict[] = [];
  private readonly cache = new Map<number, PdfValue>();
  private readonly objectStreams = new Map<number, Map<number, PdfValue>>();
  private inflatedTotal = 0;
  private readonly resolving = new Set<number>();
  /** True when the objects were found by scanning (damaged or missing cross-reference data). */
  readonly scanned: boolean;

  constructor(private readonly buf: Buffer) {
    let ok = false;
    try {
      ok = this.readXref();
    } catch (err) {
      if (err instanceof PdfReadError && err.code === 'TOO_LARGE') throw err;
      ok = false;
    }
    if (!ok) {
      this.entries.clear();
      this.trailerDicts.length = 0;
      this.cache.clear();
      this.scan();
    }
    this.scanned = !ok;
  }

  get objectNumbers(): number[] {
    return [...this.entries.keys()];
  }

  trailers(): PdfDict[] {
    return this.trailerDicts;
  }

  // -- cross-reference sections --

  private readXref(): boolean {
    const at = this.buf.lastIndexOf('startxref', this.buf.length, 'latin1');
    if (at < 0) return false;
    const m = /^startxref\s+(\d+)/.exec(this.buf.toString('latin1', at, at + 40));
    if (!m) return false;
    const newestFirst: PdfDict[] = [];
    const visited = new Set<number>();
    const pending: number[] = [Number(m[1])];
    while (pending.length) {
      const offset = pending.shift()!;
      if (visited.has(offset) || visited.size >= MAX_XREF_SECTIONS) continue;
      visited.add(offset);
      if (offset <= 0 || offset >= this.buf.length) return false;
      const trailer = this.readSection(offset);
      if (!trailer) return false;
      newestFirst.push(trailer);
      // A hybrid file's /XRefStm holds the objects its table marks free: read it next, before /Prev.
      const stm = trailer.get('XRefStm');
      if (typeof stm === 'number') {
        if (!visited.has(stm)) {
          visited.add(stm);
          const streamTrailer = this.readSection(stm);
          if (!streamTrailer) return false;
        }
      }
      const prev = trailer.get('Prev');
      if (typeof prev === 'number') pending.push(prev);
    }
    if (!newestFirst.some((t) => t.get('Root') !== undefined)) return false;
    this.trailerDicts.push(...newestFirst.reverse());
    // Every object the catalog chain needs must be where the sections say; otherwise the file is damaged.
    for (const [num, entry] of this.entries) {
      if (entry.kind === 'offset' && !this.headerAt(entry.offset, num)) return false;
    }
    return true;
  }

  private headerAt(offset: number, num: number): boolean {
    if (offset < 0 || offset >= this.buf.length) return false;
    const m = /^\s*(\d+)\s+(\d+)\s+obj/.exec(this.buf.toString('latin1', offset, Math.min(this.buf.length, offset + 40)));
    return m !== null && Number(m[1]) === num;
  }

  private setEntry(num: number, entry: XrefEntry | null): void {
    if (this.entries.size > MAX_XREF_ENTRIES) throw malformed('too many cross-reference entries');
    // Sections are read newest first: an entry already known (or known free) is not replaced.
    if (!this.entries.has(num) && entry) this.entries.set(num, entry);
  }

  /** Reads one cross-reference section (a table or a stream) at `offset`; returns its trailer. */
  private readSection(offset: number): PdfDict | null {
    let at = offset;
    while (at < this.buf.length && WHITESPACE.has(this.buf[at])) at++;
    if (this.buf.toString('latin1', at, at + 4) === 'xref') return this.readTable(at + 4);
    const p = new Parser(this.buf, at);
    if (!p.objectHeader()) return null;
    const dict = p.value();
    if (!(dict instanceof PdfDict)) return null;
    const type = dict.get('Type');
    if (!(type instanceof PdfName) || type.value !== 'XRef') return null;
    const length = dict.get('Length');
    const data = p.streamData(dict, () => (typeof length === 'number' ? length : null));
    if (!data) return null;
    this.readXrefStream(new PdfStream(dict, data));
    return dict;
  }

  private readTable(start: number): PdfDict | null {
    const p = new Parser(this.buf, start);
    const frees = new Set<number>();
    for (;;) {
      p.skipWhitespace();
      const m = /^(\d+)\s+(\d+)\s*[\r\n]/.exec(this.buf.toString('latin1', p.pos, Math.min(this.buf.length, p.pos + 40)));
      if (!m) break;
      const first = Number(m[1]);
      const count = Number(m[2]);
      if (count > MAX_XREF_ENTRIES) throw malformed('too many cross-reference entries');
      p.pos += m[0].length;
      for (let i = 0; i < count; i++) {
        p.skipWhitespace();
        const e = /^(\d{1,10})\s+(\d{1,5})\s+([nf])/.exec(this.buf.toString('latin1', p.pos, Math.min(this.buf.length, p.pos + 24)));
        if (!e) return null;
        p.pos += e[0].length;
        const num = first + i;
        if (e[3] === 'f') frees.add(num);
        else if (!frees.has(num)) this.setEntry(num, { kind: 'offset', offset: Number(e[1]) });
      }
    }
    p.skipWhitespace();
    if (this.buf.toString('latin1', p.pos, p.pos + 7) !== 'trailer') return null;
    p.pos += 7;
    const trailer = p.value();
    return trailer instanceof PdfDict ? trailer : null;
  }

  private readXrefStream(stream: PdfStream): void {
    const data = this.decodeStream(stream, MAX_OBJSTM_BYTES, 'a cross-reference stream');
    const w = stream.dict.get('W');
    if (!Array.isArray(w) || w.length < 3 || !w.every((n) => typeof n === 'number' && n >= 0 && n <= 8)) {
      throw malformed('cross-reference stream without a valid /W');
    }
    const widths = w as number[];
    const size = stream.dict.get('Size');
    const index = stream.dict.get('Index');
    const ranges = Array.isArray(index) ? index : [0, typeof size === 'number' ? size : 0];
    const rowWidth = widths[0] + widths[1] + widths[2];
    if (rowWidth === 0) throw malformed('cross-reference stream without a valid /W');
    const field = (at: number, width: number): number => {
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + data[at + i];
      return v;
    };
    let at = 0;
    for (let r = 0; r + 1 < ranges.length; r += 2) {
      const first = ranges[r];
      const count = ranges[r + 1];
      if (typeof first !== 'number' || typeof count !== 'number' || count > MAX_XREF_ENTRIES) throw malformed('bad cross-reference /Index');
      for (let i = 0; i < count && at + rowWidth <= data.length; i++, at += rowWidth) {
        const type = widths[0] === 0 ? 1 : field(at, widths[0]);
        const a = field(at + widths[0], widths[1]);
        const b = field(at + widths[0] + widths[1], widths[2]);
        const num = first + i;
        if (type === 1) this.setEntry(num, { kind: 'offset', offset: a });
        else if (type === 2) this.setEntry(num, { kind: 'stream', stream: a, index: b });
        else if (!this.entries.has(num)) this.entries.set(num, { kind: 'offset', offset: -1 });
      }
    }
    // Free entries were only placeholders so that older sections do not bring the object back.
    for (const [num, e] of this.entries) if (e.kind === 'offset' && e.offset < 0) this.entries.delete(num);
  }

  // -- the fallback: scanning a damaged file --

  private scan(): void {
    const text = this.buf.toString('latin1');
    const re = /(\d{1,10})[ \t\r\n\f\0]+(\d{1,5})[ \t\r\n\f\0]+obj(?![A-Za-z0-9])/g;
    const headers: { num: number; offset: number }[] = [];
    for (let m = re.exec(text); m !== null; m = re.exec(text)) headers.push({ num: Number(m[1]), offset: m.index });
    const byNum = new Map<number, number[]>();
    for (const h of headers) (byNum.get(h.num) ?? byNum.set(h.num, []).get(h.num)!).push(h.offset);
    // Headers inside the data of an earlier stream belong to something else (an attached PDF).
    let coveredUntil = 0;
    const outer: { num: number; offset: number }[] = [];
    const covered: [number, number][] = [];
    for (const h of headers) {
      if (h.offset < coveredUntil) continue;
      outer.push(h);
      const end = this.streamEnd(h.offset, byNum);
      if (end !== null && end > coveredUntil) {
        covered.push([h.offset, end]);
        coveredUntil = end;
      }
    }
    // The last outer definition wins (incremental updates).
    for (const h of outer) this.entries.set(h.num, { kind: 'offset', offset: h.offset });
    const inside = (at: number) => covered.some(([a, b]) => at > a && at < b);
    for (let at = this.buf.indexOf('trailer', 0, 'latin1'); at >= 0; at = this.buf.indexOf('trailer', at + 7, 'latin1')) {
      if (inside(at)) continue;
      try {
        const v = new Parser(this.buf, at + 7).value();
        if (v instanceof PdfDict) this.trailerDicts.push(v);
      } catch {
        // A damaged trailer is skipped; the catalog can still be found by its /Type.
      }
    }
    if (this.trailerDicts.some((t) => t.get('Root') !== undefined)) return;
    for (const num of this.objectNumbers) {
      const v = this.object(num);
      const type = v instanceof PdfStream ? v.dict.get('Type') : undefined;
      if (v instanceof PdfStream && type instanceof PdfName && type.value === 'XRef') this.trailerDicts.push(v.dict);
    }
  }

  /** Where the stream of the object at `offset` ends, if it is a stream whose end can be trusted. */
  private streamEnd(offset: number, byNum: Map<number, number[]>): number | null {
    try {
      const p = new Parser(this.buf, offset);
      if (!p.objectHeader()) return null;
      const dict = p.value();
      if (!(dict instanceof PdfDict)) return null;
      const lengths: number[] = [];
      const length = dict.get('Length');
      if (typeof length === 'number') lengths.push(length);
      else if (length instanceof PdfRef) {
        for (const at of byNum.get(length.num) ?? []) {
          const q = new Parser(this.buf, at);
          if (!q.objectHeader()) continue;
          const v = q.value();
          if (typeof v === 'number') lengths.push(v);
        }
      }
      p.skipWhitespace();
      if (this.buf.toString('latin1', p.pos, p.pos + 6) !== 'stream') return null;
      let start = p.pos + 6;
      if (this.buf[start] === 13) start++;
      if (this.buf[start] === 10) start++;
      for (const len of lengths) {
        if (len < 0 || start + len > this.buf.length) continue;
        if (/^\s*endstream/.test(this.buf.toString('latin1', start + len, Math.min(this.buf.length, start + len + 12)))) return start + len;
      }
      const end = this.buf.indexOf('endstream', start, 'latin1');
      return end < 0 ? null : end;
    } catch {
      return null;
    }
  }

  // -- objects --

  inflate(data: Buffer, limit: number, what: string): Buffer {
    const max = Math.min(limit, MAX_TOTAL_INFLATED - this.inflatedTotal);
    if (max <= 0) throw new PdfReadError('TOO_LARGE', 'Unreadable PDF: too much compressed data');
    let out: Buffer;
    try {
      out = inflateSync(data, { maxOutputLength: max });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ERR_BUFFER_TOO_LARGE' || (err instanceof RangeError && /maxOutputLength|too large/i.test(err.message))) {
        throw new PdfReadError('TOO_LARGE', `Unreadable PDF: ${what} inflates beyond ${Math.round(limit / 1048576)} MiB`);
      }
      throw malformed(`${what} is not valid Flate data`);
    }
    this.inflatedTotal += out.length;
    return out;
  }

  decodeStream(stream: PdfStream, limit: number, what: string): Buffer {
    const filter = this.resolve(stream.dict.get('Filter'));
    const filters = (Array.isArray(filter) ? filter : filter == null ? [] : [filter]).map((f) => {
      const v = this.resolve(f);
      return v instanceof PdfName ? v.value : '';
    });
    let data = stream.data;
    for (const f of filters) {
      if (f === 'FlateDecode' || f === 'Fl') data = this.inflate(data, limit, what);
      else throw new PdfReadError('UNSUPPORTED', `Unreadable PDF: ${what} uses the unsupported filter ${f || '?'}`);
    }
    const parmsValue = this.resolve(stream.dict.get('DecodeParms') ?? stream.dict.get('DP'));
    const parms = Array.isArray(parmsValue) ? this.resolve(parmsValue[0]) : parmsValue;
    const num = (key: string, fallback: number): number => {
      const v = parms instanceof PdfDict ? this.resolve(parms.get(key)) : null;
      return typeof v === 'number' ? v : fallback;
    };
    const predictor = num('Predictor', 1);
    if (predictor > 1) data = unpredict(data, predictor, num('Columns', 1), num('Colors', 1), num('BitsPerComponent', 8), what);
    if (data.length > limit) throw new PdfReadError('TOO_LARGE', `Unreadable PDF: ${what} is too large`);
    return data;
  }

  private parseAt(offset: number): PdfValue {
    const p = new Parser(this.buf, offset);
    if (!p.objectHeader()) throw malformed('bad object header');
    const value = p.value();
    if (value instanceof PdfDict) {
      const data = p.streamData(value, (v) => {
        const len = this.resolve(v ?? null);
        return typeof len === 'number' && Number.isInteger(len) ? len : null;
      });
      if (data) return new PdfStream(value, data);
    }
    return value;
  }

  object(num: number): PdfValue {
    if (this.cache.has(num)) return this.cache.get(num)!;
    // Reference cycles and absurdly deep reference chains resolve to null.
    if (this.resolving.has(num) || this.resolving.size > MAX_DEPTH) return null;
    this.resolving.add(num);
    try {
      let value: PdfValue = null;
      const entry = this.entries.get(num);
      if (entry?.kind === 'offset') {
        try {
          value = this.parseAt(entry.offset);
        } catch (err) {
          if (err instanceof PdfReadError && err.code !== 'MALFORMED') throw err;
        }
      } else if (entry?.kind === 'stream') value = this.objectStream(entry.stream).get(num) ?? null;
      this.cache.set(num, value);
      return value;
    } finally {
      this.resolving.delete(num);
    }
  }

  resolve(v: PdfValue | undefined): PdfValue {
    let value: PdfValue = v ?? null;
    for (let hops = 0; value instanceof PdfRef && hops < 32; hops++) value = this.object(value.num);
    return value instanceof PdfRef ? null : value;
  }

  /** The objects compressed inside one object stream (PDF 1.5+), parsed once. */
  private objectStream(num: number): Map<number, PdfValue> {
    const known = this.objectStreams.get(num);
    if (known) return known;
    const objects = new Map<number, PdfValue>();
    this.objectStreams.set(num, objects);
    const stream = this.object(num);
    if (!(stream instanceof PdfStream)) return objects;
    const n = this.resolve(stream.dict.get('N'));
    const first = this.resolve(stream.dict.get('First'));
    if (typeof n !== 'number' || typeof first !== 'number' || n < 0 || n > MAX_OBJECTS_IN_STREAM) return objects;
    let data: Buffer;
    try {
      data = this.decodeStream(stream, MAX_OBJSTM_BYTES, 'an object stream');
    } catch (err) {
      if (err instanceof PdfReadError && err.code === 'MALFORMED') return objects;
      throw err;
    }
    const header = data.toString('latin1', 0, Math.min(first, data.length)).trim().split(/\s+/).map(Number);
    for (let i = 0; i + 1 < header.length && i / 2 < n; i += 2) {
      const objNum = header[i];
      const offset = first + header[i + 1];
      if (!Number.isInteger(objNum) || !Number.isInteger(offset) || offset >= data.length || objects.has(objNum)) continue;
      try {
        objects.set(objNum, new Parser(data, offset).value());
      } catch (err) {
        if (!(err instanceof PdfReadError && err.code === 'MALFORMED')) throw err;
      }
    }
    return objects;
  }

  /** In a scanned (damaged) file, objects of object streams the scan found, for numbers no header gave. */
  loadScannedObjectStreams(): void {
    if (!this.scanned) return;
    for (const num of this.objectNumbers) {
      const v = this.object(num);
      const type = v instanceof PdfStream ? v.dict.get('Type') : undefined;
      if (!(type instanceof PdfName) || type.value !== 'ObjStm') continue;
      for (const [objNum, value] of this.objectStream(num)) {
        if (!this.entries.has(objNum)) {
          this.entries.set(objNum, { kind: 'stream', stream: num, index: 0 });
          this.cache.set(objNum, value);
        }
      }
    }
  }
}

function textString(v: PdfValue): string | null {
  if (!(v instanceof PdfString)) return null;
  const b = v.bytes;
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
    const body = Buffer.from(b.subarray(2, 2 + ((b.length - 2) & ~1)));
    return body.swap16().toString('utf16le');
  }
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return b.subarray(3).toString('utf8');
  return b.toString('latin1');
}

function baseName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? name).trim().toLowerCase();
}

function xmlText(bytes: Buffer): string {
  const prolog = bytes.toString('latin1', 0, Math.min(bytes.length, 200));
  const encoding = /encoding\s*=\s*["']([^"']+)["']/i.exec(prolog)?.[1]?.toLowerCase();
  if (encoding === 'iso-8859-1' || encoding === 'latin1' || encoding === 'windows-1252') return bytes.toString('latin1');
  return new TextDecoder('utf-8').decode(bytes);
}

interface FileSpecCandidate {
  fileName: string;
  spec: PdfDict;
}

function collectNameTree(pdf: PdfFile, root: PdfValue, out: FileSpecCandidate[]): void {
  const seen = new Set<PdfValue>();
  const stack: { node: PdfValue; depth: number }[] = [{ node: root, depth: 0 }];
  let visited = 0;
  while (stack.length > 0) {
    const { node: ref, depth } = stack.pop()!;
    const node = pdf.resolve(ref);
    if (!(node instanceof PdfDict) || seen.has(node) || depth > 32) continue;
    seen.add(node);
    if (++visited > MAX_NAME_TREE_NODES) throw malformed('embedded files name tree is too large');
    const names = pdf.resolve(node.get('Names'));
    if (Array.isArray(names)) {
      for (let i = 0; i + 1 < names.length; i += 2) {
        const spec = pdf.resolve(names[i + 1]);
        const key = textString(pdf.resolve(names[i]));
        if (spec instanceof PdfDict) out.push({ fileName: specName(pdf, spec) ?? key ?? '', spec });
      }
    }
    const kids = pdf.resolve(node.get('Kids'));
    if (Array.isArray(kids)) for (const kid of kids) stack.push({ node: kid, depth: depth + 1 });
  }
}

function specName(pdf: PdfFile, spec: PdfDict): string | null {
  return textString(pdf.resolve(spec.get('UF'))) ?? textString(pdf.resolve(spec.get('F')));
}

function findCatalog(pdf: PdfFile, trailers: PdfDict[]): PdfDict | null {
  for (let i = trailers.length - 1; i >= 0; i--) {
    const root = pdf.resolve(trailers[i].get('Root'));
    if (root instanceof PdfDict) return root;
  }
  const nums = pdf.objectNumbers;
  for (let i = nums.length - 1; i >= 0; i--) {
    const v = pdf.object(nums[i]);
    const type = v instanceof PdfDict ? v.get('Type') : undefined;
    if (v instanceof PdfDict && type instanceof PdfName && type.value === 'Catalog') return v;
  }
  return null;
}

/**
 * Finds the Factur-X / ZUGFeRD / XRechnung XML embedded in a PDF. Returns null when the PDF
 * carries none; throws PdfReadError when the bytes are not a readable PDF.
 */
export function extractEmbeddedInvoiceXml(pdf: Buffer): EmbeddedInvoiceXml | null {
  try {
    return extract(pdf);
  } catch (err) {
    if (err instanceof PdfReadError) throw err;
    // Anything else (e.g. a stack overflow on a pathological file) is a damaged PDF too.
    throw malformed(err instanceof Error ? err.message : String(err));
  }
}

function extract(pdf: Buffer): EmbeddedInvoiceXml | null {
  if (!isPdf(pdf)) throw new PdfReadError('NOT_PDF', 'Not a PDF: the %PDF- signature is missing');
  if (pdf.length > MAX_PDF_BYTES) {
    throw new PdfReadError('TOO_LARGE', `PDF larger than ${MAX_PDF_BYTES / 1048576} MiB`);
  }
  const file = new PdfFile(pdf);
  file.loadScannedObjectStreams();
  const trailers = file.trailers();
  if (trailers.some((t) => t.get('Encrypt') !== undefined && t.get('Encrypt') !== null)) {
    throw new PdfReadError('ENCRYPTED', 'Encrypted PDFs are not supported');
  }
  const catalog = findCatalog(file, trailers);
  if (!catalog) throw malformed('no document catalog found (truncated or damaged file)');

  const candidates: FileSpecCandidate[] = [];
  const names = file.resolve(catalog.get('Names'));
  if (names instanceof PdfDict) collectNameTree(file, names.get('EmbeddedFiles') ?? null, candidates);
  const af = file.resolve(catalog.get('AF'));
  if (Array.isArray(af)) {
    for (const item of af.slice(0, 1000)) {
      const spec = file.resolve(item);
      if (spec instanceof PdfDict) candidates.push({ fileName: specName(file, spec) ?? '', spec });
    }
  }
  if (candidates.length === 0) {
    // Some producers attach the file without listing it in the catalog.
    for (const num of file.objectNumbers) {
      const v = file.object(num);
      if (v instanceof PdfDict && file.resolve(v.get('EF')) instanceof PdfDict) {
        candidates.push({ fileName: specName(file, v) ?? '', spec: v });
      }
    }
  }

  for (const wanted of INVOICE_FILE_NAMES) {
    const match = candidates.find((c) => baseName(c.fileName) === wanted);
    if (!match) continue;
    const ef = file.resolve(match.spec.get('EF'));
    if (!(ef instanceof PdfDict)) throw malformed(`${match.fileName} has no embedded file stream`);
    const stream = file.resolve(ef.get('F') ?? ef.get('UF'));
    if (!(stream instanceof PdfStream)) throw malformed(`${match.fileName} has no embedded file stream`);
    const bytes = file.decodeStream(stream, MAX_XML_BYTES, match.fileName);
    return { fileName: match.fileName, xml: xmlText(bytes) };
  }
  return null;
}
