// The PDF/A-3 and Factur-X parts of a finalized PDF: the XMP extension schema that declares the fx:
// properties, the fx: values themselves, and the CII XML attached as `factur-x.xml`.
// PDFKit already writes the pdfaid part/conformance, the sRGB OutputIntent and embedded fonts.
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

/**
 * Attaches the CII XML as `factur-x.xml` (MIME text/xml, AFRelationship Alternative for the
 * EN 16931 profile), listed in the EmbeddedFiles name tree and in the catalog's /AF array
 * (PDFKit's `file()` does both), and declares it in the XMP.
 */
export function embedFacturX(doc: PDFKit.PDFDocument, xml: string, date: Date): void {
  // `relationship` is supported by PDFKit but missing from @types/pdfkit.
  const attachment: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
    name: FACTURX_FILE_NAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X invoice (EN 16931)',
    creationDate: date,
    modifiedDate: date,
  };
  doc.file(Buffer.from(xml, 'utf8'), attachment);
  (doc as XmpDocument).appendXML(FACTURX_XMP);
}
