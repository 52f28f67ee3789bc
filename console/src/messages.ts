// The API's field messages in French (issue #31): the API speaks English to integrators; the console
// says the same thing to the account holder in their language. Known phrasings are translated by
// pattern; anything else is shown as the API wrote it rather than guessed.
import { money } from './format';
import { lang } from './i18n';

const FIELD_NAMES: Record<string, string> = {
  siret: 'Le SIRET',
  siren: 'Le SIREN',
  vatNumber: 'Le numéro de TVA',
  iban: 'L’IBAN',
  bic: 'Le BIC',
};

/** An amount of a message ("1276.45") as French writes it ("1 276,45 €"). */
const euros = (amount: string) => money(Number(amount));

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
  [/^a bank account needs a name$/, () => 'Le nom du compte est obligatoire.'],
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
    /^the links settle (-?[\d.]+), more than the payment's (-?[\d.]+)/,
    (m) => `Les factures réglées totalisent ${m[1].replace('.', ',')} €, plus que le paiement (${m[2].replace('.', ',')} €).`,
  ],
  [/^must be positive: purchase invoice \S+ is of/, () => 'Un montant positif est attendu sur une facture.'],
  [/^must be negative: credit note \S+ is of/, () => 'Un montant négatif est attendu sur un avoir du fournisseur.'],
  [/^purchase invoice \S+ is of another supplier than (.+)$/s, (m) => `Cette facture est d’un autre fournisseur que ${m[1]}.`],
  [/^purchase invoice \S+ has no amount yet/, () => 'Cette facture n’a pas encore de montant : complétez-la avant de la payer.'],
  [/^purchase invoice \S+ does not exist$/, () => 'Cette facture n’existe pas (ou plus).'],
  [/^supplier \S+ does not exist$/, () => 'Ce fournisseur n’existe pas (ou plus).'],
  [/^\S+ is not an expense classification/, () => 'Choisissez un classement de charges.'],
  [/^cannot exceed the base it is computed on$/, () => 'La TVA ne peut pas dépasser la base HT.'],
  [/^must have the sign of taxExcludedAmount$/, () => 'La TVA a le signe de la base HT.'],
  [/^must be 0 at a rate of 0$/, () => 'À un taux de 0 %, la TVA est de 0 €.'],
  [
    /^supplier payments already settle (-?[\d.]+) of this invoice/,
    (m) => `Des paiements règlent déjà ${m[1].replace('.', ',')} € de cette facture : le montant ne peut pas être inférieur.`,
  ],
  [
    /^(-?[\d.]+) is not the sum of the VAT lines \((-?[\d.]+)\)/,
    (m) => `Le total TTC ne correspond pas aux lignes de TVA (${m[2].replace('.', ',')} €).`,
  ],
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
  // A line's discount (src/modules/sales/compose.ts, src/domain/totals.ts).
  [/^a percent discount is at most 100$/, () => 'Une remise en pourcentage est de 100 % au plus.'],
  [/^[\w.[\]]+ must be a percentage between 0 and 100\.$/, () => 'Un pourcentage entre 0 et 100 est attendu.'],
  [
    /^[\w.[\]]+ \(([\d.]+)\) exceeds the amount it applies to \(([\d.]+)\)\.$/,
    (m) => `La remise (${euros(m[1])}) dépasse le montant auquel elle s’applique (${euros(m[2])}).`,
  ],
  // Deposit invoices of a quote (src/domain/deposits.ts, src/modules/quotes/service.ts).
  [/^a deposit percentage is greater than 0 and at most 100$/, () => 'Un pourcentage d’acompte est supérieur à 0 et au plus 100.'],
  [/^a deposit amount is greater than 0$/, () => 'Un montant d’acompte supérieur à 0 est attendu.'],
  [/^a deposit amount has at most 2 decimals$/, () => 'Deux décimales au plus (les centimes).'],
  [/^the deposit rounds to (\S+): ask for more$/, (m) => `L’acompte arrondi vaut ${euros(m[1])} : demandez davantage.`],
  [
    /^the deposit \(([\d.]+)\) exceeds what the earlier deposits leave of the quote's total: ([\d.]+) of ([\d.]+)$/,
    (m) =>
      `L’acompte (${euros(m[1])}) dépasse ce qui reste du devis après les acomptes déjà facturés : ${euros(m[2])} au plus, sur un total de ${euros(m[3])}.`,
  ],
  [/^the quote has no amount to take a deposit on$/, () => 'Le devis n’a aucun montant sur lequel prendre un acompte.'],
  [/^give the deposit: /, () => 'Indiquez l’acompte : un pourcentage ou un montant.'],
  [
    /^Deposit invoice \d+ of .+ is still a draft/,
    () => 'Une facture d’acompte de ce devis est encore un brouillon : finalisez-la ou supprimez-la avant de créer la facture.',
  ],
  [/^must be <= (\S+)$/, (m) => `Au plus ${m[1]}.`],
  [/^must be >= (\S+)$/, (m) => `Au moins ${m[1]}.`],
];

