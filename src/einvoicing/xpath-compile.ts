// Owns compiling the XPath expressions of the conformance rules once, into direct DOM walks.
// The rules only use a small subset of XPath 1.0: location paths of child steps (`ram:X`), `*`, `.`,
// `..`, `@attr`, a leading `//`, unions `|`, and equality predicates `[ram:X='v']` / `[@a='v']`.
// That subset is evaluated here without the `xpath` package; anything else (functions, positions,
// operators, other axes) is parsed once by the `xpath` package and evaluated by it, exactly as before.
//
// Faithfulness notes (same verdicts as the previous `xpath.useNamespaces(...)` evaluation):
// - `xpath` treats an xmldom document as HTML (xmldom's hasFeature() is always true), so element and
//   attribute name tests compare local names case-insensitively; the fast path does the same.
// - Node-sets come back in document order without duplicates, as `xpath` returns them.
// - Predicates compare the XPath string-value (text and CDATA descendants, untrimmed).
import xpath from 'xpath';

/** Prefix → namespace URI mapping the expressions are resolved against. */
export type Namespaces = Readonly<Record<string, string>>;

interface NameTest {
  ns: string;
  local: string;
  lower: string;
}

type Predicate = { kind: 'child'; name: NameTest; literal: string } | { kind: 'attr'; name: NameTest; literal: string };

type Step =
  | { kind: 'child'; name: NameTest; preds: Predicate[] }
  | { kind: 'anyChild' }
  | { kind: 'attr'; name: NameTest }
  | { kind: 'parent' }
  | { kind: 'self' };

interface FastPath {
  /** 'relative' starts at the context node, 'absolute' at its document, 'descendant' is `//first/...`. */
  start: 'relative' | 'absolute' | 'descendant';
  steps: Step[];
}

export interface CompiledXPath {
  /** True when the result does not depend on the context node (beyond its document). */
  readonly absolute: boolean;
  /** The node-set selected, in document order ([] when the expression is not a node-set). */
  nodes(context: Node, index?: () => ElementIndex): Node[];
  /** The first node of the node-set in document order (null when empty or not a node-set). */
  first(context: Node, index?: () => ElementIndex): Node | null;
  /** Evaluates to a string, number or boolean, or the node-set as an array of nodes. */
  evaluate(context: Node): string | number | boolean | Node[];
}

// ---------------------------------------------------------------------------------------------
// Parsing of the fast subset. Returns null for anything outside it.

const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function splitTopLevel(expr: string, sep: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i]!;
    if (quote) {
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '[') depth++;
    else if (ch === ']') {
      if (--depth < 0) return null;
    } else if (ch === sep && depth === 0) {
      parts.push(expr.slice(start, i));
      start = i + 1;
    }
  }
  if (quote || depth !== 0) return null;
  parts.push(expr.slice(start));
  return parts;
}

function nameTest(qname: string, namespaces: Namespaces): NameTest | null {
  const colon = qname.indexOf(':');
  if (colon === -1) return null; // unprefixed names: left to the xpath package
  const prefix = qname.slice(0, colon);
  const local = qname.slice(colon + 1);
  if (!NCNAME.test(prefix) || !NCNAME.test(local) || !Object.prototype.hasOwnProperty.call(namespaces, prefix)) return null;
  const ns = namespaces[prefix];
  if (!ns) return null;
  return { ns, local, lower: local.toLowerCase() };
}

function attrTest(name: string): NameTest | null {
  if (!NCNAME.test(name)) return null;
  return { ns: '', local: name, lower: name.toLowerCase() };
}

function parsePredicate(body: string, namespaces: Namespaces): Predicate | null {
  const eq = body.indexOf('=');
  if (eq <= 0) return null;
  const left = body.slice(0, eq);
  const right = body.slice(eq + 1);
  if (right.length < 2) return null;
  const q = right[0];
  if ((q !== "'" && q !== '"') || right[right.length - 1] !== q) return null;
  const literal = right.slice(1, -1);
  if (literal.includes(q)) return null;
  if (left.startsWith('@')) {
    const name = attrTest(left.slice(1));
    return name ? { kind: 'attr', name, literal } : null;
  }
  const name = nameTest(left, namespaces);
  return name ? { kind: 'child', name, literal } : null;
}

