import { EXTERNAL_CORRECTED_INVOICE } from '../../helpers/sales.js';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type TestAccount, type TestContext } from '../../helpers/harness.js';

// Response bodies are checked field by field; the loose type keeps the assertions short.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = Record<string, any>;

const line = (price: number) => ({ type: 'Product', description: 'Article', quantity: 1, taxExcludedPrice: price, vat: { rate: 20 } });

async function outboxTypes(ctx: TestContext, accountId: number): Promise<{ type: string; payload: Body }[]> {
  const rows = await ctx.db.kysely
    .selectFrom('outbox')
    .select(['type', 'payload'])
    .where('accountId', '=', accountId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ type: r.type, payload: JSON.parse(r.payload) as Body }));
}

describeEachDb('receipts', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let customerId: number;
  let otherCustomerId: number;

  const finalized = async (kind: 'saleinvoices' | 'salecredits', price = 100, account = a, customer = customerId): Promise<Body> => {
    const d = await ctx.inject({
      method: 'POST',
      url: `/v1/${kind}`,
      headers: account.headers,
      payload: {
        ...(account === a ? { customerId: customer } : { customerName: 'X' }),
        ...(kind === 'salecredits' ? EXTERNAL_CORRECTED_INVOICE : {}),
        lines: [line(price)],
      },
    });
    expect(d.statusCode, d.body).toBe(200);
    const res = await ctx.inject({ method: 'POST', url: `/v1/${kind}/finalize/${d.json().id}`, headers: account.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const invoice = async (id: number, kind = 'saleinvoices') =>
    (await ctx.inject({ method: 'GET', url: `/v1/${kind}/${id}`, headers: a.headers })).json();
  const create = (payload: object, account = a) => ctx.inject({ method: 'POST', url: '/v1/receipts', headers: account.headers, payload });
  const put = (id: number, payload: object, account = a) =>
    ctx.inject({ method: 'PUT', url: `/v1/receipts/${id}`, headers: account.headers, payload });

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
              { percent: 50, delay: 0 },
              { percent: 50, delay: 30 },
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
      payload: { companyName: 'Dupont SARL', number: 'C-DUP', internalId: 'ext-dup' },
    });
    customerId = c.json().id;
    const o = await ctx.inject({
      method: 'POST',
      url: '/v1/customers',
      headers: a.headers,
      payload: { companyName: 'Martin SA', number: 'C-MAR' },
    });
    otherCustomerId = o.json().id;
  });

  it('creates a receipt settling two invoices (one by the rest of its balance), and reads it back', async () => {
    const i1 = await finalized('saleinvoices');
    const i2 = await finalized('saleinvoices');
    const res = await create({
      amount: 200,
      date: '2026-03-01',
      paymentMethod: 'Transfer',
      reference: 'VIR 42',
      notes: 'Règlement groupé',
      internalId: 'bank-42',
      customerNumber: 'C-DUP',
      metadata: { source: 'bank' },
      links: [
        { type: 'Invoice', id: i1.id },
        { type: 'Invoice', id: i2.id, amount: 80 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toEqual({
      id: expect.any(Number),
      amount: 200,
      date: '2026-03-01',
      paymentMethod: 'Transfer',
      status: 'Success',
      reference: 'VIR 42',
      notes: 'Règlement groupé',
      internalId: 'bank-42',
      metadata: { source: 'bank' },
      customerId,
      customerName: 'Dupont SARL',
      customerNumber: 'C-DUP',
      customerInternalId: 'ext-dup',
      links: [
        { type: 'Invoice', id: i1.id, amount: 120, number: i1.number },
        { type: 'Invoice', id: i2.id, amount: 80, number: i2.number },
      ],
    });
    expect(await invoice(i1.id)).toMatchObject({ balance: 0, isPaid: true });
    expect(await invoice(i2.id)).toMatchObject({ balance: 40, isPaid: false });
    expect((await ctx.inject({ method: 'GET', url: `/v1/receipts/${r.id}`, headers: a.headers })).json()).toEqual(r);
    const found = await ctx.inject({ method: 'GET', url: '/v1/receipts/find?InternalId=bank-42', headers: a.headers });
    expect(found.json()).toEqual([r]);
    expect((await ctx.inject({ method: 'GET', url: '/v1/receipts/find?internalId=nope', headers: a.headers })).json()).toEqual([]);
  });

  it("editing a receipt's links moves the balance from one invoice to another; deleting restores it", async () => {
    const i1 = await finalized('saleinvoices');
    const i2 = await finalized('saleinvoices');
    const r = (await create({ amount: 60, links: [{ type: 'Invoice', id: i1.id, amount: 60 }] })).json();
    expect(await invoice(i1.id)).toMatchObject({ balance: 60 });

    const moved = await put(r.id, { amount: 60, reference: 'moved', links: [{ type: 'Invoice', id: i2.id, amount: 60 }] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ reference: 'moved', links: [{ type: 'Invoice', id: i2.id, amount: 60 }] });
    expect(await invoice(i1.id)).toMatchObject({ balance: 120, isPaid: false });
    expect(await invoice(i2.id)).toMatchObject({ balance: 60 });

    const kept = await put(r.id, { amount: 60, reference: 'links kept' });
    expect(kept.json().links).toEqual([{ type: 'Invoice', id: i2.id, amount: 60, number: i2.number }]);
    expect(await invoice(i2.id)).toMatchObject({ balance: 60 });

    const del = await ctx.inject({ method: 'DELETE', url: `/v1/receipts/${r.id}`, headers: a.headers });
    expect(del.statusCode).toBe(200);
    expect(del.body).toBe('');
    expect(await invoice(i2.id)).toMatchObject({ balance: 120, isPaid: false });
    const gone = await ctx.inject({ method: 'GET', url: `/v1/receipts/${r.id}`, headers: a.headers });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ status: 404, title: 'Not Found' });
    expect((await ctx.inject({ method: 'DELETE', url: `/v1/receipts/${r.id}`, headers: a.headers })).statusCode).toBe(404);
  });

  it("answers each link's document number (the invoice's, the credit's), in the list as in the receipt", async () => {
    const inv = await finalized('saleinvoices');
    const credit = await finalized('salecredits', 30);
    expect(inv.number).toMatch(/\S/);
    expect(credit.number).toMatch(/\S/);
    const offset = await create({
      amount: 0,
      customerId,
      links: [
        { type: 'Invoice', id: inv.id, amount: 36 },
        { type: 'Credit', id: credit.id, amount: -36 },
      ],
    });
    expect(offset.statusCode, offset.body).toBe(200);
    const expected = [
      { type: 'Invoice', id: inv.id, amount: 36, number: inv.number },
      { type: 'Credit', id: credit.id, amount: -36, number: credit.number },
    ];
    expect(offset.json().links).toEqual(expected);
    const one = await ctx.inject({ method: 'GET', url: `/v1/receipts/${offset.json().id}`, headers: a.headers });
    expect(one.json().links).toEqual(expected);
    const list = await ctx.inject({ method: 'GET', url: '/v1/receipts?PageSize=100', headers: a.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().find((r: Body) => r.id === offset.json().id).links).toEqual(expected);
    // Another account's receipts never name this account's documents (b sees none of a's receipts).
    const other = await ctx.inject({ method: 'GET', url: '/v1/receipts?PageSize=100', headers: b.headers });
    expect(other.json().some((r: Body) => r.id === offset.json().id)).toBe(false);
  });

  it('un-paying an invoice by deleting its receipt, then paying it again, emits InvoicePaid each time', async () => {
    const inv = await finalized('saleinvoices', 10);
    const r = (await create({ amount: 12, links: [{ type: 'Invoice', id: inv.id }] })).json();
    await ctx.inject({ method: 'DELETE', url: `/v1/receipts/${r.id}`, headers: a.headers });
    await create({ amount: 12, links: [{ type: 'Invoice', id: inv.id }] });
    const paid = (await outboxTypes(ctx, a.accountId)).filter((e) => e.type === 'InvoicePaid' && e.payload.id === inv.id);
    expect(paid).toHaveLength(2);
  });

  it("a commitment link (invoiceId * 1000 + position) settles the invoice up to that commitment's due amount", async () => {
    const inv = await finalized('saleinvoices');
    expect(inv.commitments.map((c: Body) => [c.id, c.amount])).toEqual([
      [1, 60],
      [2, 60],
    ]);
    const res = await create({ amount: 100, links: [{ type: 'Commitment', id: inv.id * 1000 + 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().links).toEqual([{ type: 'Commitment', id: inv.id * 1000 + 1, amount: 60, number: inv.number }]);
    const after = await invoice(inv.id);
    expect(after.balance).toBe(60);
    expect(after.commitments.map((c: Body) => c.dueAmount)).toEqual([0, 60]);
    const missing = await create({ amount: 10, links: [{ type: 'Commitment', id: inv.id * 1000 + 3 }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatch(/^links\[0\]\.id: invoice .* has no commitment 3/);
  });

  it('a receipt can offset a credit against an invoice: the credit link is negative', async () => {
    const inv = await finalized('saleinvoices');
    const credit = await finalized('salecredits', 20);
    const res = await create({
      amount: 96,
      links: [
        { type: 'Invoice', id: inv.id, amount: 120 },
        { type: 'Credit', id: credit.id, amount: -24 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await invoice(inv.id)).toMatchObject({ balance: 0, isPaid: true });
    expect(await invoice(credit.id, 'salecredits')).toMatchObject({ balance: 0, isPaid: true });
    const positive = await create({ amount: 10, links: [{ type: 'Credit', id: credit.id, amount: 10 }] });
    expect(positive.json().errors).toEqual(['links[0].amount: must be negative on a credit (the amount refunded or offset)']);
  });

  it('a receipt of 0 offsets a credit against an invoice without money: both balances drop, unbalanced links are refused', async () => {
    const inv = await finalized('saleinvoices');
    const credit = await finalized('salecredits', 20);
    const unbalanced = await create({
      amount: 0,
      links: [
        { type: 'Invoice', id: inv.id, amount: 30 },
        { type: 'Credit', id: credit.id, amount: -24 },
      ],
    });
    expect(unbalanced.statusCode).toBe(400);
    expect(unbalanced.json().errors).toEqual(['amount: the links of an offset (amount 0) must balance: they allocate 6.00']);
    const invoiceOnly = await create({ amount: 0, links: [{ type: 'Invoice', id: inv.id, amount: 24 }] });
    expect(invoiceOnly.statusCode).toBe(400);
    expect(invoiceOnly.json().errors[0]).toMatch(/^amount: must not be zero .*unless the links offset a credit against an invoice$/);
    expect(await invoice(inv.id)).toMatchObject({ balance: 120, isPaid: false });

    const res = await create({
      amount: 0,
      date: '2026-03-02',
      links: [
        { type: 'Invoice', id: inv.id, amount: 24 },
        { type: 'Credit', id: credit.id, amount: -24 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      amount: 0,
      links: [
        { type: 'Invoice', id: inv.id, amount: 24 },
        { type: 'Credit', id: credit.id, amount: -24 },
      ],
    });
    expect(await invoice(inv.id)).toMatchObject({ balance: 96, isPaid: false });
    expect(await invoice(credit.id, 'salecredits')).toMatchObject({ balance: 0, isPaid: true });
  });

  it('refuses invalid receipts with an Error body naming the field, writing nothing', async () => {
    const inv = await finalized('saleinvoices');
    const draft = (
      await ctx.inject({ method: 'POST', url: '/v1/saleinvoices', headers: a.headers, payload: { customerId, lines: [line(5)] } })
    ).json();
    const other = await finalized('saleinvoices', 100, b);
    const before = (await outboxTypes(ctx, a.accountId)).length;
    const cases: [object, RegExp][] = [
      [{ date: '2026-01-01' }, /^amount: is required$/],
      [{ amount: 0 }, /^amount: must not be zero/],
      [{ amount: 10, customerId: 999999 }, /^customerId: no customer has id 999999$/],
      [{ amount: 10, customerNumber: 'NOPE' }, /^customerNumber: no customer has number "NOPE"$/],
      [{ amount: 10, customerId, customerNumber: 'C-MAR' }, /^customerNumber: designates customer/],
      [
        { amount: 10, links: [{ type: 'Invoice', id: inv.id, amount: 20 }] },
        /^links: the links allocate 20\.00, more than the receipt's amount 10\.00$/,
      ],
      [
        { amount: 200, links: [{ type: 'Invoice', id: inv.id, amount: 150 }] },
        /^links\[0\]\.amount: over-settles invoice .*: 120\.00 remains due, 150\.00 allocated$/,
      ],
      [{ amount: 10, links: [{ type: 'Invoice', id: draft.id, amount: 5 }] }, /^links\[0\]\.id: invoice \d+ is a draft/],
      [{ amount: 10, links: [{ type: 'Invoice', id: other.id, amount: 5 }] }, /^links\[0\]\.id: invoice \d+ does not exist$/],
      [{ amount: 10, links: [{ type: 'Credit', id: inv.id, amount: -5 }] }, /^links\[0\]\.id: credit \d+ does not exist$/],
      [
        { amount: 10, customerId: otherCustomerId, links: [{ type: 'Invoice', id: inv.id, amount: 5 }] },
        /^links\[0\]\.id: invoice .* belongs to customer/,
      ],
      [{ amount: 10, status: 'Lost' }, /^status: must be one of Success, Pending, Failed$/],
    ];
    for (const [payload, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(
        res.json().errors.some((e: string) => message.test(e)),
        `${JSON.stringify(payload)} -> ${res.body}`,
      ).toBe(true);
    }
    expect((await outboxTypes(ctx, a.accountId)).length).toBe(before);
    expect(await invoice(inv.id)).toMatchObject({ balance: 120 });
  });

  it('update answers 400 ProblemDetails for invalid input and 404 for an unknown receipt', async () => {
    const r = (await create({ amount: 10 })).json();
    const bad = await put(r.id, { amount: 10, customerId: 999999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, errors: { customerId: [expect.stringMatching(/no customer/)] } });
    expect((await put(999999, { amount: 10 })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: '/v1/receipts/abc', headers: a.headers })).statusCode).toBe(400);
  });

  it("another account's receipt is a 404 on get, update and delete, and is never listed", async () => {
    const r = (await create({ amount: 33, reference: 'SECRET-REF' }, b)).json();
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await ctx.inject({
        method,
        url: `/v1/receipts/${r.id}`,
        headers: a.headers,
        ...(method === 'PUT' ? { payload: { amount: 1 } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await ctx.inject({ method: 'GET', url: '/v1/receipts?query=SECRET', headers: a.headers })).json()).toEqual([]);
    expect((await ctx.inject({ method: 'GET', url: `/v1/receipts/${r.id}`, headers: b.headers })).json().amount).toBe(33);
  });

  it('lists with paging headers, full-text search and a whitelisted OrderBy', async () => {
    const c = await ctx.newAccount('Paging SAS');
    const cust = (
      await ctx.inject({
        method: 'POST',
        url: '/v1/customers',
        headers: c.headers,
        payload: { companyName: 'Société Générale de Plomberie' },
      })
    ).json();
    for (const [amount, reference, date] of [
      [10, 'CHQ-001', '2026-01-03'],
      [30, 'VIR-777', '2026-01-01'],
      [20, 'CB-55', '2026-01-02'],
    ] as const) {
      expect(
        (await create({ amount, reference, date, customerId: cust.id, notes: amount === 20 ? 'acompte chantier' : null }, c)).statusCode,
      ).toBe(200);
    }
    const page1 = await ctx.inject({ method: 'GET', url: '/v1/receipts?PageSize=2', headers: c.headers });
    expect(page1.json().map((r: Body) => r.date)).toEqual(['2026-01-03', '2026-01-02']);
    expect(page1.headers).toMatchObject({ 'x-record-count': '3', 'x-page-count': '2', 'x-page-index': '1', 'x-page-size': '2' });
    expect(page1.headers['x-page-next']).toBe('/v1/receipts?PageSize=2&PageIndex=2');
    const page2 = await ctx.inject({ method: 'GET', url: '/v1/receipts?PageSize=2&PageIndex=2', headers: c.headers });
    expect(page2.json().map((r: Body) => r.amount)).toEqual([30]);
    const byAmount = await ctx.inject({ method: 'GET', url: '/v1/receipts?orderby=amount%20desc', headers: c.headers });
    expect(byAmount.json().map((r: Body) => r.amount)).toEqual([30, 20, 10]);
    const search = async (q: string) =>
      (await ctx.inject({ method: 'GET', url: `/v1/receipts?query=${encodeURIComponent(q)}`, headers: c.headers }))
        .json()
        .map((r: Body) => r.reference);
    expect(await search('vir-777')).toEqual(['VIR-777']);
    expect(await search('CHANTIER')).toEqual(['CB-55']);
    expect((await search('societe plomb')).length).toBe(3);
    expect(await search('nothing')).toEqual([]);
    const bad = await ctx.inject({ method: 'GET', url: '/v1/receipts?OrderBy=reference', headers: c.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('OrderBy');
  });

  it("lists one customer's receipts by CustomerId, also once the customer is renamed and renumbered", async () => {
    const c = await ctx.newAccount('Clients SAS');
    const customer = async (companyName: string, number: string) =>
      (await ctx.inject({ method: 'POST', url: '/v1/customers', headers: c.headers, payload: { companyName, number } })).json()
        .id as number;
    const moreau = await customer('Moreau Frères', 'C-MOR');
    const petit = await customer('Petit SARL', 'C-PET');
    for (const [amount, reference, id] of [
      [11, 'MOR-1', moreau],
      [22, 'PET-1', petit],
      [33, 'MOR-2', moreau],
    ] as const)
      expect((await create({ amount, reference, date: '2026-02-01', customerId: id }, c)).statusCode).toBe(200);
    const renamed = await ctx.inject({
      method: 'PUT',
      url: `/v1/customers/${moreau}`,
      headers: c.headers,
      payload: { companyName: 'Moreau & Fils', number: 'C-MOR2' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const list = async (query: string, who = c) => {
      const res = await ctx.inject({ method: 'GET', url: `/v1/receipts?${query}`, headers: who.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    // The text search knows the names the receipts were made under, not the new ones.
    expect((await list('query=C-MOR2')).json()).toEqual([]);
    const mine = await list(`CustomerId=${moreau}&OrderBy=amount`);
    expect(mine.json().map((r: Body) => [r.reference, r.amount, r.customerId])).toEqual([
      ['MOR-1', 11, moreau],
      ['MOR-2', 33, moreau],
    ]);
    expect(mine.headers['x-record-count']).toBe('2');
    expect((await list(`customerid=${petit}`)).json().map((r: Body) => r.reference)).toEqual(['PET-1']);
    expect((await list(`CustomerId=${moreau}&query=MOR-2`)).json().map((r: Body) => r.reference)).toEqual(['MOR-2']);
    // Another account's customer id finds none of its receipts.
    expect((await list(`CustomerId=${moreau}`, a)).json()).toEqual([]);
    for (const bad of ['abc', '1.5', '3000000000']) {
      const res = await ctx.inject({ method: 'GET', url: `/v1/receipts?CustomerId=${bad}`, headers: c.headers });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors, bad).toHaveProperty('CustomerId');
    }
  });

  it('writes ReceiptCreated, ReceiptUpdated and ReceiptDeleted to the outbox with the receipt as payload', async () => {
    const c = await ctx.newAccount('Outbox SAS');
    const r = (await create({ amount: 5, reference: 'one' }, c)).json();
    await put(r.id, { amount: 6, reference: 'two' }, c);
    await ctx.inject({ method: 'DELETE', url: `/v1/receipts/${r.id}`, headers: c.headers });
    const rows = await outboxTypes(ctx, c.accountId);
    expect(rows.map((e) => [e.type, e.payload.id, e.payload.amount])).toEqual([
      ['ReceiptCreated', r.id, 5],
      ['ReceiptUpdated', r.id, 6],
      ['ReceiptDeleted', r.id, 6],
    ]);
  });
});