const COLUMNS: Record<string, string> = {
  dateColumn: 'la colonne de la date',
  labelColumn: 'la colonne du libellé',
  amountColumn: 'la colonne du montant',
  debitColumn: 'la colonne des débits',
  creditColumn: 'la colonne des crédits',
  valueDateColumn: 'la colonne de la date de valeur',
  referenceColumn: 'la colonne de la référence',
};
const column = (name: string) => COLUMNS[name] ?? name;

/**
 * The upload routes' messages about a file (bank statements, purchase invoices, expense receipts:
 * src/modules/bank, src/modules/purchases, src/modules/expenses), in French. Details that come from
 * the file's own parser (an XML or PDF library's wording) are not repeated: the French says what
 * is wrong and what to do. test/console/messages.test.ts lists every message those modules emit.
 */
const UPLOAD: [RegExp, (m: RegExpExecArray) => string][] = [
  // Where in the file (a statement's line, entry or transaction): said first, then the message.
  [/^line (\d+): (.+)$/s, (m) => `Ligne ${m[1]} : ${upload(m[2])}`],
  [/^entry (\d+) \(line (\d+)\): (.+)$/s, (m) => `Écriture ${m[1]} (ligne ${m[2]}) : ${upload(m[3])}`],
  [/^transaction (\d+): (.+)$/s, (m) => `Opération ${m[1]} : ${upload(m[2])}`],
  // Sending the file.
  [/^send multipart\/form-data with one part named "file"$/, () => 'Choisissez un fichier à envoyer.'],
  [/^no part named "file" in the multipart body$/, () => 'Aucun fichier n’a été reçu : choisissez un fichier à envoyer.'],
  [/^the first file part is named ".*", not "file"$/s, () => 'Aucun fichier n’a été reçu : choisissez un fichier à envoyer.'],
  [/^send exactly one file, in a part named "file"$/, () => 'Envoyez un seul fichier à la fois.'],
  [/^too many (parts|fields) in the multipart body$/, () => 'L’envoi contient trop d’éléments : envoyez un seul fichier.'],
  [/^malformed multipart body: .*$/s, () => 'L’envoi du fichier a échoué (envoi incomplet ou interrompu) : réessayez.'],
  [/^the file is empty$/, () => 'Le fichier est vide.'],
  [/^the file is larger than (\S+) MB$/, (m) => `Le fichier dépasse ${m[1]} Mo : envoyez un fichier plus petit.`],
  [/^an OFX or CSV statement may hold at most (\S+) MB$/, (m) => `Un relevé OFX ou CSV fait au plus ${m[1]} Mo : découpez-le.`],
  [
    /^more than (\S+) (entries|lines|transactions) in one file: split the statement$/,
    (m) => `Plus de ${m[1]} opérations dans un même fichier : découpez le relevé.`,
  ],
  [
    /^reading the file took longer than the (\S+) s allowed; it is refused$/,
    (m) => `La lecture du fichier a dépassé ${m[1]} s : il est refusé (fichier trop complexe).`,
  ],
  [
    /^reading the file needed more than the (\S+) MB of memory allowed; it is refused$/,
    (m) => `La lecture du fichier demandait plus de ${m[1]} Mo de mémoire : il est refusé (fichier trop complexe).`,
  ],
  // Bank statements: CAMT.053.
  [/^the XML declares a DOCTYPE: refused/, () => 'Ce fichier XML déclare un DOCTYPE : il est refusé par sécurité.'],
  [/^the XML is declared in .+: only UTF-8 is read$/s, () => 'Ce fichier XML n’est pas encodé en UTF-8 : seul l’UTF-8 est lu.'],
  [/^the XML is not valid UTF-8/, () => 'Ce fichier XML n’est pas de l’UTF-8 valide.'],
  [/^the root element is .+, not a CAMT\.053 Document$/s, () => 'Ce fichier XML n’est pas un relevé CAMT.053.'],
  [/^not a CAMT\.053 statement/, () => 'Ce fichier n’est pas un relevé CAMT.053.'],
  [/^the XML nests more than (\d+) elements deep$/, () => 'Ce fichier XML est trop imbriqué pour être lu.'],
  [/^malformed XML: .*$/s, () => 'Ce fichier XML est mal formé (illisible).'],
  [/^no Amt$/, () => 'le montant (Amt) manque.'],
  [/^no BookgDt$/, () => 'la date de comptabilisation (BookgDt) manque.'],
  [/^the amount .+ is negative; CAMT amounts are unsigned/s, () => 'le montant est négatif, alors que CAMT donne le sens par CdtDbtInd.'],
  [/^CdtDbtInd is ".*", not CRDT or DBIT$/s, () => 'le sens (CdtDbtInd) n’est ni CRDT ni DBIT.'],
  [/^amount in (\S+) in a statement in (\S+)$/, (m) => `un montant en ${m[1]} dans un relevé en ${m[2]}.`],
  // Bank statements: OFX.
  [/^the OFX file is not valid UTF-8/, () => 'Ce fichier OFX n’est pas de l’UTF-8 et ne déclare pas son encodage (CHARSET:1252).'],
  [
    /^the OFX declares a DOCTYPE or an entity: refused$/,
    () => 'Ce fichier OFX déclare un DOCTYPE ou une entité : il est refusé par sécurité.',
  ],
  [/^not an OFX file: no <OFX> element$/, () => 'Ce fichier n’est pas un relevé OFX.'],
  [/^the OFX file is truncated: no <\/OFX>$/, () => 'Ce fichier OFX est tronqué (incomplet).'],
  [/^no bank statement \(<STMTRS>\) in the OFX file$/, () => 'Ce fichier OFX ne contient aucun relevé bancaire.'],
  [/^no TRNAMT$/, () => 'le montant (TRNAMT) manque.'],
  [
    /^TRNTYPE (\S+) with the amount (\S+): the sign contradicts the type$/,
    () => 'le signe du montant contredit le type d’opération (TRNTYPE).',
  ],
  [/^".*" is not an OFX date \(YYYYMMDD\)$/s, () => 'la date n’est pas une date OFX (AAAAMMJJ).'],
  // Bank statements: CSV.
  [
    /^the CSV file is not valid UTF-8/,
    () => 'Ce fichier CSV n’est pas en UTF-8 : choisissez son encodage (Windows-1252 pour la plupart des banques françaises).',
  ],
  [/^the CSV file has no header line$/, () => 'Ce fichier CSV n’a pas de ligne d’en-tête.'],
  [/^a quoted field is not closed$/, () => 'un champ entre guillemets n’est pas refermé.'],
  [
    /^(\w+): column (\d+) is beyond the (\d+) columns of the header$/,
    (m) => `${column(m[1])} : la colonne ${m[2]} n’existe pas (l’en-tête en compte ${m[3]}).`,
  ],
  [/^(\w+): no column "(.*)" in the header \((.*)\)$/s, (m) => `${column(m[1])} : aucune colonne « ${m[2]} » dans l’en-tête (${m[3]}).`],
  [/^both a debit and a credit$/, () => 'un débit et un crédit sur la même ligne.'],
  [
    /^the credit .+ is negative; a credit column holds money in$/s,
    () => 'un crédit négatif : la colonne des crédits contient les entrées d’argent.',
  ],
  [/^".*" is not a date in the format (.+)$/s, (m) => `la date n’est pas au format ${m[1]}.`],
  [/^a CSV import needs the column of the booking date$/, () => 'Indiquez la colonne de la date.'],
  [/^a CSV import needs the column of the label$/, () => 'Indiquez la colonne du libellé.'],
  [
    /^a CSV import needs amountColumn, or debitColumn and creditColumn$/,
    () => 'Indiquez la colonne du montant, ou celles des débits et des crédits.',
  ],
  [
    /^give amountColumn \(signed\) or debitColumn\/creditColumn, not both$/,
    () => 'Indiquez soit la colonne du montant, soit celles des débits et des crédits, pas les deux.',
  ],
  // Bank statements: any format.
  [/^".*" is not an amount$/s, () => 'le montant n’est pas un nombre.'],
  [/^".*" has more than 2 decimals$/s, () => 'le montant a plus de 2 décimales.'],
  [/^".*" is not a date$/s, () => 'la date n’est pas valide.'],
  [
    /^the statement is of the account (.+), not of bank account (\d+) \((.*)\)$/s,
    (m) => `Ce relevé est celui du compte ${m[1]}, pas de ce compte bancaire (${m[3]}).`,
  ],
  [/^the statement is in (\S+), bank account (\d+) in (\S+)$/, (m) => `Ce relevé est en ${m[1]}, ce compte bancaire en ${m[3]}.`],
  [/^the format of the file is not recognised/, () => 'Le format du fichier n’est pas reconnu : choisissez CAMT.053, OFX ou CSV.'],
  // Purchase invoices.
  [/^Not a PDF: the %PDF- signature is missing$/, () => 'Ce fichier n’est pas un PDF.'],
  [/^the file is not a PDF$/, () => 'Ce fichier n’est pas un PDF.'],
  [/^PDF larger than (\S+) MiB$/, (m) => `Le PDF dépasse ${m[1]} Mio.`],
  [/^Encrypted PDFs are not supported$/, () => 'Ce PDF est chiffré (protégé par mot de passe) : envoyez-le sans protection.'],
  [/^Unreadable PDF: .*$/s, () => 'Ce PDF est illisible (endommagé ou d’un format non pris en charge).'],
  [
    /^the file is neither a PDF nor an XML e-invoice \(CII or UBL\)$/,
    () => 'Ce fichier n’est ni un PDF ni une facture électronique XML (Factur-X, CII ou UBL).',
  ],
  [/^Not an invoice: the invoice number \(BT-1\) is missing\.$/, () => 'Ce n’est pas une facture : son numéro (BT-1) manque.'],
  [/^Not an invoice: .*$/s, () => 'Ce fichier XML n’est pas une facture électronique lisible (ni Factur-X/CII, ni UBL, ou mal formé).'],
  [
    /^the file holds no e-invoice whose amounts a rate could convert$/,
    () => 'Le fichier ne contient pas de facture électronique dont convertir les montants.',
  ],
  [/^the invoice is in EUR: no exchange rate applies$/, () => 'La facture est en euros : aucun taux de change ne s’applique.'],
  [
    /^".*" is not a rate: give the euros for one unit/s,
    () => 'Taux de change invalide : indiquez les euros pour une unité de la devise, par exemple 0,9215.',
  ],
  // Expense receipts (images).
  [/^the image is empty$/, () => 'L’image est vide.'],
  [/^the image is \d+ bytes; at most \d+ \((.+)\) are accepted$/s, (m) => `L’image est trop lourde : ${m[1]} au plus.`],
  [/^the image is not a .+ image \(recognised by its first bytes\)$/s, () => 'Ce fichier n’est pas une image PNG, JPEG ou WebP.'],
  [/^the image cannot be decoded/, () => 'L’image est illisible (fichier endommagé) : envoyez une image valide.'],
  [
    /^the image is (\d+)×(\d+) pixels; at most (\d+) pixels a side are accepted$/,
    (m) => `L’image fait ${m[1]}×${m[2]} pixels : ${m[3]} pixels de côté au plus.`,
  ],
  [
    /^the image is \d+×\d+ = \d+ pixels; at most \d+ \((.+) megapixels\) are accepted$/s,
    (m) => `L’image a trop de pixels : ${m[1]} mégapixels au plus.`,
  ],
];

function upload(message: string): string {
  for (const [pattern, say] of UPLOAD) {
    const m = pattern.exec(message);
    if (m) return say(m);
  }
  return message;
}

/** One API field message, in French when the console speaks French and the phrasing is known. */
export function localMessage(message: string): string {
  if (lang() !== 'fr') return message;
  // Some messages repeat the field's name first ("company.siret: siret fails…", "file: …"): read past it.
  const bare = message.replace(/^[\w.[\]]+( \(file name\))?: /, '');
  for (const [pattern, say] of PATTERNS) {
    const m = pattern.exec(bare);
    if (m) return say(m);
  }
  const uploaded = upload(bare);
  return uploaded === bare ? message : uploaded;
}
