// Purchase invoices created from an uploaded file. A Factur-X/ZUGFeRD PDF, or a CII or UBL XML
// invoice, is read into the purchase invoice (supplier matched or created, reference, date, amounts,
// reverse charge, VAT lines: status Done); any other PDF is stored with what can be known (status
// Pending). The original bytes are kept unchanged for download. Uploaded files are untrusted: every
// failure to read them is a 400 naming `file`, never a 500. Reading them runs on a worker thread
// (tasks.ts), with a time and memory limit: a file over either is refused like any unreadable file.
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import { transaction, type Trx } from '../../db/transaction.js';
import type { Database } from '../../db/schema.js';
import type { IncomingInvoice, IncomingParty, IncomingVat } from './cii-read.js';
import { todayIn } from '../../domain/dates.js';
import { vatRegionOfAddress } from '../../domain/countries.js';
import { normalizeIdentifier, siretProblem, sirenProblem, vatNumberProblem } from '../../domain/identifiers.js';
import { ZERO } from '../../domain/money.js';
import { purchaseAmounts } from './incoming.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { getAccountSettings } from '../settings/index.js';
import type { SupplierT } from '../suppliers/index.js';
import { findSupplierByIdentity, suppliers } from '../suppliers/index.js';
import { TaskLimitError, type WorkerPool } from '../../workers/pool.js';
import * as repo from './repo.js';
import { ownedBuffer } from '../../workers/task.js';
import { readUpload, type ReadUpload, type UploadSource } from './tasks.js';
import { limitSubject, type ExpenseStatusT, type PurchaseInvoiceT } from './schemas.js';
import { emit } from '../../jobs/outbox.js';
import { presentPurchases } from './ledger.js';

export const MAX_PURCHASE_FILE_BYTES = 20 * 1024 * 1024;

export interface PurchasesContext {
  db: Db;
  publicUrl: string | null;
  workers: WorkerPool;
}

export interface UploadedFile {
  content: Buffer;
  fileName: string | null;
  /** Euros for one unit of the invoice's currency, given with the upload (field `exchangeRate`). */
  exchangeRate?: string | null;
}

/** What is kept in purchase_invoices.data: the wire fields without columns, and what was read. */
interface StoredPurchase {
  /** Set when the supplier's identifiers were kept as given without our checks accepting them. */
  supplierIdentifiers?: SupplierIdentifiers | null;
  subject: string | null;
  notes: string | null;
  region: PurchaseInvoiceT['region'];
  source: UploadSource;
  invoice: {
    syntax: IncomingInvoice['syntax'];
    profile: string | null;
    typeCode: string;
    isCredit: boolean;
    issueDate: string | null;
    issueDateText: string | null;
    currency: string | null;
    /** The currency of the stored amounts: EUR, or the invoice's own when they could not be converted. */
    amountsCurrency: string;
    taxCurrency: string | null;
    taxAmountInTaxCurrency: string | null;
    taxInclusiveAmount: string | null;
    dueDate: string | null;
    taxExclusiveAmount: string | null;
    taxAmount: string | null;
    seller: IncomingParty;
    buyer: IncomingParty;
    vats: IncomingVat[];
  } | null;
}

function fileError(message: string): ValidationError {
  return ValidationError.field('file', message);
}

/**
 * The file read on a worker thread; a file that needs more time or memory than allowed is refused.
 * Its bytes move to the worker and back instead of being copied (20 MB would take the event loop
 * tens of milliseconds each way): `content` is empty afterwards, the result holds them.
 */
async function readFile(workers: WorkerPool, content: Buffer): Promise<ReadUpload & { content: Buffer }> {
  const owned = ownedBuffer(content);
  try {
    const read = await workers.run(readUpload, [content], { transfer: owned ? [owned] : [] });
    return { ...read, content: Buffer.from(read.content.buffer, read.content.byteOffset, read.content.byteLength) };
  } catch (err) {
    if (!(err instanceof TaskLimitError)) throw err;
    throw fileError(
      err.limit === 'time'
        ? `reading the file took longer than the ${workers.options.timeoutMs / 1000} s allowed; it is refused`
        : `reading the file needed more than the ${workers.options.memoryMb} MB of memory allowed; it is refused`,
    );
  }
}

