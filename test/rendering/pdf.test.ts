// PDF rendering and reading: French layout, pagination, PDF/A-3b + Factur-X structure,
// determinism, and a reader that survives hostile uploads.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { DocumentLine, IssuedDocument } from '../../src/rendering/model.js';
import { renderDocumentPdf } from '../../src/rendering/pdf.js';
import { inspectPdf } from '../helpers/pdf-inspect.js';
import { PdfReadError, extractEmbeddedInvoiceXml, isPdf } from '../../src/modules/purchases/pdf-read.js';
import { parseXml } from '../../src/einvoicing/xml.js';

// ---- fixtures -------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_v, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A 120×40 RGB logo: a navy band with a lighter square. */
function makeLogo(): Uint8Array {
  const w = 120;
  const h = 40;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const inSquare = x >= 8 && x < 40 && y >= 4 && y < 36;
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = inSquare ? 0x5b : 0x1d;
      raw[o + 1] = inSquare ? 0x9b : 0x4e;
      raw[o + 2] = inSquare ? 0xd5 : 0x89;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const PRODUCTS = [
  ['Développement back-end (API de facturation)', '7', 'jour', 'DAY', '650.00'],
  ['Hébergement infogéré — forfait mensuel', '1', 'mois', 'MON', '189.90'],
  ['Licence logicielle « Facturier Pro » (12 mois)', '3', 'u.', 'C62', '1290.00'],
  ['Formation des équipes comptables à la facturation électronique', '2', 'jour', 'DAY', '1100.00'],
  ['Câble USB-C 2 m', '25', 'u.', 'C62', '9.9000'],
];

function pricedLine(i: number, rate = '20'): DocumentLine {
  const [description, quantity, unitLabel, unitCode, unitPrice] = PRODUCTS[i % PRODUCTS.length];
  const net = (Math.round(Number(quantity) * Number(unitPrice) * 100) / 100).toFixed(2);
  return {
    kind: i % 2 ? 'Product' : 'Service',
    lineNumber: i + 1,
    description,
    productNumber: `REF-${String(i + 1).padStart(4, '0')}`,
    quantity,
    unitCode,
    unitLabel,
    unitPrice,
    netAmount: net,
    vatCategory: 'S',
    vatRate: rate,
  };
}

function baseDocument(lines: DocumentLine[], overrides: Partial<IssuedDocument> = {}): IssuedDocument {
  return {
    kind: 'Invoice',
    isDraft: false,
    number: 'F-2026-0042',
    issueDate: '2026-11-22',
    dueDate: '2026-12-22',
    currency: 'EUR',
    subject: 'Refonte du portail client – lot 2',
    buyerReference: 'SERV-COMPTA',
    orderReference: 'BC-2026-118',
    seller: {
      name: 'Atelier Numérique SAS',
      siren: '123456789',
      siret: '12345678900012',
      vatNumber: 'FR40123456789',
      legalForm: 'SAS',
      shareCapital: '10 000 €',
      rcs: 'RCS Lyon B 123 456 789',
      address: { street: '12 rue de la République\nBâtiment B', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
      email: 'facturation@atelier-numerique.fr',
      phone: '04 78 00 00 00',
    },
    buyer: {
      name: 'Boulangerie Dupont & Fils SARL',
      siren: '987654321',
      siret: '98765432100019',
      vatNumber: 'FR12987654321',
      address: { street: '3 place du Marché', zipcode: '75011', city: 'Paris', countryIso: 'FR' },
      contactName: 'Mme Claire Dupont',
      isBusiness: true,
    },
    lines,
    allowancesCharges: [],
    vats: [{ category: 'S', rate: '20', taxableAmount: '12345.67', taxAmount: '2469.13' }],
    totals: {
      lineTotal: '12345.67',
      allowanceTotal: '0.00',
      chargeTotal: '0.00',
      taxExclusive: '12345.67',
      taxTotal: '2469.13',
      taxInclusive: '14814.80',
      prepaid: '0.00',
      payable: '14814.80',
    },
    payment: {
      meansCode: '58',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPPXXX',
      accountName: 'Atelier Numérique SAS',
      remittanceInformation: 'F-2026-0042',
    },
    paymentTerms: [{ dueDate: '2026-12-22', amount: '14814.80' }],
    paymentTermsText: 'Paiement à 30 jours date de facture, par virement.',
    notes: [
      {
        subjectCode: 'PMD',
        text: 'En cas de retard de paiement, des pénalités sont exigibles au taux de 3 fois le taux d’intérêt légal, sans qu’un rappel soit nécessaire.',
      },
      {
        subjectCode: 'PMT',
        text: 'Indemnité forfaitaire pour frais de recouvrement due au créancier en cas de retard de paiement : 40 €.',
      },
      { subjectCode: 'AAB', text: 'Pas d’escompte pour paiement anticipé.' },
    ],
    headerNotes: 'Suite à notre proposition commerciale du 2 octobre 2026.',
    footerNotes: 'Merci de votre confiance.',
    logo: null,
    vatReverseCharge: false,
    sellerLiableToVat: true,
    ...overrides,
  };
}

function tenLineInvoice(): IssuedDocument {
  const lines: DocumentLine[] = [
    { kind: 'Text', lineNumber: null, description: 'Lot 1 — Conception' },
    pricedLine(0),
    {
      ...pricedLine(3),
      description:
        'Formation des équipes comptables à la facturation électronique : réception des factures Factur-X, contrôle des mentions obligatoires, rapprochement avec les bons de commande et archivage à valeur probante pendant dix ans.',
      discountLabel: '-10 %',
      discountAmount: '220.00',
      netAmount: '1980.00',
    },
    { kind: 'Subtotal', lineNumber: null, description: 'Sous-total lot 1', subtotalAmount: '6530.00' },
    { kind: 'Empty', lineNumber: null, description: '' },
    { kind: 'Text', lineNumber: null, description: 'Lot 2 — Mise en production' },
    pricedLine(1),
    pricedLine(2),
    { ...pricedLine(4), vatRate: '5.5' },
    { kind: 'Subtotal', lineNumber: null, description: '', subtotalAmount: '4307.40' },
  ];
  return baseDocument(lines, {
    logo: makeLogo(),
    allowancesCharges: [
      { isCharge: false, reason: 'Remise fidélité', amount: '100.00', percent: null, vatCategory: 'S', vatRate: '20' },
      { isCharge: true, reason: 'Frais de port', reasonCode: 'FC', amount: '15.00', vatCategory: 'S', vatRate: '20' },
    ],
    vats: [
      { category: 'S', rate: '20', taxableAmount: '12098.17', taxAmount: '2419.63' },
      { category: 'S', rate: '5.5', taxableAmount: '247.50', taxAmount: '13.61' },
    ],
  });
}

function manyLineInvoice(n: number): IssuedDocument {
  return baseDocument(Array.from({ length: n }, (_v, i) => pricedLine(i)));
}

function creditNote(): IssuedDocument {
  return baseDocument([pricedLine(2), { ...pricedLine(0), quantity: '1', netAmount: '650.00' }], {
    kind: 'Credit',
    number: 'AV-2026-0003',
    subject: 'Avoir partiel – licence facturée en double',
    precedingInvoice: { number: 'F-2026-0042', date: '2026-11-22' },
    headerNotes: null,
    paymentTermsText: 'Remboursement par virement sous 15 jours.',
  });
}

function draft(): IssuedDocument {
  return { ...tenLineInvoice(), isDraft: true, number: null, payment: { meansCode: '30', iban: null, bic: null } };
}

function reverseCharge(): IssuedDocument {
  return baseDocument(
    [pricedLine(0, '0'), pricedLine(3, '0')].map((l) => ({ ...l, vatCategory: 'AE' as const })),
    {
      buyer: {
        name: 'Bauer Maschinenbau GmbH',
        vatNumber: 'DE123456789',
        address: { street: 'Industriestraße 5', zipcode: '70173', city: 'Stuttgart', countryIso: 'DE' },
        isBusiness: true,
      },
      vats: [
        {
          category: 'AE',
          rate: '0',
          taxableAmount: '6750.00',
          taxAmount: '0.00',
          exemptionReason: 'Autoliquidation',
          exemptionReasonCode: 'VATEX-EU-AE',
        },
      ],
      totals: {
        lineTotal: '6750.00',
        allowanceTotal: '0.00',
        chargeTotal: '0.00',
        taxExclusive: '6750.00',
        taxTotal: '0.00',
        taxInclusive: '6750.00',
        prepaid: '0.00',
        payable: '6750.00',
      },
      vatReverseCharge: true,
    },
  );
}

/** A sole trader under the franchise of art. 293 B: no VAT, no VAT number, a tax registration id. */
function franchiseSeller(): IssuedDocument {
  const base = baseDocument([pricedLine(0, '0')].map((l) => ({ ...l, vatCategory: 'E' as const })));
  return {
    ...base,
    subject: 'Développement de l’API de facturation',
    seller: {
      ...base.seller,
      name: 'Marie Martin EI',
      legalForm: 'EI',
      shareCapital: null,
      rcs: null,
      vatNumber: null,
      taxRegistrationId: '1234567890123',
      email: 'marie@martin-dev.fr',
    },
    vats: [
      {
        category: 'E',
        rate: '0',
        taxableAmount: '4550.00',
        taxAmount: '0.00',
        exemptionReason: 'TVA non applicable, art. 293 B du CGI',
        exemptionReasonCode: 'VATEX-FR-FRANCHISE',
      },
    ],
    totals: {
      lineTotal: '4550.00',
      allowanceTotal: '0.00',
      chargeTotal: '0.00',
      taxExclusive: '4550.00',
      taxTotal: '0.00',
      taxInclusive: '4550.00',
      prepaid: '0.00',
      payable: '4550.00',
    },
    payment: { ...base.payment, accountName: 'Marie Martin' },
    paymentTerms: [{ dueDate: '2026-12-22', amount: '4550.00' }],
    sellerLiableToVat: false,
  };
}

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">
  <!-- contenu accentué : é à ç €, and a narrow no-break space: 1\u202F234 -->
</rsm:CrossIndustryInvoice>
`;

// ---- rendering -------------------------------------------------------------------------------

describe('renderDocumentPdf', () => {
  it('renders a French invoice with amounts, dates and rates in French format', async () => {
    const pdf = await renderDocumentPdf(tenLineInvoice());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = await inspectPdf(pdf);
    expect(info.pageCount).toBe(1);
    const text = info.pageTexts[0];
    expect(text).toContain('FACTURE');
    expect(text).toContain('N° F-2026-0042');
    expect(text).toContain('22/11/2026');
    expect(text).toContain('22/12/2026');
    expect(text).toContain('Sous-total lot 1');
    expect(text).toContain('6\u202F530,00\u00A0€');
    expect(text).toContain('14\u202F814,80\u00A0€');
    expect(text).toContain('5,5\u00A0%');
    expect(text).toContain('Frais de port');
    expect(text).toContain('FR76 3000 6000 0112 3456 7890 189');
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement');
    expect(text).toContain('Page 1 / 1');
    expect(text).toContain('SAS au capital de 10 000 €');
    expect(text).toContain('SIRET 123 456 789 00012');
  });

  it('prints a global discount split over VAT rates as one line with the sum of its parts', async () => {
    const doc = tenLineInvoice();
    doc.allowancesCharges = [
      { isCharge: false, reason: 'Remise globale', amount: '245.44', percent: '5', vatCategory: 'S', vatRate: '20' },
      { isCharge: false, reason: 'Remise globale', amount: '2.70', percent: '5', vatCategory: 'S', vatRate: '5.5' },
    ];
    const text = (await inspectPdf(await renderDocumentPdf(doc))).pageTexts[0];
    expect(text.match(/Remise globale/g)).toHaveLength(1);
    expect(text).toContain('-248,14\u00A0€');
  });

  it('paginates a 300-line invoice, repeating the table header and numbering every page', async () => {
    const info = await inspectPdf(await renderDocumentPdf(manyLineInvoice(300)));
    expect(info.pageCount).toBeGreaterThan(1);
    info.pageTexts.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} / ${info.pageCount}`);
      if (text.includes('REF-')) expect(text).toContain('Désignation');
      expect(text).toContain('RCS Lyon B 123 456 789');
    });
    const allText = info.pageTexts.join('\n');
    expect(allText).toContain('REF-0001');
    expect(allText).toContain('REF-0300');
    expect(info.pageTexts[info.pageCount - 1]).toContain('Net à payer');
  });

  it('starts a new page at a NewPage line', async () => {
    const doc = baseDocument([pricedLine(0), { kind: 'NewPage', lineNumber: null, description: '' }, pricedLine(1)]);
    const info = await inspectPdf(await renderDocumentPdf(doc));
    expect(info.pageCount).toBe(2);
    expect(info.pageTexts[0]).toContain('REF-0001');
    expect(info.pageTexts[1]).toContain('REF-0002');
  });

  it('wraps and splits a description longer than a page', async () => {
    const long = Array.from({ length: 600 }, (_v, i) => `mot${i}`).join(' ');
    const info = await inspectPdf(await renderDocumentPdf(baseDocument([{ kind: 'Text', lineNumber: null, description: long }])));
    const all = info.pageTexts.join('\n');
    expect(info.pageCount).toBeGreaterThan(1);
    expect(all).toContain('mot0 ');
    expect(all).toContain('mot599');
  });

  it('prints a credit note with the invoice it corrects', async () => {
    const text = (await inspectPdf(await renderDocumentPdf(creditNote()))).pageTexts[0];
    expect(text).toContain('AVOIR');
    expect(text).toContain('N° AV-2026-0003');
    expect(text).toContain('F-2026-0042 du 22/11/2026');
    expect(text).toContain('Montant remboursé / à imputer');
  });

  it('prints Autoliquidation for reverse charge, and the 293 B mention for VAT-exempt sellers', async () => {
    const rc = (await inspectPdf(await renderDocumentPdf(reverseCharge()))).pageTexts[0];
    expect(rc).toContain('Autoliquidation');
    expect(rc).toContain('Allemagne');
    const text = (await inspectPdf(await renderDocumentPdf(franchiseSeller()))).pageTexts[0];
    expect(text).toContain('TVA non applicable, art. 293 B du CGI');
    // Without a VAT number, the tax registration id (BT-32) stands where it would be.
    expect(text).toContain('N° fiscal 1234567890123');
    expect(text).not.toContain('FR40123456789');
  });

  it('marks drafts BROUILLON on every page, without number and without XML even if given', async () => {
    const doc = { ...draft(), lines: manyLineInvoice(80).lines };
    const pdf = await renderDocumentPdf(doc, { xml: XML });
    const info = await inspectPdf(pdf);
    expect(info.pageCount).toBeGreaterThan(1);
    for (const text of info.pageTexts) expect(text).toContain('BROUILLON — document sans valeur');
    expect(info.pageTexts[0]).not.toContain('F-2026-0042');
    expect(info.fileSpecs).toHaveLength(0);
    expect(extractEmbeddedInvoiceXml(pdf)).toBeNull();
  });

  it('is deterministic: the same document renders to the same bytes', async () => {
    const a = await renderDocumentPdf(tenLineInvoice(), { xml: XML });
    const b = await renderDocumentPdf(tenLineInvoice(), { xml: XML });
    expect(a.equals(b)).toBe(true);
    const other = await renderDocumentPdf({ ...tenLineInvoice(), number: 'F-2026-0043' }, { xml: XML });
    expect(other.equals(a)).toBe(false);
    const id = (pdf: Buffer) => /\/ID \[<([0-9a-f]+)>/.exec(pdf.toString('latin1'))?.[1];
    expect(id(other)).not.toBe(id(a));
  });

  it('keeps line breaks in single-line fields from breaking the layout', async () => {
    const pdf = await renderDocumentPdf({ ...tenLineInvoice(), number: 'F-2026\n0042' });
    expect((await inspectPdf(pdf)).pageTexts[0]).toContain('N° F-2026 0042');
  });

  it('ignores a logo that is not an image rather than failing', async () => {
    const pdf = await renderDocumentPdf({ ...tenLineInvoice(), logo: new Uint8Array([1, 2, 3]) });
    expect(isPdf(pdf)).toBe(true);
  });
});

