// A corpus of varied sale documents made through the HTTP API, for the e-invoicing proofs (issue #11):
// every VAT category, B2B/B2C/foreign/overseas buyers, goods/services/mixed, discounts and charges,
// many lines, text lines, credit notes of every kind, cancellations, rounding edge cases and
// incomplete settings. Each document is created as a draft, then finalized (or cancelled); the
// result says whether finalization accepted it or refused it, and holds the CII XML the document is
// (or would have been) issued with.
//
// Plain functions, no vitest globals: the oracle test (test/einvoicing/corpus.oracle.test.ts) and the
// differential test of the built-in check both call `generateCorpus`. Deterministic: a seeded PRNG
// and fixed dates in the past.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildCii } from '../../src/rendering/cii.js';
import { getAccountSettings } from '../../src/modules/settings/index.js';
import {
  getDocumentRow,
  isDomesticB2B,
  parseData,
  prospectiveNumber,
  sellerFromSettings,
  toIssuedDocument,
  type DocumentKind,
} from '../../src/modules/sales/index.js';
import type { TestAccount, TestContext } from './harness.js';

export interface CorpusDocument {
  /** Unique, says what the document is (seller, buyer, case). */
  name: string;
  kind: DocumentKind;
  /** What the case is meant to show: finalized, or refused for the reason named. */
  intent: 'finalize' | 'refuse';
  finalized: boolean;
  /** The finalization (or cancellation) answer: status and, when refused, its body. */
  status: number;
  refusal: { detail: string; errors: Record<string, string[]> | null } | null;
  /** The CII XML issued (finalized) or that finalization judged (refused: the draft with the number it would get). */
  xml: string | null;
  /** Buyer is a business identified by a French SIREN in a French CTC territory: BR-FR applies in full. */
  domesticB2B: boolean;
}

export interface CorpusOptions {
  /** Documents wanted (at least); default 320. */
  size?: number;
  seed?: number;
}

