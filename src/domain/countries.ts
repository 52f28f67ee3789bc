// ISO 3166-1 alpha-2 country codes with their French names, EU membership and
// the French VAT territories (Corse, DOM) used to pick a VAT region.

/** All 249 officially assigned ISO 3166-1 alpha-2 codes and their French short names. */
export const COUNTRY_NAMES_FR: Readonly<Record<string, string>> = {
  AD: 'Andorre',
  AE: 'Émirats arabes unis',
  AF: 'Afghanistan',
  AG: 'Antigua-et-Barbuda',
  AI: 'Anguilla',
  AL: 'Albanie',
  AM: 'Arménie',
  AO: 'Angola',
  AQ: 'Antarctique',
  AR: 'Argentine',
  AS: 'Samoa américaines',
  AT: 'Autriche',
  AU: 'Australie',
  AW: 'Aruba',
  AX: 'Îles Åland',
  AZ: 'Azerbaïdjan',
  BA: 'Bosnie-Herzégovine',
  BB: 'Barbade',
  BD: 'Bangladesh',
  BE: 'Belgique',
  BF: 'Burkina Faso',
  BG: 'Bulgarie',
  BH: 'Bahreïn',
  BI: 'Burundi',
  BJ: 'Bénin',
  BL: 'Saint-Barthélemy',
  BM: 'Bermudes',
  BN: 'Brunei',
  BO: 'Bolivie',
  BQ: 'Pays-Bas caribéens',
  BR: 'Brésil',
  BS: 'Bahamas',
  BT: 'Bhoutan',
  BV: 'Île Bouvet',
  BW: 'Botswana',
  BY: 'Biélorussie',
  BZ: 'Belize',
  CA: 'Canada',
  CC: 'Îles Cocos',
  CD: 'République démocratique du Congo',
  CF: 'République centrafricaine',
  CG: 'Congo',
  CH: 'Suisse',
  CI: "Côte d'Ivoire",
  CK: 'Îles Cook',
  CL: 'Chili',
  CM: 'Cameroun',
  CN: 'Chine',
  CO: 'Colombie',
  CR: 'Costa Rica',
  CU: 'Cuba',
  CV: 'Cap-Vert',
  CW: 'Curaçao',
  CX: 'Île Christmas',
  CY: 'Chypre',
  CZ: 'Tchéquie',
  DE: 'Allemagne',
  DJ: 'Djibouti',
  DK: 'Danemark',
  DM: 'Dominique',
  DO: 'République dominicaine',
  DZ: 'Algérie',
  EC: 'Équateur',
  EE: 'Estonie',
  EG: 'Égypte',
  EH: 'Sahara occidental',
  ER: 'Érythrée',
  ES: 'Espagne',
  ET: 'Éthiopie',
  FI: 'Finlande',
  FJ: 'Fidji',
  FK: 'Îles Malouines',
  FM: 'Micronésie',
  FO: 'Îles Féroé',
  FR: 'France',
  GA: 'Gabon',
  GB: 'Royaume-Uni',
  GD: 'Grenade',
  GE: 'Géorgie',
  GF: 'Guyane française',
  GG: 'Guernesey',
  GH: 'Ghana',
  GI: 'Gibraltar',
  GL: 'Groenland',
  GM: 'Gambie',
  GN: 'Guinée',
  GP: 'Guadeloupe',
  GQ: 'Guinée équatoriale',
  GR: 'Grèce',
  GS: 'Géorgie du Sud-et-les Îles Sandwich du Sud',
  GT: 'Guatemala',
  GU: 'Guam',
  GW: 'Guinée-Bissau',
  GY: 'Guyana',
  HK: 'Hong Kong',
  HM: 'Îles Heard-et-MacDonald',
  HN: 'Honduras',
  HR: 'Croatie',
  HT: 'Haïti',
  HU: 'Hongrie',
  ID: 'Indonésie',
  IE: 'Irlande',
  IL: 'Israël',
  IM: 'Île de Man',
  IN: 'Inde',
  IO: "Territoire britannique de l'océan Indien",
  IQ: 'Irak',
  IR: 'Iran',
  IS: 'Islande',
  IT: 'Italie',
  JE: 'Jersey',
  JM: 'Jamaïque',
  JO: 'Jordanie',
  JP: 'Japon',
  KE: 'Kenya',
  KG: 'Kirghizstan',
  KH: 'Cambodge',
  KI: 'Kiribati',
  KM: 'Comores',
  KN: 'Saint-Christophe-et-Niévès',
  KP: 'Corée du Nord',
  KR: 'Corée du Sud',
  KW: 'Koweït',
  KY: 'Îles Caïmans',
  KZ: 'Kazakhstan',
  LA: 'Laos',
  LB: 'Liban',
  LC: 'Sainte-Lucie',
  LI: 'Liechtenstein',
  LK: 'Sri Lanka',
  LR: 'Liberia',
  LS: 'Lesotho',
  LT: 'Lituanie',
  LU: 'Luxembourg',
  LV: 'Lettonie',
  LY: 'Libye',
  MA: 'Maroc',
  MC: 'Monaco',
  MD: 'Moldavie',
  ME: 'Monténégro',
  MF: 'Saint-Martin',
  MG: 'Madagascar',
  MH: 'Îles Marshall',
  MK: 'Macédoine du Nord',
  ML: 'Mali',
  MM: 'Myanmar',
  MN: 'Mongolie',
  MO: 'Macao',
  MP: 'Îles Mariannes du Nord',
  MQ: 'Martinique',
  MR: 'Mauritanie',
  MS: 'Montserrat',
  MT: 'Malte',
  MU: 'Maurice',
  MV: 'Maldives',
  MW: 'Malawi',
  MX: 'Mexique',
  MY: 'Malaisie',
  MZ: 'Mozambique',
  NA: 'Namibie',
  NC: 'Nouvelle-Calédonie',
  NE: 'Niger',
  NF: 'Île Norfolk',
  NG: 'Nigeria',
  NI: 'Nicaragua',
  NL: 'Pays-Bas',
  NO: 'Norvège',
  NP: 'Népal',
  NR: 'Nauru',
  NU: 'Niue',
  NZ: 'Nouvelle-Zélande',
  OM: 'Oman',
  PA: 'Panama',
  PE: 'Pérou',
  PF: 'Polynésie française',
  PG: 'Papouasie-Nouvelle-Guinée',
  PH: 'Philippines',
  PK: 'Pakistan',
  PL: 'Pologne',
  PM: 'Saint-Pierre-et-Miquelon',
  PN: 'Îles Pitcairn',
  PR: 'Porto Rico',
  PS: 'Palestine',
  PT: 'Portugal',
  PW: 'Palaos',
  PY: 'Paraguay',
  QA: 'Qatar',
  RE: 'La Réunion',
  RO: 'Roumanie',
  RS: 'Serbie',
  RU: 'Russie',
  RW: 'Rwanda',
  SA: 'Arabie saoudite',
  SB: 'Îles Salomon',
  SC: 'Seychelles',
  SD: 'Soudan',
  SE: 'Suède',
  SG: 'Singapour',
  SH: 'Sainte-Hélène',
  SI: 'Slovénie',
  SJ: 'Svalbard et Jan Mayen',
  SK: 'Slovaquie',
  SL: 'Sierra Leone',
  SM: 'Saint-Marin',
  SN: 'Sénégal',
  SO: 'Somalie',
  SR: 'Suriname',
  SS: 'Soudan du Sud',
  ST: 'Sao Tomé-et-Principe',
  SV: 'Salvador',
  SX: 'Saint-Martin (partie néerlandaise)',
  SY: 'Syrie',
  SZ: 'Eswatini',
  TC: 'Îles Turques-et-Caïques',
  TD: 'Tchad',
  TF: 'Terres australes françaises',
  TG: 'Togo',
  TH: 'Thaïlande',
  TJ: 'Tadjikistan',
  TK: 'Tokelau',
  TL: 'Timor oriental',
  TM: 'Turkménistan',
  TN: 'Tunisie',
  TO: 'Tonga',
  TR: 'Turquie',
  TT: 'Trinité-et-Tobago',
  TV: 'Tuvalu',
  TW: 'Taïwan',
  TZ: 'Tanzanie',
  UA: 'Ukraine',
  UG: 'Ouganda',
  UM: 'Îles mineures éloignées des États-Unis',
  US: 'États-Unis',
  UY: 'Uruguay',
  UZ: 'Ouzbékistan',
  VA: 'État de la Cité du Vatican',
  VC: 'Saint-Vincent-et-les Grenadines',
  VE: 'Venezuela',
  VG: 'Îles Vierges britanniques',
  VI: 'Îles Vierges des États-Unis',
  VN: 'Viêt Nam',
  VU: 'Vanuatu',
  WF: 'Wallis-et-Futuna',
  WS: 'Samoa',
  YE: 'Yémen',
  YT: 'Mayotte',
  ZA: 'Afrique du Sud',
  ZM: 'Zambie',
  ZW: 'Zimbabwe',
};

