// /v1/salecredits over HTTP: drafts, the invoice a credit corrects, lists, finalization,
// immutability, error bodies of the spec's table and other accounts.
import { beforeAll, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { expectError, expectProblem, rowCounts, salesClient, simpleLine, type DocBody, type SalesClient } from '../../helpers/sales.js';

const today = todayIn('Europe/Paris');
const year = today.slice(0, 4);

describeEachDb('sale credits', (ctx) => {
  let a: TestAccount;
  let api: SalesClient;
  let b: TestAccount;
  let bapi: SalesClient;
  let customerId: number;
  beforeAll(async () => {
    a = await ctx.newAccount('Avoirs SAS');
    api = salesClient(ctx, a);
    b = await ctx.newAccount('Voisin SAS');
    bapi = salesClient(ctx, b);
    customerId = await api.customer({ companyName: 'Durand SA', companyInformations: { siret: '73282932000074' } });
  });

  it('creates a draft credit with exact totals, the customer snapshot and no number', async () => {
    const credit = await api.draft('Credit', {
      customerId,
      lines: [{ description: 'Livre abîmé', quantity: 3, taxExcludedPrice: 19.99, vat: { rate: 5.5 } }],
    });
    expect(credit).toMatchObject({
      isDraft: true,
      number: null,
      customerId,
      customerName: 'Durand SA',
      customerSiret: '73282932000074',
      taxExcludedAmount: 59.97,
      taxAmount: 3.3,
      taxIncludedAmount: 63.27,
      balance: 63.27,
      cancelledInvoicetId: null,
      cancelledInvoicetNumber: null,
    });
    expect(credit).not.toHaveProperty('isProforma');
    expect((await api.get('Credit', credit.id)).json()).toEqual(credit);
  });

  it('ignores read-only fields and takes the product named by a line', async () => {
    const product = await api.product({
      name: 'Abonnement',
      number: 'ABO-1',
      unitPrice: 29.9,
      vat: { rate: 20 },
      type: 'Service',
      unit: { code: 'MON' },
    });
    const credit = await api.draft('Credit', {
      id: 999999,
      number: 'AV-X',
      taxIncludedAmount: 999,
      cancelledInvoicetNumber: 'F-X',
      customerId,
      lines: [{ productNumber: 'ABO-1' }],
    });
    expect(credit).toMatchObject({ number: null, cancelledInvoicetNumber: null, taxExcludedAmount: 29.9, taxIncludedAmount: 35.88 });
    expect(credit.lines[0]).toMatchObject({
      type: 'Service',
      productId: product.id,
      description: 'Abonnement',
      unit: expect.objectContaining({ code: 'MON' }),
    });
  });

  it('updates, finds by internalId and deletes a draft; delete answers the deleted document', async () => {
    const credit = await api.draft('Credit', { customerId, internalId: 'refund-77', lines: [simpleLine()] });
    const put = await api.put('Credit', credit.id, { customerId, internalId: 'refund-77', lines: [simpleLine(20)] });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: credit.id, taxIncludedAmount: 24 });
    const found = await ctx.inject({ method: 'GET', url: '/v1/salecredits/find?internalId=refund-77', headers: a.headers });
    expect(found.json().map((d: DocBody) => d.id)).toEqual([credit.id]);
    const del = await api.del('Credit', credit.id);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ id: credit.id, isDraft: true, taxIncludedAmount: 24 });
    expectError(await api.get('Credit', credit.id), 404);
  });

  it('names the finalized invoice it corrects; a draft or unknown invoice is refused and nothing is written', async () => {
    const inv = await api.finalized('Invoice', { customerId, lines: [simpleLine(100)] });
    const credit = await api.draft('Credit', { customerId, cancelledInvoicetId: inv.id, lines: [simpleLine(40)] });
    expect(credit).toMatchObject({ cancelledInvoicetId: inv.id, cancelledInvoicetNumber: inv.number });
    const fin = (await api.finalize('Credit', credit.id)).json();
    expect(fin).toMatchObject({ cancelledInvoicetId: inv.id, cancelledInvoicetNumber: inv.number, number: expect.stringMatching(/^AV-/) });
    // A partial credit note does not cancel the invoice.
    expect((await api.get('Invoice', inv.id)).json()).toMatchObject({ isCancelled: false, cancellationCreditId: null });
    const draftInvoice = await api.draft('Invoice', { customerId, lines: [simpleLine()] });
    const foreign = await bapi.finalized('Invoice', { customerName: 'X', lines: [simpleLine()] });
    const before = await rowCounts(ctx, a.accountId);
    const onDraft = expectError(
      await api.create('Credit', { customerId, cancelledInvoicetId: draftInvoice.id, lines: [simpleLine()] }),
      400,
    );
    expect(onDraft.errors[0]).toMatch(/^cancelledInvoicetId: invoice \d+ is a draft/);
    for (const id of [foreign.id, 987654]) {
      const unknown = expectError(await api.create('Credit', { customerId, cancelledInvoicetId: id, lines: [simpleLine()] }), 400);
      expect(unknown.errors).toEqual([`cancelledInvoicetId: invoice ${id} does not exist`]);
    }
    const put = expectProblem(await api.put('Credit', credit.id, { customerId, lines: [simpleLine()] }), 400);
    expect(put.detail).toMatch(/^Credit AV-\S+ is finalized and cannot be modified$/);
    expect(await rowCounts(ctx, a.accountId)).toEqual(before);
  });

  it('a finalized credit refuses PUT, DELETE and a second finalization, and stays exactly as it was', async () => {
    const fin = await api.finalized('Credit', { customerId, lines: [simpleLine()] });
    const before = (await api.get('Credit', fin.id)).json();
    expect(expectProblem(await api.put('Credit', fin.id, { customerName: 'Autre' }), 400).detail).toBe(
      `Credit ${fin.number} is finalized and cannot be modified`,
    );
    expect(expectProblem(await api.del('Credit', fin.id), 400).detail).toBe(`Credit ${fin.number} is finalized and cannot be deleted`);
    expectProblem(await api.finalize('Credit', fin.id), 400);
    expect((await api.get('Credit', fin.id)).json()).toEqual(before);
  });

  it('refuses bad input with an Error naming each field, and writes nothing', async () => {
    const before = await rowCounts(ctx, a.accountId);
    const body = expectError(
      await api.create('Credit', {
        customerId: 987654,
        date: '2025-02-29',
        customerType: 'Robot',
        lines: [{ type: 'Bonus', quantity: 1.23456, taxExcludedPrice: 2e9 }, { productId: 987654 }],
      }),
      400,
    );
    const fields = body.errors.map((e: string) => e.split(':')[0]);
    expect(fields).toEqual(expect.arrayContaining(['date', 'customerType', 'lines[0].type', 'lines[0].taxExcludedPrice']));
    const semantic = expectError(
      await api.create('Credit', { customerId: 987654, lines: [{ productId: 987654 }, { ...simpleLine(), unit: { id: 9999 } }] }),
      400,
    );
    expect(semantic.errors.map((e: string) => e.split(':')[0])).toEqual(
      expect.arrayContaining(['customerId', 'lines[0].productId', 'lines[1].unit']),
    );
    expect(await rowCounts(ctx, a.accountId)).toEqual(before);
  });

  it("answers 404 with the spec's bodies: Error on get, ProblemDetails on update, delete and finalize", async () => {
    const draft = await api.draft('Credit', { customerName: 'C', lines: [simpleLine()] });
    for (const id of [draft.id, 987654]) {
      const get = expectError(await bapi.get('Credit', id), 404);
      expect(get).toEqual({ message: `Credit ${id} not found`, errors: [`Credit ${id} not found`] });
      expectProblem(await bapi.put('Credit', id, { customerName: 'X' }), 404);
      expectProblem(await bapi.del('Credit', id), 404);
      expectProblem(await bapi.finalize('Credit', id), 404);
    }
    // An invoice id is not a credit id.
    const inv = await api.draft('Invoice', { customerName: 'C', lines: [simpleLine()] });
    expectError(await api.get('Credit', inv.id), 404);
    expectProblem(await api.finalize('Credit', inv.id), 404);
    expect((await api.get('Credit', draft.id)).json()).toEqual(draft);
  });

  it('offers text/plain and text/json', async () => {
    const draft = await api.draft('Credit', { customerName: 'C', lines: [simpleLine()] });
    for (const type of ['text/plain', 'text/json']) {
      const res = await ctx.inject({ method: 'GET', url: `/v1/salecredits/${draft.id}`, headers: { ...a.headers, accept: type } });
      expect(res.headers['content-type']).toMatch(new RegExp(`^${type}`));
      expect(JSON.parse(res.body)).toEqual(draft);
      const list = await ctx.inject({ method: 'GET', url: '/v1/salecredits?PageSize=1', headers: { ...a.headers, accept: type } });
      expect(list.headers['content-type']).toMatch(new RegExp(`^${type}`));
      expect(JSON.parse(list.body)).toHaveLength(1);
    }
  });
});

