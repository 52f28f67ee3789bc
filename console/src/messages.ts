// The API's field messages in French (issue #31): the API speaks English to integrators; the console
// says the same thing to the account holder in their language. Known phrasings are translated by
// pattern; anything else is shown as the API wrote it rather than guessed.
import { lang } from './i18n';

const FIELD_NAMES: Record<string, string> = {
  siret: 'Le SIRET',
  siren: 'Le SIREN',
  vatNumber: 'Le numéro de TVA',
  iban: 'L’IBAN',
  bic: 'Le BIC',
};

const PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [
    /^(siret|siren) fails the Luhn check$/,
    (m) => `${FIELD_NAMES[m[1]]} n’est pas valide : sa clé de contrôle ne correspond pas (vérifiez les chiffres).`,
  ],
  [/^(siret|siren) must be (\d+) digits$/, (m) => `${FIELD_NAMES[m[1]]} doit compter ${m[2]} chiffres.`],
  [/^vatNumber must start with FR$/, () => 'Le numéro de TVA français commence par FR.'],
  [
    /^vatNumber must be FR, a 2-character key and a 9-digit SIREN$/,
    () => 'Le numéro de TVA s’écrit FR, une clé de 2 caractères et le SIREN (9 chiffres).',
  ],
  [
    /^vatNumber contains a SIREN that fails the Luhn check$/,
    () => 'Le SIREN contenu dans le numéro de TVA n’est pas valide (clé de contrôle).',
  ],
  [/^vatNumber key does not match the SIREN$/, () => 'La clé du numéro de TVA ne correspond pas au SIREN.'],
  [/^iban fails the mod 97 check$/, () => 'L’IBAN n’est pas valide : sa clé de contrôle ne correspond pas.'],
  [/^iban of ([A-Z]{2}) must be (\d+) characters$/, (m) => `Un IBAN ${m[1]} compte ${m[2]} caractères.`],
  [/^iban must be a country code/, () => 'L’IBAN s’écrit : code pays, 2 chiffres de contrôle, puis jusqu’à 30 lettres ou chiffres.'],
  [/^bic must be 8 or 11 characters/, () => 'Le BIC compte 8 ou 11 caractères.'],
  [/^is required$/, () => 'Champ obligatoire.'],
  [/^must not be empty$/, () => 'Ne peut pas être vide.'],
  [/^must be an e-mail address$/, () => 'Adresse e-mail invalide.'],
  [/^must be a date \(YYYY-MM-DD\)$/, () => 'Date invalide.'],
  [/^must be an absolute URL$/, () => 'Adresse web complète attendue (https://…).'],
  [/^must be a number( \(or null\))?$/, () => 'Un nombre est attendu.'],
  [/^must be one of (.+?)( \(or null\))?$/, (m) => `Valeurs possibles : ${m[1]}.`],
  [/^must NOT have more than (\d+) characters$/, (m) => `${m[1]} caractères au plus.`],
  [
    /^over-settles (invoice|credit) (\S+): ([\d.]+) remains due, ([\d.]+) allocated$/,
    (m) =>
      `Plus que ce qui reste sur ${m[1] === 'credit' ? 'l’avoir' : 'la facture'} ${m[2]} : ${m[3].replace('.', ',')} € au plus (${m[4].replace('.', ',')} € demandés).`,
  ],
  [/^must be greater than 0/, () => 'Un montant supérieur à 0 est attendu.'],
  // Refusals of the whole request (403), shown in the page's error box.
  [
    /^The Accountant profile may read but not change anything$/,
    () => 'Le profil Comptable consulte tout mais ne modifie rien : demandez ce changement à un utilisateur Standard ou Administrateur.',
  ],
  [/^This user is inactive/, () => 'Cet utilisateur est désactivé : demandez à un administrateur du compte de le réactiver.'],
  [/^The CSRF token is missing or wrong/, () => 'La page n’est plus à jour avec votre session : rechargez-la puis recommencez.'],
  [/^Users are managed by an Admin user/, () => 'Les utilisateurs sont gérés par un administrateur connecté à la console.'],
  [/^API keys are managed by an Admin user/, () => 'Les clés d’API sont gérées par un administrateur connecté à la console.'],
  [/^must be <= (\S+)$/, (m) => `Au plus ${m[1]}.`],
  [/^must be >= (\S+)$/, (m) => `Au moins ${m[1]}.`],
];

/** One API field message, in French when the console speaks French and the phrasing is known. */
export function localMessage(message: string): string {
  if (lang() !== 'fr') return message;
  // Some messages repeat the field's name first ("company.siret: siret fails…"): read past it.
  const bare = message.replace(/^[\w.[\]]+: /, '');
  for (const [pattern, say] of PATTERNS) {
    const m = pattern.exec(bare);
    if (m) return say(m);
  }
  return message;
}
