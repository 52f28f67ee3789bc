// Expense reports of colleagues: a report per colleague and period, its lines (date, merchant,
// category, amounts per VAT rate, a receipt file), its life (Draft → Submitted → Approved →
// Reimbursed; a submitted report can be sent back to Draft), and its repayment, recorded on the
// report as a settlement of the colleague kind. Only a Draft report's content changes; its totals
// are the sums of its lines, rewritten in the transaction of every line change.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { transaction, type Trx } from '../../db/transaction.js';
import { todayIn } from '../../domain/dates.js';
import { detectImageType } from '../../domain/image-type.js';
import { round2, sum, toDecimal, toNumber } from '../../domain/money.js';
import { InvalidStateError, NotFoundError, PreconditionFailedError, ValidationError, type FieldError } from '../../errors.js';
import { checkIfMatch, type IfMatch, type Versioned } from '../../app/versioning.js';
import { mergeUpdate } from '../../app/input/merge.js';
import { clean } from '../../app/input/text.js';
import type { Page } from '../../app/paging.js';
import { reencodeImage } from '../../images/reencode.js';
import { emit, type EventType } from '../../jobs/outbox.js';
import type { WorkerPool } from '../../workers/pool.js';
import { colleagues } from '../colleagues/index.js';
import { checkPdfUpload } from '../purchases/index.js';
import { classificationById } from '../reference/index.js';
import { getAccountSettings } from '../settings/index.js';
import * as repo from './repo.js';
import type {
  ExpenseLineInputT,
  ExpenseReportInputT,
  ExpenseReportStatusT,
  ExpenseReportT,
  ExpenseReportUpdateT,
  ReimbursementT,
} from './schemas.js';

export const MAX_RECEIPT_FILE_BYTES = 10 * 1024 * 1024;

export interface ExpensesContext {
  db: Db;
  workers: WorkerPool;
  publicUrl: string | null;
}

interface StoredVat {
  rate: string;
  taxExcludedAmount: string;
  vatAmount: string;
}

