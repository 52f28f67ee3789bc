// What an account's settings are before it changes anything: French legal mentions, a 30-days
// net settlement term, the default number patterns and prefixes, the usual PCG accounts.
import { DEFAULT_CREDIT_NUMBER_PATTERN, DEFAULT_INVOICE_NUMBER_PATTERN, DEFAULT_QUOTE_NUMBER_PATTERN } from '../../domain/numbering.js';
import { classificationById } from '../reference/index.js';
import type { AccountSettings, SettlementTermT } from './schemas.js';

export const DEFAULT_LATE_PAYMENT_PENALTY =
  "En cas de retard de paiement, pénalités au taux d'intérêt de la BCE à son opération de refinancement la plus récente majoré de 10 points (art. L441-10 du Code de commerce).";
export const DEFAULT_COLLECTION_COSTS =
  'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (art. D441-5 du Code de commerce).';
export const DEFAULT_NON_LIABLE_TEXT = 'TVA non applicable, art. 293 B du CGI';

export const DEFAULT_SETTLEMENT_TERM: SettlementTermT = {
  conditions: [{ dayOfMonth: null, delay: 30, delayType: 'Days', id: 1, percent: 100, type: 'Net' }],
  id: 0,
  isCustom: false,
  name: '30 jours',
};

const emailTemplate = () => ({
  defaultAttachments: [],
  defaultBccEmails: [],
  defaultCcEmails: [],
  defaultContentTemplate: null,
  defaultObjectTemplate: null,
});

/** A fresh copy each call: callers may mutate it. */
/** The reminders schedule of an account that has not written its own: a week, a month, then the formal notice. */
export const DEFAULT_REMINDER_STEPS: AccountSettings['reminders']['steps'] = [
  {
    daysAfterDueDate: 7,
    subject: 'Rappel : facture {number} échue le {dueDate}',
    body:
      'Bonjour,\n\nSauf erreur de notre part, la facture {number} du {date}, échue le {dueDate}, reste impayée : ' +
      '{amountDue} restent dus.\n\nMerci de bien vouloir procéder à son règlement. Si celui-ci a été effectué entre-temps, ' +
      'veuillez ne pas tenir compte de ce message.\n\nCordialement,\n{company}\n',
    formalNotice: false,
  },
  {
    daysAfterDueDate: 30,
    subject: 'Deuxième rappel : facture {number} impayée',
    body:
      'Bonjour,\n\nMalgré notre précédent rappel, la facture {number} du {date} reste impayée {daysLate} jours après ' +
      'son échéance du {dueDate}. Montant restant dû : {amountDue}.\n\nMerci de régulariser ce règlement dans les plus brefs délais.' +
      '\n\nCordialement,\n{company}\n',
    formalNotice: false,
  },
  {
    daysAfterDueDate: 45,
    subject: 'Mise en demeure : facture {number}',
    body:
      'Madame, Monsieur,\n\nLa facture {number} du {date}, échue le {dueDate}, reste impayée à ce jour malgré nos relances. ' +
      'Nous vous mettons en demeure de régler la somme de {amountDue} sous huit jours.\n\n{company}\n',
    formalNotice: true,
  },
];