describeEachDb('sale credit lists', (ctx) => {
  let a: TestAccount;
  let api: SalesClient;
  let alice: number;
  let bob: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    a = await ctx.newAccount('Listes avoirs');
    api = salesClient(ctx, a);
    alice = await api.customer({ companyName: 'Alice SA' });
    bob = await api.customer({ companyName: 'Bob SARL' });
    ids.old = (await api.finalized('Credit', { customerId: alice, date: '2021-05-01', lines: [simpleLine(10)] })).id;
    ids.mid = (await api.finalized('Credit', { customerId: bob, date: '2022-05-01', lines: [simpleLine(20)] })).id;
    ids.processed = (await api.finalized('Credit', { customerId: bob, date: '2023-05-01', lines: [simpleLine(30)] })).id;
    await ctx.db.kysely.updateTable('saleDocuments').set({ isProcessed: true }).where('id', '=', ids.processed).execute();
    ids.cancelled = (await api.finalized('Credit', { customerId: alice, date: '2023-06-01', lines: [simpleLine(35)] })).id;
    await ctx.db.kysely.updateTable('saleDocuments').set({ isCancelled: true }).where('id', '=', ids.cancelled).execute();
    ids.draft = (await api.draft('Credit', { customerId: alice, date: addDays(today, -1), lines: [simpleLine(40)] })).id;
  });

  const listIds = async (query: Record<string, string | number> = {}) => {
    const res = await api.list('Credit', { PageSize: 100, ...query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().map((d: DocBody) => d.id);
  };

  it('lists newest first, without cancelled and processed credits by default', async () => {
    expect(await listIds()).toEqual([ids.draft, ids.mid, ids.old]);
  });

  it('filters From/To, CustomerId, Cancelled and Processed', async () => {
    expect(await listIds({ From: '2022-05-01', To: '2022-05-01' })).toEqual([ids.mid]);
    expect(await listIds({ CustomerId: alice })).toEqual([ids.draft, ids.old]);
    expect(await listIds({ Processed: 'Only' })).toEqual([ids.processed]);
    expect(await listIds({ Cancelled: 'Only' })).toEqual([ids.cancelled]);
    expect(await listIds({ Cancelled: 'All', Processed: 'All', CustomerId: alice })).toEqual([ids.draft, ids.cancelled, ids.old]);
    expectProblem(await api.list('Credit', { Processed: 'Some' }), 400);
    expectProblem(await api.list('Credit', { CustomerId: 'bob' }), 400);
  });

  it('filters by Status as invoices are filtered (Facturier extension): Draft, ToSend, Paid; an unknown status is a 400 naming it; another account’s credits never appear', async () => {
    const b = await ctx.newAccount('Voisin avoirs');
    const other = salesClient(ctx, b);
    const theirs = await other.customer({ companyName: 'Chez Voisin' });
    const theirDraft = (await other.draft('Credit', { customerId: theirs, lines: [simpleLine(15)] })).id;
    await other.finalized('Credit', { customerId: theirs, lines: [simpleLine(16)] });
    expect(await listIds({ Status: 'Draft' })).toEqual([ids.draft]);
    expect(await listIds({ Status: 'ToSend' })).toEqual([ids.mid, ids.old]);
    expect(await listIds({ Status: 'Paid' })).toEqual([]);
    expect(await listIds({ Status: 'Draft', Cancelled: 'All', Processed: 'All', CustomerId: bob })).toEqual([]);
    const count = await api.list('Credit', { Status: 'Draft' });
    expect(count.headers['x-record-count']).toBe('1');
    // Refunded in full: Paid, and no longer among the finalized credits left to settle.
    const refund = await ctx.inject({
      method: 'POST',
      url: '/v1/salecredits/markasrefunded',
      headers: a.headers,
      payload: { creditId: ids.old, date: '2021-06-01', paymentMethod: 'Transfer' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await listIds({ Status: 'Paid' })).toEqual([ids.old]);
    expect([...(await listIds({ Status: 'Incoming' })), ...(await listIds({ Status: 'Expired' }))].sort()).toEqual([ids.mid]);
    const bad = expectProblem(await api.list('Credit', { Status: 'Refunded' }), 400);
    expect(Object.keys(bad.errors)).toEqual(['Status']);
    // The neighbour's own draft is theirs alone.
    expect((await other.list('Credit', { Status: 'Draft' })).json().map((d: DocBody) => d.id)).toEqual([theirDraft]);
  });

  it('orders by whitelisted fields and pages with headers', async () => {
    expect(await listIds({ OrderBy: 'amount' })).toEqual([ids.old, ids.mid, ids.draft]);
    expect(await listIds({ OrderBy: 'number' })).toEqual([ids.old, ids.mid, ids.draft]);
    expect(Object.keys(expectProblem(await api.list('Credit', { OrderBy: 'hash' }), 400).errors)).toEqual(['OrderBy']);
    const page = await api.list('Credit', { PageSize: 2, PageIndex: 2 });
    expect(page.headers).toMatchObject({ 'x-record-count': '3', 'x-page-count': '2', 'x-page-index': '2', 'x-page-size': '2' });
    expect(page.headers['x-page-prev']).toBe('/v1/salecredits?PageSize=2&PageIndex=1');
    expect(page.headers['x-page-next']).toBeUndefined();
    expect(page.json().map((d: DocBody) => d.id)).toEqual([ids.old]);
  });

  it('numbers credits gaplessly in their own sequence', async () => {
    const numbers = [];
    for (const id of [ids.old, ids.mid, ids.processed, ids.cancelled]) numbers.push((await api.get('Credit', id)).json().number);
    expect(numbers).toEqual(['AV-2021-00001', 'AV-2022-00001', 'AV-2023-00001', 'AV-2023-00002']);
    expect((await api.finalize('Credit', ids.draft)).json().number).toBe(`AV-${year}-00001`);
  });
});

describeEachDb('sale credits and the invoice they correct', (ctx) => {
  let a: TestAccount;
  let api: SalesClient;
  beforeAll(async () => {
    a = await ctx.newAccount('Correctifs SAS');
    api = salesClient(ctx, a);
  });

  // BR-FR-CO-05 refuses only a domestic B2B credit, and only under einvoicing.frenchRules Enforce: a
  // credit to a consumer or a foreign business, or any credit under Warn, may name no corrected invoice
  // (EN 16931 does not ask for BT-25); it is finalized with the French rule as a warning.
  it('under einvoicing.frenchRules Enforce, refuses a credit to a French business that names no corrected invoice, numbers nothing, and says what to set', async () => {
    const e = await ctx.newAccount('Stricte SAS');
    const eapi = salesClient(ctx, e);
    await eapi.settings({ einvoicing: { frenchRules: 'Enforce' } });
    const french = await eapi.customer({ companyName: 'Durand SA', companyInformations: { siret: '73282932000074' } });
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/salecredits',
      headers: e.headers,
      payload: {
        customerId: french,
        lines: [{ type: 'Service', description: 'Geste', quantity: 1, taxExcludedPrice: 10, vat: { rate: 20 } }],
      },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const id = draft.json().id;
    const refused = await eapi.finalize('Credit', id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(
      'The credit cannot be finalized: it does not name the invoice it corrects (BT-25, BR-FR-CO-05): set cancelledInvoicetId to one ' +
        'of your invoices, or correctedInvoiceNumber and correctedInvoiceDate for an invoice issued elsewhere',
    );
    expect((await eapi.get('Credit', id)).json()).toMatchObject({ isDraft: true, number: null });
    // A number without its date is refused too (BT-26).
    const put = await ctx.inject({
      method: 'PUT',
      url: `/v1/salecredits/${id}`,
      headers: e.headers,
      payload: { correctedInvoiceNumber: 'EXT-9' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await eapi.finalize('Credit', id)).json().detail).toBe(
      'The credit cannot be finalized: it names invoice EXT-9 without its date: set correctedInvoiceDate (BT-26, BR-FR-CO-05)',
    );
    // Back to Warn: the same draft is finalized, BR-FR-CO-05 reported and kept.
    await eapi.settings({ einvoicing: { frenchRules: null } });
    expect((await ctx.inject({ method: 'GET', url: '/v1/settings', headers: e.headers })).json().einvoicing).toEqual({
      frenchRules: 'Warn',
      platform: null,
      ereporting: { vatRegime: null, platformRegistrationNumber: null },
    });
    const done = await eapi.finalize('Credit', id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ isDraft: false, number: `AV-${year}-00001` });
  });

  it('under Warn (the default), a credit to a French business that names no invoice follows the whole credit lifecycle, BR-FR-CO-05 kept as a warning', async () => {
    const w = await ctx.newAccount('Souple SAS');
    const wapi = salesClient(ctx, w);
    const french = await wapi.customer({
      companyName: 'Durand SA',
      email: 'compta@durand.example',
      companyInformations: { siret: '73282932000074' },
    });
    const draftOf = async (date?: string) => {
      const res = await ctx.inject({
        method: 'POST',
        url: '/v1/salecredits',
        headers: w.headers,
        payload: {
          customerId: french,
          ...(date ? { date } : {}),
          lines: [{ type: 'Service', description: 'Geste', quantity: 1, taxExcludedPrice: 10, vat: { rate: 20 } }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    };
    // finalizationDate: the first credit takes the date asked for.
    const first = await wapi.finalize('Credit', await draftOf(), { finalizationDate: today });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-einvoicing-warnings']).toContain('BR-FR-CO-05_BT-3');
    const warned = first.json().einvoicingWarnings as { ruleId: string; severity: string; message: string }[];
    expect(warned.map((f) => f.ruleId)).toContain('BR-FR-CO-05_BT-3');
    expect(first.json()).toMatchObject({ isDraft: false, number: `AV-${year}-00001`, date: today });
    // Kept on the document: GET reads the same findings later.
    const read = (await wapi.get('Credit', first.json().id)).json();
    expect(read.einvoicingWarnings).toEqual(warned);
    // A date earlier than the last finalized credit is refused and consumes no number ...
    const second = await draftOf(addDays(today, -3));
    const refused = await wapi.finalize('Credit', second);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(
      `The finalization date ${addDays(today, -3)} is earlier than ${today}, the date of the last finalized document. Retry with dateAdjustment=MinimumDate.`,
    );
    // ... MinimumDate takes the last finalized credit's date, with the next number (gapless).
    const adjusted = await wapi.finalize('Credit', second, { dateAdjustment: 'MinimumDate' });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(adjusted.json()).toMatchObject({ number: `AV-${year}-00002`, date: today });
    // Today: the date becomes today's.
    const third = await wapi.finalize('Credit', await draftOf(addDays(today, -5)), { dateAdjustment: 'Today' });
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json()).toMatchObject({ number: `AV-${year}-00003`, date: today });
    // Sent, downloaded, refunded.
    const id = first.json().id;
    const sent = await ctx.inject({
      method: 'POST',
      url: `/v1/salecredits/send/${id}`,
      headers: w.headers,
      payload: ['compta@durand.example'],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const pdf = await ctx.inject({ method: 'GET', url: `/v1/salecredits/download/${id}`, headers: w.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const refunded = await ctx.inject({
      method: 'POST',
      url: '/v1/salecredits/markasrefunded',
      headers: w.headers,
      payload: { creditId: id, amount: 12, date: today },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ id, balance: 0, isPaid: true });
  });

  it('finalizes a credit to a consumer that names no corrected invoice, with BR-FR-CO-05 as a warning', async () => {
    const consumer = await api.customer({
      companyName: 'Jean Martin',
      customerType: 'Consumer',
      billingAddress: { street: '8 allée des Pins', zipcode: '33000', city: 'Bordeaux', countryIso: 'FR' },
    });
    const draft = await ctx.inject({
      method: 'POST',
      url: '/v1/salecredits',
      headers: a.headers,
      payload: {
        customerId: consumer,
        lines: [{ type: 'Product', description: 'Remboursement', quantity: 1, taxExcludedPrice: 25, vat: { rate: 20 } }],
      },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const done = await api.finalize('Credit', draft.json().id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ isDraft: false, taxIncludedAmount: 30, cancelledInvoicetNumber: null });
    expect(done.headers['x-einvoicing-warnings']).toContain('BR-FR-CO-05_BT-3');
  });
});