type Payload = Record<string, unknown>;
type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** Mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BANK = { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX' };

/**
 * The sellers: each an account with its settings (PUT /v1/settings); `complete: false` ones cannot issue.
 * Every complete seller sets `einvoicing.frenchRules: Enforce`: the corpus proves the promise of that gate
 * (a finalized domestic B2B document passes BR-FR too). Under Warn, the default, BR-FR findings are kept
 * as warnings instead; test/modules/sales/salecredits.test.ts proves that side.
 */
const SELLERS: { key: string; settings: Payload | null; liable: boolean; complete: boolean }[] = [
  {
    key: 'sas',
    liable: true,
    complete: true,
    settings: {
      company: {
        name: 'Atelier Numérique SAS',
        legalStatus: 'SAS',
        capital: 10000,
        siret: '12345678200010',
        vatNumber: 'FR11123456782',
        invoicingAddress: { street: '12 rue de la République', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
        contact: { email: 'facturation@atelier.example', phone: '04 78 00 00 00' },
      },
      bankDetails: { ...BANK, accountHolder: 'Atelier Numérique SAS' },
      einvoicing: { frenchRules: 'Enforce' },
    },
  },
  {
    key: 'debit',
    liable: true,
    complete: true,
    settings: {
      company: {
        name: 'Conseil Débits SARL',
        siret: '73282932000074',
        vatNumber: 'FR44732829320',
        invoicingAddress: { street: '1 avenue Foch', zipcode: '75116', city: 'Paris', countryIso: 'FR' },
      },
      vat: { vatMode: 'Debit' },
      sales: { paymentMethod: 'Check' },
      numbering: { invoicePattern: 'FAC/{yy}{mm}/{seq:4}', creditPattern: 'AV_{yyyy}-{seq}' },
      einvoicing: { frenchRules: 'Enforce' },
    },
  },
  {
    key: 'franchise',
    liable: false,
    complete: true,
    settings: {
      company: {
        name: 'Marie Martin EI',
        siret: '81234567600017',
        taxRegistrationId: '1234567890123',
        invoicingAddress: { street: '8 rue Mercière', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
      },
      vat: { liableToVat: false },
      bankDetails: { ...BANK, accountHolder: 'Marie Martin' },
      einvoicing: { frenchRules: 'Enforce' },
    },
  },
  // A new account as it starts: no SIREN, no VAT number. Nothing it issues can conform.
  { key: 'incomplete', liable: true, complete: false, settings: null },
];

interface Buyer {
  key: string;
  payload: Payload;
  business: boolean;
  /** EU business with a VAT number: K for goods, AE for services by default. */
  intraEu?: boolean;
  /** Outside the EU (or GF, YT, PM, BL, MF): G by default. */
  export?: boolean;
}

const addr = (street: string, zipcode: string, city: string, countryIso: string) => ({ street, zipcode, city, countryIso });

const BUYERS: Buyer[] = [
  {
    key: 'fr-b2b',
    business: true,
    payload: {
      type: 'Business',
      companyName: 'Boulangerie Dupont SARL',
      firstName: 'Claire',
      lastName: 'Dupont',
      email: 'compta@dupont.example',
      billingAddress: addr('3 place du Marché', '75011', 'Paris', 'FR'),
      companyInformations: { siret: '98765432400019', vatNumber: 'FR14987654324' },
      billingOptions: { buyerReference: 'SERV-COMPTA' },
    },
  },
  {
    key: 'fr-b2b-siren-only',
    business: true,
    payload: {
      type: 'Business',
      companyName: 'Garage Lefèvre',
      billingAddress: addr('10 route de Lyon', '38000', 'Grenoble', 'FR'),
      companyInformations: { siret: '552100554' },
    },
  },
  {
    key: 'fr-b2b-eaddress',
    business: true,
    payload: {
      type: 'Government',
      companyName: 'Mairie de Villeurbanne',
      billingAddress: addr('Place Lazare Goujon', '69100', 'Villeurbanne', 'FR'),
      companyInformations: { siret: '21690266800013', electronicAddress: '216902668_00013' },
    },
  },
  {
    key: 'fr-b2b-no-siren',
    business: true,
    payload: { type: 'Business', companyName: 'Association des Amis', billingAddress: addr('2 rue Neuve', '13001', 'Marseille', 'FR') },
  },
  {
    key: 'fr-b2c',
    business: false,
    payload: {
      type: 'Consumer',
      firstName: 'Jean',
      lastName: 'Martin',
      email: 'jean.martin@example.fr',
      billingAddress: addr('5 allée des Tilleuls', '44000', 'Nantes', 'FR'),
    },
  },
  {
    key: 'gp-b2b',
    business: true,
    payload: {
      type: 'Business',
      companyName: 'Distillerie de Guadeloupe',
      billingAddress: addr('Rue du Port', '97110', 'Pointe-à-Pitre', 'GP'),
      companyInformations: { siret: '40483304800022' },
    },
  },
  {
    key: 're-b2b',
    business: true,
    payload: {
      type: 'Business',
      companyName: 'Réunion Informatique',
      billingAddress: addr('Boulevard Lancastel', '97400', 'Saint-Denis', 'RE'),
      companyInformations: { siret: '34345152600044' },
    },
  },
  {
    key: 'yt-b2b',
    business: true,
    export: true,
    payload: {
      type: 'Business',
      companyName: 'Mayotte Services',
      billingAddress: addr('Rue du Commerce', '97600', 'Mamoudzou', 'YT'),
      companyInformations: { siret: '44306184100047' },
    },
  },
  {
    key: 'mf-b2b',
    business: true,
    export: true,
    payload: {
      type: 'Business',
      companyName: 'Saint-Martin Nautique',
      billingAddress: addr('Rue de la Liberté', '97150', 'Marigot', 'MF'),
      companyInformations: { siret: '45213216000006' },
    },
  },
  {
    key: 'de-b2b',
    business: true,
    intraEu: true,
    payload: {
      type: 'Business',
      companyName: 'Bauer Maschinenbau GmbH',
      email: 'rechnungen@bauer.example',
      billingAddress: addr('Industriestraße 5', '70173', 'Stuttgart', 'DE'),
      companyInformations: { vatNumber: 'DE123456789' },
    },
  },
  {
    key: 'be-b2b-no-email',
    business: true,
    intraEu: true,
    payload: {
      type: 'Business',
      companyName: 'Brasserie Bruxelloise SA',
      billingAddress: addr('Rue Haute 1', '1000', 'Bruxelles', 'BE'),
      companyInformations: { vatNumber: 'BE0123456789' },
    },
  },
  {
    key: 'it-b2b-no-vat',
    business: true,
    payload: { type: 'Business', companyName: 'Trattoria Roma SRL', billingAddress: addr('Via Appia 3', '00100', 'Roma', 'IT') },
  },
  {
    key: 'es-b2c',
    business: false,
    payload: { type: 'Consumer', firstName: 'Lucía', lastName: 'García', billingAddress: addr('Calle Mayor 7', '28013', 'Madrid', 'ES') },
  },
  {
    key: 'us-b2b',
    business: true,
    export: true,
    payload: {
      type: 'Business',
      companyName: 'Acme Corp',
      email: 'ap@acme.example',
      billingAddress: addr('1 Main Street', '10001', 'New York', 'US'),
    },
  },
  {
    key: 'ch-b2b',
    business: true,
    export: true,
    payload: {
      type: 'Business',
      companyName: 'Uhren AG',
      billingAddress: addr('Bahnhofstrasse 1', '8001', 'Zürich', 'CH'),
    },
  },
  {
    key: 'no-b2c',
    business: false,
    payload: { type: 'Consumer', firstName: 'Ola', lastName: 'Nordmann', billingAddress: addr('Karl Johans gate 1', '0154', 'Oslo', 'NO') },
  },
  {
    key: 'mc-b2b',
    business: true,
    payload: {
      type: 'Business',
      companyName: 'Monaco Yachting SAM',
      email: 'compta@yachting.example',
      billingAddress: addr('Quai Antoine 1er', '98000', 'Monaco', 'MC'),
    },
  },
];

const GOODS = ['Câble USB-C 2 m', 'Licence logicielle (12 mois)', 'Écran 27 pouces', 'Papier A4 (ramette)', 'Cartouche d’encre'];
const SERVICES = ['Développement back-end', 'Formation des équipes', 'Maintenance mensuelle', 'Conseil fiscal', 'Hébergement infogéré'];
const RATES = [20, 20, 20, 10, 5.5, 2.1];
const UNITS = ['C62', 'HUR', 'DAY', 'H87', 'MON'];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)];
}

