import { beforeAll, expect, it } from 'vitest';
import { expenseReportBatches } from '../../../src/modules/expenses/index.js';
import { renderDocumentPdf } from '../../../src/rendering/pdf.js';
import { baseInvoice } from '../../fixtures/einvoicing/documents.js';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';
import { corruptIdatPng, png } from '../../helpers/png.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

describeEachDb('colleague expense reports', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let colleagueId: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = a) =>
    ctx.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const attach = (id: number, lineId: number, content: Buffer, filename = 'ticket.png', who = a) =>
    ctx.inject({
      method: 'POST',
      url: `/v1/expensereports/${id}/lines/${lineId}/file`,
      headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename, type: 'application/octet-stream', content }]),
    });
  const lunch = { date: '2025-02-04', merchant: 'Brasserie du Port', category: 'Repas', vats: [{ rate: 10, taxExcludedAmount: 38.18 }] };
  const train = {
    date: '2025-02-10',
    merchant: 'SNCF',
    category: 'Transport',
    classificationId: 114,
    vats: [
      { rate: 10, taxExcludedAmount: 40.91, vatAmount: 4.09 },
      { rate: 0, taxExcludedAmount: 1.02 },
    ],
  };
  const newReport = async (lines: unknown[] = [lunch, train], who = a, colleague = colleagueId) => {
    const res = await call(
      'POST',
      '/v1/expensereports',
      { colleagueId: colleague, title: 'Février', periodStart: '2025-02-01', periodEnd: '2025-02-28', lines },
      who,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Facturier SAS');
    b = await ctx.newAccount('Autre SARL');
    colleagueId = (await call('POST', '/v1/colleagues', { firstName: 'Jeanne', lastName: 'Martin' })).json().id;
  });

  it('a report with lines: VAT per rate computed half-up, totals exact, status Draft', async () => {
    const r = await newReport();
    expect(r).toMatchObject({
      colleagueId,
      colleagueName: 'Jeanne Martin',
      status: 'Draft',
      taxExcludedAmount: 80.11,
      vatAmount: 7.91,
      taxIncludedAmount: 88.02,
    });
    expect(r.lines[0]).toMatchObject({
      merchant: 'Brasserie du Port',
      vats: [{ rate: 10, taxExcludedAmount: 38.18, vatAmount: 3.82 }],
      taxIncludedAmount: 42,
      file: null,
    });
    expect(r.lines[1]).toMatchObject({ classificationId: 114, taxExcludedAmount: 41.93, vatAmount: 4.09, taxIncludedAmount: 46.02 });
  });

  it('bad input is a 400 naming each field: negative amounts, dates outside the period, unknown or foreign colleague; nothing stored', async () => {
    const before = (await call('GET', '/v1/expensereports?PageSize=100')).headers['x-record-count'];
    const res = await call('POST', '/v1/expensereports', {
      colleagueId,
      periodStart: '2025-02-01',
      periodEnd: '2025-01-01',
      lines: [
        { date: '2025-03-05', vats: [{ rate: 20, taxExcludedAmount: -10 }] },
        { date: '2025-02-05', classificationId: 1, vats: [{ rate: 20, taxExcludedAmount: 10, vatAmount: 12 }] },
      ],
    });
    expect(res.statusCode).toBe(400);
    const message = res.json().message as string;
    for (const field of [
      'periodEnd',
      'lines[0].date',
      'lines[0].vats[0].taxExcludedAmount',
      'lines[1].classificationId',
      'lines[1].vats[0].vatAmount',
    ]) {
      expect(message).toContain(field);
    }
    const foreignColleague = (await call('POST', '/v1/colleagues', { lastName: 'Autre' }, b)).json().id;
    const foreign = await call('POST', '/v1/expensereports', {
      colleagueId: foreignColleague,
      periodStart: '2025-02-01',
      periodEnd: '2025-02-28',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('colleagueId');
    expect((await call('GET', '/v1/expensereports?PageSize=100')).headers['x-record-count']).toBe(before);
  });

  it('lines are added, replaced and removed while Draft; totals follow; PUT keeps absent fields', async () => {
    const r = await newReport([lunch]);
    const added = await call('POST', `/v1/expensereports/${r.id}/lines`, train);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().taxIncludedAmount).toBe(88.02);
    const lineId = added.json().lines[1].id;
    const replaced = await call('PUT', `/v1/expensereports/${r.id}/lines/${lineId}`, {
      date: '2025-02-11',
      vats: [{ rate: 20, taxExcludedAmount: 10 }],
    });
    expect(replaced.json()).toMatchObject({ taxIncludedAmount: 54, vatAmount: 5.82 });
    const removed = await call('DELETE', `/v1/expensereports/${r.id}/lines/${r.lines[0].id}`);
    expect(removed.json()).toMatchObject({ taxIncludedAmount: 12, lines: [{ id: lineId }] });
    const renamed = await call('PUT', `/v1/expensereports/${r.id}`, { title: 'Février (corrigé)' });
    expect(renamed.json()).toMatchObject({ title: 'Février (corrigé)', periodStart: '2025-02-01', taxIncludedAmount: 12 });
    const shrink = await call('PUT', `/v1/expensereports/${r.id}`, { periodEnd: '2025-02-05' });
    expect(shrink.statusCode).toBe(400);
  });

  it('receipt files: an image is re-encoded, a PDF checked; other files, corrupt images and broken PDFs are 400', async () => {
    const r = await newReport([lunch]);
    const lineId = r.lines[0].id;
    const image = await attach(r.id, lineId, png(40, 20));
    expect(image.statusCode, image.body).toBe(200);
    expect(image.json().lines[0].file).toMatchObject({
      contentType: 'image/png',
      fileName: 'ticket.png',
      url: `/v1/expensereports/${r.id}/lines/${lineId}/file`,
    });
    const download = await call('GET', `/v1/expensereports/${r.id}/lines/${lineId}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    const pdf = await renderDocumentPdf(baseInvoice({ isDraft: true, number: null }));
    const asPdf = await attach(r.id, lineId, pdf, 'facture.pdf');
    expect(asPdf.statusCode, asPdf.body).toBe(200);
    expect(asPdf.json().lines[0].file.contentType).toBe('application/pdf');
    expect(Buffer.compare((await call('GET', `/v1/expensereports/${r.id}/lines/${lineId}/file`)).rawPayload, pdf)).toBe(0);
    for (const [content, name] of [
      [corruptIdatPng(), 'corrupt png'],
      [pdf.subarray(0, 400), 'truncated pdf'],
      [Buffer.from('hello'), 'text'],
      [Buffer.alloc(0), 'empty'],
    ] as const) {
      const res = await attach(r.id, lineId, content);
      expect(res.statusCode, name).toBe(400);
      expect(JSON.stringify(res.json()), name).toContain('file');
    }
    expect((await call('GET', `/v1/expensereports/${r.id}`)).json().lines[0].file.contentType).toBe('application/pdf');
    expect((await attach(r.id, lineId, png(4, 4), 't.png', b)).statusCode).toBe(404);
  });

  it('life: submit, reject, submit, approve, reimburse; content frozen once submitted; repayment recorded', async () => {
    const empty = await newReport([]);
    expect((await call('POST', `/v1/expensereports/${empty.id}/submit`)).statusCode).toBe(400);
    const r = await newReport();
    const submitted = await call('POST', `/v1/expensereports/${r.id}/submit`);
    expect(submitted.json()).toMatchObject({ status: 'Submitted', submittedAt: expect.any(String) });
    expect((await call('POST', `/v1/expensereports/${r.id}/lines`, lunch)).statusCode).toBe(400);
    expect((await call('PUT', `/v1/expensereports/${r.id}`, { title: 'x' })).statusCode).toBe(400);
    expect((await call('DELETE', `/v1/expensereports/${r.id}`)).statusCode).toBe(400);
    expect((await call('POST', `/v1/expensereports/${r.id}/reimburse`, {})).statusCode).toBe(400);
    expect((await call('POST', `/v1/expensereports/${r.id}/reject`)).json()).toMatchObject({ status: 'Draft', submittedAt: null });
    await call('POST', `/v1/expensereports/${r.id}/submit`);
    expect((await call('POST', `/v1/expensereports/${r.id}/approve`)).json()).toMatchObject({
      status: 'Approved',
      approvedAt: expect.any(String),
    });
    const early = await call('POST', `/v1/expensereports/${r.id}/reimburse`, { date: '2025-01-15' });
    expect(early.statusCode).toBe(400);
    const paid = await call('POST', `/v1/expensereports/${r.id}/reimburse`, {
      date: '2025-03-05',
      paymentMethod: 'Transfer',
      reference: 'NDF-FEV',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'Reimbursed',
      reimbursedDate: '2025-03-05',
      reimbursementMethod: 'Transfer',
      reimbursementReference: 'NDF-FEV',
    });
    expect((await call('POST', `/v1/expensereports/${r.id}/approve`)).statusCode).toBe(400);
    const events = await ctx.db.kysely
      .selectFrom('outbox')
      .select('type')
      .where('accountId', '=', a.accountId)
      .where('type', 'like', 'ExpenseReport%')
      .execute();
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['ExpenseReportSubmitted', 'ExpenseReportApproved', 'ExpenseReportReimbursed']),
    );
    const list = await call('GET', `/v1/expensereports?Status=Reimbursed&ColleagueId=${colleagueId}&From=2025-02-15&To=2025-02-20`);
    expect(list.json().map((x: { id: number }) => x.id)).toEqual([r.id]);
  });

  it('another account’s reports are 404 on every route; a Draft report is deleted with its lines and files', async () => {
    const r = await newReport([lunch]);
    for (const [method, url] of [
      ['GET', `/v1/expensereports/${r.id}`],
      ['PUT', `/v1/expensereports/${r.id}`],
      ['DELETE', `/v1/expensereports/${r.id}`],
      ['POST', `/v1/expensereports/${r.id}/submit`],
      ['POST', `/v1/expensereports/${r.id}/lines`],
      ['GET', `/v1/expensereports/${r.id}/lines/${r.lines[0].id}/file`],
    ] as const) {
      const body = method === 'PUT' ? { title: 'x' } : method === 'POST' && url.endsWith('lines') ? lunch : undefined;
      expect((await call(method, url, body, b)).statusCode, `${method} ${url}`).toBe(404);
    }
    await attach(r.id, r.lines[0].id, png(8, 8));
    expect((await call('DELETE', `/v1/expensereports/${r.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/v1/expensereports/${r.id}`)).statusCode).toBe(404);
    const files = await ctx.db.kysely.selectFrom('expenseFiles').select('lineId').where('lineId', '=', r.lines[0].id).execute();
    expect(files).toEqual([]);
  });

  it('the read API walks reports with their lines in batches, amounts exact', async () => {
    const seen = new Set<number>();
    for await (const batch of expenseReportBatches(ctx.db.kysely, a.accountId, { colleagueId, status: 'Reimbursed' }, 1)) {
      for (const r of batch) {
        seen.add(r.id);
        expect(r.taxIncludedAmount.toFixed(2)).toBe('88.02');
        expect(r.lines.map((l) => l.taxIncludedAmount.toFixed(2))).toEqual(['42.00', '46.02']);
      }
    }
    expect(seen.size).toBe(1);
  });

  it('undo a repayment: the settlement disappears, the report is Approved and owed again; refused while matched with the bank', async () => {
    const r = await newReport();
    for (const step of ['submit', 'approve']) await call('POST', `/v1/expensereports/${r.id}/${step}`);
    expect((await call('DELETE', `/v1/expensereports/${r.id}/reimburse`)).statusCode).toBe(400); // Approved: nothing to undo
    await call('POST', `/v1/expensereports/${r.id}/reimburse`, { date: '2025-03-07', reference: 'NDF-UNDO' });
    const repayments = async () =>
      (await call('GET', '/v1/settlements?types=ColleagueRepayment&PageSize=100'))
        .json()
        .filter((e: { id: number }) => e.id === r.id)
        .map((e: { amount: number; date: string }) => [e.date, e.amount]);
    const owed = async () =>
      (await call('GET', '/v1/commitments?types=Colleague&PageSize=100'))
        .json()
        .filter((e: { id: number }) => e.id === r.id)
        .map((e: { dueAmount: number }) => e.dueAmount);
    expect(await repayments()).toEqual([['2025-03-07', -88.02]]);
    expect(await owed()).toEqual([]);

    const bank = (await call('POST', '/v1/bankaccounts', { name: 'Banque', iban: 'FR7630004008190001012345632' })).json();
    const tx = (
      await call('POST', '/v1/banktransactions', { bankAccountId: bank.id, date: '2025-03-07', amount: -88.02, label: 'VIR NDF' })
    ).json();
    expect((await call('POST', `/v1/banktransactions/${tx.id}/match`, { type: 'ExpenseReport', id: r.id })).statusCode).toBe(200);
    const matched = await call('DELETE', `/v1/expensereports/${r.id}/reimburse`);
    expect(matched.statusCode).toBe(400);
    expect(matched.json().detail).toContain(`bank transaction ${tx.id}`);
    expect((await call('DELETE', `/v1/banktransactions/${tx.id}/match`)).statusCode).toBe(200);

    expect((await call('DELETE', `/v1/expensereports/${r.id}/reimburse`, undefined, b)).statusCode).toBe(404);
    const undone = await call('DELETE', `/v1/expensereports/${r.id}/reimburse`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      status: 'Approved',
      reimbursedDate: null,
      reimbursementMethod: null,
      reimbursementReference: null,
      taxIncludedAmount: 88.02,
    });
    expect(await repayments()).toEqual([]);
    expect(await owed()).toEqual([88.02]);
    expect((await call('DELETE', `/v1/expensereports/${r.id}/reimburse`)).statusCode).toBe(400);
    const event = await ctx.db.kysely
      .selectFrom('outbox')
      .select('payload')
      .where('accountId', '=', a.accountId)
      .where('type', '=', 'ExpenseReportReimbursementCancelled')
      .execute();
    expect(event.map((e) => JSON.parse(e.payload).id)).toEqual([r.id]);
    // Repaid again, on the right date this time.
    const again = await call('POST', `/v1/expensereports/${r.id}/reimburse`, { date: '2025-03-10' });
    expect(again.json()).toMatchObject({ status: 'Reimbursed', reimbursedDate: '2025-03-10', reimbursementMethod: 'Transfer' });
    expect(await repayments()).toEqual([['2025-03-10', -88.02]]);
  });
});
