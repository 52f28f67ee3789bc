// The audit trail through the API: every state change of a finalized document appends its entry in
// the same transaction, and a use case refuses (409, nothing written) to change a document whose
// row no longer says what its latest entry sealed — e.g. a finalized invoice turned back into a
// draft, or its number, date, amounts or status changed directly in the database.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import pg from 'pg';
import { openDatabase } from '../../../src/db/connection.js';
import { toStoredAmount } from '../../../src/db/money.js';
import { canonicalJson, sha256Hex } from '../../../src/domain/audit.js';
import { verifyAuditTrail } from '../../../src/modules/sales/index.js';
import { finalize } from '../../../src/modules/sales/service.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { expectError, expectProblem, rowCounts, salesClient, simpleLine, type DocBody, type SalesClient } from '../../helpers/sales.js';

describeEachDb('audit trail of sale documents', (ctx) => {
  let a: TestAccount;
  let api: SalesClient;

  beforeAll(async () => {
    a = await ctx.newAccount('Audit SAS');
    api = salesClient(ctx, a);
  });

  const post = (url: string, payload?: object) => ctx.inject({ method: 'POST', url, headers: a.headers, ...(payload ? { payload } : {}) });
  const pay = (invoiceId: number, amount?: number) =>
    post('/v1/saleinvoices/markaspaid', { invoiceId, ...(amount === undefined ? {} : { amount }) });

  async function entries(documentId?: number) {
    let q = ctx.db.kysely.selectFrom('auditEntries').selectAll().where('accountId', '=', a.accountId).orderBy('kind').orderBy('seq');
    if (documentId !== undefined) q = q.where('documentId', '=', documentId);
    return (await q.execute()).map((e) => ({ ...e, content: JSON.parse(e.content) as DocBody }));
  }

  /** Everything a refused request must leave as it was. */
  async function state() {
    const receipts = await ctx.db.kysely
      .selectFrom('receipts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('accountId', '=', a.accountId)
      .executeTakeFirstOrThrow();
    const docs = await ctx.db.kysely
      .selectFrom('saleDocuments')
      .select(['id', 'isDraft', 'number', 'balance', 'isPaid', 'isCancelled', 'updatedAt'])
      .where('accountId', '=', a.accountId)
      .orderBy('id')
      .execute();
    return {
      counts: await rowCounts(ctx, a.accountId),
      receipts: Number(receipts.n),
      entries: (await entries()).length,
      docs: docs.map((d) => ({
        ...d,
        balance: Number(d.balance),
        isDraft: Boolean(d.isDraft),
        isPaid: Boolean(d.isPaid),
        isCancelled: Boolean(d.isCancelled),
      })),
    };
  }

  async function expectIntact() {
    const reports = await verifyAuditTrail(ctx.db.kysely, ctx.keyring, a.accountId);
    expect(reports.map((r) => [r.kind, r.problems])).toEqual([
      ['Invoice', []],
      ['Credit', []],
    ]);
  }

  const setColumns = (id: number, values: Record<string, unknown>) =>
    ctx.db.kysely.updateTable('saleDocuments').set(values).where('id', '=', id).execute();
  /** An amount as the dialect stores it (cents on SQLite). */
  const storedAmount = (amount: number) => toStoredAmount(ctx.db.kysely, new Big(amount));

  /** The detail of a 409 that refuses to change `doc` because `field` no longer says what was sealed. */
  const refusal = (doc: DocBody, kind: 'Invoice' | 'Credit', field: string, stored: string, sealed: string) =>
    `${kind} ${doc.id} (${doc.number}) does not match the audit trail: ${field} is ${stored} in the database, but ${sealed} was sealed (audit entry `;

  it('appends one entry per state change, in chain order, each sealing the document as the API serves it', async () => {
    const inv = await api.finalized('Invoice', { customerName: 'Dupont', lines: [simpleLine(100)] });
    let trail = await entries(inv.id);
    expect(trail.map((e) => e.event)).toEqual(['finalized']);
    expect(trail[0].content).toMatchObject({
      v: 1,
      account: a.accountId,
      chain: 'Invoice',
      seq: trail[0].seq,
      event: 'finalized',
      key: ctx.keyring.currentId,
      document: {
        id: inv.id,
        kind: 'Invoice',
        isDraft: false,
        number: inv.number,
        date: inv.date,
        customerName: 'Dupont',
        taxExcludedAmount: '100.00',
        taxIncludedAmount: '120.00',
        balance: '120.00',
        isPaid: false,
        isCancelled: false,
        chainIndex: trail[0].seq,
      },
    });
    expect(trail[0].content.document.data).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(trail[0].content.snapshot)).toEqual(expect.arrayContaining(['lines', 'totals', 'customerName', 'number', 'seller']));

    expect((await pay(inv.id, 50)).json()).toMatchObject({ balance: 70, isPaid: false });
    expect((await pay(inv.id)).json()).toMatchObject({ balance: 0, isPaid: true });
    trail = await entries(inv.id);
    expect(trail.map((e) => [e.event, e.content.document.balance, e.content.document.isPaid])).toEqual([
      ['finalized', '120.00', false],
      ['settled', '70.00', false],
      ['settled', '0.00', true],
    ]);
    // Chained: each entry names the previous one's MAC, seq after seq.
    const invoiceChain = (await entries()).filter((e) => e.kind === 'Invoice');
    for (let i = 1; i < invoiceChain.length; i++) {
      expect(invoiceChain[i].seq).toBe(invoiceChain[i - 1].seq + 1);
      expect(invoiceChain[i].content.previous).toBe(invoiceChain[i - 1].mac);
    }

    const other = await api.finalized('Invoice', { customerName: 'Martin', lines: [simpleLine(10)] });
    expect((await pay(other.id, 2)).statusCode).toBe(200);
    const cancelled = (await api.cancel(other.id)).json();
    const creditTrail = await entries(cancelled.cancellationCreditId);
    expect(creditTrail.map((e) => [e.kind, e.event, e.content.document.balance, e.content.document.cancelledInvoiceId])).toEqual([
      ['Credit', 'finalized', '2.00', other.id],
    ]);
    expect(
      (await entries(other.id)).map((e) => [e.event, e.content.document.isCancelled, e.content.document.cancellationCreditId]),
    ).toEqual([
      ['finalized', false, null],
      ['settled', false, null],
      ['cancelled', true, cancelled.cancellationCreditId],
    ]);
    // A refused request appends nothing.
    const before = (await entries()).length;
    expect((await pay(inv.id, 5)).statusCode).toBe(400);
    expect((await entries()).length).toBe(before);
    await expectIntact();
  });

  it('refuses to edit, delete or finalize a finalized invoice turned back into a draft in SQL (409, nothing written)', async () => {
    const inv = await api.finalized('Invoice', { customerName: 'Dupont', lines: [simpleLine(100)] });
    // As thoroughly as an editor of the database could: draft again, without number or chain index.
    await setColumns(inv.id, { isDraft: true, number: null, chainIndex: null, finalizedAt: null });
    const before = await state();
    const put = await api.put('Invoice', inv.id, { customerName: 'Dupont', lines: [simpleLine(1)] });
    expect(expectProblem(put, 409).detail).toMatch(
      new RegExp(
        `^Invoice ${inv.id} \\(${inv.number}\\) does not match the audit trail: isDraft is true in the database, but false was sealed \\(audit entry \\d+\\)\\. It cannot be changed; run \`facturier audit verify\``,
      ),
    );
    expect(expectProblem(await api.del('Invoice', inv.id), 409).detail).toContain(
      `Invoice ${inv.id} (${inv.number}) does not match the audit trail: isDraft is true`,
    );
    expect(expectProblem(await api.finalize('Invoice', inv.id), 409).detail).toContain(
      `Invoice ${inv.id} (${inv.number}) does not match the audit trail`,
    );
    expect(await state()).toEqual(before);
    await setColumns(inv.id, {
      isDraft: false,
      number: inv.number,
      chainIndex: (await entries(inv.id))[0].seq,
      finalizedAt: (await entries(inv.id))[0].content.document.finalizedAt,
    });
    await expectIntact();
  });

  describe('a finalized document changed in SQL cannot be paid, refunded, cancelled or settled by a receipt', () => {
    const cases: [string, (doc: DocBody) => Record<string, unknown>, (doc: DocBody) => [string, string]][] = [
      ['number', () => ({ number: 'F-2000-00001' }), (doc) => ['F-2000-00001', String(doc.number)]],
      ['date', () => ({ date: '2000-01-01' }), (doc) => ['2000-01-01', String(doc.date)]],
      ['taxIncludedAmount', () => ({ taxIncludedAmount: storedAmount(1) }), () => ['1.00', '120.00']],
      ['balance', () => ({ balance: storedAmount(1) }), () => ['1.00', '120.00']],
      ['isPaid', () => ({ isPaid: true }), () => ['true', 'false']],
      ['isCancelled', () => ({ isCancelled: true }), () => ['true', 'false']],
    ];
    it.each(cases)('%s', async (field, change, values) => {
      const inv = await api.finalized('Invoice', { customerName: 'Dupont', lines: [simpleLine(100)] });
      await setColumns(inv.id, change(inv));
      const [stored, sealed] = values(inv);
      const before = await state();
      const expected = refusal(inv, 'Invoice', field, stored, sealed);
      expect(expectProblem(await pay(inv.id, 10), 409).detail).toContain(expected);
      expect(expectProblem(await api.cancel(inv.id), 409).detail).toContain(expected);
      const receipt = await post('/v1/receipts', { amount: 10, links: [{ type: 'Invoice', id: inv.id, amount: 10 }] });
      expect(expectError(receipt, 409).message).toContain(expected);
      expect(await state()).toEqual(before);
      // Put back as sealed, the same requests go through.
      await setColumns(inv.id, {
        number: inv.number,
        date: inv.date,
        taxIncludedAmount: storedAmount(120),
        balance: storedAmount(120),
        isPaid: false,
        isCancelled: false,
      });
      expect((await pay(inv.id, 10)).statusCode).toBe(200);
      await expectIntact();
    });
  });

  it('refuses a credit note whose amounts were changed in SQL, and receipts that would move it', async () => {
    const credit = await api.finalized('Credit', { customerName: 'Dupont', lines: [simpleLine(50)] });
    await setColumns(credit.id, { taxIncludedAmount: storedAmount(6000), balance: storedAmount(6000) });
    const before = await state();
    const expected = refusal(credit, 'Credit', 'taxIncludedAmount', '6000.00', '60.00');
    expect(expectProblem(await post('/v1/salecredits/markasrefunded', { creditId: credit.id }), 409).detail).toContain(expected);
    expect(
      expectError(await post('/v1/receipts', { amount: -10, links: [{ type: 'Credit', id: credit.id, amount: -10 }] }), 409).message,
    ).toContain(expected);
    expect(await state()).toEqual(before);
    await setColumns(credit.id, { taxIncludedAmount: storedAmount(60), balance: storedAmount(60) });
    await expectIntact();
  });

  it('refuses to update or delete a receipt that settled a document changed since', async () => {
    const inv = await api.finalized('Invoice', { customerName: 'Dupont', lines: [simpleLine(100)] });
    const receipt = (await post('/v1/receipts', { amount: 30, links: [{ type: 'Invoice', id: inv.id, amount: 30 }] })).json();
    await setColumns(inv.id, { customerName: 'Durand' });
    const before = await state();
    const expected = refusal(inv, 'Invoice', 'customerName', 'Durand', 'Dupont');
    const put = await ctx.inject({ method: 'PUT', url: `/v1/receipts/${receipt.id}`, headers: a.headers, payload: { amount: 20 } });
    expect(expectProblem(put, 409).detail).toContain(expected);
    expect(
      expectProblem(await ctx.inject({ method: 'DELETE', url: `/v1/receipts/${receipt.id}`, headers: a.headers }), 409).detail,
    ).toContain(expected);
    expect(await state()).toEqual(before);
    await setColumns(inv.id, { customerName: 'Dupont' });
    expect((await ctx.inject({ method: 'DELETE', url: `/v1/receipts/${receipt.id}`, headers: a.headers })).statusCode).toBe(200);
    await expectIntact();
  });

  it('refuses a draft turned into a finalized document in SQL: no entry ever sealed it', async () => {
    const draft = await api.draft('Invoice', { customerName: 'Dupont', lines: [simpleLine(100)] });
    await setColumns(draft.id, { isDraft: false, number: 'F-2000-00002' });
    const before = await state();
    const detail = `Invoice ${draft.id} (F-2000-00002) does not match the audit trail: it is finalized in the database, but no audit entry ever sealed it (isDraft was changed).`;
    expect(expectProblem(await pay(draft.id), 409).detail).toContain(detail);
    expect(expectProblem(await api.cancel(draft.id), 409).detail).toContain(detail);
    expect(await state()).toEqual(before);
    await setColumns(draft.id, { isDraft: true, number: null });
    expect((await api.del('Invoice', draft.id)).statusCode).toBe(200);
  });

  it.skipIf(ctx.dialect !== 'postgres')(
    'answers an edit that waited for a finalization as a finalized document (400), not as tampering',
    async () => {
      // READ COMMITTED: the PUT's statement takes its snapshot, then waits for the row's lock, held
      // here and then by the finalization; it reads the row as finalized but, in that snapshot, no
      // entry yet. Failed with 409 "no audit entry ever sealed it" before the check read both again.
      const draft = await api.draft('Invoice', { customerName: 'Dupont', lines: [simpleLine(100)] });
      const { url, schema } = ctx.config.database as { url: string; schema: string };
      const holder = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
      const other = openDatabase(ctx.config.database);
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select id from sale_documents where id = $1 for update', [draft.id]);
        const finalizing = finalize({ db: other, publicUrl: null, keyring: ctx.keyring }, a.accountId, 'Invoice', draft.id, {});
        await new Promise((resolve) => setTimeout(resolve, 300));
        const editing = api.put('Invoice', draft.id, { customerName: 'Modifié', lines: [simpleLine(1)] });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await holder.query('commit');
        const [{ value: finalized }, edited] = await Promise.all([finalizing, editing]);
        expect(finalized.number).toMatch(/^F-/);
        expect(expectProblem(edited, 400).detail).toContain(`Invoice ${finalized.number} is finalized and cannot be modified`);
      } finally {
        await holder.end();
        await other.close();
      }
      await expectIntact();
    },
  );

  it('refuses a document whose entry was rewritten to match without the key', async () => {
    const inv = await api.finalized('Invoice', { customerName: 'Dupont', lines: [simpleLine(100)] });
    const [entry] = await entries(inv.id);
    const original = await ctx.db.kysely
      .selectFrom('auditEntries')
      .select(['content', 'mac'])
      .where('accountId', '=', a.accountId)
      .where('kind', '=', 'Invoice')
      .where('seq', '=', entry.seq)
      .executeTakeFirstOrThrow();
    const forged = canonicalJson({
      ...entry.content,
      document: { ...entry.content.document, taxIncludedAmount: '12.00', balance: '12.00' },
    });
    const rewrite = (values: { content: string; mac: string }) =>
      ctx.db.kysely
        .updateTable('auditEntries')
        .set(values)
        .where('accountId', '=', a.accountId)
        .where('kind', '=', 'Invoice')
        .where('seq', '=', entry.seq)
        .execute();
    await rewrite({ content: forged, mac: sha256Hex(forged) });
    await setColumns(inv.id, { taxIncludedAmount: storedAmount(12), balance: storedAmount(12) });
    const res: LightMyRequestResponse = await pay(inv.id);
    expect(expectProblem(res, 409).detail).toContain(
      `Invoice ${inv.id} (${inv.number}) does not match the audit trail: its latest audit entry (${entry.seq}) does not authenticate with the audit key.`,
    );
    const report = (await verifyAuditTrail(ctx.db.kysely, ctx.keyring, a.accountId))[0];
    // The head still holds the entry's real MAC: both say the entry was rewritten.
    expect(report.problems.map((p) => [p.reason, p.documentId, p.chainIndex])).toEqual([
      ['mac', inv.id, entry.seq],
      ['head', inv.id, entry.seq],
    ]);
    await rewrite(original);
    await setColumns(inv.id, { taxIncludedAmount: storedAmount(120), balance: storedAmount(120) });
    await expectIntact();
  });
});
