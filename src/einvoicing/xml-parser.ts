// Owns turning untrusted XML text into the lean DOM of dom.ts: a strict, non-validating XML 1.0 +
// Namespaces parser. No DTD is ever read (so no external entity, no entity expansion, no I/O): only the
// five predefined entities and character references exist. Anything not well-formed is refused rather
// than repaired, and the element count, nesting depth and attributes per element are bounded so that
// walkers stay safe. It scans with indexOf/charCodeAt and validates each distinct name once per
// document; every step is linear in the input (duplicate attributes are found through a map, not by
// comparing each attribute with all those before it).
import { ValidationError } from '../errors.js';
import {
  XML_NAMESPACE,
  XMLNS_NAMESPACE,
  XmlAttr,
  XmlCData,
  XmlComment,
  XmlDocument,
  XmlElement,
  XmlProcessingInstruction,
  XmlText,
  type XmlParentNode,
  appendChild,
  internName,
} from './dom.js';

/** The XML was refused: too big, carries a DTD, or is not well-formed. */
export class UnsafeXmlError extends ValidationError {
  constructor(message: string) {
    super([{ field: 'xml', message }], message);
    this.name = 'UnsafeXmlError';
  }
}

export interface ParseLimits {
  /** Most elements a document may have. */
  maxElements: number;
  /** Deepest nesting of elements (the root is at depth 1). */
  maxDepth: number;
  /** Most attributes (namespace declarations included) one element may carry. */
  maxAttributes: number;
}

const DTD_REFUSED = 'XML documents with a DOCTYPE or entity declarations are refused.';
const NOT_WELL_FORMED = 'The XML document is not well-formed: ';

// XML 1.0 (5th edition) Name characters, without ':' (an NCName): a QName is NCName or NCName:NCName.
const NAME_START =
  'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040`;
