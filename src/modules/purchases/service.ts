// Purchase invoices created from an uploaded file. A Factur-X/ZUGFeRD PDF, or a CII or UBL XML
// invoice, is read into the purchase invoice (supplier matched or created, reference, date, amounts,
// reverse charge, VAT lines: status Done); any other PDF is stored with what can be known (status
// Pending). The original bytes are kept unchanged for download. Uploaded files are untrusted: every
// failure to read them is a 400 naming `file`, never a 500. Reading them runs on a worker thread
// (tasks.ts), with a time and memory limit: a file over either is refused like any unreadable file.
import type Big from 'big.js';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import { transaction, type Trx } from '../../db/transaction.js';
import type { Database } from '../../db/schema.js';
import type { IncomingInvoice, IncomingParty, IncomingVat } from './cii-read.js';
import { todayIn } from '../../domain/dates.js';
import { vatRegionOfAddress } from '../../domain/countries.js';
import { round2, sum, toDecimal, ZERO } from '../../domain/money.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { getAccountSettings } from '../settings/index.js';
import type { SupplierT } from '../suppliers/index.js';
import { findSupplierByIdentity, suppliers } from '../suppliers/index.js';
import { TaskLimitError, type WorkerPool } from '../../workers/pool.js';
import * as repo from './repo.js';
import { ownedBuffer } from '../../workers/task.js';
import { readUpload, type ReadUpload, type UploadSource } from './tasks.js';
import type { ExpenseStatusT, PurchaseInvoiceT } from './schemas.js';
import { emit } from '../../jobs/outbox.js';
import { presentPurchases, type StoredVat } from './ledger.js';

export const MAX_PURCHASE_FILE_BYTES = 20 * 1024 * 1024;

export interface PurchasesContext {
  db: Db;
  publicUrl: string | null;
  workers: WorkerPool;
}

export interface UploadedFile {
  content: Buffer;
  fileName: string | null;
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
    typeCode: string;
    currency: string | null;
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

/** The supplier the invoice names: matched by SIREN, VAT number or name, created when unknown. */
async function supplierFor(
  trx: Trx,
  accountId: number,
  seller: IncomingParty,
): Promise<{ supplier: SupplierT | null; identifiers: SupplierIdentifiers | null }> {
  const found = await findSupplierByIdentity(trx, accountId, {
    siren: seller.siret ?? seller.siren,
    vatNumber: seller.vatNumber,
    name: seller.name,
  });
  if (found) return { supplier: found, identifiers: null };
  if (!seller.name) return { supplier: null, identifiers: null };
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
    return { supplier, identifiers: null };
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
    return {
      supplier,
      identifiers: {
        siret,
        vatNumber: seller.vatNumber,
        countryIso,
        verified: false,
        problems: err.fields.map((f) => `${f.field}: ${f.message}`),
      },
    };
  }
}

/** A credit note's amounts are stored negative, whatever sign the file gave them (UBL and CII give them positive). */
const signed = (value: Big, isCredit: boolean): Big => (isCredit ? value.abs().times(-1) : value);

/** The VAT breakdown read from the file, to the cent; null when a line is unreadable. */
function vatsOf(lines: IncomingVat[], isCredit: boolean): StoredVat[] | null {
  if (!lines.length) return null;
  const out: StoredVat[] = [];
  for (const line of lines) {
    if (line.taxableAmount === null || line.taxAmount === null) return null;
    let rate: Big;
    try {
      rate = toDecimal(line.rate ?? '0');
    } catch {
      return null;
    }
    out.push({
      rate: rate.toFixed(),
      taxExcludedAmount: signed(amount(line.taxableAmount), isCredit).toFixed(2),
      vatAmount: signed(amount(line.taxAmount), isCredit).toFixed(2),
    });
  }
  return out;
}

/** Beyond what any invoice holds, and within what storage holds exactly (docs/decisions.md). */
const MAX_AMOUNT = 1e12;

