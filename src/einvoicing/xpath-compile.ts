// Owns compiling the XPath expressions of the conformance rules and the invoice readers, once, into
// direct walks over the DOM of dom.ts. Only the subset of XPath 1.0 they use exists here:
// - location paths of child steps `p:name` (or an unprefixed name: no namespace), `*`, `.`, `..`,
//   `@attr`, starting at the context node, at the document (`/…`) or anywhere in it (`//first/…`);
// - unions `a | b`;
// - predicates on a child step, any number of them: `[@a='v']`, `[p:x/p:y='v']` (some node of the
//   relative child path has that string-value), `[@a]` and `[p:x/p:y]` (exists), `[not(@a)]` and
//   `[not(p:x/p:y)]` (does not exist).
// Anything else (functions, positions, operators, other axes) is a programming error: compiling it
// throws. Name tests compare namespace URI and local name exactly, case included, as XML requires.
// Node-sets come back in document order without duplicates, and predicates compare the XPath
// string-value (text and CDATA descendants, untrimmed).
import { type XmlAttr, type XmlDocument, type XmlElement, type XmlNode, internName } from './dom.js';

/** Prefix → namespace URI mapping the expressions are resolved against. */
export type Namespaces = Readonly<Record<string, string>>;

interface NameTest {
  /** null: no namespace (an unprefixed name). */
  ns: string | null;
  local: string;
}

type Predicate =
  | { kind: 'attr'; name: NameTest; literal: string | null; negate: boolean }
  | { kind: 'path'; path: NameTest[]; literal: string | null; negate: boolean };

type Step =
  | { kind: 'child'; name: NameTest; preds: Predicate[] }
  | { kind: 'anyChild' }
  | { kind: 'attr'; name: NameTest }
  | { kind: 'parent' }
  | { kind: 'self' };

interface Path {
  /** 'relative' starts at the context node, 'absolute' at its document, 'descendant' is `//first/...`. */
  start: 'relative' | 'absolute' | 'descendant';
  steps: Step[];
  /** The text of each leading part of the path (`/a`, `/a/b`, …): what EvalEnv.prefixes remembers them by. */
  prefixes: string[];
}

/** Every element of a document by local name, in document order (for `//` searches). */
export type ElementIndex = Map<string, XmlElement[]>;

/** What an evaluation may rely on, for a document that is not modified while it is read. */
export interface EvalEnv {
  /** The document's element index, built on first use. */
  index?: () => ElementIndex;
  /**
   * The node-sets of the leading parts of absolute and `//` paths, by their text: `/a/b/c` and `/a/b/d`
   * walk `/a/b` once (the rules' many paths below the line items share their first steps). The arrays
   * kept are never modified.
   */
  prefixes?: Map<string, XmlNode[]>;
  /**
   * The document is as the parser left it (XmlDocument.ordered): node-sets are put in document order by
   * comparing `order` numbers, not by walking ancestors and siblings (which made a sort of n sibling
   * line items cost n² steps).
   */
  ordered?: boolean;
}

export interface CompiledXPath {
  /** True when the result does not depend on the context node (beyond its document). */
  readonly absolute: boolean;
  /** The node-set selected, in document order. */
  nodes(context: XmlNode, env?: EvalEnv): XmlNode[];
  /** The first node of the node-set in document order, or null. */
  first(context: XmlNode, env?: EvalEnv): XmlNode | null;
}

// ---------------------------------------------------------------------------------------------
// Parsing. Each function throws an Error naming the expression on anything outside the subset.

const NCNAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

class Unsupported extends Error {}

function splitTopLevel(expr: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i];
    if (quote) {
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') {
      if (--depth < 0) throw new Unsupported(`unbalanced "${ch}"`);
    } else if (ch === sep && depth === 0) {
      parts.push(expr.slice(start, i));
      start = i + 1;
    }
  }
  if (quote) throw new Unsupported('unterminated string literal');
  if (depth !== 0) throw new Unsupported('unbalanced brackets');
  parts.push(expr.slice(start));
  return parts;
}

