// Wire schema of the account settings (reference: Settings and its *SettingsDto), plus our
// additions in three sub-objects of their own: `bankDetails`, `numbering` and `documentDefaults`
// (docs/master-data.md, "Settings"). Fields are declared once, for the response; the PUT body is
// derived from them (`patchOf`): every field optional and nullable, read-only fields left out.
import { Type, type Static, type TArray, type TObject, type TProperties, type TSchema, type TUnion } from '@sinclair/typebox';
import { Classification, Vat } from '../reference/index.js';
import { Int32, Nullable, Str, Literals } from '../../http/schemas.js';

const text = (maxLength: number, description?: string) => Nullable(Str(maxLength, description));
const readOnly = <T extends TSchema>(schema: T): T => ({ ...schema, readOnly: true });

/** Schemas whose PUT form is not their partial self (e.g. a classification is chosen by id). */
const inputOverrides = new WeakMap<TSchema, TSchema>();
function withInput<T extends TSchema>(schema: T, input: TSchema): T {
  inputOverrides.set(schema, input);
  return schema;
}

export const ProductType = Literals(['Product', 'Service', 'Text'] as const);
export const PaymentMethod = Literals(['Transfer', 'Order', 'Check', 'Cash', 'Card', 'Bill', 'Usec', 'Other'] as const);
export const VatMode = Literals(['Auto', 'Debit', 'Collection'] as const);
export const VatPeriod = Literals(['Monthly', 'Quarterly', 'Annually'] as const);

const Address = Type.Object(
  {
    city: text(100),
    countryIso: Nullable(Type.String({ maxLength: 2, description: 'ISO 3166-1 alpha-2 country code' })),
    countryName: readOnly(Nullable(Type.String())),
    formattedAddress: readOnly(Nullable(Type.String())),
    inlineAddress: readOnly(Nullable(Type.String())),
    street: text(500),
    zipcode: text(20),
  },
  { additionalProperties: false },
);

const ContactFields = Type.Object(
  {
    cellPhone: text(40),
    companyName: text(200),
    displayName: readOnly(Nullable(Type.String())),
    email: Nullable(Type.String({ maxLength: 254, format: 'email' })),
    firstName: text(100),
    function: text(100),
    invertedDisplayName: readOnly(Nullable(Type.String())),
    lastName: text(100),
    phone: text(40),
    service: text(100),
    title: text(20),
  },
  { additionalProperties: false },
);

const CompanySettings = Type.Object(
  {
    ape: text(10, 'APE / NAF code, e.g. 62.01Z'),
    businessName: text(200, 'Trade name, when it differs from the legal name'),
    capital: Nullable(Type.Number({ minimum: 0, maximum: 1e12, description: 'Share capital, in euros' })),
    cgaMember: Type.Boolean(),
    contact: ContactFields,
    electronicAddress: text(200, 'E-invoicing electronic address'),
    emailLogoUri: readOnly(Nullable(Type.String({ description: 'Same as logoUri' }))),
    guarantees: text(2000),
    headOfficeAddress: Nullable(Address),
    invoicingAddress: Nullable(Address),
    isMicroBusiness: Type.Boolean(),
    legalMentions: text(2000),
    legalStatus: text(100, 'Legal form, e.g. SAS, SARL, EI'),
    logoUri: Nullable(
      Type.String({
        maxLength: 1_500_000,
        description: 'Read: URL of the logo. Write: a data URL or base64 PNG/JPEG of at most 1 MB; null removes it',
      }),
    ),
    mediator: text(500, 'Consumer mediator (name and address)'),
    name: text(200, 'Legal name; also the account name'),
    registrationNumber: text(100, 'Registration, e.g. RCS Paris 123 456 789'),
    reportLogoUri: readOnly(Nullable(Type.String({ description: 'Same as logoUri' }))),
    siret: text(20, 'SIRET (14 digits) or SIREN (9 digits)'),
    summary: text(2000),
    urlCompanyName: text(100),
    taxRegistrationId: text(
      35,
      'Facturier extension: seller tax registration identifier (BT-32, scheme FC), e.g. the numéro fiscal of a seller without VAT number (franchise en base, art. 293 B du CGI)',
    ),
    useInvoicingAddressAsHeadOfficeAddress: Type.Boolean(),
    vatNumber: text(20, 'Intra-community VAT number'),
    website: text(200),
  },
  { additionalProperties: false },
);

const SettlementTermCondition = Type.Object(
  {
    dayOfMonth: Nullable(Type.Integer({ minimum: 1, maximum: 31 })),
    delay: Type.Integer({ minimum: 0, maximum: 3650 }),
    delayType: Literals(['Days', 'Months'] as const),
    id: readOnly(Type.Integer()),
    percent: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
    type: Literals(['Net', 'EndMonth'] as const),
  },
  { additionalProperties: false },
);

