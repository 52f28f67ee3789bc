// Owns the one safe way to read XML we did not write: bounded size, no DTD at all (so no external
// entity, no entity expansion), namespace-aware XPath helpers, and XPath locations for findings.
import { DOMParser } from '@xmldom/xmldom';
import { ValidationError } from '../errors.js';
import { type CompiledXPath, type ElementIndex, buildElementIndex, compileXPath } from './xpath-compile.js';

export const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ubl: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  ublcn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** 5 MB of XML is far beyond any real invoice; anything larger is refused before parsing. */
export const DEFAULT_MAX_XML_BYTES = 5 * 1024 * 1024;
/** Bounds the DOM size independently of byte size (many tiny elements). */
const MAX_ELEMENTS = 200_000;

/** The XML was refused: too big, carries a DTD, or is not well-formed. */
export class UnsafeXmlError extends ValidationError {
  constructor(message: string) {
    super([{ field: 'xml', message }], message);
    this.name = 'UnsafeXmlError';
  }
}

export interface ParseOptions {
  maxBytes?: number;
}

/**
 * Parses untrusted XML. Any DOCTYPE (internal subset or external DTD) is refused outright, which rules
 * out XXE and entity-expansion bombs; xmldom never fetches anything, so no I/O can happen either.
 */
export function parseXml(source: string, options: ParseOptions = {}): Document {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_XML_BYTES;
  if (typeof source !== 'string' || source.length === 0) throw new UnsafeXmlError('The XML document is empty.');
  if (Buffer.byteLength(source, 'utf8') > maxBytes) {
    throw new UnsafeXmlError(`The XML document exceeds ${maxBytes} bytes.`);
  }
  if (/<!DOCTYPE/i.test(source) || /<!ENTITY/i.test(source)) {
    throw new UnsafeXmlError('XML documents with a DOCTYPE or entity declarations are refused.');
  }
  let elements = 0;
  for (let i = source.indexOf('<'); i !== -1; i = source.indexOf('<', i + 1)) {
    if (++elements > MAX_ELEMENTS) throw new UnsafeXmlError(`The XML document has more than ${MAX_ELEMENTS} tags.`);
  }
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new UnsafeXmlError(`The XML document is not well-formed: ${message}`);
    },
  });
  let doc: unknown;
  try {
    doc = parser.parseFromString(source.replace(/^\uFEFF/, ''), 'application/xml');
  } catch (err) {
    if (err instanceof UnsafeXmlError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new UnsafeXmlError(`The XML document is not well-formed: ${message}`);
  }
  const document = doc as Document;
  if (!document || !document.documentElement) throw new UnsafeXmlError('The XML document has no root element.');
  if ((document as { doctype?: unknown }).doctype) throw new UnsafeXmlError('XML documents with a DOCTYPE are refused.');
  return document;
}

/** Namespace-aware XPath over a parsed document, with the prefixes of NS. */
export interface XPath {
  nodes(expr: string, ctx?: Node): Node[];
  node(expr: string, ctx?: Node): Node | null;
  /** String value of the first match, trimmed ('' when absent). */
  str(expr: string, ctx?: Node): string;
  exists(expr: string, ctx?: Node): boolean;
  /** Evaluates an XPath 1.0 expression returning a boolean, number or string. */
  value(expr: string, ctx?: Node): string | number | boolean;
}

export interface XPathOptions {
  /**
   * Remembers the result of context-free expressions (absolute paths, `//` searches) and indexes the
   * document's elements once. Only for a document that is not modified while the XPath object is in use
   * (the conformance check); the returned node arrays are then shared and frozen.
   */
  memoize?: boolean;
}

const EMPTY: readonly Node[] = Object.freeze([]);

/**
 * Each expression is compiled once (see xpath-compile.ts): the path subset the rules use walks the DOM
 * directly, anything else is parsed once and evaluated by the xpath package.
 */
export function xpathFor(doc: Document, options: XPathOptions = {}): XPath {
  const root = doc as unknown as Node;
  let index: ElementIndex | null = null;
  const getIndex = options.memoize ? () => (index ??= buildElementIndex(root)) : undefined;
  const memo = options.memoize ? new Map<string, Node[]>() : null;
  const memoized = (expr: string, compiled: CompiledXPath, ctx: Node): Node[] => {
    let result = memo!.get(expr);
    if (!result) {
      const found = compiled.nodes(ctx, getIndex);
      result = found.length === 0 ? (EMPTY as Node[]) : (Object.freeze(found) as Node[]); // a fresh array
      memo!.set(expr, result);
    }
    return result;
  };
  const nodes = (expr: string, ctx: Node = root): Node[] => {
    const compiled = compileXPath(expr, NS);
    return memo && compiled.absolute ? memoized(expr, compiled, ctx) : compiled.nodes(ctx, getIndex);
  };
  const first = (expr: string, ctx: Node = root): Node | null => {
    const compiled = compileXPath(expr, NS);
    return memo && compiled.absolute ? (memoized(expr, compiled, ctx)[0] ?? null) : compiled.first(ctx, getIndex);
  };
  return {
    nodes,
    node: first,
    str: (expr, ctx) => {
      const found = first(expr, ctx);
      return found ? (found.textContent ?? '').trim() : '';
    },
    exists: (expr, ctx) => first(expr, ctx) !== null,
    value: (expr, ctx = root) => {
      const result = compileXPath(expr, NS).evaluate(ctx);
      if (typeof result === 'string' || typeof result === 'number' || typeof result === 'boolean') return result;
      const first = result[0];
      return first ? (first.textContent ?? '') : '';
    },
  };
}

const PREFIX_BY_NS: Record<string, string> = Object.fromEntries(Object.entries(NS).map(([p, uri]) => [uri, p]));

/** Absolute XPath of a node, with positional predicates: /rsm:CrossIndustryInvoice/.../ram:ID[2]. */
export function nodePath(node: Node | null): string | null {
  if (!node) return null;
  const parts: string[] = [];
  let current: Node | null = node;
  while (current && current.nodeType !== 9) {
    if (current.nodeType === 2) {
      const attr = current as Attr;
      parts.unshift(`@${attr.name}`);
      current = attr.ownerElement;
      continue;
    }
    if (current.nodeType !== 1) {
      current = current.parentNode;
      continue;
    }
    const el = current as Element;
    const prefix = el.namespaceURI ? PREFIX_BY_NS[el.namespaceURI] : undefined;
    const name = prefix ? `${prefix}:${el.localName}` : el.nodeName;
    let index = 1;
    let total = 0;
    const parent = el.parentNode;
    if (parent) {
      for (let sib = parent.firstChild; sib; sib = sib.nextSibling) {
        if (sib.nodeType === 1 && (sib as Element).localName === el.localName && (sib as Element).namespaceURI === el.namespaceURI) {
          total++;
          if (sib === el) index = total;
        }
      }
    }
    parts.unshift(total > 1 ? `${name}[${index}]` : name);
    current = el.parentNode;
  }
  return '/' + parts.join('/');
}