/** A priced line: goods or a service, at a rate, with the edge cases the shape asks for. */
function line(
  rnd: () => number,
  type: 'Product' | 'Service',
  shape: { rounding?: boolean; negative?: boolean; discount?: boolean },
): Payload {
  const quantity = shape.rounding ? pick(rnd, [0.333, 1.5, 3, 7, 0.125, 12.75]) : pick(rnd, [1, 1, 2, 3, 5, 10, 0.5]);
  let price = shape.rounding ? pick(rnd, [0.0049, 1.005, 9.9999, 19.99, 33.3333, 0.01]) : Math.round(rnd() * 200000) / 100 + 1;
  if (shape.negative) price = -price;
  const out: Payload = {
    type,
    description: pick(rnd, type === 'Product' ? GOODS : SERVICES),
    quantity,
    taxExcludedPrice: price,
    vat: { rate: pick(rnd, RATES) },
    unit: { code: pick(rnd, UNITS) },
  };
  if (shape.discount) {
    out.discount = rnd() < 0.5 ? { type: 'Percent', value: pick(rnd, [5, 10, 12.5, 33]) } : { type: 'Fixed', value: 0.5 };
  }
  return out;
}

interface Case {
  name: string;
  seller: string;
  buyer: string;
  kind: DocumentKind;
  intent: 'finalize' | 'refuse';
  body: Payload;
  /** 'cancel': finalize the invoice, then cancel it (the corpus entry is the cancellation credit). */
  then?: 'cancel';
  /** Credit: corrects the invoice of the named case (cancelledInvoicetId). */
  corrects?: string;
}

