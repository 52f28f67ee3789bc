// Deterministic fake French business data for the benchmarks' generators.
const FIRST = [
  'Jean',
  'Marie',
  'Pierre',
  'Sophie',
  'Luc',
  'Camille',
  'Hugo',
  'Léa',
  'Thomas',
  'Chloé',
  'Nicolas',
  'Manon',
  'Julien',
  'Inès',
  'Antoine',
  'Élodie',
];
const LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèbvre',
  'Michel',
  'Garcia',
  'Fournier',
];
const COMPANY = [
  'Boulangerie',
  'Menuiserie',
  'Atelier',
  'Société',
  'Garage',
  'Cabinet',
  'Pharmacie',
  'Librairie',
  'Imprimerie',
  'Bureau',
  'Studio',
  'Agence',
  'Ferme',
  'Épicerie',
  'Brasserie',
  'Clinique',
];
const SUFFIX = ['SARL', 'SAS', 'SA', 'EURL', 'SCI', 'et Fils', 'Frères', 'Conseil', 'Services', 'Industrie'];
export const CITIES = [
  'Paris',
  'Lyon',
  'Marseille',
  'Toulouse',
  'Nice',
  'Nantes',
  'Strasbourg',
  'Montpellier',
  'Bordeaux',
  'Lille',
  'Rennes',
  'Reims',
  'Saint-Étienne',
  'Toulon',
  'Grenoble',
  'Dijon',
  'Angers',
  'Nîmes',
  'Villeurbanne',
  'Besançon',
];
export const SEARCH_WORDS = [
  'boulangerie',
  'menuiserie',
  'martin',
  'dubois',
  'lyon',
  'toulouse',
  'societe',
  'garage',
  'pharmacie',
  'leroy',
  'nantes',
  'epicerie',
];

/** A small seeded PRNG so that every run generates the same data. */
export function rng(seed = 42): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

export function customerInput(random: () => number, i: number) {
  const business = random() < 0.7;
  const city = pick(random, CITIES);
  return {
    ...(business
      ? { companyName: `${pick(random, COMPANY)} ${pick(random, LAST)} ${pick(random, SUFFIX)}` }
      : { firstName: pick(random, FIRST), lastName: pick(random, LAST) }),
    email: `client${i}@example.fr`,
    phone: `01 ${String(Math.floor(random() * 1e8))
      .padStart(8, '0')
      .replace(/(\d\d)(?=\d)/g, '$1 ')}`,
    billingAddress: {
      street: `${1 + Math.floor(random() * 200)} rue de la République`,
      zipcode: String(10000 + Math.floor(random() * 85000)),
      city,
      countryIso: 'FR',
    },
  };
}
