// Owns the one safe way to read XML we did not write (bounded size, no DTD at all, so no external
// entity and no entity expansion; see xml-parser.ts), namespace-aware XPath helpers over the parsed
// document, and XPath locations for findings.
import type { XmlDocument, XmlElement, XmlNode, XmlParentNode } from './dom.js';
import { type ParseLimits, UnsafeXmlError, parseXmlDocument } from './xml-parser.js';
import { type CompiledXPath, type ElementIndex, type EvalEnv, buildElementIndex, compileXPath } from './xpath-compile.js';

export type { XmlAttr, XmlDocument, XmlElement, XmlNode } from './dom.js';
export { UnsafeXmlError } from './xml-parser.js';

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
/** No e-invoice element carries more than a handful of attributes; 256 leaves room for any namespace list. */
export const MAX_XML_ATTRIBUTES = 256;
/**
 * Bound the DOM size independently of byte size (many tiny elements), and the nesting depth so that
 * recursive walkers (string-values, XPath, node paths) cannot exhaust the stack.
 */
const LIMITS: ParseLimits = { maxElements: 200_000, maxDepth: 500, maxAttributes: MAX_XML_ATTRIBUTES };

export interface ParseOptions {
  maxBytes?: number;
}

/**
 * Parses untrusted XML into the lean DOM of dom.ts. Refused, as UnsafeXmlError: empty input, more than
 * `maxBytes`, any DOCTYPE or ENTITY declaration (no DTD is ever read, so no XXE and no entity bomb;
 * nothing is ever fetched), too many or too deeply nested elements, and anything not well-formed.
 */
export function parseXml(source: string, options: ParseOptions = {}): XmlDocument {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_XML_BYTES;
  if (typeof source !== 'string' || source.length === 0) throw new UnsafeXmlError('The XML document is empty.');
  // UTF-8 never takes fewer bytes than UTF-16 code units, so only a long string needs counting.
  if (source.length > maxBytes || (source.length * 3 > maxBytes && Buffer.byteLength(source, 'utf8') > maxBytes)) {
    throw new UnsafeXmlError(`The XML document exceeds ${maxBytes} bytes.`);
  }
  return parseXmlDocument(source, LIMITS);
}

/** Namespace-aware XPath over a parsed document, with the prefixes of NS (subset: see xpath-compile.ts). */
export interface XPath {
  nodes(expr: string, ctx?: XmlNode): XmlNode[];
  node(expr: string, ctx?: XmlNode): XmlNode | null;
  /** String value of the first match, trimmed ('' when absent). */
  str(expr: string, ctx?: XmlNode): string;
  exists(expr: string, ctx?: XmlNode): boolean;
}

export interface XPathOptions {
  /**
   * Remembers the result of context-free expressions (absolute paths, `//` searches) and indexes the
   * document's elements once. Only for a document that is not modified while the XPath object is in use
   * (the conformance check); the returned node arrays are then shared and frozen.
   */
  memoize?: boolean;
}

const EMPTY: readonly XmlNode[] = Object.freeze([]);

/** Each expression is compiled once (see xpath-compile.ts) into a direct walk of the DOM. */
export function xpathFor(doc: XmlDocument, options: XPathOptions = {}): XPath {
  let index: ElementIndex | null = null;
  const env: EvalEnv | undefined = options.memoize
    ? { index: () => (index ??= buildElementIndex(doc)), ordered: doc.ordered, prefixes: new Map<string, XmlNode[]>() }
    : undefined;
  const memo = options.memoize ? new Map<string, XmlNode[]>() : null;
  const memoized = (expr: string, compiled: CompiledXPath, ctx: XmlNode): XmlNode[] => {
    let result = memo!.get(expr);
    if (!result) {
      const found = compiled.nodes(ctx, env);
      result = found.length === 0 ? (EMPTY as XmlNode[]) : (Object.freeze(found) as XmlNode[]);
      memo!.set(expr, result);
    }
    return result;
  };
  const nodes = (expr: string, ctx: XmlNode = doc): XmlNode[] => {
    const compiled = compileXPath(expr, NS);
    return memo && compiled.absolute ? memoized(expr, compiled, ctx) : compiled.nodes(ctx, env);
  };
  const first = (expr: string, ctx: XmlNode = doc): XmlNode | null => {
    const compiled = compileXPath(expr, NS);
    return memo && compiled.absolute ? (memoized(expr, compiled, ctx)[0] ?? null) : compiled.first(ctx, env);
  };
  return {
    nodes,
    node: first,
    str: (expr, ctx) => {
      const found = first(expr, ctx);
      return found ? found.textContent.trim() : '';
    },
    exists: (expr, ctx) => first(expr, ctx) !== null,
  };
}

const PREFIX_BY_NS: Record<string, string> = Object.fromEntries(Object.entries(NS).map(([p, uri]) => [uri, p]));

/** Absolute XPath of a node, with positional predicates: /rsm:CrossIndustryInvoice/.../ram:ID[2]. */
export function nodePath(node: XmlNode | null): string | null {
  if (!node) return null;
  const parts: string[] = [];
  let current: XmlNode | null = node;
  while (current && current.nodeType !== 9) {
    if (current.nodeType === 2) {
      parts.push(`@${current.name}`);
      current = current.ownerElement;
      continue;
    }
    if (current.nodeType !== 1) {
      current = current.parentNode;
      continue;
    }
    const el: XmlElement = current;
    const prefix = el.namespaceURI ? PREFIX_BY_NS[el.namespaceURI] : undefined;
    const name = prefix ? `${prefix}:${el.localName}` : el.nodeName;
    let index = 1;
    let total = 0;
    const parent: XmlParentNode | null = el.parentNode;
    if (parent) {
      for (let sib = parent.firstChild; sib; sib = sib.nextSibling) {
        if (sib.nodeType === 1 && sib.localName === el.localName && sib.namespaceURI === el.namespaceURI) {
          total++;
          if (sib === el) index = total;
        }
      }
    }
    parts.push(total > 1 ? `${name}[${index}]` : name);
    current = parent;
  }
  return '/' + parts.reverse().join('/');
}
