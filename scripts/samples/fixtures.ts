// The documents of samples/: two sellers (a VAT-registered company and a sole trader under the
// art. 293 B franchise), their customers and products, and the drafts created from them, written
// as the JSON an integrator sends to the API. `render.ts` plays them against a fresh database.
// Dates are fixed and in the past, so that finalization never depends on the day it runs.

/** A request body as sent to the API (validated by the API's own schemas). */
export type Payload = Record<string, unknown>;

export interface SampleSeller {
  /** Account name (the settings override it as the company name). */
  name: string;
  /** PUT /v1/settings */
  settings: Payload;
  /** POST /v1/products, referenced by `productNumber` on the lines. */
  products: Payload[];
  /** POST /v1/customers, referenced by key from the documents. */
  customers: Record<string, Payload>;
}

export interface SampleDocument {
  /** File name in samples/. */
  file: string;
  seller: keyof typeof SELLERS;
  kind: 'Invoice' | 'Credit' | 'Quote';
  customer: string;
  /** POST /v1/saleinvoices, /v1/salecredits or /v1/salequotes, without customerId (filled from `customer`). */
  input: Payload;
  /** Finalized on the document's own date (a quote: issued); false keeps it a draft (BROUILLON, no XML). */
  finalize: boolean;
  /** For a credit note: the `file` of the sample invoice it corrects (cancelledInvoicetId). */
  corrects?: string;
  /** Pages written as PNG previews (`<file>-page<N>.png`). */
  previewPages: number[];
}

/** A 120×40 PNG: a navy band with a lighter square, standing for the seller's logo. */
const LOGO_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAIAAAC6iKlyAAAAaElEQVR42u3aMREAIAwAsRrBEgZQhIbqwk9NAEtz9woyf4y59aFAABq0LkKvPE8DDRo0aNCgQYMGDRo0aNCgQYMGDRo0aNCgQYMGDRo0aNCgQYMGDRo0aNCgQYMGDRo0aCM6aIEG3aYCD748PO73mMsAAAAASUVORK5CYII=';