describe('Factur-X PDF/A-3b output', () => {
  it('embeds factur-x.xml as an Alternative, in the catalog /AF and the EmbeddedFiles tree', async () => {
    const pdf = await renderDocumentPdf(tenLineInvoice(), { xml: XML });
    const info = await inspectPdf(pdf);
    expect(info.header).toBe('%PDF-1.7');
    expect(info.embeddedFileNames).toEqual(['factur-x.xml']);
    expect(info.fileSpecs).toEqual([{ name: 'factur-x.xml', relationship: '/Alternative', mimeType: '/text#2Fxml', inCatalogAF: true }]);
    expect(extractEmbeddedInvoiceXml(pdf)).toEqual({ fileName: 'factur-x.xml', xml: XML });
  });

  it('declares PDF/A-3B and the Factur-X extension schema in the XMP', async () => {
    const { xmp } = await inspectPdf(await renderDocumentPdf(tenLineInvoice(), { xml: XML }));
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(xmp).toContain('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>');
    expect(xmp).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    for (const p of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']) {
      expect(xmp).toContain(`<pdfaProperty:name>${p}</pdfaProperty:name>`);
    }
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(xmp).toContain('<fx:Version>1.0</fx:Version>');
    expect(xmp).toContain('<xmp:CreateDate>2026-11-22T12:00:00Z</xmp:CreateDate>');
    // The seller name has an "&": the XMP must stay well-formed XML.
    expect(() => parseXml(xmp!.replace(/^<\?xpacket[^>]*>|<\?xpacket[^>]*>$/g, '').trim())).not.toThrow();
  });

  it('embeds every font and carries an sRGB GTS_PDFA1 OutputIntent', async () => {
    const info = await inspectPdf(await renderDocumentPdf(tenLineInvoice(), { xml: XML }));
    expect(info.fonts.length).toBeGreaterThan(0);
    for (const font of info.fonts) expect(font, font.baseFont).toMatchObject({ embedded: true });
    expect(info.fonts.map((f) => f.baseFont).join(' ')).toContain('DejaVuSansCondensed');
    expect(info.outputIntents).toEqual([{ subtype: '/GTS_PDFA1', hasProfile: true }]);
  });
});

