// Structural inspection of a PDF through pdf-lib (an independent parser): page texts decoded via
// the fonts' ToUnicode maps, fonts and whether they are embedded, XMP, OutputIntents, attached
// files. Used by the tests and handy when debugging what the renderer produced.
import { createHash } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  decodePDFRawStream,
  type PDFObject,
} from 'pdf-lib';

export interface InspectedFont {
  baseFont: string;
  subtype: string;
  embedded: boolean;
}

export interface InspectedFileSpec {
  name: string;
  relationship: string | null;
  mimeType: string | null;
  inCatalogAF: boolean;
}

export interface PdfInspection {
  header: string;
  pageCount: number;
  pageTexts: string[];
  fonts: InspectedFont[];
  xmp: string | null;
  outputIntents: { subtype: string; hasProfile: boolean }[];
  fileSpecs: InspectedFileSpec[];
  embeddedFileNames: string[];
  /** The files attached through a file specification, with their decoded bytes. */
  attachments: { name: string; content: Uint8Array }[];
}

function streamBytes(stream: PDFObject | undefined): Uint8Array | null {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  if (stream instanceof PDFStream) return stream.getContents();
  return null;
}

function nameOf(v: PDFObject | undefined): string | null {
  return v instanceof PDFName ? v.asString() : null;
}

function textOf(v: PDFObject | undefined): string | null {
  return v instanceof PDFString || v instanceof PDFHexString ? v.decodeText() : null;
}

/** Parses the bfchar / bfrange sections of a ToUnicode CMap. */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexToText = (hex: string): string => {
    let s = '';
    for (let i = 0; i + 4 <= hex.length; i += 4) s += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
    return s;
  };
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of section[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) map.set(parseInt(m[1], 16), hexToText(m[2]));
  }
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of section[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]*>)/g)) {
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      if (m[3].startsWith('[')) {
        const items = [...m[3].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((x) => x[1].replace(/\s+/g, ''));
        for (let c = lo; c <= hi && c - lo < items.length; c++) map.set(c, hexToText(items[c - lo]));
      } else {
        const base = parseInt(m[3].slice(1, -1).replace(/\s+/g, ''), 16);
        for (let c = lo; c <= hi; c++) map.set(c, String.fromCharCode(base + c - lo));
      }
    }
  }
  return map;
}

function decodeShow(hex: string, cmap: Map<number, string> | undefined): string {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) {
    const code = parseInt(hex.slice(i, i + 4), 16);
    out += cmap?.get(code) ?? '\uFFFD';
  }
  return out;
}

function pageText(doc: PDFDocument, pageIndex: number): string {
  const page = doc.getPage(pageIndex);
  const cmaps = new Map<string, Map<number, string>>();
  const fonts = page.node.Resources()?.lookup(PDFName.of('Font'));
  if (fonts instanceof PDFDict) {
    for (const [key, ref] of fonts.entries()) {
      const font = doc.context.lookup(ref);
      if (!(font instanceof PDFDict)) continue;
      const bytes = streamBytes(font.lookup(PDFName.of('ToUnicode')));
      if (bytes) cmaps.set(key.decodeText(), parseToUnicode(Buffer.from(bytes).toString('latin1')));
    }
  }
  const contents = page.node.Contents();
  const streams: PDFObject[] =
    contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)!) : contents ? [contents] : [];
  const lines: string[] = [];
  for (const s of streams) {
    const bytes = streamBytes(s);
    if (!bytes) continue;
    const content = Buffer.from(bytes).toString('latin1');
    let font: string | undefined;
    let current = '';
    for (const m of content.matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bET\b/g)) {
      if (m[1] !== undefined) font = m[1];
      else if (m[2] !== undefined) {
        for (const h of m[2].matchAll(/<([0-9a-fA-F]*)>/g)) current += decodeShow(h[1], font ? cmaps.get(font) : undefined);
      } else if (m[3] !== undefined) current += decodeShow(m[3], font ? cmaps.get(font) : undefined);
      else {
        if (current) lines.push(current);
        current = '';
      }
    }
    if (current) lines.push(current);
  }
  return lines.join('\n');
}

