// French CTC business rules (BR-FR-*, FNFE-MPE schematron "BR-FR-Flux2" for CII), reported as warnings.
import type { CheckContext, Rule } from '../types.js';
import {
  BREAKDOWN,
  BUYER,
  CONTEXT,
  DOC_AC,
  HEADER,
  LINES,
  ROOT,
  SELLER,
  SETTLEMENT,
  attribute,
  docRule,
  eachRule,
  nearest,
  text,
  warning,
} from './helpers.js';

const DOCUMENT_TYPES = new Set('380 389 393 501 386 500 384 471 472 473 261 262 381 396 502 503'.split(' '));
const BILLING_FRAMES = new Set('B1 S1 M1 B2 S2 M2 S3 B4 S4 M4 S5 S6 B7 S7 B8 S8 M8 B9 S9 M9'.split(' '));
const BAR_TREATMENTS = new Set(['B2B', 'B2BINT', 'B2C', 'B2CINT', 'OUTOFSCOPE', 'ARCHIVEONLY']);
const SELF_BILLING_TYPES = new Set(['389', '501', '500', '471', '473', '261', '502']);
const EAS_CODES = new Set(
  (
    'AN AQ AS AU EM 0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 0188 0190 ' +
    '0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 0215 0216 0217 0218 0221 0225 ' +
    '0230 0235 0240 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 ' +
    '9938 9939 9940 9941 9942 9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959'
  ).split(' '),
);
const FR_VAT_CATEGORIES = new Set(['S', 'E', 'AE', 'K', 'G', 'O', 'Z']);
const FR_VAT_RATES = new Set([
  '0',
  '0.0',
  '0.00',
  '10',
  '10.0',
  '10.00',
  '13',
  '13.0',
  '13.00',
  '20',
  '20.0',
  '20.00',
  '8.5',
  '8.50',
  '19.6',
  '19.60',
  '2.1',
  '2.10',
  '5.5',
  '5.50',
  '7',
  '7.0',
  '7.00',
  '20.6',
  '20.60',
  '1.05',
  '0.9',
  '0.90',
  '1.75',
  '9.2',
  '9.20',
  '9.6',
  '9.60',
]);

const ID_FORMAT = /^[A-Za-z0-9+\-_/]+$/;
const SCHEME_FORMAT = /^[A-Za-z0-9+\-_.]+$/;
const ID_PATHS = [`${HEADER}/ram:ID`, `${SETTLEMENT}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID`];
const DATE_PATHS = [
  `${HEADER}/ram:IssueDateTime/udt:DateTimeString`,
  `${SETTLEMENT}/ram:ApplicableTradeTax/ram:TaxPointDate/udt:DateString`,
  `${SETTLEMENT}/ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString`,
  `${SETTLEMENT}/ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString`,
  `${ROOT}/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString`,
  `${SETTLEMENT}/ram:BillingSpecifiedPeriod/*/udt:DateTimeString`,
];