function parseStep(text: string, namespaces: Namespaces): Step | null {
  if (text === '.') return { kind: 'self' };
  if (text === '..') return { kind: 'parent' };
  if (text === '*') return { kind: 'anyChild' };
  if (text.startsWith('@')) {
    const name = attrTest(text.slice(1));
    return name ? { kind: 'attr', name } : null;
  }
  const bracket = text.indexOf('[');
  const name = nameTest(bracket === -1 ? text : text.slice(0, bracket), namespaces);
  if (!name) return null;
  const preds: Predicate[] = [];
  let rest = bracket === -1 ? '' : text.slice(bracket);
  while (rest.length > 0) {
    if (rest[0] !== '[') return null;
    // Find the closing bracket outside quotes.
    let quote: string | null = null;
    let end = -1;
    for (let i = 1; i < rest.length; i++) {
      const ch = rest[i]!;
      if (quote) {
        if (ch === quote) quote = null;
      } else if (ch === "'" || ch === '"') quote = ch;
      else if (ch === '[') return null;
      else if (ch === ']') {
        end = i;
        break;
      }
    }
    if (end === -1) return null;
    const pred = parsePredicate(rest.slice(1, end), namespaces);
    if (!pred) return null;
    preds.push(pred);
    rest = rest.slice(end + 1);
  }
  return { kind: 'child', name, preds };
}

function parsePath(text: string, namespaces: Namespaces): FastPath | null {
  let start: FastPath['start'] = 'relative';
  let body = text;
  if (body.startsWith('//')) {
    start = 'descendant';
    body = body.slice(2);
  } else if (body.startsWith('/')) {
    start = 'absolute';
    body = body.slice(1);
  }
  const parts = splitTopLevel(body, '/');
  if (!parts || parts.some((p) => p.length === 0)) return null; // '/' alone, or '//' mid-path
  const steps: Step[] = [];
  for (const part of parts) {
    const step = parseStep(part, namespaces);
    if (!step) return null;
    steps.push(step);
  }
  if (start === 'descendant' && steps[0]?.kind !== 'child') return null;
  return { start, steps };
}

function parseFast(expr: string, namespaces: Namespaces): FastPath[] | null {
  if (/\s/.test(expr.replace(/'[^']*'|"[^"]*"/g, '').replace(/\s*\|\s*/g, '|'))) return null;
  const branches = splitTopLevel(expr.trim(), '|');
  if (!branches) return null;
  const paths: FastPath[] = [];
  for (const branch of branches) {
    const path = parsePath(branch.trim(), namespaces);
    if (!path) return null;
    paths.push(path);
  }
  return paths.length > 0 ? paths : null;
}

// ---------------------------------------------------------------------------------------------
// Evaluation of the fast subset.

function nameMatches(actual: string | null, test: NameTest): boolean {
  if (!actual) return false;
  if (actual === test.local) return true;
  // Same case-insensitive comparison as xpath's localNameMatches (lower-casing never shortens a
  // string and only non-ASCII characters lengthen one, so the ASCII test name needs equal lengths).
  return actual.length === test.local.length && actual.toLowerCase() === test.lower;
}

function elementMatches(el: Element, test: NameTest): boolean {
  return el.namespaceURI === test.ns && nameMatches(el.localName || el.nodeName, test);
}

function attrMatches(attr: Attr, test: NameTest): boolean {
  return !attr.namespaceURI && nameMatches(attr.localName || attr.nodeName, test);
}

/** XPath string-value of an element: its text and CDATA descendants, concatenated. */
function stringValue(node: Node): string {
  let s = '';
  for (let c = node.firstChild; c; c = c.nextSibling) {
    const t = c.nodeType;
    if (t === 1) s += stringValue(c);
    else if (t === 3 || t === 4) s += c.nodeValue ?? '';
  }
  return s;
}

function predicatesHold(el: Element, preds: Predicate[]): boolean {
  for (const pred of preds) {
    let ok = false;
    if (pred.kind === 'child') {
      for (let c = el.firstChild; c && !ok; c = c.nextSibling) {
        if (c.nodeType === 1 && elementMatches(c as Element, pred.name) && stringValue(c) === pred.literal) ok = true;
      }
    } else {
      const attrs = el.attributes;
      for (let i = 0; attrs && i < attrs.length && !ok; i++) {
        const a = attrs.item(i);
        if (a && attrMatches(a, pred.name) && (a.value || a.nodeValue || '') === pred.literal) ok = true;
      }
    }
    if (!ok) return false;
  }
  return true;
}

function documentOf(node: Node): Node {
  return node.nodeType === 9 ? node : (node.ownerDocument as unknown as Node | null) ?? node;
}

/** Every element of a document by exact local name, in document order (for `//` searches). */
export type ElementIndex = Map<string, Element[]>;

/** Builds the element index of a document in one walk. */
export function buildElementIndex(doc: Node): ElementIndex {
  const index: ElementIndex = new Map();
  const visit = (node: Node) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      const el = c as Element;
      const key = el.localName || el.nodeName;
      const list = index.get(key);
      if (list) list.push(el);
      else index.set(key, [el]);
      visit(el);
    }
  };
  visit(doc);
  return index;
}

