// The words of the OpenAPI document, in one place: a description of every operation, a request
// example for every JSON body, the name of its success response, keyed by "METHOD /path" as the
// document writes it. `test/http/openapi.test.ts` fails for an operation missing here, so a route
// added later gets its description with it. The examples are sent to the server by
// `test/http/openapi.examples.test.ts` in the order of OPERATION_DOCS, on a new account of an empty
// database: ids in them (customer 1: the first record, colleague 5 and supplier 6: records share one
// sequence of ids; invoice 1, credit note 2: sale documents share one sequence of ids; receipt 1) are
// those the earlier examples create; numbers (C-DUPONT, HEB-MOIS) are theirs.

export interface OperationDoc {
  description: string;
  /** Name of the 200 answer. */
  ok?: string;
  /** A JSON request body that the server accepts (the one "Try it out" fills in). */
  example?: Record<string, unknown> | unknown[];
  /** Media types of the 200 answer when the route schema declares none (public images). */
  okMedia?: string[];
  /** Replaces a duplicate operationId of the reference surface. */
  operationId?: string;
}

/** One line per tag: what the resource is (Redocly's tag-description). */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  System: 'Health probes (no API key).',
  Hello: 'Checks an API key.',
  Customers: 'The people and companies you invoice.',
  CustomerFamilies: 'Groups of customers.',
  Products: 'What you sell: goods and services with a price, a unit and a VAT rate.',
  ProductFamilies: 'Groups of products.',
  ProductImages: 'One image per product, served on a public URL.',
  Vats: 'VAT rates by region (reference list).',
  Units: 'Units of measure with their UN/ECE codes (reference list).',
  Classifications: 'Chart of accounts entries (reference list).',
  BankAccounts:
    'Bank accounts of the account, their statements imported from CAMT.053, OFX or CSV files, and bank providers (reference list).',
  HomecareServices: 'Homecare service activities (reference list).',
  Settings: 'The account: company identity, bank details, numbering, VAT, payment terms.',
  Colleagues: 'People of your company (sales people on documents).',
  Suppliers: 'The companies you buy from.',
  Contacts: 'Contact persons of customers and suppliers.',
  SaleInvoices: 'Invoices: drafts, finalized (numbered, immutable, Factur-X PDF), paid, cancelled.',
  SaleCredits: 'Credit notes (avoirs): drafts, finalized, refunded.',
  PurchaseInvoices: 'Invoices received from suppliers, read from a PDF or XML file.',
  Receipts: 'Payments received and refunds made, settling invoices and credit notes.',
  Users: 'Who the API key belongs to.',
  SaleQuotes: 'Quotes (devis): pending, issued (numbered), sent, accepted or refused, then invoiced, with deposit invoices.',
  SupplierPayments: 'Payments made to suppliers (and refunds from them), settling purchase invoices.',
  Exports:
    'Files of invoices, quotes, credit notes, products, customers, suppliers, receipts, purchases, expense reports, bank transactions, settlements and commitments (Excel, CSV, JSON…), and the FEC.',
  ExpenseReports: 'Expense reports (notes de frais) of colleagues, with a receipt file per line, approved then repaid.',
  BankTransactions: 'Lines of imported bank statements, matched to receipts, supplier payments and expense report repayments.',
  Ledgers: 'What is owed to and by the account (commitments) and what was paid (settlements).',
  Webhooks: 'HTTP callbacks on events (customer created, invoice updated…), signed, retried and redeliverable.',
  Emails: 'E-mails sent by the send endpoints, with their delivery status.',
  RecurringInvoices:
    'Models of recurring invoices (subscriptions): a customer, the invoice to issue, a calendar; each occurrence issues an ordinary invoice (docs/getting-paid.md).',
  'E-invoicing platform':
    'The plateforme agréée (AFNOR XP Z12-013): sending invoices and credit notes, their lifecycle statuses, supplier invoices received and answered, the directory (docs/einvoicing-platform.md).',
  'E-reporting':
    'PPF Flux 10 e-reporting: the calendar of periods from the VAT regime, the reports of B2C and B2B international sales and of collections, sent through the plateforme agréée, and what the tax office sees beside the books (docs/ereporting.md).',
};

const CUSTOMER = {
  number: 'C-DUPONT',
  type: 'Business',
  companyName: 'Boulangerie Dupont & Fils SARL',
  firstName: 'Claire',
  lastName: 'Dupont',
  email: 'compta@boulangerie-dupont.fr',
  billingAddress: { street: '3 place du Marché', zipcode: '75011', city: 'Paris', countryIso: 'FR' },
  companyInformations: { siret: '98765432400019', vatNumber: 'FR14987654324' },
};

const INVOICE = {
  customerId: 1,
  subject: 'Développement et hébergement, novembre',
  lines: [
    {
      type: 'Product',
      description: 'Développement back-end',
      quantity: 3,
      unit: { code: 'DAY' },
      taxExcludedPrice: 650,
      vat: { rate: 20 },
    },
    { type: 'Product', productNumber: 'HEB-MOIS', quantity: 1 },
    { type: 'Text', description: 'Livraison' },
    { type: 'Product', description: 'Câble USB-C 2 m', quantity: 2, taxExcludedPrice: 9.9, vat: { rate: 5.5 } },
  ],
  footerNotes: 'Merci de votre confiance.',
};

const CREDIT = {
  customerId: 1,
  subject: 'Geste commercial sur la facture de novembre',
  // A credit note names the invoice it corrects (BT-25/BT-26; BR-FR-CO-05 for a French business
  // buyer): cancelledInvoicetId for one of ours, or these two for an invoice issued elsewhere.
  correctedInvoiceNumber: 'F-2026-00042',
  correctedInvoiceDate: '2026-11-02',
  lines: [{ type: 'Product', description: 'Remise exceptionnelle', quantity: 1, taxExcludedPrice: 100, vat: { rate: 20 } }],
};

const QUOTE = {
  customerId: 1,
  subject: 'Refonte du site vitrine',
  validityDate: '2026-12-31',
  lines: [
    {
      type: 'Product',
      description: 'Maquettes et intégration',
      quantity: 5,
      unit: { code: 'DAY' },
      taxExcludedPrice: 650,
      vat: { rate: 20 },
    },
  ],
};

