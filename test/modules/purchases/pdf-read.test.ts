// The PDF reader finds objects through the cross-reference data (issue #27): an uncompressed PDF
// attached inside a Factur-X PDF must not shadow the outer file's objects; a damaged file is scanned,
// preferring the outer objects; cross-reference streams with a PNG predictor are read.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { extractEmbeddedInvoiceXml } from '../../../src/modules/purchases/pdf-read.js';

const OUTER_XML = '<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:x">OUTER</rsm:CrossIndustryInvoice>';
const INNER_XML = '<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:x">INNER</rsm:CrossIndustryInvoice>';

type Obj = string | Buffer;
const stream = (dict: string, data: Buffer | string) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${Buffer.byteLength(data)} >>\nstream\n`, 'latin1'),
    Buffer.from(data),
    Buffer.from('\nendstream', 'latin1'),
  ]);

/** Objects 1..n with a classic cross-reference table (or none, when `xref` is false). */
function pdfWithTable(objects: Obj[], xref = true): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0].length;
  objects.forEach((o, i) => {
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), Buffer.from(o), Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(at);
    parts.push(b);
    at += b.length;
  });
  const table = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  const startxref = xref ? at : at + 999_999;
  parts.push(Buffer.from(`${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${startxref}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A Factur-X-like PDF whose catalog (1), file spec (2) and XML (3) come first; objects 4.. follow. */
function facturX(xml: string, more: Obj[] = [], extraSpec = ''): Obj[] {
  return [
    `<< /Type /Catalog /Names << /EmbeddedFiles << /Names [(factur-x.xml) 2 0 R ${extraSpec}] >> >> /AF [2 0 R] >>`,
    '<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /AFRelationship /Alternative /EF << /F 3 0 R >> >>',
    stream('/Type /EmbeddedFile /Subtype /text#2Fxml', xml),
    ...more,
  ];
}

/**
 * The outer invoice attaches, as its last object, an uncompressed PDF whose own objects 1..3 are
 * another catalog, file spec and factur-x.xml: a scan for "N G obj" where the last definition wins
 * takes the attachment's objects for the outer file's.
 */
function shadowedPdf(xref = true): Buffer {
  const inner = pdfWithTable(facturX(INNER_XML));
  return pdfWithTable(
    facturX(
      OUTER_XML,
      [
        '<< /Type /Filespec /F (annexe.pdf) /UF (annexe.pdf) /EF << /F 5 0 R >> >>',
        stream('/Type /EmbeddedFile /Subtype /application#2Fpdf', inner),
      ],
      '(annexe.pdf) 4 0 R',
    ),
    xref,
  );
}

describe('extractEmbeddedInvoiceXml: objects found through the cross-reference data', () => {
  it('an uncompressed PDF attached inside the Factur-X PDF does not shadow the outer objects', () => {
    expect(extractEmbeddedInvoiceXml(shadowedPdf())).toEqual({ fileName: 'factur-x.xml', xml: OUTER_XML });
  });

  it('a damaged file (startxref pointing nowhere) is scanned, and the outer objects are preferred', () => {
    expect(extractEmbeddedInvoiceXml(shadowedPdf(false))).toEqual({ fileName: 'factur-x.xml', xml: OUTER_XML });
  });

  it('reads an incremental update: the newest section (through /Prev) wins', () => {
    const base = pdfWithTable(facturX(INNER_XML));
    const prev = base.lastIndexOf('xref');
    const update = stream('/Type /EmbeddedFile /Subtype /text#2Fxml', OUTER_XML);
    const objAt = base.length;
    const obj = Buffer.concat([Buffer.from('3 0 obj\n', 'latin1'), update, Buffer.from('\nendobj\n', 'latin1')]);
    const xrefAt = objAt + obj.length;
    const tail = `xref\n3 1\n${String(objAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 4 /Root 1 0 R /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    expect(extractEmbeddedInvoiceXml(Buffer.concat([base, obj, Buffer.from(tail, 'latin1')]))?.xml).toBe(OUTER_XML);
  });

  it('reads a cross-reference stream with a PNG Up predictor and objects inside an object stream', () => {
    // Objects 1 (catalog) and 2 (file spec) live in object stream 4; 3 is the XML; 5 is the xref stream.
    const o1 = '<< /Type /Catalog /AF [2 0 R] >>';
    const o2 = '<< /Type /Filespec /UF (factur-x.xml) /EF << /F 3 0 R >> >>';
    const header = `1 0 2 ${o1.length + 1} `;
    const objStm = stream(
      `/Type /ObjStm /N 2 /First ${header.length} /Filter /FlateDecode`,
      deflateSync(Buffer.from(`${header}${o1} ${o2}`, 'latin1')),
    );
    const head = Buffer.from('%PDF-1.7\n', 'latin1');
    const obj3 = Buffer.concat([
      Buffer.from('3 0 obj\n', 'latin1'),
      stream('/Type /EmbeddedFile', OUTER_XML),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    const obj4 = Buffer.concat([Buffer.from('4 0 obj\n', 'latin1'), objStm, Buffer.from('\nendobj\n', 'latin1')]);
    const at3 = head.length;
    const at4 = at3 + obj3.length;
    const at5 = at4 + obj4.length;
    // Rows of /W [1 4 2]: type, offset or object stream number, generation or index.
    const rows = [
      [0, 0, 65535],
      [2, 4, 0],
      [2, 4, 1],
      [1, at3, 0],
      [1, at4, 0],
      [1, at5, 0],
    ].map(([t, a, b]) => Buffer.from([t, (a >>> 24) & 255, (a >>> 16) & 255, (a >>> 8) & 255, a & 255, (b >>> 8) & 255, b & 255]));
    // PNG "Up" (filter type 2) on each 7-byte row.
    const predicted = Buffer.concat(rows.map((row, r) => Buffer.from([2, ...row.map((v, i) => (v - (r > 0 ? rows[r - 1][i] : 0)) & 255)])));
    const xrefStream = stream(
      '/Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >>',
      deflateSync(predicted),
    );
    const obj5 = Buffer.concat([Buffer.from('5 0 obj\n', 'latin1'), xrefStream, Buffer.from('\nendobj\n', 'latin1')]);
    const pdf = Buffer.concat([head, obj3, obj4, obj5, Buffer.from(`startxref\n${at5}\n%%EOF\n`, 'latin1')]);
    expect(extractEmbeddedInvoiceXml(pdf)).toEqual({ fileName: 'factur-x.xml', xml: OUTER_XML });
  });
});
