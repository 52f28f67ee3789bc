// The CDAR reader on every official example (XP Z12-012 and XP Z12-014 annexes B, 70 messages, 26 of
// which fail today's rules): each is read, and what it says matches its file name. The writer's
// output reads back as written. The official rules' verdict on the writer: cdar.oracle.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCdar } from '../../src/einvoicing/cdar.js';
import { writeStatusCdar } from '../../src/einvoicing/cdar-status.js';

const EXAMPLES = path.resolve(process.cwd(), '../shared/reference/afnor/examples');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const cdarFiles = (() => {
  try {
    return walk(EXAMPLES).filter((f) => /-CDV-\d{3}_/.test(path.basename(f)));
  } catch {
    return [];
  }
})();
if (!cdarFiles.length) console.warn(`cdar.test.ts: the official examples are not at ${EXAMPLES}; their tests are skipped`);

describe('reading the official CDAR examples', () => {
  it.skipIf(!cdarFiles.length)('reads all 70, each naming the invoice and status of its file name', () => {
    expect(cdarFiles).toHaveLength(70);
    for (const file of cdarFiles) {
      const name = path.basename(file);
      const [, invoice, code] = /_(F\d+)_\d+-CDV-(\d{3})_/.exec(name)!;
      const read = readCdar(readFileSync(file, 'utf8'));
      expect(read.ok, `${name}: ${read.ok ? '' : read.problems.join('; ')}`).toBe(true);
      if (!read.ok) continue;
      const m = read.message;
      expect(m.references).toHaveLength(1);
      expect(m.references[0].invoiceNumber, name).toBe(invoice);
      expect(m.references[0].code, name).toBe(code);
      expect(m.statusAt, name).toMatch(/^2025-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
      expect(m.references[0].issueDate, name).toMatch(/^2025-07-0\d$/);
      expect(m.phase, name).toBe(['200', '202', '203', '213'].includes(code) ? '305' : '23');
      expect(m.profile, name).toBe(
        name.includes('POUR_PPF') ? 'urn.cpro.gouv.fr:1p0:CDV:einvoicingF2' : 'urn.cpro.gouv.fr:1p0:CDV:invoice',
      );
    }
  });

  it.skipIf(!cdarFiles.length)(
    'reads the amount and VAT rate of a 212 Encaissée without a sequence number, and the reason of a 213',
    () => {
      const encaissee = cdarFiles.find((f) => f.endsWith('xp-z12-014-annexe-b-v1.2/UC1/UC1_F202500003_07-CDV-212_Encaissee.xml'))!;
      const read = readCdar(readFileSync(encaissee, 'utf8'));
      if (!read.ok) throw new Error(read.problems.join('; '));
      const ref = read.message.references[0];
      expect(ref.details[0]).toMatchObject({
        sequence: null,
        characteristics: [{ typeCode: 'MEN', amount: '12000', currency: 'EUR', percent: '20.00' }],
      });
      expect(ref.sellerId).toEqual({ scheme: '0002', value: '100000009' });
      expect(read.message.issuer?.role).toBe('SE');
      expect(ref.receivedAt).toBe('2025-07-01T15:10:00.000Z');

      const rejetee = cdarFiles.find((f) => f.endsWith('UC2_F202500004_02-CDV-213_Rejetee.xml'))!;
      const r = readCdar(readFileSync(rejetee, 'utf8'));
      if (!r.ok) throw new Error(r.problems.join('; '));
      expect(r.message.references[0].details[0]).toMatchObject({
        reasonCode: 'DOUBLON',
        sequence: 1,
        notes: [{ content: 'Facture identique reçue sur une autre adresse', subject: 'AHN' }],
      });
    },
  );
});

describe('reading what is not a CDAR', () => {
  it('refuses malformed XML, another root, and a message without invoice or status, saying why', () => {
    expect(readCdar('<a>')).toMatchObject({ ok: false, problems: [expect.stringContaining('not well-formed XML')] });
    expect(readCdar('<Invoice/>')).toMatchObject({ ok: false, problems: [expect.stringContaining('not a CDAR')] });
    const empty =
      '<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100" ' +
      'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"><rsm:ExchangedDocument><ram:ID>X</ram:ID>' +
      '</rsm:ExchangedDocument><rsm:AcknowledgementDocument><ram:ReferenceReferencedDocument><ram:IssuerAssignedID>F1</ram:IssuerAssignedID>' +
      '</ram:ReferenceReferencedDocument></rsm:AcknowledgementDocument></rsm:CrossDomainAcknowledgementAndResponse>';
    expect(readCdar(empty)).toEqual({ ok: false, problems: ['referenced document 1 has no status code (MDT-105)'] });
    expect(readCdar('<!DOCTYPE x [<!ENTITY a "b">]><x/>').ok).toBe(false);
  });
});

describe('writing a status', () => {
  it('reads back what it wrote: a 212 Encaissée with its amounts per VAT rate', () => {
    const xml = writeStatusCdar({
      code: '212',
      emitter: 'Seller',
      seller: { siren: '123456782', name: 'Vendeur & Fils' },
      buyer: { siren: '552100554', name: 'Acheteur', address: '552100554_FACT' },
      invoice: { number: 'F-2026-00001', typeCode: '380', issueDate: '2026-09-02' },
      statusAt: '2026-09-10T08:30:00.000Z',
      collected: [
        { amount: '1000.00', currency: 'EUR', percent: '20.00' },
        { amount: '55.00', currency: 'EUR', percent: '5.50' },
      ],
    });
    const read = readCdar(xml);
    if (!read.ok) throw new Error(read.problems.join('; '));
    expect(read.message).toMatchObject({
      id: 'F-2026-00001_212_20260910083000#380_20260902',
      phase: '23',
      statusAt: '2026-09-10T08:30:00.000Z',
      issuer: { role: 'SE', globalId: { scheme: '0002', value: '123456782' }, name: 'Vendeur & Fils' },
      recipients: [
        { role: 'BY', uri: { scheme: '0225', value: '552100554_FACT' } },
        { role: 'DFH', globalId: { scheme: '0238', value: '0000' } },
      ],
    });
    expect(read.message.references[0]).toMatchObject({
      invoiceNumber: 'F-2026-00001',
      code: '212',
      label: 'Encaissée',
      unStatus: '47',
      issueDate: '2026-09-02',
      details: [
        {
          sequence: 1,
          characteristics: [
            { typeCode: 'MEN', amount: '1000.00', currency: 'EUR', percent: '20.00' },
            { typeCode: 'MEN', amount: '55.00', currency: 'EUR', percent: '5.50' },
          ],
        },
      ],
    });
  });
});
