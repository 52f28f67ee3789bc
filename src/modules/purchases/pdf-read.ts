// Reads the e-invoice XML (Factur-X / ZUGFeRD / XRechnung) embedded in an uploaded PDF.
// Uploaded PDFs are untrusted: this is a small synchronous parser with hard bounds on input size,
// decompressed sizes, nesting depth and object counts. It locates objects by scanning for
// "N G obj" (so a broken xref table does not matter), resolves the catalog's EmbeddedFiles name
// tree and /AF array, and falls back to any file specification in the file.
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

class PdfFile {
  private readonly offsets = new Map<number, number[]>();
  private readonly cache = new Map<number, PdfValue>();
  private readonly inStreams = new Map<number, PdfValue>();
  private objectStreamsLoaded = false;
  private inflatedTotal = 0;
  private readonly resolving = new Set<number>();

  constructor(private readonly buf: Buffer) {
    const text = buf.toString('latin1');
    const re = /(\d{1,10})[ \t\r\n\f\0]+(\d{1,5})[ \t\r\n\f\0]+obj(?![A-Za-z0-9])/g;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const num = Number(m[1]);
      const list = this.offsets.get(num);
      if (list) list.push(m.index);
      else this.offsets.set(num, [m.index]);
    }
  }

  get objectNumbers(): number[] {
    return [...this.offsets.keys()];
  }

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
    const parms = this.resolve(stream.dict.get('DecodeParms'));
    const predictor = parms instanceof PdfDict ? this.resolve(parms.get('Predictor')) : null;
    if (typeof predictor === 'number' && predictor > 1) {
      throw new PdfReadError('UNSUPPORTED', `Unreadable PDF: ${what} uses a Flate predictor`);
    }
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
      let value: PdfValue | undefined;
      const offsets = this.offsets.get(num) ?? [];
      // The last definition wins (incremental updates); fall back to earlier ones if it is damaged.
      for (let i = offsets.length - 1; i >= 0 && value === undefined; i--) {
        try {
          value = this.parseAt(offsets[i]);
        } catch (err) {
          if (err instanceof PdfReadError && err.code !== 'MALFORMED') throw err;
        }
      }
      if (value === undefined) {
        this.loadObjectStreams();
        value = this.inStreams.get(num) ?? null;
      }
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

  /** Objects compressed inside object streams (PDF 1.5+), parsed once on first miss. */
  private loadObjectStreams(): void {
    if (this.objectStreamsLoaded) return;
    this.objectStreamsLoaded = true;
    for (const num of this.objectNumbers) {
      const stream = this.object(num);
      if (!(stream instanceof PdfStream)) continue;
      const type = stream.dict.get('Type');
      if (!(type instanceof PdfName) || type.value !== 'ObjStm') continue;
      const n = this.resolve(stream.dict.get('N'));
      const first = this.resolve(stream.dict.get('First'));
      if (typeof n !== 'number' || typeof first !== 'number' || n < 0 || n > MAX_OBJECTS_IN_STREAM) continue;
      let data: Buffer;
      try {
        data = this.decodeStream(stream, MAX_OBJSTM_BYTES, 'an object stream');
      } catch (err) {
        if (err instanceof PdfReadError && err.code === 'MALFORMED') continue;
        throw err;
      }
      const header = data.toString('latin1', 0, Math.min(first, data.length)).trim().split(/\s+/).map(Number);
      for (let i = 0; i + 1 < header.length && i / 2 < n; i += 2) {
        const objNum = header[i];
        const offset = first + header[i + 1];
        if (!Number.isInteger(objNum) || !Number.isInteger(offset) || offset >= data.length) continue;
        if (this.inStreams.has(objNum)) continue;
        try {
          this.inStreams.set(objNum, new Parser(data, offset).value());
        } catch (err) {
          if (!(err instanceof PdfReadError && err.code === 'MALFORMED')) throw err;
        }
      }
    }
  }

  /** Trailer dictionaries: classic "trailer" sections and cross-reference stream dictionaries. */
  trailers(): PdfDict[] {
    const found: PdfDict[] = [];
    for (let at = this.buf.indexOf('trailer', 0, 'latin1'); at >= 0; at = this.buf.indexOf('trailer', at + 7, 'latin1')) {
      try {
        const p = new Parser(this.buf, at + 7);
        const v = p.value();
        if (v instanceof PdfDict) found.push(v);
      } catch {
        // A damaged trailer is skipped; the catalog can still be found by its /Type.
      }
    }
    if (found.some((t) => t.get('Root') !== undefined)) return found;
    for (const num of this.objectNumbers) {
      const v = this.object(num);
      const type = v instanceof PdfStream ? v.dict.get('Type') : undefined;
      if (v instanceof PdfStream && type instanceof PdfName && type.value === 'XRef') found.push(v.dict);
    }
    return found;
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
