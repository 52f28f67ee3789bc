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
  // Bank transactions entered by hand, supplier invoices and payments, receipts, colleagues, webhooks.
  [
    /^a transaction of 0 moves no money$/,
    () => 'Une opération de 0 € ne déplace pas d’argent : montant positif pour une entrée, négatif pour une sortie.',
  ],
  [/^at most 2 decimals$/, () => 'Deux décimales au plus (les centimes).'],
  [/^a transaction needs a label$/, () => 'Le libellé est obligatoire.'],
  [/^a Credit \(money in\) is positive/, () => 'Une entrée d’argent est un montant positif.'],
  [/^a Debit \(money out\) is negative/, () => 'Une sortie d’argent est un montant négatif.'],
  [
    /^bank account \d+ opens on (\d{4})-(\d{2})-(\d{2}): a transaction cannot precede it$/,
    (m) => `Le compte s’ouvre le ${m[3]}/${m[2]}/${m[1]} : une opération ne peut pas être antérieure.`,
  ],
  [/^more than 31 days from the booking date/, () => 'La date de valeur est à plus de 31 jours de la date de l’opération.'],
  [/^cannot be earlier than date$/, () => 'L’échéance ne peut pas précéder la date de la facture.'],
  [
    /^(-?[\d.]+) over-settles purchase invoice \S+: (-?[\d.]+) remains due$/,
    (m) => `Plus que ce qui reste à payer sur cette facture : ${m[2].replace('.', ',')} € au plus.`,
  ],
  [
    /^must not be 0: > 0 paid to the supplier/,
    () => 'Un montant autre que 0 est attendu (positif pour un paiement, négatif pour un remboursement du fournisseur).',
  ],
  [/^nothing left to settle on purchase invoice/, () => 'Cette facture est déjà entièrement payée.'],
  [
    /^supplier payments already settle (-?[\d.]+) of this invoice/,
    (m) => `Des paiements règlent déjà ${m[1].replace('.', ',')} € de cette facture : le montant ne peut pas être inférieur.`,
  ],
  [
    /^(-?[\d.]+) is not the sum of the VAT lines \((-?[\d.]+)\)/,
    (m) => `Le total TTC ne correspond pas aux lignes de TVA (${m[2].replace('.', ',')} €).`,
  ],
  [/^the file is not a PDF$/, () => 'Ce fichier n’est pas un PDF.'],
  [/^the file is neither a PDF nor an XML e-invoice/, () => 'Ce fichier n’est ni un PDF ni une facture électronique XML (CII ou UBL).'],
  [/^the file is empty$/, () => 'Le fichier est vide.'],
  [/^the file is larger than (\d+) MB$/, (m) => `Le fichier dépasse ${m[1]} Mo.`],
  [/^a colleague needs a firstName or a lastName$/, () => 'Indiquez au moins le prénom ou le nom.'],
  [/^must be an absolute http or https URL$/, () => 'Adresse web complète attendue (https://…).'],
  [/^must be http or https, not/, () => 'L’adresse doit commencer par https:// (ou http://).'],
  [/^must not carry a user name or password$/, () => 'L’adresse ne doit pas contenir d’identifiant ni de mot de passe.'],
  [
    /webhooks may only reach public addresses/,
    () => 'Cette adresse mène à ce serveur ou à un réseau privé : un webhook ne joint qu’une adresse publique.',
  ],
  [/^must NOT have fewer than 1 items$/, () => 'Choisissez-en au moins un.'],
  [/^must not be blank$/, () => 'Ne peut pas être vide.'],
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
