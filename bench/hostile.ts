// Inputs that cost the server seconds of CPU, for the `workers` scenario and the tests that prove such
// work never blocks the event loop or goes over its limits: a 1,000-line document, a 1 MB element of
// 100,000 attributes, a 17 MB PDF of 600,000 objects.

/** 1,000 priced lines (the most a document may have), each with a long description. */
export function thousandLines(): object[] {
  return Array.from({ length: 1000 }, (_, i) => ({
    type: i % 2 ? 'Service' : 'Product',
    description: `Prestation numéro ${i + 1} : accompagnement, suivi et reprise des données de la période`,
    quantity: 1 + (i % 7),
    taxExcludedPrice: (1999 + i * 37) / 100,
    vat: { rate: i % 5 === 0 ? 5.5 : 20 },
  }));
}

/** A CII root element carrying 100,000 attributes: over 1 MB in one start tag. */
export function manyAttributesXml(count = 100_000): Buffer {
  const attributes: string[] = [];
  for (let i = 0; i < count; i++) attributes.push(` a${i}="x"`);
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"${attributes.join('')}/>`,
  );
}

/**
 * A PDF of `count` objects and a catalog, embedding nothing: a reader has to scan and parse every
 * object to learn that there is no invoice in it (the upload is then kept as Pending).
 */
export function manyObjectsPdf(count = 600_000): Buffer {
  const parts: string[] = ['%PDF-1.7\n'];
  for (let i = 2; i <= count; i++) parts.push(`${i} 0 obj <</K 1>> endobj\n`);
  parts.push('1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  return Buffer.from(parts.join(''), 'latin1');
}
