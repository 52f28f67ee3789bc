// Default classifications: the accounts of the French chart of accounts (Plan
// comptable général, ANC regulation 2014-03) a small business books sales,
// expenses and other movements to. Ids are stable: never renumber.
import type { Classification, ClassificationType, MicroBusinessDeclarationType, Vat } from './types.js';
import { vatById } from './vats.js';

function frVat(id: number): Vat {
  const found = vatById(id);
  if (!found) throw new Error(`unknown VAT id ${id}`);
  return found;
}

const STANDARD = frVat(1); // 20 %
const EXEMPT = frVat(5); // 0 %

interface Entry {
  id: number;
  accountNumber: string;
  label: string;
  description: string | null;
  defaultVat: Vat | null;
  isProduct?: boolean;
  isService?: boolean;
  microBusinessDeclarationType?: MicroBusinessDeclarationType;
}

function of(type: ClassificationType, entries: readonly Entry[]): Classification[] {
  return entries.map((e) => ({
    accountNumber: e.accountNumber,
    defaultVat: e.defaultVat,
    defaultVatId: e.defaultVat?.id ?? null,
    description: e.description,
    id: e.id,
    isProduct: e.isProduct ?? false,
    isService: e.isService ?? false,
    label: e.label,
    microBusinessDeclarationType: e.microBusinessDeclarationType ?? null,
    metadatas: null,
    type,
  }));
}

const SALES = of('Sale', [
  { id: 1, accountNumber: '706', label: 'Prestations de services', description: 'Services rendus aux clients', defaultVat: STANDARD, isService: true, microBusinessDeclarationType: 'Services' },
  { id: 2, accountNumber: '707', label: 'Ventes de marchandises', description: 'Revente de biens achetés en l\'état', defaultVat: STANDARD, isProduct: true, microBusinessDeclarationType: 'Products' },
  { id: 3, accountNumber: '701', label: 'Ventes de produits finis', description: 'Vente de biens fabriqués par l\'entreprise', defaultVat: STANDARD, isProduct: true, microBusinessDeclarationType: 'Products' },
  { id: 4, accountNumber: '704', label: 'Travaux', description: 'Travaux facturés (bâtiment, chantiers)', defaultVat: STANDARD, isService: true, microBusinessDeclarationType: 'Services' },
  { id: 5, accountNumber: '708', label: 'Produits des activités annexes', description: 'Recettes accessoires à l\'activité principale', defaultVat: STANDARD, isService: true, microBusinessDeclarationType: 'Services' },
  { id: 6, accountNumber: '7083', label: 'Locations diverses', description: 'Locations facturées (hors location principale)', defaultVat: STANDARD, isService: true, microBusinessDeclarationType: 'Renting' },
  { id: 7, accountNumber: '7085', label: 'Ports et frais accessoires facturés', description: 'Frais de port, d\'emballage et de livraison refacturés', defaultVat: STANDARD, isService: true, microBusinessDeclarationType: 'Services' },
  { id: 8, accountNumber: '7088', label: 'Autres produits d\'activités annexes', description: 'Refacturations de frais et produits divers', defaultVat: STANDARD, isService: true, microBusinessDeclarationType: 'OtherServices' },
]);

