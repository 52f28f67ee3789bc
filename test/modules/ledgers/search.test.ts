import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

const UBL = readFileSync(new URL('../../fixtures/einvoicing/ubl-invoice.xml', import.meta.url));

// Every ledger list searches with the one helper of src/db/search.ts: accent- and case-insensitive
// on both databases, each word typed the start of a word of the row.
describeEachDb('ledger lists: one search, accent- and case-insensitive', (ctx) => {
  let a: TestAccount;
  const ids: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.inject({ method, url, headers: a.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const found = async (path: string, q: string) =>
    (await call('GET', `${path}?PageSize=100&query=${encodeURIComponent(q)}`)).json().map((r: { id: number }) => r.id);

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Facturier SAS');
    const upload = await ctx.inject({
      method: 'POST',
      url: '/v1/purchaseinvoices/file',
      headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename: 'inv.xml', type: 'application/xml', content: UBL }]),
    });
    ids.purchase = upload.json().id;
    expect((await call('PUT', `/v1/purchaseinvoices/${ids.purchase}`, { subject: 'Fournitures SOCIÉTÉ Générale' })).statusCode).toBe(200);
    const payment = await call('POST', '/v1/supplierpayments', { amount: 12.5, date: '2025-01-10', notes: 'Règlement Société Générale' });
    expect(payment.statusCode, payment.body).toBe(200);
    ids.payment = payment.json().id;
    const colleagueId = (await call('POST', '/v1/colleagues', { firstName: 'Élise', lastName: 'Dubœuf' })).json().id;
    const report = await call('POST', '/v1/expensereports', {
      colleagueId,
      title: 'Déplacement société',
      periodStart: '2025-02-01',
      periodEnd: '2025-02-28',
    });
    expect(report.statusCode, report.body).toBe(200);
    ids.report = report.json().id;
    const bank = (await call('POST', '/v1/bankaccounts', { name: 'BNP', iban: 'FR7630004008190001012345632' })).json();
    const tx = await call('POST', '/v1/banktransactions', {
      bankAccountId: bank.id,
      date: '2025-03-03',
      amount: -12.5,
      label: 'PRLV SOCIÉTÉ GÉNÉRALE',
    });
    ids.tx = tx.json().id;
    const receipt = await call('POST', '/v1/receipts', { amount: 30, date: '2025-03-01', reference: 'Chèque Société Générale' });
    expect(receipt.statusCode, receipt.body).toBe(200);
    ids.receipt = receipt.json().id;
  });

  it('"societe", "SOCIÉTÉ" and "Gén" find the row on every list; other words and punctuation alone find nothing', async () => {
    for (const [path, id] of [
      ['/v1/purchaseinvoices', ids.purchase],
      ['/v1/supplierpayments', ids.payment],
      ['/v1/expensereports', ids.report],
      ['/v1/banktransactions', ids.tx],
      ['/v1/receipts', ids.receipt],
    ] as const) {
      for (const q of ['societe', 'SOCIÉTÉ', 'Société', 'soc']) expect(await found(path, q), `${path} ${q}`).toEqual([id]);
      expect(await found(path, 'ciete'), `${path} ciete`).toEqual([]); // a word's start, not any substring
      expect(await found(path, 'societe inconnue'), path).toEqual([]);
      expect(await found(path, '--'), path).toEqual([]);
    }
    expect(await found('/v1/expensereports', 'DUBOEUF elise')).toEqual([ids.report]);
  });
});
