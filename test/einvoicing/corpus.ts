// The documents of the differential test, apart from those produced through the API (built in the test):
// the writer's scenarios with every kind of buyer, the rule mutations (cases.ts), the CEN examples, and the
// generator of `test/helpers/einvoicing-corpus.ts` when it exists.
import fs from 'node:fs';
import path from 'node:path';
import { buildCii } from '../../src/rendering/cii.js';
import type { IssuedDocument, Party } from '../../src/rendering/model.js';
import { buyerBE, buyerBusinessFR, buyerCH, buyerConsumer, buyerDE } from '../fixtures/einvoicing/documents.js';
import { bases, caseXml, cases, frenchCases } from './cases.js';
import type { CorpusDocument } from './differential.js';

/** Buyers of every kind the French rules tell apart: domestic (incl. overseas) business, consumer, foreign. */
export const BUYERS: Record<string, Party> = {
  businessFR: buyerBusinessFR,
  businessRE: {
    ...buyerBusinessFR,
    name: 'Comptoir Réunionnais SARL',
    siren: '443061841',
    siret: '44306184100047',
    vatNumber: 'FR64443061841',
    address: { street: '5 rue de Paris', zipcode: '97400', city: 'Saint-Denis', countryIso: 'RE' },
    electronicAddress: { scheme: '0225', value: '443061841' },
  },
  consumerFR: buyerConsumer,
  consumerGP: { ...buyerConsumer, address: { street: '1 rue Schœlcher', zipcode: '97110', city: 'Pointe-à-Pitre', countryIso: 'GP' } },
  businessDE: buyerDE,
  businessBE: buyerBE,
  businessCH: buyerCH,
};

/** Every scenario of the writer with every buyer (a buyer that does not fit a scenario makes findings too). */
export function scenarioCorpus(): CorpusDocument[] {
  const docs: CorpusDocument[] = [];
  for (const [name, doc] of Object.entries(bases)) {
    for (const [buyerName, buyer] of Object.entries(BUYERS)) {
      const variant: IssuedDocument = { ...doc, buyer };
      docs.push({ name: `scenario ${name} / ${buyerName}`, xml: buildCii(variant) });
    }
  }
  return docs;
}

/** One mutated document per EN 16931 case and per BR-FR case (each breaks a known rule). */
export function mutationCorpus(): CorpusDocument[] {
  return [
    ...cases.map((c, i) => ({ name: `EN mutation ${i} (${c[0]} on ${c[1]})`, xml: caseXml(c) })),
    ...frenchCases.map((c, i) => ({ name: `BR-FR mutation ${i} (${c[0]} on ${c[1]})`, xml: caseXml(c) })),
  ];
}

export const CEN_DIR = path.resolve(import.meta.dirname, '../fixtures/einvoicing/cen');

/** The official CEN CII examples (see test/fixtures/einvoicing/cen/SOURCE.md). */
export function cenCorpus(): CorpusDocument[] {
  return fs
    .readdirSync(CEN_DIR)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((f) => ({ name: `CEN ${f}`, xml: fs.readFileSync(path.join(CEN_DIR, f)) }));
}