function nameTest(qname: string, namespaces: Namespaces): NameTest {
  const colon = qname.indexOf(':');
  const prefix = colon === -1 ? null : qname.slice(0, colon);
  const local = colon === -1 ? qname : qname.slice(colon + 1);
  if (!NCNAME.test(local) || (prefix !== null && !NCNAME.test(prefix))) throw new Unsupported(`"${qname}" is not a supported name test`);
  if (prefix === null) return { ns: null, local: internName(local) };
  const ns = Object.prototype.hasOwnProperty.call(namespaces, prefix) ? namespaces[prefix] : undefined;
  if (!ns) throw new Unsupported(`the prefix "${prefix}" is not declared`);
  return { ns: internName(ns), local: internName(local) };
}

function literalOf(text: string): string {
  const q = text[0];
  if (text.length < 2 || (q !== "'" && q !== '"') || text[text.length - 1] !== q || text.slice(1, -1).includes(q)) {
    throw new Unsupported(`${text} is not a string literal`);
  }
  return text.slice(1, -1);
}

/** `@a` or a relative path of child name tests `p:x/p:y`, compared to `literal` (null: exists). */
function predicateTarget(text: string, literal: string | null, negate: boolean, namespaces: Namespaces): Predicate {
  if (text.startsWith('@')) return { kind: 'attr', name: nameTest(text.slice(1), namespaces), literal, negate };
  return { kind: 'path', path: text.split('/').map((part) => nameTest(part, namespaces)), literal, negate };
}

function parsePredicate(body: string, namespaces: Namespaces): Predicate {
  const text = body.trim();
  const not = /^not\s*\((.*)\)$/.exec(text);
  if (not) return predicateTarget(not[1].trim(), null, true, namespaces);
  const eq = splitTopLevel(text, '=');
  if (eq.length === 1) return predicateTarget(text, null, false, namespaces);
  if (eq.length !== 2) throw new Unsupported(`predicate [${body}]`);
  return predicateTarget(eq[0].trim(), literalOf(eq[1].trim()), false, namespaces);
}

function parseStep(text: string, namespaces: Namespaces): Step {
  if (text === '.') return { kind: 'self' };
  if (text === '..') return { kind: 'parent' };
  if (text === '*') return { kind: 'anyChild' };
  if (text.startsWith('@')) return { kind: 'attr', name: nameTest(text.slice(1), namespaces) };
  const bracket = text.indexOf('[');
  const name = nameTest(bracket === -1 ? text : text.slice(0, bracket), namespaces);
  const preds: Predicate[] = [];
  let rest = bracket === -1 ? '' : text.slice(bracket);
  while (rest.length > 0) {
    if (rest[0] !== '[') throw new Unsupported(`"${rest}" after a predicate`);
    // The closing bracket outside quotes; predicates do not nest in the subset.
    let quote: string | null = null;
    let end = -1;
    for (let i = 1; i < rest.length && end === -1; i++) {
      const ch = rest[i];
      if (quote) {
        if (ch === quote) quote = null;
      } else if (ch === "'" || ch === '"') quote = ch;
      else if (ch === '[') throw new Unsupported('nested predicates');
      else if (ch === ']') end = i;
    }
    if (end === -1) throw new Unsupported('unclosed predicate');
    preds.push(parsePredicate(rest.slice(1, end), namespaces));
    rest = rest.slice(end + 1);
  }
  return { kind: 'child', name, preds };
}