/** Builds the cases, deterministic for a seed. */
function cases(rnd: () => number, size: number): Case[] {
  const out: Case[] = [];
  let n = 0;
  const shapes = ['goods', 'services', 'mixed', 'many', 'text', 'discounts', 'rounding', 'negative', 'ttc', 'shipping'] as const;
  const liableSellers = ['sas', 'debit'];
  while (out.length < size) {
    n += 1;
    const shape = shapes[n % shapes.length];
    const buyer = BUYERS[Math.floor(n / shapes.length) % BUYERS.length];
    const seller = n % 11 === 0 ? 'franchise' : n % 37 === 0 ? 'incomplete' : liableSellers[n % 2];
    const lines: Payload[] = [];
    const count = shape === 'many' ? 40 + Math.floor(rnd() * 160) : 1 + Math.floor(rnd() * 6);
    for (let i = 0; i < count; i++) {
      const type = shape === 'goods' ? 'Product' : shape === 'services' ? 'Service' : rnd() < 0.5 ? 'Product' : 'Service';
      if (shape === 'text' && i % 2 === 0) lines.push({ type: 'Text', description: `Lot ${i + 1} : détails de la commande` });
      if (shape === 'many' && i % 25 === 24) lines.push({ type: 'Subtotal', description: 'Sous-total' });
      lines.push(
        line(rnd, type, {
          rounding: shape === 'rounding',
          discount: shape === 'discounts' || (shape === 'many' && i % 7 === 0),
          negative: false,
        }),
      );
    }
    // A deduction line (negative price) under lines that keep the total positive: an invoice's total cannot be negative.
    if (shape === 'negative') {
      lines.push({ type: 'Service', description: 'Forfait', quantity: 1, taxExcludedPrice: 500, vat: { rate: 20 } });
      lines.push({ ...line(rnd, 'Product', {}), taxExcludedPrice: -Math.round(1 + rnd() * 9900) / 100, quantity: pick(rnd, [1, 2, 0.5]) });
    }
    const body: Payload = { lines, subject: `Document ${n} (${shape})` };
    if (shape === 'discounts') body.globalDiscount = rnd() < 0.5 ? { type: 'Percent', value: 7.5 } : { type: 'Fixed', value: 3 };
    if (shape === 'shipping' || (shape === 'mixed' && rnd() < 0.5)) body.shippingAmount = pick(rnd, [4.9, 12, 25.5]);
    if (shape === 'ttc') body.useTaxIncludedPrices = true;
    if (shape === 'ttc') {
      for (const l of lines) {
        if (l.taxExcludedPrice === undefined) continue;
        l.taxIncludedPrice = l.taxExcludedPrice;
        delete l.taxExcludedPrice;
      }
    }
    const sellerDef = SELLERS.find((s) => s.key === seller)!;
    out.push({
      name: `${n}-${seller}-${buyer.key}-${shape}`,
      seller,
      buyer: buyer.key,
      kind: 'Invoice',
      intent: sellerDef.complete ? 'finalize' : 'refuse',
      body,
      then: n % 13 === 0 && sellerDef.complete ? 'cancel' : undefined,
    });
  }
  return out;
}