function descendants(doc: Node, test: NameTest, index?: () => ElementIndex): Node[] {
  if (index) {
    const found: Element[][] = [];
    for (const [name, list] of index()) if (nameMatches(name, test)) found.push(list.filter((el) => el.namespaceURI === test.ns));
    if (found.length === 0) return [];
    if (found.length === 1) return found[0]!;
    return sortUnique(found.flat()); // the same name written in several letter cases
  }
  const out: Node[] = [];
  const visit = (node: Node) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      if (elementMatches(c as Element, test)) out.push(c);
      visit(c);
    }
  };
  visit(doc);
  return out;
}

/** Position of a node among its parent's child nodes (attributes come before children). */
function chain(node: Node): Node[] {
  const nodes: Node[] = [];
  for (let n: Node | null = node; n; n = n.nodeType === 2 ? ((n as Attr).ownerElement as Node | null) : n.parentNode) nodes.push(n);
  return nodes.reverse();
}

function compareDocumentOrder(a: Node, b: Node): number {
  if (a === b) return 0;
  const ca = chain(a);
  const cb = chain(b);
  let i = 0;
  while (i < ca.length && i < cb.length && ca[i] === cb[i]) i++;
  if (i === ca.length) return -1; // a is an ancestor of b
  if (i === cb.length) return 1;
  const x = ca[i]!;
  const y = cb[i]!;
  if (x.nodeType === 2 && y.nodeType !== 2) return -1;
  if (y.nodeType === 2 && x.nodeType !== 2) return 1;
  if (x.nodeType === 2 && y.nodeType === 2) {
    const attrs = (x as Attr).ownerElement?.attributes;
    for (let k = 0; attrs && k < attrs.length; k++) {
      const item = attrs.item(k);
      if (item === x) return -1;
      if (item === y) return 1;
    }
    return 0;
  }
  for (let s = x.nextSibling; s; s = s.nextSibling) if (s === y) return -1;
  return 1;
}

function sortUnique(nodes: Node[]): Node[] {
  const unique = [...new Set(nodes)];
  return unique.length > 1 ? unique.sort(compareDocumentOrder) : unique;
}

