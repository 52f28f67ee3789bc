import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';
import { salesClient, simpleLine, type DocBody } from '../../helpers/sales.js';

const UBL = readFileSync(new URL('../../fixtures/einvoicing/ubl-invoice.xml', import.meta.url));
const CREDIT_NOTE = readFileSync(new URL('../../fixtures/einvoicing/ubl-credit-note.xml', import.meta.url));

describeEachDb('commitments and settlements views', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let invoice: DocBody;
  let purchaseId: number;
  let paymentId: number;
  let reportId: number;
  let receiptId: number;

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, who = a) =>
    ctx.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Facturier SAS');
    b = await ctx.newAccount('Autre SARL');
    const sales = salesClient(ctx, a);
    const customerId = await sales.customer();
    invoice = await sales.finalized('Invoice', { customerId, lines: [simpleLine(10)] });
    const paid = await call('POST', '/v1/saleinvoices/markaspaid', { invoiceId: invoice.id, amount: 2, paymentReference: 'CHQ-1' });
    expect(paid.statusCode, paid.body).toBe(200);
    receiptId = (await call('GET', '/v1/receipts')).json()[0].id;

    const upload = await ctx.inject({
      method: 'POST',
      url: '/v1/purchaseinvoices/file',
      headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename: 'inv.xml', type: 'application/xml', content: UBL }]),
    });
    purchaseId = upload.json().id;
    const payment = await call('POST', '/v1/supplierpayments', { amount: 300, date: '2025-01-10', links: [{ id: purchaseId }] });
    expect(payment.statusCode, payment.body).toBe(200);
    paymentId = payment.json().id;

    const colleagueId = (await call('POST', '/v1/colleagues', { firstName: 'Jeanne', lastName: 'Martin' })).json().id;
    const lines = [{ date: '2025-02-04', vats: [{ rate: 10, taxExcludedAmount: 38.18 }] }];
    const approved = (
      await call('POST', '/v1/expensereports', { colleagueId, periodStart: '2025-02-01', periodEnd: '2025-02-28', title: 'Février', lines })
    ).json();
    await call('POST', `/v1/expensereports/${approved.id}/submit`);
    await call('POST', `/v1/expensereports/${approved.id}/approve`);
    reportId = approved.id;
    const repaid = (
      await call('POST', '/v1/expensereports', {
        colleagueId,
        periodStart: '2025-01-01',
        periodEnd: '2025-01-31',
        lines: [{ date: '2025-01-04', vats: [{ rate: 20, taxExcludedAmount: 10 }] }],
      })
    ).json();
    for (const action of ['submit', 'approve']) await call('POST', `/v1/expensereports/${repaid.id}/${action}`);
    expect((await call('POST', `/v1/expensereports/${repaid.id}/reimburse`, { date: '2025-02-03', reference: 'NDF-JAN' })).statusCode).toBe(
      200,
    );
  });

  it('commitments: what is owed to us and by us, earliest due first, with what remains due', async () => {
    const res = await call('GET', '/v1/commitments');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-record-count']).toBe('3');
    expect(res.json()).toEqual([
      expect.objectContaining({
        type: 'Supplier',
        id: purchaseId,
        thirdName: 'Lieferant GmbH',
        reference: 'INV-2024-9',
        date: '2024-04-20',
        amount: 800,
        dueAmount: 500,
      }),
      expect.objectContaining({
        type: 'Colleague',
        id: reportId,
        thirdName: 'Jeanne Martin',
        dueDate: '2025-02-28',
        amount: 42,
        dueAmount: 42,
      }),
      expect.objectContaining({
        type: 'Customer',
        id: invoice.id,
        reference: invoice.number,
        amount: 12,
        dueAmount: 10,
        dueDate: invoice.dueDate ?? invoice.date,
      }),
    ]);
    const some = await call('GET', '/v1/commitments?types[]=Supplier&types[]=colleague&PageSize=1&PageIndex=2');
    expect(some.headers['x-record-count']).toBe('2');
    expect(some.json().map((c: { type: string }) => c.type)).toEqual(['Colleague']);
    const ranged = await call('GET', '/v1/commitments?From=2025-01-01&To=2025-03-31&types=Supplier,Colleague');
    expect(ranged.json().map((c: { id: number }) => c.id)).toEqual([reportId]);
    const bad = await call('GET', '/v1/commitments?types=Employee');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('types');
  });

  it('settlements: what was paid, by kind, signed as cash for the company, oldest first', async () => {
    const res = await call('GET', '/v1/settlements?From=2025-01-01');
    expect(res.statusCode, res.body).toBe(200);
    const rows: { type: string; id: number; amount: number; reference: string | null }[] = res.json();
    expect(rows.slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'SupplierPayment', id: paymentId, date: '2025-01-10', amount: -300, thirdName: 'Lieferant GmbH' }),
      expect.objectContaining({
        type: 'ColleagueRepayment',
        date: '2025-02-03',
        amount: -12,
        reference: 'NDF-JAN',
        thirdName: 'Jeanne Martin',
      }),
    ]);
    expect(rows[2]).toMatchObject({ type: 'CustomerReceipt', id: receiptId, amount: 2, reference: 'CHQ-1' });
    const receipts = await call('GET', '/v1/settlements?types[]=CustomerReceipt');
    expect(receipts.json().map((s: { id: number }) => s.id)).toEqual([receiptId]);
  });

  it('credits are commitments too, negative: sale credits not yet refunded or offset, supplier credit notes not yet refunded', async () => {
    const sales = salesClient(ctx, a);
    const customerId = await sales.customer({ companyName: 'Avoirs SA' });
    const open = await sales.finalized('Credit', { customerId, lines: [simpleLine(5)] });
    const partly = await sales.finalized('Credit', { customerId, lines: [simpleLine(10.25)] });
    const refunded = await sales.finalized('Credit', { customerId, lines: [simpleLine(1)] });
    for (const [creditId, amount] of [
      [partly.id, 4.5],
      [refunded.id, 1.2],
    ]) {
      const res = await call('POST', '/v1/salecredits/markasrefunded', { creditId, amount, date: '2025-03-01' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const upload = await ctx.inject({
      method: 'POST',
      url: '/v1/purchaseinvoices/file',
      headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename: 'avoir.xml', type: 'application/xml', content: CREDIT_NOTE }]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const creditNote = upload.json();
    // A credit note uploaded is stored negative (the UBL gives 60.00), as the ledger's sign convention says.
    expect(creditNote).toMatchObject({ taxIncludedAmount: -60, taxExcludedAmount: -50, vatAmount: -10 });
    const refund = await call('POST', '/v1/supplierpayments', { amount: -20.01, date: '2024-05-20', links: [{ id: creditNote.id }] });
    expect(refund.statusCode, refund.body).toBe(200);

    const all: { type: string; id: number; reference: string | null; amount: number; dueAmount: number; dueDate: string }[] = (
      await call('GET', '/v1/commitments?PageSize=100')
    ).json();
    const customer = all.filter((c) => c.type === 'Customer');
    expect(customer.map((c) => [c.id, c.reference, c.amount, c.dueAmount])).toEqual([
      [invoice.id, invoice.number, 12, 10],
      [open.id, open.number, -6, -6],
      [partly.id, partly.number, -12.3, -7.8],
    ]);
    expect(all.find((c) => c.id === creditNote.id && c.type === 'Supplier')).toMatchObject({
      reference: 'AV-77',
      dueDate: '2024-06-01',
      amount: -60,
      dueAmount: -39.99,
    });
    // Owed to us minus owed by us, to the cent: 10 − 6 − 7.80 (customers); 500 − 39.99 (suppliers); 42 (colleague).
    const cents = (rows: typeof all) => rows.reduce((sum, c) => sum + Math.round(c.dueAmount * 100), 0);
    expect(cents(customer)).toBe(-380);
    expect(cents(all.filter((c) => c.type === 'Supplier'))).toBe(46001);
    expect(cents(all)).toBe(-380 + 46001 + 4200);
    const onlyCustomers = await call('GET', '/v1/commitments?types=Customer');
    expect(onlyCustomers.headers['x-record-count']).toBe('3');

    // The open credit offset against a new invoice of 12.00: one receipt of 6.00 (Invoice +12, Credit -6).
    const second = await sales.finalized('Invoice', { customerId, lines: [simpleLine(10)] });
    const offset = await call('POST', '/v1/receipts', {
      amount: 6,
      date: '2025-03-02',
      customerId,
      links: [
        { type: 'Invoice', id: second.id, amount: 12 },
        { type: 'Credit', id: open.id, amount: -6 },
      ],
    });
    expect(offset.statusCode, offset.body).toBe(200);
    const after: typeof all = (await call('GET', '/v1/commitments?types=Customer&PageSize=100')).json();
    expect(after.map((c) => [c.id, c.dueAmount])).toEqual([
      [invoice.id, 10],
      [partly.id, -7.8],
    ]);
  });

  it('another account sees none of them', async () => {
    expect((await call('GET', '/v1/commitments', undefined, b)).json()).toEqual([]);
    expect((await call('GET', '/v1/settlements', undefined, b)).json()).toEqual([]);
  });
});