export const SettlementTerm = Type.Object(
  {
    conditions: Nullable(Type.Array(SettlementTermCondition, { minItems: 1, maxItems: 12 })),
    id: Int32,
    isCustom: readOnly(Type.Boolean()),
    name: text(200, 'Defaults to the French wording of the conditions'),
  },
  { additionalProperties: false },
);

const ClassificationChoice = withInput(Nullable(Type.Ref(Classification)), Type.Object({ id: Int32 }, { additionalProperties: true }));

const emailTemplateFields = {
  defaultAttachments: readOnly(
    Nullable(Type.Array(Type.Object({ fileId: Type.Integer(), fileName: Nullable(Type.String()), fileSize: Type.Number() }))),
  ),
  defaultBccEmails: Nullable(Type.Array(Type.String({ maxLength: 254, format: 'email' }), { maxItems: 10 })),
  defaultCcEmails: Nullable(Type.Array(Type.String({ maxLength: 254, format: 'email' }), { maxItems: 10 })),
  defaultContentTemplate: text(20_000),
  defaultObjectTemplate: text(500),
};
const DocumentEmail = Type.Object(
  { ...emailTemplateFields, includeDocumentAttachment: Type.Boolean(), showAmount: Type.Boolean() },
  { additionalProperties: false },
);