/** The file's amount to the cent (half-up, as numeric(16, 2) rounds); 0 when unreadable or out of range. */
function amount(value: string | null): Big {
  if (value === null) return ZERO;
  try {
    const cents = round2(toDecimal(value));
    return cents.abs().lt(MAX_AMOUNT) ? cents : ZERO;
  } catch {
    return ZERO;
  }
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
  const { invoice, source, contentType, sha256, content } = await readFile(ctx.workers, file.content);

  const settings = await getAccountSettings(ctx.db.kysely, accountId);
  const today = todayIn(settings.general.timezone || 'Europe/Paris');
  // The supplier found or created and the purchase are written together: nothing stays of either
  // when the other fails.
  return transaction(ctx.db, async (trx) => {
    const { supplier, identifiers } = invoice ? await supplierFor(trx, accountId, invoice.seller) : { supplier: null, identifiers: null };
    const foreignCurrency = invoice?.currency && invoice.currency.toUpperCase() !== 'EUR' ? invoice.currency : null;
    const isCredit = invoice ? invoice.typeCode === '381' || invoice.typeCode === '261' || invoice.typeCode === '396' : false;
    const notes =
      [
        invoice
          ? `Lu depuis ${source.format === 'Factur-X' ? `le fichier ${source.embeddedFileName} du PDF` : `le XML ${source.format}`}.`
          : null,
        isCredit ? 'Document de type avoir.' : null,
        foreignCurrency ? `Montants en ${foreignCurrency} : à convertir.` : null,
        identifiers
          ? `Identifiants du fournisseur conservés tels que donnés, non vérifiés : ${[identifiers.vatNumber, identifiers.siret, identifiers.countryIso].filter(Boolean).join(', ')}.`
          : null,
      ]
        .filter(Boolean)
        .join(' ') || null;
    // Done only when the structured invoice said everything the expense needs, in euros.
    const status: ExpenseStatusT = invoice && supplier && invoice.issueDate && !foreignCurrency ? 'Done' : 'Pending';
    const data: StoredPurchase = {
      supplierIdentifiers: identifiers,
      subject: invoice
        ? `${isCredit ? 'Avoir' : 'Facture'} ${invoice.number}${invoice.seller.name ? ` – ${invoice.seller.name}` : ''}`.slice(0, 200)
        : file.fileName,
      notes,
      region: (invoice?.seller.countryIso && vatRegionOfAddress(invoice.seller.countryIso.toUpperCase())) || 'FR',
      source,
      invoice: invoice && {
        typeCode: invoice.typeCode,
        currency: invoice.currency,
        dueDate: invoice.dueDate,
        taxExclusiveAmount: invoice.taxExclusiveAmount,
        taxAmount: invoice.taxAmount,
        seller: invoice.seller,
        buyer: invoice.buyer,
        vats: invoice.vats,
      },
    };
    const now = new Date().toISOString();
    const date = invoice?.issueDate && /^\d{4}-\d{2}-\d{2}$/.test(invoice.issueDate) ? invoice.issueDate : today;
    const reference = invoice ? invoice.number.slice(0, 200) : null;
    const vats = invoice && !foreignCurrency ? vatsOf(invoice.vats, isCredit) : null;
    const id = await repo.insertPurchase(trx, {
      accountId,
      supplierId: supplier?.id ?? null,
      supplierName: supplier?.name ?? null,
      date,
      dueDate: invoice?.dueDate && /^\d{4}-\d{2}-\d{2}$/.test(invoice.dueDate) ? invoice.dueDate : null,
      reference,
      status,
      taxIncludedAmount: invoice ? signed(amount(invoice.taxInclusiveAmount ?? invoice.payableAmount), isCredit) : ZERO,
      taxExcludedAmount: vats ? sum(vats.map((v) => v.taxExcludedAmount)) : null,
      vatAmount: vats ? sum(vats.map((v) => v.vatAmount)) : null,
      vats: vats ? JSON.stringify(vats) : null,
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
