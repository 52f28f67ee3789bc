// The PDF/A-3 and Factur-X parts of a finalized PDF: the XMP extension schema that declares the fx:
// properties, the fx: values themselves, and the CII XML attached as `factur-x.xml`.
// PDFKit already writes the pdfaid part/conformance, the sRGB OutputIntent and embedded fonts.
import { createHash } from 'node:crypto';

export const FACTURX_FILE_NAME = 'factur-x.xml';
export const FACTURX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
export const FACTURX_VERSION = '1.0';
export const FACTURX_CONFORMANCE_LEVEL = 'EN 16931';

type XmpDocument = PDFKit.PDFDocument & { appendXML(xml: string, newline?: boolean): void };

function property(name: string, description: string): string {
  return `<rdf:li rdf:parseType="Resource">
  <pdfaProperty:name>${name}</pdfaProperty:name>
  <pdfaProperty:valueType>Text</pdfaProperty:valueType>
  <pdfaProperty:category>external</pdfaProperty:category>
  <pdfaProperty:description>${description}</pdfaProperty:description>
</rdf:li>`;
}

/** PDF/A requires every non-predefined XMP property to be described by an extension schema. */
export const FACTURX_XMP = `<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas>
<rdf:Bag>
<rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>${FACTURX_NAMESPACE}</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property>
<rdf:Seq>
${property('DocumentFileName', 'The name of the embedded XML document')}
${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}
${property('Version', 'The actual version of the standard applying to the embedded XML document')}
${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
</rdf:Seq>
</pdfaSchema:property>
</rdf:li>
</rdf:Bag>
</pdfaExtension:schemas>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="${FACTURX_NAMESPACE}">
<fx:DocumentType>INVOICE</fx:DocumentType>
<fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>
<fx:Version>${FACTURX_VERSION}</fx:Version>
<fx:ConformanceLevel>${FACTURX_CONFORMANCE_LEVEL}</fx:ConformanceLevel>
</rdf:Description>`;

/** xmp:ModifyDate mirrors the Info dictionary's ModDate, as PDF/A requires. */
export function appendModifyDate(doc: PDFKit.PDFDocument, date: Date): void {
  (doc as XmpDocument).appendXML(
    `<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:ModifyDate>${date.toISOString().split('.')[0]}Z</xmp:ModifyDate>
<xmp:MetadataDate>${date.toISOString().split('.')[0]}Z</xmp:MetadataDate>
</rdf:Description>`,
  );
}

/** The PDFKit internals the two functions below write through (PDFKit's own writers are wrong there). */
interface PdfKitObjects {
  ref(data: Record<string, unknown>): {
    data: Record<string, unknown>;
    compress: boolean;
    write(b: Uint8Array): void;
    end(b?: Uint8Array): void;
  };
  addNamedEmbeddedFile(name: string, ref: unknown): void;
  _root: { data: { AF?: unknown[]; Metadata?: unknown } };
  _addInfo(): void;
  metadata: { end(): void; getXML(): string };
  endMetadata(): void;
}

/**
 * Attaches the CII XML as `factur-x.xml` (MIME text/xml, AFRelationship Alternative for the
 * EN 16931 profile), listed in the EmbeddedFiles name tree and in the catalog's /AF array, and
 * declares it in the XMP.
 *
 * Written here rather than by PDFKit's `file()`, which writes `/Params /CheckSum` as the 32-character
 * hexadecimal text of the MD5: ISO 32000-1 (7.11.4, table 46) wants the 16 bytes of the digest, and a
 * checking reader finds a mismatch. A Uint8Array is written as a hexadecimal string `<…>` of its bytes.
 */
export function embedFacturX(doc: PDFKit.PDFDocument, xml: string, date: Date): void {
  const pdf = doc as unknown as PdfKitObjects;
  const bytes = Buffer.from(xml, 'utf8');
  const file = pdf.ref({
    Type: 'EmbeddedFile',
    Subtype: 'text#2Fxml',
    Params: {
      CreationDate: date,
      ModDate: date,
      CheckSum: new Uint8Array(createHash('md5').update(bytes).digest()),
      Size: bytes.byteLength,
    },
  });
  file.end(bytes);
  const name = new String(FACTURX_FILE_NAME);
  const spec = pdf.ref({
    Type: 'Filespec',
    AFRelationship: 'Alternative',
    F: name,
    EF: { F: file },
    UF: name,
    Desc: new String('Factur-X invoice (EN 16931)'),
  });
  spec.end();
  pdf.addNamedEmbeddedFile(FACTURX_FILE_NAME, spec);
  (pdf._root.data.AF ??= []).push(spec);
  (doc as XmpDocument).appendXML(FACTURX_XMP);
}

/**
 * Makes PDFKit write the XMP metadata stream's dictionary with `/Length` only. PDFKit's own
 * `endMetadata` adds a lower-case `/length` key (the XMP's length in UTF-16 code units, not even its
 * byte length) beside the `/Length` the stream writes: a key no PDF defines, that a strict validator
 * reports. Every PDF we write goes through here, with or without an attachment.
 */
export function writeMetadataWithoutStrayKeys(doc: PDFKit.PDFDocument): void {
  const pdf = doc as unknown as PdfKitObjects;
  pdf.endMetadata = function endMetadata(this: PdfKitObjects): void {
    this._addInfo();
    this.metadata.end();
    const stream = this.ref({ Type: 'Metadata', Subtype: 'XML' });
    // PDF/A: the metadata stream stays readable without filters.
    stream.compress = false;
    stream.write(new TextEncoder().encode(this.metadata.getXML()));
    stream.end();
    this._root.data.Metadata = stream;
  };
}