/** Cases of every VAT category and every kind of credit note, named one by one. */
function explicitCases(): Case[] {
  const goods = (rate = 20, extra: Payload = {}) => ({
    type: 'Product',
    description: 'Machine-outil',
    quantity: 2,
    taxExcludedPrice: 1250,
    vat: { rate },
    ...extra,
  });
  const service = (rate = 20, extra: Payload = {}) => ({
    type: 'Service',
    description: 'Audit',
    quantity: 1,
    taxExcludedPrice: 900,
    vat: { rate },
    ...extra,
  });
  const d = '2025-01-02'; // replaced by the corpus's running date
  const c: Case[] = [
    {
      name: 'cat-S',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, lines: [goods(), service(10)] },
    },
    {
      name: 'cat-Z',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, lines: [goods(0, { vatCategory: 'Z' })] },
    },
    {
      name: 'cat-E-teaching',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, vatCategory: 'E', vatExemptionCode: 'VATEX-FR-CGI261-4', lines: [service(), service()] },
    },
    {
      name: 'cat-E-line-mixed-S',
      seller: 'sas',
      buyer: 'fr-b2c',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, lines: [goods(), service(20, { vatCategory: 'E', vatExemptionCode: 'VATEX-EU-132-1C' })] },
    },
    {
      name: 'cat-AE-flag',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, vatReverseCharge: true, lines: [service()] },
    },
    {
      name: 'cat-AE-domestic-code',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, vatCategory: 'AE', vatExemptionCode: 'VATEX-FR-AE', lines: [service()] },
    },
    {
      name: 'cat-K-default',
      seller: 'sas',
      buyer: 'de-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, lines: [goods(), goods(5.5)] },
    },
    {
      name: 'cat-K-delivery-shipto',
      seller: 'sas',
      buyer: 'be-b2b-no-email',
      kind: 'Invoice',
      intent: 'finalize',
      body: {
        date: d,
        deliveryDate: '2026-03-02',
        shippingAddress: addr('Rue de la Loi 16', '1000', 'Bruxelles', 'BE'),
        lines: [goods()],
        shippingAmount: 30,
      },
    },
    {
      name: 'cat-K+AE-mixed',
      seller: 'sas',
      buyer: 'de-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, lines: [goods(), service()] },
    },
    {
      name: 'cat-G-goods',
      seller: 'sas',
      buyer: 'us-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, lines: [goods(), goods(10)] },
    },
    {
      name: 'cat-G-services',
      seller: 'debit',
      buyer: 'ch-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, lines: [service()] },
    },
    { name: 'cat-G-overseas-yt', seller: 'sas', buyer: 'yt-b2b', kind: 'Invoice', intent: 'finalize', body: { date: d, lines: [goods()] } },
    {
      name: 'cat-O-out-of-scope',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, vatCategory: 'O', lines: [service(), goods()] },
    },
    // BR-O-11..14: category O cannot share an invoice with another category.
    {
      name: 'cat-O-mixed-refused',
      seller: 'sas',
      buyer: 'fr-b2c',
      kind: 'Invoice',
      intent: 'refuse',
      body: { date: d, lines: [goods(), service(20, { vatCategory: 'O' })] },
    },
    {
      name: 'cat-S-explicit-eu',
      seller: 'sas',
      buyer: 'de-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, vatCategory: 'S', lines: [goods()] },
    },
    {
      name: 'overseas-gp-dom-rate',
      seller: 'sas',
      buyer: 'gp-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, region: 'DOM', lines: [goods(8.5)] },
    },
    { name: 'overseas-re', seller: 'debit', buyer: 're-b2b', kind: 'Invoice', intent: 'finalize', body: { date: d, lines: [service()] } },
    { name: 'overseas-mf', seller: 'sas', buyer: 'mf-b2b', kind: 'Invoice', intent: 'finalize', body: { date: d, lines: [service()] } },
    { name: 'monaco', seller: 'sas', buyer: 'mc-b2b', kind: 'Invoice', intent: 'finalize', body: { date: d, lines: [goods()] } },
    { name: 'debit-mention', seller: 'debit', buyer: 'fr-b2b', kind: 'Invoice', intent: 'finalize', body: { date: d, lines: [service()] } },
    {
      name: 'franchise-b2b',
      seller: 'franchise',
      buyer: 'fr-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, lines: [service()] },
    },
    {
      name: 'negative-price-b2b',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, lines: [goods(), goods(20, { taxExcludedPrice: -100, quantity: 1 })] },
    },
    {
      name: 'incomplete-seller',
      seller: 'incomplete',
      buyer: 'fr-b2b',
      kind: 'Invoice',
      intent: 'refuse',
      body: { date: d, lines: [goods()] },
    },
    // Credit notes: linked to our invoice, to an invoice issued elsewhere, naming nothing (refused), and cancellations.
    {
      name: 'invoice-to-correct',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      body: { date: d, lines: [goods(), service()] },
    },
    {
      name: 'credit-linked',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Credit',
      intent: 'finalize',
      corrects: 'invoice-to-correct',
      body: { date: d, lines: [goods()] },
    },
    {
      name: 'credit-external',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Credit',
      intent: 'finalize',
      body: { date: d, correctedInvoiceNumber: 'ANC-2025/0042', correctedInvoiceDate: '2025-12-15', lines: [service()] },
    },
    {
      name: 'credit-external-intra-eu',
      seller: 'sas',
      buyer: 'de-b2b',
      kind: 'Credit',
      intent: 'finalize',
      body: { date: d, correctedInvoiceNumber: 'F-2025-00077', correctedInvoiceDate: '2025-11-03', lines: [goods()] },
    },
    {
      name: 'credit-unreferenced',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Credit',
      intent: 'refuse',
      body: { date: d, lines: [service()] },
    },
    {
      name: 'credit-franchise-b2c',
      seller: 'franchise',
      buyer: 'fr-b2c',
      kind: 'Credit',
      intent: 'finalize',
      body: { date: d, correctedInvoiceNumber: 'F-2025-00003', correctedInvoiceDate: '2025-10-01', lines: [service()] },
    },
    {
      name: 'cancel-b2b',
      seller: 'sas',
      buyer: 'fr-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      then: 'cancel',
      body: { date: d, lines: [goods(), service()] },
    },
    {
      name: 'cancel-k',
      seller: 'sas',
      buyer: 'de-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      then: 'cancel',
      body: { date: d, lines: [goods()] },
    },
    {
      name: 'cancel-g',
      seller: 'debit',
      buyer: 'us-b2b',
      kind: 'Invoice',
      intent: 'finalize',
      then: 'cancel',
      body: { date: d, lines: [service()] },
    },
  ];
  return c;
}

