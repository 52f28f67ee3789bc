import { EXTERNAL_CORRECTED_INVOICE } from '../../helpers/sales.js';
import { beforeAll, expect, it } from 'vitest';
import { getDocumentRow } from '../../../src/modules/sales/index.js';
import { describeEachDb, type TestAccount, type TestContext } from '../../helpers/harness.js';

// Response bodies are checked field by field; the loose type keeps the assertions short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

const line = (price: number) => ({ type: 'Product', description: 'Article', quantity: 1, taxExcludedPrice: price, vat: { rate: 20 } });

async function counts(ctx: TestContext, accountId: number) {
  const k = ctx.db.kysely;
  const receipts = await k
    .selectFrom('receipts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accountId', '=', accountId)
    .executeTakeFirstOrThrow();
  const outbox = await k
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accountId', '=', accountId)
    .executeTakeFirstOrThrow();
  return { receipts: Number(receipts.n), outbox: Number(outbox.n) };
}

async function events(ctx: TestContext, accountId: number, type: string): Promise<Body[]> {
  const rows = await ctx.db.kysely
    .selectFrom('outbox')
    .select(['payload'])
    .where('accountId', '=', accountId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();
  return rows.map((r) => JSON.parse(r.payload) as Body);
}

describeEachDb('payments of invoices and refunds of credits', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let customerId: number;

  const draft = async (account: TestAccount, kind: 'saleinvoices' | 'salecredits', price = 100): Promise<Body> => {
    const res = await ctx.inject({
      method: 'POST',
      url: `/v1/${kind}`,
      headers: account.headers,
      payload: {
        ...(account === a ? { customerId } : { customerName: 'Client B' }),
        ...(kind === 'salecredits' ? EXTERNAL_CORRECTED_INVOICE : {}),
        lines: [line(price)],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const finalized = async (account: TestAccount, kind: 'saleinvoices' | 'salecredits', price = 100): Promise<Body> => {
    const d = await draft(account, kind, price);
    const res = await ctx.inject({ method: 'POST', url: `/v1/${kind}/finalize/${d.id}`, headers: account.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const pay = (payload: object, account = a) =>
    ctx.inject({ method: 'POST', url: '/v1/SaleInvoices/MarkAsPaid', headers: account.headers, payload });
  const refund = (payload: object, account = a) =>
    ctx.inject({ method: 'POST', url: '/v1/SaleCredits/MarkAsRefunded', headers: account.headers, payload });

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier SAS');
    b = await ctx.newAccount('Autre SAS');
    const settings = await ctx.inject({
      method: 'PUT',
      url: '/v1/settings',
      headers: a.headers,
      payload: {
        sales: {
          btoBSettlementTerm: {
            conditions: [
              { percent: 30, delay: 0 },
              { percent: 70, delay: 30 },
            ],
          },
        },
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const c = await ctx.inject({
      method: 'POST',
      url: '/v1/customers',
      headers: a.headers,
      payload: { companyName: 'Dupont SARL', number: 'C-DUP' },
    });
    expect(c.statusCode).toBe(200);
    customerId = c.json().id;
  });

  it('a partial then a full payment lower the balance, settle the earliest commitment first and pay the invoice', async () => {
    const inv = await finalized(a, 'saleinvoices');
    expect(inv).toMatchObject({ taxIncludedAmount: 120, balance: 120, isPaid: false });
    expect(inv.commitments.map((c: Body) => c.amount)).toEqual([36, 84]);

    const first = await pay({
      invoiceId: inv.id,
      amount: 50,
      date: inv.date,
      paymentMethod: 'Check',
      paymentReference: 'CHQ 1234',
      metadata: { order: 'W-1' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: inv.id, balance: 70, isPaid: false });
    expect(first.json().commitments.map((c: Body) => c.dueAmount)).toEqual([0, 70]);

    const receipts = await ctx.inject({ method: 'GET', url: `/v1/receipts?query=${inv.number}`, headers: a.headers });
    expect(receipts.json()).toEqual([
      {
        id: expect.any(Number),
        amount: 50,
        date: inv.date,
        paymentMethod: 'Check',
        status: 'Success',
        reference: 'CHQ 1234',
        notes: null,
        internalId: null,
        metadata: { order: 'W-1' },
        customerId,
        customerName: 'Dupont SARL',
        customerNumber: 'C-DUP',
        customerInternalId: null,
        links: [{ type: 'Invoice', id: inv.id, number: inv.number, amount: 50 }],
      },
    ]);
    expect(await events(ctx, a.accountId, 'InvoicePaid')).toEqual([]);

    const rest = await pay({ invoiceId: inv.id });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ balance: 0, isPaid: true, overdue: 0 });
    expect(rest.json().commitments.map((c: Body) => c.dueAmount)).toEqual([0, 0]);
    const paid = await events(ctx, a.accountId, 'InvoicePaid');
    expect(paid.map((e) => e.id)).toEqual([inv.id]);
    expect(paid[0]).toMatchObject({ isPaid: true, balance: 0 });
    const created = await events(ctx, a.accountId, 'ReceiptCreated');
    expect(created.slice(-2).map((e) => e.amount)).toEqual([50, 70]);

    const again = await pay({ invoiceId: inv.id, amount: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already paid.*allowUpdate/);
  });

  it('balances are exact decimals: 0.10 then 0.20 leave exactly 119.70', async () => {
    const inv = await finalized(a, 'saleinvoices');
    await pay({ invoiceId: inv.id, amount: 0.1 });
    const res = await pay({ invoiceId: inv.id, amount: 0.2 });
    expect(res.json().balance).toBe(119.7);
    const row = await getDocumentRow(ctx.db.kysely, a.accountId, 'Invoice', inv.id);
    expect(row!.balance.toFixed(2)).toBe('119.70');
  });

  it('refuses an overpayment, a zero or negative amount and an amount that rounds to zero with a 400 naming amount, writing nothing', async () => {
    const inv = await finalized(a, 'saleinvoices');
    const before = await counts(ctx, a.accountId);
    for (const amount of [120.01, 0, -5, 0.004]) {
      const res = await pay({ invoiceId: inv.id, amount });
      expect(res.statusCode, `amount ${amount}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(Object.keys(res.json().errors)).toEqual(['amount']);
    }
    expect((await pay({ invoiceId: inv.id, amount: 120.01 })).json().detail).toMatch(/exceeds what remains due.*120\.00/);
    expect(await counts(ctx, a.accountId)).toEqual(before);
    const get = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/${inv.id}`, headers: a.headers });
    expect(get.json()).toMatchObject({ balance: 120, isPaid: false });
  });

  it('rounds a sub-cent amount half away from zero: 10.005 pays 10.01', async () => {
    const inv = await finalized(a, 'saleinvoices');
    const res = await pay({ invoiceId: inv.id, amount: 10.005 });
    expect(res.statusCode, res.body).toBe(200);
    const get = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/${inv.id}`, headers: a.headers });
    expect(get.json()).toMatchObject({ balance: 109.99, isPaid: false });
  });

  it('refuses to pay a draft unless finalizeInvoice is set, then finalizes and pays it in one transaction', async () => {
    const d = await draft(a, 'saleinvoices');
    const refused = await pay({ invoiceId: d.id, amount: 10 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/is a draft.*finalizeInvoice/);
    const stillDraft = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/${d.id}`, headers: a.headers });
    expect(stillDraft.json()).toMatchObject({ isDraft: true, number: null });

    const res = await pay({ invoiceId: d.id, amount: 10, finalizeInvoice: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isDraft: false, number: expect.stringMatching(/^F-/), balance: 110, isPaid: false });
    expect((await events(ctx, a.accountId, 'InvoiceFinalized')).some((e) => e.id === d.id)).toBe(true);
  });

  it('a draft is not finalized when the payment in the same request is refused', async () => {
    const d = await draft(a, 'saleinvoices');
    const res = await pay({ invoiceId: d.id, amount: 500, finalizeInvoice: true });
    expect(res.statusCode).toBe(400);
    const get = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/${d.id}`, headers: a.headers });
    expect(get.json()).toMatchObject({ isDraft: true, number: null });
  });

  it('refuses to pay a cancelled invoice', async () => {
    const inv = await finalized(a, 'saleinvoices');
    expect((await ctx.inject({ method: 'POST', url: `/v1/saleinvoices/cancel/${inv.id}`, headers: a.headers })).statusCode).toBe(200);
    const res = await pay({ invoiceId: inv.id, amount: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/cancelled/);
  });

  it('Pending and Failed payments do not count toward the balance until they succeed', async () => {
    const inv = await finalized(a, 'saleinvoices');
    const pending = await pay({ invoiceId: inv.id, amount: 120, status: 'Pending', paymentReference: 'SEPA-9' });
    expect(pending.json()).toMatchObject({ balance: 120, isPaid: false });
    const failed = await pay({ invoiceId: inv.id, amount: 20, status: 'Failed' });
    expect(failed.json()).toMatchObject({ balance: 120, isPaid: false });
    const [receipt] = (await ctx.inject({ method: 'GET', url: '/v1/receipts?query=SEPA-9', headers: a.headers })).json();
    expect(receipt.status).toBe('Pending');
    const put = await ctx.inject({
      method: 'PUT',
      url: `/v1/receipts/${receipt.id}`,
      headers: a.headers,
      payload: { ...receipt, status: 'Success' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const get = await ctx.inject({ method: 'GET', url: `/v1/saleinvoices/${inv.id}`, headers: a.headers });
    expect(get.json()).toMatchObject({ balance: 0, isPaid: true });
  });

  it('allowUpdate updates the metadata, status and reference of the last receipt of a paid invoice', async () => {
    const inv = await finalized(a, 'saleinvoices');
    await pay({ invoiceId: inv.id, paymentReference: 'VIR-1', metadata: { k: 'v1' } });
    const res = await pay({ invoiceId: inv.id, allowUpdate: true, paymentReference: 'VIR-1-bis', metadata: { k: 'v2' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ balance: 0, isPaid: true });
    const [receipt] = (await ctx.inject({ method: 'GET', url: `/v1/receipts?query=${inv.number}`, headers: a.headers })).json();
    expect(receipt).toMatchObject({ reference: 'VIR-1-bis', metadata: { k: 'v2' }, amount: 120, status: 'Success' });
    const failed = await pay({ invoiceId: inv.id, allowUpdate: true, status: 'Failed' });
    expect(failed.json()).toMatchObject({ balance: 120, isPaid: false });
  });

  it("answers 404 ProblemDetails for an unknown invoice, a credit id, or another account's invoice", async () => {
    const other = await finalized(b, 'saleinvoices');
    const credit = await finalized(a, 'salecredits');
    for (const [payload, account] of [
      [{ invoiceId: 999999 }, a],
      [{ invoiceId: other.id }, a],
      [{ invoiceId: credit.id }, a],
    ] as const) {
      const res = await pay(payload, account);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
    }
    expect((await refund({ creditId: other.id })).statusCode).toBe(404);
  });

  it('validates the body: invoiceId is required, enums are checked', async () => {
    const res = await pay({ amount: 10, paymentMethod: 'Bitcoin' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['invoiceId', 'paymentMethod']);
  });

  it('refunds a credit partly then fully with receipts of negative amount', async () => {
    const credit = await finalized(a, 'salecredits', 50);
    expect(credit).toMatchObject({ taxIncludedAmount: 60, balance: 60, isPaid: false });
    const part = await refund({ creditId: credit.id, amount: 20, paymentMethod: 'Transfer', refundReference: 'RBT-1' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ id: credit.id, balance: 40, isPaid: false, cancelledInvoicetId: null });
    const [receipt] = (await ctx.inject({ method: 'GET', url: '/v1/receipts?query=RBT-1', headers: a.headers })).json();
    expect(receipt).toMatchObject({ amount: -20, reference: 'RBT-1', links: [{ type: 'Credit', id: credit.id, amount: -20 }] });

    const over = await refund({ creditId: credit.id, amount: 40.01 });
    expect(over.statusCode).toBe(400);
    expect(Object.keys(over.json().errors)).toEqual(['amount']);
    const full = await refund({ creditId: credit.id });
    expect(full.json()).toMatchObject({ balance: 0, isPaid: true });
    expect((await refund({ creditId: credit.id, amount: 1 })).json().detail).toMatch(/already refunded/);
    expect((await events(ctx, a.accountId, 'InvoicePaid')).some((e) => e.id === credit.id)).toBe(false);
  });

  it('refuses to refund a draft credit unless finalizeCredit is set', async () => {
    const d = await draft(a, 'salecredits', 10);
    expect((await refund({ creditId: d.id })).statusCode).toBe(400);
    const res = await refund({ creditId: d.id, finalizeCredit: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isDraft: false, balance: 0, isPaid: true });
  });
});