function parsePath(text: string, namespaces: Namespaces): Path {
  let start: Path['start'] = 'relative';
  let body = text;
  if (body.startsWith('//')) {
    start = 'descendant';
    body = body.slice(2);
  } else if (body.startsWith('/')) {
    start = 'absolute';
    body = body.slice(1);
  }
  const parts = splitTopLevel(body, '/');
  if (parts.some((p) => p.length === 0)) throw new Unsupported('an empty step ("/" alone, or "//" inside a path)');
  const steps = parts.map((part) => parseStep(part, namespaces));
  if (start === 'descendant' && steps[0].kind !== 'child') throw new Unsupported('"//" must be followed by a name test');
  const lead = start === 'descendant' ? '//' : start === 'absolute' ? '/' : '';
  const prefixes = parts.map((_, i) => lead + parts.slice(0, i + 1).join('/'));
  return { start, steps, prefixes };
}

function parse(expr: string, namespaces: Namespaces): Path[] {
  // Whitespace is only allowed inside literals, predicates and around "|".
  if (
    /\s/.test(
      expr
        .replace(/'[^']*'|"[^"]*"/g, '')
        .replace(/\[[^\]]*\]/g, '[]')
        .replace(/\s*\|\s*/g, '|')
        .trim(),
    )
  ) {
    throw new Unsupported('whitespace inside a path');
  }
  return splitTopLevel(expr.trim(), '|').map((branch) => parsePath(branch.trim(), namespaces));
}

// ---------------------------------------------------------------------------------------------
// Evaluation.

function elementMatches(el: XmlElement, test: NameTest): boolean {
  return el.localName === test.local && el.namespaceURI === test.ns;
}

function attrMatches(attr: XmlAttr, test: NameTest): boolean {
  return attr.localName === test.local && attr.namespaceURI === test.ns;
}

/** Whether some node of the child path below `el` exists (literal null) or has that string-value. */
function pathHolds(el: XmlElement, path: NameTest[], k: number, literal: string | null): boolean {
  const test = path[k];
  const last = k === path.length - 1;
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType !== 1 || !elementMatches(c, test)) continue;
    if (last ? literal === null || c.textContent === literal : pathHolds(c, path, k + 1, literal)) return true;
  }
  return false;
}

function predicatesHold(el: XmlElement, preds: Predicate[]): boolean {
  for (const pred of preds) {
    let found = false;
    if (pred.kind === 'path') found = pathHolds(el, pred.path, 0, pred.literal);
    else {
      for (const a of el.attributes) {
        if (attrMatches(a, pred.name) && (pred.literal === null || a.value === pred.literal)) {
          found = true;
          break;
        }
      }
    }
    if (found === pred.negate) return false;
  }
  return true;
}

function documentOf(node: XmlNode): XmlDocument {
  return node.nodeType === 9 ? node : node.ownerDocument;
}

/** The parent in the XPath sense: an attribute's parent is its element. */
function parentOf(node: XmlNode): XmlNode | null {
  return node.nodeType === 2 ? node.ownerElement : node.parentNode;
}

/** Builds the element index of a document in one walk. */
export function buildElementIndex(doc: XmlDocument): ElementIndex {
  const index: ElementIndex = new Map();
  const visit = (node: XmlNode) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      const list = index.get(c.localName);
      if (list) list.push(c);
      else index.set(c.localName, [c]);
      visit(c);
    }
  };
  visit(doc);
  return index;
}

function descendants(doc: XmlDocument, test: NameTest, index?: () => ElementIndex): XmlElement[] {
  if (index) {
    // The index keeps one list per local name, in document order; usually all in the one namespace.
    const list = index().get(test.local);
    if (!list) return [];
    let all = true;
    for (const el of list) if (el.namespaceURI !== test.ns) all = false;
    return all ? list : list.filter((el) => el.namespaceURI === test.ns);
  }
  const out: XmlElement[] = [];
  const visit = (node: XmlNode) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== 1) continue;
      if (elementMatches(c, test)) out.push(c);
      visit(c);
    }
  };
  visit(doc);
  return out;
}

