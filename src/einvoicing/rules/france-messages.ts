// Generated from the official FNFE-MPE BR-FR CII schematron 1.4.0.03 (compiled XSLT, svrl:text of each
// assert): the message templates, verbatim. `a[i]` is the i-th xsl:value-of of the text, in order; the
// expression it evaluates is given in the comment. The final message is whitespace-normalized, as the SVRL.
export const BRFR_MESSAGES: Record<string, (a: readonly string[]) => string> = {
  // .
  'BR-FR-01_BT-1': (a) =>
    `BR-FR-01/BT-1 : L'identifiant de facture (ram:ID) ne doit pas dépasser 35 caractères. Valeur actuelle : "${a[0]}". Veuillez vérifier que l'identifiant respecte cette limite.`,
  // .
  'BR-FR-02_BT-1': (a) =>
    `BR-FR-02/BT-1 : L'identifiant de facture (ram:ID) contient des caractères non autorisés. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles + - _ / sont autorisés, sans espaces.`,
  // .
  'BR-FR-01_BT-25': (a) =>
    `BR-FR-01/BT-25 : L'identifiant de facture référencée (ram:IssuerAssignedID) ne doit pas dépasser 35 caractères. Valeur actuelle : "${a[0]}". Veuillez vérifier que l'identifiant respecte cette limite.`,
  // .
  'BR-FR-02_BT-25': (a) =>
    `BR-FR-02/BT-25 : L'identifiant de facture référencée (ram:IssuerAssignedID) contient des caractères non autorisés. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles + - _ / sont autorisés, sans espaces.`,
  // .
  'BR-FR-01_EXT-FR-FE-136': (a) =>
    `BR-FR-01/EXT-FR-FE-136 : L'identifiant de facture référencée en ligne (ram:IssuerAssignedID) ne doit pas dépasser 35 caractères. Valeur actuelle : "${a[0]}". Veuillez vérifier que l'identifiant respecte cette limite.`,
  // .
  'BR-FR-02_EXT-FR-FE-136': (a) =>
    `BR-FR-02/EXT-FR-FE-136 : L'identifiant de facture référencée en ligne (ram:IssuerAssignedID) contient des caractères non autorisés. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles + - _ / sont autorisés, sans espaces.`,
  // .
  'BR-FR-03_BT-2': (a) =>
    `BR-FR-03/BT-2 : La date d’émission (udt:DateTimeString) doit contenir une année comprise entre 2000 et 2099, au format AAAAMMJJ. Valeur actuelle : "${a[0]}". Veuillez vérifier que l’année est correcte et que le format est conforme.`,
  // .
  'BR-FR-03_BT-7': (a) =>
    `BR-FR-03/BT-7 : La date de fait générateur de la taxe (udt:DateString) doit contenir une année entre 2000 et 2099. Valeur actuelle : "${a[0]}". Veuillez vérifier la validité de la date.`,
  // .
  'BR-FR-03_BT-9': (a) =>
    `BR-FR-03/BT-9 : La date d’échéance (udt:DateTimeString) doit contenir une année entre 2000 et 2099. Valeur actuelle : "${a[0]}". Veuillez vérifier la validité de la date.`,
  // .
  'BR-FR-03_BT-26': (a) =>
    `BR-FR-03/BT-26 : La date d’émission de la facture référencée (qdt:DateTimeString) doit contenir une année entre 2000 et 2099. Valeur actuelle : "${a[0]}". Veuillez vérifier la validité de la date.`,
  // .
  'BR-FR-03_BT-72': (a) =>
    `BR-FR-03/BT-72 : La date de livraison effective (udt:DateTimeString) doit contenir une année entre 2000 et 2099. Valeur actuelle : "${a[0]}". Veuillez vérifier la validité de la date.`,
  // .
  'BR-FR-03_BT-73': (a) =>
    `BR-FR-03/BT-73 : La date de début de période de facturation (udt:DateTimeString) doit contenir une année entre 2000 et 2099. Valeur actuelle : "${a[0]}". Veuillez vérifier la validité de la date.`,
  // .
  'BR-FR-03_BT-74': (a) =>
    `BR-FR-03/BT-74 : La date de fin de période de facturation (udt:DateTimeString) doit contenir une année entre 2000 et 2099. Valeur actuelle : "${a[0]}". Veuillez vérifier la validité de la date.`,
  // .
  'BR-FR-03_EXT-FR-FE-138': (a) =>
    `BR-FR-03/EXT-FR-FE-138 : La date d’émission de la facture référencée en ligne (qdt:DateTimeString) doit contenir une année entre 2000 et 2099. Valeur actuelle : "${a[0]}". Veuillez vérifier la validité de la date.`,
  // .
  'BR-FR-03_EXT-FR-FE-158': (a) =>
    `BR-FR-03/EXT-FR-FE-158 : La date de livraison effective en ligne (udt:DateTimeString) doit contenir une année entre 2000 et 2099. Valeur actuelle : "${a[0]}". Veuillez vérifier la validité de la date.`,
  // .
  'BR-FR-03_EXT-FR-FE-134': (a) =>
    `BR-FR-03/BT-134 : La date de début de période de facturation en ligne (udt:DateTimeString) doit contenir une année entre 2000 et 2099. Valeur actuelle : "${a[0]}". Veuillez vérifier la validité de la date.`,
  // .
  'BR-FR-03_EXT-FR-FE-135': (a) =>
    `BR-FR-03/BT-135 : La date de fin de période de facturation en ligne (udt:DateTimeString) doit contenir une année entre 2000 et 2099. Valeur actuelle : "${a[0]}". Veuillez vérifier la validité de la date.`,
  // .
  'BR-FR-04_BT-3': (a) =>
    `BR-FR-04/BT-3 : Le code type de document (ram:TypeCode) n’est pas autorisé. Valeurs acceptées : 380, 389, 393, 501, 386, 500, 384, 471, 472, 473, 261, 262, 381, 396, 502, 503. Valeur actuelle : "${a[0]}". Veuillez utiliser un code conforme à la liste autorisée. Les autres codes définis dans la norme UNTDID 1001 ne doivent pas être utilisés.`,
  // .
  'BR-FR-04_EXT-FR-FE-02': (a) =>
    `BR-FR-04/EXT-FR-FE-02 : Le code type de document référencé (ram:TypeCode) n’est pas autorisé. Valeurs acceptées : 380, 389, 393, 501, 386, 500, 384, 471, 472, 473, 261, 262, 381, 396, 502, 503. Valeur actuelle : "${a[0]}". Veuillez utiliser un code conforme à la liste autorisée.`,
  // .
  'BR-FR-04_EXT-FR-FE-137': (a) =>
    `BR-FR-04/EXT-FR-FE-137 : Le code type de document référencé en ligne (ram:TypeCode) n’est pas autorisé. Valeurs acceptées : 380, 389, 393, 501, 386, 500, 384, 471, 472, 473, 261, 262, 381, 396, 502, 503. Valeur actuelle : "${a[0]}". Veuillez utiliser un code conforme à la liste autorisée.`,
  'BR-FR-05_BT-22_PMT': (_a) =>
    `BR-FR-05/BT-22 : La mention relative aux frais de recouvrement (code PMT) est absente. Elle est obligatoire dans les notes (BG-1).`,
  'BR-FR-05_BT-22_PMD': (_a) =>
    `BR-FR-05/BT-22 : La mention relative aux pénalités de retard (code PMD) est absente. Elle est obligatoire dans les notes (BG-1).`,
  'BR-FR-05_BT-22_AAB': (_a) =>
    `BR-FR-05/BT-22 : La mention relative à l’escompte ou à son absence (code AAB) est absente. Elle est obligatoire dans les notes (BG-1).`,
  'BR-FR-06_BT-21_PMT': (_a) =>
    `BR-FR-06/BT-21 : Le code sujet PMT (indemnité forfaitaire pour frais de recouvrement) ne doit apparaître qu'une seule fois dans les notes (BG-1).`,
  'BR-FR-06_BT-21_PMD': (_a) =>
    `BR-FR-06/BT-21 : Le code sujet PMD (pénalités de retard) ne doit apparaître qu'une seule fois dans les notes (BG-1).`,
  'BR-FR-06_BT-21_AAB': (_a) =>
    `BR-FR-06/BT-21 : Le code sujet AAB (mention d’escompte ou d’absence d’escompte) ne doit apparaître qu'une seule fois dans les notes (BG-1).`,
  'BR-FR-06_BT-21_TXD': (_a) =>
    `BR-FR-06/BT-21 : Le code sujet TXD (mention de taxe) ne doit apparaître qu'une seule fois dans les notes (BG-1).`,
  // ram:BusinessProcessSpecifiedDocumentContextParameter/ram:ID
  'BR-FR-08_BT-23': (a) =>
    `BR-FR-08/BT-23 : La valeur du mode de facturation (ram:ID) est absente ou n’est pas autorisée. Valeurs acceptées : B1, S1, M1, B2, S2, M2, S3, B4, S4, M4, S5, S6, B7, S7, B8, S8, M8, B9, S9, M9. Valeur actuelle : "${a[0]}". Veuillez utiliser une valeur conforme à la liste des modes de facturation autorisés.`,
  // $siret | $siren
  'BR-FR-09_BT-29': (a) =>
    `BR-FR-09/BT-29 : Le SIRET doit contenir 14 chiffres et commencer par le SIREN. SIRET : "${a[0]}", SIREN : "${a[1]}".`,
  // $siret | $siren
  'BR-FR-09_BT-46': (a) =>
    `BR-FR-09/BT-46 : Le SIRET doit contenir 14 chiffres et commencer par le SIREN. SIRET : "${a[0]}", SIREN : "${a[1]}".`,
  // $siret | $siren
  'BR-FR-09_BT-60': (a) =>
    `BR-FR-09/BT-60 : Le SIRET doit contenir 14 chiffres et commencer par le SIREN. SIRET : "${a[0]}", SIREN : "${a[1]}".`,
  // $siret | $siren
  'BR-FR-09_EXT-FR-FE-06': (a) =>
    `BR-FR-09/EXT-FR-FE-06 : Le SIRET doit contenir 14 chiffres et commencer par le SIREN. SIRET : "${a[0]}", SIREN : "${a[1]}".`,
  // $siret | $siren
  'BR-FR-09_EXT-FR-FE-46': (a) =>
    `BR-FR-09/EXT-FR-FE-46 : Le SIRET doit contenir 14 chiffres et commencer par le SIREN. SIRET : "${a[0]}", SIREN : "${a[1]}".`,
  // $siret | $siren
  'BR-FR-09_EXT-FR-FE-69': (a) =>
    `BR-FR-09/EXT-FR-FE-69 : Le SIRET doit contenir 14 chiffres et commencer par le SIREN. SIRET : "${a[0]}", SIREN : "${a[1]}".`,
  // $siret | $siren
  'BR-FR-09_EXT-FR-FE-92': (a) =>
    `BR-FR-09/EXT-FR-FE-92 : Le SIRET doit contenir 14 chiffres et commencer par le SIREN. SIRET : "${a[0]}", SIREN : "${a[1]}".`,
  // $siret | $siren
  'BR-FR-09_EXT-FR-FE-115': (a) =>
    `BR-FR-09/EXT-FR-FE-115 : Le SIRET doit contenir 14 chiffres et commencer par le SIREN. SIRET : "${a[0]}", SIREN : "${a[1]}".`,
  // $siret | $siren
  'BR-FR-09_BT-71': (a) =>
    `BR-FR-09/BT-71 : Le SIRET doit contenir 14 chiffres et commencer par le SIREN. SIRET : "${a[0]}", SIREN : "${a[1]}".`,
  // $siret | $siren
  'BR-FR-09_EXT-FR-FE-146': (a) =>
    `BR-FR-09/EXT-FR-FE-146 : Le SIRET doit contenir 14 chiffres et commencer par le SIREN. SIRET : "${a[0]}", SIREN : "${a[1]}".`,
  // $siren
  'BR-FR-10_BT-30': (a) =>
    `BR-FR-10/BT-30 : Le SIREN du vendeur (ram:ID) est obligatoire et doit être composé exactement de 9 chiffres. Valeur actuelle : "${a[0]}". Veuillez renseigner un identifiant SIREN valide.`,
  // $siren
  'BR-FR-11_BT-47': (a) =>
    `BR-FR-11/BT-47 : Si une note contient le code sujet BAR avec la valeur 'B2B', alors le SIREN de l’acheteur (BT-47, ram:ID) est obligatoire et doit être composé exactement de 9 chiffres. Valeur actuelle : "${a[0]}". Veuillez renseigner un identifiant SIREN valide.`,
  // $endpointID
  'BR-FR-12_BT-49': (a) => `BR-FR-12/BT-49 : Le BT-49 est obligatoire. Valeur actuelle : BT-49="${a[0]}".`,
  // $endpointID
  'BR-FR-13_BT-34': (a) => `BR-FR-13/BT-34 : Le BT-34 est obligatoire. Valeur actuelle : BT-34="${a[0]}".`,
  // $categoryCode
  'BR-FR-15_BT-95_BT-102': (a) =>
    `BR-FR-15/BT-95 ou BT-102 : Code de catégorie de TVA invalide. Valeur actuelle : "${a[0]}". Veuillez utiliser un code valide : S, E, AE, K, G, O, Z.`,
  // $categoryCode
  'BR-FR-15_BT-95_BT-102_LM': (a) =>
    `BR-FR-15/BT-95 ou BT-102 : Les codes 'L' et 'M' ne sont pas pertinents en France. Valeur actuelle : "${a[0]}".`,
  // $categoryCode
  'BR-FR-15_BT-95_BT-118': (a) =>
    `BR-FR-15/BT-118 : Code de catégorie de TVA invalide. Valeur actuelle : "${a[0]}". Veuillez utiliser un code valide : S, E, AE, K, G, O, Z.`,
  // $categoryCode
  'BR-FR-15_BT-95_BT-118_LM': (a) =>
    `BR-FR-15/BT-118 : Les codes 'L' et 'M' ne sont pas pertinents en France. Valeur actuelle : "${a[0]}".`,
  // $categoryCode
  'BR-FR-15_BT-95_BT-151': (a) =>
    `BR-FR-15/BT-151 : Code de catégorie de TVA invalide. Valeur actuelle : "${a[0]}". Veuillez utiliser un code valide : S, E, AE, K, G, O, Z.`,
  // $categoryCode
  'BR-FR-15_BT-95_BT-151_LM': (a) =>
    `BR-FR-15/BT-151 : Les codes 'L' et 'M' ne sont pas pertinents en France. Valeur actuelle : "${a[0]}".`,
  // $rate
  'BR-FR-16_BT-96_BT-103': (a) =>
    `BR-FR-16/BT-96 ou BT-103 : Le taux de TVA (BT-96) doit être exprimé en pourcentage sans symbole « % » et faire partie des valeurs autorisées. Taux fourni : "${a[0]}".`,
  // $rate
  'BR-FR-16_BT-119': (a) =>
    `BR-FR-16/BT-119 : Le taux de TVA (BT-119) doit être exprimé en pourcentage sans symbole « % » et faire partie des valeurs autorisées. Taux fourni : "${a[0]}".`,
  // $rate
  'BR-FR-16_BT-152': (a) =>
    `BR-FR-16/BT-152 : Le taux de TVA (BT-152) doit être exprimé en pourcentage sans symbole « % » et faire partie des valeurs autorisées. Taux fourni : "${a[0]}".`,
  // $code
  'BR-FR-17_BT-123': (a) =>
    `BR-FR-17/BT-123 : Le code de qualification de la pièce jointe "${a[0]}" est invalide. Il doit appartenir à la liste des codes autorisés. Veuillez corriger la valeur de BT-123.`,
  // $lisibleCount
  'BR-FR-18_BT-123': (a) =>
    `BR-FR-18/BT-123 : Il ne peut y avoir **qu’un seul** document additionnel (BG-24) dont la description (BT-123) est "LISIBLE". Nombre de documents trouvés : ${a[0]}. Veuillez supprimer les doublons ou corriger les descriptions.`,
  // $barTreatment
  'BR-FR-20_BT-21': (a) =>
    `BR-FR-20/BT-21 : Lorsqu’une note a pour code sujet « BAR » (BT-21), la valeur associée (BT-22, contenu de la note) doit être l’une des suivantes : B2B, B2BINT, B2C, OUTOFSCOPE, ARCHIVEONLY. Valeur fournie : "${a[0]}". Veuillez corriger la valeur ou retirer le code sujet « BAR ».`,
  // $endpointID | $endpointSchemeID | $siren
  'BR-FR-21_BT-49': (a) =>
    `BR-FR-21/BT-49 : Si le traitement est BAR/B2B et que le type de document (BT-3) n’est pas en autofacture (389, 501, 500, 471, 473, 261, 502), alors le BT-49 (EndpointID) doit commencer par le SIREN (BT-47) et le BT-49-1 (schemeID) doit être égal à "0225". Valeurs actuelles : EndpointID="${a[0]}", schemeID="${a[1]}", SIREN="${a[2]}".`,
  // $endpointID | $endpointSchemeID | $siren
  'BR-FR-22_BT-34': (a) =>
    `BR-FR-22/BT-34 : Si le traitement est BAR/B2B et que le type de document (BT-3) est en autofacture (389, 501, 500, 471, 473, 261, 502), alors le BT-34 (EndpointID du vendeur) doit commencer par le SIREN (BT-30) et le BT-34-1 (schemeID) doit être égal à "0225". Valeurs actuelles : EndpointID="${a[0]}", schemeID="${a[1]}", SIREN="${a[2]}".`,
  // .
  'BR-FR-23_BT-34': (a) =>
    `BR-FR-23/BT-34 : L'adresse électronique (ram:URIID) ne respecte pas le format autorisé. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles "-", "_", "." sont autorisés.`,
  // .
  'BR-FR-23_BT-49': (a) =>
    `BR-FR-23/BT-49 : L'adresse électronique (ram:URIID) ne respecte pas le format autorisé. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles "-", "_", "." sont autorisés.`,
  // .
  'BR-FR-23_EXT-FR-FE-12': (a) =>
    `BR-FR-23/EXT-FR-FE-12 : L'adresse électronique (ram:URIID) ne respecte pas le format autorisé. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles "-", "_", "." sont autorisés.`,
  // .
  'BR-FR-23_EXT-FR-FE-29': (a) =>
    `BR-FR-23/EXT-FR-FE-29 : L'adresse électronique (ram:URIID) ne respecte pas le format autorisé. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles "-", "_", "." sont autorisés.`,
  // .
  'BR-FR-23_EXT-FR-FE-52': (a) =>
    `BR-FR-23/EXT-FR-FE-52 : L'adresse électronique (ram:URIID) ne respecte pas le format autorisé. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles "-", "_", "." sont autorisés.`,
  // .
  'BR-FR-23_EXT-FR-FE-75': (a) =>
    `BR-FR-23/EXT-FR-FE-75 : L'adresse électronique (ram:URIID) ne respecte pas le format autorisé. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles "-", "_", "." sont autorisés.`,
  // .
  'BR-FR-23_EXT-FR-FE-98': (a) =>
    `BR-FR-23/EXT-FR-FE-98 : L'adresse électronique (ram:URIID) ne respecte pas le format autorisé. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles "-", "_", "." sont autorisés.`,
  // .
  'BR-FR-23_EXT-FR-FE-121': (a) =>
    `BR-FR-23/EXT-FR-FE-121 : L'adresse électronique (ram:URIID) ne respecte pas le format autorisé. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles "-", "_", "." sont autorisés.`,
  // .
  'BR-FR-24_BT-29': (a) =>
    `BR-FR-24/BT-29 : L'identifiant privé (ram:GlobalID) ne respecte pas le format autorisé. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles "-", "_", "." sont autorisés.`,
  // .
  'BR-FR-24_BT-46': (a) =>
    `BR-FR-24/BT-46 : L'identifiant privé (ram:GlobalID) ne respecte pas le format autorisé. Valeur actuelle : "${a[0]}". Seuls les caractères alphanumériques et les symboles "-", "_", "." sont autorisés.`,
  // .
  'BR-FR-25_BT-34': (a) =>
    `BR-FR-25/BT-34 : L'adresse électronique (ram:URIID) dépasse 125 caractères. Valeur actuelle : "${a[0]}". Veuillez raccourcir cette valeur pour respecter la limite.`,
  // .
  'BR-FR-25_BT-49': (a) =>
    `BR-FR-25/BT-49 : L'adresse électronique (ram:URIID) dépasse 125 caractères. Valeur actuelle : "${a[0]}". Veuillez raccourcir cette valeur pour respecter la limite.`,
  // .
  'BR-FR-25_EXT-FR-FE-12': (a) =>
    `BR-FR-25/EXT-FR-FE-12 : L'adresse électronique (ram:URIID) dépasse 125 caractères. Valeur actuelle : "${a[0]}". Veuillez raccourcir cette valeur pour respecter la limite.`,
  // .
  'BR-FR-25_EXT-FR-FE-29': (a) =>
    `BR-FR-25/EXT-FR-FE-29 : L'adresse électronique (ram:URIID) dépasse 125 caractères. Valeur actuelle : "${a[0]}". Veuillez raccourcir cette valeur pour respecter la limite.`,
  // .
  'BR-FR-25_EXT-FR-FE-52': (a) =>
    `BR-FR-25/EXT-FR-FE-52 : L'adresse électronique (ram:URIID) dépasse 125 caractères. Valeur actuelle : "${a[0]}". Veuillez raccourcir cette valeur pour respecter la limite.`,
  // .
  'BR-FR-25_EXT-FR-FE-75': (a) =>
    `BR-FR-25/EXT-FR-FE-75 : L'adresse électronique (ram:URIID) dépasse 125 caractères. Valeur actuelle : "${a[0]}". Veuillez raccourcir cette valeur pour respecter la limite.`,
  // .
  'BR-FR-25_EXT-FR-FE-98': (a) =>
    `BR-FR-25/EXT-FR-FE-98 : L'adresse électronique (ram:URIID) dépasse 125 caractères. Valeur actuelle : "${a[0]}". Veuillez raccourcir cette valeur pour respecter la limite.`,
  // .
  'BR-FR-25_EXT-FR-FE-121': (a) =>
    `BR-FR-25/EXT-FR-FE-121 : L'adresse électronique (ram:URIID) dépasse 125 caractères. Valeur actuelle : "${a[0]}". Veuillez raccourcir cette valeur pour respecter la limite.`,
  // .
  'BR-FR-26_BT-29': (a) =>
    `BR-FR-26/BT-29 : L'identifiant privé (ram:GlobalID) dépasse 100 caractères. Valeur actuelle : "${a[0]}". Veuillez raccourcir cette valeur pour respecter la limite.`,
  // .
  'BR-FR-26_BT-46': (a) =>
    `BR-FR-26/BT-46 : L'identifiant privé (ram:GlobalID) dépasse 100 caractères. Valeur actuelle : "${a[0]}". Veuillez raccourcir cette valeur pour respecter la limite.`,
  'BR-FR-27_BG-32': (_a) =>
    `BR-FR-27/BG-32 : Le groupe Attribut d’article (BG-32) doit contenir soit un nom d’attribut d’article (BT-160 : ram:Description), soit un code d’attribut d’article (EXT-FR-FE-159 : ram:TypeCode). Aucun des deux éléments n’a été trouvé dans le contexte ApplicableProductCharacteristic. Veuillez ajouter au moins l’un des deux éléments pour respecter la structure attendue.`,
  // .
  'BR-FR-27_BT-160': (a) =>
    `BR-FR-27/BT-160 : Le nom d’attribut d’article (ram:Description) ne doit pas être vide. Valeur actuelle : "${a[0]}". Veuillez fournir un nom d’attribut valide ou utiliser un code à la place.`,
  // .
  'BR-FR-27_EXT-FR-FE-159': (a) =>
    `BR-FR-27/EXT-FR-FE-159 : Le code d’attribut d’article (ram:TypeCode) ne doit pas être vide. Valeur actuelle : "${a[0]}". Veuillez fournir un code d’attribut valide ou utiliser un nom à la place.`,
  // ram:Value | ram:ValueMeasure | ram:ValueMeasure/@unitCode
  'BR-FR-28-Value': (a) =>
    `[BR-FR-28] : La valeur d’attribut (ram:Value) ou la valeur (ram:ValueMeasure avec unité de mesure) doivent être présents, mais pas les deux Valeur actuelle Value : "${a[0]}", Valeur actuelle Value Quantity : "${a[1]}". unité de mesure : "${a[2]}" Veuillez fournir une valeur d’attribut valide ou utiliser une Valeur avec unité de mesure.`,
  // count(ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='AFL']) | count(ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='AVV'])
  'BR-FR-29_BT-18': (a) =>
    `BR-FR-29/BT-18 : Parmi les identifiants d’objets facturés (BT-18), les schémas d’identification "AFL" et "AVV" ne doivent être présents qu’une seule fois chacun. Actuellement : AFL = ${a[0]} occurrence(s), AVV = ${a[1]} occurrence(s). Veuillez supprimer les doublons pour respecter la règle.`,
  // .
  'BR-FR-29_AFL': (a) =>
    `BR-FR-29/AFL : L’identifiant associé au schéma "AFL" (ram:IssuerAssignedID) ne doit pas être vide. Valeur actuelle : "${a[0]}".`,
  // .
  'BR-FR-29_AVV': (a) =>
    `BR-FR-29/AVV : L’identifiant associé au schéma "AVV" (ram:IssuerAssignedID) ne doit pas être vide. Valeur actuelle : "${a[0]}".`,
  // count(ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='AFL']) | count(ram:AdditionalReferencedDocument[ram:ReferenceTypeCode='AVV'])
  'BR-FR-30_BT-128': (a) =>
    `BR-FR-30/BT-128 : Parmi les identifiants d’objets facturés à la ligne (BT-128), les schémas d’identification "AFL" et "AVV" ne doivent être présents qu’une seule fois chacun. Actuellement : AFL = ${a[0]} occurrence(s), AVV = ${a[1]} occurrence(s). Veuillez supprimer les doublons pour respecter la règle.`,
  // .
  'BR-FR-30_AFL': (a) =>
    `BR-FR-30/AFL : L’identifiant associé au schéma "AFL" (ram:IssuerAssignedID) ne doit pas être vide. Valeur actuelle : "${a[0]}".`,
  // .
  'BR-FR-30_AVV': (a) =>
    `BR-FR-30/AVV : L’identifiant associé au schéma "AVV" (ram:IssuerAssignedID) ne doit pas être vide. Valeur actuelle : "${a[0]}".`,
  // $barNotes | $barCount
  'BR-FR-31_BT-21': (a) =>
    `BR-FR-31/BT-21 : Lorsque plusieurs notes ont le code sujet « BAR » (BT-21), Il ne peut y avoir qu'une seule valeur associée (BT-22, contenu de la note) parmi l’une des suivantes : B2B, B2BINT, B2C, OUTOFSCOPE, ARCHIVEONLY. Valeur fournie : "${a[0]}" , Nombre de valeurs présentes (pas plus de 1) : ${a[1]} "/>". Veuillez corriger la valeur ou retirer le code sujet « BAR ».`,
  'BR-FR-32-LEGALID': (_a) =>
    `BR-FR-32/LEGALID : Tout identifiant légal d'une Partie avec schemeID = '0002' DOIT être composé de 9 chiffres.`,
  'BR-FR-32-GLOBALID': (_a) =>
    `BR-FR-32/ID : Tout identifiant d'une Partie avec schemeID = '0231' ou '0002' DOIT être composé de 9 chiffres.`,
  // $contractReference | $billingPeriodStart | $billingPeriodEnd
  'BR-FR-CO-03_BT-3': (a) =>
    `BR-FR-CO-03/BT-3 : Si le code type de la facture (BT-3) est égal à 262 (Avoir Remise Globale), alors : - Le numéro de contrat (BT-12) doit être présent - La période de facturation (BG-14) doit être renseignée (dates de début et de fin). Valeurs actuelles : BT-12="${a[0]}", période="${a[1]} à ${a[2]}".`,
  // $refCount
  'BR-FR-CO-04_BT-4': (a) =>
    `BR-FR-CO-04/BT-3 : Si le type de facture (BT-3) est une facture rectificative (384, 471, 472, 473), alors **une et une seule** référence à une facture antérieure (BT-25) avec sa date (BT-26) doit être présente. Nombre de références valides trouvées : ${a[0]}.`,
  // $headerRefCount
  'BR-FR-CO-05_BT-3': (a) =>
    `BR-FR-CO-05/BT-3 : Si le type de facture (BT-3) est un avoir (261, 381, 396, 502, 503), alors : - soit au moins une référence à une facture antérieure (BT-25) avec sa date (BT-26) doit être présente au niveau entête, - soit chaque ligne (BG-25) sans subtype (EXT-FR-FE-163) ou avec subtype 'DETAIL' doit contenir une référence à une facture antérieure (EXT-FR-FE-136) avec sa date (EXT-FR-FE-138). Références entête trouvées : ${a[0]}.`,
  // $issueDate | $dueDate | $typeCode | $frameworkCode
  'BR-FR-CO-07_BT-9': (a) =>
    `BR-FR-CO-07/BT-9 : La date d’échéance (BT-9), si présente, doit être postérieure ou égale à la date de facture (BT-2), sauf si la facture est de type acompte (386, 500, 503) ou si le cadre de facturation (BT-23) est B2, S2 ou M2. Valeurs actuelles : Date facture = "${a[0]}", Date échéance = "${a[1]}", Type = "${a[2]}", Cadre = "${a[3]}".`,
  // $frameworkCode | $typeCode
  'BR-FR-CO-08_BT-23': (a) =>
    `BR-FR-CO-08/BT-23 : Si le cadre de facturation (BT-23) est B4, S4 ou M4 (factures définitives après acompte), alors le type de facture (BT-3) ne peut pas être une facture ou un avoir d’acompte (386, 500, 503). Valeurs actuelles : BT-23="${a[0]}", BT-3="${a[1]}".`,
  // $paidAmount | $totalAmount
  'BR-FR-CO-09_BT-23-1': (a) =>
    `BR-FR-CO-09/BT-23 : Si le cadre de facturation (BT-23) est B2, S2 ou M2 (facture déjà payée), alors le montant déjà payé (BT-113) doit être égal au montant total TTC (BT-112). Montant payé : ${a[0]}, Montant total : ${a[1]}.`,
  // $dueAmount
  'BR-FR-CO-09_BT-23-2': (a) =>
    `BR-FR-CO-09/BT-23 : Si le cadre de facturation (BT-23) est B2, S2 ou M2, alors le net à payer (BT-115) doit être égal à 0. Net à payer : ${a[0]}.`,
  // $dueDate
  'BR-FR-CO-09_BT-23-3': (a) =>
    `BR-FR-CO-09/BT-23 : Si le cadre de facturation (BT-23) est B2, S2 ou M2, alors la date d’échéance (BT-9) doit être renseignée et correspondre à la date de paiement. Date d’échéance actuelle : ${a[0]}.`,
  'BR-FR-CO-10_BT-29-1': (_a) =>
    `BR-FR-CO-10/BT-29 : Si l’identifiant global du vendeur (BT-29) est renseigné, alors son schéma (BT-29-1) doit également être renseigné.`,
  'BR-FR-CO-10_BT-29-2': (_a) =>
    `BR-FR-CO-10/BT-29 : Chaque schemeID ne peut apparaître qu’une seule fois dans l'identifiant privé du vendeur (BT-29).`,
  'BR-FR-CO-10_BT-46-1': (_a) =>
    `BR-FR-CO-10/BT-46 : Si l’identifiant global de l'acheteur (BT-46) est renseigné, alors son schéma (BT-46-1) doit également être renseigné.`,
  'BR-FR-CO-10_BT-46-2': (_a) =>
    `BR-FR-CO-10/BT-46 : Chaque schemeID ne peut apparaître qu’une seule fois dans l'identifiant privé de l'acheteur (BT-46).`,
  'BR-FR-CO-10_BT-60-1': (_a) =>
    `BR-FR-CO-10/BT-60 : Si l’identifiant global du bénéficiaire (BT-60) est renseigné, alors son schéma (BT-60-1) doit également être renseigné.`,
  'BR-FR-CO-10_BT-60-2': (_a) =>
    `BR-FR-CO-10/BT-60 : Chaque schemeID ne peut apparaître qu’une seule fois dans l'identifiant privé du bénéficiaire (BT-60).`,
  'BR-FR-CO-10_EXT-FR-FE-06-1': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-06 : Si l’identifiant global de l'agent d'acheteur (EXT-FR-FE-06) est renseigné, alors son schéma (EXT-FR-FE-07) doit également être renseigné.`,
  'BR-FR-CO-10_EXT-FR-FE-06-2': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-06 : Chaque schemeID ne peut apparaître qu’une seule fois ans l'identifiant privé de l'agent d'acheteur (EXT-FR-FE-06).`,
  'BR-FR-CO-10_EXT-FR-FE-46-1': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-46 : Si l’identifiant global du payeur (EXT-FR-FE-46) est renseigné, alors son schéma (EXT-FR-FE-47) doit également être renseigné.`,
  'BR-FR-CO-10_EXT-FR-FE-46-2': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-46 : Chaque schemeID ne peut apparaître qu’une seule fois ans l'identifiant privé du payeur (EXT-FR-FE-46).`,
  'BR-FR-CO-10_EXT-FR-FE-69-1': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-69 : Si l’identifiant global de l'agent du vendeur (EXT-FR-FE-69) est renseigné, alors son schéma (EXT-FR-FE-70) doit également être renseigné.`,
  'BR-FR-CO-10_EXT-FR-FE-69-2': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-69 : Chaque schemeID ne peut apparaître qu’une seule fois ans l'identifiant privé de l'agent du vendeur (EXT-FR-FE-69).`,
  'BR-FR-CO-10_EXT-FR-FE-92-1': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-92 : Si l’identifiant global du facturé à (EXT-FR-FE-92) est renseigné, alors son schéma (EXT-FR-FE-92-1) doit également être renseigné.`,
  'BR-FR-CO-10_EXT-FR-FE-92-2': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-92 : Chaque schemeID ne peut apparaître qu’une seule fois ans l'identifiant privé du facturé à (EXT-FR-FE-92).`,
  'BR-FR-CO-10_EXT-FR-FE-115-1': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-115 : Si l’identifiant global du facturant (EXT-FR-FE-115) est renseigné, alors son schéma (EXT-FR-FE-116) doit également être renseigné.`,
  'BR-FR-CO-10_EXT-FR-FE-115-2': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-115 : Chaque schemeID ne peut apparaître qu’une seule fois ans l'identifiant privé du facturant (EXT-FR-FE-115).`,
  'BR-FR-CO-10_BT-71-1': (_a) =>
    `BR-FR-CO-10/BT-71 : Si l’identifiant global du livré à (BT-71) est renseigné, alors son schéma (BT-71-1) doit également être renseigné.`,
  'BR-FR-CO-10_BT-71-2': (_a) =>
    `BR-FR-CO-10/BT-71 : Chaque schemeID ne peut apparaître qu’une seule fois ans l'identifiant privé du livré à (BT-71).`,
  'BR-FR-CO-10_EXT-FR-FE-146-1': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-146 : Si l’identifiant global du livré à à la ligne (EXT-FR-FE-146 ) est renseigné, alors son schéma (EXT-FR-FE-148) doit également être renseigné.`,
  'BR-FR-CO-10_EXT-FR-FE-146-2': (_a) =>
    `BR-FR-CO-10/EXT-FR-FE-146 : Chaque schemeID ne peut apparaître qu’une seule fois ans l'identifiant privé du livré à à la ligne (EXT-FR-FE-146 ).`,
  // $invoiceCurrency | $accountingCurrency | $taxAmountEUR
  'BR-FR-CO-12_BT-5': (a) =>
    `BR-FR-CO-12/BT-5 : Si la devise de facture (BT-5) est différente de EUR, alors : - la devise de comptabilité (BT-6) doit être présente et égale à EUR, - le montant de TVA en devise de comptabilité (BT-111) doit être renseigné, - et sa devise (BT-111-1) doit être égale à EUR. Valeurs actuelles : BT-5="${a[0]}", BT-6="${a[1]}", BT-111="${a[2]}"/>".`,
  'BR-FR-CO-14_BT-29-1': (_a) =>
    `BR-FR-CO-14/BT-29-1 : Si le schéma d’identification du vendeur (BT-29-1) est '0231', cela signifie qu’il est membre d’un assujetti unique. Dans ce cas, une note (BG-1) avec le code sujet 'TXD' (BT-21) et le texte 'MEMBRE_ASSUJETTI_UNIQUE' (BT-22) doit être présente.`,
  // if (exists($fiscalRep)) then 'présent' else 'absent' | $fiscalVAT
  'BR-FR-CO-15_BT-29-1': (a) =>
    `BR-FR-CO-15/BT-29-1 : Si le vendeur est membre d’un assujetti unique (BT-29-1 = 0231), alors le bloc représentant fiscal (BG-11) doit être présent et contenir le numéro de TVA de l’assujetti unique (BT-63). État actuel : représentant fiscal ${a[0]}, numéro de TVA = "${a[1]}".`,
  'BR-FR-DEC-01_BT-92_BT-99': (_a) =>
    `BR-FR-DEC-01/BT-92/BT-99 : Le montant « <value-of select="."/> » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  'BR-FR-DEC-01_BT-93_BT-100': (_a) =>
    `BR-FR-DEC-01/BT-93 : Le montant « <value-of select="."/> » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  'BR-FR-DEC-01_BT-106': (_a) =>
    `BR-FR-DEC-01/BT-106 : Le montant « <value-of select="."/> » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  'BR-FR-DEC-01_BT-107': (_a) =>
    `BR-FR-DEC-01/BT-107 : Le montant « <value-of select="."/> » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  'BR-FR-DEC-01_BT-108': (_a) =>
    `BR-FR-DEC-01/BT-108 : Le montant « <value-of select="."/> » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  'BR-FR-DEC-01_BT-109': (_a) =>
    `BR-FR-DEC-01/BT-109 : Le montant « <value-of select="."/> » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  'BR-FR-DEC-01_BT-110': (_a) =>
    `BR-FR-DEC-01/BT-110 : Le montant « <value-of select="."/> » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  'BR-FR-DEC-01_BT-111': (_a) =>
    `BR-FR-DEC-01/BT-111 : Le montant « <value-of select="."/> » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  // $amount
  'BR-FR-DEC-01_BT-112': (a) =>
    `BR-FR-DEC-01/BT-112 : Le montant « ${a[0]} » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  // $amount
  'BR-FR-DEC-01_BT-113': (a) =>
    `BR-FR-DEC-01/BT-113 : Le montant « ${a[0]} » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  // $amount
  'BR-FR-DEC-01_BT-114': (a) =>
    `BR-FR-DEC-01/BT-114 : Le montant « ${a[0]} » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  // $amount
  'BR-FR-DEC-01_BT-115': (a) =>
    `BR-FR-DEC-01/BT-115 : Le montant « ${a[0]} » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  // $amount
  'BR-FR-DEC-01_BT-116': (a) =>
    `BR-FR-DEC-01/BT-116 : Le montant « ${a[0]} » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  // $amount
  'BR-FR-DEC-01_BT-117': (a) =>
    `BR-FR-DEC-01/BT-117 : Le montant « ${a[0]} » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  // $amount
  'BR-FR-DEC-01_BT-131': (a) =>
    `BR-FR-DEC-01/BT-131 : Le montant « ${a[0]} » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  // $amount
  'BR-FR-DEC-01_BT-136_BT-141': (a) =>
    `BR-FR-DEC-01/BT-136 : Le montant « ${a[0]} » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  // $amount
  'BR-FR-DEC-01_BT-137_BT-142': (a) =>
    `BR-FR-DEC-01/BT-137 : Le montant « ${a[0]} » est invalide. Il doit comporter au plus 2 décimales, être exprimé avec un point comme séparateur, et ne pas dépasser 19 caractères (hors séparateur). Le signe « - » est autorisé. Veuillez corriger ce montant.`,
  // $quantity
  'BR-FR-DEC-02_BT-129': (a) =>
    `BR-FR-DEC-02/BT-129 : La quantité « ${a[0]} » est invalide. Elle doit : - être un nombre avec au plus 4 décimales (séparateur « . »), - contenir au maximum 19 caractères (hors séparateur), - et peut commencer par un signe « - ». Veuillez corriger cette quantité pour respecter le format requis.`,
  // $quantity
  'BR-FR-DEC-02_BT-149': (a) =>
    `BR-FR-DEC-02/BT-149 : La quantité « ${a[0]} » est invalide. Elle doit : - être un nombre avec au plus 4 décimales (séparateur « . »), - contenir au maximum 19 caractères (hors séparateur), - et peut commencer par un signe « - ». Veuillez corriger cette quantité pour respecter le format requis.`,
  // $amount
  'BR-FR-DEC-03_BT-146': (a) =>
    `BR-FR-DEC-03/BT-146 : Le montant « ${a[0]} » est invalide. Il doit : - être un nombre strictement positif (sans signe « - »), sauf si Cadre de Facturation (BT-23) est S9, M9 ou B9 (bi-directionnel) - comporter au plus 6 décimales (séparateur « . »), - contenir au maximum 19 caractères (hors séparateur). Veuillez corriger ce montant pour respecter le format requis.`,
  // $amount
  'BR-FR-DEC-03_BT-147': (a) =>
    `BR-FR-DEC-03/BT-147 : Le montant « ${a[0]} » est invalide. Il doit : - être un nombre strictement positif (sans signe « - »), sauf si Cadre de Facturation (BT-23) est S9, M9 ou B9 (bi-directionnel) - comporter au plus 6 décimales (séparateur « . »), - contenir au maximum 19 caractères (hors séparateur). Veuillez corriger ce montant pour respecter le format requis.`,
  // $amount
  'BR-FR-DEC-03_BT-148': (a) =>
    `BR-FR-DEC-03/BT-148 : Le montant « ${a[0]} » est invalide. Il doit : - être un nombre strictement positif (sans signe « - »), sauf si Cadre de Facturation (BT-23) est S9, M9 ou B9 (bi-directionnel) - comporter au plus 6 décimales (séparateur « . »), - contenir au maximum 19 caractères (hors séparateur). Veuillez corriger ce montant pour respecter le format requis.`,
  // $rate
  'BR-FR-DEC-04_BT-96_BT-103': (a) =>
    `BR-FR-DEC-04/BT-96 ou BT-103 : Le taux de TVA « ${a[0]} » est invalide. Il doit : - être un nombre strictement positif (sans signe « - »), - comporter au plus 2 décimales (séparateur « . »), - contenir au maximum 4 caractères (hors séparateur). Veuillez corriger ce taux pour respecter le format requis.`,
  // $rate
  'BR-FR-DEC-04_BT-119': (a) =>
    `BR-FR-DEC-04/BT-119 : Le taux de TVA « ${a[0]} » est invalide. Il doit : - être un nombre strictement positif (sans signe « - »), - comporter au plus 2 décimales (séparateur « . »), - contenir au maximum 4 caractères (hors séparateur). Veuillez corriger ce taux pour respecter le format requis.`,
  // $rate
  'BR-FR-DEC-04_BT-152': (a) =>
    `BR-FR-DEC-04/BT-152 : Le taux de TVA « ${a[0]} » est invalide. Il doit : - être un nombre strictement positif (sans signe « - »), - comporter au plus 2 décimales (séparateur « . »), - contenir au maximum 4 caractères (hors séparateur). Veuillez corriger ce taux pour respecter le format requis.`,
  // .
  'BR-FR-MV-01_EXT-FR-FE-163': (a) =>
    `BR-FR-MV-01/EXT-FR-FE-163 : Lorsque le cadre de facturation (BT-23) est S8, B8, M8 ou S9, B9, M9, chaque ligne (BG-25) doit contenir un sous-type de ligne (ram:LineStatusReasonCode). Valeur actuelle : "${a[0]}". Veuillez vérifier que le sous-type est renseigné, Veuillez vérifier que le sous-type est renseigné pour toutes les lignes.`,
  'BR-FR-MV-02_EXT-FR-FE-163': (_a) =>
    `BR-FR-MV-02/EXT-FR-FE-163 : Lorsque le cadre de facturation (BT-23) est S8, B8 ou M8, la facture doit contenir au moins une ligne (BG-25) avec le sous-type de ligne (ram:LineStatusReasonCode) égal à "GROUP" et sans identifiant de ligne parent (ram:ParentLineID). Veuillez vérifier que cette ligne est présente.`,
  'BR-FR-BD-02_EXT-FR-FE-163': (_a) =>
    `BR-FR-BD-02/EXT-FR-FE-163 : Lorsque le cadre de facturation (BT-23) est S9, B9 ou M9, la facture doit contenir exactement deux ligne (BG-25) avec le sous-type de ligne (ram:LineStatusReasonCode) égal à "GROUP" et sans identifiant de ligne parent (ram:ParentLineID). Veuillez vérifier que cette ligne est présente.`,
  'BR-FR-BD-02_BT-31': (_a) =>
    `BR-FR-BD-02/BT-31 : Lorsque le cadre de facturation (BT-23) est S9, B9 ou M9, la facture doit contenir exactement deux ligne (BG-25) avec le sous-type de ligne (ram:LineStatusReasonCode) égal à "GROUP" et sans identifiant de ligne parent (ram:ParentLineID), pour lesquelles l'une a pour ID legal Vendeur à la ligne (EXT-FR-FE-167) l'ID légal du VENDEUR (BT-30). Veuillez vérifier qu'il y a une ligne GROUP avec ID Vendeur de ligne = ID VENDEUR (BT-30).`,
  'BR-FR-BD-02_BT-47': (_a) =>
    `BR-FR-BD-02/BT-47 : Lorsque le cadre de facturation (BT-23) est S9, B9 ou M9, la facture doit contenir exactement deux ligne (BG-25) avec le sous-type de ligne (ram:LineStatusReasonCode) égal à "GROUP" et sans identifiant de ligne parent (ram:ParentLineID), pour lesquelles l'une a pour ID légale de Vendeur à la ligne (EXT-FR-FE-167) l'ID légal de l'ACHETEUR (BT-47). Veuillez vérifier qu'il y a une ligne GROUP avec ID Vendeur de ligne = ID ACHETEUR (BT-47).`,
  // ./ram:AssociatedDocumentLineDocument/ram:LineID | ./ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:Name
  'BR-FR-MV-03_EXT-FR-FE-164': (a) =>
    `BR-FR-MV-03/EXT-FR-FE-164 : Ligne : ${a[0]} : Valeur actuelle : "${a[1]}". Lorsque le cadre de facturation (BT-23) est S8, B8, M8 ou S9, B9, M9 et que la ligne est de type GROUP sans parent, le nom du vendeur (ram:Name) doit être renseigné.`,
  // ./ram:AssociatedDocumentLineDocument/ram:LineID | ./ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:SpecifiedLegalOrganization/ram:ID
  'BR-FR-MV-03_EXT-FR-FE-167': (a) =>
    `BR-FR-MV-03/EXT-FR-FE-167 : Ligne : ${a[0]} : Valeur actuelle : "${a[1]}". Lorsque le cadre de facturation (BT-23) est S8, B8, M8 ou S9, B9, M9 et que la ligne est de type GROUP sans parent, l'identifiant du vendeur (ram:ID) doit être renseigné.`,
  // ./ram:AssociatedDocumentLineDocument/ram:LineID | ./ram:SpecifiedLineTradeAgreement/ram:ItemSellerTradeParty/ram:PostalTradeAddress/ram:CountryID
  'BR-FR-MV-03_EXT-FR-FE-177': (a) =>
    `BR-FR-MV-03/EXT-FR-FE-177 : Ligne : ${a[0]} : Valeur actuelle : "${a[1]}'. Lorsque le cadre de facturation (BT-23) est S8, B8, M8 ou S9, B9, M9 et que la ligne est de type GROUP sans parent, le code pays du vendeur (ram:CountryID) doit être renseigné.`,
  // ./ram:AssociatedDocumentLineDocument/ram:LineID | ./ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:TaxTotalAmount[@currencyID = $invcurrency]
  'BR-FR-MV-03_EXT-FR-FE-181': (a) =>
    `BR-FR-MV-03/EXT-FR-FE-181 : Ligne : ${a[0]}, Valeur actuelle : "${a[1]}". Pour une ligne GROUP sans parent, le montant total avec TVA (ram:TaxTotalAmount) doit être renseigné en devise de facture.`,
  // ./ram:AssociatedDocumentLineDocument/ram:LineID | $acccurrency | ./ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:TaxTotalAmount[@currencyID = $acccurrency]
  'BR-FR-MV-03_EXT-FR-FE-182': (a) =>
    `BR-FR-MV-03/EXT-FR-FE-182 : Ligne : ${a[0]}, Devise de comptabilité : "${a[1]}", TVA en ligne : "${a[2]}". Pour une ligne GROUP sans parent, le montant total avec TVA (ram:TaxTotalAmount) doit être renseigné en devise de comptabilisation (BT-6) si elle est renseignée.`,
  // ./ram:IssuerAssignedID
  'BR-FR-MV-03_BT-128_AFL': (a) =>
    `BR-FR-MV-03/BT-128 : Pour une ligne GROUP sans parent, une valeur d'objet facturé (ram:IssuerAssignedID) avec identifiant de schéma (ram:ReferenceTypeCode) = AFL doit être présente. Valeur actuelle : "${a[0]}".`,
  // ram:IssuerAssignedID
  'BR-FR-MV-03_BT-128_AVV': (a) =>
    `BR-FR-MV-03/BT-128 : Pour une ligne GROUP sans parent, une valeur d'objet facturé (BT-128 : ram:IssuerAssignedID) avec identifiant de schéma (BT-128-1 : ram:ReferenceTypeCode) = AVV doit être présente et différente de M8/S8/B8. Valeur actuelle : "${a[0]}".`,
  // $grouplineID | $sumsubline | $numberline | ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount
  'BR-FR-MV-05_EXT-FR-FE-BG-12': (a) =>
    `BR-FR-MV-05/EXT-FR-FE-BG-12 : Ligne GROUP : ${a[0]}, Somme Sous lignes : ${a[1]}, Nbre sous-lignes: ${a[2]}. Valeur actuelle : "${a[3]}". Lorsque le cadre de facturation (BT-23) est S8, B8, M8 ou S9, B9, M9, le total HT (BT-131 : ram:LineTotalAmount) de la ligne GROUP doit être égal (tolérance ±0,01 * nombre de sous-lignes) à la somme des totaux HT des lignes enfants dont le ParentLineID correspond à l'identifiant de la ligne GROUP (ram:LineID).`,
  // ./ram:AssociatedDocumentLineDocument/ram:LineID | $parentlineID | $legalID | $legalIDParent
  'BR-FR-MV-06_EXT-FR-FE-167': (a) =>
    `BR-FR-MV-06/EXT-FR-FE-167 : IDligne ${a[0]}, ID parent ligne ${a[1]}, legalID : ${a[2]}, ParentlegalID : ${a[3]}. Lorsque le cadre de facturation (BT-23) est S8, B8, M8 ou S9, B9, M9, chaque ligne (BG-25) doit contenir un identifiant légal de vendeur (ram:ID). Si la ligne a un identifiant de ligne parent (ram:ParentLineID), cet identifiant doit être identique à celui de la ligne parent.`,
  // ./ram:AssociatedDocumentLineDocument/ram:LineID | $parentlineID | $numfact | $numfactparent
  'BR-FR-MV-07_BT-128': (a) =>
    `BR-FR-MV-07/BT-128 : IDligne ${a[0]}, ID parent ligne ${a[1]}, numfact en ligne ${a[2]}, numfact ligne parent : ${a[3]}. Lorsque le cadre de facturation (BT-23) est S8, B8, M8 ou S9, B9, M9, chaque ligne (BG-25) doit contenir un numéro de facture codifié AFL (ram:IssuerAssignedID). Si la ligne a un identifiant de ligne parent (ram:ParentLineID), ce numéro doit être identique à celui de la ligne parent.`,
  // ./ram:AssociatedDocumentLineDocument/ram:LineID | ./ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:ExemptionReason | $numfact
  'BR-FR-MV-08_BT-128': (a) =>
    `BR-FR-MV-08/BT-128 : IDligne ${a[0]}, Raison exemption : ${a[1]} / Num fact ligne: ${a[2]}. Lorsque le cadre de facturation (BT-23) est S8, B8 ou M8, chaque ligne (BG-25) doit contenir une raison d'exemption TVA en texte commençant par le numéro de sous-facture en ligne entre #.`,
  // ./ram:AssociatedDocumentLineDocument/ram:LineID | $numfact | ./ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:TaxTotalAmount[@currencyID = $invcurrency] | $sumvat
  'BR-FR-MV-09_EXT-FR-FE-181': (a) =>
    `BR-FR-MV-09/EXT-FR-FE-181 : Id Line Group : ${a[0]}, Numfact: ${a[1]}, Total TVA : ${a[2]}, Somme TVA : ${a[3]}. Lorsque le cadre de facturation (BT-23) est S8, B8, M8 ou S9, B9, M9, le montant total TVA de la ligne GROUP (EXT-FR-FE-181) doit être égal à la somme des montants de TVA des ventilations TVA (BT-117) dont la raison d'exemption (ram:ExemptionReason) commence par le numéro de facture en ligne (BT-128 avec ReferenceTypeCode = AFL) entre #.`,
  // ./ram:AssociatedDocumentLineDocument/ram:LineID | $nbligne | ./ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:GrandTotalAmount | ./ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:TaxTotalAmount[@currencyID = $invcurrency] | ./ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount | .
  'BR-FR-MV-10_EXT-FR-FE-184': (a) =>
    `BR-FR-MV-10/EXT-FR-FE-184 : Id Line Group : ${a[0]}, nb sous-ligne : ${a[1]}, TTC : ${a[2]}, TVA : ${a[3]}, HT : ${a[4]} Lorsque le cadre de facturation (BT-23) est S8, B8, M8 ou S9, B9, M9, si le montant total avec TVA (ram:GrandTotalAmount) est présent pour une ligne GROUP sans parent, alors la différence entre ce montant et la somme du montant HT (ram:LineTotalAmount) et du montant TVA (ram:TaxTotalAmount) doit être inférieure ou égale à 0,01 × le nombre de sous-lignes DETAIL. Valeur actuelle : "${a[5]}'.`,
  // $sellerID | ./ram:AssociatedDocumentLineDocument/ram:LineID | $invID | $nbSubinvoiceSeller | $numFactLine
  'BR-FR-MV-11_BT-128': (a) =>
    `BR-FR-MV-11/BT-128 : ID Seller : ${a[0]}, NB ligne GROUP seller : ${a[1]} Numero de facture (BT-1) : ${a[2]}, Nb de Ligne GROUP avec Num fact : ${a[3]}, NumFact de ligne : ${a[4]}. [BR-FR-MV-11/BT-128]Lorsque le cadre de facturation (BT-23) est S8, B8, M8 ou S9, B9, M9, si le Vendeur principal identifié dans le bloc Vendeur (BG-4) de la facture au travers de son identifiant légal (BT-30) dispose d'un groupe de lignes de facturation, alors il doit exister au moins une ligne (BG-25) avec sous-type de ligne (EXT-FR-FE-163) = "GROUP" et sans identifiant de ligne Parent (EXT-FR-FE-162), pour laquelle le numéro de facture à la ligne (Valeur de BT-128 avec BT-128-1 = AFL) est égal au numéro de facture (BT-1).`,
  'BR-FR-MV-12_BT-128': (_a) =>
    `BR-FR-MV-12/BT-128 : Lorsque le cadre de facturation (BT-23) est S8, B8, M8 ou S9, B9, M9, les numéros de facture à la ligne (ram:IssuerAssignedID avec ReferenceTypeCode = AFL) pour les lignes GROUP sans parent doivent être uniques. Veuillez vérifier que chaque numéro est distinct.`,
  // .
  'BR-FR-MV-13_BT-3': (a) =>
    `BR-FR-MV-13/BT-3 : Lorsque le cadre de facturation (BT-23) est S8, B8 ou M8, le code type de facture (ram:TypeCode) ne doit pas être l'un des types auto-facturés suivants : 389, 261, 501, 500, 502, 471, 473. Valeur actuelle : "${a[0]}'.`,
  // .
  'BR-FR-BD-13_BT-3': (a) =>
    `BR-FR-BD-13/BT-3 : Lorsque le cadre de facturation (BT-23) est S9, B9 ou M9, le code type de facture (ram:TypeCode) DOIT être l'un des types auto-facturés suivants : 389, 261, 501, 500, 502, 471, 473. Valeur actuelle : "${a[0]}'.`,
  // ram:AssociatedDocumentLineDocument/ram:LineID
  'BR-FR-MV-14-EXT-FR-FE-136': (a) =>
    `BR-FR-MV-14-EXT-FR-FE-136 : Num Facture antérieure manquant ligne ${a[0]} : Lorsque le cadre de facturation (BT-23) est S8, B8 ou M8, et pour les factures rectificatives et avoirs chaque ligne (BG-25) avec un sous-type de ligne (EXT-FR-FE-163) égal à "GROUP" et sans identifiant de ligne Parent (EXT-FR-FE-162) doit comprendre un identifiant de facture antérieure à la ligne (EXT-FR-FE-136) ainsi que sa date (EXT-FR-FE-138).`,
  // ram:AssociatedDocumentLineDocument/ram:LineID
  'BR-FR-MV-14-EXT-FR-FE-138': (a) =>
    `BR-FR-MV-14-EXT-FR-FE-138 : Date Facture antérieure manquant ligne ${a[0]} : Lorsque le cadre de facturation (BT-23) est S8, B8 ou M8, et pour les factures rectificatives et avoirs chaque ligne (BG-25) avec un sous-type de ligne (EXT-FR-FE-163) égal à "GROUP" et sans identifiant de ligne Parent (EXT-FR-FE-162) doit comprendre un identifiant de facture antérieure à la ligne (EXT-FR-FE-136) ainsi que sa date (EXT-FR-FE-138).`,
  // ram:AssociatedDocumentLineDocument/ram:LineID
  'BR-FR-BD-14-EXT-FR-FE-136': (a) =>
    `BR-FR-BD-14-EXT-FR-FE-136 : Num Facture antérieure manquant ligne ${a[0]} : Lorsque le cadre de facturation (BT-23) est S9, B9 ou M9, et pour les factures rectificatives et avoirs chaque ligne (BG-25) avec un sous-type de ligne (EXT-FR-FE-163) égal à "GROUP" et sans identifiant de ligne Parent (EXT-FR-FE-162) doit comprendre un identifiant de facture antérieure à la ligne (EXT-FR-FE-136) ainsi que sa date (EXT-FR-FE-138).`,
  // ram:AssociatedDocumentLineDocument/ram:LineID
  'BR-FR-BD-14-EXT-FR-FE-138': (a) =>
    `BR-FR-BD-14-EXT-FR-FE-138 : Date Facture antérieure manquant ligne ${a[0]} : Lorsque le cadre de facturation (BT-23) est S9, B9 ou M9, et pour les factures rectificatives et avoirs chaque ligne (BG-25) avec un sous-type de ligne (EXT-FR-FE-163) égal à "GROUP" et sans identifiant de ligne Parent (EXT-FR-FE-162) doit comprendre un identifiant de facture antérieure à la ligne (EXT-FR-FE-136) ainsi que sa date (EXT-FR-FE-138).`,
};