export function defaultSettings(): AccountSettings {
  return {
    accounting: {
      accountNumberLength: 8,
      customerAccountFormat: null,
      customerCollectiveAccount: '411000',
      expensesImportVatReverseAccountNumber: null,
      expensesJournalCode: 'HA',
      expensesSubcontractingVatReverseAccountNumber: null,
      feesAccountingAccountNumber: null,
      generateCustomerAccount: false,
      generateSupplierAccount: false,
      miscJournalCode: 'OD',
      salesDepositAccountingAccountNumber: '419100',
      salesJournalCode: 'VT',
      salesShippingAccountNumber: '708500',
      salesVatCollectionAccountingAccountNumber: '445710',
      supplierAccountFormat: null,
      supplierCollectiveAccount: '401000',
      uncertainAccountNumberRoot: '416',
    },
    company: {
      ape: null,
      businessName: null,
      capital: null,
      cgaMember: false,
      contact: {
        cellPhone: null,
        companyName: null,
        displayName: null,
        email: null,
        firstName: null,
        function: null,
        invertedDisplayName: null,
        lastName: null,
        phone: null,
        service: null,
        title: null,
      },
      electronicAddress: null,
      emailLogoUri: null,
      guarantees: null,
      headOfficeAddress: null,
      invoicingAddress: null,
      isMicroBusiness: false,
      legalMentions: null,
      legalStatus: null,
      logoUri: null,
      mediator: null,
      name: null,
      registrationNumber: null,
      reportLogoUri: null,
      siret: null,
      summary: null,
      taxRegistrationId: null,
      urlCompanyName: null,
      useInvoicingAddressAsHeadOfficeAddress: true,
      vatNumber: null,
      website: null,
    },
    emailing: {
      credits: { ...emailTemplate(), includeDocumentAttachment: true, showAmount: true },
      homecareServices: emailTemplate(),
      invoices: { ...emailTemplate(), includeDocumentAttachment: true, showAmount: true },
      quotes: { ...emailTemplate(), includeDocumentAttachment: true, showAmount: true },
      reminders: { ...emailTemplate(), includeDocumentAttachment: true },
      style: { backgroundColor: null, foreColor: null, headerBackgroundColor: null, headerForeColor: null },
    },
    general: {
      companyInfoLinkProvider: 'Pappers',
      contactDisplayFormat: 'FirstNameLastName',
      ipLinkProvider: 'IPInfo',
      mapLinkProvider: 'OpenStreetMap',
      timezone: 'Europe/Paris',
    },
    sales: {
      allowInlineDate: false,
      btoBSettlementTerm: structuredClone(DEFAULT_SETTLEMENT_TERM),
      btoBSettlementTermId: null,
      btoCSettlementTerm: structuredClone(DEFAULT_SETTLEMENT_TERM),
      btoCSettlementTermId: null,
      credits: { validityDuration: null },
      // 707 goods, 706 services, 7085 shipping: what a French chart of accounts uses; the WooCommerce
      // plugin reads defaultShippingClassification for its shipping lines.
      defaultProductClassification: classificationById(2)!,
      defaultServiceClassification: classificationById(1)!,
      defaultShippingClassification: classificationById(7)!,
      generalTermsFile: null,
      generalTermsFileId: null,
      invoices: {
        collectionCosts: DEFAULT_COLLECTION_COSTS,
        earlyFinalizationDuration: 0,
        latePaymentPenalty: DEFAULT_LATE_PAYMENT_PENALTY,
        substractDepositFromTaxExcludedAmount: false,
      },
      mainActivity: 'Service',
      marginRate: 0,
      paymentMethod: 'Transfer',
      quotes: { depositDefaultValue: 0, validityDuration: 30 },
      useTaxIncluded: false,
      vatReverseCharge: false,
    },
    socials: { facebook: null, instagram: null, linkedIn: null, pinterest: null, twitter: null, youtube: null },
    vat: { liableToVat: true, nonLiableTextToPrint: DEFAULT_NON_LIABLE_TEXT, vatMode: 'Auto', vatPeriod: 'Monthly' },
    bankDetails: { accountHolder: null, bankName: null, bic: null, iban: null },
    numbering: {
      creditPattern: DEFAULT_CREDIT_NUMBER_PATTERN,
      customerPrefix: 'C',
      invoicePattern: DEFAULT_INVOICE_NUMBER_PATTERN,
      productPrefix: 'P',
      quotePattern: DEFAULT_QUOTE_NUMBER_PATTERN,
      supplierPrefix: 'S',
    },
    documentDefaults: { creditFooterNotes: null, invoiceFooterNotes: null, latePaymentPenaltyRate: null },
    einvoicing: { frenchRules: 'Warn', platform: null, ereporting: { vatRegime: null, platformRegistrationNumber: null } },
    reminders: { enabled: false, steps: DEFAULT_REMINDER_STEPS.map((step) => ({ ...step })), excludedCustomerIds: [] },
  };
}