/** The node and its ancestors, root first (an attribute's ancestors are its element's). */
function chain(node: XmlNode): XmlNode[] {
  const nodes: XmlNode[] = [];
  for (let n: XmlNode | null = node; n; n = parentOf(n)) nodes.push(n);
  return nodes.reverse();
}

function compareDocumentOrder(a: XmlNode, b: XmlNode): number {
  if (a === b) return 0;
  const ca = chain(a);
  const cb = chain(b);
  let i = 0;
  while (i < ca.length && i < cb.length && ca[i] === cb[i]) i++;
  if (i === ca.length) return -1; // a is an ancestor of b
  if (i === cb.length) return 1;
  const x = ca[i];
  const y = cb[i];
  // Attributes come after their element and before its children.
  if (x.nodeType === 2 && y.nodeType !== 2) return -1;
  if (y.nodeType === 2 && x.nodeType !== 2) return 1;
  if (x.nodeType === 2 && y.nodeType === 2) {
    const attrs = x.ownerElement?.attributes ?? [];
    return attrs.indexOf(x) - attrs.indexOf(y);
  }
  for (let s = x.nextSibling; s; s = s.nextSibling) if (s === y) return -1;
  return 1;
}

/** Document order by the parser's numbers (see EvalEnv.ordered). */
const byOrder = (a: XmlNode, b: XmlNode): number => a.order - b.order;

function sortUnique(nodes: XmlNode[], ordered: boolean): XmlNode[] {
  if (!ordered) {
    const unique = [...new Set(nodes)];
    return unique.length > 1 ? unique.sort(compareDocumentOrder) : unique;
  }
  // Mostly already in order (child steps from nodes none of which contains another): one pass checks it.
  let sorted = true;
  for (let i = 1; i < nodes.length && sorted; i++) if (nodes[i - 1].order >= nodes[i].order) sorted = false;
  if (sorted) return nodes;
  const all = [...nodes].sort(byOrder);
  const unique: XmlNode[] = [all[0]];
  for (let i = 1; i < all.length; i++) if (all[i] !== all[i - 1]) unique.push(all[i]);
  return unique;
}

function evalPath(path: Path, context: XmlNode, env?: EvalEnv): XmlNode[] {
  const index = env?.index;
  const ordered = env?.ordered === true;
  let current: XmlNode[];
  let stepIndex = 0;
  // `sameDepth`: the set is in document order and all its nodes are at one depth, so child, attribute
  // and parent steps keep it in document order (a parent step only repeats a node consecutively).
  let sameDepth = true;
  const kept = path.start === 'relative' ? undefined : env?.prefixes;
  let from = -1;
  if (kept) {
    for (let i = path.steps.length - 1; i >= 0 && from === -1; i--) if (kept.has(path.prefixes[i])) from = i;
  }
  if (from >= 0) {
    // The longest leading part already walked: its set, as it was after its last step.
    current = kept!.get(path.prefixes[from])!;
    stepIndex = from + 1;
    sameDepth = path.start === 'absolute';
  } else if (path.start === 'descendant') {
    const first = path.steps[0] as Extract<Step, { kind: 'child' }>;
    const all = descendants(documentOf(context), first.name, index);
    current = first.preds.length > 0 ? all.filter((n) => predicatesHold(n, first.preds)) : all;
    stepIndex = 1;
    sameDepth = false;
    kept?.set(path.prefixes[0], current);
  } else {
    current = [path.start === 'absolute' ? documentOf(context) : context];
  }
  for (; stepIndex < path.steps.length; stepIndex++) {
    if (current.length === 0) {
      // Nothing below an empty set: the longer parts are empty too.
      for (; stepIndex < path.steps.length; stepIndex++) kept?.set(path.prefixes[stepIndex], current);
      break;
    }
    const step = path.steps[stepIndex];
    let next: XmlNode[] = [];
    switch (step.kind) {
      case 'self':
        next = current;
        break;
      case 'parent':
        for (const n of current) {
          const p = parentOf(n);
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
          for (const a of n.attributes) if (attrMatches(a, step.name)) next.push(a);
        }
        break;
      case 'child':
        for (const n of current) {
          for (let c = n.firstChild; c; c = c.nextSibling) {
            if (c.nodeType === 1 && elementMatches(c, step.name) && (step.preds.length === 0 || predicatesHold(c, step.preds)))
              next.push(c);
          }
        }
        break;
    }
    current = !sameDepth && next.length > 1 ? sortUnique(next, ordered) : next;
    kept?.set(path.prefixes[stepIndex], current);
  }
  return current;
}