/**
 * Identifiers of the supplier as the file gives them, kept with the purchase when our checks do not
 * know them (a Norwegian `…MVA` VAT number, a German tax number, a country code we do not know):
 * stored as given and flagged `verified: false`, never dropped.
 */
export interface SupplierIdentifiers {
  siret: string | null;
  vatNumber: string | null;
  countryIso: string | null;
  verified: boolean;
  /** Why our checks did not accept them, as the supplier rules said. */
  problems: string[];
}

/** How the supplier was found: `matched` when an existing one was taken, with the name it has. */
interface SupplierChoice {
  supplier: SupplierT | null;
  matched: boolean;
  /** What the supplier rules said of the identifiers when the supplier was created. */
  refused: string[];
}

/** The supplier the invoice names: matched by SIREN, VAT number or name, created when unknown. */
async function supplierFor(trx: Trx, accountId: number, seller: IncomingParty): Promise<SupplierChoice> {
  const found = await findSupplierByIdentity(trx, accountId, {
    siren: seller.siret ?? seller.siren,
    vatNumber: seller.vatNumber,
    name: seller.name,
  });
  if (found) return { supplier: found, matched: true, refused: [] };
  if (!seller.name) return { supplier: null, matched: false, refused: [] };
  const countryIso = seller.countryIso ? seller.countryIso.slice(0, 2).toUpperCase() : null;
  const siret = seller.siret ?? seller.siren;
  const address = countryIso ? { countryIso } : null;
  try {
    const supplier = (
      await suppliers.createIn(trx, accountId, {
        name: seller.name.slice(0, 200),
        address,
        companyInformations: { siret, vatNumber: seller.vatNumber },
      })
    ).value;
    return { supplier, matched: false, refused: [] };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    // Identifiers or country the supplier rules refuse (a foreign VAT number, a bad check digit…):
    // the supplier keeps what they accept, the purchase keeps everything as given, flagged.
    const refused = (field: string) => err.fields.some((f) => f.field.startsWith(field));
    const supplier = (
      await suppliers.createIn(trx, accountId, {
        name: seller.name.slice(0, 200),
        address: refused('address') ? null : address,
        companyInformations: {
          siret: refused('companyInformations.siret') ? null : siret,
          vatNumber: refused('companyInformations.vatNumber') ? null : seller.vatNumber,
        },
      })
    ).value;
    return { supplier, matched: false, refused: err.fields.map((f) => `${f.field}: ${f.message}`) };
  }
}

/**
 * The seller's identifiers exactly as the file gives them, on every purchase read from a file that
 * gives one; `verified` only when our checks accept them and the supplier's record carries them.
 */
function identifiersOf(seller: IncomingParty, choice: SupplierChoice): SupplierIdentifiers | null {
  const siret = seller.siret ?? seller.siren;
  const countryIso = seller.countryIso ? seller.countryIso.slice(0, 2).toUpperCase() : null;
  if (!siret && !seller.vatNumber) return null;
  const problems = [...choice.refused];
  const record = choice.supplier?.companyInformations;
  if (siret) {
    const digits = normalizeIdentifier(siret);
    const problem = digits.length === 9 ? sirenProblem(digits) : siretProblem(digits);
    if (problem && !problems.some((p) => p.startsWith('companyInformations.siret'))) problems.push(`siret: ${problem}`);
    const onRecord = record?.siret ? normalizeIdentifier(record.siret) : null;
    if (!problem && onRecord !== digits && onRecord?.slice(0, 9) !== digits) {
      problems.push(`siret: the supplier's record has ${onRecord ? `another one (${record!.siret})` : 'none'}`);
    }
  }
  if (seller.vatNumber) {
    const vat = normalizeIdentifier(seller.vatNumber);
    const problem = vatNumberProblem(vat);
    if (problem && !problems.some((p) => p.startsWith('companyInformations.vatNumber'))) problems.push(`vatNumber: ${problem}`);
    const onRecord = record?.vatNumber ? normalizeIdentifier(record.vatNumber) : null;
    if (!problem && onRecord !== vat)
      problems.push(`vatNumber: the supplier's record has ${onRecord ? `another one (${record!.vatNumber})` : 'none'}`);
  }
  return { siret, vatNumber: seller.vatNumber, countryIso, verified: problems.length === 0, problems };
}

