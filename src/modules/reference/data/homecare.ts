// "Services à la personne": the 26 activities of article D7231-1 of the Code du
// travail (5 under agrément in I, 21 under optional declaration in II) and the
// groups they are reported under. The groups are the three domains used by
// service-public.fr (fiche F13244); the NOVA "TSA" statistical grouping itself
// could not be verified (see docs/reference-data.md). Ids are stable.
import type { HomecareServiceActivity, HomecareServiceTsaGroup } from './types.js';

export const HOMECARE_GROUP_FAMILY = 1;
export const HOMECARE_GROUP_DAILY_LIFE = 2;
export const HOMECARE_GROUP_DEPENDENT = 3;

export const HOMECARE_SERVICE_TSA_GROUPS: readonly HomecareServiceTsaGroup[] = [
  { id: HOMECARE_GROUP_FAMILY, code: 'FAMILLE', label: 'Services à la famille' },
  { id: HOMECARE_GROUP_DAILY_LIFE, code: 'VIE_QUOTIDIENNE', label: 'Services de la vie quotidienne' },
  { id: HOMECARE_GROUP_DEPENDENT, code: 'DEPENDANCE', label: 'Services aux personnes dépendantes' },
];

function agrement(id: number, item: number, tsaGroupId: number, label: string): HomecareServiceActivity {
  return { id, code: `I-${item}`, label, tsaGroupId, regime: 'Agrement', legalReference: `Code du travail, art. D7231-1, I, ${item}°` };
}

function declaration(id: number, item: number, tsaGroupId: number, label: string): HomecareServiceActivity {
  const code = `II-${String(item).padStart(2, '0')}`;
  return { id, code, label, tsaGroupId, regime: 'Declaration', legalReference: `Code du travail, art. D7231-1, II, ${item}°` };
}

const F = HOMECARE_GROUP_FAMILY;
const Q = HOMECARE_GROUP_DAILY_LIFE;
const D = HOMECARE_GROUP_DEPENDENT;

export const HOMECARE_SERVICE_ACTIVITIES: readonly HomecareServiceActivity[] = [
  agrement(1, 1, F, "Garde d'enfants à domicile, en dessous d'un âge fixé par arrêté (moins de 3 ans, moins de 18 ans en situation de handicap)"),
  agrement(2, 2, F, "Accompagnement des enfants, en dessous d'un âge fixé par arrêté, dans leurs déplacements en dehors de leur domicile (promenades, transport, actes de la vie courante)"),
  agrement(3, 3, D, "Assistance dans les actes quotidiens de la vie ou aide à l'insertion sociale aux personnes âgées, handicapées ou atteintes de pathologies chroniques, à leur domicile, à l'exclusion des actes de soins relevant d'actes médicaux"),
  agrement(4, 4, D, "Prestation de conduite du véhicule personnel des personnes âgées, handicapées ou atteintes de pathologies chroniques, du domicile au travail, sur le lieu de vacances, pour les démarches administratives"),
  agrement(5, 5, D, "Accompagnement des personnes âgées, handicapées ou atteintes de pathologies chroniques dans leurs déplacements en dehors de leur domicile (promenades, aide à la mobilité et au transport, actes de la vie courante)"),

  declaration(6, 1, Q, 'Entretien de la maison et travaux ménagers'),
  declaration(7, 2, Q, 'Petits travaux de jardinage, y compris les travaux de débroussaillage'),
  declaration(8, 3, Q, 'Travaux de petit bricolage dits « homme toutes mains »'),
  declaration(9, 4, F, "Garde d'enfants à domicile au-dessus d'un âge fixé par arrêté"),
  declaration(10, 5, F, 'Soutien scolaire à domicile ou cours à domicile'),
  declaration(11, 6, D, "Soins d'esthétique à domicile pour les personnes dépendantes"),
  declaration(12, 7, Q, 'Préparation de repas à domicile, y compris le temps passé aux commissions'),
  declaration(13, 8, Q, 'Livraison de repas à domicile'),
  declaration(14, 9, Q, 'Collecte et livraison à domicile de linge repassé'),
  declaration(15, 10, Q, 'Livraison de courses à domicile'),
  declaration(16, 11, F, 'Assistance informatique à domicile'),
  declaration(17, 12, D, "Soins et promenades d'animaux de compagnie, à l'exception des soins vétérinaires et du toilettage, pour les personnes dépendantes"),
  declaration(18, 13, Q, 'Maintenance, entretien et vigilance temporaires, à domicile, de la résidence principale et secondaire'),
  declaration(19, 14, F, 'Assistance administrative à domicile'),
  declaration(20, 15, F, "Accompagnement des enfants, au-dessus d'un âge fixé par arrêté, dans leurs déplacements en dehors de leur domicile (promenades, transport, actes de la vie courante)"),
  declaration(21, 16, Q, 'Téléassistance et visio-assistance'),
  declaration(22, 17, D, "Interprète en langue des signes, technicien de l'écrit et codeur en langage parlé complété"),
  declaration(23, 18, D, "Prestation de conduite du véhicule personnel des personnes qui présentent une invalidité temporaire, du domicile au travail, sur le lieu de vacances, pour les démarches administratives"),
  declaration(24, 19, D, 'Accompagnement des personnes qui présentent une invalidité temporaire dans leurs déplacements en dehors de leur domicile (promenades, aide à la mobilité et au transport, actes de la vie courante)'),
  declaration(25, 20, D, "Assistance aux personnes qui ont besoin temporairement d'une aide personnelle à leur domicile, à l'exclusion des soins relevant d'actes médicaux"),
  declaration(26, 21, Q, 'Coordination et délivrance des services à la personne'),
];