/**
 * First node of a path without a leading `//`, depth-first: each step maps a document-ordered set of
 * same-depth nodes to a document-ordered set, so the first complete match found is the first in order.
 */
function firstFrom(steps: Step[], i: number, node: XmlNode): XmlNode | null {
  if (i === steps.length) return node;
  const step = steps[i];
  switch (step.kind) {
    case 'self':
      return firstFrom(steps, i + 1, node);
    case 'parent': {
      const p = parentOf(node);
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
      for (const a of node.attributes) {
        if (!attrMatches(a, step.name)) continue;
        const found = firstFrom(steps, i + 1, a);
        if (found) return found;
      }
      return null;
    }
    case 'child':
      for (let c = node.firstChild; c; c = c.nextSibling) {
        if (c.nodeType !== 1 || !elementMatches(c, step.name)) continue;
        if (step.preds.length > 0 && !predicatesHold(c, step.preds)) continue;
        const found = firstFrom(steps, i + 1, c);
        if (found) return found;
      }
      return null;
  }
}

/** Union of non-empty, document-ordered, duplicate-free node-sets. */
function union(parts: XmlNode[][], ordered: boolean): XmlNode[] {
  const compare = ordered ? byOrder : compareDocumentOrder;
  // Common case: the branches select disjoint ranges of the document (e.g. line items, then totals):
  // ordering the branches by their first node is then enough.
  const byFirst = [...parts].sort((a, b) => compare(a[0], b[0]));
  const disjoint = byFirst.every((p, k) => k === 0 || compare(byFirst[k - 1][byFirst[k - 1].length - 1], p[0]) < 0);
  return disjoint ? byFirst.flat() : sortUnique(parts.flat(), ordered);
}

// ---------------------------------------------------------------------------------------------

function compileUncached(expr: string, namespaces: Namespaces): CompiledXPath {
  let paths: Path[];
  try {
    paths = parse(expr, namespaces);
  } catch (err) {
    if (err instanceof Unsupported)
      throw new Error(`XPath expression ${JSON.stringify(expr)} is outside the supported subset: ${err.message}.`);
    throw err;
  }
  const nodes = (context: XmlNode, env?: EvalEnv): XmlNode[] => {
    if (paths.length === 1) return evalPath(paths[0], context, env);
    const parts = paths.map((p) => evalPath(p, context, env)).filter((r) => r.length > 0);
    if (parts.length === 0) return [];
    if (parts.length === 1) return parts[0];
    return union(parts, env?.ordered === true);
  };
  const single = paths.length === 1 && paths[0].start !== 'descendant' ? paths[0] : null;
  const first = single
    ? (context: XmlNode) => firstFrom(single.steps, 0, single.start === 'absolute' ? documentOf(context) : context)
    : (context: XmlNode, env?: EvalEnv) => nodes(context, env)[0] ?? null;
  return { absolute: paths.every((p) => p.start !== 'relative'), nodes, first };
}

const cache = new Map<Namespaces, Map<string, CompiledXPath>>();
/** Bounds the cache should a caller build expressions from data. */
const MAX_CACHED = 5_000;

/**
 * The compiled form of an expression, built once per expression and namespace map. Throws an Error for
 * an expression outside the subset (a programming error, not a property of the document).
 */
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