async function presentReports(
  db: Kysely<Database>,
  accountId: number,
  rows: repo.ReportRow[],
  publicUrl: string | null,
): Promise<ExpenseReportT[]> {
  const lines = await repo.linesOf(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  const files = await repo.filesOf(
    db,
    accountId,
    [...lines.values()].flat().map((l) => l.id),
  );
  return rows.map((r) => ({
    id: r.id,
    colleagueId: r.colleagueId,
    colleagueName: r.colleagueName,
    title: r.title,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    status: r.status as ExpenseReportStatusT,
    taxExcludedAmount: toNumber(r.taxExcludedAmount),
    vatAmount: toNumber(r.vatAmount),
    taxIncludedAmount: toNumber(r.taxIncludedAmount),
    notes: r.notes,
    submittedAt: r.submittedAt,
    approvedAt: r.approvedAt,
    reimbursedDate: r.reimbursedDate,
    reimbursementMethod: r.reimbursementMethod as ExpenseReportT['reimbursementMethod'],
    reimbursementReference: r.reimbursementReference,
    lines: (lines.get(r.id) ?? []).map((l) => {
      const file = files.get(l.id);
      const vats = JSON.parse(l.vats) as StoredVat[];
      return {
        id: l.id,
        date: l.date,
        merchant: l.merchant,
        category: l.category,
        classificationId: l.classificationId,
        description: l.description,
        vats: vats.map((v) => ({ rate: Number(v.rate), taxExcludedAmount: Number(v.taxExcludedAmount), vatAmount: Number(v.vatAmount) })),
        taxExcludedAmount: toNumber(l.taxExcludedAmount),
        vatAmount: toNumber(l.vatAmount),
        taxIncludedAmount: toNumber(l.taxIncludedAmount),
        file: file
          ? {
              fileName: file.fileName,
              contentType: file.contentType,
              size: file.size,
              url: `${publicUrl ?? ''}/v1/expensereports/${r.id}/lines/${l.id}/file`,
            }
          : null,
      };
    }),
  }));
}

async function versioned(
  db: Kysely<Database>,
  accountId: number,
  id: number,
  publicUrl: string | null,
): Promise<Versioned<ExpenseReportT>> {
  const row = await repo.getReport(db, accountId, id);
  if (!row) throw new NotFoundError('Expense report', id);
  return { value: (await presentReports(db, accountId, [row], publicUrl))[0], version: row.version };
}

export const getExpenseReport = (ctx: ExpensesContext, accountId: number, id: number) =>
  versioned(ctx.db.kysely, accountId, id, ctx.publicUrl);

export async function listExpenseReports(ctx: ExpensesContext, accountId: number, filter: repo.ReportFilter, page: Page) {
  const { rows, total } = await repo.listReports(ctx.db.kysely, accountId, filter, page);
  return { items: await presentReports(ctx.db.kysely, accountId, rows, ctx.publicUrl), total };
}

/** A line as stored; amounts ≥ 0 (an expense report holds expenses), VAT computed when absent. */
function lineValues(
  input: ExpenseLineInputT,
  period: { start: string; end: string },
  field: string,
  errors: FieldError[],
): repo.LineValues {
  if (input.date < period.start || input.date > period.end) {
    errors.push({ field: `${field}.date`, message: `${input.date} is outside the report's period ${period.start} – ${period.end}` });
  }
  if (input.classificationId !== null && input.classificationId !== undefined) {
    const c = classificationById(input.classificationId);
    if (!c || c.type !== 'Expense')
      errors.push({ field: `${field}.classificationId`, message: `${input.classificationId} is not an expense classification` });
  }
  const vats: StoredVat[] = input.vats.map((v, i) => {
    const base = toDecimal(v.taxExcludedAmount);
    const rate = toDecimal(v.rate);
    const vat = v.vatAmount === null || v.vatAmount === undefined ? round2(base.times(rate).div(100)) : toDecimal(v.vatAmount);
    const at = `${field}.vats[${i}]`;
    if (!round2(base).eq(base)) errors.push({ field: `${at}.taxExcludedAmount`, message: 'at most 2 decimals' });
    if (base.lt(0)) errors.push({ field: `${at}.taxExcludedAmount`, message: 'must not be negative: an expense report holds expenses' });
    if (!round2(vat).eq(vat)) errors.push({ field: `${at}.vatAmount`, message: 'at most 2 decimals' });
    if (vat.lt(0)) errors.push({ field: `${at}.vatAmount`, message: 'must not be negative' });
    else if (vat.gt(base.abs())) errors.push({ field: `${at}.vatAmount`, message: 'cannot exceed its base' });
    return { rate: rate.toFixed(), taxExcludedAmount: round2(base).toFixed(2), vatAmount: round2(vat).toFixed(2) };
  });
  const taxExcluded = sum(vats.map((v) => v.taxExcludedAmount));
  const vat = sum(vats.map((v) => v.vatAmount));
  if (taxExcluded.plus(vat).eq(0)) errors.push({ field: `${field}.vats`, message: 'the line amounts to 0' });
  return {
    date: input.date,
    merchant: clean(input.merchant),
    category: clean(input.category),
    description: clean(input.description),
    classificationId: input.classificationId ?? null,
    vats: JSON.stringify(vats),
    taxExcludedAmount: taxExcluded,
    vatAmount: vat,
    taxIncludedAmount: taxExcluded.plus(vat),
  };
}

async function colleagueName(trx: Trx, accountId: number, colleagueId: number): Promise<string | null> {
  const c = await colleagues.getStored(trx, accountId, colleagueId);
  if (!c) throw ValidationError.field('colleagueId', `colleague ${colleagueId} does not exist`);
  return c.name;
}

/** Rewrites the report's totals from its lines. */
async function retotal(trx: Trx, accountId: number, id: number): Promise<void> {
  const lines = (await repo.linesOf(trx, accountId, [id])).get(id) ?? [];
  await repo.updateReport(trx, accountId, id, {
    taxExcludedAmount: sum(lines.map((l) => l.taxExcludedAmount)),
    vatAmount: sum(lines.map((l) => l.vatAmount)),
    taxIncludedAmount: sum(lines.map((l) => l.taxIncludedAmount)),
    updatedAt: new Date().toISOString(),
  });
}

function checkPeriod(start: string, end: string, errors: FieldError[]) {
  if (end < start) errors.push({ field: 'periodEnd', message: 'cannot be earlier than periodStart' });
}

export async function createExpenseReport(ctx: ExpensesContext, accountId: number, input: ExpenseReportInputT) {
  return transaction(ctx.db, async (trx) => {
    const errors: FieldError[] = [];
    checkPeriod(input.periodStart, input.periodEnd, errors);
    const lines = (input.lines ?? []).map((l, i) =>
      lineValues(l, { start: input.periodStart, end: input.periodEnd }, `lines[${i}]`, errors),
    );
    const name = await colleagueName(trx, accountId, input.colleagueId);
    if (errors.length) throw new ValidationError(errors);
    const id = await repo.insertReport(trx, accountId, {
      colleagueId: input.colleagueId,
      colleagueName: name,
      title: clean(input.title),
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      status: 'Draft',
      taxExcludedAmount: sum(lines.map((l) => l.taxExcludedAmount)),
      vatAmount: sum(lines.map((l) => l.vatAmount)),
      taxIncludedAmount: sum(lines.map((l) => l.taxIncludedAmount)),
      notes: clean(input.notes),
      submittedAt: null,
      approvedAt: null,
      reimbursedDate: null,
      reimbursementMethod: null,
      reimbursementReference: null,
      searchText: repo.searchTextOf([input.title, input.notes, name]),
      updatedAt: new Date().toISOString(),
    });
    for (const l of lines) await repo.insertLine(trx, accountId, id, l);
    const out = await versioned(trx, accountId, id, ctx.publicUrl);
    await emit(trx, accountId, 'ExpenseReportCreated', out.value);
    return out;
  });
}

async function draft(trx: Trx, accountId: number, id: number, ifMatch: IfMatch = null): Promise<repo.ReportRow> {
  const row = await repo.getReport(trx, accountId, id, true);
  if (!row) throw new NotFoundError('Expense report', id);
  checkIfMatch(ifMatch, row.version, `Expense report ${id}`);
  if (row.status !== 'Draft') throw new InvalidStateError(`Expense report ${id} is ${row.status}: only a Draft report is changed`);
  return row;
}

export async function updateExpenseReport(
  ctx: ExpensesContext,
  accountId: number,
  id: number,
  patch: ExpenseReportUpdateT,
  ifMatch: IfMatch,
) {
  return transaction(ctx.db, async (trx) => {
    const row = await draft(trx, accountId, id, ifMatch);
    const input = mergeUpdate(
      { colleagueId: row.colleagueId, title: row.title, periodStart: row.periodStart, periodEnd: row.periodEnd, notes: row.notes },
      patch,
    );
    const errors: FieldError[] = [];
    checkPeriod(input.periodStart, input.periodEnd, errors);
    for (const l of (await repo.linesOf(trx, accountId, [id])).get(id) ?? []) {
      if (l.date < input.periodStart || l.date > input.periodEnd) {
        errors.push({ field: 'periodStart', message: `line ${l.id} of ${l.date} would fall outside the period` });
        break;
      }
    }
    const name = await colleagueName(trx, accountId, input.colleagueId);
    if (errors.length) throw new ValidationError(errors);
    const saved = await repo.updateReport(
      trx,
      accountId,
      id,
      {
        colleagueId: input.colleagueId,
        colleagueName: name,
        title: clean(input.title),
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        notes: clean(input.notes),
        searchText: repo.searchTextOf([input.title, input.notes, name]),
        updatedAt: new Date().toISOString(),
      },
      ifMatch ? row.version : undefined,
    );
    if (!saved)
      throw new PreconditionFailedError(`Expense report ${id} was changed by another request at the same time: read it again, then retry`);
    const out = await versioned(trx, accountId, id, ctx.publicUrl);
    await emit(trx, accountId, 'ExpenseReportUpdated', out.value);
    return out;
  });
}

export async function deleteExpenseReport(ctx: ExpensesContext, accountId: number, id: number, ifMatch: IfMatch) {
  await transaction(ctx.db, async (trx) => {
    await draft(trx, accountId, id, ifMatch);
    const out = await versioned(trx, accountId, id, ctx.publicUrl);
    await repo.deleteReport(trx, accountId, id);
    await emit(trx, accountId, 'ExpenseReportDeleted', out.value);
  });
}

async function lineOf(trx: Trx, accountId: number, report: repo.ReportRow, lineId: number): Promise<repo.LineRow> {
  const line = ((await repo.linesOf(trx, accountId, [report.id])).get(report.id) ?? []).find((l) => l.id === lineId);
  if (!line) throw new NotFoundError(`Line ${lineId} of expense report`, report.id);
  return line;
}

async function afterLines(trx: Trx, ctx: ExpensesContext, accountId: number, id: number) {
  await retotal(trx, accountId, id);
  const out = await versioned(trx, accountId, id, ctx.publicUrl);
  await emit(trx, accountId, 'ExpenseReportUpdated', out.value);
  return out;
}

export async function addLine(ctx: ExpensesContext, accountId: number, id: number, input: ExpenseLineInputT) {
  return transaction(ctx.db, async (trx) => {
    const row = await draft(trx, accountId, id);
    const errors: FieldError[] = [];
    const values = lineValues(input, { start: row.periodStart, end: row.periodEnd }, 'line', errors);
    if (errors.length) throw new ValidationError(errors);
    await repo.insertLine(trx, accountId, id, values);
    return afterLines(trx, ctx, accountId, id);
  });
}

export async function replaceLine(ctx: ExpensesContext, accountId: number, id: number, lineId: number, input: ExpenseLineInputT) {
  return transaction(ctx.db, async (trx) => {
    const row = await draft(trx, accountId, id);
    await lineOf(trx, accountId, row, lineId);
    const errors: FieldError[] = [];
    const values = lineValues(input, { start: row.periodStart, end: row.periodEnd }, 'line', errors);
    if (errors.length) throw new ValidationError(errors);
    await repo.updateLine(trx, accountId, lineId, values);
    return afterLines(trx, ctx, accountId, id);
  });
}

export async function removeLine(ctx: ExpensesContext, accountId: number, id: number, lineId: number) {
  return transaction(ctx.db, async (trx) => {
    const row = await draft(trx, accountId, id);
    await lineOf(trx, accountId, row, lineId);
    await repo.deleteLine(trx, accountId, lineId);
    return afterLines(trx, ctx, accountId, id);
  });
}

/**
 * The receipt of a line: a PDF (checked on a worker thread as purchase uploads are) or a PNG,
 * JPEG or WebP image (decoded and re-encoded, metadata stripped, as product images are). The file is
 * read before the transaction; the report must be Draft or Submitted (receipts are often added late).
 */
export async function attachFile(
  ctx: ExpensesContext,
  accountId: number,
  id: number,
  lineId: number,
  upload: { content: Buffer; fileName: string | null },
) {
  const bytes = upload.content;
  if (bytes.length === 0) throw ValidationError.field('file', 'the file is empty');
  if (bytes.length > MAX_RECEIPT_FILE_BYTES)
    throw ValidationError.field('file', `the file is larger than ${MAX_RECEIPT_FILE_BYTES / 1024 / 1024} MB`);
  let stored: { content: Buffer; contentType: string; sha256: string };
  const image = detectImageType(bytes);
  if (image) {
    const clean = await reencodeImage(bytes, { accept: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: MAX_RECEIPT_FILE_BYTES });
    if (!clean.ok) throw ValidationError.field('file', clean.problem);
    stored = {
      content: clean.image.content,
      contentType: clean.image.contentType,
      sha256: createHash('sha256').update(clean.image.content).digest('hex'),
    };
  } else {
    const pdf = await checkPdfUpload(ctx.workers, bytes);
    stored = { content: pdf.content, contentType: 'application/pdf', sha256: pdf.sha256 };
  }
  return transaction(ctx.db, async (trx) => {
    const row = await repo.getReport(trx, accountId, id, true);
    if (!row) throw new NotFoundError('Expense report', id);
    if (row.status !== 'Draft' && row.status !== 'Submitted') {
      throw new InvalidStateError(`Expense report ${id} is ${row.status}: its receipts can no longer change`);
    }
    await lineOf(trx, accountId, row, lineId);
    await repo.putFile(trx, accountId, lineId, {
      fileName: upload.fileName?.slice(0, 255) ?? null,
      size: stored.content.length,
      ...stored,
    });
    return afterLines(trx, ctx, accountId, id);
  });
}

export async function downloadFile(db: Db, accountId: number, id: number, lineId: number) {
  const row = await repo.getReport(db.kysely, accountId, id);
  if (!row) throw new NotFoundError('Expense report', id);
  const file = await repo.getFile(db.kysely, accountId, lineId);
  const line = file && ((await repo.linesOf(db.kysely, accountId, [id])).get(id) ?? []).some((l) => l.id === lineId);
  if (!file || !line) throw new NotFoundError(`File of line ${lineId} of expense report`, id);
  const ext = file.contentType === 'application/pdf' ? 'pdf' : file.contentType.split('/')[1];
  return { content: Buffer.from(file.content), contentType: file.contentType, fileName: `justificatif-${id}-${lineId}.${ext}` };
}

const TRANSITIONS: Record<'submit' | 'approve' | 'reject', { from: ExpenseReportStatusT; to: ExpenseReportStatusT; event: EventType }> = {
  submit: { from: 'Draft', to: 'Submitted', event: 'ExpenseReportSubmitted' },
  approve: { from: 'Submitted', to: 'Approved', event: 'ExpenseReportApproved' },
  reject: { from: 'Submitted', to: 'Draft', event: 'ExpenseReportUpdated' },
};

export async function transition(ctx: ExpensesContext, accountId: number, id: number, action: keyof typeof TRANSITIONS) {
  const t = TRANSITIONS[action];
  return transaction(ctx.db, async (trx) => {
    const row = await repo.getReport(trx, accountId, id, true);
    if (!row) throw new NotFoundError('Expense report', id);
    if (row.status !== t.from) throw new InvalidStateError(`Expense report ${id} is ${row.status}: ${action} needs a ${t.from} report`);
    const now = new Date().toISOString();
    if (action === 'submit' && !((await repo.linesOf(trx, accountId, [id])).get(id) ?? []).length) {
      throw new InvalidStateError(`Expense report ${id} has no line: nothing to submit`);
    }
    await repo.updateReport(trx, accountId, id, {
      status: t.to,
      updatedAt: now,
      ...(action === 'submit' ? { submittedAt: now } : {}),
      ...(action === 'approve' ? { approvedAt: now } : {}),
      ...(action === 'reject' ? { submittedAt: null } : {}),
    });
    const out = await versioned(trx, accountId, id, ctx.publicUrl);
    await emit(trx, accountId, t.event, out.value);
    return out;
  });
}

/** The repayment of an approved report: a settlement of the colleague kind (ColleagueRepayment). */
export async function reimburse(ctx: ExpensesContext, accountId: number, id: number, input: ReimbursementT) {
  return transaction(ctx.db, async (trx) => {
    const row = await repo.getReport(trx, accountId, id, true);
    if (!row) throw new NotFoundError('Expense report', id);
    if (row.status !== 'Approved') throw new InvalidStateError(`Expense report ${id} is ${row.status}: only an Approved report is repaid`);
    const date = input.date ?? todayIn((await getAccountSettings(trx, accountId)).general.timezone || 'Europe/Paris');
    if (date < row.periodStart)
      throw ValidationError.field('date', `the repayment cannot precede the report's period (${row.periodStart})`);
    await repo.updateReport(trx, accountId, id, {
      status: 'Reimbursed',
      reimbursedDate: date,
      reimbursementMethod: input.paymentMethod ?? 'Transfer',
      reimbursementReference: clean(input.reference),
      updatedAt: new Date().toISOString(),
    });
    const out = await versioned(trx, accountId, id, ctx.publicUrl);
    await emit(trx, accountId, 'ExpenseReportReimbursed', out.value);
    return out;
  });
}

/**
 * Undoes the repayment of a report (a wrong date or amount, a transfer that bounced): the colleague
 * settlement is deleted and the report is Approved again, owed to the colleague. Refused (400) while
 * a bank transaction is matched with the repayment: the match names this report's id, which a new
 * repayment would reuse, so it must be removed first.
 */
export async function cancelReimbursement(ctx: ExpensesContext, accountId: number, id: number) {
  return transaction(ctx.db, async (trx) => {
    const row = await repo.getReport(trx, accountId, id, true);
    if (!row) throw new NotFoundError('Expense report', id);
    if (row.status !== 'Reimbursed')
      throw new InvalidStateError(`Expense report ${id} is ${row.status}: only a Reimbursed report has a repayment to undo`);
    const matched = await repo.bankTransactionMatchedWith(trx, accountId, id);
    if (matched) {
      throw new InvalidStateError(
        `The repayment of expense report ${id} is matched with bank transaction ${matched.id}: remove that match first (DELETE /v1/banktransactions/${matched.id}/match)`,
      );
    }
    await repo.updateReport(trx, accountId, id, {
      status: 'Approved',
      reimbursedDate: null,
      reimbursementMethod: null,
      reimbursementReference: null,
      updatedAt: new Date().toISOString(),
    });
    const out = await versioned(trx, accountId, id, ctx.publicUrl);
    await emit(trx, accountId, 'ExpenseReportReimbursementCancelled', out.value);
    return out;
  });
}
