// Sale documents as files: the PDF download (Factur-X for finalized documents, a BROUILLON without
// XML for drafts), the PDF kept of a finalized document, and the e-invoicing conformance check of drafts.
// A finalized document's PDF is rendered once, on its first download, from the snapshot frozen at
// finalization (seller identity, payment means, the logo it was issued with), and kept byte for
// byte with its SHA-256 (document_files): from then on it is only read, and it never changes.
// Rendering is kept out of finalization so that the numbering lock is held for milliseconds, and off
// the event loop (tasks.ts, on the worker threads) so that a long document never delays other requests.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { CheckResult } from '../../einvoicing/check.js';
import { ConflictError, NotFoundError, NotImplementedError, UnavailableError } from '../../errors.js';
import { reencodeImage, type ReencodeResult } from '../../images/reencode.js';
import { LOGO_BOX } from '../../rendering/pdf.js';
import { TaskLimitError, type RunOptions, type WorkerPool } from '../../workers/pool.js';
import type { Task } from '../../workers/task.js';
import type { Keyring } from '../audit/index.js';
import { getAccountLogo, getAccountSettings, getLogoVersion } from '../settings/index.js';
import { vouchedDocument } from './audit.js';
import type { DocumentKind, SellerSnapshot } from './document.js';
import { currentAccount, issuedInput, storedDocumentOf, type IssuedInput, type IssuingAccount } from './issued.js';
import * as repo from './repo.js';
import { prospectiveNumber } from './service.js';
import { decodeSnapshot } from './snapshot-codec.js';
import { checkCii, renderPdf, writeCii } from './tasks.js';
import { validateRemotely } from './validator.js';

