// Finalization of sale documents over HTTP: the spec's date rules one by one, refusals that
// leave the draft exactly as it was and consume no number, and numbering (gapless per kind and
// account, patterns and their scopes).
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { describeEachDb, type TestContext } from '../../helpers/harness.js';
import { expectProblem, rowCounts, salesClient, simpleLine, type DocBody, type Kind, type SalesClient } from '../../helpers/sales.js';

const T = todayIn('Europe/Paris');
const year = T.slice(0, 4);
const doc = (date: string) => ({ customerName: 'Dupont SARL', date, lines: [simpleLine()] });

async function freshClient(ctx: TestContext, name = 'Finalisation SAS') {
  const account = await ctx.newAccount(name);
  return { accountId: account.accountId, headers: account.headers, api: salesClient(ctx, account) };
}

/** Sequence counters of an account, to prove a refusal consumed no number. */
async function sequences(ctx: TestContext, accountId: number) {
  return ctx.db.kysely
    .selectFrom('documentSequences')
    .select(['kind', 'scope', 'value'])
    .where('accountId', '=', accountId)
    .orderBy('kind')
    .orderBy('scope')
    .execute();
}

describeEachDb('finalization date rules', (ctx) => {
  for (const kind of ['Invoice', 'Credit'] as Kind[]) {
    const prefix = kind === 'Invoice' ? 'F' : 'AV';
    const num = (n: number) => `${prefix}-${year}-${String(n).padStart(5, '0')}`;

    describe(kind, () => {
      it('rule 1: without finalizationDate the document keeps its own date, and its due date follows it', async () => {
        const { api } = await freshClient(ctx);
        const fin = await api.finalized(kind, doc(addDays(T, -10)));
        expect(fin).toMatchObject({ isDraft: false, date: addDays(T, -10), dueDate: addDays(T, 20), number: num(1) });
        expect(fin.commitments).toEqual([{ id: 1, date: addDays(T, 20), amount: 12, dueAmount: 12, thirdId: null }]);
      });

      it('rule 1: a usable finalizationDate replaces the document date, and the due dates are recomputed from it', async () => {
        const { api } = await freshClient(ctx);
        const draft = await api.draft(kind, doc(addDays(T, -10)));
        expect(draft.dueDate).toBe(addDays(T, 20));
        const fin = (await api.finalize(kind, draft.id, { finalizationDate: addDays(T, -3) })).json();
        expect(fin).toMatchObject({ date: addDays(T, -3), dueDate: addDays(T, 27), number: num(1) });
      });

      it('rules 2-3: a date earlier than the last finalized one is refused, naming MinimumDate; the draft is unchanged and no number is consumed', async () => {
        const { accountId, api } = await freshClient(ctx);
        await api.finalized(kind, doc(addDays(T, -5)));
        const draft = await api.draft(kind, doc(addDays(T, -10)));
        const before = (await api.get(kind, draft.id)).json();
        const rows = await rowCounts(ctx, accountId);
        const seqs = await sequences(ctx, accountId);
        const body = expectProblem(await api.finalize(kind, draft.id), 400);
        expect(body.detail).toBe(
          `The finalization date ${addDays(T, -10)} is earlier than ${addDays(T, -5)}, the date of the last finalized document. Retry with dateAdjustment=MinimumDate.`,
        );
        expect(expectProblem(await api.finalize(kind, draft.id, { dateAdjustment: 'None' }), 400).detail).toBe(body.detail);
        expect((await api.get(kind, draft.id)).json()).toEqual(before);
        expect(await rowCounts(ctx, accountId)).toEqual(rows);
        expect(await sequences(ctx, accountId)).toEqual(seqs);
        const next = await api.finalized(kind, doc(T));
        expect(next.number).toBe(num(2));
      });

      it('rules 2-3: a date too far in the future is refused, naming the adjustment that would work', async () => {
        const { accountId, api } = await freshClient(ctx);
        const draft = await api.draft(kind, doc(addDays(T, 3)));
        const before = (await api.get(kind, draft.id)).json();
        const rows = await rowCounts(ctx, accountId);
        const body = expectProblem(await api.finalize(kind, draft.id), 400);
        expect(body.detail).toBe(
          `The finalization date ${addDays(T, 3)} is too far in the future: the latest allowed date is ${T} (today ${T} + 0 days). Retry with dateAdjustment=MinimumDate.`,
        );
        expect((await api.get(kind, draft.id)).json()).toEqual(before);
        expect(await rowCounts(ctx, accountId)).toEqual(rows);
        expect((await api.finalized(kind, doc(T))).number).toBe(num(1));
      });

      it('rule 4: MinimumDate uses the date of the last finalized document', async () => {
        const { api } = await freshClient(ctx);
        await api.finalized(kind, doc(addDays(T, -5)));
        const draft = await api.draft(kind, doc(addDays(T, -10)));
        const fin = (await api.finalize(kind, draft.id, { dateAdjustment: 'MinimumDate' })).json();
        expect(fin).toMatchObject({ date: addDays(T, -5), dueDate: addDays(T, 25), number: num(2) });
      });

      it('rule 4: MinimumDate brings a date too far in the future back to today', async () => {
        const { api } = await freshClient(ctx);
        const fin = await api.finalized(kind, doc(addDays(T, 40)), { dateAdjustment: 'MinimumDate' });
        expect(fin).toMatchObject({ date: T, dueDate: addDays(T, 30) });
      });

      it('rule 5: Today uses today', async () => {
        const { api } = await freshClient(ctx);
        await api.finalized(kind, doc(addDays(T, -5)));
        const early = await api.finalized(kind, doc(addDays(T, -10)), { dateAdjustment: 'Today' });
        expect(early).toMatchObject({ date: T, number: num(2) });
        const late = await api.finalized(kind, doc(addDays(T, 9)), { dateAdjustment: 'Today' });
        expect(late).toMatchObject({ date: T, number: num(3) });
      });

      it('a document date that is acceptable is kept whatever the adjustment', async () => {
        const { api } = await freshClient(ctx);
        await api.finalized(kind, doc(addDays(T, -5)));
        expect((await api.finalized(kind, doc(addDays(T, -2)), { dateAdjustment: 'Today' })).date).toBe(addDays(T, -2));
        expect((await api.finalized(kind, doc(addDays(T, -2)), { dateAdjustment: 'MinimumDate' })).date).toBe(addDays(T, -2));
      });

      it('rule 6: an unusable finalizationDate is refused by itself, and the adjustment applies to it', async () => {
        const { api } = await freshClient(ctx);
        await api.finalized(kind, doc(addDays(T, -5)));
        // The document's own date (today) would do; the requested one does not.
        const draft = await api.draft(kind, doc(T));
        const before = (await api.get(kind, draft.id)).json();
        const refused = expectProblem(await api.finalize(kind, draft.id, { finalizationDate: addDays(T, -20) }), 400);
        expect(refused.detail).toMatch(
          new RegExp(`^The finalization date ${addDays(T, -20)} is earlier than ${addDays(T, -5)}.*dateAdjustment=MinimumDate\\.$`),
        );
        const future = expectProblem(await api.finalize(kind, draft.id, { finalizationDate: addDays(T, 2) }), 400);
        expect(future.detail).toMatch(new RegExp(`^The finalization date ${addDays(T, 2)} is too far in the future`));
        expect((await api.get(kind, draft.id)).json()).toEqual(before);
        const min = (await api.finalize(kind, draft.id, { finalizationDate: addDays(T, -20), dateAdjustment: 'MinimumDate' })).json();
        expect(min).toMatchObject({ date: addDays(T, -5), number: num(2) });
        const other = await api.draft(kind, doc(addDays(T, -30)));
        const today = (await api.finalize(kind, other.id, { finalizationDate: addDays(T, -20), dateAdjustment: 'Today' })).json();
        expect(today).toMatchObject({ date: T, number: num(3) });
      });

      it('earlyFinalizationDuration (settings) allows a date that many days ahead, not more', async () => {
        const { api } = await freshClient(ctx);
        await api.settings({ sales: { invoices: { earlyFinalizationDuration: 10 } } });
        const ahead = await api.finalized(kind, doc(addDays(T, 7)));
        expect(ahead).toMatchObject({ date: addDays(T, 7), dueDate: addDays(T, 37) });
        const draft = await api.draft(kind, doc(addDays(T, 11)));
        const body = expectProblem(await api.finalize(kind, draft.id), 400);
        expect(body.detail).toBe(
          `The finalization date ${addDays(T, 11)} is too far in the future: the latest allowed date is ${addDays(T, 10)} (today ${T} + 10 days). Retry with dateAdjustment=MinimumDate.`,
        );
        // MinimumDate: the last finalized date (7 days ahead) keeps chronology.
        expect((await api.finalize(kind, draft.id, { dateAdjustment: 'MinimumDate' })).json().date).toBe(addDays(T, 7));
        // Today would now break chronology: refused, and no adjustment is suggested that would not work.
        const late = await api.draft(kind, doc(addDays(T, 30)));
        const today = expectProblem(await api.finalize(kind, late.id, { dateAdjustment: 'Today' }), 400);
        expect(today.detail).toBe(
          `The finalization date ${T} (adjusted with Today from ${addDays(T, 30)}) is earlier than ${addDays(T, 7)}, the date of the last finalized document. Retry with dateAdjustment=MinimumDate.`,
        );
      });

      it('refuses query values that are not a date or an adjustment, naming the parameter', async () => {
        const { api } = await freshClient(ctx);
        const draft = await api.draft(kind, doc(T));
        const date = expectProblem(await api.finalize(kind, draft.id, { finalizationDate: '2025-13-01' }), 400);
        expect(Object.keys(date.errors)).toEqual(['finalizationDate']);
        const adj = expectProblem(await api.finalize(kind, draft.id, { dateAdjustment: 'Yesterday' }), 400);
        expect(Object.keys(adj.errors)).toEqual(['dateAdjustment']);
        expect((await api.get(kind, draft.id)).json()).toEqual(draft);
      });

      it('refuses a document without customer or without a Product or Service line', async () => {
        const { accountId, api } = await freshClient(ctx);
        const empty = await api.draft(kind, { lines: [{ type: 'Text', description: 'Rien' }] });
        const rows = await rowCounts(ctx, accountId);
        const body = expectProblem(await api.finalize(kind, empty.id), 400);
        expect(body.detail).toBe(
          `The ${kind.toLowerCase()} cannot be finalized: it has no customer (customerId or customerName); it has no Product or Service line`,
        );
        expect((await api.get(kind, empty.id)).json()).toEqual(empty);
        expect(await rowCounts(ctx, accountId)).toEqual(rows);
      });
    });
  }

  it('chronology is per kind: a late invoice does not hold back an earlier credit note', async () => {
    const { api } = await freshClient(ctx);
    await api.finalized('Invoice', doc(T));
    const credit = await api.finalized('Credit', doc(addDays(T, -30)));
    expect(credit).toMatchObject({ date: addDays(T, -30), number: `AV-${year}-00001` });
  });

  it('a refused finalization writes no event and no chain link', async () => {
    const { accountId, api } = await freshClient(ctx);
    await api.finalized('Invoice', doc(T));
    const head = await ctx.db.kysely.selectFrom('documentHeads').selectAll().where('accountId', '=', accountId).executeTakeFirstOrThrow();
    const draft = await api.draft('Invoice', doc(addDays(T, -1)));
    const outbox = (await rowCounts(ctx, accountId)).outbox;
    expectProblem(await api.finalize('Invoice', draft.id), 400);
    expect((await rowCounts(ctx, accountId)).outbox).toBe(outbox);
    expect(
      await ctx.db.kysely.selectFrom('documentHeads').selectAll().where('accountId', '=', accountId).executeTakeFirstOrThrow(),
    ).toEqual(head);
  });
});

