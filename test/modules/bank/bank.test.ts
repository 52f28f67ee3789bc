import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { beforeAll, expect, it } from 'vitest';
import { bankTransactionBatches } from '../../../src/modules/bank/index.js';
import { BOUNDARY, multipart } from '../../helpers/multipart.js';
import { describeEachDb, type TestAccount } from '../../helpers/harness.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/bank/${name}`, import.meta.url));
const CAMT = fixture('camt053-bnp.xml');
const BNP_IBAN = 'FR7630004008190001012345632';
const SG_IBAN = 'FR7630003012340005098765487';
const CA_IBAN = 'FR7030002005500000157845Z02';

describeEachDb('bank accounts, statement imports, matching', (ctx) => {
  let a: TestAccount;
  let b: TestAccount;
  let bnp: number;
  let sg: number;
  let ca: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = a, headers: Record<string, string> = {}) =>
    ctx.inject({ method, url, headers: { ...who.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const importFile = (bankAccountId: number, content: Buffer | string, query = '', who = a, filename = 'releve') =>
    ctx.inject({
      method: 'POST',
      url: `/v1/bankaccounts/${bankAccountId}/statements${query}`,
      headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([{ name: 'file', filename, type: 'application/octet-stream', content }]),
    });
  type Tx = {
    id: number;
    date: string;
    amount: number;
    label: string;
    reference: string | null;
    counterpartyName: string | null;
    matchType: string | null;
    matchId: number | null;
  };
  const transactions = async (bankAccountId: number): Promise<Tx[]> =>
    (await call('GET', `/v1/banktransactions?BankAccountId=${bankAccountId}&PageSize=100&OrderBy=id`)).json();
  const count = async () =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom('bankTransactions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    a = await ctx.newAccount('Atelier Facturier SAS');
    b = await ctx.newAccount('Autre SARL');
    const created = await call('POST', '/v1/bankaccounts', {
      name: 'Compte courant BNP',
      iban: 'fr76 3000 4008 1900 0101 2345 632',
      providerId: 'bnp-paribas',
    });
    expect(created.statusCode, created.body).toBe(200);
    bnp = created.json().id;
    sg = (await call('POST', '/v1/bankaccounts', { name: 'SG', iban: SG_IBAN, bic: 'SOGEFRPP', openingBalance: 100.1 })).json().id;
    ca = (await call('POST', '/v1/bankaccounts', { name: 'Crédit Agricole', iban: CA_IBAN })).json().id;
  });

  it('a bank account: IBAN normalised and checked, BIC from its provider, provider named; bad IBAN, BIC and provider are 400', async () => {
    const got = await call('GET', `/v1/bankaccounts/${bnp}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      name: 'Compte courant BNP',
      iban: BNP_IBAN,
      bic: 'BNPAFRPP',
      providerId: 'bnp-paribas',
      providerName: 'BNP Paribas',
      currency: 'EUR',
      balance: 0,
      transactionCount: 0,
    });
    const bad = await call('POST', '/v1/bankaccounts', { name: 'X', iban: 'FR7630004008190001012345633', bic: 'BNP', providerId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('iban fails the mod 97 check');
    expect(bad.json().message).toContain('bic');
    expect(bad.json().message).toContain('providerId');
    const twice = await call('POST', '/v1/bankaccounts', { name: 'Encore', iban: BNP_IBAN });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain(`bank account ${bnp}`);
    const renamed = await call('PUT', `/v1/bankaccounts/${sg}`, { name: 'Société Générale' });
    expect(renamed.json()).toMatchObject({ name: 'Société Générale', iban: SG_IBAN, openingBalance: 100.1 });
  });

  it('CAMT.053: booked entries imported with signs, references and counterparties; pending skipped; re-import adds nothing', async () => {
    const res = await importFile(bnp, CAMT, '', a, 'camt.xml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      format: 'CAMT053',
      readCount: 6,
      insertedCount: 6,
      duplicateCount: 0,
      pendingCount: 1,
      firstDate: '2025-02-03',
      lastDate: '2025-02-20',
    });
    const txs = await transactions(bnp);
    expect(txs.map((t) => [t.date, t.amount])).toEqual([
      ['2025-02-03', 1440],
      ['2025-02-05', -136.77],
      ['2025-02-06', -3.5],
      ['2025-02-06', -3.5],
      ['2025-02-12', -84.2],
      ['2025-02-20', -29.99],
    ]);
    expect(txs[0]).toMatchObject({
      label: 'VIR SEPA MAISON DUPONT FACTURE F2025-0012',
      reference: 'F2025-0012',
      counterpartyName: 'MAISON DUPONT SARL',
    });
    expect(txs[5].label).toBe('PRLV SEPA ORANGE SA FACTURE MOBILE & INTERNET');
    const again = await importFile(bnp, CAMT);
    expect(again.json()).toMatchObject({ readCount: 6, insertedCount: 0, duplicateCount: 6 });
    expect(await transactions(bnp)).toHaveLength(6);
    expect((await call('GET', `/v1/bankaccounts/${bnp}`)).json()).toMatchObject({
      balance: 1182.04,
      transactionCount: 6,
      lastTransactionDate: '2025-02-20',
    });
  });

  it('a CAMT.053 overlapping the previous one adds only its new entries', async () => {
    const later = CAMT.toString('utf8').replace(
      '</Stmt>',
      `<Ntry><Amt Ccy="EUR">12.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-02-27</Dt></BookgDt><AcctSvcrRef>BNP2502270001</AcctSvcrRef><AddtlNtryInf>FRAIS</AddtlNtryInf></Ntry></Stmt>`,
    );
    const res = await importFile(bnp, later);
    expect(res.json()).toMatchObject({ readCount: 7, insertedCount: 1, duplicateCount: 6 });
  });

  it('OFX 1.02 in windows-1252: signs, FITIDs, accents, decimal comma; the account checked by its RIB', async () => {
    const ofx = fixture('ofx102-societe-generale.ofx');
    const res = await importFile(sg, ofx, '', a, 'sg.ofx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'OFX', insertedCount: 4 });
    const txs = await transactions(sg);
    expect(txs.map((t) => t.amount)).toEqual([-62.4, 960, -1250, -8.9]);
    expect(txs[0].label).toBe('CARTE X1234 03/02 RESTAURANT LE BŒUF Déjeuner client');
    expect(txs[2].reference).toBe('8812345');
    expect((await importFile(sg, ofx)).json()).toMatchObject({ insertedCount: 0, duplicateCount: 4 });
    const wrongAccount = await importFile(bnp, ofx);
    expect(wrongAccount.statusCode).toBe(400);
    expect(wrongAccount.json().detail).toContain('300030123400050987654');
  });

  it('CSV of three banks, each with its mapping: Crédit Agricole (1252, preamble, debit/credit), BNP (signed), Qonto (ISO dates, point)', async () => {
    const caQuery =
      '?format=CSV&encoding=windows-1252&skipLines=7&dateColumn=Date&labelColumn=libelle&debitColumn=D%C3%A9bit%20euros&creditColumn=Cr%C3%A9dit%20euros';
    const caRes = await importFile(ca, fixture('csv-credit-agricole.csv'), caQuery);
    expect(caRes.statusCode, caRes.body).toBe(200);
    expect(caRes.json()).toMatchObject({ format: 'CSV', insertedCount: 4 });
    const caTx = await transactions(ca);
    expect(caTx.map((t) => t.amount)).toEqual([1200, -84.37, -55.1, 2315.4]);
    expect(caTx[0].label).toBe('VIR SEPA RECU /DE CLIENT ALPHA /MOTIF F2025-0020 REF 20250203ABC');
    expect((await importFile(ca, fixture('csv-credit-agricole.csv'), caQuery)).json()).toMatchObject({
      insertedCount: 0,
      duplicateCount: 4,
    });

    const other = (await call('POST', '/v1/bankaccounts', { name: 'BNP 2', iban: 'FR7618206000106501234567852' })).json().id;
    const bnpRes = await importFile(other, fixture('csv-bnp-paribas.csv'), '?skipLines=1&dateColumn=1&labelColumn=4&amountColumn=5');
    expect(bnpRes.statusCode, bnpRes.body).toBe(200);
    expect((await transactions(other)).map((t) => t.amount)).toEqual([1440, -136.77, -29.99]);

    const qonto = (await call('POST', '/v1/bankaccounts', { name: 'Qonto', iban: 'FR6116958000010123456789016' })).json();
    expect(qonto.id, JSON.stringify(qonto)).toBeGreaterThan(0);
    const qRes = await importFile(
      qonto.id,
      fixture('csv-qonto.csv'),
      '?dateColumn=Settlement%20date%20(UTC)&valueDateColumn=Operation%20date%20(UTC)&labelColumn=Counterparty%20name&amountColumn=Total%20amount%20(incl.%20VAT)&referenceColumn=Reference&dateFormat=YYYY-MM-DD&decimalSeparator=.',
    );
    expect(qRes.statusCode, qRes.body).toBe(200);
    const qTx = await transactions(qonto.id);
    expect(qTx.map((t) => [t.date, t.amount, t.label])).toEqual([
      ['2025-02-03', 1440, 'MAISON DUPONT, SARL'],
      ['2025-02-11', -19.9, 'Notion Labs'],
      ['2025-02-14', -1250, 'Loyer "Bureau" février'],
    ]);
  });

  it('bad statements are a 400 naming the problem, and nothing is stored', async () => {
    const before = await count();
    const text = CAMT.toString('utf8');
    const cases: [string, Buffer | string, string][] = [
      ['truncated XML', text.slice(0, text.length - 200), 'malformed XML'],
      [
        'XXE',
        text.replace('<Document', '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Document').replace('CB CAFE', '&x; CB'),
        'DOCTYPE',
      ],
      ['latin-1 declared', text.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'only UTF-8'],
      [
        'bytes not UTF-8',
        Buffer.concat([Buffer.from(text.slice(0, 2000)), Buffer.from([0xe9, 0x20]), Buffer.from(text.slice(2000))]),
        'not valid UTF-8',
      ],
      ['negative amount', text.replace('<Amt Ccy="EUR">84.20</Amt>', '<Amt Ccy="EUR">-84.20</Amt>'), 'is negative'],
      [
        'bad indicator',
        text.replace(
          '<CdtDbtInd>DBIT</CdtDbtInd>\n        <Sts>BOOK</Sts>\n        <BookgDt><Dt>2025-02-12',
          '<CdtDbtInd>DEBIT</CdtDbtInd>\n        <Sts>BOOK</Sts>\n        <BookgDt><Dt>2025-02-12',
        ),
        'CdtDbtInd',
      ],
      ['other IBAN', text.replace(BNP_IBAN, SG_IBAN).replace('<Amt Ccy="EUR">29.99', '<Amt Ccy="EUR">29.98'), 'not of bank account'],
      ['other currency', text.replace('<Amt Ccy="EUR">29.99', '<Amt Ccy="USD">29.99'), 'USD'],
      ['not CAMT', '<?xml version="1.0"?><Invoice/>', 'not a CAMT.053'],
      ['empty', '', 'empty'],
    ];
    for (const [name, content, message] of cases) {
      const res = await importFile(bnp, content, '?format=CAMT053');
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors?.file?.[0] ?? res.json().detail, name).toContain(message);
    }
    const ofx = fixture('ofx102-societe-generale.ofx').toString('latin1');
    const badOfx: [string, string][] = [
      [ofx.replace('<TRNAMT>960.00', '<TRNAMT>-960.00'), 'contradicts'],
      [ofx.slice(0, ofx.length - 40), 'truncated'],
      [ofx.replace('<TRNAMT>-8.90', '<TRNAMT>huit'), 'not an amount'],
    ];
    for (const [content, message] of badOfx) {
      const res = await importFile(sg, Buffer.from(content, 'latin1'));
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json()), message).toContain(message);
    }
    const csv = fixture('csv-credit-agricole.csv');
    const noMapping = await importFile(ca, csv, '?format=CSV');
    expect(noMapping.statusCode).toBe(400);
    expect(Object.keys(noMapping.json().errors)).toEqual(expect.arrayContaining(['dateColumn', 'labelColumn', 'amountColumn']));
    const notUtf8 = await importFile(ca, csv, '?format=CSV&skipLines=7&dateColumn=Date&labelColumn=2&debitColumn=3&creditColumn=4');
    expect(notUtf8.json().detail).toContain('encoding=windows-1252');
    const negativeCredit = Buffer.from(csv.toString('latin1').replace(';;1 200,00;', ';;-1 200,00;'), 'latin1');
    const neg = await importFile(
      ca,
      negativeCredit,
      '?encoding=windows-1252&skipLines=7&dateColumn=Date&labelColumn=2&debitColumn=3&creditColumn=4',
    );
    expect(neg.statusCode).toBe(400);
    expect(neg.json().detail).toContain('line 9');
    const unknownColumn = await importFile(ca, csv, '?encoding=windows-1252&skipLines=7&dateColumn=Jour&labelColumn=2&amountColumn=3');
    expect(unknownColumn.json().detail).toContain('no column "Jour"');
    const badDate = await importFile(
      ca,
      csv,
      '?encoding=windows-1252&skipLines=7&dateColumn=Date&labelColumn=2&debitColumn=3&creditColumn=4&dateFormat=YYYY-MM-DD',
    );
    expect(badDate.json().detail).toContain('is not a date in the format YYYY-MM-DD');
    expect(await count()).toBe(before);
    // The spool of a refused CAMT.053 is removed with it.
    expect(readdirSync(tmpdir()).filter((d) => d.startsWith('facturier-camt-'))).toEqual([]);
    expect(
      Number(
        (
          await ctx.db.kysely
            .selectFrom('bankImports')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('accountId', '=', a.accountId)
            .where('insertedCount', '=', 0)
            .where('readCount', '=', 0)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(0);
  });

  it('another account’s bank accounts and transactions are 404, for every route', async () => {
    const tx = (await transactions(bnp))[0];
    for (const [method, url] of [
      ['GET', `/v1/bankaccounts/${bnp}`],
      ['PUT', `/v1/bankaccounts/${bnp}`],
      ['DELETE', `/v1/bankaccounts/${bnp}`],
      ['GET', `/v1/banktransactions/${tx.id}`],
      ['GET', `/v1/banktransactions/${tx.id}/suggestions`],
      ['GET', `/v1/banktransactions?BankAccountId=${bnp}`],
    ] as const) {
      const res = await call(method, url, method === 'PUT' ? { name: 'x' } : undefined, b);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await importFile(bnp, CAMT, '', b)).statusCode).toBe(404);
    expect((await call('POST', `/v1/banktransactions/${tx.id}/match`, { type: 'Receipt', id: 1 }, b)).statusCode).toBe(404);
  });

  it('matching: suggestions by amount, date and reference; confirmed by the user; a settlement is matched once', async () => {
    const receipt = await call('POST', '/v1/receipts', {
      amount: 1440,
      date: '2025-02-02',
      reference: 'F2025-0012',
      paymentMethod: 'Transfer',
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const decoy = await call('POST', '/v1/receipts', { amount: 1440, date: '2025-01-20' });
    const supplier = (await call('POST', '/v1/suppliers', { name: 'Papeterie Durand' })).json();
    const payment = await call('POST', '/v1/supplierpayments', {
      amount: 136.77,
      date: '2025-02-05',
      reference: 'VIR-0042',
      supplierId: supplier.id,
    });
    expect(payment.statusCode, payment.body).toBe(200);
    const [incoming, outgoing] = await transactions(bnp);

    const suggestions = (await call('GET', `/v1/banktransactions/${incoming.id}/suggestions`)).json();
    expect(suggestions.map((s: { type: string; id: number }) => [s.type, s.id])).toEqual([
      ['Receipt', receipt.json().id],
      ['Receipt', decoy.json().id],
    ]);
    expect(suggestions[0]).toMatchObject({ amount: 1440, score: 98, reference: 'F2025-0012' });
    expect((await call('GET', `/v1/banktransactions/${outgoing.id}/suggestions`)).json()).toEqual([
      expect.objectContaining({
        type: 'SupplierPayment',
        id: payment.json().id,
        amount: -136.77,
        thirdName: 'Papeterie Durand',
        score: 100,
      }),
    ]);

    const matched = await call('POST', `/v1/banktransactions/${incoming.id}/match`, { type: 'Receipt', id: receipt.json().id });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({ matchType: 'Receipt', matchId: receipt.json().id });
    // Matched settlements are no longer suggested elsewhere; the same settlement twice is a 409.
    const otherTx = (await transactions(ca))[0];
    const twice = await call('POST', `/v1/banktransactions/${otherTx.id}/match`, { type: 'Receipt', id: receipt.json().id });
    expect(twice.statusCode).toBe(400); // amounts differ first: 1200 vs 1440
    const wrongAmount = await call('POST', `/v1/banktransactions/${outgoing.id}/match`, { type: 'Receipt', id: decoy.json().id });
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json().detail).toContain('-136.77');
    const foreignPayment = await call('POST', '/v1/supplierpayments', { amount: 136.77 }, b);
    const crossAccount = await call('POST', `/v1/banktransactions/${outgoing.id}/match`, {
      type: 'SupplierPayment',
      id: foreignPayment.json().id,
    });
    expect(crossAccount.statusCode).toBe(400);
    expect(crossAccount.json().detail).toContain('does not exist');
    expect(
      (await call('POST', `/v1/banktransactions/${outgoing.id}/match`, { type: 'SupplierPayment', id: payment.json().id })).statusCode,
    ).toBe(200);

    const dup = (await call('POST', '/v1/bankaccounts', { name: 'Doublon', iban: 'FR1420041010050500013M02606' })).json();
    await importFile(dup.id, CAMT.toString('utf8').replace(BNP_IBAN, 'FR1420041010050500013M02606'));
    const copy = (await transactions(dup.id))[0];
    const conflict = await call('POST', `/v1/banktransactions/${copy.id}/match`, { type: 'Receipt', id: receipt.json().id });
    expect(conflict.statusCode).toBe(409);
    expect((await call('GET', `/v1/banktransactions/${copy.id}/suggestions`)).json().map((s: { id: number }) => s.id)).toEqual([
      decoy.json().id,
    ]);

    const unmatched = await call('DELETE', `/v1/banktransactions/${incoming.id}/match`);
    expect(unmatched.json()).toMatchObject({ matchType: null, matchId: null });
    expect((await call('GET', `/v1/banktransactions?BankAccountId=${bnp}&Matched=true`)).json()).toHaveLength(1);
  });

  it('a bank account with transactions cannot be deleted; an empty one can; the read API walks transactions by id', async () => {
    expect((await call('DELETE', `/v1/bankaccounts/${bnp}`)).statusCode).toBe(400);
    const empty = (await call('POST', '/v1/bankaccounts', { name: 'Vide', iban: 'DE89370400440532013000' })).json();
    expect((await call('DELETE', `/v1/bankaccounts/${empty.id}`)).statusCode).toBe(200);
    let n = 0;
    let sum = 0;
    for await (const batch of bankTransactionBatches(ctx.db.kysely, a.accountId, bnp, { from: '2025-02-01', to: '2025-02-28' }, 2)) {
      n += batch.length;
      for (const t of batch) sum += Math.round(Number(t.amount.toFixed(2)) * 100);
    }
    expect(n).toBe(7);
    expect(sum).toBe(117004);
  });
});