export interface FilesContext {
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

/**
 * The logo decoded and re-encoded first, never the stored bytes as they are (a row of an older
 * version may hold a corrupt or oversized image, which PDFKit's decoder would throw on outside any
 * try/catch). A logo that cannot be decoded is left out, with a warning: the document stays
 * downloadable, a finalized one above all. (sharp works on its own threads, not the event loop.)
 */
async function preparedLogo(
  ctx: Pick<FilesContext, 'log'>,
  accountId: number,
  row: Pick<repo.StoredDocumentRow, 'id' | 'number' | 'isDraft'>,
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
 * The account a stored document is issued with. A finalized document shows what was frozen in it at
 * finalization (`frozen`: its seller, the logo it was issued with), not the account's current
 * settings; those are read only for what a snapshot of an older version did not freeze. A draft
 * shows the account as it is now.
 */
async function issuingAccountOf(
  ctx: Pick<FilesContext, 'db' | 'log'>,
  accountId: number,
  row: Pick<repo.StoredDocumentRow, 'id' | 'number' | 'isDraft'>,
  frozen: SellerSnapshot | undefined,
  withLogo: boolean,
): Promise<IssuingAccount> {
  const db = ctx.db.kysely;
  const currentLogo = async () => (await getAccountLogo(db, accountId))?.content ?? null;
  if (!frozen) {
    const settings = await getAccountSettings(db, accountId);
    return currentAccount(settings, withLogo ? await preparedLogo(ctx, accountId, row, await currentLogo()) : null);
  }
  const paymentMethod = frozen.paymentMethod ?? (await getAccountSettings(db, accountId)).sales.paymentMethod;
  let logo: Uint8Array | null = null;
  if (withLogo) {
    const token = frozen.logoToken;
    const stored =
      token === undefined ? await currentLogo() : token ? ((await getLogoVersion(db, accountId, token))?.content ?? null) : null;
    logo = await preparedLogo(ctx, accountId, row, stored);
  }
  return { seller: null, paymentMethod, logo };
}

/**
 * The input of a task on a stored document (issued.ts): the row as stored, the account it is issued
 * with. A finalized document's data is parsed here only to find the seller frozen in it.
 */
export async function issuedInputOf(
  ctx: Pick<FilesContext, 'db' | 'log'>,
  accountId: number,
  kind: DocumentKind,
  row: repo.StoredDocumentRow,
  options: { withLogo?: boolean; number?: string | null } = {},
): Promise<IssuedInput> {
  const frozen = row.isDraft ? undefined : storedDocumentOf({ kind, id: row.id, data: row.data }).seller;
  const account = await issuingAccountOf(ctx, accountId, row, frozen, options.withLogo ?? true);
  return issuedInput(kind, row, account, options.number !== undefined ? { number: options.number } : {});
}

/**
 * Runs a task on a worker thread. A document too long to render or check within the limits
 * (WORKER_TIMEOUT_MS, WORKER_MEMORY_MB) is stopped there and answered with a 503 saying so.
 */
export async function onWorker<A extends unknown[], R>(
  workers: WorkerPool,
  what: string,
  task: Task<A, R>,
  args: A,
  options: RunOptions = {},
): Promise<R> {
  try {
    return await workers.run(task, args, options);
  } catch (err) {
    if (!(err instanceof TaskLimitError)) throw err;
    const limit =
      err.limit === 'time'
        ? `took longer than the ${workers.options.timeoutMs / 1000} s allowed`
        : `needed more than the ${workers.options.memoryMb} MB of memory allowed`;
    throw new UnavailableError(`${what} of ${sizeOf(args[0])} ${limit}; it was stopped.`);
  }
}

/**
 * "this 1000-line document", for the message of a task stopped at a limit: the snapshot is parsed
 * here only then, after the worker spent seconds on it, never on the way to the worker.
 */
function sizeOf(input: unknown): string {
  const { kind, id, data } = input as IssuedInput;
  try {
    const lines = (JSON.parse(decodeSnapshot(data)) as { lines?: unknown[] }).lines;
    return `this ${lines?.length ?? 0}-line document`;
  } catch {
    return `${kind} ${id}`;
  }
}

/** The PDF of a document or a quote, rendered on a worker thread. */
export async function renderOnWorker(workers: WorkerPool, input: IssuedInput): Promise<Buffer> {
  const bytes = await onWorker(workers, 'Rendering the PDF', renderPdf, [input]);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** "F-2026-00001" -> a file name safe in a Content-Disposition header. */
export function fileNameOf(number: string): string {
  return `${number.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`;
}

export interface DownloadedFile {
  fileName: string;
  content: Buffer;
  sha256: string;
}

/**
 * The PDF of a sale document: a draft's rendered on each download from its stored snapshot; a
 * finalized document's read from its stored file, rendered and stored on its first download.
 */
export async function downloadSaleDocument(ctx: FilesContext, accountId: number, kind: DocumentKind, id: number): Promise<DownloadedFile> {
  const db = ctx.db.kysely;
  // The snapshot is left as stored: a draft's is decoded on the worker thread that renders it, and a
  // finalized document's PDF is read from its stored file.
  const row = await repo.getDocumentWithStoredSnapshot(db, accountId, kind, id);
  if (!row) throw new NotFoundError(LABEL[kind], id);
  if (row.isDraft) {
    const content = await renderOnWorker(ctx.workers, await issuedInputOf(ctx, accountId, kind, row));
    return { fileName: `brouillon-${row.id}.pdf`, content, sha256: sha256(content) };
  }
  const fileName = fileNameOf(row.number ?? String(row.id));
  const file = await repo.getFile(db, accountId, row.id);
  if (file) return { fileName, content: Buffer.from(file.content), sha256: file.sha256 };
  // Rendered once, from the frozen snapshot, and kept: never from a row changed behind the
  // application's back (409), which would fix a forged document into the stored PDF.
  const vouched = await vouchedDocument(ctx.db, ctx.keyring, accountId, kind, row.id);
  if (!vouched) throw new NotFoundError(LABEL[kind], id);
  const pdf = await renderOnWorker(ctx.workers, await issuedInputOf(ctx, accountId, kind, vouched));
  const stored = { documentId: row.id, accountId, contentType: 'application/pdf', size: pdf.length, sha256: sha256(pdf) };
  if (await repo.insertFile(db, { ...stored, content: pdf, createdAt: new Date().toISOString() })) {
    return { fileName, content: pdf, sha256: stored.sha256 };
  }
  // A concurrent first download stored its file first: every download serves that one.
  const first = (await repo.getFile(db, accountId, row.id))!;
  return { fileName, content: Buffer.from(first.content), sha256: first.sha256 };
}

/**
 * The spec's conformance check: renders the CII of the draft as it is now and judges it. It never
 * finalizes, numbers, stores or transmits anything.
 */
export async function checkDraft(ctx: FilesContext, accountId: number, kind: DocumentKind, id: number): Promise<CheckResult> {
  if (ctx.config.einvoicingCheck === 'off') {
    throw new NotImplementedError('The e-invoicing conformance check is disabled on this server (EINVOICING_CHECK=off).');
  }
  const db = ctx.db.kysely;
  const row = await repo.getDocumentWithStoredSnapshot(db, accountId, kind, id);
  if (!row) throw new NotFoundError(LABEL[kind], id);
  if (!row.isDraft) {
    throw new ConflictError(
      `${LABEL[kind]} ${row.number} is finalized: the check re-renders from current data, so it applies to drafts only.`,
    );
  }
  // The XML carries no logo: its bytes need not travel to the worker. BT-1 is the number the draft
  // would receive now (BR-FR-01/02 judge it), not a placeholder. A check is short and waited on: it
  // runs on the worker threads' priority lane, before the renders waiting there.
  const number = await prospectiveNumber(db, accountId, kind, row.date, await getAccountSettings(db, accountId));
  const input = await issuedInputOf(ctx, accountId, kind, row, { withLogo: false, number });
  const validatorUrl = ctx.config.einvoicingValidatorUrl;
  if (validatorUrl)
    return validateRemotely(validatorUrl, await onWorker(ctx.workers, 'Writing the e-invoice', writeCii, [input], { priority: 'high' }));
  return onWorker(ctx.workers, 'The conformance check', checkCii, [input], { priority: 'high' });
}
