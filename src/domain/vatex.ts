// The VAT exemption reasons of EN 16931 (BT-120 text, BT-121 code from the CEF VATEX list) that a
// French seller uses, with the legal mention printed on the document. The codes are the ones the
// official EN 16931 schematron 1.3.16 accepts (BR-CL-22); the texts cite the French law (CGI).
// Which category each code goes with: docs/einvoicing.md, "VAT categories".

/** UNTDID 5305 categories a French seller writes (L and M are Canary Islands / Ceuta only). */
export type ExemptCategory = 'E' | 'AE' | 'K' | 'G' | 'O';

export interface VatexEntry {
  code: string;
  /** The categories this code may be used with. */
  categories: readonly ExemptCategory[];
  /** BT-120 and the legal mention printed on the PDF. */
  reason: string;
}

const E: readonly ExemptCategory[] = ['E'];

/** Codes with a French text; other codes of the VATEX list get a generic text naming the code. */
export const VATEX: readonly VatexEntry[] = [
  { code: 'VATEX-EU-AE', categories: ['AE'], reason: 'Autoliquidation' },
  { code: 'VATEX-FR-AE', categories: ['AE'], reason: 'Autoliquidation, article 283 du CGI' },
  { code: 'VATEX-EU-IC', categories: ['K'], reason: 'Exonération de TVA, article 262 ter, I du CGI' },
  { code: 'VATEX-EU-G', categories: ['G'], reason: 'Exonération de TVA, article 262 I du CGI' },
  { code: 'VATEX-EU-O', categories: ['O'], reason: 'Opération non soumise à la TVA' },
  { code: 'VATEX-FR-FRANCHISE', categories: E, reason: 'TVA non applicable, art. 293 B du CGI' },
  { code: 'VATEX-FR-CNWVAT', categories: E, reason: 'Facture émise par un assujetti non redevable de la TVA' },
  {
    code: 'VATEX-EU-79-C',
    categories: E,
    reason: 'Débours : montants remboursés au nom et pour le compte du client, art. 267 II-2° du CGI',
  },
  {
    code: 'VATEX-EU-132',
    categories: E,
    reason: "Exonération de TVA, article 132 de la directive 2006/112/CE (activités d'intérêt général)",
  },
  {
    code: 'VATEX-EU-132-1C',
    categories: E,
    reason: 'Exonération de TVA, article 261, 4-1° du CGI (soins dispensés par les professions médicales et paramédicales)',
  },
  { code: 'VATEX-EU-132-1I', categories: E, reason: 'Exonération de TVA, article 261, 4-4° du CGI (enseignement)' },
  { code: 'VATEX-EU-132-1J', categories: E, reason: 'Exonération de TVA, article 261, 4-4° b du CGI (cours donnés à titre personnel)' },
  { code: 'VATEX-EU-135-1', categories: E, reason: 'Exonération de TVA, article 261 C du CGI (opérations bancaires et financières)' },
  { code: 'VATEX-EU-143', categories: E, reason: "Exonération de TVA à l'importation, article 143 de la directive 2006/112/CE" },
  { code: 'VATEX-EU-148', categories: E, reason: 'Exonération de TVA, article 262 II du CGI (transports internationaux)' },
  {
    code: 'VATEX-EU-151',
    categories: E,
    reason: 'Exonération de TVA, article 151 de la directive 2006/112/CE (opérations assimilées aux exportations)',
  },
  { code: 'VATEX-EU-309', categories: E, reason: 'Exonération de TVA, article 309 de la directive 2006/112/CE (agences de voyages)' },
  { code: 'VATEX-EU-D', categories: E, reason: 'Régime particulier des agences de voyages, article 306 de la directive 2006/112/CE' },
  { code: 'VATEX-EU-F', categories: E, reason: "Régime particulier des biens d'occasion, article 297 A du CGI" },
  { code: 'VATEX-EU-I', categories: E, reason: "Régime particulier des objets d'art, article 297 A du CGI" },
  { code: 'VATEX-EU-J', categories: E, reason: "Régime particulier des objets de collection et d'antiquité, article 297 A du CGI" },
  { code: 'VATEX-FR-CGI261-1', categories: E, reason: 'Exonération de TVA, article 261-1 du CGI' },
  { code: 'VATEX-FR-CGI261-2', categories: E, reason: 'Exonération de TVA, article 261-2 du CGI' },
  { code: 'VATEX-FR-CGI261-3', categories: E, reason: 'Exonération de TVA, article 261-3 du CGI' },
  { code: 'VATEX-FR-CGI261-4', categories: E, reason: 'Exonération de TVA, article 261-4 du CGI' },
  { code: 'VATEX-FR-CGI261-5', categories: E, reason: 'Exonération de TVA, article 261-5 du CGI' },
  { code: 'VATEX-FR-CGI261-7', categories: E, reason: 'Exonération de TVA, article 261-7 du CGI' },
  { code: 'VATEX-FR-CGI261-8', categories: E, reason: 'Exonération de TVA, article 261-8 du CGI' },
  { code: 'VATEX-FR-CGI261A', categories: E, reason: 'Exonération de TVA, article 261 A du CGI' },
  { code: 'VATEX-FR-CGI261B', categories: E, reason: 'Exonération de TVA, article 261 B du CGI' },
  { code: 'VATEX-FR-CGI261C-1', categories: E, reason: 'Exonération de TVA, article 261 C-1° du CGI' },
  { code: 'VATEX-FR-CGI261C-2', categories: E, reason: 'Exonération de TVA, article 261 C-2° du CGI' },
  { code: 'VATEX-FR-CGI261C-3', categories: E, reason: 'Exonération de TVA, article 261 C-3° du CGI' },
  { code: 'VATEX-FR-CGI261D-1', categories: E, reason: 'Exonération de TVA, article 261 D-1° du CGI' },
  { code: 'VATEX-FR-CGI261D-1BIS', categories: E, reason: 'Exonération de TVA, article 261 D-1° bis du CGI' },
  { code: 'VATEX-FR-CGI261D-2', categories: E, reason: 'Exonération de TVA, article 261 D-2° du CGI' },
  { code: 'VATEX-FR-CGI261D-3', categories: E, reason: 'Exonération de TVA, article 261 D-3° du CGI' },
  { code: 'VATEX-FR-CGI261D-4', categories: E, reason: 'Exonération de TVA, article 261 D-4° du CGI (locations meublées)' },
  { code: 'VATEX-FR-CGI261E-1', categories: E, reason: 'Exonération de TVA, article 261 E-1° du CGI' },
  { code: 'VATEX-FR-CGI261E-2', categories: E, reason: 'Exonération de TVA, article 261 E-2° du CGI' },
  { code: 'VATEX-FR-CGI275', categories: E, reason: 'Exonération de TVA, article 275 du CGI (achats en franchise)' },
  { code: 'VATEX-FR-CGI277A', categories: E, reason: 'Exonération de TVA, article 277 A du CGI (régime suspensif)' },
  { code: 'VATEX-FR-CGI295', categories: E, reason: 'Exonération de TVA, article 295 du CGI (départements d’outre-mer)' },
  { code: 'VATEX-FR-298SEXDECIESA', categories: E, reason: 'Exonération de TVA, article 298 sexdecies A du CGI' },
];