export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const header = Buffer.from(bytes.subarray(0, 8)).toString('latin1');
  const fonts: InspectedFont[] = [];
  const fileSpecs: InspectedFileSpec[] = [];
  const attachments: PdfInspection['attachments'] = [];
  const catalogAF = doc.catalog.lookup(PDFName.of('AF'));
  const afRefs = new Set(catalogAF instanceof PDFArray ? catalogAF.asArray().map((r) => (r instanceof PDFRef ? r.toString() : '')) : []);
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFDict ? obj : null;
    if (!dict) continue;
    const type = nameOf(dict.get(PDFName.of('Type')));
    if (type === '/Font') {
      const subtype = nameOf(dict.get(PDFName.of('Subtype'))) ?? '';
      if (subtype === '/CIDFontType0' || subtype === '/CIDFontType2') continue; // checked via their Type0
      let descriptorHolder: PDFDict = dict;
      if (subtype === '/Type0') {
        const descendants = dict.lookup(PDFName.of('DescendantFonts'));
        const first = descendants instanceof PDFArray ? descendants.lookup(0) : undefined;
        if (first instanceof PDFDict) descriptorHolder = first;
      }
      const descriptor = descriptorHolder.lookup(PDFName.of('FontDescriptor'));
      const embedded =
        subtype === '/Type3' ||
        (descriptor instanceof PDFDict && ['FontFile', 'FontFile2', 'FontFile3'].some((k) => descriptor.get(PDFName.of(k)) !== undefined));
      fonts.push({ baseFont: nameOf(dict.get(PDFName.of('BaseFont'))) ?? '', subtype, embedded });
    } else if (type === '/Filespec') {
      const ef = dict.lookup(PDFName.of('EF'));
      const file = ef instanceof PDFDict ? ef.lookup(PDFName.of('F')) : undefined;
      const fileDict = file instanceof PDFRawStream || file instanceof PDFStream ? file.dict : null;
      const name = textOf(dict.get(PDFName.of('UF'))) ?? textOf(dict.get(PDFName.of('F'))) ?? '';
      const content = streamBytes(file);
      if (content) attachments.push({ name, content });
      fileSpecs.push({
        name,
        relationship: nameOf(dict.get(PDFName.of('AFRelationship'))),
        mimeType: fileDict ? nameOf(fileDict.get(PDFName.of('Subtype'))) : null,
        inCatalogAF: afRefs.has(ref.toString()),
      });
    }
  }
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
  const xmpBytes = streamBytes(metadata);
  const intents = doc.catalog.lookup(PDFName.of('OutputIntents'));
  const outputIntents =
    intents instanceof PDFArray
      ? intents.asArray().map((r) => {
          const d = doc.context.lookup(r);
          return {
            subtype: d instanceof PDFDict ? (nameOf(d.get(PDFName.of('S'))) ?? '') : '',
            hasProfile: d instanceof PDFDict && d.get(PDFName.of('DestOutputProfile')) !== undefined,
          };
        })
      : [];
  const embeddedFileNames: string[] = [];
  const names = doc.catalog.lookup(PDFName.of('Names'));
  const tree = names instanceof PDFDict ? names.lookup(PDFName.of('EmbeddedFiles')) : undefined;
  const treeNames = tree instanceof PDFDict ? tree.lookup(PDFName.of('Names')) : undefined;
  if (treeNames instanceof PDFArray) {
    for (let i = 0; i < treeNames.size(); i += 2) embeddedFileNames.push(textOf(treeNames.get(i)) ?? '');
  }
  const pageCount = doc.getPageCount();
  return {
    header,
    pageCount,
    pageTexts: Array.from({ length: pageCount }, (_v, i) => pageText(doc, i)),
    fonts,
    xmp: xmpBytes ? Buffer.from(xmpBytes).toString('utf8') : null,
    outputIntents,
    fileSpecs,
    embeddedFileNames,
    attachments,
  };
}

