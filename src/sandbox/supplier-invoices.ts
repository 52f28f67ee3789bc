// The supplier invoices the sandbox platform holds for a business to receive: conforming CII
// (Facturier's own writer), from a few made-up French suppliers, addressed to the business.
import { buildCii } from '../rendering/cii.js';
import type { IssuedDocument, Party } from '../rendering/model.js';

export interface SampleSupplier {
  siren: string;
  name: string;
  vatNumber: string;
  city: string;
  zipcode: string;
}

/** Made-up suppliers with valid SIREN (Luhn) and VAT key. */
export const SAMPLE_SUPPLIERS: SampleSupplier[] = [
  { siren: '732829320', name: 'Papeterie du Marais', vatNumber: 'FR44732829320', city: 'Paris', zipcode: '75004' },
  { siren: '552081317', name: 'Électricité Lyonnaise SARL', vatNumber: 'FR03552081317', city: 'Lyon', zipcode: '69002' },
  { siren: '443061841', name: 'Transports Garonne', vatNumber: 'FR64443061841', city: 'Bordeaux', zipcode: '33000' },
];

export interface SupplierInvoiceRequest {
  supplier: SampleSupplier;
  buyer: { siren: string; name: string; address?: string | null };
  number: string;
  issueDate: string;
  /** Net amount of the one service line, 2 decimals; VAT 20 %. */
  net: string;
  description: string;
}

const cents = (s: string) => Math.round(Number(s) * 100);
const money = (c: number) => (c / 100).toFixed(2);

export function supplierInvoiceCii(r: SupplierInvoiceRequest): string {
  const net = cents(r.net);
  const vat = Math.round(net * 0.2);
  const seller: Party = {
    name: r.supplier.name,
    siren: r.supplier.siren,
    vatNumber: r.supplier.vatNumber,
    address: { street: '1 rue de la Paix', zipcode: r.supplier.zipcode, city: r.supplier.city, countryIso: 'FR' },
    electronicAddress: { scheme: '0225', value: r.supplier.siren },
    isBusiness: true,
  };
  const buyer: Party = {
    name: r.buyer.name,
    siren: r.buyer.siren,
    address: { street: '2 avenue des Clients', zipcode: '75008', city: 'Paris', countryIso: 'FR' },
    electronicAddress: { scheme: '0225', value: r.buyer.address ?? r.buyer.siren },
    isBusiness: true,
  };
  const due = new Date(Date.parse(`${r.issueDate}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  const doc: IssuedDocument = {
    kind: 'Invoice',
    isDraft: false,
    number: r.number,
    issueDate: r.issueDate,
    dueDate: due,
    currency: 'EUR',
    seller,
    buyer,
    lines: [
      {
        kind: 'Service',
        lineNumber: 1,
        description: r.description,
        quantity: '1',
        unitCode: 'C62',
        unitPrice: money(net),
        netAmount: money(net),
        vatCategory: 'S',
        vatRate: '20',
      },
    ],
    allowancesCharges: [],
    vats: [{ category: 'S', rate: '20', taxableAmount: money(net), taxAmount: money(vat) }],
    totals: {
      lineTotal: money(net),
      allowanceTotal: '0.00',
      chargeTotal: '0.00',
      taxExclusive: money(net),
      taxTotal: money(vat),
      taxInclusive: money(net + vat),
      prepaid: '0.00',
      payable: money(net + vat),
    },
    payment: { meansCode: '58', iban: 'FR7630006000011234567890189', remittanceInformation: r.number },
    paymentTerms: [{ dueDate: due, amount: money(net + vat) }],
    notes: [
      { subjectCode: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement : 40 €' },
      { subjectCode: 'PMD', text: 'Pénalités de retard : taux BCE + 10 points' },
      { subjectCode: 'AAB', text: 'Pas d’escompte pour paiement anticipé' },
    ],
    vatReverseCharge: false,
    sellerLiableToVat: true,
  };
  return buildCii(doc);
}
