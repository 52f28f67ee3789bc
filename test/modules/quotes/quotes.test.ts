// Sale quotes over HTTP: create/read/update/delete, find and lists with their filters and paging,
// the lifecycle (issue, markassent, accept, refuse, close) with its timestamps and the 409s of the
// transitions it forbids, gapless numbering with its own pattern, expiry shown without rewriting,
// ETags, account isolation, outbox events and the PDF of a devis.
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../../src/domain/dates.js';
import { describeEachDb, type TestAccount, type TestContext } from '../../helpers/harness.js';
import { inspectPdf } from '../../helpers/pdf-inspect.js';
import { quotesClient } from '../../helpers/quotes.js';
import { expectError, expectProblem, salesClient, type DocBody } from '../../helpers/sales.js';

const T = todayIn('Europe/Paris');
const year = T.slice(0, 4);
const D = (n: number) => `D-${year}-${String(n).padStart(5, '0')}`;

const quoteBody = (extra: object = {}) => ({
  customerName: 'Dupont SARL',
  lines: [
    { type: 'Product', description: 'Table en chêne', quantity: 2, taxExcludedPrice: 450, vat: { rate: 20 } },
    { type: 'Service', description: 'Livraison et montage', quantity: 1, taxExcludedPrice: 120, vat: { rate: 10 } },
  ],
  ...extra,
});

async function events(ctx: TestContext, accountId: number) {
  const rows = await ctx.db.kysely
    .selectFrom('outbox')
    .select(['type', 'payload'])
    .where('accountId', '=', accountId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ type: r.type, payload: JSON.parse(r.payload) as DocBody }));
}