function validDate(value: string): boolean {
  const m = /^(20\d{2})(\d{2})(\d{2})/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

const bar = (c: CheckContext) => c.x.str(`${HEADER}/ram:IncludedNote[ram:SubjectCode='BAR']/ram:Content`);
const notesWith = (c: CheckContext, code: string) => c.x.nodes(`${HEADER}/ram:IncludedNote[ram:SubjectCode='${code}']`);
const isFrench = (c: CheckContext, party: string) => c.x.str(`${party}/ram:PostalTradeAddress/ram:CountryID`).toUpperCase() === 'FR';
const sirenOf = (c: CheckContext, party: string) => c.x.str(`${party}/ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']`);
const pathsNodes = (c: CheckContext, paths: string[]) => paths.flatMap((p) => c.x.nodes(p));

function siretCoherent(party: string) {
  return eachRule(party, (n, c) => {
    const siret = c.x.str("ram:GlobalID[@schemeID='0009']", n);
    if (!siret) return true;
    return /^\d{14}$/.test(siret) && siret.slice(0, 9) === c.x.str("ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']", n);
  });
}

function electronicAddress(party: string, required: (c: CheckContext) => boolean) {
  return (c: CheckContext) => {
    if (!required(c)) return [];
    const uri = c.x.node(`${party}/ram:URIUniversalCommunication/ram:URIID`);
    if (!uri || text(uri) === '') return [nearest(c, party)];
    const scheme = attribute(uri, 'schemeID') ?? '';
    return EAS_CODES.has(scheme) ? [] : [uri];
  };
}

const noteRule = (code: string, label: string): Rule =>
  warning(
    'BR-FR-05',
    'BT-22',
    `BR-FR-05/BT-22 : la mention relative ${label} (code ${code}) est absente. Elle est obligatoire dans les notes (BG-1).`,
    docRule(
      (c) => notesWith(c, code).length > 0,
      (c) => nearest(c, HEADER),
    ),
  );
const uniqueNoteRule = (code: string): Rule =>
  warning('BR-FR-06', 'BT-21', `BR-FR-06/BT-21 : le code sujet ${code} ne doit apparaître qu'une seule fois dans les notes (BG-1).`, (c) =>
    notesWith(c, code).slice(1),
  );

export const frenchRules: Rule[] = [
  warning('BR-FR-01', 'BT-1', 'BR-FR-01 : un identifiant de facture (BT-1, BT-25) ne doit pas dépasser 35 caractères.', (c) =>
    pathsNodes(c, ID_PATHS).filter((n) => text(n).length > 35),
  ),
  warning(
    'BR-FR-02',
    'BT-1',
    'BR-FR-02 : un identifiant de facture (BT-1, BT-25) ne contient que des caractères alphanumériques et + - _ /, sans espace.',
    (c) => pathsNodes(c, ID_PATHS).filter((n) => !ID_FORMAT.test(n.textContent)),
  ),
  warning(
    'BR-FR-03',
    'BT-2',
    'BR-FR-03 : une date doit être valide, au format AAAAMMJJ, avec une année comprise entre 2000 et 2099.',
    (c) => pathsNodes(c, DATE_PATHS).filter((n) => !validDate(text(n))),
  ),
  warning(
    'BR-FR-04',
    'BT-3',
    'BR-FR-04/BT-3 : le code type de document (BT-3) doit être l’un de 380, 389, 393, 501, 386, 500, 384, 471, 472, 473, 261, 262, 381, 396, 502, 503.',
    eachRule(`${HEADER}/ram:TypeCode`, (n) => DOCUMENT_TYPES.has(text(n))),
  ),
  noteRule('PMT', 'à l’indemnité forfaitaire pour frais de recouvrement'),
  noteRule('PMD', 'aux pénalités de retard'),
  noteRule('AAB', 'à l’escompte ou à son absence'),
  uniqueNoteRule('PMT'),
  uniqueNoteRule('PMD'),
  uniqueNoteRule('AAB'),
  uniqueNoteRule('TXD'),
  warning(
    'BR-FR-08',
    'BT-23',
    'BR-FR-08/BT-23 : le cadre de facturation (BT-23) est absent ou n’est pas une valeur autorisée (B1, S1, M1, B2, S2, M2, S3, B4, S4, M4, S5, S6, B7, S7, B8, S8, M8, B9, S9, M9).',
    eachRule(`${CONTEXT}/ram:BusinessProcessSpecifiedDocumentContextParameter`, (n, c) => BILLING_FRAMES.has(c.x.str('ram:ID', n))),
  ),
  warning(
    'BR-FR-09',
    'BT-29',
    'BR-FR-09/BT-29 : le SIRET du vendeur doit contenir 14 chiffres et commencer par son SIREN.',
    siretCoherent(SELLER),
  ),
  warning(
    'BR-FR-09',
    'BT-46',
    'BR-FR-09/BT-46 : le SIRET de l’acheteur doit contenir 14 chiffres et commencer par son SIREN.',
    siretCoherent(BUYER),
  ),
  warning(
    'BR-FR-10',
    'BT-30',
    'BR-FR-10/BT-30 : le SIREN du vendeur (schéma 0002) est obligatoire et doit être composé exactement de 9 chiffres.',
    docRule(
      (c) => !isFrench(c, SELLER) || /^\d{9}$/.test(sirenOf(c, SELLER)),
      (c) => nearest(c, `${SELLER}/ram:SpecifiedLegalOrganization/ram:ID`, SELLER),
    ),
  ),
  warning(
    'BR-FR-11',
    'BT-47',
    'BR-FR-11/BT-47 : pour un traitement B2B (note BAR), le SIREN de l’acheteur (schéma 0002) est obligatoire et doit être composé exactement de 9 chiffres.',
    docRule(
      (c) => bar(c) !== 'B2B' || /^\d{9}$/.test(sirenOf(c, BUYER)),
      (c) => nearest(c, `${BUYER}/ram:SpecifiedLegalOrganization/ram:ID`, BUYER),
    ),
  ),
  // Deviation: the official rule is unconditional; a consumer (BAR = B2C) has no electronic address to give.
  warning(
    'BR-FR-12',
    'BT-49',
    'BR-FR-12/BT-49 : l’adresse électronique de l’acheteur (BT-49) est obligatoire, avec un schéma EAS autorisé.',
    electronicAddress(BUYER, (c) => !bar(c).startsWith('B2C')),
  ),
  warning(
    'BR-FR-13',
    'BT-34',
    'BR-FR-13/BT-34 : l’adresse électronique du vendeur (BT-34) est obligatoire, avec un schéma EAS autorisé.',
    electronicAddress(SELLER, () => true),
  ),
  warning(
    'BR-FR-15',
    'BT-118',
    'BR-FR-15 : code de catégorie de TVA invalide en France (S, E, AE, K, G, O, Z ; L et M ne sont pas pertinents).',
    (c) =>
      c.x
        .nodes(
          `${BREAKDOWN}/ram:CategoryCode | ${DOC_AC}/ram:CategoryTradeTax/ram:CategoryCode | ${LINES}/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode`,
        )
        .filter((n) => !FR_VAT_CATEGORIES.has(text(n))),
  ),
  warning(
    'BR-FR-16',
    'BT-119',
    'BR-FR-16 : le taux de TVA doit être exprimé en pourcentage sans symbole « % » et faire partie des taux autorisés en France.',
    (c) =>
      c.x
        .nodes(
          `${BREAKDOWN}/ram:RateApplicablePercent | ${DOC_AC}/ram:CategoryTradeTax/ram:RateApplicablePercent | ${LINES}/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:RateApplicablePercent`,
        )
        .filter((n) => !FR_VAT_RATES.has(text(n))),
  ),
  warning(
    'BR-FR-20',
    'BT-22',
    'BR-FR-20/BT-21 : une note de code sujet « BAR » doit valoir B2B, B2BINT, B2C, B2CINT, OUTOFSCOPE ou ARCHIVEONLY.',
    eachRule(`${HEADER}/ram:IncludedNote[ram:SubjectCode='BAR']`, (n, c) => BAR_TREATMENTS.has(c.x.str('ram:Content', n))),
  ),
  warning(
    'BR-FR-21',
    'BT-49',
    'BR-FR-21/BT-49 : pour un traitement B2B hors autofacturation, l’adresse électronique de l’acheteur (BT-49) doit commencer par son SIREN (BT-47) avec le schéma 0225.',
    docRule(
      (c) => {
        if (bar(c) !== 'B2B' || SELF_BILLING_TYPES.has(c.x.str(`${HEADER}/ram:TypeCode`))) return true;
        const uri = c.x.node(`${BUYER}/ram:URIUniversalCommunication/ram:URIID`);
        const siren = c.x.str(`${BUYER}/ram:SpecifiedLegalOrganization/ram:ID`);
        return uri !== null && siren !== '' && text(uri).startsWith(siren) && attribute(uri, 'schemeID') === '0225';
      },
      (c) => nearest(c, `${BUYER}/ram:URIUniversalCommunication/ram:URIID`, BUYER),
    ),
  ),
  warning(
    'BR-FR-23',
    'BT-34',
    'BR-FR-23 : une adresse électronique de schéma 0225 ne contient que des caractères alphanumériques et - _ . +.',
    (c) =>
      c.x
        .nodes(
          `${SELLER}/ram:URIUniversalCommunication/ram:URIID[@schemeID='0225'] | ${BUYER}/ram:URIUniversalCommunication/ram:URIID[@schemeID='0225']`,
        )
        .filter((n) => !SCHEME_FORMAT.test(n.textContent)),
  ),
  warning('BR-FR-25', 'BT-34', 'BR-FR-25 : une adresse électronique (BT-34, BT-49) ne doit pas dépasser 125 caractères.', (c) =>
    c.x
      .nodes(`${SELLER}/ram:URIUniversalCommunication/ram:URIID | ${BUYER}/ram:URIUniversalCommunication/ram:URIID`)
      .filter((n) => n.textContent.length > 125),
  ),
];