/** The operations of a master-data resource registered by src/modules/records (list, create, find, get, update, delete). */
function records(
  path: string,
  one: string,
  many: string,
  example: Record<string, unknown>,
  update: Record<string, unknown> | null,
  extra: { find?: string; internalId?: boolean } = {},
): Record<string, OperationDoc> {
  const out: Record<string, OperationDoc> = {
    [`GET ${path}`]: {
      description: `Lists the ${many} of the account, a page at a time (PageIndex, PageSize, OrderBy; \`query\`: full-text search, every word a prefix). The paging headers give the total (x-record-count) and the links to the next and previous pages.`,
      ok: `A page of ${many}`,
    },
    [`POST ${path}`]: {
      description: `Creates a ${one}. Absent fields take their default; a number is generated when none is given. Errors come as \`Error\` ({message, errors[]}), each naming the field.`,
      ok: `The ${one} created (ETag header: its version)`,
      example,
    },
    [`GET ${path}/{id}`]: {
      description: `Reads one ${one}. A ${one} of another account answers 404, exactly like a missing one.`,
      ok: `The ${one} (ETag header: its version)`,
    },
    [`DELETE ${path}/{id}`]: {
      description: `Deletes a ${one}. With If-Match, only if it was not changed since it was read (else 412).`,
      ok: 'Deleted (no body)',
    },
  };
  if (extra.find)
    out[`GET ${path}/find`] = {
      description: `Finds ${many} by ${extra.find} (exact, case-insensitive). 404 when none matches.`,
      ok: `The ${many} found`,
    };
  if (extra.internalId)
    out[`GET ${path}/getbyinternalid/{internalId}`] = {
      description: `Reads the ${one} that carries your own identifier (internalId).`,
      ok: `The ${one}`,
    };
  if (update)
    out[`PUT ${path}/{id}`] = {
      description: `Updates a ${one}: the body is merged over the stored record (absent fields keep their value, null clears one). Send the ETag read in If-Match to update only if nobody changed it since (else 412).`,
      ok: `The ${one} updated (ETag header: its new version)`,
      example: update,
    };
  return out;
}

function saleDocuments(
  path: string,
  one: string,
  example: Record<string, unknown>,
  update: Record<string, unknown>,
): Record<string, OperationDoc> {
  return {
    [`GET ${path}`]: {
      description: `Lists the ${one}s of the account, newest first, a page at a time (filters: status, customer, dates; \`query\`: full-text search). Paging headers give the total and the next and previous pages.`,
      ok: `A page of ${one}s`,
    },
    [`POST ${path}`]: {
      description: `Creates a draft ${one}. The customer is copied from customerId; lines come from a product (productId or productNumber) or are written out (description, quantity, taxExcludedPrice, vat.rate). Totals and VAT are computed to the cent. A draft has no number until it is finalized.`,
      ok: `The draft ${one} (ETag header: its version)`,
      example,
    },
    [`GET ${path}/find`]: { description: `Finds ${one}s by number or internalId.`, ok: `The ${one}s found` },
    [`GET ${path}/{id}`]: { description: `Reads one ${one}, draft or final.`, ok: `The ${one} (ETag header: its version)` },
    [`PUT ${path}/{id}`]: {
      description: `Updates a draft ${one}: absent fields keep their value, null clears one, lines sent replace all lines. A finalized ${one} is immutable (409).`,
      ok: `The draft ${one} updated`,
      example: update,
    },
    [`DELETE ${path}/{id}`]: {
      description: `Deletes a draft ${one}; a finalized one cannot be deleted (409).`,
      ok: `The deleted draft ${one}`,
    },
    [`POST ${path}/finalize/{id}`]: {
      description: `Finalizes a draft ${one}: it gets the next number of its sequence (no gap), its date and due dates become final, it is sealed in the audit trail and can no longer change. The seller's settings (company name, SIRET, address) and the customer must be complete: a 400 names what is missing. Takes no body.`,
      ok: `The finalized ${one}`,
    },
    [`GET ${path}/download/{id}`]: {
      description: `Downloads the ${one} as a PDF. Once finalized it is a Factur-X PDF/A-3b with the EN 16931 CII XML inside; a draft downloads as a BROUILLON without e-invoice.`,
      ok: 'The PDF file',
    },
    [`POST ${path}/checkeinvoicing/{id}`]: {
      description: `Checks the e-invoice the ${one} would produce against EN 16931 and the French rules, without finalizing or transmitting anything. Findings name the rule (BR-…) and the field. Takes no body.`,
      ok: 'The findings of the check',
    },
  };
}

