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
import {
  decodeSnapshot,
  draftCheck,
  draftCii,
  draftPdf,
  getDocumentWithStoredSnapshot,
  sellerFromSettings,
  toIssuedDocument,
} from '../sales/index.js';
import type { StoredDocumentRow, StoredDraft } from '../sales/index.js';
import type { CheckResult } from '../../einvoicing/check.js';
import { ConflictError, NotFoundError, NotImplementedError, UnavailableError } from '../../errors.js';
import type { DocumentKind } from '../sales/index.js';
import { parseData, prospectiveNumber } from '../sales/index.js';
import { getDocumentRow, vouchedDocument, type DocumentRow } from '../sales/index.js';
import type { Keyring } from '../audit/index.js';
import { getAccountLogo, getAccountSettings, getLogoVersion } from '../settings/index.js';
import * as repo from './repo.js';
import { renderPdf } from './tasks.js';
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

/**
 * A stored logo as a PDF may draw it (decoded, re-encoded and shrunk, cached like the sale documents'
 * logos), or null when it cannot be decoded. Quotes (src/modules/quotes) render their PDF with it.
 */
export async function logoForPdf(stored: Uint8Array | null | undefined): Promise<Uint8Array | null> {
  if (!stored || stored.length === 0) return null;
  const result = await prepareLogo(stored);
  return result.ok ? result.image.content : null;
}

const LABEL: Record<DocumentKind, string> = { Invoice: 'Invoice', Credit: 'Credit' };

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The snapshot of a stored document: seller frozen at finalization, current settings for a draft. */
export async function issuedDocumentOf(db: Trx, accountId: number, kind: DocumentKind, row: DocumentRow): Promise<IssuedDocument> {
  const s = await getAccountSettings(db, accountId);
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
 * The logo decoded and re-encoded first, never the stored bytes as they are (a row of an older
 * version may hold a corrupt or oversized image, which PDFKit's decoder would throw on outside any
 * try/catch). A logo that cannot be decoded is left out, with a warning: the document stays
 * downloadable, a finalized one above all. (sharp works on its own threads, not the event loop.)
 */
async function preparedLogo(
  ctx: DocumentsContext,
  accountId: number,
  row: Pick<DocumentRow, 'id' | 'number' | 'isDraft'>,
  stored: Uint8Array | null,
): Promise<Uint8Array | null> {
  if (!stored || stored.length === 0) return null;
  const result = await prepareLogo(stored);
  if (result.ok) return result.image.content;
  ctx.log?.warn(
    { accountId, documentId: row.id, number: row.number, isDraft: Boolean(row.isDraft), problem: result.problem },
    'the logo cannot be rendered and is left out of the PDF; upload it again (PUT /v1/settings, company.logoUri)',
  );
  return null;
}

/**
 * Runs a task on a worker thread. A document too long to render or check within the limits
 * (WORKER_TIMEOUT_MS, WORKER_MEMORY_MB) is stopped there and answered with a 503 saying so.
 */
async function onWorker<A, R>(workers: WorkerPool, what: string, task: Task<[A], R>, input: A, which: () => string): Promise<R> {
  try {
    return await workers.run(task, [input]);
  } catch (err) {
    if (!(err instanceof TaskLimitError)) throw err;
    const limit =
      err.limit === 'time'
        ? `took longer than the ${workers.options.timeoutMs / 1000} s allowed`
        : `needed more than the ${workers.options.memoryMb} MB of memory allowed`;
    throw new UnavailableError(`${what} of ${which()} ${limit}; it was stopped.`);
  }
}

/**
 * "this 1000-line document", for the message of a draft stopped at a limit: its snapshot is parsed
 * here only then, after the worker spent seconds on it, never on the way to the worker.
 */
function draftSize(draft: StoredDraft): () => string {
  return () => {
    try {
      const lines = (JSON.parse(decodeSnapshot(draft.data)) as { lines?: unknown[] }).lines;
      return `this ${lines?.length ?? 0}-line document`;
    } catch {
      return `draft ${draft.id}`;
    }
  };
}

/**
 * What a worker needs to render or check a draft: the snapshot as stored (the worker inflates and
 * parses it), the account's current seller identity and its logo, decoded and re-encoded first.
 */
async function storedDraftOf(
  ctx: DocumentsContext,
  accountId: number,
  kind: DocumentKind,
  row: StoredDocumentRow,
  withLogo: boolean,
): Promise<StoredDraft> {
  const db = ctx.db.kysely;
  const s = await getAccountSettings(db, accountId);
  const logo = withLogo ? await preparedLogo(ctx, accountId, row, (await getAccountLogo(db, accountId))?.content ?? null) : null;
  return { kind, id: row.id, data: row.data, seller: sellerFromSettings(s), paymentMethod: s.sales.paymentMethod, logo };
}

/** The Factur-X PDF of a finalized document, rendered on a worker thread. */
async function renderOnWorker(ctx: DocumentsContext, accountId: number, row: DocumentRow, doc: IssuedDocument): Promise<Buffer> {
  const input = { ...doc, logo: await preparedLogo(ctx, accountId, row, doc.logo ?? null) };
  const bytes = await onWorker(ctx.workers, 'Rendering the PDF', renderPdf, input, () => `this ${doc.lines.length}-line document`);
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
  // The snapshot is left as stored: a draft's is decoded on the worker thread that renders it, and a
  // finalized document's PDF is read from its stored file.
  const row = await getDocumentWithStoredSnapshot(db, accountId, kind, id);
  if (!row) throw new NotFoundError(LABEL[kind], id);
  if (row.isDraft) {
    const draft = await storedDraftOf(ctx, accountId, kind, row, true);
    const bytes = await onWorker(ctx.workers, 'Rendering the PDF', draftPdf, draft, draftSize(draft));
    const content = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { fileName: `brouillon-${row.id}.pdf`, content, sha256: sha256(content) };
  }
  let file = await repo.getFile(db, accountId, row.id);
  if (!file) {
    // Rendered once, from the frozen snapshot, and kept: never from a row changed behind the
    // application's back (409), which would fix a forged document into the stored PDF.
    const vouched =
      (await vouchedDocument(ctx.db, ctx.keyring, accountId, kind, row.id)) ?? (await getDocumentRow(db, accountId, kind, id));
    if (!vouched) throw new NotFoundError(LABEL[kind], id);
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
  const row = await getDocumentWithStoredSnapshot(db, accountId, kind, id);
  if (!row) throw new NotFoundError(LABEL[kind], id);
  if (!row.isDraft) {
    throw new ConflictError(
      `${LABEL[kind]} ${row.number} is finalized: the check re-renders from current data, so it applies to drafts only.`,
    );
  }
  // The XML carries no logo: its bytes need not travel to the worker. BT-1 is the number the draft
  // would receive now (BR-FR-01/02 judge it), not a placeholder.
  const draft = await storedDraftOf(ctx, accountId, kind, row, false);
  draft.number = await prospectiveNumber(ctx.db.kysely, accountId, kind, row.date, await getAccountSettings(ctx.db.kysely, accountId));
  const validatorUrl = ctx.config.einvoicingValidatorUrl;
  if (validatorUrl)
    return validateRemotely(validatorUrl, await onWorker(ctx.workers, 'Writing the e-invoice', draftCii, draft, draftSize(draft)));
  return onWorker(ctx.workers, 'The conformance check', draftCheck, draft, draftSize(draft));
}