/**
 * Every code of the VATEX list the EN 16931 schematron 1.3.16 accepts (BR-CL-22), those above
 * included: a code outside this list makes the e-invoice invalid, so it is refused on input.
 */
export const VATEX_CODES: ReadonlySet<string> = new Set([
  ...VATEX.map((v) => v.code),
  ...['1A', '1B', '1D', '1E', '1F', '1G', '1H', '1K', '1L', '1M', '1N', '1O', '1P', '1Q'].map((s) => `VATEX-EU-132-${s}`),
  ...['1A', '1B', '1C', '1D', '1E', '1F', '1FA', '1G', '1H', '1I', '1J', '1K', '1L'].map((s) => `VATEX-EU-143-${s}`),
  'VATEX-EU-144',
  'VATEX-EU-146-1E',
  ...['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((s) => `VATEX-EU-148-${s}`),
  ...['1A', '1AA', '1B', '1C', '1D', '1E'].map((s) => `VATEX-EU-151-${s}`),
  'VATEX-EU-153',
  'VATEX-EU-159',
]);

/** The category a code goes with: its entry's first, E for the exemptions without a French text. */
export function vatexEntry(code: string): VatexEntry | null {
  const normalized = code.trim().toUpperCase();
  if (!VATEX_CODES.has(normalized)) return null;
  return VATEX.find((v) => v.code === normalized) ?? { code: normalized, categories: E, reason: `Exonération de TVA (${normalized})` };
}

/** The code written by default for a category (E: the franchise en base of art. 293 B). */
export const DEFAULT_VATEX: Readonly<Record<ExemptCategory, string>> = {
  E: 'VATEX-FR-FRANCHISE',
  AE: 'VATEX-EU-AE',
  K: 'VATEX-EU-IC',
  G: 'VATEX-EU-G',
  O: 'VATEX-EU-O',
};

/** Mention printed (and sent as the TXD note) for a seller who opted to pay VAT on debits. */
export const DEBIT_OPTION_MENTION = "Option pour le paiement de la taxe d'après les débits";