export interface PdfaByteFacts {
  /** Every embedded file stream: its /Params /CheckSum as bytes and the MD5 of its decoded content. */
  embeddedFiles: { checkSum: Uint8Array | null; checkSumIsHex: boolean; md5: Uint8Array; size: number | null; length: number }[];
  /** `obj N: /Key and /key` for every dictionary (nested ones included) that has a key and its lower-case twin. */
  twinKeys: string[];
  /** The Info dictionary's dates, as ISO 8601 UTC instants (`2026-11-22T12:00:00Z`). */
  info: { creationDate: string | null; modDate: string | null };
  /** The XMP's xmp: dates, as written. */
  xmp: { createDate: string | null; modifyDate: string | null; metadataDate: string | null };
}

/** `D:YYYYMMDDHHmmSSZ` (or with an offset `+HH'mm'`) as an ISO instant in UTC. */
function pdfDateToIso(text: string | null): string | null {
  const m = text ? /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|([+-])(\d{2})'?(\d{2})'?)?$/.exec(text) : null;
  if (!m) return text;
  const utc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  const offset = m[8] ? (m[8] === '+' ? 1 : -1) * (+m[9] * 60 + +m[10]) * 60_000 : 0;
  return `${new Date(utc - offset).toISOString().split('.')[0]}Z`;
}

/**
 * What a strict PDF/A validator checks at the byte level and pdf-lib's object model hides: the
 * embedded files' checksums against their content, dictionary keys, and the Info/XMP dates.
 */
export async function pdfaByteFacts(bytes: Uint8Array): Promise<PdfaByteFacts> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const embeddedFiles: PdfaByteFacts['embeddedFiles'] = [];
  const twinKeys: string[] = [];
  const visit = (dict: PDFDict, where: string, seen: Set<PDFDict>): void => {
    if (seen.has(dict)) return;
    seen.add(dict);
    const keys = dict.keys().map((k) => k.decodeText());
    for (const k of keys)
      if (k !== k.toLowerCase() && keys.includes(k.toLowerCase())) twinKeys.push(`${where}: /${k} and /${k.toLowerCase()}`);
    for (const [, v] of dict.entries()) {
      if (v instanceof PDFDict) visit(v, where, seen);
      else if (v instanceof PDFArray) for (const item of v.asArray()) if (item instanceof PDFDict) visit(item, where, seen);
    }
  };
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFDict ? obj : obj instanceof PDFRawStream || obj instanceof PDFStream ? obj.dict : null;
    if (!dict) continue;
    visit(dict, `obj ${ref.objectNumber}`, new Set());
    if (nameOf(dict.get(PDFName.of('Type'))) !== '/EmbeddedFile') continue;
    const content = streamBytes(obj) ?? new Uint8Array();
    const params = dict.lookup(PDFName.of('Params'));
    const sum = params instanceof PDFDict ? params.get(PDFName.of('CheckSum')) : undefined;
    const size = params instanceof PDFDict ? params.get(PDFName.of('Size')) : undefined;
    embeddedFiles.push({
      checkSum: sum instanceof PDFHexString || sum instanceof PDFString ? sum.asBytes() : null,
      checkSumIsHex: sum instanceof PDFHexString,
      md5: new Uint8Array(createHash('md5').update(content).digest()),
      size: size instanceof PDFNumber ? size.asNumber() : null,
      length: content.length,
    });
  }
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  const infoDate = (key: string): string | null => (info instanceof PDFDict ? pdfDateToIso(textOf(info.lookup(PDFName.of(key)))) : null);
  const xmpText = Buffer.from(streamBytes(doc.catalog.lookup(PDFName.of('Metadata'))) ?? new Uint8Array()).toString('utf8');
  const xmpValue = (name: string): string | null => new RegExp(`<xmp:${name}>([^<]*)</xmp:${name}>`).exec(xmpText)?.[1] ?? null;
  return {
    embeddedFiles,
    twinKeys,
    info: { creationDate: infoDate('CreationDate'), modDate: infoDate('ModDate') },
    xmp: { createDate: xmpValue('CreateDate'), modifyDate: xmpValue('ModifyDate'), metadataDate: xmpValue('MetadataDate') },
  };
}