const EmailingSettings = Type.Object(
  {
    credits: DocumentEmail,
    homecareServices: Type.Object(emailTemplateFields, { additionalProperties: false }),
    invoices: DocumentEmail,
    quotes: DocumentEmail,
    reminders: Type.Object({ ...emailTemplateFields, includeDocumentAttachment: Type.Boolean() }, { additionalProperties: false }),
    style: Type.Object(
      { backgroundColor: text(30), foreColor: text(30), headerBackgroundColor: text(30), headerForeColor: text(30) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const GeneralSettings = Type.Object(
  {
    companyInfoLinkProvider: Literals(['Pappers', 'Infogreffe', 'Manageo', 'Verif'] as const),
    contactDisplayFormat: Literals(['LastNameFirstName', 'FirstNameLastName'] as const),
    ipLinkProvider: Literals(['IPInfo', 'DBIP', 'IPData', 'IPGeolocation'] as const),
    mapLinkProvider: Literals(['GoogleMaps', 'BingMaps', 'OpenStreetMap'] as const),
    timezone: text(64, 'IANA time zone, e.g. Europe/Paris'),
  },
  { additionalProperties: false },
);

const InvoiceSettings = Type.Object(
  {
    collectionCosts: text(1000, 'Mention of the 40 € recovery indemnity (art. D441-5 du Code de commerce)'),
    earlyFinalizationDuration: Nullable(
      Type.Integer({ minimum: 0, maximum: 365, description: 'Days a document may be finalized ahead of today' }),
    ),
    latePaymentPenalty: text(1000, 'Late-payment penalty mention (art. L441-10 du Code de commerce)'),
    substractDepositFromTaxExcludedAmount: Type.Boolean(),
  },
  { additionalProperties: false },
);

const SalesSettings = Type.Object(
  {
    allowInlineDate: Type.Boolean(),
    btoBSettlementTerm: SettlementTerm,
    btoBSettlementTermId: readOnly(Nullable(Type.Integer())),
    btoCSettlementTerm: SettlementTerm,
    btoCSettlementTermId: readOnly(Nullable(Type.Integer())),
    credits: Type.Object({ validityDuration: Nullable(Type.Integer({ minimum: 0, maximum: 3650 })) }, { additionalProperties: false }),
    defaultProductClassification: ClassificationChoice,
    defaultServiceClassification: ClassificationChoice,
    defaultShippingClassification: ClassificationChoice,
    generalTermsFile: readOnly(Type.Null()),
    generalTermsFileId: readOnly(Type.Null()),
    invoices: InvoiceSettings,
    mainActivity: ProductType,
    marginRate: Type.Number({ minimum: 0, maximum: 1000 }),
    paymentMethod: PaymentMethod,
    quotes: Type.Object(
      {
        depositDefaultValue: Type.Number({ minimum: 0, maximum: 100 }),
        validityDuration: Type.Integer({ minimum: 0, maximum: 3650 }),
      },
      { additionalProperties: false },
    ),
    useTaxIncluded: Type.Boolean(),
    vatReverseCharge: Type.Boolean(),
  },
  { additionalProperties: false },
);

const accountNumber = () => text(20);

const AccountingSettings = Type.Object(
  {
    accountNumberLength: Type.Integer({ minimum: 3, maximum: 20 }),
    customerAccountFormat: text(50),
    customerCollectiveAccount: accountNumber(),
    expensesImportVatReverseAccountNumber: accountNumber(),
    expensesJournalCode: text(10),
    expensesSubcontractingVatReverseAccountNumber: accountNumber(),
    feesAccountingAccountNumber: accountNumber(),
    generateCustomerAccount: Type.Boolean(),
    generateSupplierAccount: Type.Boolean(),
    miscJournalCode: text(10),
    salesDepositAccountingAccountNumber: accountNumber(),
    salesJournalCode: text(10),
    salesShippingAccountNumber: accountNumber(),
    salesVatCollectionAccountingAccountNumber: accountNumber(),
    supplierAccountFormat: text(50),
    supplierCollectiveAccount: accountNumber(),
    uncertainAccountNumberRoot: accountNumber(),
  },
  { additionalProperties: false },
);

const Socials = Type.Object(
  {
    facebook: text(300),
    instagram: text(300),
    linkedIn: text(300),
    pinterest: text(300),
    twitter: text(300),
    youtube: text(300),
  },
  { additionalProperties: false },
);

const VatSettings = Type.Object(
  {
    liableToVat: Type.Boolean(),
    nonLiableTextToPrint: text(500, 'Mention printed when not liable to VAT'),
    vatMode: VatMode,
    vatPeriod: VatPeriod,
  },
  { additionalProperties: false },
);

/** Ours: the account's bank account, printed on invoices as the payment means (BT-84, BT-86). */
const BankDetails = Type.Object(
  {
    accountHolder: text(200),
    bankName: text(200),
    bic: text(20),
    iban: text(50),
  },
  { additionalProperties: false, description: 'Facturier extension: bank account printed on documents' },
);

/** Ours: how numbers are generated. */
const Numbering = Type.Object(
  {
    creditPattern: Str(40, 'Pattern of credit numbers, e.g. AV-{yyyy}-{seq:5}'),
    customerPrefix: Str(10),
    invoicePattern: Str(40, 'Pattern of invoice numbers, e.g. F-{yyyy}-{seq:5}'),
    productPrefix: Str(10),
    quotePattern: Str(40, 'Pattern of quote numbers, e.g. D-{yyyy}-{seq:5}'),
    supplierPrefix: Str(10),
  },
  { additionalProperties: false, description: 'Facturier extension: number patterns and prefixes' },
);

/** Ours: texts and rates printed on sale documents that the reference has no field for. */
const DocumentDefaults = Type.Object(
  {
    creditFooterNotes: text(2000),
    invoiceFooterNotes: text(2000),
    latePaymentPenaltyRate: Nullable(
      Type.Number({ minimum: 0, maximum: 100, description: 'Annual late-payment penalty rate, in percent' }),
    ),
  },
  { additionalProperties: false, description: 'Facturier extension: defaults printed on sale documents' },
);

/** Ours: the plateforme agréée (PA) the account sends and receives e-invoices through (docs/einvoicing-platform.md). */
const PlatformConnection = Type.Object(
  {
    flowServiceUrl: Str(500, "Base URL of the PA's AFNOR XP Z12-013 Flow Service, e.g. https://api.pa.example/flow-service"),
    directoryServiceUrl: Nullable(Str(500, 'Base URL of its Directory Service, e.g. https://api.pa.example/directory-service')),
    hasToken: readOnly(Type.Boolean({ description: 'A bearer token is stored (it is write-only: never answered)' })),
  },
  { additionalProperties: false },
);
const PlatformConnectionInput = Type.Object(
  {
    flowServiceUrl: Type.Optional(Nullable(Str(500))),
    directoryServiceUrl: Type.Optional(Nullable(Str(500))),
    token: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 4000, description: 'The bearer token the PA gave; write-only' }))),
  },
  { additionalProperties: false },
);
/** Ours: the e-reporting calendar and the identity of the PA that transmits the reports (docs/ereporting.md). */
const EReportingSettings = Type.Object(
  {
    vatRegime: Nullable(
      Type.Union([Type.Literal('NormalMonthly'), Type.Literal('NormalQuarterly'), Type.Literal('Simplified'), Type.Literal('Franchise')], {
        description:
          'VAT regime, which sets the e-reporting periods: NormalMonthly (décades), NormalQuarterly and Simplified (months), Franchise (two months). ' +
          'null: derived from vat (not liable: Franchise; vatPeriod Monthly: NormalMonthly, Quarterly: NormalQuarterly, Annually: Simplified)',
      }),
    ),
    platformRegistrationNumber: Nullable(
      Type.String({
        maxLength: 4,
        pattern: '^[A-Za-z0-9]{4}$',
        description: "The PA's 4-character registration number (matricule), the sender of every Flux 10 report (TT-8, scheme 0238)",
      }),
    ),
  },
  { additionalProperties: false },
);
/** Ours: how the e-invoicing rules gate finalization (docs/einvoicing.md) and the PA connection. */
const EInvoicingSettings = Type.Object(
  {
    frenchRules: Type.Union([Type.Literal('Warn'), Type.Literal('Enforce')], {
      description:
        'Warn (default): finalization refuses only on EN 16931 errors; French rules (BR-FR) are returned as warnings and kept on the document. ' +
        'Enforce: the French rules also refuse a domestic B2B document. With a platform connected, BR-FR refuses a domestic B2B document whatever this says',
    }),
    platform: withInput(Nullable(PlatformConnection), PlatformConnectionInput),
    ereporting: EReportingSettings,
  },
  { additionalProperties: false, description: 'Facturier extension: e-invoicing rules and the platform connection' },
);