/** Upper-cased, trimmed ISO code when it is an assigned ISO 3166-1 alpha-2 code, otherwise null. */
export function canonicalCountryIso(iso: string): string | null {
  const code = iso.trim().toUpperCase();
  return Object.prototype.hasOwnProperty.call(COUNTRY_NAMES_FR, code) ? code : null;
}

/** Case-insensitive: `fr`, `FR` and ` Fr ` are valid. */
export function isValidCountryIso(iso: string): boolean {
  return canonicalCountryIso(iso) !== null;
}

/** French name of the country (`DE` → `Allemagne`), or null for an unknown code. */
export function countryName(iso: string): string | null {
  const code = canonicalCountryIso(iso);
  return code === null ? null : COUNTRY_NAMES_FR[code];
}

/** The 27 member states of the European Union (since 1 February 2020). */
export const EU_MEMBER_STATES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

export function isEuMember(iso: string): boolean {
  const code = canonicalCountryIso(iso);
  return code !== null && EU_MEMBER_STATES.includes(code);
}

/**
 * The VIES prefix of a member state's VAT numbers: the ISO code, except Greece (EL).
 * Null for a country that is not an EU member.
 */
export function euVatPrefix(iso: string): string | null {
  const code = canonicalCountryIso(iso);
  if (code === null || !EU_MEMBER_STATES.includes(code)) return null;
  return code === 'GR' ? 'EL' : code;
}