// ---- reading ---------------------------------------------------------------------------------

describe('extractEmbeddedInvoiceXml', () => {
  it('recognises PDFs by their signature', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(isPdf(Buffer.from('<?xml version="1.0"?>'))).toBe(false);
  });

  it('returns null for a PDF without an invoice attachment', async () => {
    expect(extractEmbeddedInvoiceXml(await renderDocumentPdf(creditNote()))).toBeNull();
  });

  it('throws a typed error for non-PDF bytes', () => {
    expect(() => extractEmbeddedInvoiceXml(Buffer.from('hello'))).toThrow(PdfReadError);
  });

  it('throws PdfReadError quickly on truncated and garbled PDFs, never hangs', async () => {
    const pdf = await renderDocumentPdf(tenLineInvoice(), { xml: XML });
    const started = Date.now();
    let rejected = 0;
    for (let cut = 16; cut < pdf.length; cut += Math.ceil(pdf.length / 60)) {
      try {
        const result = extractEmbeddedInvoiceXml(pdf.subarray(0, cut));
        // A cut after the catalog and the attachment may still yield the full XML.
        if (result) expect(result.xml).toBe(XML);
      } catch (err) {
        expect(err).toBeInstanceOf(PdfReadError);
        rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(10);
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 0; i < 40; i++) {
      const garbled = Buffer.from(pdf);
      for (let k = 0; k < 200; k++) garbled[Math.floor(random() * garbled.length)] = Math.floor(random() * 256);
      garbled.write('%PDF-', 0, 'latin1');
      try {
        extractEmbeddedInvoiceXml(garbled);
      } catch (err) {
        expect(err).toBeInstanceOf(PdfReadError);
      }
    }
    const noise = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from(Array.from({ length: 200_000 }, () => Math.floor(random() * 256))),
    ]);
    expect(() => extractEmbeddedInvoiceXml(noise)).toThrow(PdfReadError);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses a decompression bomb instead of inflating it', () => {
    const bomb = deflateSync(Buffer.alloc(40 * 1024 * 1024, 0x20));
    const pdf = Buffer.concat([
      Buffer.from(
        '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Names << /EmbeddedFiles << /Names [(factur-x.xml) 2 0 R] >> >> >>\nendobj\n' +
          `2 0 obj\n<< /Type /Filespec /F (factur-x.xml) /EF << /F 3 0 R >> >>\nendobj\n3 0 obj\n<< /Type /EmbeddedFile /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`,
        'latin1',
      ),
      bomb,
      Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
    ]);
    expect(() => extractEmbeddedInvoiceXml(pdf)).toThrow(expect.objectContaining({ code: 'TOO_LARGE' }));
  });

  it('finds a zugferd-invoice.xml stored uncompressed inside an object stream layout', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice/>';
    const objects = '1 0 2 60 ';
    const body =
      '<< /Type /Catalog /AF [2 0 R] >>'.padEnd(60, ' ') +
      '<< /Type /Filespec /UF <FEFF007A007500670066006500720064002D0069006E0076006F006900630065002E0078006D006C> /EF << /F 4 0 R >> >>';
    const objStm = deflateSync(Buffer.from(objects + body, 'latin1'));
    const pdf = Buffer.concat([
      Buffer.from(
        `%PDF-1.7\n3 0 obj\n<< /Type /ObjStm /N 2 /First ${objects.length} /Filter /FlateDecode /Length ${objStm.length} >>\nstream\n`,
        'latin1',
      ),
      objStm,
      Buffer.from(
        `\nendstream\nendobj\n4 0 obj\n<< /Type /EmbeddedFile /Length ${xml.length} >>\nstream\n${xml}\nendstream\nendobj\n`,
        'latin1',
      ),
      Buffer.from('5 0 obj\n<< /Type /XRef /Root 1 0 R /Size 6 >>\nstream\n\nendstream\nendobj\n%%EOF\n', 'latin1'),
    ]);
    expect(extractEmbeddedInvoiceXml(pdf)).toEqual({ fileName: 'zugferd-invoice.xml', xml });
  });
});