function saleQuotes(): Record<string, OperationDoc> {
  const path = '/v1/salequotes';
  const action = (what: string, ok: string): OperationDoc => ({ description: `${what} Takes no body.`, ok });
  return {
    [`GET ${path}`]: {
      description:
        'Lists the quotes of the account, newest first, a page at a time (filters: status, or Expired for Pending and Sent quotes past their validity date; customer, dates; `query`: full-text search). Paging headers give the total and the next and previous pages.',
      ok: 'A page of quotes',
    },
    [`POST ${path}`]: {
      description:
        'Creates a Pending quote, like a draft invoice (customer from customerId, lines from a product or written out, totals and VAT to the cent), with its validityDate and deposit. It has no number until it is issued.',
      ok: 'The Pending quote (ETag header: its version)',
      example: QUOTE,
    },
    [`GET ${path}/find`]: { description: 'Finds quotes by internalId or number.', ok: 'The quotes found' },
    [`GET ${path}/{id}`]: { description: 'Reads one quote.', ok: 'The quote (ETag header: its version)' },
    [`PUT ${path}/{id}`]: {
      description:
        'Updates a Pending or Sent quote: absent fields keep their value, null clears one, lines sent replace all lines. Other states answer 409; send If-Match to update only an unchanged quote (else 412).',
      ok: 'The quote updated',
      example: { subject: 'Refonte du site vitrine et hébergement' },
    },
    [`DELETE ${path}/{id}`]: {
      description: 'Deletes a Pending quote that was never issued; any other quote answers 409.',
      ok: 'The deleted quote',
    },
    [`GET ${path}/download/{id}`]: { description: 'Downloads the quote as a PDF (a devis; never an e-invoice).', ok: 'The PDF file' },
    [`POST ${path}/issue/{id}`]: action(
      'Issues a Pending quote: it gets the next number of its sequence (numbering.quotePattern; a number already used answers 409). Another state answers 409.',
      'The issued quote',
    ),
    [`POST ${path}/send/{id}`]: {
      description:
        "Sends the issued quote by e-mail with its PDF, using the account's templates (Settings.emailing.quotes; {dueDate} is the validity date), to the addresses of the body (an array; empty or no body: the customer's address). A Pending quote becomes Sent once the message is delivered. A draft quote is refused (issue it first); an accepted, refused, closed or invoiced quote is a 409. Answers once the message is queued.",
      ok: 'The queued e-mail',
      example: ['compta@boulangerie-dupont.fr'],
    },
    [`POST ${path}/markassent/{id}`]: action(
      'Records that the quote was sent to the customer: status Sent, sentAt. Only a Pending or Sent quote (else 409).',
      'The quote, Sent',
    ),
    [`POST ${path}/accept/{id}`]: action(
      "Records the customer's acceptance: status Accepted, acceptedAt. Only a Pending or Sent quote (else 409).",
      'The quote, Accepted',
    ),
    [`POST ${path}/refuse/{id}`]: action(
      "Records the customer's refusal: status Refused, refusedAt. Only a Pending or Sent quote (else 409).",
      'The quote, Refused',
    ),
    [`POST ${path}/close/{id}`]: action(
      'Closes the quote without invoicing it: status Closed. Only a Pending, Sent or Accepted quote (else 409).',
      'The quote, Closed',
    ),
    [`POST ${path}/invoice/{id}`]: action(
      'Makes the draft invoice of an Accepted quote, deducting its finalized deposit invoices; the quote becomes Invoiced. Other states answer 409.',
      'The draft invoice',
    ),
    [`POST ${path}/deposit/{id}`]: {
      description:
        'Makes a draft deposit invoice (EN 16931 type code 386) of an Accepted quote, for a percentage (type Percent, value in (0, 100]) or an amount tax included (type Fixed); no body: the deposit the quote asks for, else the default percentage of the settings (sales.quotes.depositDefaultValue), else 400. Other states answer 409.',
      ok: 'The draft deposit invoice',
      example: { type: 'Percent', value: 30 },
    },
  };
}

/** The file exports of src/modules/exports: one per data set, in the format and sheets asked for. */
function exports(): Record<string, OperationDoc> {
  const analysis = 'Summary (one row per record), Detail (one row per line), Analysis (totals by month, customer, VAT rate) or All';
  const records = 'Summary (one row per record), Detail or All';
  const sets: [string, string, string, string][] = [
    ['salesinvoices', 'the finalized invoices', 'from, to, customerId, searchTerm', analysis],
    ['salescredits', 'the finalized credit notes', 'from, to, customerId, searchTerm', analysis],
    ['products', 'the products', 'searchTerm', records],
    ['customers', 'the customers', 'searchTerm', records],
    ['suppliers', 'the suppliers', 'searchTerm', records],
    ['receiptsbook', 'the receipts book', 'from, to', analysis],
    ['salesquotes', 'the issued sale quotes', 'from, to, customerId, searchTerm', analysis],
    ['expensesbook', 'the expenses book (supplier payments)', 'from, to', analysis],
    [
      'banktransactions/{id}',
      'the transactions of the bank account `id`',
      'from, to',
      'Summary, Analysis (totals by month and match) or All',
    ],
    ['expensecharges', 'the purchase invoices', 'from, to, supplierId, searchTerm', analysis],
    ['expensereports', 'the expense reports (drafts excepted)', 'from, to, colleagueId', analysis],
    ['settlements', 'the settlements (customer receipts, supplier payments, colleague repayments)', 'from, to, types[]', analysis],
    ['commitments', 'the open commitments (owed to us and by us)', 'from, to (due date), types[]', 'Summary, Analysis or All'],
  ];
  return Object.fromEntries(
    sets.map(([path, what, filters, sheets]) => [
      `GET /v1/exports/${path}`,
      {
        description: `Downloads ${what} as a file (filters: ${filters}): \`format\` Excel (default), EuropeanCsv, AmericanCsv, Tsv, Json or Markdown; \`sheets\` ${sheets}.`,
        ok: 'The file',
      },
    ]),
  );
}