function evalPath(path: FastPath, context: Node, index?: () => ElementIndex): Node[] {
  let current: Node[];
  let stepIndex = 0;
  // `sameDepth`: the set is in document order and all its nodes are at one depth, so child, attribute
  // and parent steps keep it in document order (a parent step only repeats a node consecutively).
  let sameDepth = true;
  if (path.start === 'descendant') {
    const first = path.steps[0] as Extract<Step, { kind: 'child' }>;
    const all = descendants(documentOf(context), first.name, index);
    current = first.preds.length > 0 ? all.filter((n) => predicatesHold(n as Element, first.preds)) : all;
    stepIndex = 1;
    sameDepth = false;
  } else {
    current = [path.start === 'absolute' ? documentOf(context) : context];
  }
  for (; stepIndex < path.steps.length && current.length > 0; stepIndex++) {
    const step = path.steps[stepIndex]!;
    let next: Node[] = [];
    switch (step.kind) {
      case 'self':
        next = current;
        break;
      case 'parent':
        for (const n of current) {
          const p = n.nodeType === 2 ? ((n as Attr).ownerElement as Node | null) : n.parentNode;
          if (p && next[next.length - 1] !== p) next.push(p);
        }
        break;
      case 'anyChild':
        for (const n of current) {
          for (let c = n.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) next.push(c);
        }
        break;
      case 'attr':
        for (const n of current) {
          if (n.nodeType !== 1) continue;
          const attrs = (n as Element).attributes;
          for (let i = 0; attrs && i < attrs.length; i++) {
            const a = attrs.item(i);
            if (a && attrMatches(a, step.name)) next.push(a);
          }
        }
        break;
      case 'child':
        for (const n of current) {
          for (let c = n.firstChild; c; c = c.nextSibling) {
            if (c.nodeType === 1 && elementMatches(c as Element, step.name) && (step.preds.length === 0 || predicatesHold(c as Element, step.preds))) next.push(c);
          }
        }
        break;
    }
    current = !sameDepth && next.length > 1 ? sortUnique(next) : next;
  }
  return current;
}

/**
 * First node of a path without a leading `//`, depth-first: each step maps a document-ordered set of
 * same-depth nodes to a document-ordered set, so the first complete match found is the first in order.
 */
function firstFrom(steps: Step[], i: number, node: Node): Node | null {
  if (i === steps.length) return node;
  const step = steps[i]!;
  switch (step.kind) {
    case 'self':
      return firstFrom(steps, i + 1, node);
    case 'parent': {
      const p = node.nodeType === 2 ? ((node as Attr).ownerElement as Node | null) : node.parentNode;
      return p ? firstFrom(steps, i + 1, p) : null;
    }
    case 'anyChild':
      for (let c = node.firstChild; c; c = c.nextSibling) {
        if (c.nodeType !== 1) continue;
        const found = firstFrom(steps, i + 1, c);
        if (found) return found;
      }
      return null;
    case 'attr': {
      if (node.nodeType !== 1) return null;
      const attrs = (node as Element).attributes;
      for (let k = 0; attrs && k < attrs.length; k++) {
        const a = attrs.item(k);
        if (!a || !attrMatches(a, step.name)) continue;
        const found = firstFrom(steps, i + 1, a);
        if (found) return found;
      }
      return null;
    }
    case 'child':
      for (let c = node.firstChild; c; c = c.nextSibling) {
        if (c.nodeType !== 1 || !elementMatches(c as Element, step.name)) continue;
        if (step.preds.length > 0 && !predicatesHold(c as Element, step.preds)) continue;
        const found = firstFrom(steps, i + 1, c);
        if (found) return found;
      }
      return null;
  }
}

/** Union of non-empty, document-ordered, duplicate-free node-sets. */
function union(parts: Node[][]): Node[] {
  // Common case: the branches select disjoint ranges of the document (e.g. line items, then totals):
  // ordering the branches by their first node is then enough.
  const byFirst = [...parts].sort((a, b) => compareDocumentOrder(a[0]!, b[0]!));
  const disjoint = byFirst.every((p, k) => k === 0 || compareDocumentOrder(byFirst[k - 1]![byFirst[k - 1]!.length - 1]!, p[0]!) < 0);
  return disjoint ? byFirst.flat() : sortUnique(parts.flat());
}

// ---------------------------------------------------------------------------------------------
// The xpath package, for everything outside the subset: parsed once, evaluated as
// `xpath.useNamespaces(namespaces)(expr, node)` did (same resolver, same HTML detection).