/** Ours: the reminders (relances) of overdue invoices (docs/getting-paid.md). */
const ReminderStep = Type.Object(
  {
    daysAfterDueDate: Type.Integer({ minimum: -60, maximum: 730, description: 'When, in days after the due date (negative: before it)' }),
    subject: Str(300, 'Subject; placeholders {number}, {date}, {dueDate}, {amount}, {amountDue}, {daysLate}, {company}, {customer}'),
    body: Type.String({ maxLength: 10000, description: 'Plain text body, with the same placeholders' }),
    formalNotice: Type.Boolean({
      description:
        'The formal notice (mise en demeure): the late-payment mentions of art. L441-10 Code de commerce are appended for a business customer',
    }),
  },
  { additionalProperties: false },
);
const RemindersSettings = Type.Object(
  {
    enabled: Type.Boolean({ description: 'The worker sends the steps due once a day' }),
    steps: Type.Array(ReminderStep, { maxItems: 10, description: 'The schedule, in increasing daysAfterDueDate' }),
    excludedCustomerIds: Type.Array(Int32, { maxItems: 10000, description: 'Customers who never get reminders' }),
  },
  { additionalProperties: false, description: 'Facturier extension: reminders of overdue invoices' },
);

export const Settings = Type.Object(
  {
    accounting: AccountingSettings,
    company: CompanySettings,
    emailing: EmailingSettings,
    general: GeneralSettings,
    sales: SalesSettings,
    socials: Socials,
    vat: VatSettings,
    bankDetails: BankDetails,
    numbering: Numbering,
    documentDefaults: DocumentDefaults,
    einvoicing: EInvoicingSettings,
    reminders: RemindersSettings,
  },
  { $id: 'Settings', additionalProperties: false, description: 'Application Settings' },
);
export type AccountSettings = Static<typeof Settings>;
export type SettlementTermT = Static<typeof SettlementTerm>;

/**
 * Nullable objects and arrays as `type: [object, null]` rather than a union, so a bad nested
 * field is reported alone and not also as "invalid value" on each of its parents.
 */
function orNull(schema: TSchema): TSchema {
  if (schema.type === 'object' || schema.type === 'array') return { ...schema, type: [schema.type, 'null'] };
  return Nullable(schema);
}

/**
 * The PUT form of a response schema: every writable field optional and nullable (null resets it
 * to its default), read-only fields left out, nested objects partial too.
 */
function patchOf(schema: TSchema): TSchema {
  const override = inputOverrides.get(schema);
  if (override) return override;
  if (schema.type === 'object' && schema.properties) {
    const props: TProperties = {};
    for (const [key, value] of Object.entries((schema as TObject).properties)) {
      if (value.readOnly) continue;
      props[key] = Type.Optional(orNull(patchOf(value)));
    }
    return Type.Object(props, { additionalProperties: false });
  }
  if (schema.type === 'array') {
    const array = schema as TArray;
    return Type.Array(patchOf(array.items), { minItems: array.minItems, maxItems: array.maxItems });
  }
  if (Array.isArray(schema.anyOf)) {
    const members = (schema as TUnion).anyOf.filter((m) => m.type !== 'null');
    if (members.length === 1) return patchOf(members[0]);
  }
  return schema;
}

type Patch<T> = T extends readonly (infer I)[] ? Patch<I>[] : T extends object ? { [K in keyof T]?: Patch<T[K]> | null } : T;

export const SettingsPatch = Type.Unsafe<Patch<AccountSettings>>({
  ...patchOf(Settings),
  $id: 'SettingsUpdate',
  description: 'Settings to change: only the fields sent are changed; null resets a field to its default',
});
export type SettingsPatchT = Patch<AccountSettings>;

export { Classification, Vat };
