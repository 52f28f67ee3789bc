// Owns the lean DOM that the XML parser builds: plain classes with the subset of the W3C Node API the
// conformance rules, the XPath evaluator and the invoice readers use (nodeType, names, namespaceURI,
// parent/child/sibling links, textContent, attributes, getAttribute), and the interned name strings
// the parser and the XPath name tests share. Nothing else: no live collections, no mutation methods,
// no serializer.

export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

/** Any node of a parsed document. `nodeType` tells them apart (and narrows the type). */
export type XmlNode = XmlDocument | XmlElement | XmlAttr | XmlText | XmlCData | XmlComment | XmlProcessingInstruction;
/** A node that can be the child of a document or an element. */
export type XmlChildNode = XmlElement | XmlText | XmlCData | XmlComment | XmlProcessingInstruction;
/** A node that can have children. */
export type XmlParentNode = XmlDocument | XmlElement;

/** The links every node has; leaves (attributes, text, comments) keep `firstChild` null. */
abstract class Linked {
  /**
   * Position in document order, set by the parser on the document (0), its elements and their
   * attributes (an element, then its attributes, then its children): comparing two of these orders
   * them as XPath does. 0 on nodes built otherwise; see XmlDocument.ordered.
   */
  order = 0;
  parentNode: XmlParentNode | null = null;
  firstChild: XmlChildNode | null = null;
  lastChild: XmlChildNode | null = null;
  nextSibling: XmlChildNode | null = null;
}

/** XPath string-value of a parent: its text and CDATA descendants, concatenated. */
function stringValue(node: XmlParentNode): string {
  const only = node.firstChild;
  if (only && only === node.lastChild && (only.nodeType === 3 || only.nodeType === 4)) return only.data;
  let s = '';
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3 || c.nodeType === 4) s += c.data;
    else if (c.nodeType === 1) s += stringValue(c);
  }
  return s;
}

export class XmlDocument extends Linked {
  readonly nodeType = 9 as const;
  readonly nodeName = '#document';
  readonly ownerDocument = null;
  readonly nodeValue = null;
  /** Set by the parser: a parsed document always has exactly one root element. */
  documentElement!: XmlElement;
  /**
   * True when the parser numbered the elements and attributes in document order (`order`). Whoever
   * relinks nodes afterwards (a test fixture does) makes the numbers stale: only a document left as
   * parsed may be read with them (the conformance check's memoized XPath).
   */
  ordered = false;

  /** The string-value of the document (W3C says null; the XPath string-value is more useful). */
  get textContent(): string {
    return stringValue(this);
  }
}

const NO_ATTRIBUTES: readonly XmlAttr[] = Object.freeze([]);

export class XmlElement extends Linked {
  readonly nodeType = 1 as const;
  readonly nodeValue = null;
  attributes: readonly XmlAttr[] = NO_ATTRIBUTES;

  constructor(
    /** The qualified name as written (`ram:ID`). */
    readonly nodeName: string,
    readonly prefix: string | null,
    readonly localName: string,
    readonly namespaceURI: string | null,
    readonly ownerDocument: XmlDocument,
  ) {
    super();
  }

  get textContent(): string {
    return stringValue(this);
  }

  /** The value of the attribute with this qualified name, or null. */
  getAttribute(name: string): string | null {
    const attrs = this.attributes;
    for (let i = 0; i < attrs.length; i++) if (attrs[i].name === name) return attrs[i].value;
    return null;
  }
}

export class XmlAttr extends Linked {
  readonly nodeType = 2 as const;
  ownerElement: XmlElement | null = null;

  constructor(
    /** The qualified name as written (`schemeID`, `xmlns:ram`). */
    readonly name: string,
    readonly prefix: string | null,
    readonly localName: string,
    readonly namespaceURI: string | null,
    /** The normalised value: references decoded, whitespace characters turned into spaces. */
    readonly value: string,
    readonly ownerDocument: XmlDocument,
  ) {
    super();
  }

  get nodeName(): string {
    return this.name;
  }

  get nodeValue(): string {
    return this.value;
  }

  get textContent(): string {
    return this.value;
  }
}

abstract class CharacterData extends Linked {
  constructor(
    readonly data: string,
    readonly ownerDocument: XmlDocument,
  ) {
    super();
  }

  get nodeValue(): string {
    return this.data;
  }

  get textContent(): string {
    return this.data;
  }
}

export class XmlText extends CharacterData {
  readonly nodeType = 3 as const;
  readonly nodeName = '#text';
}

export class XmlCData extends CharacterData {
  readonly nodeType = 4 as const;
  readonly nodeName = '#cdata-section';
}

export class XmlComment extends CharacterData {
  readonly nodeType = 8 as const;
  readonly nodeName = '#comment';
}

export class XmlProcessingInstruction extends CharacterData {
  readonly nodeType = 7 as const;

  constructor(
    readonly target: string,
    data: string,
    ownerDocument: XmlDocument,
  ) {
    super(data, ownerDocument);
  }

  get nodeName(): string {
    return this.target;
  }
}

const NAMES = new Map<string, string>();
const MAX_NAMES = 10_000;
const MAX_INTERNED_LENGTH = 200;

/**
 * One shared string object per distinct name or namespace URI, so that the XPath name tests (which
 * intern theirs too) compare identical strings: this halves the time of the conformance rules.
 * Copied flat first, since a slice of a document would keep the whole document alive. Bounded in count
 * and length, whatever documents are parsed: past the bounds, names simply stay as they are.
 */
export function internName(name: string): string {
  const known = NAMES.get(name);
  if (known !== undefined) return known;
  if (NAMES.size >= MAX_NAMES || name.length > MAX_INTERNED_LENGTH) return name;
  const flat = Array.from(name).join('');
  NAMES.set(flat, flat);
  return flat;
}

/** Appends a child as the parent's last child (the parser builds the tree in document order). */
export function appendChild(parent: XmlParentNode, child: XmlChildNode): void {
  child.parentNode = parent;
  if (parent.lastChild) parent.lastChild.nextSibling = child;
  else parent.firstChild = child;
  parent.lastChild = child;
}
