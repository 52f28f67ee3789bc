import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

const CAMT = readFileSync(new URL('../../fixtures/bank/camt053-bnp.xml', import.meta.url));
const BNP_IBAN = 'FR7630004008190001012345632';

describeEachDb('bank transactions entered by hand', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let bnp: number;
  let other: number;
  let foreign: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = a) =>
    ctx.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const account = async (id: number) => (await call('GET', `/v1/bankaccounts/${id}`)).json();
  const events = async (type: string) =>
    (
      await ctx.db.kysely.selectFrom('outbox').select('payload').where('accountId', '=', a.accountId).where('type', '=', type).execute()
    ).map((r) => JSON.parse(r.payload));

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Facturier SAS');
    b = await ctx.newAccount('Autre SARL');
    bnp = (await call('POST', '/v1/bankaccounts', { name: 'BNP', iban: BNP_IBAN, openingBalance: 1000, openingDate: '2025-01-01' })).json()
      .id;
    other = (await call('POST', '/v1/bankaccounts', { name: 'SG', iban: 'FR7630003012340005098765487' })).json().id;
    foreign = (await call('POST', '/v1/bankaccounts', { name: 'Leur banque', iban: BNP_IBAN }, b)).json().id;
  });

  it('create: signed amount, direction checked, label and IBAN cleaned; the balance follows to the cent; event emitted', async () => {
    const cheque = await call('POST', '/v1/banktransactions', {
      bankAccountId: bnp,
      date: '2025-03-03',
      valueDate: '2025-03-05',
      amount: -250.35,
      direction: 'Debit',
      label: '  CHQ 0001234  ',
      reference: '0001234',
      counterpartyName: 'Société Générale de Plomberie',
      counterpartyIban: 'fr76 3000 3012 3400 0509 8765 487',
    });
    expect(cheque.statusCode, cheque.body).toBe(200);
    expect(cheque.json()).toMatchObject({
      bankAccountId: bnp,
      importId: null,
      date: '2025-03-03',
      valueDate: '2025-03-05',
      amount: -250.35,
      label: 'CHQ 0001234',
      reference: '0001234',
      counterpartyName: 'Société Générale de Plomberie',
      counterpartyIban: 'FR7630003012340005098765487',
      bankReference: null,
      matchType: null,
    });
    const deposit = await call('POST', '/v1/banktransactions', {
      bankAccountId: bnp,
      date: '2025-03-04',
      amount: 0.1,
      label: 'REMISE ESPECES',
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect(deposit.json()).toMatchObject({ amount: 0.1, valueDate: null, reference: null, counterpartyIban: null });
    expect(await account(bnp)).toMatchObject({ balance: 749.75, transactionCount: 2, lastTransactionDate: '2025-03-04' });
    expect((await call('GET', `/v1/banktransactions/${cheque.json().id}`)).json()).toEqual(cheque.json());
    expect(await events('BankTransactionCreated')).toEqual([cheque.json(), deposit.json()]);
  });

  it('bad input is a 400 naming each field, nothing stored: sign against direction, 0, decimals, dates, label, IBAN', async () => {
    const before = (await account(bnp)).transactionCount;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ amount: 12.5, direction: 'Debit' }, ['amount']],
      [{ amount: -12.5, direction: 'Credit' }, ['amount']],
      [{ amount: 0 }, ['amount']],
      [{ amount: 1.005 }, ['amount']],
      [{ date: '2024-12-31' }, ['date']],
      [{ valueDate: '2025-04-15' }, ['valueDate']],
      [{ label: '   ' }, ['label']],
      [{ counterpartyIban: 'FR7630003012340005098765488' }, ['counterpartyIban']],
      [{ date: '2025-02-30' }, ['date']],
      [{ amount: '12,50' }, ['amount']],
    ];
    for (const [patch, fields] of cases) {
      const res = await call('POST', '/v1/banktransactions', {
        bankAccountId: bnp,
        date: '2025-03-10',
        amount: -10,
        label: 'X',
        ...patch,
      });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      for (const f of fields) expect(res.body, JSON.stringify(patch)).toContain(f);
    }
    const missing = await call('POST', '/v1/banktransactions', {});
    expect(missing.statusCode).toBe(400);
    expect((await account(bnp)).transactionCount).toBe(before);
  });

  it('update: absent fields kept, null clears, checked as on create; moves between bank accounts of the account', async () => {
    const tx = (
      await call('POST', '/v1/banktransactions', { bankAccountId: bnp, date: '2025-03-12', amount: -80, label: 'PRLV EDF' })
    ).json();
    const put = await call('PUT', `/v1/banktransactions/${tx.id}`, { amount: -80.42, reference: 'EDF-123' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id: tx.id, date: '2025-03-12', amount: -80.42, label: 'PRLV EDF', reference: 'EDF-123' });
    const cleared = await call('PUT', `/v1/banktransactions/${tx.id}`, { reference: null, direction: 'Debit' });
    expect(cleared.json()).toMatchObject({ reference: null, amount: -80.42 });
    const wrongSign = await call('PUT', `/v1/banktransactions/${tx.id}`, { direction: 'Credit' });
    expect(wrongSign.statusCode).toBe(400);
    expect(wrongSign.json().detail ?? wrongSign.body).toContain('amount');
    const moved = await call('PUT', `/v1/banktransactions/${tx.id}`, { bankAccountId: other });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().bankAccountId).toBe(other);
    expect(await account(other)).toMatchObject({ balance: -80.42, transactionCount: 1 });
    expect((await events('BankTransactionUpdated')).map((e) => e.id)).toEqual([tx.id, tx.id, tx.id]);
  });

  it('another account’s bank account or transaction is 404, in the body as in the path', async () => {
    const intoForeign = await call('POST', '/v1/banktransactions', { bankAccountId: foreign, date: '2025-03-10', amount: 5, label: 'X' });
    expect(intoForeign.statusCode).toBe(404);
    const mine = (await call('POST', '/v1/banktransactions', { bankAccountId: bnp, date: '2025-03-10', amount: 5, label: 'X' })).json();
    expect((await call('PUT', `/v1/banktransactions/${mine.id}`, { bankAccountId: foreign })).statusCode).toBe(404);
    expect((await call('PUT', `/v1/banktransactions/${mine.id}`, { amount: 6 }, b)).statusCode).toBe(404);
    expect((await call('DELETE', `/v1/banktransactions/${mine.id}`, undefined, b)).statusCode).toBe(404);
    expect((await call('GET', `/v1/banktransactions/${mine.id}`, undefined, b)).statusCode).toBe(404);
    expect((await call('PUT', '/v1/banktransactions/999999', { amount: 6 })).statusCode).toBe(404);
    expect((await call('GET', `/v1/banktransactions/${mine.id}`)).json().amount).toBe(5);
    expect((await call('DELETE', `/v1/banktransactions/${mine.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/v1/banktransactions/${mine.id}`)).statusCode).toBe(404);
    expect((await events('BankTransactionDeleted')).map((e) => e.id)).toEqual([mine.id]);
  });

  it('imported transactions are immutable except their match; a matched manual one keeps its amount until unmatched', async () => {
    const imported = await ctx.inject({
      method: 'POST',
      url: `/v1/bankaccounts/${bnp}/statements`,
      headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename: 'releve.xml', type: 'application/xml', content: CAMT }]),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const bankTx = (await call('GET', `/v1/banktransactions?BankAccountId=${bnp}&OrderBy=id&PageSize=100`))
      .json()
      .find((t: { importId: number | null }) => t.importId !== null);
    const put = await call('PUT', `/v1/banktransactions/${bankTx.id}`, { label: 'changed' });
    expect(put.statusCode).toBe(400);
    expect(put.json().detail).toContain('imported');
    expect((await call('DELETE', `/v1/banktransactions/${bankTx.id}`)).statusCode).toBe(400);
    expect((await call('GET', `/v1/banktransactions/${bankTx.id}`)).json().label).toBe(bankTx.label);

    const receipt = (await call('POST', '/v1/receipts', { amount: 320.5, date: '2025-03-14', paymentMethod: 'Check' })).json();
    const manual = (
      await call('POST', '/v1/banktransactions', { bankAccountId: bnp, date: '2025-03-15', amount: 320.5, label: 'REMISE CHQ' })
    ).json();
    const matched = await call('POST', `/v1/banktransactions/${manual.id}/match`, { type: 'Receipt', id: receipt.id });
    expect(matched.statusCode, matched.body).toBe(200);
    expect((await call('PUT', `/v1/banktransactions/${manual.id}`, { amount: 321 })).statusCode).toBe(400);
    const relabelled = await call('PUT', `/v1/banktransactions/${manual.id}`, { label: 'REMISE CHQ 12', date: '2025-03-16' });
    expect(relabelled.statusCode, relabelled.body).toBe(200);
    expect(relabelled.json()).toMatchObject({ matchType: 'Receipt', matchId: receipt.id, date: '2025-03-16' });
    // Deleting it frees the receipt for another transaction.
    expect((await call('DELETE', `/v1/banktransactions/${manual.id}`)).statusCode).toBe(200);
    const again = (
      await call('POST', '/v1/banktransactions', { bankAccountId: bnp, date: '2025-03-15', amount: 320.5, label: 'REMISE' })
    ).json();
    expect((await call('POST', `/v1/banktransactions/${again.id}/match`, { type: 'Receipt', id: receipt.id })).statusCode).toBe(200);
  });

  it('query is accent- and case-insensitive on label, reference and counterparty, imported and manual alike', async () => {
    const ids = async (q: string) =>
      (await call('GET', `/v1/banktransactions?BankAccountId=${bnp}&OrderBy=id&PageSize=100&query=${encodeURIComponent(q)}`))
        .json()
        .map((t: { label: string }) => t.label);
    expect(await ids('societe')).toEqual(['CHQ 0001234']);
    expect(await ids('GÉNÉRALE plomb')).toEqual(['CHQ 0001234']);
    expect(await ids('especes')).toEqual(['REMISE ESPECES']);
    expect(await ids('ESPÈCES')).toEqual(['REMISE ESPECES']);
    expect(await ids('...')).toEqual([]);
  });

  it('an entry repeated within one statement is stored once (the bank id twice in the file), on a first import as on a re-import', async () => {
    const xml = CAMT.toString('utf8');
    const first = xml.indexOf('<Ntry>');
    const entry = xml.slice(first, xml.indexOf('</Ntry>', first) + '</Ntry>'.length);
    const doubled = xml.replace(entry, `${entry}\n${entry}`).replace(BNP_IBAN, 'FR1420041010050500013M02606');
    const dup = (await call('POST', '/v1/bankaccounts', { name: 'Doublons', iban: 'FR1420041010050500013M02606' })).json();
    const send = () =>
      ctx.inject({
        method: 'POST',
        url: `/v1/bankaccounts/${dup.id}/statements`,
        headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: multipart([{ name: 'file', filename: 'releve.xml', type: 'application/xml', content: Buffer.from(doubled) }]),
      });
    const once = await send();
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json()).toMatchObject({ readCount: 7, insertedCount: 6, duplicateCount: 1, pendingCount: 1 });
    expect(await send().then((r) => r.json())).toMatchObject({ readCount: 7, insertedCount: 0, duplicateCount: 7 });
    expect((await account(dup.id)).transactionCount).toBe(6);
  });
});
