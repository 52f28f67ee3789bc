// Sale documents as files: the PDF download (Factur-X for finalized documents, a BROUILLON without
// XML for drafts), the PDF stored at finalization, and the e-invoicing conformance check of drafts.
// A finalized document's PDF is rendered once, on its first download, from the snapshot frozen at
// finalization (seller identity, payment means, the logo it was issued with), and kept byte for
// byte with its SHA-256 (document_files): from then on it is only read, and it never changes.
// Rendering is kept out of finalization so that the numbering lock is held for milliseconds, and off
// the event loop (tasks.ts, on the worker threads) so that a long document never delays other requests.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Trx } from '../../db/transaction.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { IssuedDocument } from '../../rendering/model.js';
import { LOGO_BOX } from '../../rendering/pdf.js';
import { reencodeImage, type ReencodeResult } from '../../images/reencode.js';
import { TaskLimitError, type WorkerPool } from '../../workers/pool.js';
import type { Task } from '../../workers/task.js';
import { sellerFromSettings, toIssuedDocument } from '../sales/index.js';
import type { CheckResult } from '../../einvoicing/check.js';
import { ConflictError, NotFoundError, NotImplementedError, UnavailableError } from '../../errors.js';
import type { DocumentKind } from '../sales/index.js';
import { parseData } from '../sales/index.js';
import { getDocumentRow, vouchedDocument, type DocumentRow } from '../sales/index.js';
import type { Keyring } from '../audit/index.js';
import { getAccountLogo, getAccountSettings, getLogoVersion, type AccountSettings } from '../settings/index.js';
import * as repo from './repo.js';
import { checkConformance, ciiOf, renderPdf } from './tasks.js';
import { validateRemotely } from './validator.js';

export interface DocumentsContext {
  db: Db;
  config: Pick<Config, 'einvoicingCheck' | 'einvoicingValidatorUrl'>;
  /** Where a logo left out of a PDF is reported. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  workers: WorkerPool;
  /** The audit keys: a finalized document's PDF is stored only from a row its audit trail vouches for. */
  keyring: Keyring;
}

/** Pixels per point of the logo box: sharp at 288 dpi, and a bounded amount of work for PDFKit. */
const LOGO_PIXELS_PER_POINT = 4;
/** Logos stored by older versions were limited to 1 MB; this bound only guards the decoder. */
const MAX_STORED_LOGO_BYTES = 5 * 1024 * 1024;

/**
 * The logos last prepared for PDFs, by the SHA-256 of the stored bytes: a draft is rendered on
 * every download, and shrinking a large logo takes tens of milliseconds. A few hundred entries of
 * at most 680×208 pixels each.
 */
const preparedLogos = new Map<string, Promise<ReencodeResult>>();
const PREPARED_LOGOS_KEPT = 200;

function prepareLogo(stored: Uint8Array): Promise<ReencodeResult> {
  const key = sha256(stored);
  let prepared = preparedLogos.get(key);
  if (!prepared) {
    const fitWithin = { width: LOGO_BOX.width * LOGO_PIXELS_PER_POINT, height: LOGO_BOX.height * LOGO_PIXELS_PER_POINT };
    prepared = reencodeImage(stored, { accept: ['image/png', 'image/jpeg'], maxBytes: MAX_STORED_LOGO_BYTES, fitWithin });
    if (preparedLogos.size >= PREPARED_LOGOS_KEPT) preparedLogos.delete(preparedLogos.keys().next().value!);
    preparedLogos.set(key, prepared);
  }
  return prepared;
}

const LABEL: Record<DocumentKind, string> = { Invoice: 'Invoice', Credit: 'Credit' };

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The snapshot of a stored document: seller frozen at finalization, current settings for a draft. */
export async function issuedDocumentOf(
  db: Trx,
  accountId: number,
  kind: DocumentKind,
  row: DocumentRow,
  settings?: AccountSettings,
): Promise<IssuedDocument> {
  const s = settings ?? (await getAccountSettings(db, accountId));
  const data = parseData(row);
  const isDraft = Boolean(row.isDraft);
  const frozen = !isDraft ? data.seller : undefined;
  const seller = frozen ?? sellerFromSettings(s);
  // A finalized document shows the logo it was issued with, not the account's current one.
  const logo =
    frozen && frozen.logoToken !== undefined
      ? frozen.logoToken
        ? await getLogoVersion(db, accountId, frozen.logoToken)
        : null
      : await getAccountLogo(db, accountId);
  const paymentMethod = frozen?.paymentMethod ?? s.sales.paymentMethod;
  return toIssuedDocument(kind, { isDraft, data }, seller, { paymentMethod, logo: logo?.content ?? null });
}

/**
 * The document with its logo decoded and re-encoded first, never with stored bytes as they are (a
 * row of an older version may hold a corrupt or oversized image, which PDFKit's decoder would throw
 * on outside any try/catch). A logo that cannot be decoded is left out, with a warning: the document
 * stays downloadable, a finalized one above all. (sharp works on its own threads, not the event loop.)
 */
