import { describe, expect, it } from 'vitest';
import { parseXmlDocument } from '../../src/einvoicing/xml-parser.js';
import {
  DEFAULT_MAX_XML_BYTES,
  MAX_XML_ATTRIBUTES,
  UnsafeXmlError,
  type XmlElement,
  type XmlNode,
  nodePath,
  parseXml,
  xpathFor,
} from '../../src/einvoicing/xml.js';

const XXE = `<?xml version="1.0"?>
<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<foo>&xxe;</foo>`;

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<lolz>&lol3;</lolz>`;

const RAM = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const RSM = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

/** The children of a node that are elements. */
function elements(node: XmlNode): XmlElement[] {
  const out: XmlElement[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c);
  return out;
}

describe('parseXml refuses hostile XML', () => {
  it('refuses a document declaring an external entity, resolving nothing', () => {
    expect(() => parseXml(XXE)).toThrow(UnsafeXmlError);
    expect(() => parseXml(XXE)).toThrow(/DOCTYPE/);
  });

  it('refuses a billion-laughs entity bomb before expanding anything', () => {
    expect(() => parseXml(BILLION_LAUGHS)).toThrow(UnsafeXmlError);
    expect(() => parseXml(BILLION_LAUGHS)).toThrow(/DOCTYPE or entity declarations are refused/);
  });

  it('refuses an external DTD reference', () => {
    expect(() => parseXml('<!DOCTYPE foo SYSTEM "http://example.org/evil.dtd"><foo/>')).toThrow(UnsafeXmlError);
  });

  it('refuses the DOCTYPE whatever its case', () => {
    expect(() => parseXml('<!doctype foo><foo/>')).toThrow(UnsafeXmlError);
  });

  it('refuses an entity declaration even without a DOCTYPE around it', () => {
    expect(() => parseXml('<foo><!ENTITY x "y"></foo>')).toThrow(/DOCTYPE or entity declarations are refused/);
    expect(() => parseXml('<!ENTITY x SYSTEM "file:///etc/passwd"><foo/>')).toThrow(UnsafeXmlError);
  });

  it('leaves an undeclared entity reference unresolved and fails the parse', () => {
    expect(() => parseXml('<foo>&xxe;</foo>')).toThrow(UnsafeXmlError);
    expect(() => parseXml('<foo>&xxe;</foo>')).toThrow(/not well-formed: the entity reference &xxe; is not defined/);
  });

  it('refuses a document over the size bound, counted in UTF-8 bytes', () => {
    expect(() => parseXml(`<a>${'x'.repeat(2000)}</a>`, { maxBytes: 1000 })).toThrow(/exceeds 1000 bytes/);
    expect(() => parseXml(`<a>${'é'.repeat(400)}</a>`, { maxBytes: 800 })).toThrow(/exceeds 800 bytes/);
    expect(parseXml(`<a>${'é'.repeat(390)}</a>`, { maxBytes: 800 }).documentElement.textContent).toHaveLength(390);
    expect(DEFAULT_MAX_XML_BYTES).toBe(5 * 1024 * 1024);
  });

  it('refuses more than 200000 elements', () => {
    expect(() => parseXml(`<a>${'<b/>'.repeat(200_000)}</a>`)).toThrow(/more than 200000 elements/);
    expect(elements(parseXml(`<a>${'<b/>'.repeat(199_999)}</a>`).documentElement)).toHaveLength(199_999);
  });

  it('refuses elements nested deeper than 500 levels', () => {
    const nested = (depth: number) => '<a>'.repeat(depth) + '</a>'.repeat(depth);
    expect(() => parseXml(nested(501))).toThrow(/deeper than 500 levels/);
    expect(parseXml(nested(500)).documentElement.nodeName).toBe('a');
  });

  /** `<r a0="x" a1="x" …/>`: one element, `count` distinct attributes, about 10 bytes each. */
  const manyAttributes = (count: number, name = 'r') => {
    const parts: string[] = [];
    for (let i = 0; i < count; i++) parts.push(` a${i}="x"`);
    return `<${name}${parts.join('')}/>`;
  };

  it('refuses an element of more than 256 attributes, naming the limit, and accepts 256', () => {
    expect(MAX_XML_ATTRIBUTES).toBe(256);
    expect(() => parseXml(manyAttributes(257))).toThrow('The XML element <r> has more than 256 attributes (the limit per element).');
    expect(() => parseXml(manyAttributes(257))).toThrow(UnsafeXmlError);
    const root = parseXml(manyAttributes(256)).documentElement;
    expect(root.attributes).toHaveLength(256);
    expect(root.getAttribute('a255')).toBe('x');
    // Namespace declarations are attributes too.
    const declarations = Array.from({ length: 257 }, (_, i) => ` xmlns:p${i}="urn:p${i}"`).join('');
    expect(() => parseXml(`<r${declarations}/>`)).toThrow(/more than 256 attributes/);
  });

  // The parser used to compare each attribute with every one before it: a 1 MB element of 100,000
  // attributes took about a minute, some 300 times a linear parse. These checks compare the
  // parser's CPU time with a linear reference's on the same input, in this process (a regular
  // expression reading every attribute into a Map), so they hold on a slow or busy machine where a
  // time limit would not: a linear parse costs a few times the reference, a quadratic one hundreds.
  /** The CPU time of `run` on its input in µs, the least of three runs (the input is built outside). */
  const cpuMicros = (run: (input: string) => unknown, input: string) => {
    let least = Infinity;
    for (let i = 0; i < 3; i++) {
      const before = process.cpuUsage();
      run(input);
      const used = process.cpuUsage(before);
      least = Math.min(least, used.user + used.system);
    }
    return Math.max(least, 1);
  };
  /** A linear reading of the same input: every attribute's name and value into a Map. */
  const reference = (xml: string) => new Map(Array.from(xml.matchAll(/ ([\w:]+)="([^"]*)"/g), (m) => [m[1], m[2]]));
  /** How many times the reference's CPU time `run` takes on `xml`. */
  const timesReference = (run: (input: string) => unknown, xml: string) => {
    run(xml); // warm both before measuring
    reference(xml);
    return cpuMicros(run, xml) / cpuMicros(reference, xml);
  };
  const LINEAR = 40;
  const refuses = (xml: string) => {
    expect(() => parseXml(xml)).toThrow(/more than 256 attributes/);
  };

  it('refuses a 1 MB element of 100,000 attributes at once', () => {
    const xml = manyAttributes(100_000);
    expect(xml.length).toBeGreaterThan(1_000_000);
    refuses(xml);
    // It stops at the 257th attribute: far less than reading them all once.
    expect(timesReference(refuses, xml)).toBeLessThan(0.25);
  });

  it('finds duplicate attributes in linear time, even with the per-element bound lifted', () => {
    const limits = { maxElements: 10, maxDepth: 10, maxAttributes: 1_000_000 };
    expect(parseXmlDocument(manyAttributes(50_000), limits).documentElement.attributes).toHaveLength(50_000);
    const duplicated = manyAttributes(50_000).replace('/>', ' a49999="y"/>');
    const refusesDuplicate = (xml: string) => {
      expect(() => parseXmlDocument(xml, limits)).toThrow('the attribute a49999 appears twice on <r>');
    };
    expect(timesReference(refusesDuplicate, duplicated)).toBeLessThan(LINEAR);
  });

  it('parses 1 MB of elements carrying 256 attributes each, in linear time', () => {
    const element = manyAttributes(256, 'e');
    const xml = `<r>${element.repeat(Math.ceil(1_000_000 / element.length))}</r>`;
    const root = parseXml(xml).documentElement;
    expect(elements(root).length).toBe(Math.ceil(1_000_000 / element.length));
    expect(elements(root)[0].attributes).toHaveLength(256);
    expect(timesReference(parseXml, xml)).toBeLessThan(LINEAR);
  });

  it('refuses malformed and empty input', () => {
    expect(() => parseXml('<a><b></a>')).toThrow(UnsafeXmlError);
    expect(() => parseXml('')).toThrow(UnsafeXmlError);
    expect(() => parseXml('')).toThrow('The XML document is empty.');
    expect(() => parseXml('   ')).toThrow('The XML document has no root element.');
    expect(() => parseXml('<!-- only a comment -->')).toThrow('The XML document has no root element.');
  });
});

describe('parseXml refuses documents that are not well-formed', () => {
  it.each([
    ['a mismatched end tag', '<a><b></c></a>', 'the end tag </c> does not match the start tag <b>'],
    ['an end tag whose name only starts like the open one', '<ID></IDX>', 'the end tag </IDX> does not match the start tag <ID>'],
    ['an unclosed root', '<a><b/>', 'the element <a> is not closed'],
    ['an unclosed nested element', '<a><b>text</a>', 'the end tag </a> does not match the start tag <b>'],
    ['an end tag without start tag', '<a/></a>', 'the end tag </a> has no start tag'],
    ['two root elements', '<a/><b/>', 'a second root element <b>'],
    ['text after the root', '<a/>x', 'text after the root element'],
    ['text before the root', 'x<a/>', 'text before the root element'],
    ['a CDATA section outside the root', '<a/><![CDATA[x]]>', 'a CDATA section outside the root element'],
    ['a duplicate attribute', '<a x="1" x="2"/>', 'the attribute x appears twice on <a>'],
    [
      'a duplicate attribute after namespace resolution',
      '<a xmlns:p="urn:x" xmlns:q="urn:x" p:x="1" q:x="2"/>',
      'the attribute q:x appears twice on <a> (as p:x)',
    ],
    ['an unquoted attribute', '<a x=1/>', 'the value of the attribute "x" must be quoted'],
    ['an attribute without value', '<a x/>', 'the attribute "x" of <a> has no value'],
    ['attributes without whitespace between them', '<a x="1"y="2"/>', 'attributes of <a> must be separated by whitespace'],
    ['a "<" in an attribute value', '<a x="1<2"/>', '"<" is not allowed in the value of the attribute "x"'],
    ['an unterminated attribute value', '<a x="1/>', 'the value of the attribute "x" is not closed'],
    ['a raw "<" in text', '<a>1 < 2</a>', 'a "<" must start a tag'],
    ['a raw "&" in text', '<a>R & D</a>', 'a "&" must start an entity or character reference'],
    ['an unknown entity', '<a>&nbsp;</a>', 'the entity reference &nbsp; is not defined'],
    ['an entity named like an object property', '<a>&constructor;</a>', 'the entity reference &constructor; is not defined'],
    ['a character reference to a control character', '<a>&#1;</a>', 'the character reference &#1; is not a character allowed in XML'],
    ['a character reference to a surrogate', '<a>&#xD800;</a>', 'the character reference &#xD800; is not a character allowed in XML'],
    ['a character reference beyond Unicode', '<a>&#x110000;</a>', 'the character reference &#x110000; is not a character allowed in XML'],
    ['a malformed character reference', '<a>&#x;</a>', 'the entity reference &#x; is not defined'],
    ['a raw control character', '<a>\u0001</a>', 'the character U+0001 is not allowed in XML'],
    ['a lone surrogate', '<a>\uDC00</a>', 'the character U+DC00 is not allowed in XML'],
    ['"]]>" in text', '<a>x]]>y</a>', '"]]>" is not allowed in text'],
    ['an undeclared element prefix', '<p:a/>', 'the namespace prefix "p" of <p:a> is not declared'],
    ['an undeclared attribute prefix', '<a p:x="1"/>', 'the namespace prefix "p" of the attribute p:x on <a> is not declared'],
    ['a prefix used outside its declaration', '<a><b xmlns:p="urn:p"/><p:c/></a>', 'the namespace prefix "p" of <p:c> is not declared'],
    ['a prefix undeclared with an empty URI', '<a xmlns:p=""/>', 'the prefix "p" cannot be undeclared in XML 1.0'],
    ['the xmlns prefix declared', '<a xmlns:xmlns="urn:x"/>', 'the prefix "xmlns" cannot be declared'],
    ['the xml prefix rebound', '<a xmlns:xml="urn:x"/>', 'the prefix "xml" is bound to'],
    ['an invalid element name', '<1a/>', '"1a" is not a valid XML name'],
    ['an element name with two colons', '<a:b:c/>', '"a:b:c" is not a valid XML name'],
    ['an invalid attribute name', '<a -x="1"/>', '"-x" is not a valid XML name'],
    ['a "<" not starting a tag', '<a>< b/></a>', 'a "<" must start a tag'],
    ['"--" inside a comment', '<a><!-- a -- b --></a>', '"--" is not allowed inside a comment'],
    ['an unclosed comment', '<a><!-- a </a>', 'a comment is not closed'],
    ['an unclosed CDATA section', '<a><![CDATA[x</a>', 'a CDATA section is not closed'],
    ['another markup declaration', '<a><!ELEMENT a ANY></a>', '"<!" must start a comment or a CDATA section'],
    ['an XML declaration after the start', ' <?xml version="1.0"?><a/>', 'the XML declaration is only allowed at the very start'],
    ['a second XML declaration', '<?xml version="1.0"?><?xml version="1.0"?><a/>', 'the XML declaration is only allowed at the very start'],
    ['a malformed XML declaration', '<?xml encoding="UTF-8"?><a/>', 'the XML declaration is malformed'],
    ['an unclosed processing instruction', '<a><?pi data</a>', 'a processing instruction is not closed'],
    ['a start tag cut short', '<a><b x="1"', 'the start tag <b> is not closed'],
    ['an end tag cut short', '<a></a', 'the end tag </a> is not closed'],
    ['a document cut short in text', '<a>text', 'the element <a> is not closed'],
    ['an empty-element tag without ">"', '<a/ >', 'expected "/>" to end <a>'],
  ])('refuses %s', (_name, xml, detail) => {
    let error: unknown;
    try {
      parseXml(xml);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(UnsafeXmlError);
    expect((error as Error).message).toMatch(/^The XML document is not well-formed: /);
    expect((error as Error).message).toContain(detail);
  });

  it('says where the problem is', () => {
    expect(() => parseXml('<a>\n  <b>\n</a>')).toThrow(/\(line 3, column 1\)\.$/);
  });

  it('is an UnsafeXmlError, a validation error naming the xml field', () => {
    try {
      parseXml('<a>');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(UnsafeXmlError);
      expect((err as UnsafeXmlError).fields).toEqual([{ field: 'xml', message: (err as Error).message }]);
    }
  });
});

describe('parseXml reads well-formed XML', () => {
  it('accepts a byte-order mark, an XML declaration, comments and processing instructions around the root', () => {
    const doc = parseXml(
      '\uFEFF<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<!-- before -->\n<?style type="x"?>\n<a/>\n<!-- after --><?end?>\n',
    );
    expect(doc.documentElement.nodeName).toBe('a');
    const kinds: string[] = [];
    for (let c = doc.firstChild; c; c = c.nextSibling) kinds.push(`${c.nodeType}:${c.nodeName}`);
    expect(kinds).toEqual(['8:#comment', '7:style', '1:a', '8:#comment', '7:end']);
    const pi = doc.firstChild!.nextSibling!;
    expect(pi.nodeType === 7 && [pi.target, pi.data]).toEqual(['style', 'type="x"']);
    expect(parseXml("<?xml version='1.0'?><a/>").documentElement.nodeName).toBe('a');
  });

  it('keeps comments, processing instructions and CDATA inside elements, out of the string-value but for CDATA', () => {
    const a = parseXml('<a>1<!-- no --><?pi no?><![CDATA[<2> & ]]]]><b>3</b></a>').documentElement;
    const types: number[] = [];
    for (let c = a.firstChild; c; c = c.nextSibling) types.push(c.nodeType);
    expect(types).toEqual([3, 8, 7, 4, 1]);
    expect(a.textContent).toBe('1<2> & ]]3');
    const cdata = a.firstChild!.nextSibling!.nextSibling!.nextSibling!;
    expect(cdata.nodeType === 4 && [cdata.nodeName, cdata.data, cdata.nodeValue]).toEqual(['#cdata-section', '<2> & ]]', '<2> & ]]']);
  });

  it('decodes the predefined entities and character references', () => {
    const a = parseXml(
      '<a t="&lt;&gt;&amp;&apos;&quot;&#233;&#x1F600;">&lt;b&gt; &amp; &apos;c&apos; &quot;d&quot; &#233;&#xE9;&#x1f600;</a>',
    ).documentElement;
    expect(a.textContent).toBe('<b> & \'c\' "d" éé\u{1F600}');
    expect(a.getAttribute('t')).toBe('<>&\'"é\u{1F600}');
  });

  it('normalises line ends to LF in text, and whitespace characters to spaces in attribute values', () => {
    const a = parseXml('<a x="1\r\n2\t3\n4" y="&#10;&#13;&#9;">l1\r\nl2\rl3\nl4&#13;</a>').documentElement;
    expect(a.textContent).toBe('l1\nl2\nl3\nl4\r');
    expect(a.getAttribute('x')).toBe('1 2 3 4');
    expect(a.getAttribute('y')).toBe('\n\r\t');
  });

  it('accepts whitespace around "=" in attributes, single quotes, and whitespace before ">"', () => {
    const a = parseXml('<a x = \'1\' y\n=\n"2" ></a >').documentElement;
    expect([a.getAttribute('x'), a.getAttribute('y'), a.getAttribute('z')]).toEqual(['1', '2', null]);
  });

  it('accepts characters beyond the BMP and non-ASCII names', () => {
    const a = parseXml('<données écrit="oui">\u{1F600}</données>').documentElement;
    expect([a.nodeName, a.getAttribute('écrit'), a.textContent]).toEqual(['données', 'oui', '\u{1F600}']);
  });

  it('resolves a default namespace and prefixed namespaces, scoped per element and redeclarable', () => {
    const doc = parseXml(
      '<rsm:Root xmlns:rsm="urn:rsm" xmlns="urn:default">' +
        '<Child/>' +
        '<rsm:Inner xmlns:rsm="urn:other" xmlns=""><rsm:Deep/><Plain/></rsm:Inner>' +
        '<rsm:After/>' +
        '<x:Local xmlns:x="urn:x"><x:Leaf/></x:Local>' +
        '</rsm:Root>',
    );
    const root = doc.documentElement;
    const [child, inner, after, local] = elements(root);
    const [deep, plain] = elements(inner);
    const describe = (el: XmlElement) => [el.nodeName, el.prefix, el.localName, el.namespaceURI];
    expect(describe(root)).toEqual(['rsm:Root', 'rsm', 'Root', 'urn:rsm']);
    expect(describe(child)).toEqual(['Child', null, 'Child', 'urn:default']);
    expect(describe(inner)).toEqual(['rsm:Inner', 'rsm', 'Inner', 'urn:other']);
    expect(describe(deep)).toEqual(['rsm:Deep', 'rsm', 'Deep', 'urn:other']);
    expect(describe(plain)).toEqual(['Plain', null, 'Plain', null]);
    expect(describe(after)).toEqual(['rsm:After', 'rsm', 'After', 'urn:rsm']);
    expect(describe(elements(local)[0])).toEqual(['x:Leaf', 'x', 'Leaf', 'urn:x']);
    expect(() => parseXml('<a><x:b xmlns:x="urn:x"/><x:c/></a>')).toThrow(/prefix "x" of <x:c> is not declared/);
  });

  it('gives unprefixed attributes no namespace, whatever the default namespace, and predefines xml:', () => {
    const a = parseXml('<a xmlns="urn:d" xmlns:p="urn:p" plain="1" p:qualified="2" xml:lang="fr"/>').documentElement;
    expect(a.attributes.map((attr) => [attr.name, attr.prefix, attr.localName, attr.namespaceURI, attr.value])).toEqual([
      ['xmlns', null, 'xmlns', 'http://www.w3.org/2000/xmlns/', 'urn:d'],
      ['xmlns:p', 'xmlns', 'p', 'http://www.w3.org/2000/xmlns/', 'urn:p'],
      ['plain', null, 'plain', null, '1'],
      ['p:qualified', 'p', 'qualified', 'urn:p', '2'],
      ['xml:lang', 'xml', 'lang', 'http://www.w3.org/XML/1998/namespace', 'fr'],
    ]);
    expect(a.attributes.every((attr) => attr.ownerElement === a && attr.nodeType === 2 && attr.nodeValue === attr.value)).toBe(true);
    expect(a.getAttribute('p:qualified')).toBe('2');
    expect(parseXml('<a p:x="1" xmlns:p="urn:p"/>').documentElement.attributes[0].namespaceURI).toBe('urn:p');
  });

  it('builds the W3C subset the readers use: types, names, links and values', () => {
    const doc = parseXml(
      `<rsm:R xmlns:rsm="${RSM}" xmlns:ram="${RAM}">\n  <ram:ID schemeID="VA"> A </ram:ID>\n  <ram:ID>B</ram:ID>\n</rsm:R>`,
    );
    const root = doc.documentElement;
    expect([doc.nodeType, doc.nodeName, doc.ownerDocument, doc.parentNode]).toEqual([9, '#document', null, null]);
    expect(root.nodeType).toBe(1);
    expect(root.parentNode).toBe(doc);
    expect(root.ownerDocument).toBe(doc);
    const [a, b] = elements(root);
    expect(root.firstChild!.nodeType).toBe(3);
    expect(root.firstChild!.nodeValue).toBe('\n  ');
    expect(root.firstChild!.nextSibling).toBe(a);
    expect(a.parentNode).toBe(root);
    expect(a.textContent).toBe(' A ');
    expect(a.getAttribute('schemeID')).toBe('VA');
    expect(b.getAttribute('schemeID')).toBeNull();
    expect(root.textContent).toBe('\n   A \n  B\n');
    expect(a.firstChild!.nodeType === 3 && a.firstChild!.data).toBe(' A ');
    expect(a.attributes[0].ownerDocument).toBe(doc);
  });
});

describe('xpath helpers', () => {
  const doc = parseXml(
    `<rsm:CrossIndustryInvoice xmlns:rsm="${RSM}" xmlns:ram="${RAM}">` +
      '<ram:ID> A </ram:ID><ram:ID>B</ram:ID></rsm:CrossIndustryInvoice>',
  );
  const x = xpathFor(doc);

  it('reads namespaced nodes with the standard prefixes', () => {
    expect(x.str('/rsm:CrossIndustryInvoice/ram:ID')).toBe('A');
    expect(x.nodes('//ram:ID')).toHaveLength(2);
    expect(x.exists('//ram:Name')).toBe(false);
    expect(x.node('//ram:Name')).toBeNull();
    expect(x.str('//ram:Name')).toBe('');
  });

  it('matches element names case-sensitively, as XML requires', () => {
    expect(x.nodes('//ram:id')).toEqual([]);
    expect(x.exists('/rsm:crossindustryinvoice')).toBe(false);
  });

  it('gives the XPath of a node with positions among same-name siblings', () => {
    expect(nodePath(x.nodes('//ram:ID')[1])).toBe('/rsm:CrossIndustryInvoice/ram:ID[2]');
    expect(nodePath(x.node('/rsm:CrossIndustryInvoice'))).toBe('/rsm:CrossIndustryInvoice');
    expect(nodePath(null)).toBeNull();
  });

  it('gives the XPath of an attribute and of a node in no known namespace', () => {
    const other = parseXml('<a xmlns:p="urn:p"><p:b/><b k="v"/><b/></a>');
    const y = xpathFor(other);
    expect(nodePath(y.node('/a/b/@k'))).toBe('/a/b[1]/@k');
    expect(nodePath(other.documentElement.firstChild)).toBe('/a/p:b');
  });
});