describeEachDb('document numbering', (ctx) => {
  it('is gapless per kind: invoices and credits count separately', async () => {
    const { api } = await freshClient(ctx);
    const numbers: string[] = [];
    for (const kind of ['Invoice', 'Credit', 'Invoice', 'Invoice', 'Credit'] as Kind[])
      numbers.push((await api.finalized(kind, doc(T))).number);
    expect(numbers).toEqual([`F-${year}-00001`, `AV-${year}-00001`, `F-${year}-00002`, `F-${year}-00003`, `AV-${year}-00002`]);
  });

  it('is independent per account', async () => {
    const one = await freshClient(ctx, 'Un');
    const two = await freshClient(ctx, 'Deux');
    expect((await one.api.finalized('Invoice', doc(T))).number).toBe(`F-${year}-00001`);
    expect((await two.api.finalized('Invoice', doc(T))).number).toBe(`F-${year}-00001`);
    expect((await one.api.finalized('Invoice', doc(T))).number).toBe(`F-${year}-00002`);
    const found = await one.api.finalized('Invoice', doc(T));
    expect(found.number).toBe(`F-${year}-00003`);
  });

  it('deleting drafts consumes no number', async () => {
    const { api } = await freshClient(ctx);
    await api.finalized('Invoice', doc(T));
    const drafts: DocBody[] = [];
    for (let i = 0; i < 3; i += 1) drafts.push(await api.draft('Invoice', doc(T)));
    expect((await api.del('Invoice', drafts[0].id)).statusCode).toBe(200);
    expect((await api.del('Invoice', drafts[2].id)).statusCode).toBe(200);
    expect((await api.finalize('Invoice', drafts[1].id)).json().number).toBe(`F-${year}-00002`);
  });

  it('follows the pattern of the settings, with a monthly scope for {yy}{mm}', async () => {
    const { api } = await freshClient(ctx);
    await api.settings({ numbering: { invoicePattern: 'FAC{yy}{mm}-{seq:3}', creditPattern: 'AVR{yyyy}/{seq}' } });
    const numbers: string[] = [];
    for (const date of ['2024-11-05', '2024-11-20', '2024-12-01', '2024-12-31', '2025-01-02'])
      numbers.push((await api.finalized('Invoice', doc(date))).number);
    expect(numbers).toEqual(['FAC2411-001', 'FAC2411-002', 'FAC2412-001', 'FAC2412-002', 'FAC2501-001']);
    expect((await api.finalized('Credit', doc('2024-03-01'))).number).toBe('AVR2024/1');
    expect((await api.finalized('Credit', doc('2024-03-02'))).number).toBe('AVR2024/2');
  });

  it('restarts each year with the default yearly pattern', async () => {
    const { api } = await freshClient(ctx);
    const numbers: string[] = [];
    for (const date of ['2023-12-30', '2023-12-31', '2024-01-02', '2024-06-30'])
      numbers.push((await api.finalized('Invoice', doc(date))).number);
    expect(numbers).toEqual(['F-2023-00001', 'F-2023-00002', 'F-2024-00001', 'F-2024-00002']);
  });

  it('never restarts for a pattern without date tokens, and a new width continues the same sequence', async () => {
    const { api } = await freshClient(ctx);
    await api.settings({ numbering: { invoicePattern: 'INV-{seq:4}' } });
    expect((await api.finalized('Invoice', doc('2023-12-31'))).number).toBe('INV-0001');
    expect((await api.finalized('Invoice', doc('2024-01-01'))).number).toBe('INV-0002');
    await api.settings({ numbering: { invoicePattern: 'INV-{seq:6}' } });
    expect((await api.finalized('Invoice', doc('2024-01-02'))).number).toBe('INV-000003');
  });

  it('the number follows the adjusted date, not the draft date', async () => {
    const { api } = await freshClient(ctx);
    await api.finalized('Invoice', doc('2024-01-05'));
    const fin = await api.finalized('Invoice', doc('2023-12-20'), { dateAdjustment: 'MinimumDate' });
    expect(fin).toMatchObject({ date: '2024-01-05', number: 'F-2024-00002' });
  });

  it('a cancellation credit note takes the next credit number, dated today', async () => {
    const { api } = await freshClient(ctx);
    await api.finalized('Credit', doc(addDays(T, -1)));
    const inv = await api.finalized('Invoice', doc(addDays(T, -1)));
    const cancelled = (await api.cancel(inv.id)).json();
    expect(cancelled.cancellationCreditNumber).toBe(`AV-${year}-00002`);
    expect((await api.get('Credit', cancelled.cancellationCreditId)).json().date).toBe(T);
  });
});