const EXPENSES = of('Expense', [
  { id: 101, accountNumber: '601', label: 'Achats stockés - Matières premières et fournitures', description: null, defaultVat: STANDARD },
  { id: 102, accountNumber: '602', label: 'Achats stockés - Autres approvisionnements', description: null, defaultVat: STANDARD },
  { id: 103, accountNumber: '604', label: 'Achats d\'études et prestations de services', description: 'Prestations incorporées aux produits et services vendus', defaultVat: STANDARD },
  { id: 104, accountNumber: '6061', label: 'Fournitures non stockables (eau, énergie)', description: null, defaultVat: STANDARD },
  { id: 105, accountNumber: '6063', label: 'Fournitures d\'entretien et de petit équipement', description: null, defaultVat: STANDARD },
  { id: 106, accountNumber: '6064', label: 'Fournitures administratives', description: null, defaultVat: STANDARD },
  { id: 107, accountNumber: '607', label: 'Achats de marchandises', description: 'Biens achetés pour être revendus en l\'état', defaultVat: STANDARD },
  { id: 108, accountNumber: '611', label: 'Sous-traitance générale', description: null, defaultVat: STANDARD },
  { id: 109, accountNumber: '613', label: 'Locations', description: null, defaultVat: STANDARD },
  { id: 110, accountNumber: '6132', label: 'Locations immobilières', description: 'Loyers des locaux', defaultVat: STANDARD },
  { id: 111, accountNumber: '6135', label: 'Locations mobilières', description: 'Location de matériel, de véhicules', defaultVat: STANDARD },
  { id: 112, accountNumber: '615', label: 'Entretien et réparations', description: null, defaultVat: STANDARD },
  { id: 113, accountNumber: '616', label: 'Primes d\'assurances', description: 'Opérations d\'assurance exonérées de TVA', defaultVat: EXEMPT },
  { id: 114, accountNumber: '618', label: 'Divers (documentation, colloques)', description: null, defaultVat: STANDARD },
  { id: 115, accountNumber: '622', label: 'Rémunérations d\'intermédiaires et honoraires', description: null, defaultVat: STANDARD },
  { id: 116, accountNumber: '6226', label: 'Honoraires', description: 'Expert-comptable, avocat, conseils', defaultVat: STANDARD },
  { id: 117, accountNumber: '623', label: 'Publicité, publications, relations publiques', description: null, defaultVat: STANDARD },
  { id: 118, accountNumber: '624', label: 'Transports de biens et transports collectifs du personnel', description: null, defaultVat: STANDARD },
  { id: 119, accountNumber: '625', label: 'Déplacements, missions et réceptions', description: null, defaultVat: STANDARD },
  { id: 120, accountNumber: '6251', label: 'Voyages et déplacements', description: null, defaultVat: STANDARD },
  { id: 121, accountNumber: '6256', label: 'Missions', description: null, defaultVat: STANDARD },
  { id: 122, accountNumber: '6257', label: 'Réceptions', description: null, defaultVat: STANDARD },
  { id: 123, accountNumber: '626', label: 'Frais postaux et de télécommunications', description: null, defaultVat: STANDARD },
  { id: 124, accountNumber: '627', label: 'Services bancaires et assimilés', description: 'Frais et commissions bancaires, en général exonérés', defaultVat: EXEMPT },
  { id: 125, accountNumber: '628', label: 'Divers (cotisations, frais de recrutement)', description: null, defaultVat: STANDARD },
  { id: 126, accountNumber: '631', label: 'Impôts, taxes et versements assimilés sur rémunérations', description: 'Taxe sur les salaires, versements à l\'administration des impôts', defaultVat: null },
  { id: 127, accountNumber: '635', label: 'Autres impôts, taxes et versements assimilés', description: 'CFE, taxe foncière, droits d\'enregistrement', defaultVat: null },
  { id: 128, accountNumber: '641', label: 'Rémunérations du personnel', description: null, defaultVat: null },
  { id: 129, accountNumber: '645', label: 'Charges de sécurité sociale et de prévoyance', description: null, defaultVat: null },
  { id: 130, accountNumber: '651', label: 'Redevances pour concessions, brevets, licences, logiciels', description: 'Abonnements logiciels, licences', defaultVat: STANDARD },
  { id: 131, accountNumber: '661', label: 'Charges d\'intérêts', description: 'Intérêts des emprunts et agios', defaultVat: null },
]);

const OTHERS = of('Other', [
  { id: 201, accountNumber: '101', label: 'Capital', description: 'Apports en capital', defaultVat: null },
  { id: 202, accountNumber: '108', label: 'Compte de l\'exploitant', description: 'Apports et prélèvements de l\'entrepreneur individuel', defaultVat: null },
  { id: 203, accountNumber: '164', label: 'Emprunts auprès des établissements de crédit', description: 'Versement et remboursement du capital emprunté', defaultVat: null },
  { id: 204, accountNumber: '455', label: 'Associés - Comptes courants', description: 'Apports et remboursements en compte courant d\'associé', defaultVat: null },
  { id: 205, accountNumber: '580', label: 'Virements internes', description: 'Transferts entre comptes bancaires de l\'entreprise', defaultVat: null },
  { id: 206, accountNumber: '2183', label: 'Matériel de bureau et matériel informatique', description: 'Immobilisation', defaultVat: STANDARD },
  { id: 207, accountNumber: '2182', label: 'Matériel de transport', description: 'Immobilisation', defaultVat: STANDARD },
  { id: 208, accountNumber: '205', label: 'Concessions, brevets, licences, logiciels', description: 'Immobilisation incorporelle', defaultVat: STANDARD },
  { id: 209, accountNumber: '275', label: 'Dépôts et cautionnements versés', description: null, defaultVat: null },
  { id: 210, accountNumber: '444', label: 'État - Impôts sur les bénéfices', description: 'Acomptes et solde d\'impôt sur les sociétés', defaultVat: null },
  { id: 211, accountNumber: '44551', label: 'TVA à décaisser', description: 'Paiement de la TVA due', defaultVat: null },
]);

export const CLASSIFICATIONS: readonly Classification[] = [...SALES, ...EXPENSES, ...OTHERS];

export function classificationById(id: number): Classification | undefined {
  return CLASSIFICATIONS.find((c) => c.id === id);
}
