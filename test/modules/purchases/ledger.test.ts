import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { renderDocumentPdf } from '../../../src/rendering/pdf.js';
import { purchaseInvoiceBatches, supplierPaymentBatches } from '../../../src/modules/purchases/index.js';
import { baseInvoice } from '../../fixtures/einvoicing/documents.js';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

const UBL = readFileSync(new URL('../../fixtures/einvoicing/ubl-invoice.xml', import.meta.url), 'utf8');
const ubl = (number: string) => Buffer.from(UBL.replace('<cbc:ID>INV-2024-9</cbc:ID>', `<cbc:ID>${number}</cbc:ID>`));

describeEachDb('purchase invoices as a ledger, supplier payments', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let scan: Buffer;
  let supplierId: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = a, headers: Record<string, string> = {}) =>
    ctx.inject({ method, url, headers: { ...who.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = async (content: Buffer, filename: string, who = a) => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/v1/purchaseinvoices/file',
      headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename, type: 'application/octet-stream', content }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** A plain PDF completed by hand: supplier, reference, VAT lines. */
  const manual = async (reference: string, vats: unknown[], extra: Record<string, unknown> = {}) => {
    const created = await upload(scan, `${reference}.pdf`);
    const res = await call('PUT', `/v1/purchaseinvoices/${created.id}`, { supplierId, reference, date: '2025-02-10', vats, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Facturier SAS');
    b = await ctx.newAccount('Autre SARL');
    scan = await renderDocumentPdf(baseInvoice({ isDraft: true, number: null }));
    const s = await call('POST', '/v1/suppliers', { name: 'Papeterie Durand' });
    expect(s.statusCode, s.body).toBe(200);
    supplierId = s.json().id;
  });

  it('an uploaded CII/UBL invoice fills the ledger fields; the same supplier and number again is flagged as a duplicate', async () => {
    const first = await upload(ubl('LG-1'), 'lg1.xml');
    expect(first).toMatchObject({
      reference: 'LG-1',
      status: 'Done',
      taxIncludedAmount: 800,
      taxExcludedAmount: 800,
      vatAmount: 0,
      vats: [{ rate: 0, taxExcludedAmount: 800, vatAmount: 0 }],
      paidAmount: 0,
      balance: 800,
      isPaid: false,
      duplicateIds: [],
    });
    expect(first.supplierId).toBe(first.supplier.id);
    const second = await upload(ubl('LG-1'), 'lg1-again.xml');
    expect(second.duplicateIds).toEqual([first.id]);
    const again = await call('GET', `/v1/purchaseinvoices/${first.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().duplicateIds).toEqual([second.id]);
    expect(again.headers.etag).toMatch(/^"\d+"$/);
  });

  it('a plain PDF is Pending until a person fills supplier and VAT lines; VAT computed per rate, half-up', async () => {
    const created = await upload(scan, 'scan.pdf');
    expect(created).toMatchObject({ status: 'Pending', supplierId: null, taxIncludedAmount: 0, vats: null, balance: 0, isPaid: false });
    const res = await call('PUT', `/v1/purchaseinvoices/${created.id}`, {
      supplierId,
      reference: 'PD-77',
      date: '2025-01-31',
      dueDate: '2025-03-02',
      classificationId: 106,
      vats: [
        { rate: 20, taxExcludedAmount: 100 },
        { rate: 5.5, taxExcludedAmount: 10.05 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Done',
      supplierId,
      supplier: { name: 'Papeterie Durand' },
      reference: 'PD-77',
      dueDate: '2025-03-02',
      classificationId: 106,
      taxExcludedAmount: 110.05,
      vatAmount: 20.55,
      taxIncludedAmount: 130.6,
      vats: [
        { rate: 20, taxExcludedAmount: 100, vatAmount: 20 },
        { rate: 5.5, taxExcludedAmount: 10.05, vatAmount: 0.55 },
      ],
      balance: 130.6,
      subject: 'scan.pdf',
    });
    // Absent fields are kept.
    const kept = await call('PUT', `/v1/purchaseinvoices/${created.id}`, { notes: 'Ramettes A4' });
    expect(kept.json()).toMatchObject({ notes: 'Ramettes A4', reference: 'PD-77', taxIncludedAmount: 130.6, classificationId: 106 });
  });

  it('an update that breaks a rule is a 400 naming each field, and nothing changes', async () => {
    const inv = await manual('BAD-1', [{ rate: 20, taxExcludedAmount: 50 }]);
    const other = (await call('POST', '/v1/suppliers', { name: 'Fournisseur de B' }, b)).json();
    const res = await call('PUT', `/v1/purchaseinvoices/${inv.id}`, {
      supplierId: other.id,
      classificationId: 1,
      vats: [{ rate: 20, taxExcludedAmount: 10, vatAmount: -2 }],
      dueDate: '2020-01-01',
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.keys(res.json().errors ?? {});
    expect(fields).toEqual(expect.arrayContaining(['supplierId', 'classificationId', 'vats[0].vatAmount', 'dueDate']));
    const mismatch = await call('PUT', `/v1/purchaseinvoices/${inv.id}`, {
      vats: [{ rate: 20, taxExcludedAmount: 10 }],
      taxIncludedAmount: 13,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(JSON.stringify(mismatch.json())).toContain('taxIncludedAmount');
    expect((await call('GET', `/v1/purchaseinvoices/${inv.id}`)).json()).toMatchObject({ taxIncludedAmount: 60, supplierId });
  });

  it('supplier payments: partial, then the rest on several invoices at once; balances exact; Paid status', async () => {
    const i1 = await manual('PAY-1', [{ rate: 20, taxExcludedAmount: 100.1 }]); // 120.12
    const i2 = await manual('PAY-2', [{ rate: 10, taxExcludedAmount: 33.33 }]); // 36.66
    expect([i1.taxIncludedAmount, i2.taxIncludedAmount]).toEqual([120.12, 36.66]);
    const partial = await call('POST', '/v1/supplierpayments', {
      amount: 20.01,
      date: '2025-02-15',
      links: [{ id: i1.id, amount: 20.01 }],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({
      amount: 20.01,
      supplierId,
      supplierName: 'Papeterie Durand',
      status: 'Success',
      paymentMethod: 'Transfer',
    });
    expect((await call('GET', `/v1/purchaseinvoices/${i1.id}`)).json()).toMatchObject({
      paidAmount: 20.01,
      balance: 100.11,
      status: 'Done',
    });

    const rest = await call('POST', '/v1/supplierpayments', {
      amount: 136.77,
      reference: 'VIR-0042',
      links: [{ id: i1.id }, { id: i2.id }],
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().links).toEqual([
      { id: i1.id, amount: 100.11 },
      { id: i2.id, amount: 36.66 },
    ]);
    for (const id of [i1.id, i2.id]) {
      expect((await call('GET', `/v1/purchaseinvoices/${id}`)).json()).toMatchObject({ balance: 0, isPaid: true, status: 'Paid' });
    }
    const paid = await call('GET', `/v1/purchaseinvoices?Status=Paid&SupplierId=${supplierId}&PageSize=100`);
    expect(paid.json().map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([i1.id, i2.id]));
    expect(paid.json().every((p: { status: string }) => p.status === 'Paid')).toBe(true);
    const unpaid = await call('GET', `/v1/purchaseinvoices?Status=Unpaid&PageSize=100`);
    expect(unpaid.json().some((p: { id: number }) => p.id === i1.id)).toBe(false);

    // Deleting a payment makes what it settled due again; so does lowering it.
    const lowered = await call('PUT', `/v1/supplierpayments/${rest.json().id}`, { amount: 100.11, links: [{ id: i1.id }] });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect((await call('GET', `/v1/purchaseinvoices/${i2.id}`)).json()).toMatchObject({ balance: 36.66, status: 'Done', isPaid: false });
    // A PUT without links keeps them.
    const relabel = await call('PUT', `/v1/supplierpayments/${rest.json().id}`, { reference: 'VIR-0043' });
    expect(relabel.json()).toMatchObject({ reference: 'VIR-0043', links: [{ id: i1.id, amount: 100.11 }] });
    expect((await call('DELETE', `/v1/supplierpayments/${partial.json().id}`)).statusCode).toBe(200);
    expect((await call('GET', `/v1/purchaseinvoices/${i1.id}`)).json()).toMatchObject({
      paidAmount: 100.11,
      balance: 20.01,
      status: 'Done',
    });
    expect((await call('GET', `/v1/supplierpayments/${partial.json().id}`)).statusCode).toBe(404);

    const events = await ctx.db.kysely
      .selectFrom('outbox')
      .select('type')
      .where('accountId', '=', a.accountId)
      .where('type', 'in', ['SupplierPaymentCreated', 'SupplierPaymentUpdated', 'SupplierPaymentDeleted', 'PurchaseInvoicePaid'])
      .execute();
    expect(events.filter((e) => e.type === 'PurchaseInvoicePaid')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'SupplierPaymentDeleted')).toHaveLength(1);
  });

  it('a payment that over-settles, has the wrong sign, or names a missing or foreign invoice is a 400 Error; nothing is stored', async () => {
    const inv = await manual('OVR-1', [{ rate: 20, taxExcludedAmount: 10 }]); // 12.00
    const foreign = await upload(ubl('B-1'), 'b.xml', b);
    const before = await ctx.db.kysely
      .selectFrom('supplierPayments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [unknown, string][] = [
      [{ amount: 20, links: [{ id: inv.id, amount: 12.01 }] }, 'links[0].amount'],
      [{ amount: 12, links: [{ id: inv.id, amount: -12 }] }, 'links[0].amount'],
      [{ amount: 12, links: [{ id: foreign.id, amount: 12 }] }, 'links[0].id'],
      [{ amount: 12, links: [{ id: 99999999, amount: 12 }] }, 'links[0].id'],
      [{ amount: 5, links: [{ id: inv.id, amount: 12 }] }, 'links'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 1.001 }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/v1/supplierpayments', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(field);
      expect(res.json().errors).toEqual(expect.any(Array));
    }
    const after = await ctx.db.kysely
      .selectFrom('supplierPayments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await call('GET', `/v1/purchaseinvoices/${inv.id}`)).json().balance).toBe(12);
  });

  it('a supplier credit note is settled by a refund (negative payment)', async () => {
    const credit = await manual('AV-1', [{ rate: 20, taxExcludedAmount: -25 }]);
    expect(credit).toMatchObject({ taxIncludedAmount: -30, vatAmount: -5 });
    const refund = await call('POST', '/v1/supplierpayments', { amount: -30, links: [{ id: credit.id }] });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().links).toEqual([{ id: credit.id, amount: -30 }]);
    expect((await call('GET', `/v1/purchaseinvoices/${credit.id}`)).json()).toMatchObject({ balance: 0, status: 'Paid' });
  });

  it('lists the payments of one invoice (PurchaseInvoiceId, an extension): those linked to it, not the supplier’s others, never another account’s', async () => {
    const inv = await manual('PI-1', [{ rate: 20, taxExcludedAmount: 100 }]);
    const other = await manual('PI-2', [{ rate: 20, taxExcludedAmount: 50 }]);
    const both = (
      await call('POST', '/v1/supplierpayments', {
        amount: 50,
        links: [
          { id: inv.id, amount: 20 },
          { id: other.id, amount: 30 },
        ],
      })
    ).json();
    const only = (await call('POST', '/v1/supplierpayments', { amount: 30, links: [{ id: inv.id }] })).json();
    const elsewhere = (await call('POST', '/v1/supplierpayments', { amount: 10, links: [{ id: other.id }] })).json();
    expect([both.id, only.id, elsewhere.id].every(Number.isInteger)).toBe(true);
    const ids = async (qs: string, who = a) => {
      const res = await call('GET', `/v1/supplierpayments?PageSize=100&OrderBy=id${qs}`, undefined, who);
      expect(res.statusCode, res.body).toBe(200);
      return { ids: res.json().map((p: { id: number }) => p.id), count: res.headers['x-record-count'] };
    };
    expect(await ids(`&PurchaseInvoiceId=${inv.id}`)).toEqual({ ids: [both.id, only.id], count: '2' });
    expect(await ids(`&PurchaseInvoiceId=${other.id}`)).toEqual({ ids: [both.id, elsewhere.id], count: '2' });
    expect(await ids(`&PurchaseInvoiceId=${inv.id}&query=nothing-matches`)).toEqual({ ids: [], count: '0' });
    // Another account asking for this invoice's payments sees none.
    expect(await ids(`&PurchaseInvoiceId=${inv.id}`, b)).toEqual({ ids: [], count: '0' });
    // 0 is "not set", as the Altoviz clients send it (docs/compatibility.md): the whole list.
    expect((await ids('&PurchaseInvoiceId=0')).count).toBe((await ids('')).count);
    for (const bad of ['-3', 'abc', '99999999999']) {
      const res = await call('GET', `/v1/supplierpayments?PurchaseInvoiceId=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('PurchaseInvoiceId');
    }
  });

  it('delete is refused while payments settle the invoice, then removes it; PUT with a stale If-Match is a 412', async () => {
    const inv = await manual('DEL-1', [{ rate: 0, taxExcludedAmount: 40 }]);
    const pay = (await call('POST', '/v1/supplierpayments', { amount: 40, links: [{ id: inv.id }] })).json();
    const refused = await call('DELETE', `/v1/purchaseinvoices/${inv.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain(`supplier payment(s) ${pay.id}`);
    const tooLow = await call('PUT', `/v1/purchaseinvoices/${inv.id}`, { vats: [{ rate: 0, taxExcludedAmount: 30 }] });
    expect(tooLow.statusCode).toBe(400);
    expect(JSON.stringify(tooLow.json())).toContain('already settle 40.00');
    expect((await call('DELETE', `/v1/supplierpayments/${pay.id}`)).statusCode).toBe(200);
    const got = await call('GET', `/v1/purchaseinvoices/${inv.id}`);
    const stale = await call('PUT', `/v1/purchaseinvoices/${inv.id}`, { notes: 'x' }, a, { 'if-match': '"999"' });
    expect(stale.statusCode).toBe(412);
    const del = await call('DELETE', `/v1/purchaseinvoices/${inv.id}`, undefined, a, { 'if-match': got.headers.etag as string });
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `/v1/purchaseinvoices/${inv.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/v1/purchaseinvoices/download/${inv.id}`)).statusCode).toBe(404);
  });

  it('another account’s purchase invoices and payments are 404; lists never show them', async () => {
    const mine = await manual('ISO-1', [{ rate: 20, taxExcludedAmount: 1 }]);
    for (const [method, url] of [
      ['GET', `/v1/purchaseinvoices/${mine.id}`],
      ['PUT', `/v1/purchaseinvoices/${mine.id}`],
      ['DELETE', `/v1/purchaseinvoices/${mine.id}`],
    ] as const) {
      const res = await call(method, url, method === 'PUT' ? { notes: 'x' } : undefined, b);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call('GET', '/v1/purchaseinvoices?PageSize=100', undefined, b);
    expect(list.json().every((p: { reference: string }) => p.reference !== 'ISO-1')).toBe(true);
  });

  it('the list filters by dates, supplier and words, pages with headers, and refuses an unknown OrderBy', async () => {
    const res = await call('GET', `/v1/purchaseinvoices?From=2025-02-10&To=2025-02-10&query=pay&PageSize=1&OrderBy=reference`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0].reference).toBe('PAY-1');
    expect(res.headers['x-record-count']).toBe('2');
    expect(res.headers['x-page-next']).toContain('PageIndex=2');
    const bad = await call('GET', '/v1/purchaseinvoices?OrderBy=content');
    expect(bad.statusCode).toBe(400);
    const caseInsensitive = await call('GET', `/v1/PurchaseInvoices?supplierid=${supplierId}&status=unpaid`);
    expect(caseInsensitive.statusCode, caseInsensitive.body).toBe(200);
  });

  it('the read API walks purchase invoices and payments in batches, amounts exact', async () => {
    const seen: number[] = [];
    for await (const batch of purchaseInvoiceBatches(ctx.db.kysely, a.accountId, { from: '2025-02-10', to: '2025-02-10' }, 2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      for (const row of batch) seen.push(row.id);
      if (batch.some((r) => r.reference === 'PAY-1')) {
        const row = batch.find((r) => r.reference === 'PAY-1')!;
        expect(row.taxIncludedAmount.toFixed(2)).toBe('120.12');
        expect(row.balance.toFixed(2)).toBe('20.01');
      }
    }
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(new Set(seen).size).toBe(seen.length);
    let payments = 0;
    for await (const batch of supplierPaymentBatches(ctx.db.kysely, a.accountId, { status: 'Success' }, 1)) payments += batch.length;
    expect(payments).toBeGreaterThanOrEqual(2);
  });
});