describeEachDb('finalization freezes the document', (ctx) => {
  let api: SalesClient;
  let headers: Record<string, string>;
  let customerId: number;
  beforeAll(async () => {
    ({ api, headers } = await freshClient(ctx));
    customerId = await api.customer({ companyName: 'Martin SAS' });
  });

  it('a finalized invoice keeps its customer snapshot when the customer changes later', async () => {
    const fin = await api.finalized('Invoice', { customerId, lines: [simpleLine()] });
    expect(fin.customerName).toBe('Martin SAS');
    const put = await ctx.inject({
      method: 'PUT',
      url: `/v1/customers/${customerId}`,
      headers,
      payload: {
        companyName: 'Martin Industries',
        billingAddress: { street: '1 rue Neuve', zipcode: '69001', city: 'Lyon', countryIso: 'FR' },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await api.get('Invoice', fin.id)).json()).toEqual(fin);
    const draft = await api.draft('Invoice', { customerId, lines: [simpleLine()] });
    expect(draft.customerName).toBe('Martin Industries');
  });

  it('a finalized invoice keeps its totals when the product changes later', async () => {
    const product = await api.product({ name: 'Tasse', unitPrice: 8, vat: { rate: 20 } });
    const fin = await api.finalized('Invoice', { customerId, lines: [{ productId: product.id, quantity: 2 }] });
    expect(fin.taxIncludedAmount).toBe(19.2);
    const put = await ctx.inject({
      method: 'PUT',
      url: `/v1/products/${product.id}`,
      headers,
      payload: { name: 'Tasse', unitPrice: 12, vat: { rate: 20 } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await api.get('Invoice', fin.id)).json()).toEqual(fin);
  });
});
