// The Flux 10 writer (src/einvoicing/flux10.ts) on every kind of entry, judged by the official Flux 10
// XSD + Schematron (../shared/einvoicing-oracle): B2B international invoices and credit notes (EU and
// outside the EU, reverse charge and export), B2C aggregates with credits, payments per invoice and
// aggregated, an empty report, a rectifying one. The API suite (test/modules/ereporting) judges the
// files built from the books; this one reaches the entries that corpus does not (payments of a
// foreign business's invoice).
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFlux10, type Flux10Header, type Flux10Invoice } from '../../src/einvoicing/flux10.js';
import { flux10OracleAvailable, loadFlux10Oracle, type Flux10Oracle } from '../helpers/flux10-oracle.js';

const header: Flux10Header = {
  id: '123456782-S-20260901-20260910-0',
  issuedAt: '2026-09-11T08:00:00.000Z',
  typeCode: 'IN',
  platform: { id: '9999', name: 'Plateforme agréée 9999' },
  declarant: { siren: '123456782', name: 'Vendeur & Fils <SARL>', role: 'SE' },
};
const me = { id: '123456782', scheme: '0002' as const, vatNumber: 'FR11123456782', countryIso: 'FR' };
const invoices: Flux10Invoice[] = [
  {
    number: 'F-2026-00001',
    issueDate: '2026-09-02',
    typeCode: '380',
    businessProcess: 'S1',
    seller: me,
    buyer: { id: 'DE123456789', scheme: '0223', vatNumber: 'DE123456789', countryIso: 'DE' },
    taxExclusiveAmount: '1000.00',
    taxAmount: '0.00',
    subtotals: [
      {
        taxableAmount: '1000.00',
        taxAmount: '0.00',
        category: 'AE',
        rate: '0',
        exemptionReason: 'Autoliquidation',
        exemptionReasonCode: 'VATEX-EU-AE',
      },
    ],
  },
  {
    number: 'AV-2026-00001',
    issueDate: '2026-09-03',
    typeCode: '381',
    businessProcess: 'B1',
    referencedInvoice: { number: 'F-2026-00002', issueDate: '2026-08-30' },
    seller: me,
    buyer: { id: '542107651', scheme: '0227', vatNumber: null, countryIso: 'US' },
    taxExclusiveAmount: '100.00',
    taxAmount: '0.00',
    subtotals: [
      {
        taxableAmount: '100.00',
        taxAmount: '0.00',
        category: 'G',
        rate: '0',
        exemptionReason: 'Export',
        exemptionReasonCode: 'VATEX-EU-G',
      },
    ],
  },
  {
    number: 'F-2026-00003',
    issueDate: '2026-09-04',
    typeCode: '380',
    businessProcess: 'M1',
    taxDueDateTypeCode: '5',
    seller: me,
    buyer: { id: 'CH-123.456', scheme: '0227', vatNumber: null, countryIso: 'CH' },
    taxExclusiveAmount: '150.00',
    taxAmount: '25.00',
    subtotals: [
      { taxableAmount: '100.00', taxAmount: '20.00', category: 'S', rate: '20' },
      { taxableAmount: '50.00', taxAmount: '5.00', category: 'S', rate: '10' },
    ],
  },
];

let oracle: Flux10Oracle;
beforeAll(async () => {
  if (flux10OracleAvailable) oracle = await loadFlux10Oracle();
}, 300_000);

async function errors(xml: string): Promise<string[]> {
  const v = await oracle.validate(xml);
  return [...v.flux10.errors, ...v.xsd.errors].map((e) => `${e.id}: ${e.text ?? ''}`);
}

describe.skipIf(!flux10OracleAvailable)('Flux 10 files written by Facturier', () => {
  it('a transactions report with foreign invoices, a credit note and B2C aggregates (a credit day negative) passes', async () => {
    const xml = writeFlux10(header, {
      kind: 'Transactions',
      start: '2026-09-01',
      end: '2026-09-10',
      invoices,
      aggregates: [
        {
          date: '2026-09-02',
          category: 'TPS1',
          taxExclusiveAmount: '150.00',
          taxAmount: '25.00',
          count: 2,
          subtotals: [
            { rate: '20', taxableAmount: '100.00', taxAmount: '20.00' },
            { rate: '10', taxableAmount: '50.00', taxAmount: '5.00' },
          ],
        },
        {
          date: '2026-09-08',
          category: 'TLB1',
          taxExclusiveAmount: '-10.00',
          taxAmount: '-0.55',
          count: 1,
          subtotals: [{ rate: '5.5', taxableAmount: '-10.00', taxAmount: '-0.55' }],
        },
        {
          date: '2026-09-09',
          category: 'TNT1',
          taxExclusiveAmount: '40.00',
          taxAmount: '0.00',
          count: 1,
          subtotals: [{ rate: '0', taxableAmount: '40.00', taxAmount: '0.00' }],
        },
      ],
    });
    expect(xml).toContain('<Name>Vendeur &amp; Fils &lt;SARL&gt;</Name>');
    expect(await errors(xml)).toEqual([]);
  });

  it('a rectifying payments report, per invoice and aggregated per day, passes; an empty report passes', async () => {
    const payments = writeFlux10(
      { ...header, typeCode: 'RE', id: '123456782-P-20260901-20260930-1' },
      {
        kind: 'Payments',
        start: '2026-09-01',
        end: '2026-09-30',
        invoices: [
          {
            number: 'F-2026-00003',
            issueDate: '2026-09-04',
            date: '2026-09-20',
            subtotals: [
              { rate: '20', amount: '60.00' },
              { rate: '10', amount: '27.50' },
            ],
          },
        ],
        aggregates: [
          {
            date: '2026-09-12',
            subtotals: [
              { rate: '20', amount: '88.35' },
              { rate: '5.5', amount: '11.65' },
            ],
          },
        ],
      },
    );
    expect(await errors(payments)).toEqual([]);
    const empty = writeFlux10(header, { kind: 'Transactions', start: '2026-09-01', end: '2026-09-10', invoices: [], aggregates: [] });
    expect(await errors(empty)).toEqual([]);
  });

  it('the official rules refuse what Facturier never writes: a negative amount collected, a rate outside the list', async () => {
    const negative = writeFlux10(header, {
      kind: 'Payments',
      start: '2026-09-01',
      end: '2026-09-30',
      invoices: [],
      aggregates: [{ date: '2026-09-12', subtotals: [{ rate: '19', amount: '-1.00' }] }],
    });
    const ids = (await errors(negative)).map((e) => e.split(':')[0]);
    expect(ids).toEqual(expect.arrayContaining(['G1.16', 'G1.24']));
  });
});