const BANK = { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX' };

export const SELLERS = {
  atelier: {
    name: 'Atelier Numérique SAS',
    settings: {
      company: {
        name: 'Atelier Numérique SAS',
        legalStatus: 'SAS',
        capital: 10000,
        registrationNumber: 'RCS Lyon B 123 456 782',
        siret: '12345678200010',
        vatNumber: 'FR11123456782',
        invoicingAddress: { street: '12 rue de la République\nBâtiment B', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
        contact: { email: 'facturation@atelier-numerique.fr', phone: '04 78 00 00 00' },
        logoUri: `data:image/png;base64,${LOGO_PNG_BASE64}`,
      },
      bankDetails: { ...BANK, accountHolder: 'Atelier Numérique SAS' },
      documentDefaults: { invoiceFooterNotes: 'Merci de votre confiance.' },
    },
    products: [
      { number: 'DEV-API', type: 'Service', name: 'Développement back-end (API de facturation)', unitPrice: 650, unit: { code: 'DAY' }, vat: { rate: 20 } },
      { number: 'HEB-MOIS', type: 'Service', name: 'Hébergement infogéré — forfait mensuel', unitPrice: 189.9, unit: { code: 'MON' }, vat: { rate: 20 } },
      { number: 'LIC-PRO', type: 'Product', name: 'Licence logicielle « Facturier Pro » (12 mois)', unitPrice: 1290, unit: { code: 'C62' }, vat: { rate: 20 } },
      { number: 'FORM-FX', type: 'Service', name: 'Formation des équipes comptables à la facturation électronique', unitPrice: 1100, unit: { code: 'DAY' }, vat: { rate: 20 } },
      { number: 'USBC-2M', type: 'Product', name: 'Câble USB-C 2 m', unitPrice: 9.9, unit: { code: 'H87' }, vat: { rate: 5.5 } },
    ],
    customers: {
      dupont: {
        type: 'Business',
        companyName: 'Boulangerie Dupont & Fils SARL',
        title: 'Mme',
        firstName: 'Claire',
        lastName: 'Dupont',
        email: 'compta@boulangerie-dupont.fr',
        billingAddress: { street: '3 place du Marché', zipcode: '75011', city: 'Paris', countryIso: 'FR' },
        companyInformations: { siret: '98765432400019', vatNumber: 'FR14987654324' },
        billingOptions: { buyerReference: 'SERV-COMPTA' },
      },
      bauer: {
        type: 'Business',
        companyName: 'Bauer Maschinenbau GmbH',
        email: 'rechnungen@bauer-maschinenbau.de',
        billingAddress: { street: 'Industriestraße 5', zipcode: '70173', city: 'Stuttgart', countryIso: 'DE' },
        companyInformations: { vatNumber: 'DE123456789' },
        billingOptions: { vatReverseCharge: true },
      },
    },
  },
  martin: {
    name: 'Marie Martin EI',
    settings: {
      company: {
        name: 'Marie Martin EI',
        legalStatus: 'EI',
        siret: '81234567600017',
        taxRegistrationId: '1234567890123',
        invoicingAddress: { street: '8 rue Mercière', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
        contact: { email: 'marie@martin-dev.fr', phone: '06 12 34 56 78' },
      },
      vat: { liableToVat: false },
      bankDetails: { ...BANK, accountHolder: 'Marie Martin' },
    },
    products: [
      { number: 'DEV-JOUR', type: 'Service', name: 'Développement back-end (API de facturation)', unitPrice: 650, unit: { code: 'DAY' } },
    ],
    customers: {
      dupont: {
        type: 'Business',
        companyName: 'Boulangerie Dupont & Fils SARL',
        billingAddress: { street: '3 place du Marché', zipcode: '75011', city: 'Paris', countryIso: 'FR' },
        companyInformations: { siret: '98765432400019', vatNumber: 'FR14987654324' },
      },
    },
  },
} satisfies Record<string, SampleSeller>;

/** Ten lines showing every line kind: text, priced (with a discount), subtotal, empty. */
const TEN_LINES: Payload[] = [
  { type: 'Text', description: 'Lot 1 — Conception' },
  { productNumber: 'DEV-API', quantity: 7 },
  {
    productNumber: 'FORM-FX',
    quantity: 2,
    description:
      'Formation des équipes comptables à la facturation électronique : réception des factures Factur-X, contrôle des mentions obligatoires, rapprochement avec les bons de commande et archivage à valeur probante pendant dix ans.',
    discount: { type: 'Percent', value: 10 },
  },
  { type: 'Subtotal', description: 'Sous-total lot 1' },
  { type: 'Empty' },
  { type: 'Text', description: 'Lot 2 — Mise en production' },
  { productNumber: 'HEB-MOIS', quantity: 1 },
  { productNumber: 'LIC-PRO', quantity: 3 },
  { productNumber: 'USBC-2M', quantity: 25 },
  { type: 'Subtotal' },
];

const TEN_LINE_INVOICE: Payload = {
  date: '2026-11-02',
  subject: 'Refonte du portail client – lot 2',
  customerOrderReference: 'BC-2026-118',
  headerNotes: 'Suite à notre proposition commerciale du 2 octobre 2026.',
  lines: TEN_LINES,
  globalDiscount: { type: 'Fixed', value: 100 },
  shippingAmount: 15,
};

const CATALOGUE = ['DEV-API', 'HEB-MOIS', 'LIC-PRO', 'FORM-FX', 'USBC-2M'];

/** In creation order: invoices are finalized in date order, the credit note after the invoice it corrects. */
export const SAMPLES: SampleDocument[] = [
  {
    file: 'invoice-10-lines-facturx.pdf',
    seller: 'atelier',
    kind: 'Invoice',
    customer: 'dupont',
    input: TEN_LINE_INVOICE,
    finalize: true,
    previewPages: [1],
  },
  {
    file: 'invoice-250-lines.pdf',
    seller: 'atelier',
    kind: 'Invoice',
    customer: 'dupont',
    input: {
      date: '2026-11-05',
      subject: 'Fournitures et prestations d’octobre 2026',
      lines: Array.from({ length: 250 }, (_v, i) => ({ productNumber: CATALOGUE[i % CATALOGUE.length], quantity: 1 + (i % 4) })),
    },
    finalize: true,
    previewPages: [1, 2],
  },
  {
    file: 'reverse-charge.pdf',
    seller: 'atelier',
    kind: 'Invoice',
    customer: 'bauer',
    input: {
      date: '2026-11-09',
      subject: 'Intégration de l’API de facturation',
      customerOrderReference: 'PO-4500012345',
      lines: [
        { productNumber: 'DEV-API', quantity: 7 },
        { productNumber: 'FORM-FX', quantity: 2 },
      ],
    },
    finalize: true,
    previewPages: [1],
  },
  {
    file: 'credit-note.pdf',
    seller: 'atelier',
    kind: 'Credit',
    customer: 'dupont',
    corrects: 'invoice-10-lines-facturx.pdf',
    input: {
      date: '2026-11-12',
      subject: 'Avoir partiel – licence facturée en double',
      lines: [
        { productNumber: 'LIC-PRO', quantity: 1 },
        { productNumber: 'DEV-API', quantity: 1 },
      ],
    },
    finalize: true,
    previewPages: [1],
  },
  {
    file: 'draft.pdf',
    seller: 'atelier',
    kind: 'Invoice',
    customer: 'dupont',
    input: { ...TEN_LINE_INVOICE, date: '2026-11-16' },
    finalize: false,
    previewPages: [1],
  },
  {
    file: 'franchise-seller.pdf',
    seller: 'martin',
    kind: 'Invoice',
    customer: 'dupont',
    input: {
      date: '2026-11-06',
      subject: 'Développement de l’API de facturation',
      lines: [{ productNumber: 'DEV-JOUR', quantity: 7 }],
    },
    finalize: true,
    previewPages: [1],
  },
  {
    file: 'quote.pdf',
    seller: 'atelier',
    kind: 'Quote',
    customer: 'dupont',
    input: {
      date: '2026-10-02',
      subject: 'Refonte du portail client – proposition',
      customerOrderReference: 'AO-2026-17',
      deposit: { type: 'Percent', value: 30 },
      headerNotes: 'Suite à notre rendez-vous du 28 septembre 2026, voici notre proposition.',
      lines: [
        { type: 'Text', description: 'Lot 1 — Conception' },
        { productNumber: 'DEV-API', quantity: 7 },
        { productNumber: 'FORM-FX', quantity: 2, discount: { type: 'Percent', value: 10 } },
        { type: 'Text', description: 'Lot 2 — Mise en production' },
        { productNumber: 'LIC-PRO', quantity: 3 },
        { productNumber: 'USBC-2M', quantity: 25 },
      ],
    },
    finalize: true,
    previewPages: [1],
  },
];

/** `invoice-250-lines.pdf`, page 2 -> `invoice-250-lines-page2.png`. */
export function previewFileName(file: string, page: number): string {
  return `${file.replace(/\.pdf$/, '')}-page${page}.png`;
}
