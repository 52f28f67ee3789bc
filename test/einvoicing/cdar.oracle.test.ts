// Every kind of CDAR Facturier and its sandbox platform write is judged by the official rules
// (../shared/einvoicing-oracle: BR-FR-CDV Schematron 1.4.0.03 + CDAR D22B XSD, unchanged): each
// status a platform, a buyer or a seller sends, with and without reasons, and a 212 Encaissée with
// several VAT rates. Skipped, saying so, where the oracle is absent, unless FACTURIER_REQUIRE_REFEREES
// is set (then its absence fails).
import { beforeAll, describe, expect, it } from 'vitest';
import { writeStatusCdar, type StatusToWrite } from '../../src/einvoicing/cdar-status.js';
import { loadCdarOracle, oracleAvailable, type CdarOracle } from '../helpers/cdar-oracle.js';

const base = {
  seller: { siren: '123456782', name: 'Vendeur' },
  buyer: { siren: '552100554', name: 'Acheteur', address: '552100554' },
  invoice: { number: 'F-2026-00042', typeCode: '380', issueDate: '2026-09-02' },
  statusAt: '2026-09-03T10:00:00.000Z',
  receivedAt: '2026-09-02T16:10:00.000Z',
} satisfies Partial<StatusToWrite>;

const CASES: [string, StatusToWrite][] = [
  ['200 Déposée (platform)', { ...base, code: '200', emitter: 'Platform' }],
  ['202 Reçue (platform)', { ...base, code: '202', emitter: 'Platform' }],
  ['203 Mise à disposition (platform)', { ...base, code: '203', emitter: 'Platform' }],
  ['213 Rejetée DOUBLON (platform)', { ...base, code: '213', emitter: 'Platform', reasonCode: 'DOUBLON', reason: 'Facture en doublon' }],
  ['204 Prise en charge (buyer)', { ...base, code: '204', emitter: 'Buyer' }],
  ['205 Approuvée (buyer)', { ...base, code: '205', emitter: 'Buyer' }],
  ['207 En litige TX_TVA_ERR (buyer)', { ...base, code: '207', emitter: 'Buyer', reasonCode: 'TX_TVA_ERR', reason: 'Taux de TVA erroné' }],
  ['210 Refusée CMD_ERR (buyer)', { ...base, code: '210', emitter: 'Buyer', reasonCode: 'CMD_ERR', reason: 'Commande inconnue' }],
  ['211 Paiement transmis (buyer)', { ...base, code: '211', emitter: 'Buyer' }],
  [
    '212 Encaissée, two VAT rates (seller)',
    {
      ...base,
      code: '212',
      emitter: 'Seller',
      collected: [
        { amount: '1200.00', currency: 'EUR', percent: '20.00' },
        { amount: '105.50', currency: 'EUR', percent: '5.50' },
      ],
    },
  ],
  ['220 Annulée (seller)', { ...base, code: '220', emitter: 'Seller' }],
  [
    'a credit note 381, names with & and <',
    { ...base, code: '205', emitter: 'Buyer', invoice: { ...base.invoice, typeCode: '381' }, buyer: { ...base.buyer, name: 'A & <B>' } },
  ],
];

describe('every CDAR Facturier writes passes the official BR-FR-CDV rules and the CDAR XSD', () => {
  let oracle: CdarOracle;
  beforeAll(async () => {
    if (oracleAvailable) oracle = await loadCdarOracle();
  }, 300_000);

  for (const [name, status] of CASES) {
    it.skipIf(!oracleAvailable)(name, async () => {
      const verdict = await oracle.validate(writeStatusCdar(status));
      expect(verdict.kind).toBe('cdar');
      expect(verdict.cdar.errors.map((e) => `${e.id}: ${e.text}`)).toEqual([]);
      expect(verdict.xsd.errors.map((e) => e.text ?? e.id)).toEqual([]);
      expect(verdict.statuses).toEqual([status.code]);
      expect(verdict.invoices).toEqual([status.invoice.number]);
    });
  }

  it.skipIf(!oracleAvailable)('and the oracle does refuse a 212 without its amount (the check is live)', async () => {
    const xml = writeStatusCdar({ ...base, code: '212', emitter: 'Seller' });
    const verdict = await oracle.validate(xml);
    expect(verdict.cdar.errors.map((e) => e.id)).toContain('BR-FR-CDV-14_MDT-207');
  });
});