interface XObject {
  constructor: unknown;
  stringValue(): string;
  numberValue(): number;
  booleanValue(): boolean;
  toArray(): Node[];
}
interface ParsedXPath {
  evaluate(context: unknown): XObject;
}
interface XPathInternals {
  XPathParser: new () => { parse(expr: string): ParsedXPath };
  XPathContext: new () => { namespaceResolver: unknown; expressionContextNode: Node; caseInsensitive: boolean };
  XString: unknown;
  XNumber: unknown;
  XBoolean: unknown;
  XNodeSet: unknown;
}
const X = xpath as unknown as XPathInternals;

function detectHtmlDom(node: Node): boolean {
  const doc = node.nodeType === 9 ? (node as Document) : node.ownerDocument;
  if (!doc) return false;
  try {
    return Boolean(doc.implementation.hasFeature('HTML', '2.0'));
  } catch {
    return true;
  }
}

function slowEvaluator(expr: string, namespaces: Namespaces): (context: Node) => string | number | boolean | Node[] {
  const mappings: Record<string, string> = { ...namespaces };
  const resolver = { getNamespace: (prefix: string) => mappings[prefix] };
  let parsed: ParsedXPath | null = null;
  return (context) => {
    parsed ??= new X.XPathParser().parse(expr); // throws on a syntax error, as before
    const c = new X.XPathContext();
    c.namespaceResolver = resolver;
    c.expressionContextNode = context;
    c.caseInsensitive = detectHtmlDom(context);
    const v = parsed.evaluate(c);
    if (v.constructor === X.XString) return v.stringValue();
    if (v.constructor === X.XNumber) return v.numberValue();
    if (v.constructor === X.XBoolean) return v.booleanValue();
    if (v.constructor === X.XNodeSet) return v.toArray();
    throw new Error(`XPath expression ${expr} has an unsupported result type.`);
  };
}

// ---------------------------------------------------------------------------------------------

function compileUncached(expr: string, namespaces: Namespaces): CompiledXPath {
  const slow = slowEvaluator(expr, namespaces);
  const fast = parseFast(expr, namespaces);
  if (!fast) {
    const nodes = (context: Node): Node[] => {
      const r = slow(context);
      return Array.isArray(r) ? r : [];
    };
    return { absolute: false, nodes, first: (context) => nodes(context)[0] ?? null, evaluate: slow };
  }
  const nodes = (context: Node, index?: () => ElementIndex): Node[] => {
    if (fast.length === 1) return evalPath(fast[0]!, context, index);
    const parts = fast.map((p) => evalPath(p, context, index)).filter((r) => r.length > 0);
    if (parts.length === 0) return [];
    if (parts.length === 1) return parts[0]!;
    return union(parts);
  };
  const single = fast.length === 1 && fast[0]!.start !== 'descendant' ? fast[0]! : null;
  const first = single
    ? (context: Node) => firstFrom(single.steps, 0, single.start === 'absolute' ? documentOf(context) : context)
    : (context: Node, index?: () => ElementIndex) => nodes(context, index)[0] ?? null;
  return { absolute: fast.every((p) => p.start !== 'relative'), nodes, first, evaluate: (context) => nodes(context) };
}

const cache = new Map<Namespaces, Map<string, CompiledXPath>>();
/** Bounds the cache should a caller build expressions from data. */
const MAX_CACHED = 5_000;

/** The compiled form of an expression, built once per expression and namespace map. */
export function compileXPath(expr: string, namespaces: Namespaces): CompiledXPath {
  let byExpr = cache.get(namespaces);
  if (!byExpr) {
    byExpr = new Map();
    cache.set(namespaces, byExpr);
  }
  let compiled = byExpr.get(expr);
  if (!compiled) {
    compiled = compileUncached(expr, namespaces);
    if (byExpr.size >= MAX_CACHED) byExpr.clear();
    byExpr.set(expr, compiled);
  }
  return compiled;
}

/** For tests: whether an expression is evaluated by the fast path rather than the xpath package. */
export function isFastXPath(expr: string, namespaces: Namespaces): boolean {
  return parseFast(expr, namespaces) !== null;
}