const NCNAME = `[${NAME_START}][${NAME_CHAR}]*`;
// eslint-disable-next-line no-misleading-character-class -- XML's name production: combining marks (U+0300–U+036F) are name characters
const QNAME = new RegExp(`^(?:${NCNAME}:)?${NCNAME}$`, 'u');
/** Characters XML 1.0 does not allow anywhere, even as references: controls, U+FFFE/F, lone surrogates. */
// eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are what this matches
const FORBIDDEN_CHAR = /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A pre-check several times faster than FORBIDDEN_CHAR, but which also flags every surrogate. */
const NOT_BMP_XML_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD]/;
const XML_DECLARATION =
  /^\s+version\s*=\s*(["'])1\.[0-9]+\1(?:\s+encoding\s*=\s*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:\s+standalone\s*=\s*(["'])(?:yes|no)\3)?\s*$/;
const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

interface QName {
  qname: string;
  prefix: string | null;
  local: string;
}

/** Parses a whole document; throws UnsafeXmlError on the first problem. */
export function parseXmlDocument(source: string, limits: ParseLimits): XmlDocument {
  refuseDtd(source);
  // XML processors see every CR LF and lone CR as LF (XML 1.0 §2.11), before anything else.
  const src = source.indexOf('\r') === -1 ? source : source.replace(/\r\n?/g, '\n');
  // The exact check (which accepts surrogate pairs, i.e. characters beyond U+FFFF) only runs when the
  // quick one finds something.
  const forbidden = NOT_BMP_XML_CHAR.test(src) ? FORBIDDEN_CHAR.exec(src) : null;
  if (forbidden) {
    const code = forbidden[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw notWellFormed(src, forbidden.index, `the character U+${code} is not allowed in XML`);
  }
  return new Parser(src, limits).parse();
}

/**
 * Any DOCTYPE or ENTITY declaration is refused, wherever it appears (even inside a comment or a CDATA
 * section, to stay on the safe side): a DTD is the only way to external entities and entity bombs.
 */
function refuseDtd(src: string): void {
  for (let k = src.indexOf('<!'); k !== -1; k = src.indexOf('<!', k + 2)) {
    const c = src.charCodeAt(k + 2);
    if (c === 45 || c === 91) continue; // `<!-` comment, `<![` CDATA
    const word = src.slice(k + 2, k + 9).toUpperCase();
    if (word === 'DOCTYPE' || word.startsWith('ENTITY')) throw new UnsafeXmlError(DTD_REFUSED);
  }
}

function notWellFormed(src: string, pos: number, detail: string): UnsafeXmlError {
  let line = 1;
  let lineStart = 0;
  for (let k = src.indexOf('\n'); k !== -1 && k < pos; k = src.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return new UnsafeXmlError(`${NOT_WELL_FORMED}${detail} (line ${line}, column ${pos - lineStart + 1}).`);
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

class Parser {
  private readonly doc = new XmlDocument();
  private parent: XmlParentNode = this.doc;
  private depth = 0;
  private elements = 0;
  /** The last document-order number given (the document has 0). */
  private order = 0;
  /** Each distinct qualified name, validated and split once per document. */
  private readonly names = new Map<string, QName>();
  /** In-scope namespace bindings by prefix; '' is the default namespace ('' as a value: none). */
  private readonly bindings = new Map<string, string>([['xml', XML_NAMESPACE]]);
  /** Bindings replaced by an element's declarations, restored when that element ends. */
  private readonly shadowed: { depth: number; prefix: string; previous: string | undefined }[] = [];

  constructor(
    private readonly src: string,
    private readonly limits: ParseLimits,
  ) {}

  parse(): XmlDocument {
    const src = this.src;
    const n = src.length;
    let i = src.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (src.startsWith('<?xml', i) && (isSpace(src.charCodeAt(i + 5)) || src.startsWith('?>', i + 5))) i = this.xmlDeclaration(i);
    for (;;) {
      const lt = src.indexOf('<', i);
      const end = lt === -1 ? n : lt;
      if (end > i) this.text(i, end);
      if (lt === -1) break;
      const c = src.charCodeAt(lt + 1);
      if (c === 47) i = this.endTag(lt);
      else if (c === 33) i = this.markup(lt);
      else if (c === 63) i = this.processingInstruction(lt);
      else i = this.startTag(lt);
    }
    if (this.parent.nodeType === 1) throw this.fail(n, `the element <${this.parent.nodeName}> is not closed`);
    if (!this.doc.documentElement) throw new UnsafeXmlError('The XML document has no root element.');
    this.doc.ordered = true;
    return this.doc;
  }

  private fail(pos: number, detail: string): UnsafeXmlError {
    return notWellFormed(this.src, pos, detail);
  }

  private xmlDeclaration(start: number): number {
    const close = this.src.indexOf('?>', start + 5);
    if (close === -1 || !XML_DECLARATION.test(this.src.slice(start + 5, close))) throw this.fail(start, 'the XML declaration is malformed');
    return close + 2;
  }

  private text(start: number, end: number): void {
    const src = this.src;
    if (this.parent.nodeType === 9) {
      for (let k = start; k < end; k++) {
        if (!isSpace(src.charCodeAt(k)))
          throw this.fail(k, this.doc.documentElement ? 'text after the root element' : 'text before the root element');
      }
      return;
    }
    const raw = src.slice(start, end);
    const cdataEnd = raw.indexOf(']]>');
    if (cdataEnd !== -1) throw this.fail(start + cdataEnd, '"]]>" is not allowed in text');
    appendChild(this.parent, new XmlText(raw.indexOf('&') === -1 ? raw : this.decode(raw, start), this.doc));
  }

  /** Replaces the predefined entities and character references; anything else is an error. */
  private decode(raw: string, offset: number): string {
    let out = '';
    let last = 0;
    for (let amp = raw.indexOf('&'); amp !== -1; amp = raw.indexOf('&', last)) {
      const semi = raw.indexOf(';', amp + 1);
      if (semi === -1) throw this.fail(offset + amp, 'a "&" must start an entity or character reference ending with ";"');
      const name = raw.slice(amp + 1, semi);
      let char = PREDEFINED[name];
      if (char === undefined || !Object.prototype.hasOwnProperty.call(PREDEFINED, name)) {
        let cp = NaN;
        if (/^#[0-9]{1,7}$/.test(name)) cp = parseInt(name.slice(1), 10);
        else if (/^#x[0-9A-Fa-f]{1,6}$/.test(name)) cp = parseInt(name.slice(2), 16);
        else
          throw this.fail(
            offset + amp,
            `the entity reference &${clip(name)}; is not defined (only &lt; &gt; &amp; &apos; &quot; exist without a DTD)`,
          );
        if (!isXmlChar(cp)) throw this.fail(offset + amp, `the character reference &${name}; is not a character allowed in XML`);
        char = String.fromCodePoint(cp);
      }
      out += raw.slice(last, amp) + char;
      last = semi + 1;
    }
    return out + raw.slice(last);
  }

  /** The name written at src[start, end), validated the first time it is seen. */
  private name(start: number, end: number): QName {
    const written = this.src.slice(start, end);
    let q = this.names.get(written);
    if (q) return q;
    if (!QNAME.test(written)) throw this.fail(start, `"${clip(written)}" is not a valid XML name`);
    const colon = written.indexOf(':');
    const qname = internName(written);
    q =
      colon === -1
        ? { qname, prefix: null, local: qname }
        : { qname, prefix: internName(written.slice(0, colon)), local: internName(written.slice(colon + 1)) };
    this.names.set(written, q);
    return q;
  }

  private startTag(lt: number): number {
    const src = this.src;
    const n = src.length;
    let p = lt + 1;
    for (; p < n; p++) {
      const c = src.charCodeAt(p);
      if (c <= 32 || c === 62 || c === 47) break;
    }
    if (p === lt + 1) throw this.fail(lt, 'a "<" must start a tag (write &lt; in text)');
    const q = this.name(lt + 1, p);

    let names: QName[] | null = null; // of the attributes
    let values: string[] | null = null;
    let empty = false;
    for (;;) {
      const before = p;
      while (p < n && isSpace(src.charCodeAt(p))) p++;
      if (p >= n) throw this.fail(lt, `the start tag <${q.qname}> is not closed`);
      const c = src.charCodeAt(p);
      if (c === 62) {
        p++;
        break;
      }
      if (c === 47) {
        if (src.charCodeAt(p + 1) !== 62) throw this.fail(p, `expected "/>" to end <${q.qname}>`);
        p += 2;
        empty = true;
        break;
      }
      if (p === before) throw this.fail(p, `attributes of <${q.qname}> must be separated by whitespace`);
      if (names !== null && names.length >= this.limits.maxAttributes) {
        throw new UnsafeXmlError(
          `The XML element <${q.qname}> has more than ${this.limits.maxAttributes} attributes (the limit per element).`,
        );
      }
      const nameStart = p;
      for (; p < n; p++) {
        const k = src.charCodeAt(p);
        if (k <= 32 || k === 61 || k === 62 || k === 47) break;
      }
      if (p === nameStart) throw this.fail(p, `"${String.fromCharCode(src.charCodeAt(p))}" cannot start an attribute name`);
      const attrName = this.name(nameStart, p);
      const name = attrName.qname;
      while (p < n && isSpace(src.charCodeAt(p))) p++;
      if (src.charCodeAt(p) !== 61) throw this.fail(nameStart, `the attribute "${clip(name)}" of <${q.qname}> has no value`);
      p++;
      while (p < n && isSpace(src.charCodeAt(p))) p++;
      const quote = src.charCodeAt(p);
      if (quote !== 34 && quote !== 39) throw this.fail(p, `the value of the attribute "${clip(name)}" must be quoted with ' or "`);
      const close = src.indexOf(quote === 34 ? '"' : "'", p + 1);
      if (close === -1) throw this.fail(p, `the value of the attribute "${clip(name)}" is not closed`);
      let value = src.slice(p + 1, close);
      const ltInValue = value.indexOf('<');
      if (ltInValue !== -1) throw this.fail(p + 1 + ltInValue, `"<" is not allowed in the value of the attribute "${clip(name)}"`);
      // Attribute-value normalisation (XML 1.0 §3.3.3): literal whitespace characters become spaces,
      // then references are replaced (so &#10; stays a line feed).
      if (value.indexOf('\n') !== -1 || value.indexOf('\t') !== -1) value = value.replace(/[\n\t]/g, ' ');
      if (value.indexOf('&') !== -1) value = this.decode(value, p + 1);
      (names ??= []).push(attrName);
      (values ??= []).push(value);
      p = close + 1;
    }

    if (++this.elements > this.limits.maxElements)
      throw new UnsafeXmlError(`The XML document has more than ${this.limits.maxElements} elements.`);
    const depth = this.depth + 1;
    if (depth > this.limits.maxDepth)
      throw new UnsafeXmlError(`The XML document nests elements deeper than ${this.limits.maxDepth} levels.`);
    if (names) this.declareNamespaces(names, values!, depth, lt);
    const el = new XmlElement(q.qname, q.prefix, q.local, this.elementNamespace(q, lt), this.doc);
    el.order = ++this.order;
    if (names) this.attributes(el, names, values!, lt);

    const parent = this.parent;
    if (parent.nodeType === 9) {
      if (parent.documentElement) throw this.fail(lt, `a second root element <${q.qname}> (a document has exactly one)`);
      parent.documentElement = el;
    }
    appendChild(parent, el);
    if (empty) this.unbind(depth);
    else {
      this.parent = el;
      this.depth = depth;
    }
    return p;
  }

  private declareNamespaces(names: QName[], values: string[], depth: number, pos: number): void {
    for (let k = 0; k < names.length; k++) {
      const q = names[k];
      let prefix: string;
      if (q.qname === 'xmlns') prefix = '';
      else if (q.prefix === 'xmlns') prefix = q.local;
      else continue;
      const uri = values[k];
      if (prefix === 'xmlns') throw this.fail(pos, 'the prefix "xmlns" cannot be declared');
      if ((prefix === 'xml') !== (uri === XML_NAMESPACE))
        throw this.fail(pos, `the prefix "xml" is bound to ${XML_NAMESPACE} and nothing else is`);
      if (uri === XMLNS_NAMESPACE) throw this.fail(pos, `no prefix can be bound to ${XMLNS_NAMESPACE}`);
      if (prefix !== '' && uri === '') throw this.fail(pos, `the prefix "${prefix}" cannot be undeclared in XML 1.0`);
      this.shadowed.push({ depth, prefix, previous: this.bindings.get(prefix) });
      this.bindings.set(prefix, internName(uri));
    }
  }

  /** Restores the bindings the element at `depth` replaced. */
  private unbind(depth: number): void {
    const shadowed = this.shadowed;
    while (shadowed.length > 0 && shadowed[shadowed.length - 1].depth === depth) {
      const { prefix, previous } = shadowed.pop()!;
      if (previous === undefined) this.bindings.delete(prefix);
      else this.bindings.set(prefix, previous);
    }
  }

  private elementNamespace(q: QName, pos: number): string | null {
    if (q.prefix === null) return this.bindings.get('') || null;
    const uri = this.bindings.get(q.prefix);
    if (uri === undefined) throw this.fail(pos, `the namespace prefix "${q.prefix}" of <${q.qname}> is not declared`);
    return uri;
  }

  private attributes(el: XmlElement, names: QName[], values: string[], pos: number): void {
    const attrs: XmlAttr[] = [];
    // Written names, and expanded names ({uri}local) to the written name that took them first.
    const written = new Set<string>();
    const expanded = new Map<string, string>();
    for (let k = 0; k < names.length; k++) {
      const q = names[k];
      let uri: string | null = null;
      if (q.qname === 'xmlns' || q.prefix === 'xmlns') uri = XMLNS_NAMESPACE;
      else if (q.prefix !== null) {
        const bound = this.bindings.get(q.prefix);
        if (bound === undefined)
          throw this.fail(pos, `the namespace prefix "${q.prefix}" of the attribute ${q.qname} on <${el.nodeName}> is not declared`);
        uri = bound;
      }
      if (written.has(q.qname)) throw this.fail(pos, `the attribute ${q.qname} appears twice on <${el.nodeName}>`);
      written.add(q.qname);
      if (uri !== null) {
        const key = `${uri} ${q.local}`;
        const other = expanded.get(key);
        if (other !== undefined) throw this.fail(pos, `the attribute ${q.qname} appears twice on <${el.nodeName}> (as ${other})`);
        expanded.set(key, q.qname);
      }
      const attr = new XmlAttr(q.qname, q.prefix, q.local, uri, values[k], this.doc);
      attr.ownerElement = el;
      attr.order = ++this.order;
      attrs.push(attr);
    }
    el.attributes = attrs;
  }

  private endTag(lt: number): number {
    const src = this.src;
    const el = this.parent;
    let p = lt + 2;
    if (el.nodeType === 1 && src.startsWith(el.nodeName, p)) {
      p += el.nodeName.length;
      while (p < src.length && isSpace(src.charCodeAt(p))) p++;
      if (p >= src.length) throw this.fail(lt, `the end tag </${el.nodeName}> is not closed`);
      if (src.charCodeAt(p) === 62) {
        this.unbind(this.depth);
        this.depth--;
        this.parent = el.parentNode!;
        return p + 1;
      }
    }
    let end = lt + 2;
    while (end < src.length && !isSpace(src.charCodeAt(end)) && src.charCodeAt(end) !== 62) end++;
    const found = `</${clip(src.slice(lt + 2, end))}>`;
    throw this.fail(
      lt,
      el.nodeType === 1 ? `the end tag ${found} does not match the start tag <${el.nodeName}>` : `the end tag ${found} has no start tag`,
    );
  }

  /** `<!--…-->` and `<![CDATA[…]]>`; DOCTYPE was refused before parsing, anything else is an error. */
  private markup(lt: number): number {
    const src = this.src;
    if (src.startsWith('--', lt + 2)) {
      const close = src.indexOf('--', lt + 4);
      if (close === -1) throw this.fail(lt, 'a comment is not closed');
      if (src.charCodeAt(close + 2) !== 62) throw this.fail(close, '"--" is not allowed inside a comment');
      appendChild(this.parent, new XmlComment(src.slice(lt + 4, close), this.doc));
      return close + 3;
    }
    if (src.startsWith('[CDATA[', lt + 2)) {
      if (this.parent.nodeType === 9) throw this.fail(lt, 'a CDATA section outside the root element');
      const close = src.indexOf(']]>', lt + 9);
      if (close === -1) throw this.fail(lt, 'a CDATA section is not closed');
      appendChild(this.parent, new XmlCData(src.slice(lt + 9, close), this.doc));
      return close + 3;
    }
    throw this.fail(lt, '"<!" must start a comment or a CDATA section');
  }

  private processingInstruction(lt: number): number {
    const src = this.src;
    let p = lt + 2;
    while (p < src.length && !isSpace(src.charCodeAt(p)) && src.charCodeAt(p) !== 63) p++;
    const target = src.slice(lt + 2, p);
    if (target.toLowerCase() === 'xml') throw this.fail(lt, 'the XML declaration is only allowed at the very start of the document');
    if (!QNAME.test(target) || target.includes(':')) throw this.fail(lt, `"${clip(target)}" is not a valid processing instruction target`);
    const close = src.indexOf('?>', p);
    if (close === -1) throw this.fail(lt, 'a processing instruction is not closed');
    if (close > p && !isSpace(src.charCodeAt(p)))
      throw this.fail(p, `the processing instruction target "${clip(target)}" must be followed by whitespace`);
    while (p < close && isSpace(src.charCodeAt(p))) p++;
    appendChild(this.parent, new XmlProcessingInstruction(target, src.slice(p, close), this.doc));
    return close + 2;
  }
}