export const OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /healthz': { description: 'Liveness probe: the process answers. No API key.', ok: 'The process is up' },
  'GET /readyz': {
    description: 'Readiness probe: the database answers. No API key. 503 while the database does not answer.',
    ok: 'The database answers',
  },
  'GET /hello': { description: 'Answers a greeting naming the account of the API key: the first call to make.', ok: 'A greeting' },
  'PUT /v1/settings': {
    description:
      'Changes the settings of the account (Facturier extension): only the fields sent change (objects merge, arrays are replaced), null resets a field to its default. Finalizing needs company.name, company.siret and company.invoicingAddress; bankDetails.iban is printed on invoices.',
    ok: 'The full settings after the change',
    example: {
      company: {
        name: 'Atelier Numérique SAS',
        legalStatus: 'SAS',
        capital: 10000,
        registrationNumber: 'RCS Lyon B 123 456 782',
        siret: '12345678200010',
        vatNumber: 'FR11123456782',
        invoicingAddress: { street: '12 rue de la République', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
        contact: { email: 'facturation@atelier-numerique.fr', phone: '04 78 00 00 00' },
      },
      bankDetails: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX', accountHolder: 'Atelier Numérique SAS' },
      numbering: { invoicePattern: 'F-{yyyy}-{seq:5}', creditPattern: 'AV-{yyyy}-{seq:5}' },
    },
  },
  'GET /v1/settings': {
    description: 'Reads the settings of the account, defaults applied.',
    ok: 'The settings (ETag header: their version)',
  },
  'GET /v1/settings/logo/{token}': {
    description: 'The company logo, on the public URL given in company.logoUri (no API key; the token changes with each upload).',
    ok: 'The logo image',
    okMedia: ['image/png', 'image/jpeg'],
  },
  ...records(
    '/v1/customers',
    'customer',
    'customers',
    CUSTOMER,
    { email: 'factures@boulangerie-dupont.fr', phone: '01 43 00 00 00' },
    {
      find: 'email, internalId or number',
      internalId: true,
    },
  ),
  ...records('/v1/customerfamilies', 'customer family', 'customer families', { label: 'Artisans', number: 'FC-ART' }, null, {
    find: 'number or internalId',
  }),
  ...records(
    '/v1/products',
    'product',
    'products',
    {
      number: 'HEB-MOIS',
      type: 'Service',
      name: 'Hébergement infogéré, forfait mensuel',
      unitPrice: 189.9,
      unit: { code: 'MON' },
      vat: { rate: 20 },
    },
    { unitPrice: 199.9 },
    { find: 'number or internalId' },
  ),
  ...records('/v1/productfamilies', 'product family', 'product families', { label: 'Services', number: 'FP-SRV' }, null),
  'POST /v1/productimages/{productId}': {
    description:
      'Adds or replaces the image of a product: multipart/form-data with one part named "file", a PNG, JPEG, GIF or WebP of at most 5 MB. The image is decoded and re-encoded before it is stored.',
    ok: 'The product, with its new imageUrl',
  },
  'GET /v1/productimages/{productId}': { description: 'Reads the product whose image this is.', ok: 'The product' },
  'DELETE /v1/productimages/{productId}': {
    description: 'Removes the image of a product (the path id is the product id).',
    ok: 'Removed (no body)',
  },
  'GET /v1/productimages/{productId}/content/{token}': {
    description: 'The image bytes, on the public URL given in the product imageUrl (no API key; the token changes with each upload).',
    ok: 'The image',
    okMedia: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  },
  'GET /v1/vats': { description: 'Lists VAT rates, optionally of one region (FR, EU, IE, DOM, Corse, Monaco).', ok: 'The VAT rates' },
  'GET /v1/units': { description: 'Lists units of measure with their UN/ECE codes (DAY, HUR, C62…).', ok: 'The units' },
  'GET /v1/classifications': {
    description: 'Lists the chart of accounts entries, optionally of one type (Sale, Expense, Other).',
    ok: 'The classifications',
  },
  'GET /v1/bankaccounts/providers': {
    description: 'Lists bank providers; `query` searches name, BIC and country.',
    ok: 'The bank providers',
  },
  'GET /v1/homecareservices/tsa-groups': { description: 'Lists the groups of homecare service activities.', ok: 'The groups' },
  'GET /v1/homecareservices/activities': {
    description: 'Lists homecare service activities (Code du travail, art. D7231-1).',
    ok: 'The activities',
  },
  ...records(
    '/v1/colleagues',
    'colleague',
    'colleagues',
    { firstName: 'Marc', lastName: 'Lefèvre', email: 'marc.lefevre@atelier-numerique.fr' },
    { phone: '04 78 00 00 01' },
    { find: 'email, internalId or number', internalId: true },
  ),
  ...records(
    '/v1/suppliers',
    'supplier',
    'suppliers',
    {
      name: 'Hébergeur Rhône SAS',
      email: 'factures@hebergeur-rhone.fr',
      address: { street: '5 quai Perrache', zipcode: '69002', city: 'Lyon', countryIso: 'FR' },
      defaultPaymentMethod: 'Transfer',
    },
    { phone: '04 72 00 00 00' },
    { find: 'email, internalId or number', internalId: true },
  ),
  ...records(
    '/v1/contacts',
    'contact',
    'contacts',
    { customerId: 1, firstName: 'Paul', lastName: 'Dupont', email: 'paul@boulangerie-dupont.fr', function: 'Gérant', isMain: true },
    { phone: '06 12 34 56 78' },
    { find: 'email or internalId' },
  ),
  'GET /v1/customers/{id}/contacts': { description: 'Lists the contacts of a customer, main contact first.', ok: 'The contacts' },
  'GET /v1/suppliers/{id}/contacts': { description: 'Lists the contacts of a supplier, main contact first.', ok: 'The contacts' },
  ...saleDocuments('/v1/saleinvoices', 'invoice', INVOICE, { subject: 'Développement, hébergement et livraison, novembre' }),
  ...saleDocuments('/v1/salecredits', 'credit note', CREDIT, { subject: 'Geste commercial (remise de 100 € HT)' }),
  'POST /v1/saleinvoices/cancel/{id}': {
    description:
      'Cancels a finalized invoice (Facturier extension): issues and finalizes a credit note of its whole amount that refers to it. Takes no body.',
    ok: 'The credit note that cancels the invoice',
  },
  'POST /v1/purchaseinvoices/file': {
    description:
      'Creates a purchase invoice from a file: multipart/form-data with one part named "file", a PDF (its Factur-X/ZUGFeRD XML is read when present) or a CII/UBL XML invoice, at most 20 MB.',
    ok: 'The purchase invoice read from the file',
  },
  'GET /v1/purchaseinvoices/download/{id}': {
    description: 'Downloads the file the purchase invoice was created from, unchanged (PDF or XML).',
    ok: 'The file',
  },
  'GET /v1/receipts': { description: 'Lists the receipts of the account, newest first, a page at a time.', ok: 'A page of receipts' },
  'POST /v1/receipts': {
    description:
      'Records a payment received (amount > 0) or a refund made (amount < 0), settling the finalized documents of its links. Errors come as `Error`.',
    ok: 'The receipt (ETag header: its version)',
    example: {
      customerId: 1,
      amount: 500,
      date: '2026-11-20',
      paymentMethod: 'Transfer',
      reference: 'VIR-2026-1120',
      links: [{ type: 'Invoice', id: 1, amount: 500 }],
    },
  },
  'GET /v1/receipts/find': { description: 'Finds receipts by internalId.', ok: 'The receipts found' },
  'GET /v1/receipts/{id}': { description: 'Reads one receipt.', ok: 'The receipt (ETag header: its version)' },
  'PUT /v1/receipts/{id}': {
    description:
      'Updates a receipt: absent fields are kept, null clears one; links absent or null are kept, [] removes them. Send If-Match to update only an unchanged receipt.',
    ok: 'The receipt updated',
    example: { reference: 'VIR-2026-1120-A', notes: 'Reçu par virement' },
  },
  'DELETE /v1/receipts/{id}': { description: 'Deletes a receipt; the documents it settled are due again.', ok: 'Deleted (no body)' },
  'POST /v1/saleinvoices/markaspaid': {
    description:
      'Records a payment of an invoice (a receipt linked to it) and answers the invoice. amount null or absent: the whole balance. finalizeInvoice: finalize a draft first.',
    ok: 'The invoice, with its new balance and status',
    example: { invoiceId: 1, amount: 200, date: '2026-11-21', paymentMethod: 'Card', paymentReference: 'CB-8841' },
  },
  'POST /v1/salecredits/markasrefunded': {
    description: 'Records the refund of a credit note (a receipt of negative amount) and answers the credit note.',
    ok: 'The credit note, with its new balance and status',
    example: { creditId: 2, date: '2026-11-22', paymentMethod: 'Transfer', refundReference: 'REMB-0001' },
  },
  'GET /v1/users/me': { description: 'Answers the user of the API key (the account, as a user).', ok: 'The user' },
  'GET /v1/users/whoami': { description: 'The same as /v1/users/me.', ok: 'The user', operationId: 'GET_Users_WhoAmI' },
  ...saleQuotes(),
  'GET /v1/purchaseinvoices': {
    description:
      'Lists the purchase invoices of the account, a page at a time (filters: dates, supplier, status Paid, Unpaid, Done or Pending; `query`: full-text search). Paging headers give the total and the next and previous pages.',
    ok: 'A page of purchase invoices',
  },
  'GET /v1/purchaseinvoices/{id}': {
    description: 'Reads one purchase invoice, with what was read from its file.',
    ok: 'The purchase invoice (ETag header: its version)',
  },
  'PUT /v1/purchaseinvoices/{id}': {
    description:
      'Corrects the data read from the file of a purchase invoice (supplier, reference, dates, amounts by VAT rate, classification): absent fields keep their value, null clears one; read-only fields (id, status, amounts paid…) are ignored. Send If-Match to update only an unchanged invoice (else 412).',
    ok: 'The purchase invoice updated',
    example: { reference: 'FA-2026-0457', dueDate: '2026-12-15', notes: 'Hébergement de novembre' },
  },
  'DELETE /v1/purchaseinvoices/{id}': {
    description:
      'Deletes a purchase invoice and its file; refused (400) while supplier payments settle it. With If-Match, only if it was not changed since it was read (else 412).',
    ok: 'Deleted (no body)',
  },
  'GET /v1/supplierpayments': {
    description: 'Lists the supplier payments of the account, a page at a time.',
    ok: 'A page of supplier payments',
  },
  'POST /v1/supplierpayments': {
    description:
      'Records a payment made to a supplier (amount > 0) or a refund from one (amount < 0), settling the purchase invoices of its links. Errors come as `Error`.',
    ok: 'The supplier payment (ETag header: its version)',
    example: { supplierId: 6, amount: 226.8, date: '2026-11-25', paymentMethod: 'Transfer', reference: 'VIR-HEB-1125' },
  },
  'GET /v1/supplierpayments/{id}': { description: 'Reads one supplier payment.', ok: 'The supplier payment (ETag header: its version)' },
  'PUT /v1/supplierpayments/{id}': {
    description:
      'Updates a supplier payment: absent fields are kept, null clears one; links absent or null are kept, [] removes them. Send If-Match to update only an unchanged payment (else 412).',
    ok: 'The supplier payment updated',
    example: { reference: 'VIR-HEB-1125-A', notes: 'Payé par virement' },
  },
  'DELETE /v1/supplierpayments/{id}': {
    description: 'Deletes a supplier payment; the purchase invoices it settled are due again.',
    ok: 'Deleted (no body)',
  },
  ...exports(),
  'GET /v1/exports/fec': {
    description:
      'Downloads the Fichier des Écritures Comptables of a fiscal year (`year`, January to December; article A47 A-1 LPF): the finalized invoices, credit notes and receipts as balanced entries, fields separated by | (default) or a tab (`separator`).',
    ok: 'The FEC file',
  },
  'GET /v1/expensereports': {
    description:
      'Lists the expense reports of the account, a page at a time (filters: a period meeting From/To, colleague, status; `query`: words).',
    ok: 'A page of expense reports',
  },
  'POST /v1/expensereports': {
    description:
      'Creates a Draft expense report of a colleague for a period (periodStart to periodEnd); lines may come with it or be added later through /lines. Errors come as `Error`, each naming the field.',
    ok: 'The Draft expense report (ETag header: its version)',
    example: { colleagueId: 5, title: 'Déplacement client à Paris', periodStart: '2026-11-01', periodEnd: '2026-11-30' },
  },
  'GET /v1/expensereports/{id}': {
    description: 'Reads one expense report with its lines.',
    ok: 'The expense report (ETag header: its version)',
  },
  'PUT /v1/expensereports/{id}': {
    description:
      'Updates a Draft expense report (colleague, title, period, notes): absent fields are kept; lines change through /lines. A report no longer Draft answers 400; send If-Match to update only an unchanged report (else 412).',
    ok: 'The expense report updated',
    example: { title: 'Déplacement client à Paris (2 jours)' },
  },
  'DELETE /v1/expensereports/{id}': {
    description: 'Deletes a Draft expense report with its lines and their files; a report no longer Draft answers 400.',
    ok: 'Deleted (no body)',
  },
  'POST /v1/expensereports/{id}/lines': {
    description:
      'Adds a line to a Draft report: its date (within the period), merchant, category, and amounts by VAT rate (vats: rate, taxExcludedAmount, vatAmount computed when null).',
    ok: 'The expense report, with the new line',
    example: { date: '2026-11-12', merchant: 'SNCF', category: 'Transport', vats: [{ rate: 10, taxExcludedAmount: 80 }] },
  },
  'PUT /v1/expensereports/{id}/lines/{lineId}': {
    description: 'Replaces a line of a Draft report (the whole line: date and vats are required); its receipt file is kept.',
    ok: 'The expense report, with the line replaced',
    example: { date: '2026-11-12', merchant: 'SNCF', category: 'Transport', vats: [{ rate: 10, taxExcludedAmount: 92 }] },
  },
  'DELETE /v1/expensereports/{id}/lines/{lineId}': {
    description: 'Removes a line, and its receipt file, from a Draft report.',
    ok: 'The expense report, without the line',
  },
  'POST /v1/expensereports/{id}/lines/{lineId}/file': {
    description:
      'Attaches the receipt of a line: multipart/form-data with one part named "file", a PDF or a PNG, JPEG or WebP image of at most 10 MB; it replaces the previous one.',
    ok: 'The expense report, the line with its file',
  },
  'GET /v1/expensereports/{id}/lines/{lineId}/file': {
    description: 'Downloads the receipt file of a line, unchanged.',
    ok: 'The receipt file',
  },
  'POST /v1/expensereports/{id}/submit': {
    description:
      'Submits a Draft report for approval: it becomes Submitted and can no longer change. Other states answer 400. Takes no body.',
    ok: 'The Submitted expense report',
  },
  'POST /v1/expensereports/{id}/approve': {
    description: 'Approves a Submitted report: it becomes Approved and is owed to its colleague (GET /v1/commitments). Takes no body.',
    ok: 'The Approved expense report',
  },
  'POST /v1/expensereports/{id}/reject': {
    description: 'Sends a Submitted report back to Draft, so that its colleague can correct it. Takes no body.',
    ok: 'The expense report, Draft again',
  },
  'POST /v1/expensereports/{id}/reimburse': {
    description:
      'Records the repayment of an Approved report to its colleague (a ColleagueRepayment settlement, date by default today); the report becomes Reimbursed. Other states answer 400.',
    ok: 'The expense report, repaid',
    example: { date: '2026-12-05', paymentMethod: 'Transfer', reference: 'NDF-2026-11' },
  },
  'DELETE /v1/expensereports/{id}/reimburse': {
    description:
      'Undoes the repayment of a Reimbursed report: the ColleagueRepayment settlement is deleted and the report is Approved again (owed to the colleague). 400 for another state, or while a bank transaction is matched with the repayment (remove that match first).',
    ok: 'The expense report, Approved again',
  },
  'GET /v1/bankaccounts': {
    description: 'Lists the bank accounts of the account, with their balance, a page at a time.',
    ok: 'A page of bank accounts',
  },
  'POST /v1/bankaccounts': {
    description:
      'Creates a bank account: a name and an IBAN (spaces allowed, checked with its mod-97 key), optionally BIC, provider (GET /v1/bankaccounts/providers), currency and opening balance. Errors come as `Error`.',
    ok: 'The bank account (ETag header: its version)',
    example: {
      name: 'Compte courant',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      bic: 'AGRIFRPPXXX',
      openingBalance: 1500,
      openingDate: '2026-01-01',
    },
  },
  'GET /v1/bankaccounts/{id}': {
    description: 'Reads one bank account, with its balance.',
    ok: 'The bank account (ETag header: its version)',
  },
  'PUT /v1/bankaccounts/{id}': {
    description:
      'Updates a bank account: absent fields are kept, null clears one. Send If-Match to update only an unchanged account (else 412).',
    ok: 'The bank account updated',
    example: { name: 'Compte courant Crédit Agricole' },
  },
  'DELETE /v1/bankaccounts/{id}': {
    description: 'Deletes a bank account that has no transactions; one with transactions answers 400.',
    ok: 'Deleted (no body)',
  },
  'POST /v1/bankaccounts/{id}/statements': {
    description:
      'Imports a bank statement: multipart/form-data with one part named "file", CAMT.053 (streamed, at most 200 MB), OFX or CSV (`format`, else recognised from the first bytes; the CSV columns are named in the query). Entries already imported are skipped.',
    ok: 'What the import added and skipped',
  },
  'GET /v1/banktransactions': {
    description:
      'Lists the bank transactions (imported or entered by hand), a page at a time (filters: BankAccountId, From/To, Matched; `query`: words of the label, reference or counterparty, accent- and case-insensitive).',
    ok: 'A page of bank transactions',
  },
  'GET /v1/banktransactions/{id}': { description: 'Reads one bank transaction, with its match.', ok: 'The bank transaction' },
  'GET /v1/banktransactions/{id}/suggestions': {
    description:
      'Lists the settlements this transaction may be, best first: receipts, supplier payments and expense report repayments of the same amount, near date, reference in the label.',
    ok: 'The suggestions',
  },
  'POST /v1/banktransactions/{id}/match': {
    description:
      'Confirms that the transaction is this receipt, supplier payment or expense report repayment (type and id): the amounts must be equal (else 400), a transaction already matched answers 400, a settlement already matched to another transaction 409.',
    ok: 'The bank transaction, matched',
    example: { type: 'Receipt', id: 1 },
  },
  'DELETE /v1/banktransactions/{id}/match': {
    description: 'Removes the match of a transaction: it is unmatched again.',
    ok: 'The bank transaction, unmatched',
  },
  'POST /v1/banktransactions': {
    description:
      'Enters a bank transaction by hand (a cheque not yet on a statement, a bank without export): bank account of the account (else 404), booking date not before its opening date, signed amount (not 0; `direction` Credit/Debit, when given, must agree with the sign), label.',
    ok: 'The bank transaction',
    example: { bankAccountId: 1, date: '2026-11-25', amount: -42.5, direction: 'Debit', label: 'CHQ 0000123', reference: '0000123' },
  },
  'PUT /v1/banktransactions/{id}': {
    description:
      'Updates a transaction entered by hand (absent fields kept, null clears), checked as on creation. An imported transaction is the bank’s record: 400 (only its match changes). A matched one keeps its amount and bank account.',
    ok: 'The bank transaction',
    example: { label: 'CHQ 0000123 Papeterie Durand', counterpartyName: 'Papeterie Durand' },
  },
  'DELETE /v1/banktransactions/{id}': {
    description: 'Deletes a transaction entered by hand, and its match with it. An imported transaction answers 400.',
    ok: 'Deleted (no body)',
  },
  'GET /v1/commitments': {
    description:
      'Lists what is owed to the account and by it, earliest due first, a page at a time: unpaid sale invoices and (negative) sale credits not yet refunded, unpaid purchase invoices and (negative) supplier credit notes not yet refunded, approved expense reports not yet repaid (filters: From/To, `types`).',
    ok: 'A page of commitments',
  },
  'GET /v1/settlements': {
    description:
      'Lists what was paid, oldest first, a page at a time: customer receipts, supplier payments, colleague repayments (filters: From/To, `types`).',
    ok: 'A page of settlements',
  },
  'GET /v1/dashboard': {
    description:
      "The figures of a dashboard in one request: revenue excluding VAT (finalized invoices less finalized credit notes) and cash received (receipts of status Success, refunds negative) by month for the last `Months` months (default 12), what customers owe by lateness (not yet due, 1-30, 31-60, more than 60 days late, counted from the account's day), the counts of the documents waiting for an action (invoice drafts, invoices to send, overdue invoices, accepted quotes, credit note drafts, turned-down e-invoices), the oldest overdue invoices and the turned-down documents. Each figure is the sum or count of a list the API answers (docs/ledgers.md).",
    ok: 'The figures',
  },
  'GET /v1/ereporting/periods': {
    description:
      "The account's e-reporting periods overlapping from..to (default: the first day of the previous month to today): sales transaction periods (décades, months or two months by VAT regime) and payment periods, each with its deadline, status (Open, Due, NothingToReport, Queued, Sent, Accepted, Rejected), whether it is late, what it declares per VAT rate, its blocking points and its reports.",
    ok: 'The regime and the periods, by deadline',
  },
  'GET /v1/ereporting/periods/{id}': {
    description:
      'One e-reporting period (id S-AAAAMMJJ-AAAAMMJJ for sales, P-… for payments) as in the list. 404 when the id is not a period of the account’s calendar.',
    ok: 'The period',
  },
  'GET /v1/ereporting/periods/{id}/file': {
    description:
      'The PPF Flux 10 XML of the period: the report last sent when the books have not changed since, otherwise the one sending would transmit now (RE, rectifying, once a report was received). sequence=N answers a report already sent. 400 listing the blocking points when a document cannot be classified.',
    ok: 'The Flux 10 file',
  },
  'POST /v1/ereporting/periods/{id}/send': {
    description:
      'Queues the period’s report for the plateforme agréée and tries at once (flowSyntax FRR). Idempotent: the same content is never queued twice; when the books changed since a report was received, a rectifying report (RE) follows. While the PA is down it waits in the outbox (status Queued). 400 for an open period, a period with blocking points, or no platform.',
    ok: 'The period, with its transmission',
  },
  'GET /v1/ereporting/periods/{id}/comparison': {
    description:
      'What the tax office sees for the period, per VAT rate (e-invoicing: transmitted domestic B2B documents or 212 statuses; e-reporting: the last report received), beside the books (invoices and credits, or receipts), with every difference explained document by document.',
    ok: 'Books, told, and the differences',
  },
  'GET /v1/einvoicing/platform/healthcheck': {
    description:
      "Tests the connection to the account's e-invoicing platform (settings einvoicing.platform): the healthchecks of its Flow Service and Directory Service, each ok or the reason in words. 400 when no platform is set.",
    ok: 'What each service answered, and the webhook URL to give the platform',
  },
  'POST /v1/einvoicing/platform/webhook/{key}': {
    description:
      "The platform's webhook (XP Z12-013 WebhookCallbackContent). No API key: the URL's key (answered by the healthcheck as webhookUrl) names the account. The body is checked against the official schema (400 otherwise) and applied nowhere: it makes the account's flows due, and the worker reads them through the platform's API at once. 404 for a wrong key or an account without a platform.",
    ok: 'Taken into account',
    example: {
      flowInfo: {
        flowId: '6f1c2b7e-5d0a-4c55-9a7e-1b2c3d4e5f60',
        submittedAt: '2026-11-20T09:30:00.000Z',
        updatedAt: '2026-11-20T09:30:00.000Z',
        flowType: 'CustomerInvoiceLC',
        flowDirection: 'In',
        flowSyntax: 'CDAR',
        acknowledgement: { status: 'Ok' },
      },
    },
  },
  'POST /v1/saleinvoices/transmit/{id}': {
    description:
      'Sends a finalized invoice to a French business buyer to the e-invoicing platform now (it is sent at finalization already when the account has a platform; this retries one the platform refused, once the cause is fixed). Never twice: 400 once the platform has it. 400 too for a draft, a consumer or a foreign buyer (e-reporting).',
    ok: 'Where the invoice stands on the platform',
  },
  'POST /v1/salecredits/transmit/{id}': {
    description: 'Sends a finalized credit note to the e-invoicing platform now: as POST /v1/saleinvoices/transmit/{id}.',
    ok: 'Where the credit note stands on the platform',
  },
  'POST /v1/einvoicing/sync': {
    description:
      "Submits what waits for transmission and reads the platform's new flows (lifecycle statuses, supplier invoices) now; the worker does it every minute anyway.",
    ok: 'What was read and tried',
  },
  'GET /v1/einvoicing/review': {
    description:
      'What was read from the platform and not applied: statuses naming no document of the account (by number, date and seller SIREN), unreadable status messages, supplier invoices that could not be read.',
    ok: 'The items to review',
  },
  'POST /v1/purchaseinvoices/einvoicingstatus/{id}': {
    description:
      'Answers a supplier invoice received through the platform, as a CDAR status sent to it: action TakenOver (204), Approved (205), Disputed (207) or Refused (210), both with a reasonCode, or PaymentSent (211). 400 for an invoice not received through the platform.',
    ok: 'The timeline of the purchase invoice',
  },
  'GET /v1/purchaseinvoices/einvoicingstatuses/{id}': {
    description: 'The lifecycle statuses of a purchase invoice received through the platform, its own answers included.',
    ok: 'The timeline',
  },
  'POST /v1/einvoicing/directory/customers/{id}': {
    description:
      "Looks the customer up by SIREN in the platform's Directory Service and stores the electronic address found as companyInformations.electronicAddress (BT-49); says so when the customer is not in the directory.",
    ok: 'What the directory said',
  },
  'GET /v1/webhooks': { description: 'Lists the webhooks of the account.', ok: 'The webhooks' },
  'POST /v1/webhooks': {
    description:
      'Registers a webhook: a name, an absolute http(s) URL that resolves to public addresses only (loopback and private addresses are refused) and the event types to deliver. The answer (201) carries the secret that signs the deliveries; 409 when the account already has the most webhooks allowed.',
    ok: 'The webhook, with its signing secret',
    example: { name: 'Comptabilité', url: 'https://hooks.atelier-numerique.fr/facturier', types: ['InvoiceCreated', 'InvoiceUpdated'] },
  },
  'PUT /v1/webhooks/{id}': {
    description:
      'Changes a webhook in place (Facturier extension): its name, URL (checked as at registration: absolute http(s), public addresses only) and event types. The signing secret and the deliveries are kept: a pending delivery goes to the new URL at its next attempt, the new types apply to the events after the change. The record as GET answers it is accepted (`id` and a null `secretKey` ignored); a new secret means deleting and registering again. 404 for an unknown id.',
    ok: 'The webhook as changed (secretKey null)',
    example: {
      name: 'Comptabilité',
      url: 'https://hooks.atelier-numerique.fr/facturier/v2',
      types: ['InvoiceCreated', 'InvoiceFinalized'],
    },
  },
  'DELETE /v1/webhooks': {
    description: 'Unregisters a webhook, by `id` or (id absent or 0) by `url`; its pending deliveries are dropped. 404 when none matches.',
    ok: 'Unregistered',
  },
  'GET /v1/webhooks/{id}/deliveries': {
    description: 'Lists the deliveries of a webhook, newest first, a page at a time, each with its latest attempts (status, answer, time).',
    ok: 'A page of deliveries',
  },
  'POST /v1/webhooks/{id}/deliveries/{deliveryId}/redeliver': {
    description: 'Delivers an event again, now, with the same event id (receivers recognise a repeat). Takes no body.',
    ok: 'The delivery',
  },
  'POST /v1/saleinvoices/send/{id}': {
    description:
      "Sends the invoice by e-mail with its PDF, using the account's templates (Settings.emailing.invoices), to the addresses of the body (an array; empty or no body: the customer's address). Answers once the message is queued; follow it with GET /v1/emails/{id}. 503 when no mail transport is configured.",
    ok: 'The queued e-mail',
    example: ['compta@boulangerie-dupont.fr'],
  },
  'POST /v1/salecredits/send/{id}': {
    description:
      "Sends the credit note by e-mail with its PDF, using the account's templates (Settings.emailing.credits), to the addresses of the body (an array; empty or no body: the customer's address). Answers once the message is queued; follow it with GET /v1/emails/{id}. 503 when no mail transport is configured.",
    ok: 'The queued e-mail',
    example: ['compta@boulangerie-dupont.fr'],
  },
  'GET /v1/emails': {
    description:
      'Lists the e-mails the send endpoints queued for the account, newest first, a page at a time, with their status (Queued, Sent, Failed), attempts and last error. Filters: DocumentType and DocumentId (the e-mails of one document), Status (e.g. Failed, to find what did not reach its recipient). Paging headers give the total and the next and previous pages.',
    ok: 'A page of e-mails',
  },
  'GET /v1/emails/{id}': {
    description: 'Reads an e-mail queued by a send endpoint, with its status (Queued, Sent, Failed).',
    ok: 'The e-mail',
  },
  'POST /v1/saleinvoices/remind/{id}': {
    description:
      'Sends the next reminder (relance) of the schedule (Settings.reminders.steps) now, by e-mail with the PDF, whatever its date: the amount still due, the formal notice with the late-payment mentions (art. L441-10 Code de commerce) for a business. 400 with the reason for a draft, paid, cancelled or disputed invoice, a customer switched off or without e-mail address, or when every step was sent; 409 when another request just sent it.',
    ok: 'The reminder recorded, with the e-mail queued',
  },
  'GET /v1/saleinvoices/reminders/{id}': {
    description:
      "An invoice's reminders: those sent (history), each step of the schedule with its date, status (Sent, Due, Scheduled, Skipped) and a preview of its e-mail, and whether a reminder can be sent now, or why not.",
    ok: 'The reminder plan of the invoice',
  },
  'POST /v1/reminders/preview': {
    description:
      "Renders a reminder step's subject and body as they would be sent, before saving it in Settings.reminders: with an invoice's values (invoiceId) or sample ones. 400 naming an unknown placeholder.",
    ok: 'The rendered subject and body',
    example: {
      subject: 'Rappel : facture {number}',
      body: 'Bonjour {customer},\nReste dû : {amountDue} ({daysLate} jours de retard).',
      formalNotice: false,
    },
  },
  'GET /v1/recurringinvoices': { description: 'Lists the recurring invoice models, paged.', ok: 'The models' },
  'POST /v1/recurringinvoices': {
    description:
      'Creates a recurring invoice model: the customer, the invoice to issue (the body of POST /v1/saleinvoices without customerId and date), the frequency (Monthly, Quarterly, Yearly, EveryNDays with intervalDays), the start, an end date and/or a count, the day of issue, and the mode (Draft, Finalize, FinalizeAndSend). The worker issues each occurrence once, on its day, catching up missed ones.',
    ok: 'The model',
    example: {
      customerId: 1,
      invoice: { subject: 'Hébergement mensuel', lines: [{ productNumber: 'HEB-MOIS', quantity: 1 }] },
      frequency: 'Monthly',
      startDate: '2027-01-01',
      dayOfIssue: 1,
      count: 12,
      mode: 'Finalize',
    },
  },
  'GET /v1/recurringinvoices/{id}': {
    description: 'Reads a recurring invoice model, with its status, the invoices issued and the next date.',
    ok: 'The model',
  },
  'PUT /v1/recurringinvoices/{id}': {
    description:
      'Replaces a recurring invoice model; the occurrences already issued stay counted and the calendar goes on from the next one. A model stopped because its customer was deleted resumes with the customer given.',
    ok: 'The model',
    example: {
      customerId: 1,
      invoice: { subject: 'Hébergement mensuel', lines: [{ productNumber: 'HEB-MOIS', quantity: 1 }] },
      frequency: 'Monthly',
      startDate: '2027-01-01',
      dayOfIssue: 1,
      count: 12,
      mode: 'Finalize',
    },
  },
  'DELETE /v1/recurringinvoices/{id}': { description: 'Deletes a recurring invoice model; the invoices it issued stay.', ok: 'Deleted' },
  'GET /v1/recurringinvoices/{id}/invoices': {
    description:
      'The occurrences a model issued: their date, the invoice made, and what went wrong if anything (finalization refused: the invoice stays a draft).',
    ok: 'The occurrences',
  },
};