async function withPreparedLogo(ctx: DocumentsContext, accountId: number, row: DocumentRow, doc: IssuedDocument): Promise<IssuedDocument> {
  let logo: Uint8Array | null = null;
  if (doc.logo && doc.logo.length > 0) {
    const result = await prepareLogo(doc.logo);
    if (result.ok) logo = result.image.content;
    else {
      ctx.log?.warn(
        { accountId, documentId: row.id, number: row.number, isDraft: Boolean(row.isDraft), problem: result.problem },
        'the logo cannot be rendered and is left out of the PDF; upload it again (PUT /v1/settings, company.logoUri)',
      );
    }
  }
  return { ...doc, logo };
}

/**
 * Runs a task of tasks.ts on a worker thread. A document too long to render or check within the
 * limits (WORKER_TIMEOUT_MS, WORKER_MEMORY_MB) is stopped there and answered with a 503 saying so.
 */
async function onWorker<R>(workers: WorkerPool, what: string, task: Task<[IssuedDocument], R>, doc: IssuedDocument): Promise<R> {
  try {
    return await workers.run(task, [doc]);
  } catch (err) {
    if (!(err instanceof TaskLimitError)) throw err;
    const limit =
      err.limit === 'time'
        ? `took longer than the ${workers.options.timeoutMs / 1000} s allowed`
        : `needed more than the ${workers.options.memoryMb} MB of memory allowed`;
    throw new UnavailableError(`${what} of this ${doc.lines.length}-line document ${limit}; it was stopped.`);
  }
}

/** The PDF of the document, rendered on a worker thread (Factur-X with its CII once finalized). */
async function renderOnWorker(ctx: DocumentsContext, accountId: number, row: DocumentRow, doc: IssuedDocument): Promise<Buffer> {
  const bytes = await onWorker(ctx.workers, 'Rendering the PDF', renderPdf, await withPreparedLogo(ctx, accountId, row, doc));
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

async function storeFile(db: Trx, accountId: number, documentId: number, pdf: Buffer): Promise<void> {
  await repo.insertFile(db, {
    documentId,
    accountId,
    contentType: 'application/pdf',
    size: pdf.length,
    sha256: sha256(pdf),
    content: pdf,
    createdAt: new Date().toISOString(),
  });
}

/** "F-2026-00001" -> a file name safe in a Content-Disposition header. */
function fileNameOf(number: string): string {
  return `${number.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`;
}

export interface DownloadedFile {
  fileName: string;
  content: Buffer;
  sha256: string;
}

export async function downloadSaleDocument(
  ctx: DocumentsContext,
  accountId: number,
  kind: DocumentKind,
  id: number,
): Promise<DownloadedFile> {
  const db = ctx.db.kysely;
  const row = await getDocumentRow(db, accountId, kind, id);
  if (!row) throw new NotFoundError(LABEL[kind], id);
  if (row.isDraft) {
    const content = await renderOnWorker(ctx, accountId, row, await issuedDocumentOf(db, accountId, kind, row));
    return { fileName: `brouillon-${row.id}.pdf`, content, sha256: sha256(content) };
  }
  let file = await repo.getFile(db, accountId, row.id);
  if (!file) {
    // Rendered once, from the frozen snapshot, and kept: never from a row changed behind the
    // application's back (409), which would fix a forged document into the stored PDF.
    const vouched = (await vouchedDocument(ctx.db, ctx.keyring, accountId, kind, row.id)) ?? row;
    await storeFile(
      db,
      accountId,
      row.id,
      await renderOnWorker(ctx, accountId, vouched, await issuedDocumentOf(db, accountId, kind, vouched)),
    );
    file = (await repo.getFile(db, accountId, row.id))!;
  }
  return { fileName: fileNameOf(row.number ?? String(row.id)), content: Buffer.from(file.content), sha256: file.sha256 };
}

/**
 * The spec's conformance check: renders the CII of the draft as it is now and judges it. It never
 * finalizes, numbers, stores or transmits anything.
 */
export async function checkDraft(ctx: DocumentsContext, accountId: number, kind: DocumentKind, id: number): Promise<CheckResult> {
  if (ctx.config.einvoicingCheck === 'off') {
    throw new NotImplementedError('The e-invoicing conformance check is disabled on this server (EINVOICING_CHECK=off).');
  }
  const db = ctx.db.kysely;
  const row = await getDocumentRow(db, accountId, kind, id);
  if (!row) throw new NotFoundError(LABEL[kind], id);
  if (!row.isDraft) {
    throw new ConflictError(
      `${LABEL[kind]} ${row.number} is finalized: the check re-renders from current data, so it applies to drafts only.`,
    );
  }
  // The XML carries no logo: its bytes need not travel to the worker.
  const doc = { ...(await issuedDocumentOf(db, accountId, kind, row)), logo: null };
  const validatorUrl = ctx.config.einvoicingValidatorUrl;
  if (validatorUrl) return validateRemotely(validatorUrl, await onWorker(ctx.workers, 'Writing the e-invoice', ciiOf, doc));
  return onWorker(ctx.workers, 'The conformance check', checkConformance, doc);
}