const comparable = (name: string | null | undefined) =>
  (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** What the notes say of an invoice read from a file, beyond its amounts. */
function readingNotes(invoice: IncomingInvoice, source: UploadSource, choice: SupplierChoice, ids: SupplierIdentifiers | null): string[] {
  const seller = invoice.seller;
  const notes = [
    `Lu depuis ${source.format === 'Factur-X' ? `le fichier ${source.embeddedFileName} du PDF` : `le XML ${source.format}`}${invoice.syntax === 'CII' || invoice.syntax === 'UBL' ? '' : ` (${invoice.syntax})`}.`,
  ];
  if (invoice.isCredit) notes.push('Document de type avoir.');
  if (!invoice.issueDate) {
    notes.push(
      invoice.issueDateText
        ? `Date de facture illisible (« ${invoice.issueDateText.slice(0, 40)} ») : la date du jour est mise en attendant.`
        : 'Pas de date de facture dans le fichier : la date du jour est mise en attendant.',
    );
  }
  if (choice.matched && choice.supplier && seller.name && comparable(choice.supplier.name) !== comparable(seller.name)) {
    notes.push(`Fournisseur reconnu par ses identifiants : « ${choice.supplier.name} » dans la fiche, « ${seller.name} » sur la facture.`);
  }
  if (ids && !ids.verified) {
    notes.push(
      `Identifiants du fournisseur conservés tels que donnés, non vérifiés : ${[ids.vatNumber, ids.siret, ids.countryIso].filter(Boolean).join(', ')}.`,
    );
  }
  if (seller.otherIds.length) notes.push(`Autres identifiants du fournisseur : ${seller.otherIds.slice(0, 10).join(', ')}.`);
  return notes;
}

/**
 * A purchase invoice read from a file. `within` runs in the transaction that writes it, after it is
 * written (the e-invoicing platform module records there which flow it came from: both or neither).
 */
export async function createFromFile(
  ctx: PurchasesContext,
  accountId: number,
  file: UploadedFile,
  within?: (trx: Trx, purchase: PurchaseInvoiceT, invoice: IncomingInvoice | null) => Promise<void>,
): Promise<PurchaseInvoiceT> {
  if (file.content.length === 0) throw fileError('the file is empty');
  if (file.content.length > MAX_PURCHASE_FILE_BYTES) throw fileError(`the file is larger than ${MAX_PURCHASE_FILE_BYTES / 1024 / 1024} MB`);
  const { invoice, source, contentType, sha256, content, unread } = await readFile(ctx.workers, file.content);

  if (file.exchangeRate) {
    const currency = (invoice?.currency ?? 'EUR').toUpperCase();
    if (!invoice) throw ValidationError.field('exchangeRate', 'the file holds no e-invoice whose amounts a rate could convert');
    if (currency === 'EUR') throw ValidationError.field('exchangeRate', 'the invoice is in EUR: no exchange rate applies');
  }
  const settings = await getAccountSettings(ctx.db.kysely, accountId);
  const today = todayIn(settings.general.timezone || 'Europe/Paris');
  // The supplier found or created and the purchase are written together: nothing stays of either
  // when the other fails.
  return transaction(ctx.db, async (trx) => {
    const choice: SupplierChoice = invoice
      ? await supplierFor(trx, accountId, invoice.seller)
      : { supplier: null, matched: false, refused: [] };
    const supplier = choice.supplier;
    const identifiers = invoice ? identifiersOf(invoice.seller, choice) : null;
    const amounts = invoice ? purchaseAmounts(invoice, file.exchangeRate ?? null) : null;
    const notes =
      invoice && amounts
        ? [...readingNotes(invoice, source, choice, identifiers), ...amounts.notes].join(' ').slice(0, 4000)
        : unread && `Le XML joint au PDF n'a pas été lu comme une facture (${unread.slice(0, 300)}) : à compléter.`;
    // Done only when the structured invoice said everything the expense needs, in euros, consistently.
    const status: ExpenseStatusT =
      invoice && amounts && supplier && invoice.issueDate && amounts.inEuros && !amounts.inconsistent ? 'Done' : 'Pending';
    const data: StoredPurchase = {
      supplierIdentifiers: identifiers,
      subject: limitSubject(
        invoice
          ? `${invoice.isCredit ? 'Avoir' : 'Facture'} ${invoice.number}${invoice.seller.name ? ` – ${invoice.seller.name}` : ''}`
          : file.fileName,
      ),
      notes,
      region: (invoice?.seller.countryIso && vatRegionOfAddress(invoice.seller.countryIso.toUpperCase())) || 'FR',
      source,
      invoice: invoice &&
        amounts && {
          syntax: invoice.syntax,
          profile: invoice.profile,
          typeCode: invoice.typeCode,
          isCredit: invoice.isCredit,
          issueDate: invoice.issueDate,
          issueDateText: invoice.issueDateText,
          currency: invoice.currency,
          amountsCurrency: amounts.currency,
          taxCurrency: invoice.taxCurrency,
          taxAmountInTaxCurrency: invoice.taxAmountInTaxCurrency,
          taxInclusiveAmount: invoice.taxInclusiveAmount,
          dueDate: invoice.dueDate,
          taxExclusiveAmount: invoice.taxExclusiveAmount,
          taxAmount: invoice.taxAmount,
          seller: invoice.seller,
          buyer: invoice.buyer,
          vats: invoice.vats,
        },
    };
    const now = new Date().toISOString();
    const date = invoice?.issueDate ?? today;
    const reference = invoice ? invoice.number.slice(0, 200) : null;
    const id = await repo.insertPurchase(trx, {
      accountId,
      supplierId: supplier?.id ?? null,
      supplierName: supplier?.name ?? null,
      date,
      dueDate: invoice?.dueDate ?? null,
      reference,
      status,
      taxIncludedAmount: amounts?.taxIncluded ?? ZERO,
      taxExcludedAmount: amounts?.taxExcluded ?? null,
      vatAmount: amounts?.vat ?? null,
      vats: amounts?.vats ? JSON.stringify(amounts.vats) : null,
      classificationId: null,
      searchText: repo.searchTextOf([reference, data.subject, supplier?.name, supplier?.number]),
      vatReverseCharge: invoice?.vatReverseCharge ?? false,
      data: JSON.stringify(data),
      fileName: file.fileName ? file.fileName.slice(0, 255) : null,
      contentType,
      size: content.length,
      sha256,
      content,
      createdAt: now,
      updatedAt: now,
    });
    const row = (await repo.getPurchase(trx, accountId, id))!;
    const [out] = await presentPurchases(trx, accountId, [row], ctx.publicUrl);
    await emit(trx, accountId, 'PurchaseInvoiceCreated', out);
    await within?.(trx, out, invoice);
    return out;
  });
}

/** Whether a purchase invoice of the account exists (its date, for the platform module). */
export async function getPurchaseInvoice(
  db: Kysely<Database>,
  accountId: number,
  id: number,
): Promise<{ id: number; date: string } | null> {
  const row = await repo.getPurchase(db, accountId, id);
  return row ? { id: row.id, date: row.date } : null;
}

/** The uploaded bytes, unchanged, with the content type they were recognised as. */
export async function downloadPurchase(db: Kysely<Database>, accountId: number, id: number) {
  const file = await repo.getContent(db, accountId, id);
  if (!file) throw new NotFoundError('Purchase invoice', id);
  const extension = file.contentType === 'application/pdf' ? 'pdf' : 'xml';
  const base = (file.reference ?? `achat-${id}`).replace(/[^A-Za-z0-9._-]+/g, '-');
  return { content: Buffer.from(file.content), contentType: file.contentType, fileName: `${base}.${extension}` };
}

/**
 * A PDF upload checked as purchase uploads are (on a worker thread, within its limits): its bytes
 * and SHA-256, or a 400 naming `file`. Expense receipts use it for their PDF files.
 */
export async function checkPdfUpload(workers: WorkerPool, content: Buffer): Promise<{ content: Buffer; sha256: string }> {
  if (content.length === 0) throw fileError('the file is empty');
  const read = await readFile(workers, content);
  if (read.contentType !== 'application/pdf') throw fileError('the file is not a PDF');
  return { content: read.content, sha256: read.sha256 };
}