/** Overseas departments where French VAT applies at the DOM rates (CGI art. 294 and 296). */
export const VAT_DOM_COUNTRY_CODES: readonly string[] = ['GP', 'MQ', 'RE'];

/** Overseas departments where VAT is provisionally not applicable (CGI art. 294). */
export const NO_VAT_DOM_COUNTRY_CODES: readonly string[] = ['GF', 'YT'];

const DOM_POSTCODE_PREFIXES: Readonly<Record<string, string>> = {
  '971': 'GP',
  '972': 'MQ',
  '973': 'GF',
  '974': 'RE',
  '976': 'YT',
};

/**
 * The ISO code of the French territory an address is in: an address "FR" with a
 * DOM postcode (971.., 972.., 973.., 974.., 976..) is in that DOM's own code.
 */
export function frenchTerritoryIso(countryIso: string, zipcode?: string | null): string | null {
  const code = canonicalCountryIso(countryIso);
  if (code !== 'FR' || !zipcode) return code;
  const postcode = zipcode.replace(/\s/g, '');
  return DOM_POSTCODE_PREFIXES[postcode.slice(0, 3)] ?? code;
}

/** True for Guadeloupe, Martinique and La Réunion, including "FR" addresses with their postcodes. */
export function isVatDom(countryIso: string, zipcode?: string | null): boolean {
  const territory = frenchTerritoryIso(countryIso, zipcode);
  return territory !== null && VAT_DOM_COUNTRY_CODES.includes(territory);
}

/** True for a French address in Corsica (postcodes 20000–20999: Corse-du-Sud and Haute-Corse). */
export function isCorsica(countryIso: string, zipcode?: string | null): boolean {
  return canonicalCountryIso(countryIso) === 'FR' && !!zipcode && /^20\d{3}$/.test(zipcode.replace(/\s/g, ''));
}

/** Same values as the reference's VatRegion enum; declared here because domain/ imports nothing of ours. */
export type VatRegionCode = 'FR' | 'EU' | 'IE' | 'DOM' | 'Corse' | 'Monaco';

/**
 * The VAT region of an address, from the point of view of a seller in mainland
 * France: DOM (GP, MQ, RE), Corse, Monaco, EU (other member states), otherwise
 * IE (export, including Guyane and Mayotte where VAT does not apply).
 * Null for an unknown country code.
 */
export function vatRegionOfAddress(countryIso: string, zipcode?: string | null): VatRegionCode | null {
  const territory = frenchTerritoryIso(countryIso, zipcode);
  if (territory === null) return null;
  if (VAT_DOM_COUNTRY_CODES.includes(territory)) return 'DOM';
  if (territory === 'FR') return isCorsica(territory, zipcode) ? 'Corse' : 'FR';
  if (territory === 'MC') return 'Monaco';
  if (EU_MEMBER_STATES.includes(territory)) return 'EU';
  return 'IE';
}

/**
 * Territories where the French e-invoicing rules (CTC, BR-FR) treat a buyer as domestic: France
 * (mainland and Corsica), the overseas departments (GP, MQ, GF, RE, YT) and the overseas
 * collectivities where French rules apply (PM, BL, MF). Monaco is not one: its companies have no
 * SIREN. A buyer there is identified by its SIREN and reached at a 0225 address.
 */
export const FRENCH_CTC_TERRITORIES: readonly string[] = ['FR', 'GP', 'MQ', 'GF', 'RE', 'YT', 'PM', 'BL', 'MF'];

/** True when the French CTC rules treat an address in this country as domestic (see FRENCH_CTC_TERRITORIES). */
export function isFrenchCtcTerritory(countryIso: string | null | undefined): boolean {
  const code = countryIso ? canonicalCountryIso(countryIso) : null;
  return code !== null && FRENCH_CTC_TERRITORIES.includes(code);
}