/** The CII of a stored document: as issued once finalized; for a draft, with the number it would receive. */
async function xmlOf(ctx: TestContext, accountId: number, kind: DocumentKind, id: number): Promise<string | null> {
  const db = ctx.db.kysely;
  const row = await getDocumentRow(db, accountId, kind, id);
  if (!row) return null;
  const settings = await getAccountSettings(db, accountId);
  const data = parseData(row);
  const isDraft = Boolean(row.isDraft);
  const seller = !isDraft && data.seller ? data.seller : sellerFromSettings(settings);
  const doc = toIssuedDocument(kind, { isDraft, data }, seller, { paymentMethod: seller.paymentMethod ?? settings.sales.paymentMethod });
  if (isDraft) doc.number = await prospectiveNumber(db, accountId, kind, row.date, settings);
  return buildCii(doc);
}

const PATH: Record<DocumentKind, string> = { Invoice: '/v1/saleinvoices', Credit: '/v1/salecredits' };

/** Makes the corpus through the API of `ctx` (fresh accounts of its own) and returns every document. */
export async function generateCorpus(ctx: TestContext, options: CorpusOptions = {}): Promise<CorpusDocument[]> {
  const rnd = prng(options.seed ?? 11);
  const inject: Inject = (o) => ctx.inject(o);
  const accounts = new Map<string, TestAccount>();
  const customers = new Map<string, number>();
  for (const seller of SELLERS) {
    const account = await ctx.newAccount(`Corpus ${seller.key}`, { sellerIdentity: false });
    if (seller.settings) {
      const res = await inject({ method: 'PUT', url: '/v1/settings', headers: account.headers, payload: seller.settings });
      if (res.statusCode !== 200) throw new Error(`corpus seller ${seller.key}: settings refused: ${res.body}`);
    }
    accounts.set(seller.key, account);
    for (const buyer of BUYERS) {
      const res = await inject({ method: 'POST', url: '/v1/customers', headers: account.headers, payload: buyer.payload });
      if (res.statusCode !== 200) throw new Error(`corpus customer ${buyer.key}: ${res.body}`);
      customers.set(`${seller.key}/${buyer.key}`, res.json().id);
    }
  }

  const all = [...explicitCases(), ...cases(rnd, Math.max(0, (options.size ?? 320) - explicitCases().length))];
  const out: CorpusDocument[] = [];
  const invoiceIds = new Map<string, number>();
  for (const [index, c] of all.entries()) {
    const account = accounts.get(c.seller)!;
    const headers = account.headers;
    // Dates never go back (finalization keeps each account's chronology), one day every two documents.
    const date = new Date(Date.UTC(2025, 0, 2 + Math.floor(index / 2))).toISOString().slice(0, 10);
    const body: Payload = { ...c.body, date, customerId: customers.get(`${c.seller}/${c.buyer}`) };
    if (c.corrects) body.cancelledInvoicetId = invoiceIds.get(c.corrects);
    const created = await inject({ method: 'POST', url: PATH[c.kind], headers, payload: body });
    if (created.statusCode !== 200) throw new Error(`corpus case ${c.name}: the draft was refused: ${created.body}`);
    const id = created.json().id as number;
    const fin = await inject({ method: 'POST', url: `${PATH[c.kind]}/finalize/${id}`, headers });
    const entry = async (kind: DocumentKind, docId: number, res: LightMyRequestResponse, name: string): Promise<CorpusDocument> => {
      const xml = await xmlOf(ctx, account.accountId, kind, docId);
      const row = await getDocumentRow(ctx.db.kysely, account.accountId, kind, docId);
      const settings = await getAccountSettings(ctx.db.kysely, account.accountId);
      const data = parseData(row!);
      const issued = toIssuedDocument(kind, { isDraft: false, data }, data.seller ?? sellerFromSettings(settings));
      return {
        name,
        kind,
        intent: c.intent,
        finalized: res.statusCode === 200,
        status: res.statusCode,
        refusal: res.statusCode === 200 ? null : { detail: res.json().detail, errors: res.json().errors ?? null },
        xml,
        domesticB2B: isDomesticB2B(issued),
      };
    };
    out.push(await entry(c.kind, id, fin, c.name));
    if (fin.statusCode === 200 && c.kind === 'Invoice') invoiceIds.set(c.name, id);
    if (fin.statusCode === 200 && c.then === 'cancel') {
      const cancelled = await inject({ method: 'POST', url: `/v1/saleinvoices/cancel/${id}`, headers });
      const creditId = cancelled.statusCode === 200 ? (cancelled.json().cancellationCreditId as number) : null;
      if (creditId) out.push(await entry('Credit', creditId, cancelled, `${c.name}/cancellation`));
      else out.push({ ...(await entry('Invoice', id, cancelled, `${c.name}/cancellation`)), kind: 'Credit', xml: null });
    }
  }
  return out;
}
