import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCii } from '../../../src/rendering/cii.js';
import { NotAnInvoiceError, readIncomingInvoice } from '../../../src/modules/purchases/cii-read.js';
import { scenarios } from '../../fixtures/einvoicing/documents.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/einvoicing/${name}`, import.meta.url), 'utf8');

describe('readIncomingInvoice', () => {
  it('reads a CII (Factur-X) invoice', () => {
    const inv = readIncomingInvoice(buildCii(scenarios.mixedRates));
    expect(inv).toMatchObject({
      format: 'CII',
      typeCode: '380',
      number: 'F-2024-0042',
      issueDate: '2024-03-15',
      dueDate: '2024-04-14',
      currency: 'EUR',
      taxExclusiveAmount: '422.00',
      taxAmount: '70.31',
      taxInclusiveAmount: '492.31',
      payableAmount: '492.31',
      vatReverseCharge: false,
    });
    expect(inv.seller).toEqual({
      name: 'Atelier Facturier SAS',
      siren: '732829320',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      countryIso: 'FR',
      otherIds: [],
    });
    expect(inv.vats).toEqual([
      { category: 'S', rate: '20', taxableAmount: '300.00', taxAmount: '60.00' },
      { category: 'S', rate: '5.5', taxableAmount: '42.00', taxAmount: '2.31' },
      { category: 'S', rate: '10', taxableAmount: '80.00', taxAmount: '8.00' },
    ]);
  });

  it('flags reverse charge in a CII invoice', () => {
    const inv = readIncomingInvoice(buildCii(scenarios.reverseChargeEU));
    expect(inv.vatReverseCharge).toBe(true);
    expect(inv.buyer).toMatchObject({ name: 'Kunde GmbH', siren: null, vatNumber: 'DE123456789', countryIso: 'DE' });
  });

  it('reads a UBL 2.1 invoice', () => {
    const inv = readIncomingInvoice(fixture('ubl-invoice.xml'));
    expect(inv).toMatchObject({
      format: 'UBL',
      typeCode: '380',
      number: 'INV-2024-9',
      issueDate: '2024-04-20',
      dueDate: '2024-05-20',
      taxAmount: '0.00',
      payableAmount: '800.00',
      vatReverseCharge: true,
    });
    expect(inv.seller).toMatchObject({ name: 'Lieferant GmbH', vatNumber: 'DE123456789', countryIso: 'DE', siren: null });
    expect(inv.buyer.siren).toBe('732829320');
  });

  it('reads a UBL 2.1 credit note', () => {
    const inv = readIncomingInvoice(fixture('ubl-credit-note.xml'));
    expect(inv).toMatchObject({
      format: 'UBL',
      typeCode: '381',
      number: 'AV-77',
      dueDate: '2024-06-01',
      taxExclusiveAmount: '50.00',
      taxAmount: '10.00',
      taxInclusiveAmount: '60.00',
    });
    expect(inv.seller).toMatchObject({ siren: '404833048', siret: '40483304800022', vatNumber: 'FR12404833048' });
    expect(inv.vats).toEqual([{ category: 'S', rate: '20', taxableAmount: '50.00', taxAmount: '10.00' }]);
  });

  it('reads the billing framework (BT-23) and the invoice a credit note corrects (BT-25, BT-26)', () => {
    const credit = readIncomingInvoice(buildCii(scenarios.creditNote));
    expect(credit).toMatchObject({ typeCode: '381', isCredit: true, businessProcess: expect.stringMatching(/^[BSM]\d$/) });
    expect(credit.precedingInvoices).toEqual([{ number: 'F-2024-0001', issueDate: '2024-03-01' }]);
    expect(readIncomingInvoice(buildCii(scenarios.mixedRates)).precedingInvoices).toEqual([]);
    const ubl = fixture('ubl-credit-note.xml').replace(
      '</cbc:DocumentCurrencyCode>',
      '</cbc:DocumentCurrencyCode><cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>INV-2024-9</cbc:ID><cbc:IssueDate>2024-04-20</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>',
    );
    expect(readIncomingInvoice(ubl).precedingInvoices).toEqual([{ number: 'INV-2024-9', issueDate: '2024-04-20' }]);
  });

  it('refuses a document that is not an invoice', () => {
    expect(() => readIncomingInvoice('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>')).toThrow(NotAnInvoiceError);
    expect(() => readIncomingInvoice('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>')).toThrow(/neither a CII/);
  });

  it('refuses hostile or broken XML with a typed error', () => {
    expect(() => readIncomingInvoice('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')).toThrow(NotAnInvoiceError);
    expect(() => readIncomingInvoice('not xml at all')).toThrow(NotAnInvoiceError);
    expect(() => readIncomingInvoice(`<a>${'x'.repeat(11 * 1024 * 1024)}</a>`)).toThrow(/exceeds/);
  });

  it('refuses an invoice without a number', () => {
    const xml = buildCii(scenarios.rate20).replace('<ram:ID>F-2024-0042</ram:ID>', '<ram:ID></ram:ID>');
    expect(() => readIncomingInvoice(xml)).toThrow(/invoice number/);
  });
});
