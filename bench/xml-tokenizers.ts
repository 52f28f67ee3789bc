// The project's two XML tokenizers, measured on the same work (issue #24): building the lean DOM of
// src/einvoicing/dom.ts that the conformance check and the invoice readers walk, from a 1,000-line
// CII invoice (CEN example 1 with its line repeated), (a) with the own parser
// (src/einvoicing/xml-parser.ts) and (b) with saxes (what CAMT.053 statements are streamed with),
// its events turned into the same DOM. Run: `npx tsx bench/xml-tokenizers.ts`; the figures are
// written in docs/decisions.md. Not a test: it prints medians, it asserts only that both DOMs agree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import {
  XmlAttr,
  XmlCData,
  XmlComment,
  XmlDocument,
  XmlElement,
  XmlProcessingInstruction,
  XmlText,
  appendChild,
  internName,
  type XmlParentNode,
} from '../src/einvoicing/dom.js';
import { parseXmlDocument } from '../src/einvoicing/xml-parser.js';

const LIMITS = { maxElements: 1_000_000, maxDepth: 64, maxAttributes: 64 };

/** A CII invoice of `lines` lines: the CEN example's first line item repeated. */
function ciiOf(lines: number): string {
  const example = readFileSync(path.resolve(import.meta.dirname, '../test/fixtures/einvoicing/cen/CII_example1.xml'), 'utf8');
  const open = example.indexOf('<ram:IncludedSupplyChainTradeLineItem>');
  const close = example.indexOf('</ram:IncludedSupplyChainTradeLineItem>') + '</ram:IncludedSupplyChainTradeLineItem>'.length;
  if (open < 0 || close < open) throw new Error('no line item in the example');
  const item = example.slice(open, close);
  const rest = example.slice(close);
  const lastItem = rest.lastIndexOf('</ram:IncludedSupplyChainTradeLineItem>');
  const after = lastItem >= 0 ? rest.slice(lastItem + '</ram:IncludedSupplyChainTradeLineItem>'.length) : rest;
  return example.slice(0, open) + item.repeat(lines) + after;
}

/** The lean DOM built from saxes' events (namespaces resolved by saxes). */
function parseWithSaxes(xml: string): XmlDocument {
  const doc = new XmlDocument();
  let parent: XmlParentNode = doc;
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const el = new XmlElement(internName(tag.name), tag.prefix || null, internName(tag.local), tag.uri || null, doc);
    const attrs: XmlAttr[] = [];
    for (const a of Object.values(tag.attributes)) {
      const attr = new XmlAttr(a.name, a.prefix || null, a.local, a.uri || null, a.value, doc);
      attr.ownerElement = el;
      attrs.push(attr);
    }
    if (attrs.length) el.attributes = attrs;
    appendChild(parent, el);
    if (parent === doc) doc.documentElement = el;
    parent = el;
  });
  parser.on('closetag', () => {
    parent = parent.parentNode ?? doc;
  });
  parser.on('text', (text) => {
    if (parent !== doc) appendChild(parent, new XmlText(text, doc));
  });
  parser.on('cdata', (text) => {
    appendChild(parent, new XmlCData(text, doc));
  });
  parser.on('comment', (text) => {
    appendChild(parent, new XmlComment(text, doc));
  });
  parser.on('processinginstruction', (pi) => {
    appendChild(parent, new XmlProcessingInstruction(pi.target ?? '', pi.body, doc));
  });
  parser.on('doctype', () => {
    throw new Error('DOCTYPE refused');
  });
  parser.write(xml).close();
  return doc;
}

function countElements(node: XmlParentNode): number {
  let n = 0;
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) n += 1 + countElements(c);
  return n;
}

function median(run: () => unknown, times: number): number {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = process.hrtime.bigint();
    run();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  return ms[Math.floor(ms.length / 2)];
}

for (const lines of [10, 1000]) {
  const xml = ciiOf(lines);
  const own = parseXmlDocument(xml, LIMITS);
  const sax = parseWithSaxes(xml);
  const ownCount = countElements(own);
  if (ownCount !== countElements(sax)) throw new Error('the two DOMs differ in their elements');
  if (own.documentElement.textContent.replace(/\s+/g, '') !== sax.documentElement.textContent.replace(/\s+/g, '')) {
    throw new Error('the two DOMs differ in their text');
  }
  // Warm both up, then measure.
  median(() => parseXmlDocument(xml, LIMITS), 20);
  median(() => parseWithSaxes(xml), 20);
  const runs = lines > 100 ? 30 : 300;
  const ownMs = median(() => parseXmlDocument(xml, LIMITS), runs);
  const saxMs = median(() => parseWithSaxes(xml), runs);
  console.log(
    `| ${lines} lines (${Math.round(xml.length / 1024)} KB, ${ownCount} elements) | ${ownMs.toFixed(2)} ms | ${saxMs.toFixed(2)} ms | ${(saxMs / ownMs).toFixed(1)}× |`,
  );
}
