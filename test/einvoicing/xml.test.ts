import { describe, expect, it } from 'vitest';
import { UnsafeXmlError, nodePath, parseXml, xpathFor } from '../../src/einvoicing/xml.js';

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

describe('parseXml refuses hostile XML', () => {
  it('refuses a document declaring an external entity, resolving nothing', () => {
    expect(() => parseXml(XXE)).toThrow(UnsafeXmlError);
    expect(() => parseXml(XXE)).toThrow(/DOCTYPE/);
  });

  it('refuses a billion-laughs entity bomb before expanding anything', () => {
    expect(() => parseXml(BILLION_LAUGHS)).toThrow(UnsafeXmlError);
  });

  it('refuses an external DTD reference', () => {
    expect(() => parseXml('<!DOCTYPE foo SYSTEM "http://example.org/evil.dtd"><foo/>')).toThrow(UnsafeXmlError);
  });

  it('refuses the DOCTYPE whatever its case', () => {
    expect(() => parseXml('<!doctype foo><foo/>')).toThrow(UnsafeXmlError);
  });

  it('leaves an undeclared entity reference unresolved and fails the parse', () => {
    expect(() => parseXml('<foo>&xxe;</foo>')).toThrow(UnsafeXmlError);
  });

  it('refuses a document over the size bound', () => {
    expect(() => parseXml(`<a>${'x'.repeat(2000)}</a>`, { maxBytes: 1000 })).toThrow(/exceeds 1000 bytes/);
  });

  it('refuses malformed and empty input', () => {
    expect(() => parseXml('<a><b></a>')).toThrow(UnsafeXmlError);
    expect(() => parseXml('')).toThrow(UnsafeXmlError);
  });
});

describe('xpath helpers', () => {
  const doc = parseXml(
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">' +
      '<ram:ID> A </ram:ID><ram:ID>B</ram:ID></rsm:CrossIndustryInvoice>',
  );
  const x = xpathFor(doc);

  it('reads namespaced nodes with the standard prefixes', () => {
    expect(x.str('/rsm:CrossIndustryInvoice/ram:ID')).toBe('A');
    expect(x.nodes('//ram:ID')).toHaveLength(2);
    expect(x.exists('//ram:Name')).toBe(false);
    expect(x.value('count(//ram:ID)')).toBe(2);
  });

  it('gives the XPath of a node with positions among same-name siblings', () => {
    expect(nodePath(x.nodes('//ram:ID')[1]!)).toBe('/rsm:CrossIndustryInvoice/ram:ID[2]');
    expect(nodePath(x.node('/rsm:CrossIndustryInvoice'))).toBe('/rsm:CrossIndustryInvoice');
  });
});