describeEachDb('sale quotes', (ctx) => {
  let account: TestAccount;
  let api: ReturnType<typeof quotesClient>;
  beforeAll(async () => {
    account = await ctx.newAccount('Devis SAS');
    api = quotesClient(ctx, account);
  });

  describe('create, read, update, delete', () => {
    it('creates a Pending, unnumbered quote with totals, a validity date from quotes.validityDuration and the reference fields', async () => {
      const q = await api.draft(quoteBody({ date: '2026-03-10', deposit: { type: 'Percent', value: 30 }, internalId: 'Q-ext-1' }));
      expect(q).toMatchObject({
        status: 'Pending',
        number: null,
        date: '2026-03-10',
        validityDate: '2026-04-09',
        sentAt: null,
        acceptedAt: null,
        refusedAt: null,
        closedAt: null,
        invoiceId: null,
        depositInvoiceIds: [],
        deposit: { type: 'Percent', value: 30 },
        taxExcludedAmount: 1020,
        taxAmount: 192,
        taxIncludedAmount: 1212,
        balance: 1212,
        isExpired: true,
        internalId: 'Q-ext-1',
        pdfUrl: `/v1/salequotes/download/${q.id}`,
      });
      expect(q.vats).toEqual([
        { taxExcludedAmount: 900, vat: expect.objectContaining({ rate: 20 }), vatAmount: 180 },
        { taxExcludedAmount: 120, vat: expect.objectContaining({ rate: 10 }), vatAmount: 12 },
      ]);
      const read = await api.get(q.id);
      expect(read.statusCode).toBe(200);
      expect(read.headers.etag).toBe('"1"');
      expect(read.json()).toEqual(q);
    });

    it('takes the validity duration from the settings, and an explicit validity date as given', async () => {
      const other = quotesClient(ctx, await ctx.newAccount());
      const acc = await ctx.newAccount();
      const put = await ctx.inject({
        method: 'PUT',
        url: '/v1/settings',
        headers: acc.headers,
        payload: { sales: { quotes: { validityDuration: 15 } } },
      });
      expect(put.statusCode, put.body).toBe(200);
      const q = await quotesClient(ctx, acc).draft(quoteBody({ date: T }));
      expect(q.validityDate).toBe(addDays(T, 15));
      const explicit = await other.draft(quoteBody({ date: T, validityDate: addDays(T, 60) }));
      expect(explicit.validityDate).toBe(addDays(T, 60));
      // Due 30 days after, valid 60: the validity stops at the last representable day.
      const far = await ctx.inject({
        method: 'PUT',
        url: '/v1/settings',
        headers: acc.headers,
        payload: { sales: { quotes: { validityDuration: 60 } } },
      });
      expect(far.statusCode).toBe(200);
      const late = await quotesClient(ctx, acc).draft(quoteBody({ date: '9999-11-20' }));
      expect(late.validityDate).toBe('9999-12-31');
      const before = expectError(await other.create(quoteBody({ date: T, validityDate: addDays(T, -1) })), 400);
      expect(JSON.stringify(before)).toContain('validityDate');
    });

    it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
      const acc = await ctx.newAccount();
      const a = quotesClient(ctx, acc);
      expectError(await a.create(quoteBody({ lines: [{ type: 'Product', quantity: 1, taxExcludedPrice: 10, vat: { rate: 7 } }] })), 400);
      const deposit = expectError(await a.create(quoteBody({ deposit: { type: 'Percent', value: 120 } })), 400);
      expect(JSON.stringify(deposit)).toContain('deposit.value');
      const fixed = expectError(await a.create(quoteBody({ deposit: { type: 'Fixed', value: 5000 } })), 400);
      expect(JSON.stringify(fixed)).toContain('exceeds');
      expect((await a.list()).json()).toEqual([]);
      // Read-only fields are dropped, as on invoices: the state changes only through the actions.
      const stamped = await a.draft(quoteBody({ status: 'Accepted', number: 'D-1', acceptedAt: '2026-01-01T00:00:00Z' }));
      expect(stamped).toMatchObject({ status: 'Pending', number: null, acceptedAt: null });
    });

    it('PUT merges over the quote, recomputes totals, moves the validity with a new date, and bumps the ETag', async () => {
      const q = await api.draft(quoteBody({ date: T }));
      const res = await api.put(
        q.id,
        {
          subject: 'Mobilier',
          date: addDays(T, 2),
          lines: [{ description: 'Chaise', quantity: 4, taxExcludedPrice: 80, vat: { rate: 20 } }],
        },
        { 'if-match': '"1"' },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers.etag).toBe('"2"');
      expect(res.json()).toMatchObject({
        subject: 'Mobilier',
        customerName: 'Dupont SARL',
        date: addDays(T, 2),
        validityDate: addDays(T, 32),
        taxExcludedAmount: 320,
        taxIncludedAmount: 384,
        status: 'Pending',
      });
      expectProblem(await api.put(q.id, { subject: 'x' }, { 'if-match': '"1"' }), 412);
    });

    it('DELETE removes a draft and answers it; an issued quote cannot be deleted (409): numbers leave no gap', async () => {
      const q = await api.draft(quoteBody());
      const del = await api.del(q.id);
      expect(del.statusCode, del.body).toBe(200);
      expect(del.json()).toMatchObject({ id: q.id, status: 'Pending' });
      expectError(await api.get(q.id), 404);
      const issued = await api.draft(quoteBody());
      await api.done('issue', issued.id);
      const refused = expectProblem(await api.del(issued.id), 409);
      expect(refused.detail).toContain('close it instead');
      expect((await api.get(issued.id)).statusCode).toBe(200);
    });

    it('answers 404 for a missing quote and for another account’s, on every route', async () => {
      const q = await api.draft(quoteBody());
      const strangerAccount = await ctx.newAccount();
      const stranger = quotesClient(ctx, strangerAccount);
      expectError(await stranger.get(q.id), 404);
      expectError(await stranger.get(999999), 404);
      expectProblem(await stranger.put(q.id, { subject: 'x' }), 404);
      expectProblem(await stranger.del(q.id), 404);
      for (const action of ['issue', 'markassent', 'accept', 'refuse', 'close', 'invoice', 'deposit']) {
        expectProblem(await stranger.action(action, q.id), 404);
      }
      expect((await stranger.list()).json()).toEqual([]);
      expectProblem(await ctx.inject({ method: 'GET', url: `/v1/salequotes/download/${q.id}`, headers: strangerAccount.headers }), 404);
      expect((await api.get(q.id)).json()).toEqual(q);
    });

    it('finds by internal id and by number', async () => {
      const acc = await ctx.newAccount();
      const a = quotesClient(ctx, acc);
      const q = await a.draft(quoteBody({ internalId: 'crm-42' }));
      await a.draft(quoteBody({ internalId: 'crm-43' }));
      const byInternal = await ctx.inject({ method: 'GET', url: '/v1/SaleQuotes/Find?internalid=crm-42', headers: acc.headers });
      expect(byInternal.statusCode).toBe(200);
      expect(byInternal.json().map((x: DocBody) => x.id)).toEqual([q.id]);
      const issued = await a.done('issue', q.id);
      const byNumber = await ctx.inject({ method: 'GET', url: `/v1/salequotes/find?number=${issued.number}`, headers: acc.headers });
      expect(byNumber.json().map((x: DocBody) => x.id)).toEqual([q.id]);
      const none = await ctx.inject({ method: 'GET', url: '/v1/salequotes/find', headers: acc.headers });
      expect(none.json()).toEqual([]);
    });
  });

  describe('lifecycle', () => {
    it('issue numbers the quote with D-{yyyy}-{seq:5}; markassent, accept stamp their dates; events say QuoteCreated then QuoteUpdated', async () => {
      const acc = await ctx.newAccount();
      const a = quotesClient(ctx, acc);
      const q = await a.draft(quoteBody({ date: T }));
      const issued = await a.done('issue', q.id);
      expect(issued).toMatchObject({ number: D(1), status: 'Pending', sentAt: null });
      const sent = await a.done('markassent', q.id);
      expect(sent.status).toBe('Sent');
      expect(Date.parse(sent.sentAt)).toBeGreaterThan(Date.now() - 60_000);
      const accepted = await a.done('accept', q.id);
      expect(accepted).toMatchObject({ status: 'Accepted', number: D(1), sentAt: sent.sentAt, isExpired: false });
      expect(Date.parse(accepted.acceptedAt)).toBeGreaterThanOrEqual(Date.parse(sent.sentAt));
      const ev = await events(ctx, acc.accountId);
      expect(ev.map((e) => e.type)).toEqual(['QuoteCreated', 'QuoteUpdated', 'QuoteUpdated', 'QuoteUpdated']);
      expect(ev[3].payload).toMatchObject({ id: q.id, status: 'Accepted', number: D(1) });
    });

    it('accepting or refusing a draft issues it on the way; refusal stamps refusedAt', async () => {
      const acc = await ctx.newAccount();
      const a = quotesClient(ctx, acc);
      const one = await a.draft(quoteBody({ date: T }));
      const two = await a.draft(quoteBody({ date: T }));
      expect(await a.done('refuse', two.id)).toMatchObject({ status: 'Refused', number: D(1), acceptedAt: null });
      const accepted = await a.done('accept', one.id);
      expect(accepted).toMatchObject({ status: 'Accepted', number: D(2), refusedAt: null });
      expect((await a.get(two.id)).json().refusedAt).toEqual(expect.any(String));
    });

    it('forbidden transitions answer 409 with a clear message and change nothing', async () => {
      const acc = await ctx.newAccount();
      const a = quotesClient(ctx, acc);
      const accepted = await a.draft(quoteBody({ date: T }));
      await a.done('accept', accepted.id);
      const edit = expectProblem(await a.put(accepted.id, { subject: 'changed' }), 409);
      expect(edit.detail).toBe(
        `Quote ${D(1)} is Accepted: it cannot be modified; close it and make a new quote to change what was accepted`,
      );
      expectProblem(await a.action('refuse', accepted.id), 409);
      expectProblem(await a.action('accept', accepted.id), 409);
      expectProblem(await a.action('issue', accepted.id), 409);

      const refused = await a.draft(quoteBody({ date: T }));
      await a.done('refuse', refused.id);
      const accept = expectProblem(await a.action('accept', refused.id), 409);
      expect(accept.detail).toBe(`Quote ${D(2)} is Refused: it cannot be accepted`);
      expectProblem(await a.action('markassent', refused.id), 409);
      expectProblem(await a.action('invoice', refused.id), 409);
      expectProblem(await a.action('deposit', refused.id), 409);
      expectProblem(await a.action('close', refused.id), 409);

      const pending = await a.draft(quoteBody({ date: T }));
      const invoice = expectProblem(await a.action('invoice', pending.id), 409);
      expect(invoice.detail).toContain('only an accepted quote is');
      const close = expectProblem(await a.action('close', pending.id), 409);
      expect(close.detail).toContain('delete it instead');
      await a.done('issue', pending.id);
      expectProblem(await a.action('issue', pending.id), 409);
      const closed = await a.done('close', pending.id);
      expect(closed).toMatchObject({ status: 'Closed', closedAt: expect.any(String) });
      expectProblem(await a.put(pending.id, { subject: 'x' }), 409);
      expectProblem(await a.action('accept', pending.id), 409);

      expect((await a.get(refused.id)).json()).toMatchObject({ status: 'Refused', acceptedAt: null });
    });

    it('a Sent quote can still be edited, keeps its number and can be marked as sent again', async () => {
      const a = quotesClient(ctx, await ctx.newAccount());
      const q = await a.draft(quoteBody({ date: T }));
      const sent = await a.done('markassent', q.id);
      const edited = await a.put(q.id, { subject: 'Version 2' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ status: 'Sent', number: sent.number, subject: 'Version 2' });
      expect((await a.done('markassent', q.id)).status).toBe('Sent');
    });

    it('numbers are gapless and follow numbering.quotePattern; drafts deleted consume none; invoice numbers are not affected', async () => {
      const acc = await ctx.newAccount();
      const a = quotesClient(ctx, acc);
      const sales = salesClient(ctx, acc);
      const deleted = await a.draft(quoteBody({ date: T }));
      await a.del(deleted.id);
      const first = await a.done('issue', (await a.draft(quoteBody({ date: T }))).id);
      expect(first.number).toBe(D(1));
      await sales.settings({ numbering: { quotePattern: 'DEV{yy}{mm}-{seq:3}' } });
      const second = await a.done('issue', (await a.draft(quoteBody({ date: '2026-02-14' }))).id);
      expect(second.number).toBe('DEV2602-001');
      const bad = await ctx.inject({
        method: 'PUT',
        url: '/v1/settings',
        headers: acc.headers,
        payload: { numbering: { quotePattern: 'D-{foo}' } },
      });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain('numbering.quotePattern');
      const invoice = await sales.finalized('Invoice', {
        customerName: 'X',
        date: T,
        lines: [{ quantity: 1, taxExcludedPrice: 10, vat: { rate: 20 } }],
      });
      expect(invoice.number).toBe(`F-${year}-00001`);
    });

    it('concurrent issues get distinct consecutive numbers', async () => {
      const a = quotesClient(ctx, await ctx.newAccount());
      const drafts = await Promise.all(Array.from({ length: 8 }, () => a.draft(quoteBody({ date: T }))));
      const issued = await Promise.all(drafts.map((d) => a.action('issue', d.id)));
      const numbers = issued.map((r) => r.json().number as string).sort();
      expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => D(i + 1)));
    });

    it('a quote past its validity date shows as expired without being rewritten, and Status=Expired lists it', async () => {
      const acc = await ctx.newAccount();
      const a = quotesClient(ctx, acc);
      const old = await a.draft(quoteBody({ date: addDays(T, -40) }));
      await a.done('markassent', old.id);
      const fresh = await a.draft(quoteBody({ date: T }));
      const oldAccepted = await a.draft(quoteBody({ date: addDays(T, -40) }));
      await a.done('accept', oldAccepted.id);
      const read = await a.get(old.id);
      expect(read.json()).toMatchObject({ status: 'Sent', isExpired: true, validityDate: addDays(T, -10) });
      expect(read.headers.etag).toBe('"2"');
      expect((await a.get(fresh.id)).json().isExpired).toBe(false);
      expect((await a.get(oldAccepted.id)).json().isExpired).toBe(false);
      const expired = await a.list('?Status=Expired');
      expect(expired.json().map((q: DocBody) => q.id)).toEqual([old.id]);
      const row = await ctx.db.kysely
        .selectFrom('saleQuotes')
        .select(['status', 'version'])
        .where('id', '=', old.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'Sent', version: 2 });
    });
  });

  describe('lists', () => {
    let a: ReturnType<typeof quotesClient>;
    let ids: Record<string, number>;
    let customerId: number;
    beforeAll(async () => {
      const acc = await ctx.newAccount();
      a = quotesClient(ctx, acc);
      customerId = await salesClient(ctx, acc).customer({ companyName: 'Client Filtré' });
      ids = {
        jan: (await a.draft(quoteBody({ date: '2026-01-15' }))).id,
        feb: (await a.draft(quoteBody({ date: '2026-02-15', customerId }))).id,
        mar: (await a.draft(quoteBody({ date: '2026-03-15' }))).id,
        apr: (
          await a.draft(quoteBody({ date: '2026-04-15', customerId, lines: [{ quantity: 1, taxExcludedPrice: 5, vat: { rate: 20 } }] }))
        ).id,
      };
      await a.done('accept', ids.feb);
      await a.done('refuse', ids.mar);
    });
    const idsOf = (res: LightMyRequestResponse) => res.json().map((q: DocBody) => q.id);

    it('orders by date desc by default, with the paging headers', async () => {
      const res = await a.list('?PageSize=2&PageIndex=2');
      expect(res.statusCode).toBe(200);
      expect(idsOf(res)).toEqual([ids.feb, ids.jan]);
      expect(res.headers['x-record-count']).toBe('4');
      expect(res.headers['x-page-count']).toBe('2');
      expect(res.headers['x-page-index']).toBe('2');
    });

    it('filters by From, To, CustomerId and Status, combined', async () => {
      expect(idsOf(await a.list('?From=2026-02-01&To=2026-03-31'))).toEqual([ids.mar, ids.feb]);
      expect(idsOf(await a.list(`?CustomerId=${customerId}`))).toEqual([ids.apr, ids.feb]);
      expect(idsOf(await a.list('?Status=Accepted'))).toEqual([ids.feb]);
      expect(idsOf(await a.list('?status=Refused'))).toEqual([ids.mar]);
      expect(idsOf(await a.list(`?Status=Pending&CustomerId=${customerId}`))).toEqual([ids.apr]);
      expect(idsOf(await a.list('?Status=Invoiced'))).toEqual([]);
    });

    it('sorts by whitelisted fields and refuses others with a 400 naming OrderBy', async () => {
      expect(idsOf(await a.list('?OrderBy=amount'))).toEqual([ids.apr, ids.jan, ids.feb, ids.mar]);
      expect(idsOf(await a.list('?OrderBy=date'))).toEqual([ids.jan, ids.feb, ids.mar, ids.apr]);
      const bad = expectProblem(await a.list('?OrderBy=data'), 400);
      expect(JSON.stringify(bad)).toContain('OrderBy');
      expectProblem(await a.list('?Status=Lost'), 400);
    });
  });

  describe('PDF', () => {
    it('downloads a French devis: title, number, validity, deposit asked, payment terms, Bon pour accord; no Factur-X XML', async () => {
      const acc = await ctx.newAccount();
      const a = quotesClient(ctx, acc);
      const q = await a.draft(quoteBody({ date: T, deposit: { type: 'Percent', value: 30 } }));
      await a.done('issue', q.id);
      const res = await ctx.inject({ method: 'GET', url: `/v1/salequotes/download/${q.id}`, headers: acc.headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${D(1)}.pdf"`);
      const info = await inspectPdf(res.rawPayload);
      expect(info.attachments).toEqual([]);
      const text = info.pageTexts.join('\n');
      expect(text).toContain('DEVIS');
      expect(text).toContain(`N° ${D(1)}`);
      expect(text).toContain('Valable jusqu’au');
      expect(text).toContain(addDays(T, 30).split('-').reverse().join('/'));
      expect(text).toContain('Bon pour accord');
      expect(text).toContain('Acompte à la commande (30\u00A0%)');
      expect(text).toContain('363,60\u00A0€');
      expect(text).toContain('Conditions de règlement');
      expect(text).toContain('1\u202F212,00\u00A0€');
      expect(text).not.toContain('BROUILLON');
      const draft = await a.draft(quoteBody({ date: T }));
      const draftPdf = await ctx.inject({ method: 'GET', url: `/v1/salequotes/download/${draft.id}`, headers: acc.headers });
      expect(draftPdf.headers['content-disposition']).toBe(`attachment; filename="devis-brouillon-${draft.id}.pdf"`);
      expect((await inspectPdf(draftPdf.rawPayload)).pageTexts[0]).toContain('BROUILLON');
    });
  });
});
