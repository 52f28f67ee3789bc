// Curated bank providers offered when a user adds a bank account. A BIC is set
// only where the institution has one well-known BIC; networks of regional banks
// (Crédit Agricole, Caisse d'Épargne, Banque Populaire, Crédit Mutuel) have one
// BIC per regional bank and carry null. Ids are stable slugs: never rename.
import type { BankProvider, BankProviderEntry } from './types.js';

const PERSONAL_AND_BUSINESS = ['personal', 'business'];
const BUSINESS = ['business'];

function bank(id: string, name: string, countryCodes: string[], bic: string | null, markets: string[] = PERSONAL_AND_BUSINESS): BankProviderEntry {
  return { bic, countryCodes, id, logoUri: null, markets, name };
}

export const BANK_PROVIDERS: readonly BankProviderEntry[] = [
  // France: networks and historical banks.
  bank('bnp-paribas', 'BNP Paribas', ['FR'], 'BNPAFRPP'),
  bank('societe-generale', 'Société Générale', ['FR'], 'SOGEFRPP'),
  bank('credit-agricole', 'Crédit Agricole', ['FR'], null),
  bank('credit-agricole-ile-de-france', 'Crédit Agricole Île-de-France', ['FR'], null),
  bank('credit-agricole-alpes-provence', 'Crédit Agricole Alpes Provence', ['FR'], null),
  bank('credit-agricole-aquitaine', 'Crédit Agricole Aquitaine', ['FR'], null),
  bank('credit-agricole-nord-de-france', 'Crédit Agricole Nord de France', ['FR'], null),
  bank('lcl', 'LCL', ['FR'], 'CRLYFRPP'),
  bank('credit-mutuel', 'Crédit Mutuel', ['FR'], null),
  bank('credit-mutuel-de-bretagne', 'Crédit Mutuel de Bretagne', ['FR'], null),
  bank('cic', 'CIC', ['FR'], 'CMCIFRPP'),
  bank('la-banque-postale', 'La Banque Postale', ['FR'], 'PSSTFRPP'),
  bank('caisse-d-epargne', "Caisse d'Épargne", ['FR'], null),
  bank('banque-populaire', 'Banque Populaire', ['FR'], null),
  bank('credit-cooperatif', 'Crédit Coopératif', ['FR'], 'CCOPFRPP'),
  bank('hsbc-continental-europe', 'HSBC Continental Europe (ex-HSBC France)', ['FR'], 'CCFRFRPP'),
  bank('ccf', 'CCF', ['FR'], null),
  bank('axa-banque', 'AXA Banque', ['FR'], 'AXABFRPP'),
  bank('monabanq', 'Monabanq', ['FR'], null, ['personal']),
  bank('nickel', 'Nickel', ['FR', 'BE', 'ES', 'PT', 'DE'], null, ['personal']),
  // France: online and business-only banks.
  bank('boursobank', 'BoursoBank (ex-Boursorama Banque)', ['FR'], 'BOUSFRPP'),
  bank('fortuneo', 'Fortuneo', ['FR'], 'FTNOFRP1'),
  bank('hello-bank', 'Hello bank!', ['FR', 'BE'], 'BNPAFRPP', ['personal']),
  bank('qonto', 'Qonto', ['FR', 'DE', 'ES', 'IT'], 'QNTOFRP1', BUSINESS),
  bank('shine', 'Shine', ['FR'], null, BUSINESS),
  bank('memo-bank', 'Memo Bank', ['FR'], null, BUSINESS),
  // Other EU banks and e-money institutions.
  bank('n26', 'N26', ['DE', 'FR', 'ES', 'IT', 'AT', 'NL', 'BE', 'IE', 'PT'], 'NTSBDEB1'),
  bank('revolut', 'Revolut', ['LT', 'FR', 'DE', 'ES', 'IT', 'BE', 'NL', 'IE', 'PT'], 'REVOLT21'),
  bank('wise', 'Wise', ['BE', 'FR', 'DE', 'ES', 'IT', 'NL'], 'TRWIBEB1'),
  bank('bunq', 'bunq', ['NL', 'FR', 'DE', 'ES', 'IT'], 'BUNQNL2A'),
  bank('ing-nederland', 'ING (Nederland)', ['NL'], 'INGBNL2A'),
  bank('ing-belgique', 'ING Belgique', ['BE'], 'BBRUBEBB'),
  bank('ing-deutschland', 'ING Deutschland', ['DE'], 'INGDDEFF'),
  bank('deutsche-bank', 'Deutsche Bank', ['DE'], 'DEUTDEFF'),
  bank('commerzbank', 'Commerzbank', ['DE'], 'COBADEFF'),
  bank('santander', 'Banco Santander', ['ES'], 'BSCHESMM'),
  bank('bbva', 'BBVA', ['ES'], 'BBVAESMM'),
  bank('caixabank', 'CaixaBank', ['ES'], 'CAIXESBB'),
  bank('banco-sabadell', 'Banco Sabadell', ['ES'], 'BSABESBB'),
  bank('intesa-sanpaolo', 'Intesa Sanpaolo', ['IT'], 'BCITITMM'),
  bank('unicredit', 'UniCredit', ['IT'], 'UNCRITMM'),
  bank('kbc', 'KBC', ['BE'], 'KREDBEBB'),
  bank('belfius', 'Belfius', ['BE'], 'GKCCBEBB'),
  bank('bnp-paribas-fortis', 'BNP Paribas Fortis', ['BE'], 'GEBABEBB'),
  bank('rabobank', 'Rabobank', ['NL'], 'RABONL2U'),
  bank('abn-amro', 'ABN AMRO', ['NL'], 'ABNANL2A'),
];

/** The wire record (BankProvider schema), without the BIC the schema has no field for. */
export function toBankProvider(entry: BankProviderEntry): BankProvider {
  return {
    countryCodes: [...entry.countryCodes],
    id: entry.id,
    logoUri: entry.logoUri,
    markets: [...entry.markets],
    name: entry.name,
  };
}
